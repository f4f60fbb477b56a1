"""Log compaction for cleanup.policy=compact (Kafka's LogCleaner, Cleaner, OffsetMap, LogCleanerManager).

What it owns:
- choosing the log to clean: the dirty section runs from the cleaner-offset-checkpoint (or the log start) to
  the first uncleanable offset (min of the last stable offset, the active segment's base offset and the first
  segment younger than min.compaction.lag.ms); a log is cleaned when its dirty ratio exceeds
  min.cleanable.dirty.ratio or max.compaction.lag.ms forces it;
- the offset map: key -> latest offset over the dirty section (keys kept as 16-byte MD5 digests, as Kafka's
  SkimpyOffsetMap; aborted transactional data and control batches do not enter it);
- filtering batches as Kafka's MemoryRecords.filterTo does: a record survives if it is the latest for its key
  and is not a tombstone past its delete horizon; batches keep their base and last offsets (a rewritten batch
  carries only survivors, with their original offsets); a tombstone- or marker-carrying batch gets its delete
  horizon (now + delete.retention.ms, KIP-534) the first time it is rewritten; the batch holding an active
  producer's last sequence is kept, empty if need be; aborted transactional data is removed and its ABORT
  marker dropped once no data of the transaction is left (after the horizon); COMMIT markers go once
  their transaction's data is gone;
- writing each group of old segments into one `<base>.log.cleaned` segment (+ .index, .timeindex, .txnindex)
  and handing it to Log.replace_segments (.cleaned -> .swap, old segments -> .deleted, .swap -> live, as Kafka)
  only if no segment the round read was changed meanwhile by retention or truncation; finally writing the
  cleaner-offset-checkpoint of the log dir;
- a log whose batches cannot be decoded is marked uncleanable (LogCleaner.uncleanable), as Kafka does.

Work is split into bounded steps (one dirty segment mapped, or one group cleaned and swapped, per call) so the
broker runs `LogCleaner.step()` through trio.to_thread while appends continue: the cleaner only reads segments
below the active one, and only the swap touches the log's segment list, under the log's own lock.
"""

from __future__ import annotations

import hashlib
import heapq
import os
import struct
from collections.abc import Callable, Iterable
from typing import NamedTuple

from kbroker.log import segment as seg
from kbroker.log.checkpoints import CLEANER_OFFSET_CHECKPOINT, log_dir_checkpoint
from kbroker.log.log import Log
from kbroker.log.txn_index import AbortedTxn, TransactionIndex, collect_aborted_transactions
from kbroker.protocol import compression
from kbroker.protocol import records as R

# log.cleaner.dedupe.buffer.size (128 MiB) / 24 bytes per SkimpyOffsetMap slot * load factor 0.9.
DEFAULT_MAX_MAP_ENTRIES = int(128 * 1024 * 1024 / 24 * 0.9)
# Upper bound on one batch's decompressed records while cleaning (the validator already bounded it on produce).
MAX_DECOMPRESSED_BATCH = 1 << 30


# --- what the cleaner reads from a partition log ---------------------------------------------------------

class ActiveProducer(NamedTuple):
    """What the cleaner must keep of a producer still in the producer state: the batch holding its last data
    offset (-1 when it has none) and, if it has no data, the marker written with its current epoch."""
    last_data_offset: int
    epoch: int


def active_producers(log: Log) -> dict[int, ActiveProducer]:
    with log.lock:
        return {pid: ActiveProducer(entry.last_offset, entry.epoch)
                for pid, entry in log.producer_state.producers.items()}


# --- offset map -------------------------------------------------------------------------------------------

def key_digest(key: bytes) -> bytes:
    return hashlib.md5(key, usedforsecurity=False).digest()


class OffsetMap:
    """Key digest -> latest offset over the part of the dirty section mapped so far."""

    def __init__(self, max_entries: int = DEFAULT_MAX_MAP_ENTRIES):
        self.max_entries = max_entries
        self._offsets: dict[bytes, int] = {}
        self.latest_offset = -1

    def __len__(self) -> int:
        return len(self._offsets)

    @property
    def is_full(self) -> bool:
        return len(self._offsets) >= self.max_entries

    def put(self, key: bytes, offset: int) -> None:
        self._offsets[key_digest(key)] = offset
        self.latest_offset = max(self.latest_offset, offset)

    def get(self, key: bytes) -> int:
        return self._offsets.get(key_digest(key), -1)

    def update_latest_offset(self, offset: int) -> None:
        self.latest_offset = max(self.latest_offset, offset)


