"""Validation of a produced records buffer before it is appended (Kafka's UnifiedLog.analyzeAndValidateRecords
+ LogValidator, magic 2 only).

Per batch, always: length framing, magic 2, CRC32C, size vs max.message.bytes, lastOffsetDelta vs
recordsCount, baseOffset 0 and no control batch from clients, producer fields consistent, known codec,
exactly one batch (Kafka's rule for v2), total size vs segment.bytes.

Record-level walk (Kafka always walks records; we walk only when the answer can differ from the header's):
- compressed batch: decompressed (capped) and walked, because only the records prove the count, the
  consecutive offset deltas and the timestamps, and a payload that does not decompress must be refused before
  it reaches consumers. The compressed bytes are stored as received (in-place assignment) when the topic's
  compression.type is `producer` or equals the batch codec; otherwise the batch is rebuilt with the topic codec.
- uncompressed batch: walked only for compacted topics (every record needs a key) or when
  message.timestamp.before.max.ms is finite (the smallest record timestamp matters). Otherwise the header's
  baseTimestamp / maxTimestamp carry the timestamp checks (the CRC already binds the records to the header).
  Known gap against Kafka's assignOffsetsNonCompressed, which parses every record: a CRC-valid batch whose
  record framing is malformed, or whose header maxTimestamp disagrees with its records, is accepted and
  stored as sent (a correct producer never sends one; the Python walk costs ~1.4 us a record).
Walked batches get maxTimestamp corrected from their records (Kafka's setMaxTimestamp), CRC recomputed only
if it changes.
"""

from __future__ import annotations

import struct
from typing import NamedTuple

from crc32c import crc32c as _crc32c

from kbroker.log.config import LONG_MAX, LogConfig
from kbroker.protocol import compression, errors
from kbroker.protocol import records as R

CORRUPT_MESSAGE = errors.CORRUPT_MESSAGE.code
MESSAGE_TOO_LARGE = errors.MESSAGE_TOO_LARGE.code
RECORD_LIST_TOO_LARGE = errors.RECORD_LIST_TOO_LARGE.code
INVALID_TIMESTAMP = errors.INVALID_TIMESTAMP.code
UNSUPPORTED_COMPRESSION_TYPE = errors.UNSUPPORTED_COMPRESSION_TYPE.code
INVALID_RECORD = errors.INVALID_RECORD.code

_LENGTH = struct.Struct(">i")

# How far a compressed batch may expand: this many times max.message.bytes (CVE-2023-34455 bound).
DEFAULT_DECOMPRESSION_FACTOR = 64


class RecordError(NamedTuple):
    batch_index: int
    message: str


class RecordValidationError(Exception):
    """A rejected produce: `error_code` is Kafka's; `record_errors` lists per-record errors (KIP-467)."""

    def __init__(self, error_code: int, message: str, record_errors: list[RecordError] | None = None):
        super().__init__(message)
        self.error_code = error_code
        self.message = message
        self.record_errors = record_errors or []


class ValidatedRecords(NamedTuple):
    buffer: bytearray | memoryview   # what to append (the input, or a rebuilt batch)
    batch: R.RecordBatch              # view over `buffer`
    record_count: int
    max_timestamp: int                # max record timestamp (CreateTime)
    now_ms: int
    header: tuple = ()                # R.BATCH_HEADER fields of `buffer` as validated (R.H_* indexes)


# compression.type -> the codec stored batches must have; None keeps the producer's codec.
_TARGET_CODECS = {"producer": None, "uncompressed": compression.NONE, **compression.BY_NAME}


def validate_records(buf, *, topic: str, partition: int, config: LogConfig, now_ms: int,
                     from_client: bool = True, produce_version: int | None = None,
                     decompression_factor: int = DEFAULT_DECOMPRESSION_FACTOR) -> ValidatedRecords:
    """Validate `buf` (one v2 batch; a writable buffer so maxTimestamp can be corrected in place)."""
    buffer, record_count, max_timestamp, header = validate_batch(
        buf, f"{topic}-{partition}", config, now_ms, from_client, produce_version, decompression_factor)
    return ValidatedRecords(buffer, R.RecordBatch(buffer, 0, len(buffer)), record_count, max_timestamp, now_ms,
                            header)


def _fail(tp: str, code: int, reason: str, record_errors: list[RecordError] | None = None):
    raise RecordValidationError(code, f"{reason} in topic partition {tp}", record_errors)


