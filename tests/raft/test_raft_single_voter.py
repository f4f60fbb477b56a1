"""The one-voter quorum: files as Kafka lays them out, epochs, commit and replay, snapshots, torn tails."""

from __future__ import annotations

import json
import os

import pytest
from raft_helpers import RecordingListener, topic_record

from kbroker.metadata.image import MetadataImage, image_records
from kbroker.protocol import records as R
from kbroker.raft import control_records as C
from kbroker.raft.client import RaftError
from kbroker.raft.single_voter import METADATA_PARTITION_DIR, SingleVoterRaft
from kbroker.raft.snapshots import SnapshotId, list_snapshots, read_snapshot


def open_raft(directory, listener=None):
    raft = SingleVoterRaft(str(directory), 1)
    raft.register(listener or RecordingListener())
    raft.start()
    return raft


def batches(directory):
    part = os.path.join(directory, METADATA_PARTITION_DIR)
    out = []
    for name in sorted(os.listdir(part)):
        if name.endswith(".log"):
            with open(os.path.join(part, name), "rb") as f:
                data = f.read()
            out += [R.RecordBatch(memoryview(bytes(b.buf[b.pos:b.pos + b.size]))) for b in R.iter_batches(data)]
    return out


def test_layout_epochs_and_leader_change(tmp_path):
    raft = open_raft(tmp_path)
    assert raft.leader_epoch == 1
    assert raft.append([topic_record("a"), topic_record("b")]) == 2
    assert raft.committed_offset == 3
    raft.close()
    raft = open_raft(tmp_path)
    assert raft.leader_epoch == 2
    raft.close()
    part = tmp_path / METADATA_PARTITION_DIR
    state = json.loads((part / "quorum-state").read_text())
    assert state == {"clusterId": "", "leaderId": 1, "leaderEpoch": 2, "votedId": -1, "appliedOffset": 0,
                     "currentVoters": [{"voterId": 1}], "data_version": 0}
    assert (part / "partition.metadata").read_text() == "version: 0\ntopic_id: AAAAAAAAAAAAAAAAAAAAAQ"
    found = batches(tmp_path)
    assert [(b.base_offset, b.last_offset, b.partition_leader_epoch, b.is_control) for b in found] == [
        (0, 0, 1, True), (1, 2, 1, False), (3, 3, 2, True)]
    [leader_change] = list(found[0].records())
    assert C.control_type(leader_change) == C.LEADER_CHANGE
    message = C.decode_leader_change(leader_change)
    assert message.leader_id == 1 and [v.voter_id for v in message.voters] == [1]
    assert not found[1].is_transactional and found[1].producer_id == -1 and found[1].is_valid()


def test_replay_delivers_every_committed_batch_once(tmp_path):
    raft = open_raft(tmp_path)
    raft.append([topic_record("a")])
    raft.append([topic_record("b"), topic_record("c")])
    raft.close()
    listener = RecordingListener()
    raft = open_raft(tmp_path, listener)
    assert listener.offsets_and_names() == [(1, "a"), (2, "b"), (3, "c")]
    assert [b.epoch for b in listener.batches] == [1, 1]
    raft.append([topic_record("d")])
    assert listener.offsets_and_names()[-1] == (5, "d")  # offset 4 is the epoch-2 LeaderChange
    raft.close()


def test_listener_after_start_is_refused(tmp_path):
    raft = open_raft(tmp_path)
    with pytest.raises(RaftError):
        raft.register(RecordingListener())
    with pytest.raises(ValueError):
        raft.append([])
    raft.close()


def test_crash_without_flush_keeps_committed_records(tmp_path):
    raft = open_raft(tmp_path)
    raft.append([topic_record("a")])
    raft.log.close_without_flush()  # no clean shutdown: recovery runs over every segment
    listener = RecordingListener()
    raft = open_raft(tmp_path, listener)
    assert listener.offsets_and_names() == [(1, "a")]
    raft.close()


