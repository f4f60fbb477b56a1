"""AlterPartition on the active controller (kbroker/metadata/alter_partition.py) against an in-memory metadata
log: every refusal Kafka 4.3.1's ReplicationControlManager gives, and the PartitionChangeRecords it writes."""

from __future__ import annotations

import uuid

import pytest
from cluster_helpers import MetadataLog, dir_id, heartbeat

from kbroker.metadata import record_versions as V
from kbroker.metadata.alter_partition import alter_partition
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_partition_request import (
    AlterPartitionRequest,
    BrokerState,
    PartitionData,
    TopicData,
)
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.protocol.messages.metadata.partition_change_record import PartitionChangeRecord
from kbroker.protocol.messages.metadata.partition_record import PartitionRecord
from kbroker.protocol.messages.metadata.topic_record import TopicRecord

LOST_DIR = uuid.UUID(int=1)  # DirectoryId.LOST


class Cluster:
    """Brokers 1-3 unfenced; topic t: partition 0 on [1, 2, 3], partition 1 on [2, 3, 1]."""

    def __init__(self):
        self.log = MetadataLog()
        self.epochs = {b: self.log.join(b) for b in (1, 2, 3)}
        self.topic_id = self.log.create_topic("t", {0: [1, 2, 3], 1: [2, 3, 1]})

    def state(self, partition: int = 0):
        return self.log.partition("t", partition)

    def entry(self, partition: int = 0, *, isr, leader_epoch=None, partition_epoch=None, recovery=0, epochs=None):
        """The request entry for `partition`; epochs default to the partition's current ones and ISR members'
        broker epochs to their registrations' (None: -1, unknown)."""
        state = self.state(partition)
        by_broker = self.epochs if epochs is None else epochs
        return PartitionData(
            partition_index=partition, new_isr=list(isr),
            new_isr_with_epochs=[BrokerState(broker_id=b, broker_epoch=by_broker.get(b, -1)) for b in isr],
            leader_epoch=state.leader_epoch if leader_epoch is None else leader_epoch,
            partition_epoch=state.partition_epoch if partition_epoch is None else partition_epoch,
            leader_recovery_state=recovery)

    def send(self, broker_id, *entries, topic_id=None, broker_epoch=None, version=3):
        request = AlterPartitionRequest(
            broker_id=broker_id, broker_epoch=self.epochs[broker_id] if broker_epoch is None else broker_epoch,
            topics=[TopicData(topic_id=self.topic_id if topic_id is None else topic_id, partitions=list(entries))])
        outcome = alter_partition(self.log.image, request, api_version=version, cluster=self.log.control)
        self.log.commit(outcome.records)
        return outcome

    def fence(self, broker_id):
        self.log.heartbeat(heartbeat(broker_id, self.epochs[broker_id], self.log.image.offset, want_fence=True))
        assert self.log.image.brokers[broker_id].fenced

    def add_partition_record(self, name: str, **fields) -> uuid.UUID:
        """A topic whose one partition is exactly `fields` (replicas [1, 2, 3] led by 1 unless given)."""
        topic_id = uuid.uuid4()
        record = PartitionRecord(partition_id=0, topic_id=topic_id, replicas=[1, 2, 3], isr=[1, 2, 3], leader=1,
                                 leader_epoch=0, partition_epoch=0, directories=[dir_id(b) for b in (1, 2, 3)])
        for key, value in fields.items():
            setattr(record, key, value)
        self.log.commit([MetadataRecord(TopicRecord(name=name, topic_id=topic_id), V.TOPIC_RECORD),
                         MetadataRecord(record, V.PARTITION_RECORD)])
        return topic_id


@pytest.fixture
def cluster():
    return Cluster()


def answers(outcome):
    return [(p.partition_index, p.error_code) for t in outcome.response.topics for p in t.partitions]


def only(outcome):
    [topic] = outcome.response.topics
    [partition] = topic.partitions
    return partition


# --- accepted changes ------------------------------------------------------------------------------------------

def test_the_leader_shrinks_the_isr_with_one_partition_change_record(cluster):
    outcome = cluster.send(1, cluster.entry(isr=[1, 3]))
    [record] = outcome.records
    assert record.version == V.PARTITION_CHANGE_RECORD
    assert record.message == PartitionChangeRecord(topic_id=cluster.topic_id, partition_id=0, isr=[1, 3])
    assert outcome.response.error_code == 0
    answer = only(outcome)
    assert (answer.error_code, answer.leader_id, answer.isr, answer.leader_epoch, answer.partition_epoch,
            answer.leader_recovery_state) == (0, 1, [1, 3], 0, 1, 0)
    state = cluster.state()
    assert (state.isr, state.leader, state.leader_epoch, state.partition_epoch) == ((1, 3), 1, 0, 1)
    assert cluster.state(1).partition_epoch == 0


def test_the_leader_expands_the_isr_back(cluster):
    cluster.send(1, cluster.entry(isr=[1]))
    outcome = cluster.send(1, cluster.entry(isr=[1, 3, 2]))
    assert [r.message.isr for r in outcome.records] == [[1, 3, 2]]
    answer = only(outcome)
    assert (answer.isr, answer.partition_epoch) == ([1, 3, 2], 2)


