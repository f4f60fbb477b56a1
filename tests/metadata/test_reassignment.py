"""Partition reassignment and leader elections on the active controller (kbroker/metadata/reassignment.py,
leader_election.py) against an in-memory metadata log: the stages Kafka 4.3.1's ReplicationControlManager and
PartitionChangeBuilder write, completion through AlterPartition, cancel, and every refusal."""

from __future__ import annotations

import pytest
from cluster_helpers import MetadataLog, dir_id, heartbeat

from kbroker.metadata.alter_partition import alter_partition
from kbroker.metadata.leader_election import balance_partition_leaders, elect_leaders
from kbroker.metadata.reassignment import alter_partition_reassignments, list_partition_reassignments
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_partition_reassignments_request import (
    AlterPartitionReassignmentsRequest,
    ReassignablePartition,
    ReassignableTopic,
)
from kbroker.protocol.messages.alter_partition_request import (
    AlterPartitionRequest,
    BrokerState,
    PartitionData,
    TopicData,
)
from kbroker.protocol.messages.elect_leaders_request import ElectLeadersRequest, TopicPartitions
from kbroker.protocol.messages.list_partition_reassignments_request import ListPartitionReassignmentsTopics

NO_LEADER_CHANGE = -2


class Cluster:
    """Brokers 1-4 unfenced; topic t: partition 0 on [1, 2, 3], partition 1 on [2, 3, 1]."""

    def __init__(self, **log_options):
        self.log = MetadataLog(**log_options)
        self.epochs = {b: self.log.join(b) for b in (1, 2, 3, 4)}
        self.topic_id = self.log.create_topic("t", {0: [1, 2, 3], 1: [2, 3, 1]})

    def state(self, partition: int = 0):
        return self.log.partition("t", partition)

    def reassign(self, targets: dict, *, topic: str = "t", allow_rf_change: bool = True):
        """{partition: replicas or None}: [(partition, code, message)], the records committed."""
        request = AlterPartitionReassignmentsRequest(
            allow_replication_factor_change=allow_rf_change,
            topics=[ReassignableTopic(name=topic, partitions=[
                ReassignablePartition(partition_index=p, replicas=r) for p, r in targets.items()])])
        outcome = alter_partition_reassignments(self.log.image, request, cluster=self.log.control)
        self.log.commit(outcome.records)
        assert outcome.response.error_code == errors.NONE.code and outcome.response.error_message is None
        assert outcome.response.allow_replication_factor_change is allow_rf_change
        (answers,) = outcome.response.responses
        return [(p.partition_index, p.error_code, p.error_message) for p in answers.partitions], outcome.records

    def alter_isr(self, isr, partition: int = 0):
        state = self.state(partition)
        request = AlterPartitionRequest(broker_id=state.leader, broker_epoch=self.epochs[state.leader], topics=[
            TopicData(topic_id=self.topic_id, partitions=[PartitionData(
                partition_index=partition, new_isr_with_epochs=[BrokerState(broker_id=b, broker_epoch=self.epochs[b])
                                                                for b in isr],
                leader_epoch=state.leader_epoch, partition_epoch=state.partition_epoch)])])
        outcome = alter_partition(self.log.image, request, api_version=3, cluster=self.log.control)
        self.log.commit(outcome.records)
        (topic,) = outcome.response.topics
        (answer,) = topic.partitions
        return answer

    def listed(self, topics=None):
        response = list_partition_reassignments(self.log.image, topics)
        assert response.error_code == errors.NONE.code
        return {(t.name, p.partition_index): (p.replicas, p.adding_replicas, p.removing_replicas)
                for t in response.topics for p in t.partitions}

    def elect(self, election_type, partitions):
        request = ElectLeadersRequest(election_type=election_type, topic_partitions=None if partitions is None else
                                      [TopicPartitions(topic=t, partitions=p) for t, p in partitions])
        outcome = elect_leaders(self.log.image, request, cluster=self.log.control)
        self.log.commit(outcome.records)
        return [(r.topic, [(p.partition_id, p.error_code) for p in r.partition_result])
                for r in outcome.response.replica_election_results]


@pytest.fixture
def cluster():
    return Cluster()


