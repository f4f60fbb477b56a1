"""The KRaft node's handlers one at a time: vote rules, pre-vote, error codes, log reconciliation, the high
watermark, check-quorum and FetchSnapshot (kbroker/raft/node.py, driven by hand with an explicit clock)."""

from __future__ import annotations

import random

import pytest

from kbroker.protocol import errors as E
from kbroker.protocol import records as R
from kbroker.protocol.messages.begin_quorum_epoch_request import BeginQuorumEpochRequest
from kbroker.protocol.messages.describe_quorum_request import DescribeQuorumRequest
from kbroker.protocol.messages.describe_quorum_request import PartitionData as DqPartition
from kbroker.protocol.messages.describe_quorum_request import TopicData as DqTopic
from kbroker.protocol.messages.end_quorum_epoch_request import EndQuorumEpochRequest
from kbroker.protocol.messages.fetch_request import FetchRequest
from kbroker.protocol.messages.fetch_response import FetchResponse
from kbroker.protocol.messages.fetch_snapshot_request import FetchSnapshotRequest
from kbroker.protocol.messages.vote_request import VoteRequest
from kbroker.protocol.messages.vote_response import VoteResponse
from kbroker.raft import raft_messages as M
from kbroker.raft.client import NotLeaderError
from kbroker.raft.epoch_states import Candidate, Follower, Leader, Prospective, Resigned, Unattached
from kbroker.raft.memory_log import MemoryElectionStore, MemoryRaftLog
from kbroker.raft.node import QuorumConfig, RaftNode
from kbroker.raft.quorum_state import ElectionState

CLUSTER = "test-cluster-id-000000"
VOTERS = (1, 2, 3)


def make_node(node_id=1, voters=VOTERS, *, log=None, store=None, now=0, config=None) -> RaftNode:
    return RaftNode(node_id, voters, log or MemoryRaftLog(), store or MemoryElectionStore(), cluster_id=CLUSTER,
                    now=now, config=config or QuorumConfig(), rng=random.Random(0))


def batch(base: int, epoch: int, count: int = 1) -> bytearray:
    return R.build_batch([(0, None, b"v%d" % (base + i)) for i in range(count)], base_offset=base,
                         partition_leader_epoch=epoch)


def log_with(*epochs_and_counts) -> MemoryRaftLog:
    """A flushed log holding one batch per (epoch, record count)."""
    log = MemoryRaftLog()
    for epoch, count in epochs_and_counts:
        log.append_as_leader(batch(log.end_offset, epoch, count))
    log.flush()
    return log


SENT_ALONG: list = []  # the requests the node sent in the poll that carried the last `respond` answer


def respond(node: RaftNode, source: int, request, now: int = 0):
    node.handle_request(source, 99, request, now)
    outbound = node.poll(now)
    replies = [o for o in outbound if o.is_response and o.destination == source]
    SENT_ALONG[:] = [o for o in outbound if not o.is_response]
    assert len(replies) <= 1
    return replies[0].body if replies else None


def vote(candidate=2, epoch=1, last_epoch=0, last_offset=0, pre_vote=False, cluster=CLUSTER, voter=-1):
    return M.vote_request(cluster, epoch=epoch, candidate=candidate, voter=voter, last_epoch=last_epoch,
                          last_offset=last_offset, pre_vote=pre_vote)


def fetch(replica=2, epoch=1, offset=0, last_epoch=0, cluster=CLUSTER):
    return M.fetch_request(cluster, replica_id=replica, epoch=epoch, fetch_offset=offset,
                           last_fetched_epoch=last_epoch, max_wait_ms=0, max_bytes=1 << 20)


def partition(response):
    return M.single_partition(response)


def requests_of(outbound, kind):
    return [o for o in outbound if not o.is_response and isinstance(o.body, kind)]