# --- transactions -----------------------------------------------------------------------------------------

class _AbortedInProgress:
    __slots__ = ("txn", "last_observed_batch_offset")

    def __init__(self, txn: AbortedTxn):
        self.txn = txn
        self.last_observed_batch_offset: int | None = None


class CleanedTransactionMetadata:
    """Tracks which transactions the batches being read belong to (Kafka's CleanedTransactionMetadata).

    Aborted transactions come from the txn indexes; a transactional batch is aborted data when its producer
    has an aborted transaction whose first offset has been reached. Entries of aborted transactions whose data
    is still present are re-appended to the cleaned segment's txn index when their marker is kept.
    """

    def __init__(self, cleaned_index: TransactionIndex | None = None):
        self._pending: list[tuple[int, int, AbortedTxn]] = []
        self._seen: set[tuple[int, int]] = set()
        self._ongoing_aborted: dict[int, _AbortedInProgress] = {}
        self._ongoing_committed: set[int] = set()
        self.cleaned_index = cleaned_index

    def add_aborted(self, txns: Iterable[AbortedTxn]) -> None:
        for txn in txns:
            key = (txn.producer_id, txn.first_offset)
            if key not in self._seen:
                self._seen.add(key)
                heapq.heappush(self._pending, (txn.first_offset, txn.producer_id, txn))

    def _consume_up_to(self, offset: int) -> None:
        while self._pending and self._pending[0][0] <= offset:
            txn = heapq.heappop(self._pending)[2]
            self._ongoing_aborted.setdefault(txn.producer_id, _AbortedInProgress(txn))

    def on_control_batch(self, batch: R.RecordBatch) -> bool:
        """Whether the marker can be discarded (once past its delete horizon)."""
        self._consume_up_to(batch.last_offset)
        if batch.records_count == 0:
            return True  # a marker emptied by an earlier clean
        marker = batch.control_record()
        if marker.type == R.CONTROL_ABORT:
            in_progress = self._ongoing_aborted.pop(batch.producer_id, None)
            if in_progress is not None and in_progress.last_observed_batch_offset is not None:
                # Data of the aborted transaction remains: keep the marker and the index entry.
                if self.cleaned_index is not None:
                    self.cleaned_index.append(in_progress.txn)
                return False
            return True
        if marker.type == R.CONTROL_COMMIT:
            had_data = batch.producer_id in self._ongoing_committed
            self._ongoing_committed.discard(batch.producer_id)
            return not had_data
        return False

    def on_data_batch(self, batch: R.RecordBatch) -> bool:
        """Whether the batch is aborted transactional data."""
        self._consume_up_to(batch.last_offset)
        if not batch.is_transactional:
            return False
        in_progress = self._ongoing_aborted.get(batch.producer_id)
        if in_progress is not None:
            in_progress.last_observed_batch_offset = batch.last_offset
            return True
        self._ongoing_committed.add(batch.producer_id)
        return False


# --- batch filtering --------------------------------------------------------------------------------------

class CleaningStats:
    def __init__(self):
        self.batches_read = 0
        self.records_read = 0
        self.records_kept = 0
        self.bytes_read = 0
        self.bytes_written = 0
        self.invalid_records = 0
        # The latest delete horizon carried by a batch this round wrote (-1: none): when it passes, the log is
        # worth a round even without new dirty data (KIP-534).
        self.latest_delete_horizon = R.NO_TIMESTAMP

    def __repr__(self) -> str:
        return (f"CleaningStats(batches_read={self.batches_read}, records_read={self.records_read}, "
                f"records_kept={self.records_kept}, bytes_read={self.bytes_read}, "
                f"bytes_written={self.bytes_written}, invalid_records={self.invalid_records})")


def _is_last_batch_of_active_producer(batch: R.RecordBatch, active: dict[int, ActiveProducer]) -> bool:
    producer = active.get(batch.producer_id)
    if producer is None:
        return False
    if producer.last_data_offset >= 0:
        return batch.last_offset == producer.last_data_offset
    return batch.is_control and batch.producer_epoch == producer.epoch