def validate_batch(buf, tp: str, config: LogConfig, now_ms: int, from_client: bool = True,
                   produce_version: int | None = None, decompression_factor: int = DEFAULT_DECOMPRESSION_FACTOR
                   ) -> tuple:
    """validate_records for the append path: `tp` names the partition in errors; returns the plain tuple
    (buffer, record_count, max_timestamp, header) (see ValidatedRecords)."""
    size = len(buf)
    if size > config.segment_bytes:
        _fail(tp, RECORD_LIST_TOO_LARGE, f"Message batch size is {size} bytes which exceeds the maximum configured "
                                     f"segment size of {config.segment_bytes}")
    if size < R.RECORD_BATCH_OVERHEAD:
        _short_batch(tp, buf, size, config)
    header = R.BATCH_HEADER.unpack_from(buf, 0)
    (base_offset, length, _ple, magic, crc, attributes, last_offset_delta, base_ts, max_ts, producer_id,
     _epoch, base_sequence, count) = header
    batch_size = R.LOG_OVERHEAD + length
    if not (batch_size == size and magic == R.CURRENT_MAGIC and size <= config.max_message_bytes):
        _check_framing(tp, batch_size, size, magic, config)
    computed_crc = _crc32c(memoryview(buf)[R.ATTRIBUTES_OFFSET:size])
    if crc != computed_crc:
        _fail(tp, CORRUPT_MESSAGE, f"Record batch is corrupt (stored crc = {crc}, computed crc = {computed_crc})")
    codec = attributes & R.COMPRESSION_CODEC_MASK
    if codec not in compression.NAMES:
        _fail(tp, UNSUPPORTED_COMPRESSION_TYPE, f"Unknown compression codec id {codec}")
    if codec == compression.ZSTD and produce_version is not None and produce_version < 7:
        _fail(tp, UNSUPPORTED_COMPRESSION_TYPE, f"Produce requests with version {produce_version} are not allowed "
                                            f"to use ZStandard compression")
    if from_client and (base_offset != 0 or count <= 0 or last_offset_delta + 1 != count
                        or attributes & R.CONTROL_FLAG_MASK
                        or (base_sequence < 0 if producer_id >= 0 else attributes & R.TRANSACTIONAL_FLAG_MASK)):
        _check_client_batch(tp, base_offset, attributes, last_offset_delta, producer_id, base_sequence, count)

    log_append_time = config.log_append_time
    target_codec = _TARGET_CODECS.get(config.compression_type)
    if target_codec is None:
        target_codec = codec
    if not (codec != compression.NONE or config.compact or target_codec != codec
            or (not log_append_time and config.message_timestamp_before_max_ms < LONG_MAX)):
        # The header's baseTimestamp / maxTimestamp carry the timestamp checks (see the module docstring).
        earliest = now_ms - config.message_timestamp_before_max_ms
        latest = now_ms + config.message_timestamp_after_max_ms
        if (attributes & R.TIMESTAMP_TYPE_MASK
                or (not log_append_time and ((not earliest <= base_ts <= latest and base_ts != R.NO_TIMESTAMP)
                                             or (not earliest <= max_ts <= latest and max_ts != R.NO_TIMESTAMP)))):
            errors = _timestamp_errors(R.RecordBatch(buf, 0, size), [(0, base_ts), (count - 1, max_ts)], now_ms,
                                       config)
            if errors:
                _fail(tp, INVALID_TIMESTAMP, "One or more records have been rejected due to invalid timestamp", errors)
        return buf, count, max_ts, header
    return _walk(tp, buf, R.RecordBatch(buf, 0, size), header, codec, target_codec, config, now_ms, decompression_factor)


def _check_client_batch(tp: str, base_offset: int, attributes: int, last_offset_delta: int, producer_id: int,
                        base_sequence: int, count: int) -> None:
    """Refuse a batch a client may not write (LogValidator.validateBatch for AppendOrigin.CLIENT)."""
    if base_offset != 0:
        _fail(tp, INVALID_RECORD, f"The baseOffset of the record batch should be 0, but it is {base_offset}")
    if last_offset_delta + 1 <= 0:
        _fail(tp, INVALID_RECORD, f"Batch has an invalid offset range: [0, {last_offset_delta}]")
    if count <= 0:
        _fail(tp, INVALID_RECORD, f"Invalid reported count for record batch: {count}")
    if last_offset_delta + 1 != count:
        _fail(tp, INVALID_RECORD, f"Inconsistent batch offset range [0, {last_offset_delta}] and count of "
                              f"records {count}")
    if attributes & R.CONTROL_FLAG_MASK:
        _fail(tp, INVALID_RECORD, "Clients are not allowed to write control records")
    if producer_id >= 0 and base_sequence < 0:
        _fail(tp, INVALID_RECORD, f"Invalid sequence number {base_sequence} in record batch with producerId "
                              f"{producer_id}")
    if attributes & R.TRANSACTIONAL_FLAG_MASK and producer_id < 0:
        _fail(tp, INVALID_RECORD, "Transactional record batch without a producer id")