def elect(node: RaftNode, now: int = 0) -> int:
    """Drive `node` from unattached to leader by answering its pre-votes and votes; returns the time."""
    now = node.next_deadline(now)
    sent = node.poll(now)
    for out in requests_of(sent, VoteRequest):
        assert partition(out.body).pre_vote
        node.handle_response(out.destination, out.correlation_id,
                             M.vote_response(0, epoch=node.epoch, granted=True), now)
    assert isinstance(node.state, Candidate)
    for out in requests_of(node.poll(now), VoteRequest):
        node.handle_response(out.destination, out.correlation_id,
                             M.vote_response(0, epoch=node.epoch, granted=True), now)
    assert isinstance(node.state, Leader)
    node.poll(now)
    return now


# --- votes ---------------------------------------------------------------------------------------------------

def test_vote_is_granted_to_an_up_to_date_candidate_and_persisted_before_the_answer():
    store = MemoryElectionStore()
    node = make_node(store=store)
    node.handle_request(2, 7, vote(candidate=2, epoch=1), 0)
    assert store.state == ElectionState(1, -1, 2, VOTERS)  # written before the response leaves
    [reply] = [o for o in node.poll(0) if o.is_response]
    assert (reply.destination, reply.correlation_id) == (2, 7)
    answer = partition(reply.body)
    assert answer.vote_granted and answer.error_code == 0 and answer.leader_epoch == 1
    assert node.state == Unattached(1, node.state.election_deadline, voted_id=2)


@pytest.mark.parametrize("last_epoch,last_offset", [(1, 5), (2, 2)])
def test_vote_is_refused_to_a_candidate_whose_log_is_behind(last_epoch, last_offset):
    node = make_node(log=log_with((1, 3), (2, 2)))  # last epoch 2, end offset 5
    answer = partition(respond(node, 2, vote(epoch=3, last_epoch=last_epoch, last_offset=last_offset)))
    assert not answer.vote_granted and answer.error_code == 0
    assert node.epoch == 3 and node.state.voted_id == -1


def test_one_vote_per_epoch():
    node = make_node()
    assert partition(respond(node, 2, vote(candidate=2, epoch=1))).vote_granted
    assert not partition(respond(node, 3, vote(candidate=3, epoch=1))).vote_granted
    assert partition(respond(node, 2, vote(candidate=2, epoch=1))).vote_granted  # a retry of the same vote
    assert partition(respond(node, 3, vote(candidate=3, epoch=2))).vote_granted  # a new epoch, a new vote


def test_vote_with_a_last_epoch_not_below_the_candidate_epoch_is_invalid():
    node = make_node()
    assert partition(respond(node, 2, vote(epoch=1, last_epoch=1, last_offset=3))).error_code == \
        E.INVALID_REQUEST.code


def test_pre_vote_neither_bumps_the_epoch_nor_spends_the_vote():
    store = MemoryElectionStore()
    node = make_node(store=store)
    writes = store.writes
    answer = partition(respond(node, 2, vote(candidate=2, epoch=0, pre_vote=True)))
    assert answer.vote_granted and node.epoch == 0 and store.writes == writes
    assert partition(respond(node, 3, vote(candidate=3, epoch=1))).vote_granted


def test_a_follower_refuses_pre_votes_once_it_has_fetched_from_its_leader():
    node = make_node(store=MemoryElectionStore())
    respond(node, 3, M.begin_quorum_epoch_request(CLUSTER, epoch=1, leader=3, voter=1))
    assert isinstance(node.state, Follower)
    [out] = requests_of(SENT_ALONG, FetchRequest)
    assert partition(respond(node, 2, vote(candidate=2, epoch=1, pre_vote=True))).vote_granted
    node.handle_response(3, out.correlation_id, M.fetch_response(0, epoch=1, leader_id=3, high_watermark=0), 1)
    assert node.state.has_fetched
    assert not partition(respond(node, 2, vote(candidate=2, epoch=1, pre_vote=True), 2)).vote_granted
    assert not partition(respond(node, 2, vote(candidate=2, epoch=1), 2)).vote_granted