def filter_batch(batch: R.RecordBatch, *, offset_map: OffsetMap, txn: CleanedTransactionMetadata,
                 active_producers: dict[int, ActiveProducer], now_ms: int, delete_retention_ms: int,
                 stats: CleaningStats) -> bytes | None:
    """The bytes to write for `batch` in the cleaned segment, or None when the batch goes away entirely."""
    stats.batches_read += 1
    stats.bytes_read += batch.size
    if batch.is_control:
        can_discard = txn.on_control_batch(batch)
        horizon = batch.delete_horizon_ms
        discard_records = can_discard and batch.has_delete_horizon and horizon <= now_ms
    else:
        can_discard = txn.on_data_batch(batch)
        discard_records = can_discard
    marker_for_empty_txn = can_discard and batch.is_control
    if batch.has_producer_id and _is_last_batch_of_active_producer(batch, active_producers):
        retain_empty = True
    elif discard_records:
        return None
    else:
        retain_empty = False

    records = list(batch.records(MAX_DECOMPRESSED_BATCH)) if not discard_records else []
    stats.records_read += batch.records_count
    kept: list[R.Record] = []
    contains_tombstones = False
    for record in records:
        if batch.is_control or _retain_record(batch, record, offset_map, now_ms, stats):
            kept.append(record)
            if record.value is None:
                contains_tombstones = True
    stats.records_kept += len(kept)
    if kept:
        need_horizon = (contains_tombstones or marker_for_empty_txn) and not batch.has_delete_horizon
        if len(kept) == batch.records_count and not need_horizon:
            out = batch.tobytes()
        else:
            horizon = now_ms + delete_retention_ms if need_horizon else batch.delete_horizon_ms
            out = bytes(rebuild_batch(batch, kept, horizon if horizon != R.NO_TIMESTAMP else None))
    elif retain_empty:
        out = bytes(empty_batch_like(batch))
    else:
        return None
    stats.bytes_written += len(out)
    # Only a horizon still ahead, on a batch something may be deleted from, calls for a later round.
    written = R.RecordBatch(out)
    if (written.has_delete_horizon and written.delete_horizon_ms > now_ms
            and (written.is_control or contains_tombstones)):
        stats.latest_delete_horizon = max(stats.latest_delete_horizon, written.delete_horizon_ms)
    return out


def _retain_record(batch: R.RecordBatch, record: R.Record, offset_map: OffsetMap, now_ms: int,
                   stats: CleaningStats) -> bool:
    if record.offset > offset_map.latest_offset:
        return True  # beyond what this round mapped: left for the next round
    if record.key is None:
        stats.invalid_records += 1  # a compacted topic drops records without a key
        return False
    if record.offset < offset_map.get(record.key):
        return False
    if record.value is not None:
        return True
    return not batch.has_delete_horizon or now_ms < batch.delete_horizon_ms


# The 61-byte batch header in layout order (see kbroker.protocol.records).
_HEADER = struct.Struct(">qiibIhiqqqhii")


def rebuild_batch(original: R.RecordBatch, kept: list[R.Record], delete_horizon_ms: int | None) -> bytearray:
    """A batch with the same base offset, last offset, producer fields, flags, codec and leader epoch as
    `original`, holding only `kept` at their original offsets (MemoryRecords.buildRetainedRecordsInto)."""
    base_offset = original.base_offset
    base_ts = delete_horizon_ms if delete_horizon_ms is not None else kept[0].timestamp
    body = bytearray()
    for record in kept:
        R.encode_record(body, record.offset - base_offset, record.timestamp - base_ts, record.key, record.value,
                        record.headers)
    codec = original.compression_type
    payload = compression.compress(codec, bytes(body)) if codec != compression.NONE else body
    attributes = original.attributes & ~R.DELETE_HORIZON_FLAG_MASK
    if delete_horizon_ms is not None:
        attributes |= R.DELETE_HORIZON_FLAG_MASK
    if original.timestamp_type == R.LOG_APPEND_TIME:
        max_ts = original.max_timestamp
    else:
        max_ts = max(record.timestamp for record in kept)
    out = bytearray(R.RECORDS_OFFSET)
    _HEADER.pack_into(out, 0, base_offset, R.RECORDS_OFFSET - R.LOG_OVERHEAD + len(payload),
                      original.partition_leader_epoch, R.CURRENT_MAGIC, 0, attributes,
                      original.last_offset_delta, base_ts, max_ts, original.producer_id, original.producer_epoch,
                      original.base_sequence, len(kept))
    out += payload
    out[R.CRC_OFFSET:R.CRC_OFFSET + 4] = R.crc32c(memoryview(out)[R.ATTRIBUTES_OFFSET:]).to_bytes(4, "big")
    return out


