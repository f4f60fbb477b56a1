"""The voter set of a dynamic quorum (KIP-853) as the node reads it from its log and snapshots: the bootstrap
checkpoint's voters survive the first metadata snapshot, `quorum-state` is written at data version 1 under
kraft.version 1, and a VotersRecord truncated away is forgotten."""

from __future__ import annotations

import json
import os
import uuid

from kbroker.bootstrap_checkpoint import BootstrapVoter, write_bootstrap_checkpoint
from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.raft import snapshots as S
from kbroker.raft.single_voter import METADATA_PARTITION_DIR, SingleVoterRaft
from kbroker.raft.voter_set import VoterHistory, VoterNode, VoterSet, control_changes, voters_batch
from tests.raft.quorum_cluster import value_record

DIRECTORY = uuid.UUID("0f2b6cd3-a1f4-4a3c-8e11-3c9f1b2a7d55")


def _standalone(log_dir: str) -> str:
    """A metadata log dir as `format --standalone` leaves it for node 1."""
    partition_dir = os.path.join(log_dir, METADATA_PARTITION_DIR)
    os.makedirs(partition_dir)
    with open(os.path.join(log_dir, "meta.properties"), "w") as f:
        f.write(f"cluster.id=voters-test-cluster0000000\nnode.id=1\nversion=1\n"
                f"directory.id={kafka_uuid_string(DIRECTORY)}\n")
    write_bootstrap_checkpoint(partition_dir, [BootstrapVoter(1, DIRECTORY, "CONTROLLER", "localhost", 9093)],
                               now_ms=1_700_000_000_000)
    return partition_dir


def _snapshot_voters(partition_dir: str, snapshot_id: S.SnapshotId):
    with open(os.path.join(partition_dir, snapshot_id.file_name), "rb") as f:
        return [value for _, _, value in control_changes(f.read())]


def test_the_first_snapshot_keeps_the_bootstrap_voters_and_quorum_state_is_version_1(tmp_path):
    partition_dir = _standalone(str(tmp_path))
    raft = SingleVoterRaft(str(tmp_path), 1)
    raft.start()
    try:
        state = json.loads(open(os.path.join(partition_dir, "quorum-state")).read())
        assert state == {"leaderId": 1, "leaderEpoch": raft.leader_epoch, "votedId": -1,
                         "votedDirectoryId": "AAAAAAAAAAAAAAAAAAAAAA", "data_version": 1}
        last = raft.append([value_record("a")])
        assert raft.create_snapshot(last + 1, raft.leader_epoch, 0, [value_record("a")])
        [snapshot] = S.list_snapshots(partition_dir)  # the bootstrap checkpoint is gone, as in Kafka
        assert snapshot.end_offset == last + 1
        kraft_version, voters = _snapshot_voters(partition_dir, snapshot)
        assert kraft_version == 1
        assert voters == VoterSet({1: VoterNode(1, DIRECTORY, (("CONTROLLER", "localhost", 9093),), 0, 1)})
        assert [r.message.value for r in S.read_snapshot(partition_dir, snapshot).records] == ["a"]
    finally:
        raft.close()
    restarted = SingleVoterRaft(str(tmp_path), 1)
    restarted.start()  # still the only voter: its voter set came back from the snapshot
    try:
        assert restarted.leader_epoch > 0 and restarted.append([value_record("b")]) > last
    finally:
        restarted.close()


def test_a_voters_record_truncated_away_is_forgotten():
    one = VoterSet({1: VoterNode(1, DIRECTORY)})
    two = one.add(VoterNode(2, uuid.uuid4()))
    history = VoterHistory()
    assert history.observe(bytes(voters_batch(one, base_offset=0, epoch=1, timestamp=0)))
    assert history.observe(bytes(voters_batch(two, base_offset=5, epoch=1, timestamp=0)))
    assert history.latest() == (5, two) and history.voters_at(4) == one
    assert not history.truncate(6) and history.latest() == (5, two)
    assert history.truncate(5) and history.latest() == (0, one)


def test_a_voter_is_removed_only_by_its_id_and_directory_id_and_never_the_last():
    other = uuid.uuid4()
    voters = VoterSet({1: VoterNode(1, DIRECTORY), 2: VoterNode(2, other)})
    assert voters.remove(2, DIRECTORY) is None
    assert voters.remove(2, other) == VoterSet({1: VoterNode(1, DIRECTORY)})
    assert voters.remove(2, other).remove(1, DIRECTORY) is None
    assert voters.add(VoterNode(2, uuid.uuid4())) is None