def test_torn_tail_is_truncated(tmp_path):
    raft = open_raft(tmp_path)
    raft.append([topic_record("a")])
    raft.append([topic_record("b")])
    raft.log.close_without_flush()
    segment = tmp_path / METADATA_PARTITION_DIR / "00000000000000000000.log"
    data = segment.read_bytes()
    segment.write_bytes(data[:-7])  # the last batch is cut short
    listener = RecordingListener()
    raft = open_raft(tmp_path, listener)
    assert listener.offsets_and_names() == [(1, "a")]
    assert raft.log_end_offset == 3  # the torn batch (offset 2) is gone; the new LeaderChange took its place
    assert raft.append([topic_record("c")]) == 3
    raft.close()
    listener = RecordingListener()
    open_raft(tmp_path, listener).close()
    assert listener.offsets_and_names() == [(1, "a"), (3, "c")]


def test_corrupt_byte_truncates_from_that_batch(tmp_path):
    raft = open_raft(tmp_path)
    raft.append([topic_record("a")])
    raft.append([topic_record("b")])
    raft.log.close_without_flush()
    segment = tmp_path / METADATA_PARTITION_DIR / "00000000000000000000.log"
    data = bytearray(segment.read_bytes())
    data[-3] ^= 0xFF
    segment.write_bytes(bytes(data))
    listener = RecordingListener()
    open_raft(tmp_path, listener).close()
    assert listener.offsets_and_names() == [(1, "a")]


def test_snapshot_then_restart_loads_it_and_replays_the_rest(tmp_path):
    raft = open_raft(tmp_path)
    raft.append([topic_record("a")])
    raft.append([topic_record("b")])
    image_records_at_3 = [topic_record("a"), topic_record("b")]
    assert raft.create_snapshot(3, 1, 1234, image_records_at_3)
    assert not raft.create_snapshot(3, 1, 1234, image_records_at_3)
    raft.append([topic_record("c")])
    with pytest.raises(RaftError):
        raft.create_snapshot(99, 1, 0, [])
    raft.close()
    part = str(tmp_path / METADATA_PARTITION_DIR)
    assert list_snapshots(part) == [SnapshotId(3, 1)]
    assert os.path.exists(os.path.join(part, "00000000000000000003-0000000001.checkpoint"))
    assert not os.path.exists(os.path.join(part, "00000000000000000000.log"))  # covered by the snapshot
    snapshot = read_snapshot(part, SnapshotId(3, 1))
    assert snapshot.last_contained_log_timestamp == 1234
    assert [r.message.name for r in snapshot.records] == ["a", "b"]
    listener = RecordingListener()
    raft = open_raft(tmp_path, listener)
    end_offset, epoch, records = listener.snapshot
    assert (end_offset, epoch, [r.message.name for r in records]) == (3, 1, ["a", "b"])
    assert listener.offsets_and_names() == [(3, "c")]
    assert raft.leader_epoch == 2
    raft.close()


def test_snapshot_file_layout(tmp_path):
    raft = open_raft(tmp_path)
    raft.append([topic_record(f"t{i}") for i in range(3)])
    raft.create_snapshot(4, 1, 77, [topic_record(f"t{i}") for i in range(3)])
    raft.close()
    path = tmp_path / METADATA_PARTITION_DIR / "00000000000000000004-0000000001.checkpoint"
    found = list(R.iter_batches(path.read_bytes()))
    assert [(b.base_offset, b.last_offset, b.is_control, b.partition_leader_epoch) for b in found] == [
        (0, 0, True, 1), (1, 3, False, 1), (4, 4, True, 1)]
    assert all(b.is_valid() for b in found)
    assert [C.control_type(r) for r in found[0].records()] == [C.SNAPSHOT_HEADER]
    assert [C.control_type(r) for r in found[2].records()] == [C.SNAPSHOT_FOOTER]


def test_partial_snapshot_is_ignored(tmp_path):
    raft = open_raft(tmp_path)
    raft.append([topic_record("a")])
    raft.close()
    part = tmp_path / METADATA_PARTITION_DIR
    (part / "00000000000000000002-0000000001.checkpoint.part").write_bytes(b"garbage")
    listener = RecordingListener()
    open_raft(tmp_path, listener).close()
    assert listener.snapshot is None and listener.offsets_and_names() == [(1, "a")]
    assert not (part / "00000000000000000002-0000000001.checkpoint.part").exists()


def test_empty_image_snapshot_round_trip(tmp_path):
    raft = open_raft(tmp_path)
    raft.create_snapshot(1, 1, 0, image_records(MetadataImage()))
    raft.close()
    listener = RecordingListener()
    open_raft(tmp_path, listener).close()
    assert listener.snapshot == (1, 1, [])
