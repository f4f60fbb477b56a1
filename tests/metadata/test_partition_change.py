"""partition_change (PartitionChangeBuilder's ISR and election paths) and BrokerHeartbeats' soft state."""

from __future__ import annotations

import uuid

import pytest

from kbroker.metadata.broker_heartbeats import (
    LONG_MAX,
    BrokerControlState,
    BrokerHeartbeats,
    fence_check_interval,
)
from kbroker.metadata.image import PartitionRegistration
from kbroker.metadata.partition_change import Election, partition_change
from kbroker.protocol.messages.broker_heartbeat_request import BrokerHeartbeatRequest

TOPIC = uuid.UUID(int=7 << 64)


def part(replicas, isr, leader, recovery=0) -> PartitionRegistration:
    return PartitionRegistration(partition_id=0, replicas=tuple(replicas), isr=tuple(isr), leader=leader,
                                 leader_epoch=4, partition_epoch=9, leader_recovery_state=recovery)


def anyone(replica: int) -> bool:
    return True


def test_nothing_to_change_writes_nothing():
    assert partition_change(part([1, 2], [1, 2], 1), TOPIC, is_acceptable_leader=anyone) is None


def test_a_valid_leader_is_kept_and_only_the_isr_changes():
    record = partition_change(part([1, 2, 3], [1, 2, 3], 2), TOPIC, is_acceptable_leader=anyone, target_isr=[2, 3])
    assert (record.message.leader, record.message.isr, record.message.leader_recovery_state) == (-2, [2, 3], -1)
    assert (record.message.topic_id, record.message.partition_id) == (TOPIC, 0)


def test_the_new_leader_is_the_first_acceptable_isr_member_in_assignment_order():
    record = partition_change(part([3, 1, 2], [2, 1], 3), TOPIC, is_acceptable_leader=lambda r: r != 3)
    assert record.message.leader == 1 and record.message.isr is None


def test_no_acceptable_isr_member_leaves_no_leader_and_never_an_empty_isr():
    record = partition_change(part([1, 2], [1], 1), TOPIC, is_acceptable_leader=lambda r: r != 1, target_isr=[])
    assert (record.message.leader, record.message.isr) == (-1, None)


@pytest.mark.parametrize("recovery, written", [(0, 1), (1, -1)])
def test_an_unclean_election_resets_the_isr_and_marks_recovery(recovery, written):
    record = partition_change(part([1, 2], [1], 1, recovery), TOPIC, is_acceptable_leader=lambda r: r == 2,
                              target_isr=[], election=Election.UNCLEAN)
    assert (record.message.leader, record.message.isr, record.message.leader_recovery_state) == (2, [2], written)


def test_an_unclean_election_prefers_a_clean_leader():
    record = partition_change(part([1, 2, 3], [1, 3], 1), TOPIC, is_acceptable_leader=lambda r: r != 1,
                              target_isr=[3], election=Election.UNCLEAN)
    assert (record.message.leader, record.message.isr, record.message.leader_recovery_state) == (3, [3], -1)


# --- BrokerHeartbeats ----------------------------------------------------------------------------------------

def request(**fields) -> BrokerHeartbeatRequest:
    return BrokerHeartbeatRequest(broker_id=1, broker_epoch=5, **fields)


def test_a_session_lasts_the_timeout_and_expires_strictly_after_it():
    beats = BrokerHeartbeats(9000)
    beats.track(1, 5, 10.0)
    assert beats.has_valid_session(1, 5, 19.0)
    assert not beats.has_valid_session(1, 6, 10.0)
    assert beats.remove_expired(19.0) is None
    assert not beats.has_valid_session(1, 5, 19.001)
    assert beats.remove_expired(19.001) == (1, 5)
    assert beats.remove_expired(30.0) is None


def test_the_fence_check_runs_every_eighth_of_the_session_and_at_least_every_millisecond():
    assert fence_check_interval(9000) == pytest.approx(1.125)
    assert fence_check_interval(4) == pytest.approx(0.001)


def test_lowest_active_offset_ignores_fenced_and_shutting_down_brokers():
    beats = BrokerHeartbeats()
    assert beats.lowest_active_offset() == LONG_MAX
    for broker, fenced, offset in ((1, False, 30), (2, False, 20), (3, True, 5)):
        beats.register(broker, fenced)
        beats.touch(broker, fenced, offset)
    assert beats.lowest_active_offset() == 20
    beats.update_controlled_shutdown_offset(2, 25)
    beats.update_controlled_shutdown_offset(2, 99)  # only the first one counts
    assert beats.controlled_shutdown_offset(2) == 25
    assert beats.lowest_active_offset() == 30
    assert beats.current_state(2) is BrokerControlState.CONTROLLED_SHUTDOWN
    beats.touch(2, True, 40)  # fencing ends controlled shutdown
    assert beats.controlled_shutdown_offset(2) is None
    with pytest.raises(RuntimeError):
        beats.update_controlled_shutdown_offset(3, 1)


def test_registering_again_keeps_the_reported_offset_only_when_the_fencing_changes():
    beats = BrokerHeartbeats()
    beats.register(1, False)
    beats.touch(1, False, 50)
    beats.register(1, False)
    assert beats.metadata_offset(1) == -1
    beats.touch(1, False, 50)
    beats.register(1, True)
    assert beats.metadata_offset(1) == 50


def test_next_state_of_an_unregistered_broker_is_a_bug():
    with pytest.raises(RuntimeError):
        BrokerHeartbeats().next_state(1, request(), 0, lambda: False)
