"""One log segment: `<base>.log` with its `.index` and `.timeindex` (Kafka's LogSegment).

A segment holds one file descriptor, its `.log`'s (also what fetches send from); its indexes are memory maps
that hold none (kbroker.log.file_map), and an older segment's are mapped on first use.

A segment appends whole validated batches with one write, keeps a sparse index entry every
`index.interval.bytes` (batch last offset -> batch position, as Kafka 4 does), reads by offset as a file region,
finds offsets by timestamp, recovers (CRC-checks and re-indexes) its batches and truncates.
"""

from __future__ import annotations

import os
import struct
import threading
from collections.abc import Callable, Iterator
from typing import NamedTuple

from kbroker.log.offset_index import OffsetIndex
from kbroker.log.time_index import NO_TIMESTAMP, TimeIndex
from kbroker.log.txn_index import TransactionIndex
from kbroker.protocol import records as R

LOG_SUFFIX = ".log"
INDEX_SUFFIX = ".index"
TIME_INDEX_SUFFIX = ".timeindex"
TXN_INDEX_SUFFIX = ".txnindex"
DELETED_SUFFIX = ".deleted"
CLEANED_SUFFIX = ".cleaned"
SWAP_SUFFIX = ".swap"

_LEN = struct.Struct(">qi")
# baseOffset, batchLength, lastOffsetDelta, maxTimestamp: the header prefix a BatchLocation is made of.
_LOCATION = struct.Struct(">qi11xi8xq")


def filename_prefix(offset: int) -> str:
    return f"{offset:020d}"


def log_file_path(directory: str, base_offset: int, suffix: str = "") -> str:
    return os.path.join(directory, filename_prefix(base_offset) + LOG_SUFFIX + suffix)


class FileRegion(NamedTuple):
    """Bytes of a segment file to send with os.sendfile; the fd stays open until the segment is deleted
    (and deletion waits file.delete.delay.ms), so a region handed out is readable for that long."""
    fd: int
    position: int
    length: int


class BatchLocation(NamedTuple):
    position: int
    size: int
    base_offset: int
    last_offset: int
    max_timestamp: int


class _OpenFiles:
    """How many segment files this process holds open (what kbroker.partition.headroom estimates from)."""

    def __init__(self):
        self.count = 0
        self._lock = threading.Lock()

    def add(self, n: int) -> None:
        with self._lock:
            self.count += n


open_log_files = _OpenFiles()