def test_move_adds_then_completes_when_the_new_replica_joins_the_isr(cluster):
    before = cluster.state()
    answers, (record,) = cluster.reassign({0: [4, 2, 3]})
    assert answers == [(0, errors.NONE.code, None)]
    change = record.message
    # Stage 1: the target replicas then the leaving one; the leader stays, and the epoch is not bumped (no
    # replica leaves yet).
    assert (change.replicas, change.adding_replicas, change.removing_replicas) == ([4, 2, 3, 1], [4], [1])
    assert change.directories == [dir_id(4), dir_id(2), dir_id(3), dir_id(1)]
    assert change.leader == NO_LEADER_CHANGE and change.isr is None
    state = cluster.state()
    assert (state.leader, state.leader_epoch, state.partition_epoch) == (1, before.leader_epoch,
                                                                         before.partition_epoch + 1)
    assert cluster.listed() == {("t", 0): ([4, 2, 3, 1], [4], [1])}
    # Stage 2-3: the leader adds 4 to the ISR, which completes the reassignment and moves leadership off 1.
    answer = cluster.alter_isr([1, 2, 3, 4])
    assert answer.error_code == errors.NEW_LEADER_ELECTED.code
    state = cluster.state()
    assert (state.replicas, state.isr, state.leader) == ((4, 2, 3), (2, 3, 4), 4)
    assert (state.adding_replicas, state.removing_replicas) == ((), ())
    assert state.directories == (dir_id(4), dir_id(2), dir_id(3))
    assert state.leader_epoch == before.leader_epoch + 1
    assert cluster.listed() == {}


def test_a_follower_removed_bumps_the_leader_epoch_and_keeps_the_leader(cluster):
    before = cluster.state()
    cluster.reassign({0: [1, 2, 4]})
    answer = cluster.alter_isr([1, 2, 3, 4])
    assert answer.error_code == errors.NONE.code
    state = cluster.state()
    assert (state.replicas, state.isr, state.leader) == ((1, 2, 4), (1, 2, 4), 1)
    assert state.leader_epoch == before.leader_epoch + 1
    assert (answer.leader_id, answer.isr, answer.leader_epoch) == (1, [1, 2, 4], state.leader_epoch)


def test_reorder_completes_at_once(cluster):
    before = cluster.state()
    answers, (record,) = cluster.reassign({0: [3, 1, 2]})
    assert answers == [(0, errors.NONE.code, None)]
    state = cluster.state()
    assert (state.replicas, state.adding_replicas, state.removing_replicas) == ((3, 1, 2), (), ())
    assert (state.leader, state.leader_epoch) == (1, before.leader_epoch)  # reordering keeps the leader
    assert record.message.adding_replicas is None and record.message.removing_replicas is None


def test_shrink_within_the_isr_completes_at_once(cluster):
    cluster.reassign({0: [2, 3]})
    state = cluster.state()
    assert (state.replicas, state.isr, state.leader) == ((2, 3), (2, 3), 2)


def test_same_assignment_writes_nothing(cluster):
    answers, records = cluster.reassign({0: [1, 2, 3]})
    assert answers == [(0, errors.NONE.code, None)] and records == []


def test_cancel_reverts_to_the_original_replicas(cluster):
    cluster.reassign({0: [4, 2, 3]})
    answers, (record,) = cluster.reassign({0: None})
    assert answers == [(0, errors.NONE.code, None)]
    state = cluster.state()
    # The replicas minus the adding ones, in the reassignment's order (Kafka does not restore the first order).
    assert (state.replicas, state.isr, state.leader) == ((2, 3, 1), (1, 2, 3), 1)
    assert (state.adding_replicas, state.removing_replicas) == ((), ())
    assert cluster.listed() == {}


def test_cancel_of_an_addition_drops_the_adding_replica(cluster):
    cluster.reassign({0: [4, 1, 2, 3]})  # only adds: it would complete once 4 joins the ISR
    assert cluster.listed() == {("t", 0): ([4, 1, 2, 3], [4], [])}
    cluster.reassign({0: None})
    state = cluster.state()
    assert (state.replicas, state.isr) == ((1, 2, 3), (1, 2, 3))


def test_cancel_without_a_reassignment(cluster):
    answers, records = cluster.reassign({0: None})
    assert answers == [(0, errors.NO_REASSIGNMENT_IN_PROGRESS.code, "No partition reassignment is in progress.")]
    assert records == []


