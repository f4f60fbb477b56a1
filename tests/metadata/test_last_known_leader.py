"""Balanced recovery (KIP-966's last-known-leader election, Kafka 4.3.1's PartitionChangeBuilder with
useLastKnownLeaderInBalancedRecovery on): partition_change case by case, then through the ClusterControl (brokers
fenced, restarted with and without a proof of a clean shutdown) and the single node's own registration."""

from __future__ import annotations

import uuid

import pytest
from cluster_helpers import ControllerOnDisk, MetadataLog, heartbeat, registration
from metadata_helpers import DIRECTORY_ID, topic

from kbroker.metadata.alter_partition import alter_partition
from kbroker.metadata.image import PartitionRegistration
from kbroker.metadata.partition_change import RECOVERING, Election, partition_change
from kbroker.protocol.messages.alter_partition_request import (
    AlterPartitionRequest,
    BrokerState,
    PartitionData,
    TopicData,
)

TOPIC = uuid.UUID(int=7 << 64)


def part(replicas, isr, leader, *, elr=(), last_known_elr=(), recovery=0) -> PartitionRegistration:
    return PartitionRegistration(partition_id=0, replicas=tuple(replicas), isr=tuple(isr), leader=leader,
                                 leader_epoch=4, partition_epoch=9, leader_recovery_state=recovery, elr=tuple(elr),
                                 last_known_elr=tuple(last_known_elr))


def fields(record):
    m = record.message
    return m.leader, m.isr, m.eligible_leader_replicas, m.last_known_elr, m.leader_recovery_state


# --- partition_change -----------------------------------------------------------------------------------------

def test_the_sole_last_known_leader_leads_again_as_an_unclean_election():
    record = partition_change(part([1, 2, 3], [], -1, last_known_elr=[1]), TOPIC, is_acceptable_leader=lambda r: r == 1,
                              elr_enabled=True, min_isr=2)
    # Elected: the ISR is just itself, it is RECOVERING, and the last-known ELR is cleared (a leader was elected).
    assert fields(record) == (1, [1], None, [], RECOVERING)


@pytest.mark.parametrize("election", [Election.ONLINE, Election.PREFERRED, Election.UNCLEAN])
def test_every_kind_of_election_tries_the_last_known_leader_before_any_other_replica(election):
    record = partition_change(part([2, 3, 1], [], -1, last_known_elr=[1]), TOPIC, is_acceptable_leader=lambda r: True,
                              elr_enabled=True, election=election)
    assert fields(record) == (1, [1], None, [], RECOVERING)


@pytest.mark.parametrize("why, partition, acceptable, elr_enabled, use_last_known_leader", [
    ("ELR is off", part([1, 2], [], -1, last_known_elr=[1]), {1, 2}, False, True),
    ("balanced recovery is off", part([1, 2], [], -1, last_known_elr=[1]), {1, 2}, True, False),
    ("the last known leader may not lead", part([1, 2], [], -1, last_known_elr=[1]), {2}, True, True),
    ("two last known ELR members", part([1, 2], [], -1, last_known_elr=[1, 2]), {1, 2}, True, True),
    ("no last known ELR", part([1, 2], [], -1), {1, 2}, True, True),
    ("an ELR member, not acceptable", part([1, 2, 3], [], -1, elr=[3], last_known_elr=[1]), {1, 2}, True, True),
])
def test_no_last_known_leader_election_unless_allowed(why, partition, acceptable, elr_enabled,
                                                      use_last_known_leader):
    record = partition_change(partition, TOPIC, is_acceptable_leader=acceptable.__contains__, elr_enabled=elr_enabled,
                              use_last_known_leader=use_last_known_leader)
    assert record is None or record.message.leader in (-2, -1), why


def test_an_isr_or_elr_member_beats_the_last_known_leader():
    record = partition_change(part([1, 2, 3], [], -1, elr=[3], last_known_elr=[1]), TOPIC,
                              is_acceptable_leader=lambda r: True, elr_enabled=True, min_isr=2)
    assert fields(record) == (3, [3], [], [], -1)  # a clean election from the ELR


