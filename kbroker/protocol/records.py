"""Kafka RecordBatch v2 (magic 2): a zero-copy view over a buffer, in-place patching, iteration, builders.

Layout of a batch header (big-endian, 61 bytes; CRC32C covers bytes [21, end)):

    0 baseOffset int64 | 8 batchLength int32 (bytes after this field) | 12 partitionLeaderEpoch int32
   16 magic int8 | 17 crc uint32 | 21 attributes int16 | 23 lastOffsetDelta int32 | 27 baseTimestamp int64
   35 maxTimestamp int64 | 43 producerId int64 | 51 producerEpoch int16 | 53 baseSequence int32
   57 recordsCount int32 | 61 records (compressed as one stream when the codec is not none)

Records are varint-framed: length, attributes int8, timestampDelta varlong, offsetDelta varint,
key (varint length, -1 = null), value (likewise), header count, headers (key string, value bytes or null).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import NamedTuple

import crc32c as _crc32c

from kbroker.protocol import compression

BASE_OFFSET_OFFSET = 0
LENGTH_OFFSET = 8
PARTITION_LEADER_EPOCH_OFFSET = 12
MAGIC_OFFSET = 16
CRC_OFFSET = 17
ATTRIBUTES_OFFSET = 21
LAST_OFFSET_DELTA_OFFSET = 23
BASE_TIMESTAMP_OFFSET = 27
MAX_TIMESTAMP_OFFSET = 35
PRODUCER_ID_OFFSET = 43
PRODUCER_EPOCH_OFFSET = 51
BASE_SEQUENCE_OFFSET = 53
RECORDS_COUNT_OFFSET = 57
RECORDS_OFFSET = 61
RECORD_BATCH_OVERHEAD = RECORDS_OFFSET
LOG_OVERHEAD = 12  # baseOffset + batchLength: what precedes the length-counted part
HEADER_SIZE_UP_TO_MAGIC = MAGIC_OFFSET + 1

CURRENT_MAGIC = 2
NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1
NO_SEQUENCE = -1
NO_PARTITION_LEADER_EPOCH = -1
NO_TIMESTAMP = -1

COMPRESSION_CODEC_MASK = 0x07
TIMESTAMP_TYPE_MASK = 0x08
TRANSACTIONAL_FLAG_MASK = 0x10
CONTROL_FLAG_MASK = 0x20
DELETE_HORIZON_FLAG_MASK = 0x40

CREATE_TIME = 0
LOG_APPEND_TIME = 1

CONTROL_ABORT = 0
CONTROL_COMMIT = 1

# The whole 61-byte header in one call; fields in layout order (indexes below).
BATCH_HEADER = struct.Struct(">qiibIhiqqqhii")
_HEADER = BATCH_HEADER
H_BASE_OFFSET, H_LENGTH, H_PARTITION_LEADER_EPOCH, H_MAGIC, H_CRC, H_ATTRIBUTES, H_LAST_OFFSET_DELTA, \
    H_BASE_TIMESTAMP, H_MAX_TIMESTAMP, H_PRODUCER_ID, H_PRODUCER_EPOCH, H_BASE_SEQUENCE, H_RECORDS_COUNT = range(13)
_I64 = struct.Struct(">q")
_I32 = struct.Struct(">i")
_U32 = struct.Struct(">I")
_I16 = struct.Struct(">h")
_I8 = struct.Struct(">b")
_ATTR_AND_DELTA = struct.Struct(">hi")
_CONTROL_KEY = struct.Struct(">hh")
_CONTROL_VALUE = struct.Struct(">hi")


def crc32c(data) -> int:
    return _crc32c.crc32c(data)


class RecordBatch:
    """A view of one batch at `buf[pos:pos+size]`; reads fields straight from the buffer.

    The buffer may be a writable memoryview/bytearray (then the setters patch it in place) or read-only.
    """

    __slots__ = ("buf", "pos", "size")

    def __init__(self, buf, pos: int = 0, size: int | None = None):
        self.buf = buf
        self.pos = pos
        self.size = size if size is not None else LOG_OVERHEAD + _I32.unpack_from(buf, pos + LENGTH_OFFSET)[0]

    # --- header fields -------------------------------------------------------------------------------------
    @property
    def base_offset(self) -> int:
        return _I64.unpack_from(self.buf, self.pos)[0]

    @property
    def batch_length(self) -> int:
        return _I32.unpack_from(self.buf, self.pos + LENGTH_OFFSET)[0]

    @property
    def partition_leader_epoch(self) -> int:
        return _I32.unpack_from(self.buf, self.pos + PARTITION_LEADER_EPOCH_OFFSET)[0]

    @property
    def magic(self) -> int:
        return _I8.unpack_from(self.buf, self.pos + MAGIC_OFFSET)[0]

    @property
    def crc(self) -> int:
        return _U32.unpack_from(self.buf, self.pos + CRC_OFFSET)[0]

    @property
    def attributes(self) -> int:
        return _I16.unpack_from(self.buf, self.pos + ATTRIBUTES_OFFSET)[0]

    @property
    def compression_type(self) -> int:
        return self.attributes & COMPRESSION_CODEC_MASK

    @property
    def timestamp_type(self) -> int:
        return LOG_APPEND_TIME if self.attributes & TIMESTAMP_TYPE_MASK else CREATE_TIME

    @property
    def is_transactional(self) -> bool:
        return bool(self.attributes & TRANSACTIONAL_FLAG_MASK)

    @property
    def is_control(self) -> bool:
        return bool(self.attributes & CONTROL_FLAG_MASK)

    @property
    def has_delete_horizon(self) -> bool:
        return bool(self.attributes & DELETE_HORIZON_FLAG_MASK)

    @property
    def last_offset_delta(self) -> int:
        return _I32.unpack_from(self.buf, self.pos + LAST_OFFSET_DELTA_OFFSET)[0]

    @property
    def last_offset(self) -> int:
        return self.base_offset + self.last_offset_delta

    @property
    def next_offset(self) -> int:
        return self.last_offset + 1

    @property
    def base_timestamp(self) -> int:
        return _I64.unpack_from(self.buf, self.pos + BASE_TIMESTAMP_OFFSET)[0]

    @property
    def max_timestamp(self) -> int:
        return _I64.unpack_from(self.buf, self.pos + MAX_TIMESTAMP_OFFSET)[0]

    @property
    def delete_horizon_ms(self) -> int:
        return self.base_timestamp if self.has_delete_horizon else NO_TIMESTAMP

    @property
    def producer_id(self) -> int:
        return _I64.unpack_from(self.buf, self.pos + PRODUCER_ID_OFFSET)[0]

    @property
    def has_producer_id(self) -> bool:
        return self.producer_id > NO_PRODUCER_ID

    @property
    def producer_epoch(self) -> int:
        return _I16.unpack_from(self.buf, self.pos + PRODUCER_EPOCH_OFFSET)[0]

    @property
    def base_sequence(self) -> int:
        return _I32.unpack_from(self.buf, self.pos + BASE_SEQUENCE_OFFSET)[0]

    @property
    def last_sequence(self) -> int:
        base = self.base_sequence
        if base == NO_SEQUENCE:
            return NO_SEQUENCE
        return increment_sequence(base, self.last_offset_delta)

    @property
    def records_count(self) -> int:
        return _I32.unpack_from(self.buf, self.pos + RECORDS_COUNT_OFFSET)[0]

    def header(self) -> tuple:
        """All header fields at once, in layout order (one struct call)."""
        return _HEADER.unpack_from(self.buf, self.pos)

    # --- integrity -----------------------------------------------------------------------------------------
    def compute_crc(self) -> int:
        mv = memoryview(self.buf)
        return crc32c(mv[self.pos + ATTRIBUTES_OFFSET:self.pos + self.size])

    def is_valid(self) -> bool:
        return self.size >= RECORD_BATCH_OVERHEAD and self.crc == self.compute_crc()

    # --- in-place patching ---------------------------------------------------------------------------------
    def set_base_offset(self, offset: int) -> None:
        """Not covered by the CRC: no recompute."""
        _I64.pack_into(self.buf, self.pos, offset)

    def set_last_offset(self, last_offset: int) -> None:
        self.set_base_offset(last_offset - self.last_offset_delta)

    def set_partition_leader_epoch(self, epoch: int) -> None:
        """Not covered by the CRC: no recompute."""
        _I32.pack_into(self.buf, self.pos + PARTITION_LEADER_EPOCH_OFFSET, epoch)

    def set_max_timestamp(self, timestamp_type: int, max_timestamp: int) -> None:
        """Rewrite the timestamp type bit and maxTimestamp; the CRC is recomputed only if either changed."""
        attributes = self.attributes
        current_type = LOG_APPEND_TIME if attributes & TIMESTAMP_TYPE_MASK else CREATE_TIME
        if current_type == timestamp_type and self.max_timestamp == max_timestamp:
            return
        if timestamp_type == LOG_APPEND_TIME:
            attributes |= TIMESTAMP_TYPE_MASK
        else:
            attributes &= ~TIMESTAMP_TYPE_MASK
        _I16.pack_into(self.buf, self.pos + ATTRIBUTES_OFFSET, attributes)
        _I64.pack_into(self.buf, self.pos + MAX_TIMESTAMP_OFFSET, max_timestamp)
        _U32.pack_into(self.buf, self.pos + CRC_OFFSET, self.compute_crc())

    # --- records -------------------------------------------------------------------------------------------
    def records_payload(self) -> memoryview:
        mv = memoryview(self.buf)
        return mv[self.pos + RECORDS_OFFSET:self.pos + self.size]

    def uncompressed_records(self, max_size: int) -> memoryview:
        """The record bytes, decompressed when needed, never more than `max_size` bytes."""
        payload = self.records_payload()
        codec = self.compression_type
        if codec == compression.NONE:
            return payload
        return memoryview(compression.decompress(codec, payload, max_size))

    def records(self, max_size: int = 1 << 30) -> Iterator[Record]:
        """Every record, fully decoded (keys, values, headers)."""
        data = self.uncompressed_records(max_size)
        yield from iter_records(data, self.records_count, self.base_offset, self.base_timestamp)

    def control_record(self) -> ControlRecord:
        """The marker carried by a control batch (its first record)."""
        for record in self.records():
            return parse_control_record(record)
        raise InvalidBatchError("control batch without records")

    def tobytes(self) -> bytes:
        return bytes(memoryview(self.buf)[self.pos:self.pos + self.size])

    def __repr__(self) -> str:
        return (f"RecordBatch(base_offset={self.base_offset}, last_offset={self.last_offset}, size={self.size}, "
                f"codec={self.compression_type}, count={self.records_count}, pid={self.producer_id}, "
                f"epoch={self.producer_epoch}, seq={self.base_sequence}, txn={self.is_transactional}, "
                f"control={self.is_control})")


class InvalidBatchError(ValueError):
    """Malformed batch or record bytes (the caller maps this to CORRUPT_MESSAGE / INVALID_RECORD)."""


class Header(NamedTuple):
    key: str
    value: bytes | None


class Record(NamedTuple):
    offset: int
    timestamp: int
    key: bytes | None
    value: bytes | None
    headers: tuple[Header, ...]
    attributes: int = 0
    size: int = 0


class ControlRecord(NamedTuple):
    type: int
    version: int
    coordinator_epoch: int


def increment_sequence(sequence: int, increment: int) -> int:
    """Sequences wrap at int32 max back to 0 (DefaultRecordBatch.incrementSequence)."""
    if sequence > 0x7FFFFFFF - increment:
        return increment - (0x7FFFFFFF - sequence) - 1
    return sequence + increment


def iter_batches(buf, start: int = 0, end: int | None = None) -> Iterator[RecordBatch]:
    """Batches laid end to end in `buf[start:end]`; stops silently at a partial batch or a bad length."""
    end = len(buf) if end is None else end
    pos = start
    while end - pos >= LOG_OVERHEAD:
        length = _I32.unpack_from(buf, pos + LENGTH_OFFSET)[0]
        size = LOG_OVERHEAD + length
        if length < RECORD_BATCH_OVERHEAD - LOG_OVERHEAD or pos + size > end:
            return
        yield RecordBatch(buf, pos, size)
        pos += size


# --- varints -----------------------------------------------------------------------------------------------

def read_varint(buf, pos: int) -> tuple[int, int]:
    """Zig-zag varint (int32 or int64) at `pos`; returns (value, next position)."""
    result = 0
    shift = 0
    while True:
        try:
            b = buf[pos]
        except IndexError:
            raise InvalidBatchError("varint runs past the end of the buffer") from None
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return (result >> 1) ^ -(result & 1), pos
        shift += 7
        if shift > 63:
            raise InvalidBatchError("varint is too long")


def write_varint(value: int, out: bytearray) -> None:
    v = (value << 1) ^ (value >> 63)
    v &= 0xFFFFFFFFFFFFFFFF
    while v > 0x7F:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)


def _read_bytes(buf, pos: int) -> tuple[bytes | None, int]:
    length, pos = read_varint(buf, pos)
    if length < 0:
        return None, pos
    if pos + length > len(buf):
        raise InvalidBatchError("record field runs past the end of the record")
    return bytes(buf[pos:pos + length]), pos + length


def iter_records(data, count: int, base_offset: int, base_timestamp: int) -> Iterator[Record]:
    """Decode `count` records from `data` (uncompressed record bytes); raises InvalidBatchError if malformed."""
    pos = 0
    end = len(data)
    for _ in range(count):
        length, pos = read_varint(data, pos)
        record_end = pos + length
        if length < 1 or record_end > end:
            raise InvalidBatchError(f"record length {length} does not fit in the batch")
        body = data[:record_end]
        attributes = body[pos]
        ts_delta, p = read_varint(body, pos + 1)
        offset_delta, p = read_varint(body, p)
        key, p = _read_bytes(body, p)
        value, p = _read_bytes(body, p)
        header_count, p = read_varint(body, p)
        if header_count < 0 or header_count > length:
            raise InvalidBatchError(f"invalid header count {header_count}")
        headers = []
        for _h in range(header_count):
            hkey, p = _read_bytes(body, p)
            if hkey is None:
                raise InvalidBatchError("null header key")
            hvalue, p = _read_bytes(body, p)
            headers.append(Header(hkey.decode("utf-8", "replace"), hvalue))
        if p != record_end:
            raise InvalidBatchError("record length does not match its fields")
        yield Record(base_offset + offset_delta, base_timestamp + ts_delta, key, value, tuple(headers),
                     attributes, length)
        pos = record_end
    if pos != end:
        raise InvalidBatchError(f"{end - pos} trailing bytes after {count} records")


class RecordSummary(NamedTuple):
    offset_delta: int
    timestamp_delta: int
    has_key: bool


def iter_record_summaries(data, count: int) -> Iterator[RecordSummary]:
    """Like iter_records but skips key/value/header contents (the validator's walk): checks framing only."""
    pos = 0
    end = len(data)
    for _ in range(count):
        length, pos = read_varint(data, pos)
        record_end = pos + length
        if length < 1 or record_end > end:
            raise InvalidBatchError(f"record length {length} does not fit in the batch")
        ts_delta, p = read_varint(data, pos + 1)
        offset_delta, p = read_varint(data, p)
        key_len, p = read_varint(data, p)
        if p > record_end:
            raise InvalidBatchError("record fields run past the record length")
        yield RecordSummary(offset_delta, ts_delta, key_len >= 0)
        pos = record_end
    if pos != end:
        raise InvalidBatchError(f"{end - pos} trailing bytes after {count} records")


def parse_control_record(record: Record) -> ControlRecord:
    if record.key is None or len(record.key) < 4:
        raise InvalidBatchError("control record key too short")
    version, ctype = _CONTROL_KEY.unpack_from(record.key)
    coordinator_epoch = 0
    if record.value is not None and len(record.value) >= 6:
        _value_version, coordinator_epoch = _CONTROL_VALUE.unpack_from(record.value)
    return ControlRecord(ctype, version, coordinator_epoch)


# --- builders ----------------------------------------------------------------------------------------------

def encode_record(out: bytearray, offset_delta: int, timestamp_delta: int, key: bytes | None,
                  value: bytes | None, headers=()) -> None:
    body = bytearray()
    body.append(0)  # record attributes: unused, always 0
    write_varint(timestamp_delta, body)
    write_varint(offset_delta, body)
    for field in (key, value):
        if field is None:
            write_varint(-1, body)
        else:
            write_varint(len(field), body)
            body += field
    write_varint(len(headers), body)
    for hkey, hvalue in headers:
        hk = hkey.encode() if isinstance(hkey, str) else hkey
        write_varint(len(hk), body)
        body += hk
        if hvalue is None:
            write_varint(-1, body)
        else:
            write_varint(len(hvalue), body)
            body += hvalue
    write_varint(len(body), out)
    out += body


def build_batch(records, *, base_offset: int = 0, compression_type: int = compression.NONE,
                timestamp_type: int = CREATE_TIME, producer_id: int = NO_PRODUCER_ID,
                producer_epoch: int = NO_PRODUCER_EPOCH, base_sequence: int = NO_SEQUENCE,
                transactional: bool = False, control: bool = False,
                partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH,
                delete_horizon_ms: int | None = None) -> bytearray:
    """A complete batch from `records`: iterable of (timestamp, key, value[, headers]) or Record-like tuples.

    Offsets inside the batch are 0..n-1 (deltas); baseTimestamp is the first record's timestamp
    (or the delete horizon when given), maxTimestamp the largest.
    """
    items = []
    for rec in records:
        if isinstance(rec, Record):
            items.append((rec.timestamp, rec.key, rec.value, rec.headers))
        else:
            ts, key, value, *rest = rec
            items.append((ts, key, value, tuple(rest[0]) if rest else ()))
    if not items:
        raise ValueError("a batch needs at least one record")
    first_ts = items[0][0]
    base_ts = delete_horizon_ms if delete_horizon_ms is not None else first_ts
    max_ts = max(item[0] for item in items)
    body = bytearray()
    for i, (ts, key, value, headers) in enumerate(items):
        encode_record(body, i, ts - base_ts, key, value, headers)
    payload = compression.compress(compression_type, bytes(body)) if compression_type else body
    attributes = compression_type & COMPRESSION_CODEC_MASK
    if timestamp_type == LOG_APPEND_TIME:
        attributes |= TIMESTAMP_TYPE_MASK
    if transactional:
        attributes |= TRANSACTIONAL_FLAG_MASK
    if control:
        attributes |= CONTROL_FLAG_MASK
    if delete_horizon_ms is not None:
        attributes |= DELETE_HORIZON_FLAG_MASK
    out = bytearray(RECORDS_OFFSET)
    _HEADER.pack_into(out, 0, base_offset, RECORDS_OFFSET - LOG_OVERHEAD + len(payload), partition_leader_epoch,
                      CURRENT_MAGIC, 0, attributes, len(items) - 1, base_ts, max_ts, producer_id, producer_epoch,
                      base_sequence, len(items))
    out += payload
    _U32.pack_into(out, CRC_OFFSET, crc32c(memoryview(out)[ATTRIBUTES_OFFSET:]))
    return out


def build_control_batch(control_type: int, *, timestamp: int, producer_id: int, producer_epoch: int,
                        coordinator_epoch: int = 0, base_offset: int = 0,
                        partition_leader_epoch: int = NO_PARTITION_LEADER_EPOCH) -> bytearray:
    """A transaction marker (COMMIT=1 / ABORT=0) as the coordinator writes it: transactional control batch."""
    key = _CONTROL_KEY.pack(0, control_type)
    value = _CONTROL_VALUE.pack(0, coordinator_epoch)
    return build_batch([(timestamp, key, value)], base_offset=base_offset, producer_id=producer_id,
                       producer_epoch=producer_epoch, base_sequence=NO_SEQUENCE, transactional=True,
                       control=True, partition_leader_epoch=partition_leader_epoch)