def test_election_pre_votes_then_votes_then_writes_a_leader_change():
    store = MemoryElectionStore()
    node = make_node(store=store)
    deadline = node.next_deadline(0)
    assert 1000 <= deadline < 2000  # election.timeout.ms plus a random part of it
    sent = node.poll(deadline)
    assert isinstance(node.state, Prospective) and node.epoch == 0
    pre_votes = requests_of(sent, VoteRequest)
    assert sorted(o.destination for o in pre_votes) == [2, 3]
    assert all(partition(o.body).pre_vote and partition(o.body).replica_epoch == 0 for o in pre_votes)
    node.handle_response(2, pre_votes[0].correlation_id, M.vote_response(0, epoch=0, granted=True), deadline)
    assert isinstance(node.state, Candidate) and node.epoch == 1
    assert store.state == ElectionState(1, -1, 1, VOTERS)
    votes = requests_of(node.poll(deadline), VoteRequest)
    assert all(not partition(o.body).pre_vote and partition(o.body).replica_epoch == 1 for o in votes)
    node.handle_response(3, votes[-1].correlation_id, M.vote_response(0, epoch=1, granted=True), deadline)
    assert isinstance(node.state, Leader) and store.state == ElectionState(1, 1, -1, VOTERS)
    first = next(node.log.batches(0))[2]
    assert R.RecordBatch(memoryview(first)).is_control
    begin = requests_of(node.poll(deadline), BeginQuorumEpochRequest)
    assert sorted(o.destination for o in begin) == [2, 3]


def test_a_rejected_pre_vote_returns_to_unattached_without_a_new_epoch():
    node = make_node()
    now = node.next_deadline(0)
    sent = requests_of(node.poll(now), VoteRequest)
    for out in sent:
        node.handle_response(out.destination, out.correlation_id, M.vote_response(0, epoch=0, granted=False), now)
    assert isinstance(node.state, Unattached) and node.epoch == 0


def test_a_single_voter_leads_at_once_and_commits_on_its_own_flush():
    node = make_node(voters=(1,))
    assert isinstance(node.state, Leader) and node.epoch == 1
    node.poll(0)
    assert node.high_watermark == 1  # the LeaderChange record
    appended = node.append([b"a", b"b"], 5)
    assert (appended.base_offset, appended.last_offset, appended.epoch) == (1, 2, 1) and node.high_watermark == 1
    assert node.next_deadline(5) == 5
    node.poll(5)
    assert node.high_watermark == 3


# --- errors --------------------------------------------------------------------------------------------------

def test_stale_epochs_are_fenced():
    node = make_node()
    respond(node, 3, M.begin_quorum_epoch_request(CLUSTER, epoch=4, leader=3, voter=1))
    assert node.epoch == 4
    assert partition(respond(node, 2, vote(epoch=3))).error_code == E.FENCED_LEADER_EPOCH.code
    begin = M.begin_quorum_epoch_request(CLUSTER, epoch=2, leader=2, voter=1)
    assert partition(respond(node, 2, begin)).error_code == E.FENCED_LEADER_EPOCH.code
    end = M.end_quorum_epoch_request(CLUSTER, epoch=3, leader=2, preferred_successors=[1])
    assert partition(respond(node, 2, end)).error_code == E.FENCED_LEADER_EPOCH.code
    answer = partition(respond(node, 2, fetch(replica=2, epoch=2)))
    assert answer.error_code == E.FENCED_LEADER_EPOCH.code
    assert (answer.current_leader.leader_id, answer.current_leader.leader_epoch) == (3, 4)
    assert isinstance(node.state, Follower) and node.epoch == 4


def test_fetch_from_a_non_leader_or_a_future_epoch():
    node = make_node()
    respond(node, 3, M.begin_quorum_epoch_request(CLUSTER, epoch=2, leader=3, voter=1))
    answer = partition(respond(node, 2, fetch(replica=2, epoch=2)))
    assert answer.error_code == E.NOT_LEADER_OR_FOLLOWER.code and answer.current_leader.leader_id == 3
    assert partition(respond(node, 2, fetch(replica=2, epoch=5))).error_code == E.UNKNOWN_LEADER_EPOCH.code