def test_losing_the_leader_records_it_as_the_last_known_elr_once():
    # The ISR empties below min.insync.replicas: the ELR keeps the old ISR, the last-known ELR the lost leader.
    record = partition_change(part([1, 2], [1], 1), TOPIC, is_acceptable_leader=lambda r: r == 2, target_isr=[],
                              elr_enabled=True, min_isr=1)
    assert fields(record) == (-1, [], [1], [1], -1)
    # Already set: a later change without a leader leaves it alone.
    record = partition_change(part([1, 2], [], -1, elr=[1], last_known_elr=[1]), TOPIC,
                              is_acceptable_leader=lambda r: False, elr_enabled=True, unclean_shutdown_replicas=[1])
    assert fields(record) == (-2, None, [], None, -1)


def test_without_balanced_recovery_the_last_known_elr_follows_the_elr():
    record = partition_change(part([1, 2], [1], 1), TOPIC, is_acceptable_leader=lambda r: r == 2, target_isr=[],
                              elr_enabled=True, unclean_shutdown_replicas=[1], use_last_known_leader=False)
    assert fields(record) == (-1, [], None, [1], -1)


def test_without_elr_the_last_known_elr_is_never_written():
    record = partition_change(part([1, 2], [1], 1, last_known_elr=[2]), TOPIC, is_acceptable_leader=lambda r: r == 2,
                              target_isr=[2])
    assert fields(record) == (2, [2], None, None, -1)


# --- through the ClusterControl ---------------------------------------------------------------------------------

def kill(log: MetadataLog, broker: int, epoch: int) -> None:
    """The broker stops heartbeating: its session expires and the controller fences it."""
    log.heartbeat(heartbeat(broker, epoch, log.image.offset), now=0.0)
    assert log.fence_stale(100.0) == [broker]


def restart(log: MetadataLog, broker: int, *, previous_broker_epoch: int, now: float = 200.0) -> int:
    """A new incarnation registers (with its proof of a clean shutdown, or -1) and heartbeats until unfenced."""
    epoch = log.register(registration(broker, previous_broker_epoch=previous_broker_epoch), now=now).response.broker_epoch
    response = log.heartbeat(heartbeat(broker, epoch, log.image.offset), now=now).response
    assert response.error_code == 0 and not response.is_fenced
    return epoch


def test_a_sole_replica_back_from_an_unclean_shutdown_leads_again():
    log = MetadataLog(elr=True)  # as `format` finalizes eligible.leader.replicas.version 1
    epoch = log.join(2, now=0.0)
    log.create_topic("t", {0: [2], 1: [2]})
    kill(log, 2, epoch)
    assert [(p.leader, p.isr, p.elr, p.last_known_elr) for p in (log.partition("t", 0), log.partition("t", 1))] \
        == [(-1, (), (2,), (2,))] * 2
    restart(log, 2, previous_broker_epoch=-1)  # kill -9: no clean-shutdown marker
    for partition in (log.partition("t", 0), log.partition("t", 1)):
        assert (partition.leader, partition.isr, partition.elr, partition.last_known_elr,
                partition.leader_recovery_state) == (2, (2,), (), (), RECOVERING)


def test_a_sole_replica_back_from_a_clean_shutdown_is_elected_from_the_elr():
    log = MetadataLog(elr=True)
    epoch = log.join(2, now=0.0)
    log.create_topic("t", {0: [2]})
    kill(log, 2, epoch)
    restart(log, 2, previous_broker_epoch=epoch)
    partition = log.partition("t")
    assert (partition.leader, partition.isr, partition.elr, partition.last_known_elr,
            partition.leader_recovery_state) == (2, (2,), (), (), 0)