def empty_batch_like(original: R.RecordBatch) -> bytearray:
    """A header-only batch keeping `original`'s offsets and producer state (DefaultRecordBatch.writeEmptyHeader)."""
    attributes = original.attributes & (R.TIMESTAMP_TYPE_MASK | R.TRANSACTIONAL_FLAG_MASK | R.CONTROL_FLAG_MASK)
    out = bytearray(R.RECORDS_OFFSET)
    _HEADER.pack_into(out, 0, original.base_offset, R.RECORDS_OFFSET - R.LOG_OVERHEAD,
                      original.partition_leader_epoch, R.CURRENT_MAGIC, 0, attributes, original.last_offset_delta,
                      R.NO_TIMESTAMP, original.max_timestamp, original.producer_id, original.producer_epoch,
                      original.base_sequence, 0)
    out[R.CRC_OFFSET:R.CRC_OFFSET + 4] = R.crc32c(memoryview(out)[R.ATTRIBUTES_OFFSET:]).to_bytes(4, "big")
    return out


# --- choosing what to clean -------------------------------------------------------------------------------

class LogToClean(NamedTuple):
    first_dirty_offset: int
    first_uncleanable_offset: int
    clean_bytes: int
    cleanable_bytes: int
    needs_compaction_now: bool

    @property
    def cleanable_ratio(self) -> float:
        total = self.clean_bytes + self.cleanable_bytes
        return self.cleanable_bytes / total if total else 0.0


def _first_batch_timestamp(segment: seg.LogSegment) -> int:
    for loc in segment.batches(0):
        return loc.max_timestamp
    return R.NO_TIMESTAMP


def _log_end_offset(segments: list[seg.LogSegment]) -> int:
    return segments[-1].next_offset() if segments else 0


def log_to_clean(log: Log, checkpointed: int | None, now_ms: int, high_watermark: int) -> LogToClean:
    """The clean/dirty split of `log` (LogCleanerManager.cleanableOffsets + LogToClean)."""
    segments = log.segments
    start = log.log_start_offset
    end = _log_end_offset(segments)
    if checkpointed is None or checkpointed < start or checkpointed > end:
        first_dirty = start
    else:
        first_dirty = checkpointed
    active_base = segments[-1].base_offset if segments else 0
    uncleanable = min(log.last_stable_offset(high_watermark), active_base)
    lag = log.config.min_compaction_lag_ms
    if lag > 0:
        for segment in segments:
            if segment.base_offset < first_dirty and segment.next_offset() <= first_dirty:
                continue
            if segment.largest_timestamp() > now_ms - lag:
                uncleanable = min(uncleanable, segment.base_offset)
                break
    uncleanable = max(uncleanable, first_dirty)
    clean_bytes = sum(s.size for s in segments if s.base_offset < first_dirty)
    cleanable_bytes = sum(s.size for s in segments if _overlaps(s, segments, first_dirty, uncleanable))
    needs_now = False
    max_lag = log.config.max_compaction_lag_ms
    if cleanable_bytes > 0 and max_lag < (1 << 63) - 1:
        for segment in segments:
            if _overlaps(segment, segments, first_dirty, uncleanable):
                first_ts = _first_batch_timestamp(segment)
                needs_now = first_ts >= 0 and now_ms - first_ts > max_lag
                break
    return LogToClean(first_dirty, uncleanable, clean_bytes, cleanable_bytes, needs_now)


