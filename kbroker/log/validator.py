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
Walked batches get maxTimestamp corrected from their records (Kafka's setMaxTimestamp), CRC recomputed only
if it changes.
"""

from __future__ import annotations

import struct
from typing import NamedTuple

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


def validate_records(buf, *, topic: str, partition: int, config: LogConfig, now_ms: int,
                     from_client: bool = True, produce_version: int | None = None,
                     decompression_factor: int = DEFAULT_DECOMPRESSION_FACTOR) -> ValidatedRecords:
    """Validate `buf` (one v2 batch; a writable buffer so maxTimestamp can be corrected in place)."""
    tp = f"{topic}-{partition}"

    def fail(code: int, reason: str, record_errors=None):
        raise RecordValidationError(code, f"{reason} in topic partition {tp}", record_errors)

    size = len(buf)
    if size > config.segment_bytes:
        fail(RECORD_LIST_TOO_LARGE, f"Message batch size is {size} bytes which exceeds the maximum configured "
                                    f"segment size of {config.segment_bytes}")
    batch = _single_batch(buf, size, config, fail)
    header = batch.header()
    (base_offset, _length, _ple, _magic, _crc, attributes, last_offset_delta, base_ts, max_ts, producer_id,
     _epoch, base_sequence, count) = header
    if not batch.is_valid():
        fail(CORRUPT_MESSAGE, f"Record batch is corrupt (stored crc = {batch.crc}, computed crc = "
                              f"{batch.compute_crc()})")
    codec = attributes & R.COMPRESSION_CODEC_MASK
    if codec not in compression.NAMES:
        fail(UNSUPPORTED_COMPRESSION_TYPE, f"Unknown compression codec id {codec}")
    if codec == compression.ZSTD and produce_version is not None and produce_version < 7:
        fail(UNSUPPORTED_COMPRESSION_TYPE, f"Produce requests with version {produce_version} are not allowed "
                                           f"to use ZStandard compression")
    if from_client:
        if base_offset != 0:
            fail(INVALID_RECORD, f"The baseOffset of the record batch should be 0, but it is {base_offset}")
        if last_offset_delta + 1 <= 0:
            fail(INVALID_RECORD, f"Batch has an invalid offset range: [0, {last_offset_delta}]")
        if count <= 0:
            fail(INVALID_RECORD, f"Invalid reported count for record batch: {count}")
        if last_offset_delta + 1 != count:
            fail(INVALID_RECORD, f"Inconsistent batch offset range [0, {last_offset_delta}] and count of "
                                 f"records {count}")
        if attributes & R.CONTROL_FLAG_MASK:
            fail(INVALID_RECORD, "Clients are not allowed to write control records")
        if producer_id >= 0 and base_sequence < 0:
            fail(INVALID_RECORD, f"Invalid sequence number {base_sequence} in record batch with producerId "
                                 f"{producer_id}")
        if attributes & R.TRANSACTIONAL_FLAG_MASK and producer_id < 0:
            fail(INVALID_RECORD, "Transactional record batch without a producer id")

    log_append_time = config.log_append_time
    target = config.compression_type
    target_codec = codec if target == "producer" else compression.BY_NAME.get(
        "none" if target == "uncompressed" else target, codec)
    walk = (codec != compression.NONE or config.compact or target_codec != codec
            or (not log_append_time and config.message_timestamp_before_max_ms < LONG_MAX))
    if not walk:
        errors = _timestamp_errors(batch, [(0, base_ts), (count - 1, max_ts)], now_ms, config)
        if errors:
            fail(INVALID_TIMESTAMP, "One or more records have been rejected due to invalid timestamp", errors)
        return ValidatedRecords(buf, batch, count, max_ts, now_ms)

    cap = max(config.max_message_bytes, 1) * decompression_factor
    try:
        data = batch.uncompressed_records(cap)
        summaries = list(R.iter_record_summaries(data, count))
    except compression.DecompressionLimitError as exc:
        fail(CORRUPT_MESSAGE, f"Record batch decompresses beyond the limit of {cap} bytes ({exc})")
    except (compression.CompressionError, R.InvalidBatchError) as exc:
        fail(CORRUPT_MESSAGE, f"Record batch payload is malformed: {exc}")
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
        fail(INVALID_RECORD, f"One or more records have been rejected due to {len(errors)} record errors in "
                             f"total, and only showing the first three errors at most: {errors[:3]}", errors)
    ts_errors = _timestamp_errors(batch, stamps, now_ms, config)
    if ts_errors:
        fail(INVALID_TIMESTAMP, "One or more records have been rejected due to invalid timestamp", ts_errors)
    if target_codec != codec:
        records = list(R.iter_records(data, count, 0, base_ts))
        rebuilt = R.build_batch(records, compression_type=target_codec, producer_id=producer_id,
                                producer_epoch=batch.producer_epoch, base_sequence=base_sequence,
                                transactional=batch.is_transactional)
        return ValidatedRecords(rebuilt, R.RecordBatch(rebuilt), count, record_max_ts, now_ms)
    if not log_append_time and record_max_ts != max_ts:
        batch.set_max_timestamp(R.CREATE_TIME, record_max_ts)
    return ValidatedRecords(buf, batch, count, record_max_ts, now_ms)


def _single_batch(buf, size: int, config: LogConfig, fail) -> R.RecordBatch:
    if size < R.LOG_OVERHEAD:
        fail(CORRUPT_MESSAGE, f"Record batch of {size} bytes is shorter than the log overhead")
    batch_size = R.LOG_OVERHEAD + _LENGTH.unpack_from(buf, R.LENGTH_OFFSET)[0]
    if batch_size < R.RECORD_BATCH_OVERHEAD:
        fail(CORRUPT_MESSAGE, f"Record batch has an illegal length {batch_size - R.LOG_OVERHEAD}")
    if batch_size > config.max_message_bytes:
        fail(MESSAGE_TOO_LARGE, f"The record batch size in the append is {batch_size} bytes which exceeds the "
                                f"maximum configured value of {config.max_message_bytes}")
    if batch_size > size:
        fail(CORRUPT_MESSAGE, f"Record batch length {batch_size} runs past the {size} bytes received")
    magic = buf[R.MAGIC_OFFSET]
    if magic != R.CURRENT_MAGIC:
        fail(INVALID_RECORD, f"Record batch has magic {magic}; only magic 2 is accepted")
    if batch_size != size:
        fail(INVALID_RECORD, "Compressed outer record has more than one batch")
    return R.RecordBatch(buf, 0, batch_size)


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
