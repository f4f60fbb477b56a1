"""The message browser's reading: the records of one partition this node leads, read through the log's own read
path (Log.read, as Fetch reads) from an offset, at most a count of records and PAGE_BYTES of log bytes per page.
Only committed data is shown: nothing at or beyond the high watermark, nor, with read_committed, beyond the last
stable offset, where records of aborted transactions are hidden too (the log's aborted-transaction index, as a
read_committed consumer drops them). Control batches (transaction markers) are never shown as records.
Compressed batches are decompressed, to at most DECODED_BYTES each. Records are returned as raw bytes; how they
are shown is record_format's job."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

import attrs

from kbroker.http.record_format import FORMATS, TEXT
from kbroker.log.log import LogError
from kbroker.protocol import compression
from kbroker.protocol.records import LOG_APPEND_TIME, InvalidBatchError, Record, iter_batches

DEFAULT_COUNT = 20
MAX_COUNT = 500
PAGE_BYTES = 1 << 20  # log bytes read for one page
DECODED_BYTES = 8 << 20  # a compressed batch that decompresses beyond this is not shown


class BadQuery(ValueError):
    """A browser query parameter that is not valid (answered 400 with this message)."""


@attrs.frozen
class Query:
    start: int | None  # None: the newest `count` records
    count: int
    format: str
    read_committed: bool

    @classmethod
    def parse(cls, params: Mapping[str, str]) -> Query:
        start = _integer(params, "offset", None)
        count = _integer(params, "count", DEFAULT_COUNT)
        if start is not None and start < 0:
            raise BadQuery(f"offset must be at least 0, not {start}")
        if not 1 <= count <= MAX_COUNT:
            raise BadQuery(f"count must be between 1 and {MAX_COUNT}, not {count}")
        shown = params.get("format", TEXT)
        if shown not in FORMATS:
            raise BadQuery(f"format must be one of {', '.join(FORMATS)}, not {shown!r}")
        isolation = params.get("isolation", "read_uncommitted")
        if isolation not in ("read_uncommitted", "read_committed"):
            raise BadQuery(f"isolation must be read_uncommitted or read_committed, not {isolation!r}")
        return cls(start, count, shown, isolation == "read_committed")


def _integer(params: Mapping[str, str], name: str, default: int | None) -> int | None:
    value = params.get(name, "")
    if value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise BadQuery(f"{name} must be an integer, not {value!r}") from None


@attrs.frozen
class ReadRecord:
    record: Record
    timestamp: int
    log_append_time: bool  # the timestamp type of its batch: LogAppendTime, else CreateTime
    transactional: bool


@attrs.frozen
class RecordsRead:
    records: Sequence[ReadRecord]
    start: int  # the offset reading began at
    next_offset: int  # where the next page begins
    upper: int  # the high watermark, or the last stable offset with read_committed
    log_start: int
    high_watermark: int
    stopped: str | None  # why fewer records than asked were read, when something other than the end stopped it


def read_records(log, high_watermark: int, query: Query) -> RecordsRead:
    """Up to `query.count` records of `log` from `query.start` (default: the newest ones), below the HW."""
    upper = log.last_stable_offset(high_watermark) if query.read_committed else high_watermark
    log_start = log.log_start_offset
    start = max(log_start, upper - query.count) if query.start is None else query.start
    start = min(max(start, log_start), max(upper, log_start))
    aborted = log.collect_aborted_transactions(start, upper) if query.read_committed and start < upper else []
    reader = _Reader(query.count, start, aborted)
    budget = PAGE_BYTES
    while not reader.full() and reader.position < upper and reader.stopped is None:
        try:
            read = log.read(reader.position, budget, max_offset=upper, min_one_message=False)
            data = _bytes_of(read.regions[0]) if read.regions else b""
        except (LogError, OSError) as exc:
            reader.stopped = f"reading at offset {reader.position} failed: {exc}"
            break
        budget -= len(data)
        if not reader.take(data, upper):
            reader.stopped = (f"the batch at offset {reader.position} does not fit in what is left of the "
                              f"{PAGE_BYTES} bytes one page reads")
            break
    return RecordsRead(reader.records, start, reader.next_offset(), upper, log_start, high_watermark,
                       reader.stopped)


def _bytes_of(region) -> bytes:
    """The bytes of a segment region (its file stays open while file.delete.delay.ms runs, as for a fetch)."""
    return os.pread(region.fd, region.length, region.position)


class _Reader:
    """Turns the batches read into ReadRecords, from `start`, at most `count`."""

    def __init__(self, count: int, start: int, aborted) -> None:
        self.count = count
        self.position = start
        self.aborted = aborted
        self.records: list[ReadRecord] = []
        self.stopped: str | None = None

    def full(self) -> bool:
        return len(self.records) >= self.count

    def next_offset(self) -> int:
        return self.records[-1].record.offset + 1 if self.full() else self.position

    def take(self, data: bytes, upper: int) -> bool:
        """Read the whole batches in `data`; False when it held none."""
        took = False
        for batch in iter_batches(data):
            if batch.base_offset >= upper or self.full():
                break
            took = True
            if not batch.is_control and not self._aborted(batch):
                try:
                    records = list(batch.records(DECODED_BYTES))
                except (InvalidBatchError, compression.CompressionError) as exc:
                    self.stopped = f"the batch at offset {batch.base_offset} cannot be decoded: {exc}"
                    return True
                log_append = batch.timestamp_type == LOG_APPEND_TIME
                for record in records:
                    if record.offset < self.position or record.offset >= upper or self.full():
                        continue
                    timestamp = batch.max_timestamp if log_append else record.timestamp
                    self.records.append(ReadRecord(record, timestamp, log_append, batch.is_transactional))
            self.position = max(self.position, batch.next_offset)
        return took

    def _aborted(self, batch) -> bool:
        if not batch.is_transactional:
            return False
        offset = batch.base_offset
        return any(txn.producer_id == batch.producer_id and txn.first_offset <= offset <= txn.last_offset
                   for txn in self.aborted)