def _overlaps(segment: seg.LogSegment, segments: list[seg.LogSegment], start: int, end: int) -> bool:
    """Whether `segment` holds offsets in [start, end) (UnifiedLog.logSegments(from, to) semantics)."""
    if start >= end:
        return False
    i = segments.index(segment)
    next_base = segments[i + 1].base_offset if i + 1 < len(segments) else None
    if segment.base_offset >= end:
        return False
    return next_base is None or next_base > start


def group_segments_by_size(segments: list[seg.LogSegment], max_size: int, max_index_size: int,
                           first_uncleanable_offset: int) -> list[list[seg.LogSegment]]:
    """Consecutive segments whose combined log and index sizes fit one segment and whose offsets stay within
    an int32 of the group's base (Cleaner.groupSegmentsBySize)."""
    groups: list[list[seg.LogSegment]] = []
    i = 0
    while i < len(segments):
        group = [segments[i]]
        log_size = segments[i].size
        index_size = segments[i].offset_index.size_bytes
        time_size = segments[i].time_index.size_bytes
        i += 1
        while i < len(segments):
            candidate = segments[i]
            next_base = segments[i + 1].base_offset if i + 1 < len(segments) else first_uncleanable_offset
            if (log_size + candidate.size > max_size
                    or index_size + candidate.offset_index.size_bytes > max_index_size
                    or time_size + candidate.time_index.size_bytes > max_index_size
                    or next_base - 1 - group[0].base_offset > 0x7FFFFFFF):
                break
            group.append(candidate)
            log_size += candidate.size
            index_size += candidate.offset_index.size_bytes
            time_size += candidate.time_index.size_bytes
            i += 1
        groups.append(group)
    return groups


# --- one cleaning round of one log ------------------------------------------------------------------------