def test_cancel_needing_an_unclean_election_is_refused():
    cluster = Cluster()
    cluster.reassign({0: [4, 1]})
    assert cluster.listed() == {("t", 0): ([4, 1, 2, 3], [4], [2, 3])}
    cluster.alter_isr([1, 4])  # 4 joins: the reassignment completes
    assert cluster.state().replicas == (4, 1)
    # Now a reassignment back, whose only ISR member is an adding replica.
    cluster.reassign({0: [2, 3]})
    state = cluster.state()
    assert (state.replicas, state.adding_replicas, state.removing_replicas) == ((2, 3, 1, 4), (2, 3), (1, 4))
    cluster.alter_isr([4, 2] if state.leader == 4 else [1, 2])
    assert cluster.state().replicas == (2, 3, 1, 4)  # 3 is not in the ISR yet: not complete
    # Reverting would leave an ISR without any original replica only if every ISR member were adding: take 1
    # and 4 out by fencing them.
    for broker in (1, 4):
        cluster.log.heartbeat(heartbeat(broker, cluster.epochs[broker], cluster.log.image.offset, want_fence=True))
    assert set(cluster.state().isr) == {2}
    answers, records = cluster.reassign({0: None})
    assert answers == [(0, errors.INVALID_REPLICA_ASSIGNMENT.code, "Unable to revert partition assignment for t:0 "
                        "because it would require an unclean leader election.")]
    assert records == []


def test_cancel_with_unclean_election_enabled_elects_an_original_replica():
    cluster = Cluster(unclean_leader_election_enable=True)
    cluster.reassign({0: [4, 1]})
    cluster.alter_isr([1, 4])
    cluster.reassign({0: [2, 3]})
    state = cluster.state()
    cluster.alter_isr([state.leader, 2])
    for broker in (1, 4):
        cluster.log.heartbeat(heartbeat(broker, cluster.epochs[broker], cluster.log.image.offset, want_fence=True))
    answers, _ = cluster.reassign({0: None})
    assert answers == [(0, errors.NONE.code, None)]
    state = cluster.state()
    # Back to the original replicas, in the reassignment's order [1, 4], with the ISR [1] (the first of them);
    # 1 is fenced, so no leader can be elected.
    assert (state.replicas, state.adding_replicas, state.removing_replicas) == ((1, 4), (), ())
    assert state.isr == (1,)


@pytest.mark.parametrize("replicas, message", [
    ([], "The manual partition assignment includes an empty replica list."),
    ([1, 9], "The manual partition assignment includes broker 9, but no such broker is registered."),
    ([2, 1, 2], "The manual partition assignment includes the broker 2 more than once."),
])
def test_invalid_assignments(cluster, replicas, message):
    answers, records = cluster.reassign({0: replicas})
    assert answers == [(0, errors.INVALID_REPLICA_ASSIGNMENT.code, message)] and records == []


def test_unknown_topic_and_partition(cluster):
    assert cluster.reassign({0: [1]}, topic="nope")[0] == [
        (0, errors.UNKNOWN_TOPIC_OR_PARTITION.code, "Unable to find a topic named nope.")]
    assert cluster.reassign({7: [1]})[0] == [
        (7, errors.UNKNOWN_TOPIC_OR_PARTITION.code, "Unable to find partition t:7.")]


def test_replication_factor_change_refused_when_not_allowed(cluster):
    answers, records = cluster.reassign({0: [1, 2], 1: [4, 3, 1]}, allow_rf_change=False)
    assert answers == [(0, errors.INVALID_REPLICATION_FACTOR.code, "The replication factor is changed from 3 to 2"),
                       (1, errors.NONE.code, None)]
    assert len(records) == 1
    # During a reassignment the size compared is the one the partition is heading for.
    assert cluster.reassign({1: [4, 3]}, allow_rf_change=False)[0] == [
        (1, errors.INVALID_REPLICATION_FACTOR.code, "The replication factor is changed from 3 to 2")]


def test_a_new_target_replaces_the_reassignment_in_progress(cluster):
    cluster.reassign({0: [4, 2, 3]})
    cluster.reassign({0: [2, 3, 4]})
    # Computed against the current replicas [4, 2, 3, 1]: 1 is removing, nothing new is adding, so the adding
    # replicas stay as they were (Kafka sets them only when non-empty).
    assert cluster.listed() == {("t", 0): ([2, 3, 4, 1], [4], [1])}


def test_list_named_topics_skips_unknown_ones(cluster):
    cluster.reassign({0: [4, 2, 3], 1: [4, 3, 1]})
    assert set(cluster.listed()) == {("t", 0), ("t", 1)}
    assert cluster.listed([ListPartitionReassignmentsTopics(name="t", partition_indexes=[1, 5]),
                           ListPartitionReassignmentsTopics(name="nope", partition_indexes=[0])]) == \
        {("t", 1): ([4, 3, 1, 2], [4], [2])}


