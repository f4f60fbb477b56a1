"""A partition log over `<log dir>/<topic>-<partition>` (Kafka's UnifiedLog + LocalLog, local storage only).

Owns the ordered segments, the log end offset, the log start offset, the recovery point, the producer state
and (through the log-extras classes) the leader-epoch cache and the .txnindex files. Synchronous; every change
takes one lock (the broker calls it from worker threads). Time comes from `clock()` (milliseconds).

Reads take no lock, as Kafka's LocalLog.read: an append in a worker thread holds the lock through its write
to the page cache, and a fetch must not wait for that. A read takes the log end offset first and the segments
after it, both published only once their data is in place: the segments as one `SegmentView`, replaced whole on
every change (a roll, a cleaner's swap, a deletion, a truncation), never changed in place; the first unstable
offset as one value, published when the producer state that yields it is complete.

Reads return file regions (fd, position, length) for os.sendfile; a segment's fd stays open until its files
are really deleted, file.delete.delay.ms after it left the log, so a region handed to a fetch stays readable.
"""

from __future__ import annotations

import bisect
import errno
import functools
import logging
import os
import struct
import threading
from collections.abc import Callable, Iterable
from typing import NamedTuple

from kbroker.log.config import LONG_MAX, LogConfig
from kbroker.log.leader_epoch import LeaderEpochCache
from kbroker.log.producer_state import BatchMetadata, CompletedTxn, ProducerStateError, ProducerStateManager
from kbroker.log.segment import DELETED_SUFFIX, BatchLocation, FileRegion, LogSegment
from kbroker.log.txn_index import AbortedTxn, collect_aborted_transactions
from kbroker.log.validator import validate_batch
from kbroker.protocol import errors
from kbroker.protocol import records as R

log = logging.getLogger(__name__)

EARLIEST_TIMESTAMP = -2
LATEST_TIMESTAMP = -1
MAX_TIMESTAMP = -3
EARLIEST_LOCAL_TIMESTAMP = -4
LATEST_TIERED_TIMESTAMP = -5

ORIGIN_CLIENT = "client"
ORIGIN_COORDINATOR = "coordinator"
ORIGIN_REPLICATION = "replication"

_INT32_MAX = 0x7FFFFFFF
_OFFSET_LENGTH_EPOCH = struct.Struct(">qii")


class LogError(Exception):
    """A partition-level failure carrying Kafka's error code."""

    def __init__(self, error_code: int, message: str):
        super().__init__(message)
        self.error_code = error_code


class OffsetOutOfRangeError(LogError):
    def __init__(self, message: str):
        super().__init__(errors.OFFSET_OUT_OF_RANGE.code, message)


class AppendResult(NamedTuple):
    first_offset: int
    last_offset: int
    log_append_time: int          # -1 unless the topic uses LogAppendTime
    log_start_offset: int
    max_timestamp: int
    record_count: int
    duplicate: bool = False


class ReadResult(NamedTuple):
    regions: list[FileRegion]     # zero or one region (Kafka reads one segment per fetch)
    first_batch_offset: int       # base offset of the first batch in the region, -1 if none
    log_start_offset: int
    log_end_offset: int


class TimestampOffset(NamedTuple):
    timestamp: int
    offset: int
    leader_epoch: int             # -1 when unknown


class SegmentView(NamedTuple):
    """The log's segments at one instant: their base offsets in order and each segment by its base offset."""
    bases: list[int]
    by_base: dict[int, LogSegment]

    @classmethod
    def of(cls, by_base: dict[int, LogSegment]) -> SegmentView:
        return cls(sorted(by_base), by_base)

    def floor_index(self, offset: int) -> int:
        """The index in `bases` of the segment holding `offset` (-1 when it lies below the first segment)."""
        return bisect.bisect_right(self.bases, offset) - 1


_NO_SEGMENTS = SegmentView([], {})


class PendingDelete(NamedTuple):
    due_ms: int
    segment: LogSegment
    unlink: bool = True  # False: the files are already gone with their directory; only close the segment


# The process ran out of descriptors (EMFILE, ENFILE) or memory maps (ENOMEM): no file was harmed, so the log
# stays online and the operation fails alone (see Log._resources_exhausted).
RESOURCE_EXHAUSTED = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOMEM})


def _offline_on_os_error(action: str):
    """For a Log method that writes: refused with KAFKA_STORAGE_ERROR once the log is offline, and an OSError
    it raises takes the log offline (Log._storage_failure), unless it says the process ran out of descriptors or
    memory maps. The append of a produced batch does the same inline."""
    def decorate(method):
        @functools.wraps(method)
        def guarded(self: Log, *args, **kwargs):
            with self.lock:
                self._check_open()
                try:
                    return method(self, *args, **kwargs)
                except OSError as exc:
                    raise self._os_failure(action, exc) from exc
        return guarded
    return decorate


