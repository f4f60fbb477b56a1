"""RecordBatch v2 view, patching, iteration and builders."""

import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kbroker.protocol import compression
from kbroker.protocol import records as R


def sample_batch(**kwargs):
    return R.build_batch([(1000, b"k1", b"v1", [("h", b"x"), ("n", None)]), (990, None, b"v2"),
                          (1010, b"k3", None)], **kwargs)


def test_header_fields_by_offset():
    buf = sample_batch(producer_id=42, producer_epoch=3, base_sequence=7, transactional=True,
                       partition_leader_epoch=5)
    b = R.RecordBatch(buf)
    assert b.size == len(buf)
    assert b.batch_length == len(buf) - 12
    assert (b.base_offset, b.partition_leader_epoch, b.magic) == (0, 5, 2)
    assert (b.last_offset_delta, b.records_count) == (2, 3)
    assert (b.base_timestamp, b.max_timestamp) == (1000, 1010)
    assert (b.producer_id, b.producer_epoch, b.base_sequence, b.last_sequence) == (42, 3, 7, 9)
    assert b.is_transactional and not b.is_control and not b.has_delete_horizon
    assert b.compression_type == compression.NONE and b.timestamp_type == R.CREATE_TIME
    # raw layout: magic at 16, attributes at 21 (transactional bit 4)
    assert buf[16] == 2
    assert struct.unpack_from(">h", buf, 21)[0] == 0x10
    assert b.crc == R.crc32c(bytes(buf[21:]))
    assert b.is_valid()


def test_records_decode():
    b = R.RecordBatch(sample_batch(base_offset=100))
    recs = list(b.records())
    assert [r.offset for r in recs] == [100, 101, 102]
    assert [r.timestamp for r in recs] == [1000, 990, 1010]
    assert recs[0].key == b"k1" and recs[0].headers == (R.Header("h", b"x"), R.Header("n", None))
    assert recs[1].key is None and recs[2].value is None


def test_patch_base_offset_and_epoch_keep_crc():
    buf = sample_batch()
    b = R.RecordBatch(buf)
    crc = b.crc
    b.set_base_offset(12345)
    b.set_partition_leader_epoch(9)
    assert b.crc == crc and b.is_valid()
    assert b.base_offset == 12345 and b.last_offset == 12347 and b.partition_leader_epoch == 9


def test_set_max_timestamp_recomputes_crc_only_on_change():
    buf = sample_batch()
    b = R.RecordBatch(buf)
    before = bytes(buf)
    b.set_max_timestamp(R.CREATE_TIME, 1010)
    assert bytes(buf) == before
    b.set_max_timestamp(R.LOG_APPEND_TIME, 5000)
    assert b.timestamp_type == R.LOG_APPEND_TIME and b.max_timestamp == 5000
    assert b.crc != R.RecordBatch(before).crc and b.is_valid()


def test_corruption_detected_by_crc():
    buf = sample_batch()
    buf[-1] ^= 1
    assert not R.RecordBatch(buf).is_valid()


def test_iter_batches_stops_at_partial_batch():
    a, b = sample_batch(), sample_batch(base_offset=3)
    data = bytes(a + b)
    assert [x.base_offset for x in R.iter_batches(data)] == [0, 3]
    assert [x.base_offset for x in R.iter_batches(data[:-1])] == [0]
    assert list(R.iter_batches(data[:11])) == []
    garbage = bytearray(a) + struct.pack(">qi", 0, 5) + b"xxxxx"
    assert [x.base_offset for x in R.iter_batches(garbage)] == [0]


def test_control_batch():
    buf = R.build_control_batch(R.CONTROL_COMMIT, timestamp=77, producer_id=5, producer_epoch=2,
                                coordinator_epoch=11)
    b = R.RecordBatch(buf)
    assert b.is_control and b.is_transactional and b.records_count == 1
    assert b.control_record() == R.ControlRecord(R.CONTROL_COMMIT, 0, 11)
    (rec,) = list(b.records())
    assert rec.key == b"\x00\x00\x00\x01" and rec.value == b"\x00\x00\x00\x00\x00\x0b"


def test_sequence_wraps():
    assert R.increment_sequence(0x7FFFFFFF, 1) == 0
    assert R.increment_sequence(0x7FFFFFFE, 3) == 1
    assert R.increment_sequence(5, 2) == 7


def test_malformed_records_raise():
    buf = sample_batch()
    b = R.RecordBatch(buf)
    payload = bytes(b.records_payload())
    with pytest.raises(R.InvalidBatchError):
        list(R.iter_records(payload[:-2], 3, 0, 0))
    with pytest.raises(R.InvalidBatchError):
        list(R.iter_records(payload, 4, 0, 0))
    with pytest.raises(R.InvalidBatchError):
        list(R.iter_record_summaries(payload + b"\x00", 3))


@given(st.lists(st.tuples(st.integers(0, 2**40), st.one_of(st.none(), st.binary(max_size=20)),
                          st.one_of(st.none(), st.binary(max_size=50)),
                          st.lists(st.tuples(st.text(max_size=5), st.one_of(st.none(), st.binary(max_size=5))),
                                   max_size=3)),
                min_size=1, max_size=20),
       st.sampled_from([0, 1, 2, 3, 4]))
def test_round_trip(records, codec):
    buf = R.build_batch(records, compression_type=codec)
    b = R.RecordBatch(buf)
    assert b.is_valid() and b.compression_type == codec
    decoded = list(b.records())
    assert [(r.timestamp, r.key, r.value, [tuple(h) for h in r.headers]) for r in decoded] == \
        [(ts, k, v, [(hk, hv) for hk, hv in hs]) for ts, k, v, hs in records]
    assert b.max_timestamp == max(r[0] for r in records)
    assert [s.offset_delta for s in R.iter_record_summaries(b.uncompressed_records(1 << 24), len(records))] == \
        list(range(len(records)))


@given(st.integers(-(2**63), 2**63 - 1))
def test_varint_round_trip(n):
    out = bytearray()
    R.write_varint(n, out)
    assert R.read_varint(out, 0) == (n, len(out))