class LogSegment:
    def __init__(self, directory: str, base_offset: int, *, index_interval_bytes: int, max_index_size: int,
                 created_ms: int, active: bool, suffix: str = ""):
        self.directory = directory
        self.base_offset = base_offset
        self.index_interval_bytes = index_interval_bytes
        self.log_path = log_file_path(directory, base_offset, suffix)
        self.fd = os.open(self.log_path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o644)
        open_log_files.add(1)
        self.size = 0
        prefix = os.path.join(directory, filename_prefix(base_offset))
        try:
            self.size = os.fstat(self.fd).st_size
            self.offset_index = OffsetIndex(prefix + INDEX_SUFFIX + suffix, base_offset, max_index_size, active)
            self.time_index = TimeIndex(prefix + TIME_INDEX_SUFFIX + suffix, base_offset, max_index_size, active)
        except OSError:
            # (out of descriptors or memory maps): hold nothing, and leave no new empty segment behind
            os.close(self.fd)
            open_log_files.add(-1)
            if self.size == 0:
                for path in (self.log_path, prefix + INDEX_SUFFIX + suffix, prefix + TIME_INDEX_SUFFIX + suffix):
                    _unlink_quietly(path)
            raise
        self.txn_index = TransactionIndex(base_offset, prefix + TXN_INDEX_SUFFIX + suffix)
        self.created_ms = created_ms
        self.bytes_since_last_index_entry = 0
        self.rolling_based_timestamp: int | None = None
        self._max_ts_and_offset: tuple[int, int] | None = None
        self.deleted = False

    # --- state -----------------------------------------------------------------------------------------------
    @property
    def max_timestamp_and_offset(self) -> tuple[int, int]:
        if self._max_ts_and_offset is None:
            self._max_ts_and_offset = self.time_index.last_entry
        return self._max_ts_and_offset

    @property
    def max_timestamp_so_far(self) -> int:
        return self.max_timestamp_and_offset[0]

    def largest_timestamp(self) -> int:
        """Max batch timestamp, or the file's mtime when the segment holds none (Kafka's rule)."""
        ts = self.max_timestamp_so_far
        if ts >= 0:
            return ts
        return int(os.fstat(self.fd).st_mtime * 1000)

    def next_offset(self) -> int:
        """Offset after the last batch (base offset when empty)."""
        last = self.last_batch()
        return last.last_offset + 1 if last else self.base_offset

    def last_batch(self) -> BatchLocation | None:
        start = self.offset_index.lookup(1 << 62)[1] if self.offset_index.entries else 0
        last = None
        for loc in self.batches(start):
            last = loc
        return last

    # --- append ----------------------------------------------------------------------------------------------
    def append_batch(self, data, size: int, last_offset: int, max_timestamp: int) -> int:
        """append() for one batch of `size` bytes (a produce): one write, index upkeep; returns its position."""
        position = self.size
        if position == 0:
            self.rolling_based_timestamp = max_timestamp
        try:
            written = os.write(self.fd, data)
            if written < size:
                _write_all(self.fd, memoryview(data)[written:size])
        except OSError:
            self._cut_back_to(position)
            raise
        self.size = position + size
        max_ts_and_offset = self._max_ts_and_offset or self.max_timestamp_and_offset
        if max_timestamp > max_ts_and_offset[0]:
            max_ts_and_offset = self._max_ts_and_offset = (max_timestamp, last_offset)
        if self.bytes_since_last_index_entry > self.index_interval_bytes:
            self.offset_index.append(last_offset, position)
            time_index = self.time_index
            if not time_index.entries or max_ts_and_offset[0] > time_index.last_timestamp():
                time_index.maybe_append(*max_ts_and_offset)
            self.bytes_since_last_index_entry = size
        else:
            self.bytes_since_last_index_entry += size
        return position

    def append(self, data, batches: list[BatchLocation]) -> int:
        """Write `data` (the batches, laid out as in `batches` with positions relative to `data`) with one
        write; returns the file position it starts at."""
        physical = self.size
        if self.size == 0 and batches:
            self.rolling_based_timestamp = batches[0].max_timestamp
        try:
            _write_all(self.fd, data)
        except OSError:
            self._cut_back_to(physical)
            raise
        for loc in batches:
            if loc.max_timestamp > self.max_timestamp_so_far:
                self._max_ts_and_offset = (loc.max_timestamp, loc.last_offset)
            if self.bytes_since_last_index_entry > self.index_interval_bytes:
                self.offset_index.append(loc.last_offset, physical + loc.position)
                self.time_index.maybe_append(*self.max_timestamp_and_offset)
                self.bytes_since_last_index_entry = 0
            self.bytes_since_last_index_entry += loc.size
        self.size += len(data)
        return physical

    def _cut_back_to(self, position: int) -> None:
        """After a failed write: drop whatever part of it reached the file, so the file ends at the last whole
        batch again. Best effort: if this fails too, recovery at the next start truncates the torn batch."""
        try:
            os.ftruncate(self.fd, position)
        except OSError:
            pass

    def flush(self) -> None:
        """fsync the segment and its indexes. The periodic flush calls this from a worker thread while the event
        loop may close the segment (its topic deleted): a closed segment has nothing left to flush, and one
        closed during the fsync makes it fail with EBADF, which the log's flush tells apart by `closed`."""
        fd = self.fd  # read once: close() sets it to -1 from another thread
        if fd < 0:
            return
        os.fsync(fd)
        self.offset_index.flush()
        self.time_index.flush()
        self.txn_index.flush()

    # --- reading ---------------------------------------------------------------------------------------------
    def read_at(self, position: int, length: int) -> bytes:
        return os.pread(self.fd, length, position)

    def batches(self, start_position: int = 0, end_position: int | None = None) -> Iterator[BatchLocation]:
        """Headers of the whole batches from `start_position`; stops at a partial or garbage tail."""
        end = self.size if end_position is None else end_position
        pos = start_position
        while end - pos >= R.RECORD_BATCH_OVERHEAD:
            head = os.pread(self.fd, R.RECORD_BATCH_OVERHEAD, pos)
            if len(head) < R.RECORD_BATCH_OVERHEAD:
                return
            base, length = _LEN.unpack_from(head)
            size = R.LOG_OVERHEAD + length
            if length < R.RECORD_BATCH_OVERHEAD - R.LOG_OVERHEAD or pos + size > end:
                return
            view = R.RecordBatch(head, 0, size)
            yield BatchLocation(pos, size, base, base + view.last_offset_delta, view.max_timestamp)
            pos += size

    def batch_views(self, start_position: int = 0) -> Iterator[tuple[int, R.RecordBatch]]:
        """(position, full batch view) pairs: what the cleaner and recovery iterate."""
        for loc in self.batches(start_position):
            data = bytearray(os.pread(self.fd, loc.size, loc.position))
            yield loc.position, R.RecordBatch(data, 0, loc.size)

    def translate_offset(self, offset: int, start_position: int = 0) -> BatchLocation | None:
        """First batch whose last offset is >= `offset`, searching from the index entry at or below it."""
        # batches() inlined, reading only the header fields a BatchLocation needs: this runs on every fetch.
        floor, ceiling = self.offset_index.bracket(offset)
        pos = max(start_position, floor)
        end = self.size
        fd = self.fd
        if ceiling > pos and end - ceiling >= R.RECORD_BATCH_OVERHEAD:
            # the indexed batch ending at or above `offset` holds it unless more batches lie in between
            head = os.pread(fd, _LOCATION.size, ceiling)
            if len(head) == _LOCATION.size:
                base, length, last_offset_delta, max_timestamp = _LOCATION.unpack(head)
                size = R.LOG_OVERHEAD + length
                if (base <= offset <= base + last_offset_delta and ceiling + size <= end
                        and length >= R.RECORD_BATCH_OVERHEAD - R.LOG_OVERHEAD):
                    return BatchLocation(ceiling, size, base, base + last_offset_delta, max_timestamp)
        while end - pos >= R.RECORD_BATCH_OVERHEAD:
            head = os.pread(fd, _LOCATION.size, pos)
            if len(head) < _LOCATION.size:
                return None
            base, length, last_offset_delta, max_timestamp = _LOCATION.unpack(head)
            size = R.LOG_OVERHEAD + length
            if length < R.RECORD_BATCH_OVERHEAD - R.LOG_OVERHEAD or pos + size > end:
                return None
            if base + last_offset_delta >= offset:
                return BatchLocation(pos, size, base, base + last_offset_delta, max_timestamp)
            pos += size
        return None

    def read(self, start_offset: int, max_size: int, max_position: int | None = None,
             min_one_message: bool = True) -> tuple[FileRegion, BatchLocation] | None:
        """The region from the batch holding `start_offset` up to `max_size` bytes and `max_position`.

        As Kafka, the region may end inside a batch (clients drop a partial last batch); with
        `min_one_message` the first batch is returned whole even when larger than `max_size`.
        """
        first = self.translate_offset(start_offset)
        if first is None:
            return None
        limit = self.size if max_position is None else max_position
        adjusted = max(max_size, first.size) if min_one_message else max_size
        length = min(limit - first.position, adjusted)
        if length <= 0:
            return None
        return FileRegion(self.fd, first.position, length), first

    def find_offset_by_timestamp(self, timestamp: int, start_offset: int) -> tuple[int, int, int] | None:
        """(offset, timestamp, leader epoch) of the first record at or after `timestamp` from `start_offset`."""
        _ts, indexed_offset = self.time_index.lookup(timestamp)
        position = self.offset_index.lookup(max(indexed_offset, start_offset))[1]
        for loc in self.batches(position):
            if loc.max_timestamp < timestamp:
                continue
            data = bytearray(os.pread(self.fd, loc.size, loc.position))
            batch = R.RecordBatch(data, 0, loc.size)
            for record in batch.records():
                if record.timestamp >= timestamp and record.offset >= start_offset:
                    return record.offset, record.timestamp, batch.partition_leader_epoch
        return None

    # --- recovery / truncation -------------------------------------------------------------------------------
    def recover(self, on_batch: Callable[[R.RecordBatch], None] | None = None, contiguous: bool = False) -> int:
        """CRC-check every batch, rebuild both indexes, truncate at the first bad batch; returns bytes cut.

        baseOffset lies outside the CRC, so a batch also needs an offset above the previous batch's; with
        `contiguous` (logs that are never compacted: no offset gaps) it must be exactly the next one.
        """
        self.offset_index.reset()
        self.time_index.reset()
        self.txn_index.reset()
        self.offset_index.resize(self.offset_index.max_index_size)
        self.time_index.resize(self.time_index.max_index_size)
        self._max_ts_and_offset = (NO_TIMESTAMP, self.base_offset)
        self.bytes_since_last_index_entry = 0
        self.rolling_based_timestamp = None
        valid_end = 0
        expected_min_offset = self.base_offset
        for position, batch in self.batch_views(0):
            if not _recoverable(batch, expected_min_offset):
                break
            if contiguous and batch.base_offset != expected_min_offset:
                break
            if self.rolling_based_timestamp is None:
                self.rolling_based_timestamp = batch.max_timestamp
            last_offset = batch.last_offset
            if batch.max_timestamp > self.max_timestamp_so_far:
                self._max_ts_and_offset = (batch.max_timestamp, last_offset)
            if self.bytes_since_last_index_entry > self.index_interval_bytes and not (
                    self.offset_index.is_full or self.time_index.is_full):
                # (an index too small for the segment, e.g. after segment.index.bytes shrank, just gets sparser)
                self.offset_index.append(last_offset, position)
                self.time_index.maybe_append(*self.max_timestamp_and_offset)
                self.bytes_since_last_index_entry = 0
            self.bytes_since_last_index_entry += batch.size
            if on_batch is not None:
                on_batch(batch)
            expected_min_offset = last_offset + 1
            valid_end = position + batch.size
        truncated = self.size - valid_end
        if truncated:
            os.ftruncate(self.fd, valid_end)
            self.size = valid_end
        return truncated

    def truncate_to(self, offset: int) -> int:
        """Drop every batch holding an offset >= `offset`: a batch that straddles it goes whole, as in Kafka."""
        loc = self.translate_offset(offset)
        if loc is None:
            return 0
        position = loc.position
        self.offset_index.truncate_to(offset)
        self.time_index.truncate_to(offset)
        self.txn_index.truncate_to(offset)
        self.offset_index.resize(self.offset_index.max_index_size)
        self.time_index.resize(self.time_index.max_index_size)
        cut = self.size - position
        os.ftruncate(self.fd, position)
        self.size = position
        self._max_ts_and_offset = None
        if self.time_index.entries == 0:
            self._max_ts_and_offset = (NO_TIMESTAMP, self.base_offset)
            for b in self.batches(0):
                if b.max_timestamp > self._max_ts_and_offset[0]:
                    self._max_ts_and_offset = (b.max_timestamp, b.last_offset)
        self.bytes_since_last_index_entry = 0
        if position == 0:
            self.rolling_based_timestamp = None
        return cut

    def on_become_inactive(self) -> None:
        """On roll: last time-index entry for the segment's max timestamp, indexes trimmed to their entries."""
        if self.max_timestamp_so_far >= 0:
            self.time_index.maybe_append(*self.max_timestamp_and_offset, skip_full_check=True)
        self.offset_index.trim_to_valid_size()
        self.time_index.trim_to_valid_size()

    def release_indexes(self) -> None:
        """Unmap the offset and time indexes until their next use (Kafka's LazyIndex for older segments)."""
        self.offset_index.release()
        self.time_index.release()

    def make_active(self, max_index_size: int) -> None:
        self.offset_index.resize(max_index_size)
        self.time_index.resize(max_index_size)

    def sanity_check(self) -> None:
        self.offset_index.sanity_check()
        self.time_index.sanity_check()
        self.txn_index.sanity_check()

    def time_waited_for_roll(self, now_ms: int) -> int:
        base = self.rolling_based_timestamp if self.rolling_based_timestamp is not None else self.created_ms
        return now_ms - base

    # --- lifecycle -------------------------------------------------------------------------------------------
    @property
    def closed(self) -> bool:
        return self.fd < 0

    def close(self) -> None:
        self.offset_index.close()
        self.time_index.close()
        if self.fd >= 0:
            os.close(self.fd)
            open_log_files.add(-1)
            self.fd = -1

    def rename_suffix(self, old_suffix: str, new_suffix: str) -> None:
        """Rename all files of the segment from `...<old_suffix>` to `...<new_suffix>` (e.g. '' -> .deleted)."""
        for index in (self.offset_index, self.time_index, self.txn_index):
            index.rename(index.path[:len(index.path) - len(old_suffix)] + new_suffix)
        new_log = self.log_path[:len(self.log_path) - len(old_suffix)] + new_suffix
        os.rename(self.log_path, new_log)
        self.log_path = new_log

    def delete_files(self) -> None:
        paths = [self.log_path, self.offset_index.path, self.time_index.path, self.txn_index.path]
        self.close()
        for path in paths:
            _unlink_quietly(path)
        self.deleted = True


def _recoverable(batch: R.RecordBatch, expected_min_offset: int) -> bool:
    # baseOffset is outside the CRC, so offsets must also move forward for a batch to count as valid.
    if batch.magic != R.CURRENT_MAGIC:
        return False
    if batch.base_offset < expected_min_offset or batch.last_offset_delta < 0:
        return False
    return batch.is_valid()


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _write_all(fd: int, data) -> None:
    mv = memoryview(data)
    written = os.write(fd, mv)
    while written < len(mv):
        written += os.write(fd, mv[written:])