def _walk(tp: str, buf, batch: R.RecordBatch, header: tuple, codec: int, target_codec: int, config: LogConfig,
          now_ms: int, decompression_factor: int) -> tuple:
    """The record-level checks (see the module docstring for when they run)."""
    base_ts, max_ts, count = header[R.H_BASE_TIMESTAMP], header[R.H_MAX_TIMESTAMP], header[R.H_RECORDS_COUNT]
    cap = max(config.max_message_bytes, 1) * decompression_factor
    try:
        data = batch.uncompressed_records(cap)
        summaries = list(R.iter_record_summaries(data, count))
    except compression.DecompressionLimitError as exc:
        _fail(tp, CORRUPT_MESSAGE, f"Record batch decompresses beyond the limit of {cap} bytes ({exc})")
    except (compression.CompressionError, R.InvalidBatchError) as exc:
        _fail(tp, CORRUPT_MESSAGE, f"Record batch payload is malformed: {exc}")
    errors: list[RecordError] = []
    record_max_ts = R.NO_TIMESTAMP
    stamps = []
    for index, rec in enumerate(summaries):
        if rec.offset_delta != index:
            errors.append(RecordError(index, f"Inner record {index} has offset delta {rec.offset_delta}"))
        if config.compact and not rec.has_key:
            errors.append(RecordError(index, "Compacted topic cannot accept message without key"))
        ts = base_ts + rec.timestamp_delta
        stamps.append((index, ts))
        record_max_ts = max(record_max_ts, ts)
    if errors:
        _fail(tp, INVALID_RECORD, f"One or more records have been rejected due to {len(errors)} record errors in "
                              f"total, and only showing the first three errors at most: {errors[:3]}", errors)
    ts_errors = _timestamp_errors(batch, stamps, now_ms, config)
    if ts_errors:
        _fail(tp, INVALID_TIMESTAMP, "One or more records have been rejected due to invalid timestamp", ts_errors)
    if target_codec != codec:
        records = list(R.iter_records(data, count, 0, base_ts))
        rebuilt = R.build_batch(records, compression_type=target_codec, producer_id=header[R.H_PRODUCER_ID],
                                producer_epoch=header[R.H_PRODUCER_EPOCH], base_sequence=header[R.H_BASE_SEQUENCE],
                                transactional=bool(header[R.H_ATTRIBUTES] & R.TRANSACTIONAL_FLAG_MASK))
        return rebuilt, count, record_max_ts, R.BATCH_HEADER.unpack_from(rebuilt, 0)
    if not config.log_append_time and record_max_ts != max_ts:
        batch.set_max_timestamp(R.CREATE_TIME, record_max_ts)
        header = R.BATCH_HEADER.unpack_from(buf, 0)
    return buf, count, record_max_ts, header


def _short_batch(tp: str, buf, size: int, config: LogConfig) -> None:
    """Refuse a buffer shorter than a batch header with the error the framing checks give it."""
    if size < R.LOG_OVERHEAD:
        _fail(tp, CORRUPT_MESSAGE, f"Record batch of {size} bytes is shorter than the log overhead")
    _check_framing(tp, R.LOG_OVERHEAD + _LENGTH.unpack_from(buf, R.LENGTH_OFFSET)[0], size, None, config)
    _fail(tp, CORRUPT_MESSAGE, f"Record batch of {size} bytes is shorter than a batch header")


def _check_framing(tp: str, batch_size: int, size: int, magic: int | None, config: LogConfig) -> None:
    if batch_size < R.RECORD_BATCH_OVERHEAD:
        _fail(tp, CORRUPT_MESSAGE, f"Record batch has an illegal length {batch_size - R.LOG_OVERHEAD}")
    if batch_size > config.max_message_bytes:
        _fail(tp, MESSAGE_TOO_LARGE, f"The record batch size in the append is {batch_size} bytes which exceeds the "
                                 f"maximum configured value of {config.max_message_bytes}")
    if batch_size > size:
        _fail(tp, CORRUPT_MESSAGE, f"Record batch length {batch_size} runs past the {size} bytes received")
    if magic != R.CURRENT_MAGIC:
        _fail(tp, INVALID_RECORD, f"Record batch has magic {magic}; only magic 2 is accepted")
    if batch_size != size:
        _fail(tp, INVALID_RECORD, "Compressed outer record has more than one batch")


def _timestamp_errors(batch: R.RecordBatch, stamps, now_ms: int, config: LogConfig) -> list[RecordError]:
    """LogValidator.validateTimestamp: a range check under CreateTime; a LogAppendTime batch from a producer is
    refused when the check does not apply (topic LogAppendTime, or a record without timestamp)."""
    errors = []
    batch_log_append_time = batch.timestamp_type == R.LOG_APPEND_TIME
    before = config.message_timestamp_before_max_ms
    after = config.message_timestamp_after_max_ms
    for index, ts in stamps:
        if not config.log_append_time and ts != R.NO_TIMESTAMP:
            if now_ms - ts > before or ts - now_ms > after:
                errors.append(RecordError(index, f"Timestamp {ts} of message with offset {index} is out of range. "
                                                 f"The timestamp should be within [{now_ms - before}, "
                                                 f"{now_ms + after}]"))
        elif batch_log_append_time:
            errors.append(RecordError(index, "Invalid timestamp type in message. Producer should not set "
                                             "timestamp type to LogAppendTime."))
    return errors