@pytest.mark.parametrize("request_", [
    vote(cluster="other-cluster"), fetch(cluster="other-cluster"),
    M.begin_quorum_epoch_request("other-cluster", epoch=1, leader=2, voter=1),
    M.end_quorum_epoch_request("other-cluster", epoch=1, leader=2, preferred_successors=[]),
    M.fetch_snapshot_request("other-cluster", replica_id=2, epoch=1, snapshot=(5, 1), position=0, max_bytes=10),
])
def test_a_wrong_cluster_id_is_refused(request_):
    node = make_node()
    answer = respond(node, 2, request_)
    assert answer.error_code == E.INCONSISTENT_CLUSTER_ID.code
    assert node.epoch == 0


def test_votes_involving_non_voters_follow_kafka_4():
    """Kafka 4.x (KafkaRaftClientTest.testHandleVoteRequestAsObserver) no longer answers INCONSISTENT_VOTER_SET:
    an observer grants an up-to-date candidate and persists the vote; no candidate counts it."""
    observer = make_node(node_id=100)
    answer = partition(respond(observer, 2, vote(candidate=2, epoch=1)))
    assert (answer.error_code, answer.vote_granted) == (0, True)
    assert observer.store.read() == ElectionState(1, -1, 2, VOTERS)
    voter = make_node()
    assert partition(respond(voter, 100, vote(candidate=-1, epoch=1))).error_code == E.INVALID_REQUEST.code
    answer = partition(respond(voter, 100, vote(candidate=100, epoch=0, pre_vote=True)))
    assert (answer.error_code, answer.vote_granted) == (0, True)  # evaluated like anyone's
    candidate = make_node(node_id=2)
    candidate.poll(candidate.next_deadline(0))
    assert isinstance(candidate.state, Prospective)
    candidate.handle_response(100, 1, M.vote_response(0, epoch=0, granted=True), 0)  # never asked: ignored
    assert candidate.state.granted == {2}


def test_observers_never_stand_for_election():
    observer = make_node(node_id=100)
    sent = observer.poll(observer.next_deadline(0))
    assert not requests_of(sent, VoteRequest)
    assert requests_of(sent, FetchRequest)  # it looks for the leader among the voters instead
    observer.poll(10_000)
    assert isinstance(observer.state, Unattached) and observer.epoch == 0


# --- replication ---------------------------------------------------------------------------------------------

def test_diverging_epoch_makes_the_follower_truncate():
    # The leader wrote epoch 1 at 0..4 and leads epoch 3 from 5; the follower holds an epoch-2 tail at 5..9.
    leader_log = log_with((1, 5))
    leader = make_node(log=leader_log, store=MemoryElectionStore())
    leader.store.write(ElectionState(2, -1, -1, VOTERS))
    leader = make_node(log=leader_log, store=leader.store)
    elect(leader)
    assert leader.epoch == 3
    answer = partition(respond(leader, 2, fetch(replica=2, epoch=3, offset=10, last_epoch=2)))
    assert (answer.diverging_epoch.epoch, answer.diverging_epoch.end_offset) == (1, 5)
    assert not answer.records

    follower_log = log_with((1, 5), (2, 5))
    follower = make_node(node_id=2, log=follower_log)
    respond(follower, 1, M.begin_quorum_epoch_request(CLUSTER, epoch=3, leader=1, voter=2))
    [out] = requests_of(SENT_ALONG, FetchRequest)
    assert partition(out.body).fetch_offset == 10 and partition(out.body).last_fetched_epoch == 2
    follower.handle_response(1, out.correlation_id, respond(leader, 2, out.body), 0)
    assert follower_log.end_offset == 5 and follower_log.last_fetched_epoch == 1
    [out] = requests_of(follower.poll(0), FetchRequest)
    follower.handle_response(1, out.correlation_id, respond(leader, 2, out.body), 0)
    assert follower_log.end_offset == 6 and follower_log.last_fetched_epoch == 3


