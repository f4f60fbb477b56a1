"""Retention of a `delete`-policy log over whole segments (UnifiedLog.deleteOldSegments).

Three rules, in Kafka's order: retention.ms (a segment whose largest timestamp is older than now - retention.ms),
retention.bytes (oldest segments while the log stays above the limit without them), and the log start offset
(segments wholly below it, after DeleteRecords). A segment is only deletable once every offset in it is below
the high watermark; the active segment may go too (the log rolls first). Deleted segments leave the log at once
and their files are removed file.delete.delay.ms later (Log.run_scheduled_deletes), so fetches already holding
a region keep reading.
"""

from __future__ import annotations

from kbroker.log.log import Log
from kbroker.log.segment import LogSegment


def delete_old_segments(log: Log, high_watermark: int | None = None) -> int:
    """Apply retention once; returns the number of segments removed."""
    with log.lock:
        deleted = 0
        if log.config.delete:
            deleted += _delete_while(log, high_watermark, _retention_ms_breached(log))
            deleted += _delete_while(log, high_watermark, _retention_size_breached(log))
        deleted += _delete_while(log, high_watermark, _start_offset_breached(log))
        log.producer_state.remove_expired(log.clock())
        return deleted


def _delete_while(log: Log, high_watermark: int | None, predicate) -> int:
    hw = log.log_end_offset if high_watermark is None else min(high_watermark, log.log_end_offset)
    segments = log.segments
    doomed: list[LogSegment] = []
    for i, segment in enumerate(segments):
        following = segments[i + 1] if i + 1 < len(segments) else None
        upper = following.base_offset if following is not None else log.log_end_offset
        if upper > hw or segment.size == 0 and following is None:
            break
        if not predicate(segment, following):
            break
        doomed.append(segment)
    return log.delete_segments(doomed)


def _retention_ms_breached(log: Log):
    retention_ms = log.config.retention_ms
    now = log.clock()

    def breached(segment: LogSegment, _following) -> bool:
        return retention_ms >= 0 and now - segment.largest_timestamp() > retention_ms
    return breached


def _retention_size_breached(log: Log):
    limit = log.config.retention_bytes
    excess = [log.size_in_bytes() - limit]

    def breached(segment: LogSegment, _following) -> bool:
        if limit < 0 or excess[0] - segment.size < 0:
            return False
        excess[0] -= segment.size
        return True
    return breached


def _start_offset_breached(log: Log):
    def breached(_segment: LogSegment, following) -> bool:
        return following is not None and following.base_offset <= log.log_start_offset
    return breached
