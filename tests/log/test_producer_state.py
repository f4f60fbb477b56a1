"""Producer state: sequence/epoch rules, duplicates with original offsets, snapshots in Kafka's file format,
rebuild after a crash, expiry."""

import os
import struct

import pytest
from log_helpers import VirtualClock, make_batch

from kbroker.log.config import LogConfig
from kbroker.log.log import Log, LogError
from kbroker.log.producer_state import (
    CorruptSnapshotError,
    ProducerStateEntry,
    ProducerStateManager,
    read_snapshot,
)
from kbroker.protocol import records as R


def idem(n, seq, pid=11, epoch=0, **kw):
    return make_batch(n, producer_id=pid, producer_epoch=epoch, base_sequence=seq, **kw)


def test_snapshot_file_layout(tmp_path):
    psm = ProducerStateManager(str(tmp_path), "t-0", 1000)
    entry = ProducerStateEntry(7, epoch=3, coordinator_epoch=2, last_timestamp=99, current_txn_first_offset=40)
    entry.add_batch(3, 19, 45, 4, 99)
    psm.producers[7] = entry
    psm.last_map_offset = 46
    path = psm.take_snapshot()
    assert os.path.basename(path) == "00000000000000000046.snapshot"
    data = open(path, "rb").read()
    version, crc, count = struct.unpack_from(">hIi", data)
    assert (version, count, len(data)) == (1, 1, 10 + 46)
    assert crc == R.crc32c(data[6:])
    assert struct.unpack_from(">qhiqiqiq", data, 10) == (7, 3, 19, 45, 4, 99, 2, 40)
    (back,) = read_snapshot(path)
    assert (back.producer_id, back.epoch, back.last_seq, back.last_offset, back.current_txn_first_offset) == \
        (7, 3, 19, 45, 40)
    with open(path, "r+b") as f:
        f.seek(20)
        f.write(b"\xff")
    with pytest.raises(CorruptSnapshotError):
        read_snapshot(path)


def test_snapshot_matches_kafka_schema_field_order():
    """ProducerSnapshot.json (vendored from Kafka) lists the entry fields in the order we write them."""
    import json
    import re
    here = os.path.dirname(os.path.abspath(__file__))
    schema = os.path.join(here, "..", "..", "kbroker", "protocol", "schemas", "storage", "ProducerSnapshot.json")
    text = re.sub(r"//.*", "", open(schema).read())
    fields = json.loads(text)["fields"]
    assert [f["name"] for f in fields] == ["Crc", "ProducerEntries"]
    entry = [(f["name"], f["type"]) for f in fields[1]["fields"]]
    assert entry == [("ProducerId", "int64"), ("Epoch", "int16"), ("LastSequence", "int32"),
                     ("LastOffset", "int64"), ("OffsetDelta", "int32"), ("Timestamp", "int64"),
                     ("CoordinatorEpoch", "int32"), ("CurrentTxnFirstOffset", "int64")]


def test_last_five_batches_are_deduplicated(tmp_path):
    log = Log.open(str(tmp_path / "t-0"), LogConfig(), clock=VirtualClock())
    results = [log.append_as_leader(idem(2, 2 * i), 0) for i in range(7)]
    for i in range(2, 7):
        dup = log.append_as_leader(idem(2, 2 * i), 0)
        assert dup.duplicate and dup.first_offset == results[i].first_offset
    # older than the last 5: not a duplicate any more, so it is out of sequence
    with pytest.raises(LogError) as info:
        log.append_as_leader(idem(2, 2), 0)
    assert info.value.error_code == 45
    assert log.log_end_offset == 14


@pytest.mark.parametrize("clean", [True, False])
def test_state_survives_reopen(tmp_path, clean):
    clock = VirtualClock()
    config = LogConfig(segment_bytes=600)
    log = Log.open(str(tmp_path / "t-0"), config, clock=clock)
    results = [log.append_as_leader(idem(2, 2 * i), 0) for i in range(10)]
    assert len(log.segments) > 2
    log.close() if clean else log.close_without_flush()
    again = Log.open(str(tmp_path / "t-0"), config, clock=clock, had_clean_shutdown=clean,
                     recovery_point=20 if clean else 0)
    dup = again.append_as_leader(idem(2, 18), 0)
    assert dup.duplicate and dup.first_offset == results[9].first_offset
    with pytest.raises(LogError):
        again.append_as_leader(idem(2, 30), 0)
    assert again.append_as_leader(idem(2, 20), 0).first_offset == 20


def test_snapshots_taken_at_roll_and_corrupt_one_skipped(tmp_path):
    clock = VirtualClock()
    config = LogConfig(segment_bytes=600)
    log = Log.open(str(tmp_path / "t-0"), config, clock=clock)
    for i in range(10):
        log.append_as_leader(idem(2, 2 * i), 0)
    snaps = log.producer_state.list_snapshots()
    assert [off for off, _ in snaps] == [s.base_offset for s in log.segments[1:]]
    log.close_without_flush()
    newest = snaps[-1][1]
    with open(newest, "r+b") as f:
        f.seek(12)
        f.write(b"\x00\x00\x00")
    again = Log.open(str(tmp_path / "t-0"), config, clock=clock)
    assert again.append_as_leader(idem(2, 18), 0).duplicate


def test_truncation_rewinds_producer_state(tmp_path):
    log = Log.open(str(tmp_path / "t-0"), LogConfig(segment_bytes=600), clock=VirtualClock())
    for i in range(10):
        log.append_as_leader(idem(2, 2 * i), 0)
    log.truncate_to(10)
    assert log.producer_state.producers[11].last_seq == 9
    assert log.append_as_leader(idem(2, 10), 0).first_offset == 10


def test_expiry(tmp_path):
    clock = VirtualClock()
    log = Log.open(str(tmp_path / "t-0"), LogConfig(producer_id_expiration_ms=1000), clock=clock)
    log.append_as_leader(idem(1, 0, ts=clock.now), 0)
    clock.advance(999)
    assert log.producer_state.remove_expired(clock.now) == []
    clock.advance(1)
    assert log.producer_state.remove_expired(clock.now) == [11]
    # forgotten: any sequence is accepted again (as Kafka does for a producer without state)
    assert log.append_as_leader(idem(1, 57, ts=clock.now), 0).first_offset == 1


def test_open_transaction_is_not_expired(tmp_path):
    clock = VirtualClock()
    log = Log.open(str(tmp_path / "t-0"), LogConfig(producer_id_expiration_ms=1000), clock=clock)
    log.append_as_leader(idem(1, 0, ts=clock.now, transactional=True), 0)
    clock.advance(5000)
    assert log.producer_state.remove_expired(clock.now) == []
    with pytest.raises(LogError) as info:
        log.append_as_leader(idem(1, 1, ts=clock.now), 0)
    assert info.value.error_code == 48