class CleaningRound:
    """Cleans one log up to the end of what one offset map covers, in bounded steps."""

    def __init__(self, log: Log, plan: LogToClean, now_ms: int, max_map_entries: int):
        self.log = log
        self.plan = plan
        self.now_ms = now_ms
        self.stats = CleaningStats()
        self.offset_map = OffsetMap(max_map_entries)
        self._map_txn = CleanedTransactionMetadata()
        segments = log.segments
        # Every inactive segment the round may read, with its size: if retention or truncation touches any of
        # them before it is swapped, the offset map may be wrong and the round is dropped.
        self._watched = {s.base_offset: (s, s.size) for s in segments[:-1]
                         if s.base_offset < plan.first_uncleanable_offset}
        self._dirty = [s for s in segments[:-1]
                       if _overlaps(s, segments, plan.first_dirty_offset, plan.first_uncleanable_offset)]
        self._map_txn.add_aborted(collect_aborted_transactions(
            [s.txn_index for s in self._dirty], plan.first_dirty_offset, plan.first_uncleanable_offset))
        self._map_full = False
        self._groups: list[list[seg.LogSegment]] | None = None
        self._clean_txn: CleanedTransactionMetadata | None = None
        self.end_offset: int | None = None
        self.aborted = False
        self.done = False
        self.cleaned_any = False

    def step(self) -> bool:
        """Do one bounded piece of work; returns True when the round is finished."""
        if self.done:
            return True
        if self._dirty and not self._map_full:
            self._map_segment(self._dirty.pop(0))
            return False
        if self._groups is None:
            self._plan_groups()
            return self.done
        if self._groups:
            self._clean_group(self._groups.pop(0))
            if self.aborted:
                self.done = True
            return self.done
        self._finish()
        return True

    def _map_segment(self, segment: seg.LogSegment) -> None:
        start = self.plan.first_dirty_offset
        for _position, batch in segment.batch_views(0):
            if batch.last_offset >= self.plan.first_uncleanable_offset:
                break
            if batch.is_control:
                self._map_txn.on_control_batch(batch)
            elif not self._map_txn.on_data_batch(batch):
                for record in batch.records(MAX_DECOMPRESSED_BATCH):
                    if record.key is None or record.offset < start:
                        continue
                    if self.offset_map.is_full and self.offset_map.get(record.key) < 0:
                        self._map_full = True
                        return
                    self.offset_map.put(record.key, record.offset)
            if batch.last_offset >= start:
                self.offset_map.update_latest_offset(batch.last_offset)

    def _plan_groups(self) -> None:
        if self.offset_map.latest_offset < self.plan.first_dirty_offset:
            self.done = True  # nothing was mapped (e.g. the dirty section was all aborted data)
            self.end_offset = self.plan.first_dirty_offset
            return
        self.end_offset = self.offset_map.latest_offset + 1
        segments = self.log.segments
        to_clean = [s for s in segments[:-1] if s.base_offset < self.end_offset]
        config = self.log.config
        self._groups = group_segments_by_size(to_clean, config.segment_bytes, config.segment_index_bytes,
                                              self.plan.first_uncleanable_offset)
        self._clean_txn = CleanedTransactionMetadata()

    def _clean_group(self, group: list[seg.LogSegment]) -> None:
        log = self.log
        config = log.config
        base = group[0].base_offset
        if not self._unchanged():
            self.aborted = True
            return
        _remove_leftovers(log.directory, base, seg.CLEANED_SUFFIX)
        cleaned = seg.LogSegment(log.directory, base, index_interval_bytes=config.index_interval_bytes,
                                 max_index_size=config.segment_index_bytes, created_ms=self.now_ms, active=True,
                                 suffix=seg.CLEANED_SUFFIX)
        txn = self._clean_txn
        txn.cleaned_index = cleaned.txn_index
        active = active_producers(log)
        try:
            all_segments = log.segments
            for segment in group:
                following = [s for s in all_segments if s.base_offset > segment.base_offset]
                upper = following[0].base_offset if following else segment.next_offset()
                txn.add_aborted(collect_aborted_transactions(
                    [s.txn_index for s in all_segments if s.base_offset >= segment.base_offset],
                    segment.base_offset, upper))
                for _position, batch in segment.batch_views(0):
                    out = filter_batch(batch, offset_map=self.offset_map, txn=txn, active_producers=active,
                                       now_ms=self.now_ms, delete_retention_ms=config.delete_retention_ms,
                                       stats=self.stats)
                    if out is None:
                        continue
                    view = R.RecordBatch(out)
                    cleaned.append(out, [seg.BatchLocation(0, len(out), view.base_offset, view.last_offset,
                                                           view.max_timestamp)])
            cleaned.on_become_inactive()
            cleaned.flush()
            newest_mtime = max(os.stat(s.log_path).st_mtime_ns for s in group)
            os.utime(cleaned.log_path, ns=(newest_mtime, newest_mtime))
            with log.lock:
                if self._unchanged():
                    log.replace_segments(cleaned, group)
                    self.cleaned_any = True
                    for segment in group:
                        self._watched.pop(segment.base_offset, None)
                else:
                    self.aborted = True
            if self.aborted:
                cleaned.delete_files()
        except OSError:
            cleaned.delete_files()
            if self._unchanged():
                raise
            self.aborted = True  # retention or truncation closed a segment while we read it
        except BaseException:
            cleaned.delete_files()
            raise
        finally:
            txn.cleaned_index = None

    def _unchanged(self) -> bool:
        """Whether the segments this round read are all still in the log, inactive and untouched."""
        with self.log.lock:
            current = {s.base_offset: s for s in self.log.segments}
            active = self.log.active_segment
            return all(current.get(base) is s and s is not active and s.size == size
                       for base, (s, size) in self._watched.items())

    def _finish(self) -> None:
        self.done = True
        self.aborted = not self._unchanged()


def _remove_leftovers(directory: str, base_offset: int, suffix: str) -> None:
    prefix = seg.filename_prefix(base_offset)
    for ext in (seg.LOG_SUFFIX, seg.INDEX_SUFFIX, seg.TIME_INDEX_SUFFIX, seg.TXN_INDEX_SUFFIX):
        try:
            os.unlink(os.path.join(directory, prefix + ext + suffix))
        except FileNotFoundError:
            pass


# --- the cleaner over all compacted logs ------------------------------------------------------------------