def shrunk_to_its_leader(log: MetadataLog) -> dict[int, int]:
    """Three replicas, min.insync.replicas 1; the ISR shrank to the leader 2 (AlterPartition), then the followers'
    brokers stopped, then the leader's."""
    epochs = {b: log.join(b, now=0.0) for b in (2, 3, 4)}
    topic_id = log.create_topic("t", {0: [2, 3, 4]})
    partition = log.partition("t")
    request = AlterPartitionRequest(broker_id=2, broker_epoch=epochs[2], topics=[TopicData(
        topic_id=topic_id, partitions=[PartitionData(
            partition_index=0, leader_epoch=partition.leader_epoch,
            new_isr_with_epochs=[BrokerState(broker_id=2, broker_epoch=epochs[2])],
            leader_recovery_state=0, partition_epoch=partition.partition_epoch)])])
    log.commit(alter_partition(log.image, request, api_version=3, cluster=log.control).records)
    assert (log.partition("t").leader, log.partition("t").isr) == (2, (2,))
    for broker in (3, 4, 2):
        log.heartbeat(heartbeat(broker, epochs[broker], log.image.offset, want_fence=True), now=0.0)
    partition = log.partition("t")
    assert (partition.leader, partition.isr, partition.elr, partition.last_known_elr) == (-1, (), (2,), (2,))
    return epochs


def test_a_shrunk_partition_comes_back_through_its_last_known_leader_only_when_it_may_lead():
    log = MetadataLog(elr=True)
    shrunk_to_its_leader(log)
    # The old leader restarts uncleanly (it leaves the ELR); a follower that was out of the ISR comes back first:
    # it may not lead (unclean leader election is off), and the last known leader is still fenced.
    log.register(registration(2, previous_broker_epoch=-1), now=200.0)
    assert (log.partition("t").elr, log.partition("t").last_known_elr) == ((), (2,))
    restart(log, 3, previous_broker_epoch=-1)
    assert (log.partition("t").leader, log.partition("t").isr) == (-1, ())
    # The last known leader is unfenced: it leads again, recovering.
    epoch = log.image.brokers[2].epoch
    log.heartbeat(heartbeat(2, epoch, log.image.offset), now=200.0)
    partition = log.partition("t")
    assert (partition.leader, partition.isr, partition.elr, partition.last_known_elr,
            partition.leader_recovery_state) == (2, (2,), (), (), RECOVERING)


def test_without_elr_a_shrunk_partition_keeps_its_last_isr_member_and_no_last_known_elr():
    log = MetadataLog(elr=False)
    epochs = {b: log.join(b, now=0.0) for b in (2, 3)}
    log.create_topic("t", {0: [2, 3]})
    for broker in (3, 2):
        log.heartbeat(heartbeat(broker, epochs[broker], log.image.offset, want_fence=True), now=0.0)
    partition = log.partition("t")
    assert (partition.leader, partition.isr, partition.elr, partition.last_known_elr) == (-1, (2,), (), ())


# --- the single node's own registration -------------------------------------------------------------------------

def register_single_node(node: ControllerOnDisk, previous_broker_epoch: int = -1) -> int:
    """The single node's in-process registration of a new incarnation (MetadataService.start)."""
    return node.controller.register_broker(endpoints=[("PLAINTEXT", "127.0.0.1", 9092, 0)],
                                           incarnation_id=uuid.uuid4(), log_dirs=[DIRECTORY_ID],
                                           previous_broker_epoch=previous_broker_epoch)


def test_a_single_node_back_from_a_kill_leads_every_partition_again(tmp_path):
    node = ControllerOnDisk(tmp_path, bootstrap=True)  # eligible.leader.replicas.version 1, as `format` finalizes
    try:
        first = register_single_node(node)
        assert node.controller.create_topics([topic("t", partitions=3)])[0].error.code == 0
    finally:
        node.close()
    node = ControllerOnDisk(tmp_path, bootstrap=False)
    try:
        # kill -9: no proof of a clean shutdown. The node leaves its ISRs and ELRs, then leads again as the last
        # known leader.
        epoch = register_single_node(node)
        assert epoch > first
        partitions = [node.image.partition("t", p) for p in range(3)]
        assert [(p.leader, p.isr, p.elr, p.last_known_elr, p.leader_recovery_state) for p in partitions] \
            == [(1, (1,), (), (), RECOVERING)] * 3
    finally:
        node.close()
    node = ControllerOnDisk(tmp_path, bootstrap=False)
    try:
        # A clean shutdown proves its epoch: the node stays eligible and is elected from the ELR.
        register_single_node(node, previous_broker_epoch=epoch)
        partitions = [node.image.partition("t", p) for p in range(3)]
        assert [(p.leader, p.isr, p.elr, p.last_known_elr) for p in partitions] == [(1, (1,), (), ())] * 3
    finally:
        node.close()
