"""Produce-side validation: each refusal carries Kafka's error code and names the partition."""

import struct

import pytest

from kbroker.log.config import LogConfig
from kbroker.log.validator import RecordValidationError, validate_records
from kbroker.protocol import compression
from kbroker.protocol import records as R

NOW = 1_700_000_000_000
DEFAULT = LogConfig()


def batch(records=None, **kw):
    return R.build_batch(records or [(NOW, b"k", b"v"), (NOW + 1, b"k2", b"v2")], **kw)


def check(buf, config=DEFAULT, **kw):
    return validate_records(buf, topic="t", partition=3, config=config, now_ms=NOW, **kw)


def refused(buf, code, config=DEFAULT, **kw):
    with pytest.raises(RecordValidationError) as info:
        check(buf, config, **kw)
    assert info.value.error_code == code, info.value
    assert "t-3" in str(info.value)
    return info.value


def resign(buf):
    struct.pack_into(">I", buf, R.CRC_OFFSET, R.crc32c(bytes(buf[R.ATTRIBUTES_OFFSET:])))
    return buf


def test_valid_batch_passes_without_copy():
    buf = batch()
    result = check(buf)
    assert result.buffer is buf and result.record_count == 2 and result.max_timestamp == NOW + 1


def test_crc_mismatch_is_corrupt_message():
    buf = batch()
    buf[-1] ^= 0xFF
    refused(buf, 2)


def test_too_short_or_bad_length_is_corrupt_message():
    refused(bytearray(b"\x00" * 8), 2)
    buf = batch()
    struct.pack_into(">i", buf, 8, 10)
    refused(buf, 2)
    refused(batch()[:-3], 2)


def test_message_too_large():
    buf = batch([(NOW, b"k", b"x" * 2000)])
    refused(buf, 10, LogConfig(max_message_bytes=1000))


def test_record_list_too_large_vs_segment():
    buf = batch([(NOW, b"k", b"x" * 2000)])
    refused(buf, 18, LogConfig(segment_bytes=1000))


def test_magic_and_base_offset_and_multi_batch_are_invalid_record():
    buf = batch()
    buf[R.MAGIC_OFFSET] = 1
    refused(buf, 87)
    refused(batch(base_offset=5), 87)
    refused(batch() + batch(), 87)


def test_count_mismatch_is_invalid_record():
    buf = batch()
    struct.pack_into(">i", buf, R.RECORDS_COUNT_OFFSET, 3)
    refused(resign(buf), 87)
    buf = batch()
    struct.pack_into(">i", buf, R.RECORDS_COUNT_OFFSET, 0)
    struct.pack_into(">i", buf, R.LAST_OFFSET_DELTA_OFFSET, -1)
    refused(resign(buf), 87)


def test_control_batch_from_client_is_invalid_record():
    refused(R.build_control_batch(1, timestamp=NOW, producer_id=1, producer_epoch=0), 87)


def test_producer_fields():
    refused(batch(producer_id=5, producer_epoch=0, base_sequence=-1), 87)
    refused(batch(transactional=True), 87)
    check(batch(producer_id=5, producer_epoch=0, base_sequence=0))


def test_unknown_codec_and_old_zstd_are_unsupported_compression():
    buf = batch()
    struct.pack_into(">h", buf, R.ATTRIBUTES_OFFSET, 6)
    refused(resign(buf), 76)
    refused(batch(compression_type=compression.ZSTD), 76, produce_version=6)
    check(batch(compression_type=compression.ZSTD), produce_version=7)


def test_timestamps_out_of_range():
    err = refused(batch([(NOW + 3_600_001, b"k", b"v")]), 32)
    assert err.record_errors
    config = LogConfig(message_timestamp_before_max_ms=1000)
    refused(batch([(NOW - 1001, b"k", b"v")]), 32, config)
    # the first record is fine, the second is far in the past: only a record walk sees it
    refused(batch([(NOW, b"k", b"v"), (NOW - 5000, b"k", b"v")]), 32, config)
    check(batch([(NOW - 10**9, b"k", b"v")]))  # before.max.ms defaults to unlimited


def test_log_append_time_flag_from_producer():
    refused(batch(timestamp_type=R.LOG_APPEND_TIME), 32, LogConfig(message_timestamp_type="LogAppendTime"))
    check(batch(), LogConfig(message_timestamp_type="LogAppendTime", message_timestamp_after_max_ms=0))


@pytest.mark.parametrize("codec", [1, 2, 3, 4])
def test_compressed_batch_walked_and_kept_as_is(codec):
    buf = batch(compression_type=codec)
    before = bytes(buf)
    result = check(buf)
    assert result.buffer is buf and bytes(buf) == before and result.record_count == 2


def test_compressed_wrong_max_timestamp_is_corrected_in_place():
    buf = batch(compression_type=compression.LZ4)
    struct.pack_into(">q", buf, R.MAX_TIMESTAMP_OFFSET, NOW - 7)
    resign(buf)
    result = check(buf)
    assert R.RecordBatch(buf).max_timestamp == NOW + 1 and result.batch.is_valid()


def test_compressed_garbage_is_corrupt_message():
    buf = batch(compression_type=compression.GZIP)
    buf[R.RECORDS_OFFSET + 12] ^= 0xFF
    refused(resign(buf), 2)


def test_compressed_record_count_lie_is_caught():
    buf = batch(compression_type=compression.ZSTD)
    struct.pack_into(">i", buf, R.RECORDS_COUNT_OFFSET, 3)
    struct.pack_into(">i", buf, R.LAST_OFFSET_DELTA_OFFSET, 2)
    refused(resign(buf), 2)


def test_decompression_bomb_is_refused():
    records = [(NOW, b"k", b"\x00" * 500_000)] * 4
    buf = batch(records, compression_type=compression.ZSTD)
    assert len(buf) < 10_000
    refused(buf, 2, LogConfig(max_message_bytes=10_000))


def test_compacted_topic_requires_keys():
    config = LogConfig(cleanup_policy="compact")
    err = refused(batch([(NOW, b"k", b"v"), (NOW, None, b"v")]), 87, config)
    assert [e.batch_index for e in err.record_errors] == [1]
    check(batch(), config)


def test_topic_codec_differs_rebuilds_batch():
    buf = batch(compression_type=compression.GZIP, producer_id=9, producer_epoch=1, base_sequence=4)
    result = check(buf, LogConfig(compression_type="zstd"))
    out = result.batch
    assert out.compression_type == compression.ZSTD and out.is_valid()
    assert (out.producer_id, out.producer_epoch, out.base_sequence) == (9, 1, 4)
    assert [(r.key, r.value, r.timestamp) for r in out.records()] == [(b"k", b"v", NOW), (b"k2", b"v2", NOW + 1)]
    plain = check(batch(compression_type=compression.LZ4), LogConfig(compression_type="uncompressed")).batch
    assert plain.compression_type == compression.NONE