def test_high_watermark_needs_a_majority_and_an_entry_of_the_current_epoch():
    log = log_with((1, 5))
    store = MemoryElectionStore()
    store.write(ElectionState(1, -1, -1, (1, 2, 3, 4, 5)))
    leader = make_node(voters=(1, 2, 3, 4, 5), log=log, store=store)
    elect(leader)
    assert leader.epoch == 2 and leader.state.epoch_start_offset == 5 and leader.high_watermark is None
    respond(leader, 2, fetch(replica=2, epoch=2, offset=5, last_epoch=1))
    respond(leader, 3, fetch(replica=3, epoch=2, offset=5, last_epoch=1))
    # a majority holds everything from epoch 1, but nothing of epoch 2 is on a majority yet
    assert leader.high_watermark is None
    respond(leader, 2, fetch(replica=2, epoch=2, offset=6, last_epoch=2))
    assert leader.high_watermark is None  # the leader and one follower: two of five
    answer = partition(respond(leader, 3, fetch(replica=3, epoch=2, offset=6, last_epoch=2)))
    assert leader.high_watermark == 6
    assert answer.high_watermark == 6


def test_check_quorum_resigns_a_leader_no_majority_fetches_from():
    leader = make_node()
    now = elect(leader)
    timeout = QuorumConfig().fetch_timeout_ms * 3 // 2
    respond(leader, 2, fetch(replica=2, epoch=1, offset=0), now + 1000)
    leader.poll(now + 1000 + timeout - 1)
    assert isinstance(leader.state, Leader)  # one follower fetched: with the leader, a majority of three
    sent = leader.poll(now + 1000 + timeout)
    assert isinstance(leader.state, Resigned) and leader.epoch == 1
    assert sorted(o.destination for o in requests_of(sent, EndQuorumEpochRequest)) == [2, 3]


def test_graceful_resignation_names_the_most_caught_up_successor_first():
    leader = make_node()
    now = elect(leader)
    leader.append([b"x"], now)
    leader.poll(now)
    respond(leader, 3, fetch(replica=3, epoch=1, offset=2, last_epoch=1), now)
    respond(leader, 2, fetch(replica=2, epoch=1, offset=1, last_epoch=1), now)
    leader.resign(now)
    [first, *_] = requests_of(leader.poll(now), EndQuorumEpochRequest)
    assert partition(first.body).preferred_successors == [3, 2]
    with pytest.raises(NotLeaderError):
        leader.append([b"y"], now)

    first_successor = make_node(node_id=3)
    respond(first_successor, 1, M.begin_quorum_epoch_request(CLUSTER, epoch=1, leader=1, voter=3))
    respond(first_successor, 1, first.body, now)
    assert isinstance(first_successor.state, Prospective)  # it stands at once
    second_successor = make_node(node_id=2)
    respond(second_successor, 1, M.begin_quorum_epoch_request(CLUSTER, epoch=1, leader=1, voter=2))
    respond(second_successor, 1, first.body, now)
    assert second_successor.state.fetch_deadline == now + 500  # election.backoff.max.ms >> 1


def test_a_follower_below_the_log_start_fetches_the_snapshot_in_chunks():
    config = QuorumConfig(fetch_snapshot_max_bytes=100)
    log = log_with((1, 3), (1, 3), (1, 3))
    store = MemoryElectionStore()
    store.write(ElectionState(1, -1, -1, VOTERS))
    snapshot = log.create_snapshot(6)
    leader = make_node(log=log, store=store, config=config)
    elect(leader)
    answer = partition(respond(leader, 2, fetch(replica=2, epoch=2, offset=0, last_epoch=0)))
    assert (answer.snapshot_id.end_offset, answer.snapshot_id.epoch) == (6, 1)

    follower_log = MemoryRaftLog()
    follower = make_node(node_id=2, log=follower_log, config=config)
    respond(follower, 1, M.begin_quorum_epoch_request(CLUSTER, epoch=2, leader=1, voter=2))
    [out] = SENT_ALONG
    chunks = 0
    for step in range(1, 20):
        follower.handle_response(1, out.correlation_id, respond(leader, 2, out.body, step), step)
        chunks += isinstance(out.body, FetchSnapshotRequest)
        if follower_log.latest_snapshot() == snapshot:
            break
        [out] = [o for o in follower.poll(step) if not o.is_response]
    assert chunks > 1
    assert follower_log.log_start_offset == 6 and follower_log.read_snapshot(snapshot) == log.read_snapshot(snapshot)
    assert follower.high_watermark == 6


