"""Opening a partition directory and crash recovery (Kafka's LogLoader).

1. Leftovers: `*.deleted` and `*.cleaned` files and temporary snapshots are removed; `*.swap` files (a cleaner
   swap interrupted after its old segments were renamed away) are completed.
2. Every `<base>.log` becomes a segment; a segment whose `.index`/`.timeindex`/`.txnindex` is missing or fails
   its sanity check is recovered (re-indexed from its batches).
3. Without a clean shutdown, every segment from the one holding the recovery point onwards is recovered: each
   batch CRC-checked (offsets must also increase, as baseOffset is outside the CRC); the log is cut at the first
   torn or corrupt batch and every later segment is deleted.
4. Producer state: the latest `<offset>.snapshot` at or below the log end (a corrupt one is deleted and the
   next older one tried), then the batches after it replayed; newer snapshots are deleted.
5. The leader-epoch cache drops entries beyond the log end; the log start offset is at least the first base.
Recovery never raises on garbage in segment or index files: it truncates or rebuilds.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from kbroker.log.config import LogConfig
from kbroker.log.leader_epoch import LeaderEpochCache
from kbroker.log.offset_index import CorruptIndexError
from kbroker.log.producer_state import ProducerStateManager
from kbroker.log.segment import (
    CLEANED_SUFFIX,
    DELETED_SUFFIX,
    INDEX_SUFFIX,
    LOG_SUFFIX,
    SWAP_SUFFIX,
    TIME_INDEX_SUFFIX,
    LogSegment,
)
from kbroker.log.txn_index import TxnIndexError
from kbroker.protocol.records import iter_batches


def load_log(log_cls, directory: str, config: LogConfig, *, clock: Callable[[], int], topic: str,
             partition: int, recovery_point: int, log_start_offset: int, had_clean_shutdown: bool):
    os.makedirs(directory, exist_ok=True)
    _remove_leftovers(directory)
    bases = sorted(int(name[:-len(LOG_SUFFIX)]) for name in os.listdir(directory)
                   if name.endswith(LOG_SUFFIX) and name[:-len(LOG_SUFFIX)].isdigit())
    now = clock()
    epochs = LeaderEpochCache.load(directory)
    segments: list[LogSegment] = []
    try:
        return _load_segments(log_cls, directory, config, clock=clock, topic=topic, partition=partition,
                              recovery_point=recovery_point, log_start_offset=log_start_offset,
                              had_clean_shutdown=had_clean_shutdown, bases=bases, now=now, epochs=epochs,
                              segments=segments)
    except BaseException:
        # (e.g. out of descriptors): hold on to nothing
        for segment in segments:
            segment.close()
        raise


def _load_segments(log_cls, directory: str, config: LogConfig, *, clock, topic: str, partition: int,
                   recovery_point: int, log_start_offset: int, had_clean_shutdown: bool, bases: list[int],
                   now: int, epochs: LeaderEpochCache, segments: list[LogSegment]):
    epochs_on_disk = epochs.entries()

    def assign_epoch(batch) -> None:
        if batch.partition_leader_epoch >= 0:
            epochs.assign(batch.partition_leader_epoch, batch.base_offset, flush=False)

    for i, base in enumerate(bases):
        segments.append(_open_segment(directory, base, config, now, i == len(bases) - 1, assign_epoch))
    # An empty segment anywhere but last (a crash between creating it and the next write elsewhere) goes.
    for segment in [s for s in segments[:-1] if s.size == 0]:
        segment.delete_files()
        segments.remove(segment)
    if not segments:
        segments.append(_open_segment(directory, log_start_offset, config, now, True, assign_epoch))
    if not had_clean_shutdown:
        _recover_from(segments, recovery_point, assign_epoch, contiguous=not config.compact)
    segments[-1].make_active(config.segment_index_bytes)

    producer_state = ProducerStateManager(directory, f"{topic}-{partition}", config.producer_id_expiration_ms)
    log_start = max(log_start_offset, segments[0].base_offset)
    log = log_cls(directory, config, clock=clock, topic=topic, partition=partition, segments=segments,
                  log_start_offset=log_start, recovery_point=0, producer_state=producer_state,
                  leader_epoch_cache=epochs)
    log.recovery_point = min(recovery_point, log.log_end_offset) if had_clean_shutdown else log.log_end_offset
    epochs.truncate_from_end(log.log_end_offset, flush=False)
    entries = epochs.entries()
    if entries != epochs_on_disk[:len(entries)]:
        epochs.flush()  # recovery found epochs the file lacks
    # A file that only has entries beyond the log end is not rewritten now (Kafka's truncateFromEndAsyncFlush):
    # become_leader's assign or the clean close writes it, and after a crash the next load truncates it again.
    rebuild_producer_state(log)
    for segment in segments[:-1]:
        segment.release_indexes()
    return log


def _open_segment(directory: str, base: int, config: LogConfig, now: int, active: bool,
                  on_batch) -> LogSegment:
    prefix = os.path.join(directory, f"{base:020d}")
    had_indexes = os.path.exists(prefix + INDEX_SUFFIX) and os.path.exists(prefix + TIME_INDEX_SUFFIX)
    segment = LogSegment(directory, base, index_interval_bytes=config.index_interval_bytes,
                         max_index_size=config.segment_index_bytes, created_ms=now, active=active)
    needs_recovery = not had_indexes
    if had_indexes:
        try:
            segment.sanity_check()
            if segment.offset_index.entries:
                _last_offset, last_position = segment.offset_index.entry(segment.offset_index.entries - 1)
                if last_position >= segment.size:
                    raise CorruptIndexError(f"{segment.offset_index.path} points past the end of the log")
        except (CorruptIndexError, TxnIndexError):
            needs_recovery = True
    if needs_recovery:
        segment.recover(on_batch=on_batch)
        if not active:
            segment.on_become_inactive()
    return segment


def _recover_from(segments: list[LogSegment], recovery_point: int, on_batch, contiguous: bool) -> None:
    """Recover the segments holding offsets >= recovery_point; cut the log at the first bad batch."""
    start = 0
    for i, segment in enumerate(segments):
        if segment.base_offset <= recovery_point:
            start = i
    for i in range(start, len(segments)):
        segment = segments[i]
        truncated = segment.recover(on_batch=on_batch, contiguous=contiguous)
        if truncated and i + 1 < len(segments):
            for doomed in segments[i + 1:]:
                doomed.delete_files()
            del segments[i + 1:]
            break
        if i + 1 < len(segments):
            segment.on_become_inactive()


def rebuild_producer_state(log) -> None:
    """Load the newest usable snapshot at or below the LEO and replay the batches after it."""
    state: ProducerStateManager = log.producer_state
    state.truncate_and_reload(log.log_start_offset, log.log_end_offset)
    replay_from = max(state.last_map_offset, log.log_start_offset)
    if state.last_snapshot_offset == 0 and not os.path.exists(state.snapshot_path(0)):
        replay_from = log.segments[0].base_offset
    for segment in log.segments:
        if segment.next_offset() <= replay_from:
            continue
        position = segment.offset_index.lookup(replay_from)[1]
        for _pos, batch in segment.batch_views(position):
            if batch.last_offset < replay_from:
                continue
            log.index_aborted_transactions(state.replay_batch(batch))
    state.last_map_offset = log.log_end_offset
    log.publish_first_unstable_offset()


def _remove_leftovers(directory: str) -> None:
    names = os.listdir(directory)
    for name in names:
        path = os.path.join(directory, name)
        if name.endswith(DELETED_SUFFIX) or name.endswith(CLEANED_SUFFIX) or name.endswith(".snapshot.tmp"):
            os.unlink(path)
    for name in sorted(os.listdir(directory)):
        if not name.endswith(SWAP_SUFFIX):
            continue
        path = os.path.join(directory, name)
        final = path[:-len(SWAP_SUFFIX)]
        if name.endswith(LOG_SUFFIX + SWAP_SUFFIX):
            base = int(name.split(".")[0])
            _delete_segments_replaced_by_swap(directory, base, final)
        os.replace(path, final)
    for suffix in (INDEX_SUFFIX, TIME_INDEX_SUFFIX):
        for name in os.listdir(directory):
            if name.endswith(suffix) and not os.path.exists(
                    os.path.join(directory, name[:-len(suffix)] + LOG_SUFFIX)):
                os.unlink(os.path.join(directory, name))


def _delete_segments_replaced_by_swap(directory: str, base: int, swap_log_final: str) -> None:
    """A swapped-in segment replaces every old segment from `base` up to the swap's last offset."""
    last_offset = base
    with open(swap_log_final + SWAP_SUFFIX, "rb") as f:
        data = f.read()
    for batch in iter_batches(data):
        last_offset = batch.last_offset
    for name in os.listdir(directory):
        if name.endswith(LOG_SUFFIX) and name[:-len(LOG_SUFFIX)].isdigit():
            other = int(name[:-len(LOG_SUFFIX)])
            if base <= other <= last_offset:
                prefix = os.path.join(directory, name[:-len(LOG_SUFFIX)])
                for suffix in (LOG_SUFFIX, INDEX_SUFFIX, TIME_INDEX_SUFFIX, ".txnindex"):
                    if os.path.exists(prefix + suffix):
                        os.unlink(prefix + suffix)