PREFERRED, UNCLEAN = 0, 1


def test_preferred_election_moves_leadership_to_the_first_replica(cluster):
    broker = 1
    cluster.log.heartbeat(heartbeat(broker, cluster.epochs[broker], cluster.log.image.offset, want_fence=True))
    assert cluster.state().leader == 2
    # The fenced preferred replica cannot lead.
    assert cluster.elect(PREFERRED, [("t", [0])]) == [("t", [(0, errors.PREFERRED_LEADER_NOT_AVAILABLE.code)])]
    cluster.log.heartbeat(heartbeat(broker, cluster.epochs[broker], cluster.log.image.offset))
    assert not cluster.log.image.brokers[broker].fenced
    cluster.alter_isr([2, 3, 1])  # 1 caught up again
    epoch = cluster.state().leader_epoch
    assert cluster.elect(PREFERRED, None) == [("t", [(0, errors.NONE.code)])]
    state = cluster.state()
    assert (state.leader, state.leader_epoch) == (1, epoch + 1)
    assert cluster.elect(PREFERRED, [("t", [0, 1, 9]), ("u", [0])]) == [
        ("t", [(0, errors.ELECTION_NOT_NEEDED.code), (1, errors.ELECTION_NOT_NEEDED.code),
               (9, errors.UNKNOWN_TOPIC_OR_PARTITION.code)]), ("u", [(0, errors.UNKNOWN_TOPIC_OR_PARTITION.code)])]


def test_preferred_replica_outside_the_isr_is_not_elected(cluster):
    for broker in (1,):
        cluster.log.heartbeat(heartbeat(broker, cluster.epochs[broker], cluster.log.image.offset, want_fence=True))
    cluster.log.heartbeat(heartbeat(1, cluster.epochs[1], cluster.log.image.offset))
    assert cluster.state().isr == (2, 3)
    assert cluster.elect(PREFERRED, [("t", [0])]) == [("t", [(0, errors.PREFERRED_LEADER_NOT_AVAILABLE.code)])]


def test_unclean_election_of_a_leaderless_partition():
    cluster = Cluster()
    for broker in (1, 2, 3):
        cluster.log.heartbeat(heartbeat(broker, cluster.epochs[broker], cluster.log.image.offset, want_fence=True))
    assert cluster.state().leader == -1 and cluster.state().isr == (3,)
    cluster.log.heartbeat(heartbeat(1, cluster.epochs[1], cluster.log.image.offset))  # 1 back, not in the ISR
    assert cluster.state().leader == -1
    assert cluster.elect(UNCLEAN, [("t", [0])]) == [("t", [(0, errors.NONE.code)])]
    state = cluster.state()
    assert (state.leader, state.isr, state.leader_recovery_state) == (1, (1,), 1)
    assert cluster.elect(UNCLEAN, [("t", [0])]) == [("t", [(0, errors.ELECTION_NOT_NEEDED.code)])]


def test_automatic_balancing_elects_preferred_leaders_in_the_isr(cluster):
    cluster.reassign({0: [2, 1, 3], 1: [3, 2, 1]})  # reorders: the leaders (1 and 2) stay, now not preferred
    assert (cluster.state(0).leader, cluster.state(1).leader) == (1, 2)
    cluster.log.heartbeat(heartbeat(3, cluster.epochs[3], cluster.log.image.offset, want_fence=True))
    records, more = balance_partition_leaders(cluster.log.image, cluster.log.control, max_elections=5)
    cluster.log.commit(records)
    # Partition 0 moves to 2; partition 1's preferred replica 3 is fenced (and out of the ISR): it stays on 2.
    assert (len(records), more) == (1, False)
    assert (cluster.state(0).leader, cluster.state(1).leader) == (2, 2)
    assert balance_partition_leaders(cluster.log.image, cluster.log.control) == ([], False)


def test_automatic_balancing_stops_at_its_limit(cluster):
    cluster.reassign({0: [2, 1, 3], 1: [3, 2, 1]})
    records, more = balance_partition_leaders(cluster.log.image, cluster.log.control, max_elections=1)
    assert (len(records), more) == (1, True)
    cluster.log.commit(records)
    records, more = balance_partition_leaders(cluster.log.image, cluster.log.control, max_elections=1)
    assert (len(records), more) == (1, False)
    cluster.log.commit(records)
    assert (cluster.state(0).leader, cluster.state(1).leader) == (2, 3)