def test_fetch_snapshot_of_an_unknown_snapshot():
    leader = make_node()
    elect(leader)
    request = M.fetch_snapshot_request(CLUSTER, replica_id=2, epoch=1, snapshot=(5, 1), position=0, max_bytes=10)
    assert partition(respond(leader, 2, request)).error_code == E.SNAPSHOT_NOT_FOUND.code


def test_a_leader_parks_a_caught_up_fetch_until_new_data():
    leader = make_node()
    now = elect(leader)
    request = M.fetch_request(CLUSTER, replica_id=2, epoch=1, fetch_offset=1, last_fetched_epoch=1,
                              max_wait_ms=500, max_bytes=1 << 20)
    leader.handle_request(2, 5, request, now)
    assert not [o for o in leader.poll(now) if o.is_response]
    leader.append([b"z"], now + 10)
    [reply] = [o for o in leader.poll(now + 10) if o.is_response]
    assert reply.correlation_id == 5 and partition(reply.body).records


def test_describe_quorum_on_the_leader_and_elsewhere():
    request = DescribeQuorumRequest(topics=[DqTopic(topic_name=M.METADATA_TOPIC, partitions=[DqPartition()])])
    follower = make_node(node_id=2)
    assert partition(respond(follower, 5, request)).error_code == E.NOT_LEADER_OR_FOLLOWER.code
    leader = make_node()
    now = elect(leader)
    respond(leader, 2, fetch(replica=2, epoch=1, offset=1, last_epoch=1), now + 5)
    respond(leader, 100, fetch(replica=100, epoch=1, offset=0), now + 7)
    answer = partition(respond(leader, 5, request, now + 9))
    assert (answer.error_code, answer.leader_id, answer.leader_epoch, answer.high_watermark) == (0, 1, 1, 1)
    assert [(r.replica_id, r.log_end_offset, r.last_fetch_timestamp, r.last_caught_up_timestamp)
            for r in answer.current_voters] == [(1, 1, now + 9, now + 9), (2, 1, now + 5, now + 5), (3, -1, -1, -1)]
    assert [(r.replica_id, r.log_end_offset, r.last_caught_up_timestamp) for r in answer.observers] == [(100, 0, -1)]


def test_restart_as_the_former_leader_resigns_instead_of_leading():
    store = MemoryElectionStore()
    store.write(ElectionState(3, 1, -1, VOTERS))
    node = make_node(store=store, log=log_with((3, 2)))
    assert isinstance(node.state, Resigned) and node.epoch == 3
    assert not partition(respond(node, 2, vote(candidate=2, epoch=3, last_epoch=3, last_offset=2,
                                               pre_vote=True))).vote_granted


@pytest.mark.parametrize("body,version", [
    (vote(pre_vote=True), 2), (fetch(), 17), (M.begin_quorum_epoch_request(CLUSTER, epoch=1, leader=2, voter=1), 1),
    (M.end_quorum_epoch_request(CLUSTER, epoch=1, leader=2, preferred_successors=[3]), 1),
    (M.fetch_snapshot_request(CLUSTER, replica_id=2, epoch=1, snapshot=(5, 1), position=0, max_bytes=9), 1),
    (M.fetch_response(0, epoch=1, leader_id=2, high_watermark=3, diverging=(4, 1)), 17),
    (M.vote_response(0, epoch=1, leader_id=2, granted=True), 2),
])
def test_the_node_s_messages_survive_the_wire(body, version):
    wire = body.encode(version)
    decoded, _ = type(body).decode(memoryview(wire), 0, version)
    assert decoded.encode(version) == wire
    assert M.single_partition(decoded) is not None
    assert isinstance(decoded, VoteRequest | FetchRequest | BeginQuorumEpochRequest | EndQuorumEpochRequest
                      | FetchSnapshotRequest | FetchResponse | VoteResponse)