def test_the_same_isr_writes_nothing_and_answers_the_current_state(cluster):
    outcome = cluster.send(1, cluster.entry(isr=[1, 2, 3]))
    assert outcome.records == []
    answer = only(outcome)
    assert (answer.error_code, answer.leader_id, answer.isr, answer.partition_epoch) == (0, 1, [1, 2, 3], 0)


def test_version_2_takes_the_plain_isr_without_broker_epochs(cluster):
    entry = cluster.entry(isr=[1, 2])
    entry.new_isr_with_epochs = []
    outcome = cluster.send(1, entry, version=2)
    assert only(outcome).isr == [1, 2] and cluster.state().isr == (1, 2)


def test_a_member_of_unknown_broker_epoch_is_accepted_in_version_3(cluster):
    outcome = cluster.send(1, cluster.entry(isr=[1, 2], epochs={}))
    assert only(outcome).error_code == 0 and cluster.state().isr == (1, 2)


def test_a_recovered_leader_clears_recovering(cluster):
    topic_id = cluster.add_partition_record("r", isr=[1], leader_recovery_state=1)
    outcome = cluster.send(1, cluster_entry_of(cluster, "r", isr=[1]), topic_id=topic_id)
    [record] = outcome.records
    assert record.message == PartitionChangeRecord(topic_id=topic_id, partition_id=0, leader_recovery_state=0)
    assert (only(outcome).leader_recovery_state, cluster.log.partition("r").leader_recovery_state) == (0, 0)
    # Still recovering, alone in the ISR: allowed, nothing to write.
    topic_id = cluster.add_partition_record("s", isr=[1], leader_recovery_state=1)
    outcome = cluster.send(1, cluster_entry_of(cluster, "s", isr=[1], recovery=1), topic_id=topic_id)
    assert outcome.records == [] and only(outcome).leader_recovery_state == 1


def cluster_entry_of(cluster, name, *, isr, recovery=0):
    state = cluster.log.partition(name)
    return PartitionData(partition_index=0, new_isr_with_epochs=[BrokerState(broker_id=b, broker_epoch=-1)
                                                                  for b in isr],
                         leader_epoch=state.leader_epoch, partition_epoch=state.partition_epoch,
                         leader_recovery_state=recovery)


def test_a_shrink_below_min_insync_replicas_fills_the_eligible_leader_replicas(cluster):
    cluster.log.commit([MetadataRecord(FeatureLevelRecord(name="eligible.leader.replicas.version", feature_level=1),
                                       V.FEATURE_LEVEL_RECORD)])
    topic_id = cluster.log.create_topic("elr", {0: [1, 2, 3]}, configs={"min.insync.replicas": "2"})
    outcome = cluster.send(1, cluster_entry_of(cluster, "elr", isr=[1]), topic_id=topic_id)
    [record] = outcome.records
    assert (record.message.isr, record.message.eligible_leader_replicas) == ([1], [2, 3])
    assert cluster.log.partition("elr").elr == (2, 3)


def test_a_change_that_moves_leadership_answers_new_leader_elected(cluster):
    # The leader's directory is lost: the change elects the next ISR member; the record is written all the same.
    topic_id = cluster.add_partition_record("d", directories=[LOST_DIR, dir_id(2), dir_id(3)])
    outcome = cluster.send(1, cluster_entry_of(cluster, "d", isr=[1, 2]), topic_id=topic_id)
    [record] = outcome.records
    assert (record.message.leader, record.message.isr) == (2, [1, 2])
    answer = only(outcome)
    assert (answer.error_code, answer.isr) == (errors.NEW_LEADER_ELECTED.code, [])
    assert cluster.log.partition("d").leader == 2


# --- refusals --------------------------------------------------------------------------------------------------

def test_a_stale_or_unknown_broker_epoch_refuses_the_whole_request(cluster):
    for broker_id, epoch in ((1, cluster.epochs[1] + 1), (1, -1)):
        outcome = cluster.send(broker_id, cluster.entry(isr=[1]), broker_epoch=epoch)
        assert (outcome.response.error_code, outcome.response.topics, outcome.records) == (
            errors.STALE_BROKER_EPOCH.code, [], [])
    request = AlterPartitionRequest(broker_id=9, broker_epoch=0, topics=[])
    outcome = alter_partition(cluster.log.image, request, api_version=3, cluster=cluster.log.control)
    assert outcome.response.error_code == errors.STALE_BROKER_EPOCH.code


@pytest.mark.parametrize("topic_id", [uuid.UUID(int=0), uuid.uuid4()])
def test_an_unknown_topic_id_refuses_each_of_its_partitions(cluster, topic_id):
    outcome = cluster.send(1, cluster.entry(0, isr=[1]), cluster.entry(1, isr=[2]), topic_id=topic_id)
    assert outcome.response.topics[0].topic_id == topic_id
    assert answers(outcome) == [(0, errors.UNKNOWN_TOPIC_ID.code), (1, errors.UNKNOWN_TOPIC_ID.code)]
    assert outcome.records == []


