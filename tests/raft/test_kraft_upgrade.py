"""The kraft.version upgrade of a static quorum on the leader (kbroker/raft/kraft_upgrade.py), driven by hand: the
voters' UpdateRaftVoter fill the leader's in-memory voter set, the upgrade is refused until every voter said it
supports kraft.version 1, validate-only appends nothing, and the upgrade appends one control batch (a
KRaftVersionRecord and a VotersRecord) after which the quorum takes AddRaftVoter; the messages are Kafka 4.3.1's."""

from __future__ import annotations

import random
import uuid

import pytest

from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.protocol import errors as E
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest
from kbroker.protocol.messages.add_raft_voter_request import Listener as AddListener
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.protocol.messages.update_raft_voter_request import KRaftVersionFeature, UpdateRaftVoterRequest
from kbroker.protocol.messages.update_raft_voter_request import Listener as UpdateListener
from kbroker.raft import control_records as C
from kbroker.raft import raft_messages as M
from kbroker.raft.client import NotLeaderError
from kbroker.raft.epoch_states import Follower
from kbroker.raft.kraft_upgrade import InvalidUpdateVersion, StaleEpoch
from kbroker.raft.memory_log import MemoryElectionStore, MemoryRaftLog
from kbroker.raft.node import QuorumConfig, RaftNode
from kbroker.raft.single_voter import SingleVoterRaft
from kbroker.raft.voter_set import control_changes
from tests.raft.raft_helpers import RecordingListener, topic_record
from tests.raft.test_node import elect, fetch, respond

CLUSTER = "test-cluster-id-000000"
DIRECTORIES = {n: uuid.UUID(int=n) for n in (1, 2, 3)}


def endpoint(node_id: int) -> tuple[str, str, int]:
    return ("CONTROLLER", "127.0.0.1", 9000 + node_id)


def voter(node_id: int) -> RaftNode:
    return RaftNode(node_id, (1, 2, 3), MemoryRaftLog(), MemoryElectionStore(), cluster_id=CLUSTER, now=0,
                    config=QuorumConfig(), rng=random.Random(node_id), directory_id=DIRECTORIES[node_id],
                    local_endpoints=(endpoint(node_id),))


def update(node_id: int, epoch: int, *, max_version: int = 1) -> UpdateRaftVoterRequest:
    name, host, port = endpoint(node_id)
    return UpdateRaftVoterRequest(
        cluster_id=CLUSTER, current_leader_epoch=epoch, voter_id=node_id, voter_directory_id=DIRECTORIES[node_id],
        listeners=[UpdateListener(name=name, host=host, port=port)],
        k_raft_version_feature=KRaftVersionFeature(min_supported_version=0, max_supported_version=max_version))


def committed_leader() -> tuple[RaftNode, int]:
    """Node 1 leading {1, 2, 3} with its epoch's LeaderChange committed."""
    leader = voter(1)
    now = elect(leader)
    end = leader.log.end_offset
    for follower in (2, 3):
        respond(leader, follower, fetch(replica=follower, epoch=leader.epoch, offset=end, last_epoch=leader.epoch),
                now)
    assert leader.high_watermark == end
    return leader, now