# --- leaving an election that cannot be won (issue #14) -------------------------------------------------------

def candidate_of_epoch_1(node: RaftNode) -> tuple[int, dict[int, int]]:
    """Drive `node` through its pre-vote to a candidate of epoch 1: (time, voter -> correlation id of its Vote)."""
    now = node.next_deadline(0)
    for out in requests_of(node.poll(now), VoteRequest):
        node.handle_response(out.destination, out.correlation_id, M.vote_response(0, epoch=0, granted=True), now)
    assert isinstance(node.state, Candidate) and node.epoch == 1
    return now, {o.destination: o.correlation_id for o in requests_of(node.poll(now), VoteRequest)}


def test_a_candidate_rejected_by_one_voter_and_refused_by_the_other_backs_off_at_once():
    node = make_node(config=QuorumConfig(election_backoff_max_ms=500))
    now, votes = candidate_of_epoch_1(node)
    node.handle_response(2, votes[2], M.vote_response(0, epoch=1, granted=False), now + 1)
    assert node.state.backoff_deadline is None  # voter 3 may still grant: Kafka's rule, wait for it
    node.handle_response(3, votes[3], VoteResponse(error_code=E.BROKER_NOT_AVAILABLE.code), now + 2)
    assert node.state.backoff_deadline is not None and node.state.backoff_deadline <= now + 2 + 500
    node.poll(node.next_deadline(now + 2))
    assert isinstance(node.state, Prospective) and node.epoch == 1


def candidate_after_a_failed_pre_vote(node: RaftNode, error: int) -> tuple[int, dict[int, int]]:
    """Voter 3's pre-vote got no answer (`error`, as the driver reports it), voter 2 granted: (time, the Votes)."""
    now = node.next_deadline(0)
    pre_votes = {o.destination: o.correlation_id for o in requests_of(node.poll(now), VoteRequest)}
    node.handle_response(3, pre_votes[3], VoteResponse(error_code=error), now)
    node.handle_response(2, pre_votes[2], M.vote_response(0, epoch=0, granted=True), now)
    return now, {o.destination: o.correlation_id for o in requests_of(node.poll(now), VoteRequest)}


def test_a_candidate_gives_up_on_a_voter_whose_requests_failed_before_it_stood():
    node = make_node()
    now, votes = candidate_after_a_failed_pre_vote(node, E.REQUEST_TIMED_OUT.code)
    node.handle_response(2, votes[2], M.vote_response(0, epoch=1, granted=False), now + 1)
    assert isinstance(node.state, Candidate) and node.state.backoff_deadline is not None


def test_a_voter_that_answers_again_is_counted_on_again():
    node = make_node()
    now, votes = candidate_after_a_failed_pre_vote(node, E.BROKER_NOT_AVAILABLE.code)
    node.handle_response(3, votes[3], M.vote_response(0, epoch=1, granted=False), now + 1)
    assert node.state.backoff_deadline is None  # voter 2 has not answered the Vote yet
    node.handle_response(2, votes[2], M.vote_response(0, epoch=1, granted=True), now + 1)
    assert isinstance(node.state, Leader)


def test_a_candidate_that_backs_off_keeps_its_vote_for_itself():
    """Back to a prospective in the epoch it stood in, it still voted for itself there: another candidate of
    that epoch is refused (Kafka's ProspectiveState keeps the candidate's voted key)."""
    node = make_node()
    now, votes = candidate_of_epoch_1(node)
    for voter in (2, 3):
        node.handle_response(voter, votes[voter], M.vote_response(0, epoch=1, granted=False), now)
    node.poll(node.next_deadline(now))
    assert isinstance(node.state, Prospective) and node.epoch == 1
    answer = partition(respond(node, 2, vote(candidate=2, epoch=1, last_epoch=0, last_offset=0), now + 100))
    assert answer.error_code == 0 and not answer.vote_granted
    assert partition(respond(node, 2, vote(candidate=2, epoch=1, pre_vote=True), now + 100)).vote_granted