class LogCleaner:
    """Picks the filthiest compacted log and cleans it, one bounded step per `step()` call.

    Thread use: `step()` may run in a worker thread (one at a time); `add_log`/`remove_log` from the broker.
    A log being removed or truncated should call `remove_log` first: a round in progress on it is dropped.
    """

    def __init__(self, clock_ms: Callable[[], int], *, max_map_entries: int = DEFAULT_MAX_MAP_ENTRIES,
                 high_watermark: Callable[[Log], int] | None = None):
        """`high_watermark(log)` bounds what may be cleaned (with open transactions); without replication
        the log end offset is the high watermark, the default."""
        self._clock_ms = clock_ms
        self._high_watermark = high_watermark or (lambda log: log.log_end_offset)
        self.max_map_entries = max_map_entries
        self._logs: dict[str, Log] = {}
        self._round: CleaningRound | None = None
        self._delete_horizons: dict[str, int] = {}
        # partition directory -> the error that made its log uncleanable (cleared by remove_log)
        self.uncleanable: dict[str, Exception] = {}
        self.last_stats: CleaningStats | None = None

    def add_log(self, log: Log) -> None:
        self._logs[log.directory] = log

    def remove_log(self, log: Log) -> None:
        self._logs.pop(log.directory, None)
        self._delete_horizons.pop(log.directory, None)
        self.uncleanable.pop(log.directory, None)
        if self._round is not None and self._round.log is log:
            self._round = None

    @property
    def busy(self) -> bool:
        return self._round is not None

    def checkpoint_file(self, log: Log):
        return log_dir_checkpoint(os.path.dirname(os.path.abspath(log.directory)), CLEANER_OFFSET_CHECKPOINT)

    def checkpointed_offset(self, log: Log) -> int | None:
        return self.checkpoint_file(log).read().get((log.topic, log.partition))

    def choose_log(self, now_ms: int) -> tuple[Log, LogToClean] | None:
        """The compacted log with the highest dirty ratio above its threshold (or forced by max lag); failing
        that, a log whose tombstones or markers reached their delete horizon, re-cleaned from its start."""
        best = None
        for log in list(self._logs.values()):
            if not log.config.compact or log.directory in self.uncleanable:
                continue
            plan = log_to_clean(log, self.checkpointed_offset(log), now_ms, self._high_watermark(log))
            eligible = (plan.needs_compaction_now and plan.cleanable_bytes > 0) or \
                plan.cleanable_ratio > log.config.min_cleanable_dirty_ratio
            if eligible and (best is None or plan.cleanable_ratio > best[1].cleanable_ratio):
                best = (log, plan)
        if best is not None:
            return best
        for log in list(self._logs.values()):
            horizon = self._delete_horizons.get(log.directory, R.NO_TIMESTAMP)
            if log.config.compact and log.directory not in self.uncleanable and R.NO_TIMESTAMP < horizon <= now_ms:
                plan = log_to_clean(log, log.log_start_offset, now_ms, self._high_watermark(log))
                if plan.first_uncleanable_offset > plan.first_dirty_offset:
                    return log, plan
        return None

    def step(self) -> bool:
        """One bounded piece of cleaning; returns False when there was nothing to do."""
        if self._round is None:
            now = self._clock_ms()
            chosen = self.choose_log(now)
            if chosen is None:
                return False
            self._round = CleaningRound(chosen[0], chosen[1], now, self.max_map_entries)
        current = self._round
        try:
            finished = current.step()
        except (R.InvalidBatchError, compression.CompressionError) as exc:
            # Kafka marks such a partition uncleanable and goes on with the others; so do we, keeping why.
            self._round = None
            self.uncleanable[current.log.directory] = exc
            return True
        if finished:
            self._round = None
            self.last_stats = current.stats
            if not current.aborted and current.end_offset is not None and current.log.directory in self._logs:
                self._update_checkpoint(current.log, current.end_offset)
                if current.cleaned_any:
                    self._delete_horizons[current.log.directory] = current.stats.latest_delete_horizon
        return True

    def clean_until_idle(self, max_steps: int = 100_000) -> int:
        """Run steps until no log needs cleaning (tests and shutdown); returns the steps taken."""
        for taken in range(max_steps):
            if not self.step():
                return taken
        raise RuntimeError(f"the cleaner was still busy after {max_steps} steps")

    def _update_checkpoint(self, log: Log, offset: int) -> None:
        ckpt = self.checkpoint_file(log)
        offsets = ckpt.read()
        offsets[(log.topic, log.partition)] = offset
        ckpt.write(offsets)