def test_the_upgrade_waits_for_every_voter_then_appends_the_version_and_the_voters():
    leader, now = committed_leader()
    epoch = leader.epoch
    not_all = "Invalid upgrade of kraft.version to KRAFT_VERSION_1 because not all of the voters support it"
    with pytest.raises(InvalidUpdateVersion, match=not_all):
        leader.upgrade_kraft_version(epoch, 1, validate_only=True, now=now)
    assert respond(leader, 2, update(2, epoch), now).error_code == E.NONE.code
    # a voter that supports kraft.version 0 only keeps the quorum from upgrading
    assert respond(leader, 3, update(3, epoch, max_version=0), now).error_code == E.NONE.code
    with pytest.raises(InvalidUpdateVersion, match=not_all):
        leader.upgrade_kraft_version(epoch, 1, validate_only=False, now=now)
    assert respond(leader, 3, update(3, epoch), now).error_code == E.NONE.code

    end = leader.log.end_offset
    assert leader.upgrade_kraft_version(epoch, 1, validate_only=True, now=now) is True
    assert leader.log.end_offset == end and leader.kraft_version == 0
    with pytest.raises(NotLeaderError, match=f"given epoch {epoch - 1} is stale. Current leader epoch is {epoch}"):
        leader.upgrade_kraft_version(epoch - 1, 1, validate_only=True, now=now)
    with pytest.raises(StaleEpoch):
        leader.upgrade_kraft_version(epoch + 1, 1, validate_only=True, now=now)

    assert leader.upgrade_kraft_version(epoch, 1, validate_only=False, now=now) is True
    assert leader.kraft_version == 1
    changes = control_changes(bytes(leader.log.read(end, 1 << 20)))
    assert [(offset, kind) for offset, kind, _ in changes] == [(end, C.KRAFT_VERSION), (end + 1, C.KRAFT_VOTERS)]
    assert changes[0][2] == 1
    voters = changes[1][2]
    assert {v.voter_id: (v.directory_id, v.endpoints, v.min_kraft_version, v.max_kraft_version)
            for v in voters.voters.values()} == {n: (DIRECTORIES[n], (endpoint(n),), 0, 1) for n in (1, 2, 3)}
    assert leader.voter_set == voters
    # the same level again changes nothing; a downgrade is refused
    assert leader.upgrade_kraft_version(epoch, 1, validate_only=False, now=now) is False
    with pytest.raises(InvalidUpdateVersion, match="Invalid upgrade of kraft.version from version KRAFT_VERSION_1 "
                                                   "to KRAFT_VERSION_0 because the new version is a downgrade"):
        leader.upgrade_kraft_version(epoch, 0, validate_only=False, now=now)


def test_only_the_leader_upgrades():
    follower = voter(2)
    with pytest.raises(NotLeaderError, match="Upgrade kraft version failed because the replica is not the current "
                                             "leader"):
        follower.upgrade_kraft_version(0, 1, validate_only=True, now=0)


def test_a_static_voter_tells_its_leader_once_per_epoch_and_fetches_between_tries():
    node = voter(2)
    node.handle_request(1, 1, M.begin_quorum_epoch_request(CLUSTER, epoch=1, leader=1, voter=2), 0)
    sent = [o for o in node.poll(0) if not o.is_response]
    assert isinstance(node.state, Follower)
    assert [type(o.body).__name__ for o in sent] == ["FetchRequest"]
    node.handle_response(1, sent[0].correlation_id, M.fetch_response(E.NONE.code, epoch=1, leader_id=1,
                                                                     high_watermark=0), 0)
    asked = [o for o in node.poll(0) if not o.is_response]
    assert [type(o.body).__name__ for o in asked] == ["UpdateRaftVoterRequest"]
    body = asked[0].body
    assert (body.voter_id, body.voter_directory_id, body.k_raft_version_feature.max_supported_version) == \
        (2, DIRECTORIES[2], 1)
    # the leader could not take it yet: the follower fetches, and tries again later in the epoch
    node.handle_response(1, asked[0].correlation_id, _update_answer(E.REQUEST_TIMED_OUT.code), 0)
    backoff = node.config.retry_backoff_ms
    later = [o for o in node.poll(backoff) if not o.is_response]
    assert [type(o.body).__name__ for o in later] == ["FetchRequest"]
    node.handle_response(1, later[0].correlation_id, M.fetch_response(E.NONE.code, epoch=1, leader_id=1,
                                                                      high_watermark=0), backoff)
    retry = node.config.fetch_timeout_ms
    again = [o for o in node.poll(retry) if not o.is_response]
    assert [type(o.body).__name__ for o in again] == ["UpdateRaftVoterRequest"]
    node.handle_response(1, again[0].correlation_id, _update_answer(E.NONE.code), retry)
    # accepted: no more in this epoch
    for at in (retry, retry * 3):
        polled = [o for o in node.poll(at) if not o.is_response]
        assert "UpdateRaftVoterRequest" not in [type(o.body).__name__ for o in polled]
        for o in polled:
            node.handle_response(1, o.correlation_id, M.fetch_response(E.NONE.code, epoch=1, leader_id=1,
                                                                       high_watermark=0), at)