def test_an_unknown_partition_is_refused_and_the_others_still_change(cluster):
    missing = cluster.entry(0, isr=[1])
    missing.partition_index = 7
    outcome = cluster.send(2, missing, cluster.entry(1, isr=[2, 3]))
    assert answers(outcome) == [(7, errors.UNKNOWN_TOPIC_OR_PARTITION.code), (1, 0)]
    assert cluster.state(1).isr == (2, 3)


@pytest.mark.parametrize("ahead", [{"leader_epoch": 1}, {"partition_epoch": 1}])
def test_epochs_ahead_of_the_controller_answer_not_controller(cluster, ahead):
    outcome = cluster.send(1, cluster.entry(isr=[1], **ahead))
    assert answers(outcome) == [(0, errors.NOT_CONTROLLER.code)] and outcome.records == []


def test_an_old_leader_epoch_is_fenced_before_the_sender_is_checked(cluster):
    cluster.fence(1)  # broker 2 leads partition 0 at leader epoch 1
    assert (cluster.state().leader, cluster.state().leader_epoch) == (2, 1)
    for sender in (2, 3):
        outcome = cluster.send(sender, cluster.entry(isr=[2], leader_epoch=0))
        assert answers(outcome) == [(0, errors.FENCED_LEADER_EPOCH.code)]


def test_a_sender_that_is_not_the_leader_is_an_invalid_request(cluster):
    outcome = cluster.send(2, cluster.entry(isr=[1, 2]))
    assert answers(outcome) == [(0, errors.INVALID_REQUEST.code)] and outcome.records == []


def test_an_old_partition_epoch_is_an_invalid_update_version(cluster):
    cluster.send(1, cluster.entry(isr=[1, 2]))
    outcome = cluster.send(1, cluster.entry(isr=[1], partition_epoch=0))
    assert answers(outcome) == [(0, errors.INVALID_UPDATE_VERSION.code)]
    assert cluster.state().isr == (1, 2)


@pytest.mark.parametrize("isr", [[1, 4], [1, 1, 2], [-1, 1], [2, 3], []])
def test_an_isr_with_non_replicas_duplicates_negative_ids_or_without_the_leader_is_invalid(cluster, isr):
    cluster.epochs[4] = cluster.log.join(4)
    outcome = cluster.send(1, cluster.entry(isr=isr))
    assert answers(outcome) == [(0, errors.INVALID_REQUEST.code)] and outcome.records == []


def test_recovering_with_more_than_one_member_or_from_recovered_is_invalid(cluster):
    outcome = cluster.send(1, cluster.entry(isr=[1], recovery=1))
    assert answers(outcome) == [(0, errors.INVALID_REQUEST.code)]
    topic_id = cluster.add_partition_record("r", isr=[1], leader_recovery_state=1)
    outcome = cluster.send(1, cluster_entry_of(cluster, "r", isr=[1, 2], recovery=1), topic_id=topic_id)
    assert answers(outcome) == [(0, errors.INVALID_REQUEST.code)] and outcome.records == []


def test_an_unknown_leader_recovery_state_fails_the_whole_request(cluster):
    outcome = cluster.send(1, cluster.entry(isr=[1, 2]), cluster.entry(isr=[1], recovery=2))
    assert (outcome.response.error_code, outcome.response.topics, outcome.records) == (
        errors.UNKNOWN_SERVER_ERROR.code, [], [])
    # A check that refuses the partition first keeps the value from being looked at.
    outcome = cluster.send(2, cluster.entry(isr=[1], recovery=2))
    assert answers(outcome) == [(0, errors.INVALID_REQUEST.code)]


def test_fenced_shutting_down_unregistered_or_other_epoch_members_are_ineligible(cluster):
    cluster.send(1, cluster.entry(isr=[1, 2]))
    cluster.fence(3)
    assert answers(cluster.send(1, cluster.entry(isr=[1, 2, 3]))) == [(0, errors.INELIGIBLE_REPLICA.code)]
    stale = {**cluster.epochs, 2: cluster.epochs[2] + 1}
    assert answers(cluster.send(1, cluster.entry(isr=[1, 2], epochs=stale))) == [
        (0, errors.INELIGIBLE_REPLICA.code)]
    # Broker 2 starts a controlled shutdown (it leads partition 1, so it stays in it).
    cluster.log.heartbeat(heartbeat(2, cluster.epochs[2], cluster.log.image.offset, want_shut_down=True))
    assert cluster.log.image.brokers[2].in_controlled_shutdown
    assert answers(cluster.send(1, cluster.entry(isr=[1, 2]))) == [(0, errors.INELIGIBLE_REPLICA.code)]
    cluster.log.unregister(3)
    assert answers(cluster.send(1, cluster.entry(isr=[1, 3]))) == [(0, errors.INELIGIBLE_REPLICA.code)]
    assert cluster.state().isr == (1,)