class Log:
    def __init__(self, directory: str, config: LogConfig, *, clock: Callable[[], int], topic: str,
                 partition: int, segments: list[LogSegment], log_start_offset: int, recovery_point: int,
                 producer_state: ProducerStateManager, leader_epoch_cache: LeaderEpochCache):
        self.directory = directory
        self.config = config
        self.clock = clock
        self.topic = topic
        self.partition = partition
        self._name = f"{topic}-{partition}"
        self.lock = threading.RLock()
        self._view = SegmentView.of({s.base_offset: s for s in segments})
        self.log_start_offset = log_start_offset
        self.recovery_point = recovery_point
        self.producer_state = producer_state
        self.leader_epoch_cache = leader_epoch_cache
        self.log_end_offset = self.active_segment.next_offset()
        self.pending_deletes: list[PendingDelete] = []
        self.unflushed_messages = 0
        self.last_flush_ms = clock()
        self.flush_pending_after_roll = False
        self.rolled_to = 0  # the base offset of the newest segment a roll started (maybe_flush flushes below it)
        self._truncations = 0  # counts truncations of the log's end, so a flush running beside one can tell
        self._latest_epoch = leader_epoch_cache.latest_epoch()
        self._first_unstable_offset = producer_state.first_unstable_offset()
        self.closed = False
        # Set when a write to this log's files failed (see _storage_failure): the log stays offline.
        self.offline_reason: str | None = None
        self.on_storage_failure: Callable[[Log], None] | None = None

    # --- construction ----------------------------------------------------------------------------------------
    @classmethod
    def open(cls, directory: str, config: LogConfig | None = None, *, clock: Callable[[], int],
             topic: str | None = None, partition: int | None = None, recovery_point: int = 0,
             log_start_offset: int = 0, had_clean_shutdown: bool = False) -> Log:
        """Open (creating if needed) and recover the partition directory; see loader.load_log."""
        from kbroker.log.loader import load_log
        if topic is None or partition is None:
            topic, partition = parse_topic_partition(os.path.basename(os.path.normpath(directory)))
        return load_log(cls, directory, config or LogConfig(), clock=clock, topic=topic, partition=partition,
                        recovery_point=recovery_point, log_start_offset=log_start_offset,
                        had_clean_shutdown=had_clean_shutdown)

    @property
    def name(self) -> str:
        return self._name

    # --- segments (also the cleaner's interface) --------------------------------------------------------------
    @property
    def segments(self) -> list[LogSegment]:
        view = self._view
        return [view.by_base[b] for b in view.bases]

    @property
    def active_segment(self) -> LogSegment:
        view = self._view
        return view.by_base[view.bases[-1]]

    def segment_for(self, offset: int) -> LogSegment | None:
        """The segment whose range holds `offset` (the one with the greatest base offset <= offset)."""
        view = self._view
        i = view.floor_index(offset)
        return view.by_base[view.bases[i]] if i >= 0 else None

    def size_in_bytes(self) -> int:
        return sum(s.size for s in self._view.by_base.values())

    def _new_segment(self, base_offset: int) -> LogSegment:
        return LogSegment(self.directory, base_offset, index_interval_bytes=self.config.index_interval_bytes,
                          max_index_size=self.config.segment_index_bytes, created_ms=self.clock(), active=True)

    def _change_segments(self, removed: Iterable[LogSegment] = (), added: LogSegment | None = None) -> None:
        """Publish a new view without `removed` (by identity) and with `added`, in one assignment: a reader
        sees the segments before the change or after it, never a gap between."""
        by_base = dict(self._view.by_base)
        for segment in removed:
            if by_base.get(segment.base_offset) is segment:
                del by_base[segment.base_offset]
        if added is not None:
            by_base[added.base_offset] = added
        self._view = SegmentView.of(by_base)

    # --- append ----------------------------------------------------------------------------------------------
    def append_as_leader(self, records, leader_epoch: int, *, origin: str = ORIGIN_CLIENT,
                         produce_version: int | None = None, transaction_version: int = 0) -> AppendResult:
        """Validate and append one produced batch (a writable buffer: offsets are patched in place)."""
        now = self.clock()
        from_client = origin == ORIGIN_CLIENT
        buffer, record_count, _record_max_timestamp, header = validate_batch(
            records, self._name, self.config, now, from_client, produce_version)
        size = R.LOG_OVERHEAD + header[R.H_LENGTH]
        has_producer_id = header[R.H_PRODUCER_ID] >= 0
        batch = R.RecordBatch(buffer, 0, size) if has_producer_id or self.config.log_append_time else None
        with self.lock:
            if self.closed:
                self._check_open()
            if has_producer_id and from_client:
                duplicate = self.producer_state.find_duplicate(batch)
                if duplicate is not None:
                    return self._duplicate_result(duplicate, record_count)
            first_offset = self.log_end_offset
            if has_producer_id:
                pending: dict = {}
                completed: list[CompletedTxn] = []
                started: list[int] = []
                try:
                    self.producer_state.prepare(pending, batch, first_offset, origin=origin, completed=completed,
                                                started=started, transaction_version=transaction_version)
                except ProducerStateError as exc:
                    raise LogError(exc.error_code, str(exc)) from exc
            # baseOffset and partitionLeaderEpoch (outside the CRC) in one call; batchLength rewritten unchanged
            _OFFSET_LENGTH_EPOCH.pack_into(buffer, 0, first_offset, header[R.H_LENGTH], leader_epoch)
            log_append_time = -1
            if self.config.log_append_time:
                batch.set_max_timestamp(R.LOG_APPEND_TIME, now)
                log_append_time = max_timestamp = now
            else:
                max_timestamp = header[R.H_MAX_TIMESTAMP]
            last_offset = first_offset + (record_count - 1 if from_client else header[R.H_LAST_OFFSET_DELTA])
            try:
                segment = self._maybe_roll(size, first_offset, last_offset, max_timestamp, now)
                segment.append_batch(buffer, size, last_offset, max_timestamp)
                self.log_end_offset = last_offset + 1
                if leader_epoch >= 0 and leader_epoch != self._latest_epoch:
                    self.leader_epoch_cache.assign(leader_epoch, first_offset)
                    self._latest_epoch = self.leader_epoch_cache.latest_epoch()
                if has_producer_id:
                    self._apply_producer_state(pending, started, completed)
                else:
                    self.producer_state.last_map_offset = last_offset + 1
                self.unflushed_messages += record_count
                if self.unflushed_messages >= self.config.flush_messages or self.config.flush_ms < LONG_MAX:
                    self._flush_if_due(now)
            except OSError as exc:
                raise self._storage_failure("appending to", exc) from exc
            return AppendResult(first_offset, last_offset, log_append_time, self.log_start_offset,
                                max_timestamp, record_count)

    def become_leader(self, leader_epoch: int) -> None:
        """Record a newer leader epoch at the log end offset, as Kafka's Partition.makeLeader does, so that
        OffsetForLeaderEpoch knows the epoch before its first append."""
        with self.lock:
            latest = self._latest_epoch
            if leader_epoch >= 0 and (latest is None or leader_epoch > latest):
                # An empty log's entry needs no fsync: lost in a crash, it is assigned again from the metadata
                # at the next start (and a new partition's creation is not slowed by one fsync per partition).
                empty = self.log_end_offset == 0 and self.active_segment.size == 0
                self.leader_epoch_cache.assign(leader_epoch, self.log_end_offset, sync=not empty)
                self._latest_epoch = self.leader_epoch_cache.latest_epoch()

    @_offline_on_os_error("appending to")
    def append_as_follower(self, records) -> int:
        """Append batches whose offsets the leader assigned (replication / tests); returns the new LEO.

        Batches must be CRC-valid and continue from the log end offset; a partial trailing batch is ignored.
        """
        now = self.clock()
        with self.lock:
            batches = []
            expected = self.log_end_offset
            for batch in R.iter_batches(records):
                if batch.magic != R.CURRENT_MAGIC or not batch.is_valid():
                    raise LogError(errors.CORRUPT_MESSAGE.code,
                                   f"Corrupt batch at offset {batch.base_offset} replicated to {self.name}")
                if batch.base_offset < expected:
                    raise LogError(errors.UNKNOWN_SERVER_ERROR.code,
                                   f"Out of order offsets in append to {self.name}: {batch.base_offset} < {expected}")
                expected = batch.next_offset
                batches.append(batch)
            if not batches:
                return self.log_end_offset
            start = batches[0].pos
            data = memoryview(records)[start:batches[-1].pos + batches[-1].size]
            # one write for the whole set, as the leader sent it (Kafka's follower appends its fetch whole)
            self._write(data, [BatchLocation(b.pos - start, b.size, b.base_offset, b.last_offset, b.max_timestamp)
                               for b in batches], now)
            count = 0
            for batch in batches:
                if batch.partition_leader_epoch >= 0:
                    self.leader_epoch_cache.assign(batch.partition_leader_epoch, batch.base_offset)
                    self._latest_epoch = self.leader_epoch_cache.latest_epoch()
                if batch.has_producer_id:
                    pending: dict = {}
                    completed: list[CompletedTxn] = []
                    started: list[int] = []
                    self.producer_state.prepare(pending, batch, batch.base_offset, origin=ORIGIN_REPLICATION,
                                                completed=completed, started=started)
                    self._apply_producer_state(pending, started, completed)
                count += batch.last_offset_delta + 1
            self._after_append(count, now)
            return self.log_end_offset

    def append_control_marker(self, control_type: int, *, producer_id: int, producer_epoch: int,
                              coordinator_epoch: int, leader_epoch: int, transaction_version: int = 0
                              ) -> AppendResult:
        """Write a COMMIT/ABORT marker as the transaction coordinator asks (WriteTxnMarkers)."""
        marker = R.build_control_batch(control_type, timestamp=self.clock(), producer_id=producer_id,
                                       producer_epoch=producer_epoch, coordinator_epoch=coordinator_epoch)
        return self.append_as_leader(marker, leader_epoch, origin=ORIGIN_COORDINATOR,
                                     transaction_version=transaction_version)

    def _duplicate_result(self, meta: BatchMetadata, count: int) -> AppendResult:
        return AppendResult(meta.first_offset, meta.last_offset, -1, self.log_start_offset, meta.timestamp, count,
                            duplicate=True)

    def _write(self, data, locations: list[BatchLocation], now: int) -> None:
        """Append `data` (batches at `locations`, relative to `data`) to the active segment, rolling first if
        needed."""
        last = locations[-1]
        max_timestamp = max(loc.max_timestamp for loc in locations) if len(locations) > 1 else last.max_timestamp
        segment = self._maybe_roll(len(data), locations[0].base_offset, last.last_offset, max_timestamp, now)
        segment.append(data, locations)
        self.log_end_offset = last.last_offset + 1

    def _apply_producer_state(self, pending, started, completed) -> None:
        self.producer_state.apply(pending, started, completed, self.log_end_offset)
        self.publish_first_unstable_offset()
        self.index_aborted_transactions(completed)

    def index_aborted_transactions(self, completed) -> None:
        """Record each aborted transaction in the .txnindex of the segment holding its marker. Replay after
        recovery meets transactions whose segment was not recovered and is indexed already: those are skipped."""
        for txn in completed:
            if not txn.is_aborted:
                continue
            segment = self.segment_for(txn.last_offset)
            indexed = segment.txn_index.last_offset()
            if indexed is not None and indexed >= txn.last_offset:
                continue
            unstable = self.producer_state.first_unstable_offset()
            lso = unstable if unstable is not None else txn.last_offset + 1
            segment.txn_index.append(AbortedTxn(txn.producer_id, txn.first_offset, txn.last_offset, lso))

    def _after_append(self, messages: int, now: int) -> None:
        self.unflushed_messages += messages
        self._flush_if_due(now)

    def _flush_if_due(self, now: int) -> None:
        """flush.messages / flush.ms (both off by default, as in Kafka)."""
        config = self.config
        if (self.unflushed_messages >= config.flush_messages
                or (config.flush_ms < LONG_MAX and now - self.last_flush_ms >= config.flush_ms)):
            self.flush()

    def _maybe_roll(self, size: int, first_offset: int, last_offset: int, max_timestamp: int,
                    now: int) -> LogSegment:
        """LogSegment.shouldRoll: segment.bytes, segment.ms (by batch timestamps), full indexes, offset
        overflow of the relative index offsets."""
        segment = self.active_segment
        config = self.config
        segment_size = segment.size
        if segment_size > 0:
            rolling_base = segment.rolling_based_timestamp
            waited = (max_timestamp - rolling_base if rolling_base is not None and rolling_base >= 0
                      else now - segment.created_ms)
            if (waited > config.segment_ms - config.segment_jitter_ms
                    or segment.offset_index.entries >= segment.offset_index.max_entries
                    or segment.time_index.entries >= segment.time_index.max_entries):
                return self.roll(first_offset)
        if segment_size > config.segment_bytes - size or last_offset - segment.base_offset > _INT32_MAX:
            return self.roll(first_offset)
        return segment

    @_offline_on_os_error("rolling")
    def roll(self, expected_next_offset: int | None = None) -> LogSegment:
        """Start a new active segment at max(expected, LEO); snapshot producer state at the new base."""
        with self.lock:
            new_base = max(expected_next_offset or 0, self.log_end_offset)
            old = self.active_segment
            if old.base_offset == new_base and old.size == 0:
                return old
            if new_base in self._view.by_base:
                raise LogError(errors.UNKNOWN_SERVER_ERROR.code,
                               f"Trying to roll {self.name} to {new_base}, which already exists")
            segment = self._new_segment(new_base)
            old.on_become_inactive()
            self._change_segments(added=segment)
            # Kafka flushes the rolled segment asynchronously; maybe_flush() (called periodically, in a
            # worker thread) does it here and then moves the recovery point.
            self.flush_pending_after_roll = True
            self.rolled_to = max(self.rolled_to, new_base)
            self.producer_state.last_map_offset = max(self.producer_state.last_map_offset, new_base)
            self.producer_state.take_snapshot(sync=False)
            return segment

    def flush(self, below: int | None = None) -> None:
        """fsync every segment holding offsets at or above the recovery point (and, given `below`, beneath it:
        Kafka's flushUptoOffsetExclusive); the recovery point becomes `below`, or the log end offset as it stood
        when the flush began (after a crash, recovery starts there).

        The fsyncs run outside the log's lock, as Kafka's flush does: under write-back one can take seconds, and
        the event loop takes this lock for every append and read of the log, so holding it here (the periodic
        flush runs in a worker thread) would stop the whole broker for that long. A segment deleted or
        truncated away meanwhile, or the log closed, is skipped; a truncation during the flush keeps the
        recovery point where the truncation left it."""
        with self.lock:
            self._check_open()
            flushed_to, truncations = self.log_end_offset, self._truncations
            messages = self.unflushed_messages
            if below is not None and below < flushed_to:
                flushed_to, messages = below, 0
            segments = self._segments_from(self.recovery_point)
            if below is not None:
                segments = [segment for segment in segments if segment.base_offset < flushed_to]
            self.flush_pending_after_roll = False
        for segment in segments:
            try:
                segment.flush()
            except OSError as exc:
                with self.lock:
                    if self.closed or self._view.by_base.get(segment.base_offset) is not segment or segment.closed:
                        continue
                    self.flush_pending_after_roll = True
                    raise self._os_failure("flushing", exc) from exc
        with self.lock:
            if self.closed:
                return
            if truncations == self._truncations:
                self.recovery_point = max(self.recovery_point, flushed_to)
            self.unflushed_messages = max(0, self.unflushed_messages - messages)
            self.last_flush_ms = self.clock()

    def _segments_from(self, offset: int) -> list[LogSegment]:
        """The segments holding `offset` and every later one."""
        view = self._view
        first = view.bases[max(0, view.floor_index(offset))]
        return [view.by_base[base] for base in view.bases if base >= first]

    def maybe_flush(self) -> None:
        """The periodic flush: per flush.ms, of the whole log; after a roll, of the segments below the one the
        roll started, as Kafka's scheduled flush after a roll (the active segment is not synced then: its pages,
        which a tailing consumer is reading, would be locked for write-back under that reader's sendfile)."""
        with self.lock:
            if self.closed:
                return
            whole = self.config.flush_ms < LONG_MAX and self.clock() - self.last_flush_ms >= self.config.flush_ms
            rolled = self.flush_pending_after_roll
            below = self.rolled_to
        if whole:
            self.flush()
        elif rolled:
            self.flush(below)

    # --- read ------------------------------------------------------------------------------------------------
    def read(self, start_offset: int, max_bytes: int, max_offset: int | None = None,
             min_one_message: bool = True) -> ReadResult:
        """Batches from the one holding `start_offset`, at most `max_bytes` (the first batch whole when
        `min_one_message`), none at or beyond `max_offset` (the HW or LSO; default the LEO). Takes no lock
        (see the module's docstring): the log end offset is read before the segments, so every offset below it
        lies in a segment of the view."""
        if self.closed:
            self._check_open()
        leo = self.log_end_offset
        lso = self.log_start_offset
        view = self._view
        if start_offset < lso or start_offset > leo:
            raise OffsetOutOfRangeError(
                f"Received request for offset {start_offset} for partition {self.name}, but we only have log "
                f"segments in the range {lso} to {leo}.")
        bound = leo if max_offset is None or max_offset > leo else max_offset
        if start_offset >= bound:
            return ReadResult([], -1, lso, leo)
        bases = view.bases
        i = view.floor_index(start_offset)
        if i < 0:
            # the segment holding it was deleted (retention, DeleteRecords) after the log start was read, or
            # the log was closed: Kafka's read finds no floor segment either
            self._check_open()
            raise OffsetOutOfRangeError(
                f"Received request for offset {start_offset} for partition {self.name}, but we only have log "
                f"segments starting from offset {bases[0]}.")
        segment = view.by_base[bases[i]]
        bound_base = bases[max(0, view.floor_index(bound))] if bound < leo else None
        while True:
            if segment.base_offset >= bound:
                break
            max_position = None
            if segment.base_offset == bound_base:
                loc = segment.translate_offset(bound)
                max_position = loc.position if loc is not None else segment.size
            found = segment.read(start_offset, max_bytes, max_position, min_one_message)
            if found is not None:
                return ReadResult([found[0]], found[1].base_offset, lso, leo)
            # nothing at or after start_offset in this segment (e.g. compacted away): try the next one
            i += 1
            if i >= len(bases):
                break
            segment = view.by_base[bases[i]]
        return ReadResult([], -1, lso, leo)

    def last_stable_offset(self, high_watermark: int) -> int:
        """LSO: the first offset of the oldest open transaction, bounded by the high watermark. Takes no lock:
        the first unstable offset is published whole, before an append returns, so it is complete for every
        offset below the high watermark."""
        unstable = self._first_unstable_offset
        return high_watermark if unstable is None else min(unstable, high_watermark)

    def publish_first_unstable_offset(self) -> None:
        """Call under the lock once the producer state is complete again (after an append or a reload)."""
        self._first_unstable_offset = self.producer_state.first_unstable_offset()

    def collect_aborted_transactions(self, start_offset: int, upper_bound_offset: int) -> list[AbortedTxn]:
        """Aborted transactions overlapping [start_offset, upper_bound) for read_committed fetches."""
        segments = self._segments_from(start_offset)
        return collect_aborted_transactions([s.txn_index for s in segments], start_offset, upper_bound_offset)

    def read_batches(self, start_offset: int = 0, max_offset: int | None = None) -> list[bytes]:
        """Whole batches as bytes (tests, tools, small internal logs); not for the fetch path."""
        out = []
        with self.lock:
            segments = self.segments
            bound = self.log_end_offset if max_offset is None else max_offset
        for segment in segments:
            for _pos, batch in segment.batch_views(0):
                if batch.last_offset >= start_offset and batch.base_offset < bound:
                    out.append(bytes(batch.buf))
        return out

    # --- timestamps / ListOffsets ----------------------------------------------------------------------------
    def fetch_offset_by_timestamp(self, timestamp: int, max_offset: int | None = None) -> TimestampOffset | None:
        """ListOffsets semantics; None when no record qualifies (the caller answers offset -1). With
        `max_offset` (the HW or LSO for a client) a record at or beyond it does not qualify, and LATEST is
        capped there."""
        found = self._offset_by_timestamp(timestamp)
        if max_offset is None or found is None:
            return found
        if timestamp == LATEST_TIMESTAMP:
            return found._replace(offset=min(found.offset, max_offset))
        if timestamp in (EARLIEST_TIMESTAMP, EARLIEST_LOCAL_TIMESTAMP):
            return found
        return found if found.offset < max_offset else None

    def _offset_by_timestamp(self, timestamp: int) -> TimestampOffset | None:
        with self.lock:
            segments = self.segments
            if timestamp in (EARLIEST_TIMESTAMP, EARLIEST_LOCAL_TIMESTAMP):
                return TimestampOffset(R.NO_TIMESTAMP, self.log_start_offset,
                                       self._epoch_for(self.log_start_offset))
            if timestamp == LATEST_TIMESTAMP:
                latest = self.leader_epoch_cache.latest_epoch()
                return TimestampOffset(R.NO_TIMESTAMP, self.log_end_offset, -1 if latest is None else latest)
            if timestamp == LATEST_TIERED_TIMESTAMP:
                return None
            start = self.log_start_offset
        if timestamp == MAX_TIMESTAMP:
            return self._max_timestamp_offset(segments, start)
        for segment in segments:
            if segment.largest_timestamp() < timestamp or segment.next_offset() <= start:
                continue
            found = segment.find_offset_by_timestamp(timestamp, start)
            if found is not None:
                offset, ts, epoch = found
                return TimestampOffset(ts, offset, epoch)
        return None

    def _max_timestamp_offset(self, segments: list[LogSegment], start: int) -> TimestampOffset | None:
        best = None
        for segment in segments:
            ts = segment.max_timestamp_so_far
            if ts >= 0 and (best is None or ts > best.max_timestamp_so_far):
                best = segment
        if best is None:
            return None
        target = best.max_timestamp_so_far
        found = best.find_offset_by_timestamp(target, start)
        if found is None:
            return None
        offset, ts, epoch = found
        return TimestampOffset(ts, offset, epoch)

    def _epoch_for(self, offset: int) -> int:
        epoch = self.leader_epoch_cache.epoch_for_offset(offset)
        return -1 if epoch is None else epoch

    # --- log start offset / truncation -----------------------------------------------------------------------
    def maybe_increment_log_start_offset(self, new_start: int, high_watermark: int | None = None) -> bool:
        """DeleteRecords / retention: move the log start forward (never past the HW or the LEO)."""
        with self.lock:
            limit = self.log_end_offset if high_watermark is None else min(high_watermark, self.log_end_offset)
            if new_start > limit:
                raise OffsetOutOfRangeError(f"Cannot increment the log start offset to {new_start} of partition "
                                            f"{self.name} since it is larger than the high watermark {limit}")
            if new_start <= self.log_start_offset:
                return False
            self.log_start_offset = new_start
            self.leader_epoch_cache.truncate_from_start(new_start)
            return True

    def truncate_to(self, target_offset: int) -> bool:
        """Remove every record at or above `target_offset` (follower truncation)."""
        with self.lock:
            self._check_open()
            if target_offset < 0:
                raise ValueError(f"Cannot truncate {self.name} to a negative offset {target_offset}")
            if target_offset >= self.log_end_offset:
                # An epoch this node assigned at the log end as leader, then wrote nothing in, conflicts with
                # the new leader's history: drop it as Kafka's truncateTo does.
                self.leader_epoch_cache.truncate_from_end(self.log_end_offset)
                self._latest_epoch = self.leader_epoch_cache.latest_epoch()
                return False
            if target_offset <= self._view.bases[0]:
                self.truncate_fully_and_start_at(target_offset)
                return True
            self._remove_segments([s for s in self.segments if s.base_offset >= target_offset])
            self.active_segment.truncate_to(target_offset)
            self.active_segment.make_active(self.config.segment_index_bytes)
            # A batch straddling the target went whole; the log still ends at the target, as Kafka's truncateTo
            # sets it, so the leader's next batch lands where the leader says.
            self.log_end_offset = target_offset
            self.recovery_point = min(self.recovery_point, self.log_end_offset)
            self._truncations += 1
            self.log_start_offset = min(self.log_start_offset, self.log_end_offset)
            self.leader_epoch_cache.truncate_from_end(self.log_end_offset)
            self._latest_epoch = self.leader_epoch_cache.latest_epoch()
            self._rebuild_producer_state()
            return True

    def truncate_fully_and_start_at(self, new_offset: int) -> None:
        with self.lock:
            self._remove_segments(self.segments, replacement=functools.partial(self._new_segment, new_offset))
            self.log_end_offset = new_offset
            self.log_start_offset = new_offset
            self.recovery_point = new_offset
            self._truncations += 1
            self.leader_epoch_cache.truncate_from_end(new_offset)
            self._latest_epoch = self.leader_epoch_cache.latest_epoch()
            self.producer_state.delete_snapshots_below(1 << 62)
            self.producer_state.truncate_and_reload(new_offset, new_offset)
            self.publish_first_unstable_offset()

    def _rebuild_producer_state(self) -> None:
        from kbroker.log.loader import rebuild_producer_state
        rebuild_producer_state(self)

    # --- deletion (retention, truncation, cleaner swap) ------------------------------------------------------
    def delete_segments(self, segments: list[LogSegment]) -> int:
        """Remove whole segments from the log (retention); rolls first if the active one goes."""
        with self.lock:
            if not segments:
                return 0
            if segments[-1] is self.active_segment:
                self.roll()
            self._remove_segments(segments)
            first_base = self._view.bases[0]
            if first_base > self.log_start_offset:
                self.log_start_offset = first_base
                self.leader_epoch_cache.truncate_from_start(first_base)
            self.producer_state.delete_snapshots_below(min(first_base, self.producer_state.last_map_offset))
            return len(segments)

    def _remove_segments(self, segments: list[LogSegment],
                         replacement: Callable[[], LogSegment] | None = None) -> None:
        """Take segments out of the log now, and put the segment `replacement` makes in, in the same view. Their
        files go to `.deleted` first (so a replacement at the same base offset opens files of its own) and vanish
        after the delay."""
        due = self.clock() + self.config.file_delete_delay_ms
        for segment in segments:
            segment.rename_suffix("", DELETED_SUFFIX)
            self.pending_deletes.append(PendingDelete(due, segment))
        self._change_segments(segments, replacement() if replacement is not None else None)
        if self.config.file_delete_delay_ms <= 0:
            self.run_scheduled_deletes()

    def run_scheduled_deletes(self, everything: bool = False) -> int:
        """Delete the files whose file.delete.delay.ms has passed (the broker calls this periodically), or all
        of them now."""
        with self.lock:
            now = self.clock()
            due = [p for p in self.pending_deletes if everything or p.due_ms <= now]
            self.pending_deletes = [p for p in self.pending_deletes if not everything and p.due_ms > now]
        for pending in due:
            if pending.unlink:
                pending.segment.delete_files()
            else:
                pending.segment.close()
        return len(due)

    def replace_segments(self, cleaned: LogSegment, old_segments: list[LogSegment]) -> None:
        """Swap a cleaned segment (files ending in `.cleaned`, base = old_segments[0].base_offset) in for
        `old_segments`: .cleaned -> .swap, old -> .deleted, .swap -> live (Kafka's replaceSegments). A reader
        sees the old segments or the cleaned one, never neither."""
        from kbroker.log.segment import CLEANED_SUFFIX, SWAP_SUFFIX
        with self.lock:
            cleaned.on_become_inactive()
            cleaned.rename_suffix(CLEANED_SUFFIX, SWAP_SUFFIX)
            current = self._view.by_base
            self._remove_segments([s for s in old_segments if current.get(s.base_offset) is s], replacement=lambda: cleaned)
            cleaned.rename_suffix(SWAP_SUFFIX, "")

    # --- lifecycle -------------------------------------------------------------------------------------------
    def _check_open(self) -> None:
        if self.closed:
            raise LogError(errors.KAFKA_STORAGE_ERROR.code, self.offline_reason or f"Log {self.name} is closed")

    def _os_failure(self, action: str, exc: OSError) -> LogError:
        """What an OSError from writing this log's files becomes (see _offline_on_os_error)."""
        if exc.errno in RESOURCE_EXHAUSTED:
            return self._resources_exhausted(action, exc)
        return self._storage_failure(action, exc)

    def _storage_failure(self, action: str, exc: OSError) -> LogError:
        """A write to this log's files failed (disk full, I/O error): the log goes offline, so nothing is
        appended behind a torn write, and `on_storage_failure` hears of it (Kafka's LogDirFailureChannel: the
        whole log dir goes offline, and the broker halts when no log dir is left). Callers get
        KAFKA_STORAGE_ERROR."""
        reason = f"Error while {action} log for {self.name} in dir {os.path.dirname(self.directory)}: {exc}"
        self.take_offline(reason)
        if self.on_storage_failure is not None:
            self.on_storage_failure(self)
        return LogError(errors.KAFKA_STORAGE_ERROR.code, reason)

    def _resources_exhausted(self, action: str, exc: OSError) -> LogError:
        """An operation that needed a new file or mapping (a roll) could not get one: it fails with
        KAFKA_STORAGE_ERROR and changes nothing (roll opens the new segment before it touches the old one), so
        the log stays online and the next append tries again. Kafka cannot tell this from a disk failure (both
        are an IOException) and takes the whole log dir offline; on a single node that halts the broker for a
        limit that is the process's, not the disk's."""
        reason = f"Error while {action} log for {self.name} in dir {os.path.dirname(self.directory)}: {exc}"
        log.error("%s (the log stays online)", reason)
        return LogError(errors.KAFKA_STORAGE_ERROR.code, reason)

    def take_offline(self, reason: str) -> None:
        """Refuse every later append, read, roll and flush with KAFKA_STORAGE_ERROR; the files are left as
        they are for recovery at the next start (no clean close)."""
        # No lock: the dir-failure handler takes sibling logs offline while holding the failed log's lock.
        if self.offline_reason is None:
            self.offline_reason = reason
        self.closed = True

    def close(self) -> None:
        """Clean close: producer snapshot at the LEO, indexes trimmed, everything fsynced. The caller writes
        the log dir's clean-shutdown marker afterwards."""
        with self.lock:
            if self.closed:
                return
            active = self.active_segment
            # An empty log has nothing to snapshot or flush (what keeps the shutdown of 10,000 new partitions
            # short); Kafka too skips both when nothing was appended since the last.
            empty = len(self._view.bases) == 1 and active.size == 0 and not self.producer_state.producers
            if not empty:
                self.producer_state.last_map_offset = self.log_end_offset
                self.producer_state.take_snapshot()
                for segment in self._segments_from(self.recovery_point):  # a rolled one may await its flush
                    segment.flush()
            for segment in self._view.by_base.values():
                segment.on_become_inactive()
                segment.close()
            epochs = self.leader_epoch_cache
            # (a log ending at offset 0 keeps no entry over a restart: the load truncates every one)
            if self.log_end_offset > 0 and not (epochs.saved and (epochs.synced or empty)):
                epochs.flush(sync=not empty)
            for pending in self.pending_deletes:
                pending.segment.close()
            self.closed = True

    def close_without_flush(self) -> None:
        """Drop file handles without the clean-shutdown work (tests simulating a crash in-process)."""
        with self.lock:
            for segment in self._view.by_base.values():
                segment.close()
            self.closed = True

    def delete(self, keep_open: bool = False) -> None:
        """Delete the partition directory (topic deletion, a replica moved away). With `keep_open` the segments
        stay open, their files unlinked, until run_scheduled_deletes finds file.delete.delay.ms passed, as Kafka
        closes a deleted log only after that delay: a fetch response being sent from them goes out whole, where
        a closed descriptor would fail it, or, its number taken by the next file opened, send that file's
        bytes."""
        import shutil
        with self.lock:
            segments = list(self._view.by_base.values()) + [p.segment for p in self.pending_deletes]
            self.closed = True  # before the segments go: a reader that finds none then finds the log closed
            self._view = _NO_SEGMENTS
            if keep_open:
                # The directory goes now, so nothing is unlinked later: by then a topic of the same name may
                # have files at the same paths.
                due = self.clock() + self.config.file_delete_delay_ms
                self.pending_deletes = [PendingDelete(due, segment, unlink=False) for segment in segments]
            else:
                for segment in segments:
                    segment.close()
                self.pending_deletes = []
        shutil.rmtree(self.directory, ignore_errors=True)


def parse_topic_partition(dirname: str) -> tuple[str, int]:
    topic, _, partition = dirname.rpartition("-")
    if not topic or not partition.isdigit():
        raise ValueError(f"{dirname!r} is not a <topic>-<partition> directory name")
    return topic, int(partition)