def _update_answer(error: int):
    from kbroker.protocol.messages.update_raft_voter_response import CurrentLeader, UpdateRaftVoterResponse
    return UpdateRaftVoterResponse(error_code=error, current_leader=CurrentLeader(leader_id=1, leader_epoch=1,
                                                                                  host="127.0.0.1", port=9001))


def test_after_the_upgrade_commits_the_quorum_takes_voter_changes():
    leader, now = committed_leader()
    epoch = leader.epoch
    remove = RemoveRaftVoterRequest(cluster_id=CLUSTER, voter_id=3, voter_directory_id=DIRECTORIES[3])
    refused = respond(leader, 99, remove, now)
    assert (refused.error_code, refused.error_message) == (
        E.UNSUPPORTED_VERSION.code, "Cluster doesn't support removing voter because the kraft.version feature is 0")
    for follower in (2, 3):
        respond(leader, follower, update(follower, epoch), now)
    assert leader.upgrade_kraft_version(epoch, 1, validate_only=False, now=now)
    end = leader.log.end_offset
    for follower in (2, 3):
        respond(leader, follower, fetch(replica=follower, epoch=epoch, offset=end, last_epoch=epoch), now)
    assert leader.high_watermark == end
    assert respond(leader, 99, remove, now) is None  # started: answered once its VotersRecord commits
    assert leader.voters == {1, 2}


def test_a_lone_static_voter_upgrades_and_answers_voter_changes_from_a_broker_listener(tmp_path):
    """The single-voter node (SingleVoterRaft): the upgrade commits with the next append; a broker listener's
    RemoveRaftVoter and AddRaftVoter get the leader's answers at once."""
    directory = uuid.UUID(int=7)
    (tmp_path / "meta.properties").write_text(f"version=1\nnode.id=1\ncluster.id=c\n"
                                              f"directory.id={kafka_uuid_string(directory)}\n")
    raft = SingleVoterRaft(str(tmp_path), 1, local_endpoints=(endpoint(1),))
    raft.register(RecordingListener())
    raft.start()
    try:
        remove_self = RemoveRaftVoterRequest(voter_id=1, voter_directory_id=directory)
        refused = raft.voter_request(remove_self)
        assert (refused.error_code, refused.error_message) == (
            E.UNSUPPORTED_VERSION.code,
            "Cluster doesn't support removing voter because the kraft.version feature is 0")
        assert raft.upgrade_kraft_version(raft.leader_epoch, 1, validate_only=False) is True
        raft.append([topic_record("after-the-upgrade")])
        assert raft.kraft_version == 1
        refused = raft.voter_request(remove_self)
        assert (refused.error_code, refused.error_message) == (
            E.VOTER_NOT_FOUND.code, f"Cannot remove voter ReplicaKey(id=1, directoryId={kafka_uuid_string(directory)})"
            f" from the set of voters [ReplicaKey(id=1, directoryId={kafka_uuid_string(directory)})]")
        name, host, port = endpoint(2)
        add = AddRaftVoterRequest(voter_id=2, voter_directory_id=DIRECTORIES[2],
                                  listeners=[AddListener(name=name, host=host, port=port)])
        lagging = raft.voter_request(add)
        assert (lagging.error_code, lagging.error_message) == (
            E.REQUEST_TIMED_OUT.code, f"Aborted add voter operation for ReplicaKey(id=2, directoryId="
            f"{kafka_uuid_string(DIRECTORIES[2])}) since it is lagging behind")
        assert raft.voter_request(RemoveRaftVoterRequest(voter_id=1, voter_directory_id=directory)).error_code == \
            E.VOTER_NOT_FOUND.code  # nothing was left pending by the aborted add
    finally:
        raft.close()
