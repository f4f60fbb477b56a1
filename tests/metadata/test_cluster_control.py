"""ClusterControl: BrokerRegistration, BrokerHeartbeat, UnregisterBroker and session fencing against an
in-memory metadata log, with an explicit clock (seconds)."""

from __future__ import annotations

import uuid

import pytest
from cluster_helpers import MetadataLog, dir_id, heartbeat, registration

from kbroker.metadata import record_versions as V
from kbroker.metadata.controller import SUPPORTED_FEATURES
from kbroker.metadata.image import METADATA_VERSION
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.broker_registration_request import Listener
from kbroker.protocol.messages.metadata.broker_registration_change_record import (
    BrokerRegistrationChangeRecord,
)
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.protocol.messages.metadata.partition_change_record import PartitionChangeRecord
from kbroker.protocol.messages.metadata.register_broker_record import RegisterBrokerRecord
from kbroker.protocol.messages.metadata.unregister_broker_record import UnregisterBrokerRecord


@pytest.fixture
def log():
    return MetadataLog()


def kinds(outcome):
    return [type(r.message).__name__ for r in outcome.records]


# --- registration ----------------------------------------------------------------------------------------------

def test_a_new_broker_gets_the_next_offset_as_epoch_and_starts_fenced(log):
    offset = log.next_offset
    outcome = log.register(registration(2, rack="r1"))
    assert outcome.response.error_code == 0
    assert outcome.response.broker_epoch == offset
    [record] = outcome.records
    assert isinstance(record.message, RegisterBrokerRecord) and record.version == V.REGISTER_BROKER_RECORD
    broker = log.image.brokers[2]
    assert (broker.epoch, broker.fenced, broker.rack, broker.log_dirs) == (offset, True, "r1", (dir_id(2),))
    assert log.control.registration_offset(2) == offset


def test_a_repeated_listener_name_keeps_its_first_place_and_last_address(log):
    request = registration(2)
    request.listeners = [Listener(name="A", host="h1", port=1), Listener(name="B", host="h2", port=2),
                         Listener(name="A", host="h3", port=3)]
    log.register(request)
    assert [(e.name, e.host, e.port) for e in log.image.brokers[2].endpoints] == [("A", "h3", 3), ("B", "h2", 2)]


def test_a_wrong_cluster_id_is_refused(log):
    outcome = log.register(registration(2, cluster_id="other"))
    assert outcome.response.error_code == errors.INCONSISTENT_CLUSTER_ID.code
    assert outcome.response.broker_epoch == -1 and outcome.records == []
    assert 2 not in log.image.brokers


def test_the_same_incarnation_amends_its_registration_keeping_epoch_and_fencing(log):
    request = registration(2)
    epoch = log.register(request).response.broker_epoch
    log.heartbeat(heartbeat(2, epoch, log.image.offset))
    assert not log.image.brokers[2].fenced
    request.rack = "r2"
    outcome = log.register(request, now=1.0)
    assert outcome.response.broker_epoch == epoch
    assert kinds(outcome) == ["RegisterBrokerRecord"]
    broker = log.image.brokers[2]
    assert (broker.epoch, broker.fenced, broker.rack) == (epoch, False, "r2")


def test_another_incarnation_is_refused_while_the_session_lives_then_replaces_it(log):
    old = log.join(2, now=0.0)
    log.join(3, now=0.0)
    log.create_topic("t", {0: [2, 3], 1: [3, 2]})
    log.heartbeat(heartbeat(2, old, log.image.offset), now=5.0)
    refused = log.register(registration(2), now=14.0)  # 5.0 + 9.0 is not yet past the session
    assert refused.response.error_code == errors.DUPLICATE_BROKER_REGISTRATION.code
    assert refused.records == []
    offset = log.next_offset
    outcome = log.register(registration(2), now=14.5)
    assert outcome.response.error_code == 0
    # The old incarnation leaves the ISRs first; the new registration's epoch is the offset before those changes.
    assert kinds(outcome) == ["PartitionChangeRecord", "PartitionChangeRecord", "RegisterBrokerRecord"]
    assert outcome.response.broker_epoch == offset
    assert log.control.registration_offset(2) == offset + 2
    assert log.partition("t", 0).leader == 3 and log.partition("t", 0).isr == (3,)
    assert log.partition("t", 1).leader == 3 and log.partition("t", 1).isr == (3,)
    assert log.image.brokers[2].fenced


def test_a_zk_broker_is_refused(log):
    outcome = log.register(registration(2, is_migrating_zk_broker=True))
    assert outcome.response.error_code == errors.BROKER_ID_NOT_REGISTERED.code


@pytest.mark.parametrize("log_dirs", [
    [],                                              # No directories specified in request
    [uuid.UUID(int=1)],                              # Reserved directory ID in request (DirectoryId.LOST)
    [uuid.UUID(int=99)],
    [dir_id(2), dir_id(2)],                          # Duplicate directory ID in request
    [dir_id(3)],                                     # Broker 3 is already registered with directory ...
])
def test_bad_log_dirs_are_an_invalid_registration(log, log_dirs):
    log.join(3)
    outcome = log.register(registration(2, log_dirs=log_dirs))
    assert outcome.response.error_code == errors.INVALID_REGISTRATION.code
    assert outcome.records == []


def test_a_directory_id_just_above_the_reserved_range_is_fine(log):
    assert log.register(registration(2, log_dirs=[uuid.UUID(int=100)])).response.error_code == 0


@pytest.mark.parametrize("features, error", [
    ([(METADATA_VERSION, 7, 29)], errors.UNSUPPORTED_VERSION),       # finalized 30 outside the range
    ([("kraft.version", 0, 0)], errors.INVALID_REGISTRATION),         # no metadata.version
    ([(METADATA_VERSION, 7, 30), ("unknown.version", 1, 2)], errors.UNSUPPORTED_VERSION),  # level 0 outside
    ([(METADATA_VERSION, 7, 30), ("kraft.version", 1, 1)], errors.UNSUPPORTED_VERSION),    # kraft.version 0
    ([*SUPPORTED_FEATURES, ("unknown.version", 0, 5)], None),  # unknown feature, 0 in range: fine
    # transaction.version 2 and group.version 1, finalized at format, are out of a broker's that lists none
    ([(METADATA_VERSION, 7, 30), ("kraft.version", 0, 1)], errors.UNSUPPORTED_VERSION),
])
def test_feature_ranges_are_checked_against_the_finalized_levels(log, features, error):
    outcome = log.register(registration(2, features=features))
    assert outcome.response.error_code == (0 if error is None else error.code)


def test_a_finalized_feature_the_broker_leaves_out_must_be_at_level_zero(log):
    log.commit([MetadataRecord(FeatureLevelRecord(name="test.feature.version", feature_level=1), V.FEATURE_LEVEL_RECORD)])
    outcome = log.register(registration(2, features=SUPPORTED_FEATURES))
    assert outcome.response.error_code == errors.UNSUPPORTED_VERSION.code
    ok = log.register(registration(2, features=[*SUPPORTED_FEATURES, ("test.feature.version", 0, 1)]))
    assert ok.response.error_code == 0


# --- heartbeats ------------------------------------------------------------------------------------------------

def test_a_heartbeat_before_registration_or_with_another_epoch_is_stale(log):
    assert log.heartbeat(heartbeat(2, 5, 10)).response.error_code == errors.STALE_BROKER_EPOCH.code
    epoch = log.register(registration(2)).response.broker_epoch
    response = log.heartbeat(heartbeat(2, epoch + 1, log.image.offset)).response
    assert response.error_code == errors.STALE_BROKER_EPOCH.code
    assert (response.is_caught_up, response.is_fenced, response.should_shut_down) == (False, True, False)


def test_a_fenced_broker_is_unfenced_once_caught_up_with_its_registration(log):
    epoch = log.register(registration(2)).response.broker_epoch
    behind = log.heartbeat(heartbeat(2, epoch, epoch - 1))
    assert behind.records == []
    assert (behind.response.is_caught_up, behind.response.is_fenced) == (False, True)
    wants_fence = log.heartbeat(heartbeat(2, epoch, epoch, want_fence=True))
    assert wants_fence.records == []
    assert (wants_fence.response.is_caught_up, wants_fence.response.is_fenced) == (True, True)
    unfenced = log.heartbeat(heartbeat(2, epoch, epoch))
    [record] = unfenced.records
    assert record.message == BrokerRegistrationChangeRecord(broker_id=2, broker_epoch=epoch, fenced=-1)
    assert record.version == 0
    assert (unfenced.response.is_caught_up, unfenced.response.is_fenced) == (True, False)
    assert not log.image.brokers[2].fenced
    again = log.heartbeat(heartbeat(2, epoch, log.image.offset))
    assert again.records == [] and not again.response.is_fenced


def test_unfencing_elects_the_broker_where_partitions_have_no_leader(log):
    epoch = log.join(2)
    log.create_topic("t", {0: [2]})
    log.fence_stale(0.0)
    log.heartbeat(heartbeat(2, epoch, log.image.offset), now=0.0)
    log.fence_stale(9.5)
    partition = log.partition("t", 0)
    # With one replica the ISR keeps its last member (eligible leader replicas off); the leader goes.
    assert (partition.leader, partition.isr, partition.leader_epoch, partition.partition_epoch) == (-1, (2,), 1, 1)
    assert log.image.brokers[2].fenced
    outcome = log.heartbeat(heartbeat(2, epoch, log.image.offset), now=10.0)
    assert kinds(outcome) == ["BrokerRegistrationChangeRecord", "PartitionChangeRecord"]
    partition = log.partition("t", 0)
    assert (partition.leader, partition.isr, partition.leader_epoch, partition.partition_epoch) == (2, (2,), 2, 2)


def test_a_silent_broker_is_fenced_after_the_session_timeout_and_its_leadership_moves(log):
    b2 = log.join(2, now=0.0)
    b3 = log.join(3, now=0.0)
    log.create_topic("t", {0: [2, 3], 1: [3, 2]})
    log.heartbeat(heartbeat(2, b2, log.image.offset), now=1.0)
    log.heartbeat(heartbeat(3, b3, log.image.offset), now=1.0)
    assert log.fence_stale(10.0) == []           # 1.0 + 9.0 is the edge, not past it
    log.heartbeat(heartbeat(3, b3, log.image.offset), now=10.0)
    assert log.fence_stale(10.001) == [2]
    led = log.partition("t", 0)
    assert (led.leader, led.isr, led.leader_epoch, led.partition_epoch) == (3, (3,), 1, 1)
    followed = log.partition("t", 1)
    # An ISR shrink alone does not bump the leader epoch at metadata.version 4.3-IV0.
    assert (followed.leader, followed.isr, followed.leader_epoch, followed.partition_epoch) == (3, (3,), 0, 1)
    assert log.image.brokers[2].fenced
    assert log.fence_stale(11.0) == []


def test_fencing_writes_partition_changes_before_the_registration_change(log):
    b2 = log.join(2)
    log.join(3)
    log.create_topic("t", {0: [2, 3]})
    log.heartbeat(heartbeat(2, b2, log.image.offset), now=0.0)
    done, records = log.control.maybe_fence_one_stale_broker(log.image, 9.5)
    assert done
    assert [type(r.message) for r in records] == [PartitionChangeRecord, BrokerRegistrationChangeRecord]
    assert records[1].message == BrokerRegistrationChangeRecord(broker_id=2, broker_epoch=b2, fenced=1)


def test_an_expired_session_of_an_old_epoch_fences_nothing(log):
    old = log.join(2, now=0.0)
    log.heartbeat(heartbeat(2, old, log.image.offset), now=0.0)
    log.heartbeat(heartbeat(2, old + 100, log.image.offset), now=0.0)  # stale, but it is tracked
    new = log.register(registration(2), now=20.0).response.broker_epoch
    assert new != old
    log.heartbeat(heartbeat(2, new, log.image.offset), now=20.0)
    assert log.control.maybe_fence_one_stale_broker(log.image, 20.0) == (False, [])
    assert log.fence_stale(20.0) == []
    assert not log.image.brokers[2].fenced


def test_controlled_shutdown_moves_leadership_then_waits_for_the_active_brokers(log):
    b2 = log.join(2)
    b3 = log.join(3)
    log.create_topic("t", {0: [2, 3], 1: [3, 2]})
    log.heartbeat(heartbeat(3, b3, log.image.offset - 1))  # broker 3 is a little behind
    first = log.heartbeat(heartbeat(2, b2, log.image.offset, want_shut_down=True))
    assert kinds(first) == ["BrokerRegistrationChangeRecord", "PartitionChangeRecord", "PartitionChangeRecord"]
    assert first.records[0].version == 1
    assert first.records[0].message.in_controlled_shutdown == 1
    assert (first.response.is_fenced, first.response.should_shut_down) == (False, False)
    assert log.image.brokers[2].in_controlled_shutdown and not log.image.brokers[2].fenced
    assert log.partition("t", 0).leader == 3 and log.partition("t", 0).isr == (3,)
    assert log.partition("t", 1).isr == (3,)
    shutdown_offset = log.image.offset
    waiting = log.heartbeat(heartbeat(2, b2, log.image.offset, want_shut_down=True))
    assert waiting.records == [] and not waiting.response.should_shut_down
    log.heartbeat(heartbeat(3, b3, shutdown_offset))
    done = log.heartbeat(heartbeat(2, b2, log.image.offset, want_shut_down=True))
    assert kinds(done) == ["BrokerRegistrationChangeRecord"]
    assert (done.response.is_fenced, done.response.should_shut_down) == (True, True)
    broker = log.image.brokers[2]
    assert broker.fenced and broker.in_controlled_shutdown


def test_an_unfenced_broker_leading_nothing_shuts_down_at_once(log):
    b2 = log.join(2)
    response = log.heartbeat(heartbeat(2, b2, log.image.offset, want_shut_down=True)).response
    assert (response.is_fenced, response.should_shut_down) == (True, True)
    assert log.image.brokers[2].fenced


def test_a_fenced_broker_that_wants_to_shut_down_may_at_once(log):
    epoch = log.register(registration(2)).response.broker_epoch
    outcome = log.heartbeat(heartbeat(2, epoch, 0, want_shut_down=True))
    assert (outcome.response.is_fenced, outcome.response.should_shut_down) == (True, True)


@pytest.mark.parametrize("want_shut_down, should_shut_down", [(False, False), (True, True)])
def test_an_unfenced_broker_that_wants_fence_is_fenced(log, want_shut_down, should_shut_down):
    b2 = log.join(2)
    log.create_topic("t", {0: [2]})
    outcome = log.heartbeat(heartbeat(2, b2, log.image.offset, want_fence=True, want_shut_down=want_shut_down))
    assert (outcome.response.is_fenced, outcome.response.should_shut_down) == (True, should_shut_down)
    assert log.image.brokers[2].fenced and log.partition("t", 0).leader == -1


def test_unclean_election_takes_an_out_of_sync_replica_when_the_topic_allows_it():
    log = MetadataLog()
    b2 = log.join(2)
    log.join(3)
    log.create_topic("t", {0: [2, 3]}, configs={"unclean.leader.election.enable": "true"})
    log.create_topic("u", {0: [2, 3]})
    shrink = [MetadataRecord(PartitionChangeRecord(topic_id=log.image.topic(name).topic_id, partition_id=0,
                                                   isr=[2]), V.PARTITION_CHANGE_RECORD) for name in ("t", "u")]
    log.commit(shrink)
    log.heartbeat(heartbeat(2, b2, log.image.offset, want_fence=True))
    unclean = log.partition("t", 0)
    assert (unclean.leader, unclean.isr, unclean.leader_recovery_state) == (3, (3,), 1)
    clean = log.partition("u", 0)
    assert (clean.leader, clean.isr, clean.leader_recovery_state) == (-1, (2,), 0)


def test_unregister_moves_leadership_then_removes_the_registration(log):
    b2 = log.join(2)
    log.join(3)
    log.create_topic("t", {0: [2, 3]})
    outcome = log.unregister(2)
    assert kinds(outcome) == ["PartitionChangeRecord", "UnregisterBrokerRecord"]
    assert outcome.records[-1].message == UnregisterBrokerRecord(broker_id=2, broker_epoch=b2)
    assert outcome.response.error_code == 0
    assert 2 not in log.image.brokers
    assert log.partition("t", 0).leader == 3
    assert log.control.registration_offset(2) is None
    assert log.heartbeat(heartbeat(2, b2, log.image.offset)).response.error_code == errors.STALE_BROKER_EPOCH.code


def test_unregistering_an_unknown_broker_is_refused(log):
    outcome = log.unregister(7)
    assert outcome.response.error_code == errors.BROKER_ID_NOT_REGISTERED.code and outcome.records == []


def test_a_broker_with_a_lost_directory_is_not_elected(log):
    log.join(2)
    log.join(3)
    log.create_topic("t", {0: [2, 3]})
    # Broker 3 reports its only directory gone (what handleDirectoriesOffline would write).
    b3 = log.image.brokers[3]
    log.commit([MetadataRecord(BrokerRegistrationChangeRecord(broker_id=3, broker_epoch=b3.epoch,
                                                              log_dirs=[dir_id(3, 1)]), 2)])
    log.unregister(2)
    assert log.partition("t", 0).leader == -1


# --- eligible leader replicas (KIP-966) ---------------------------------------------------------------------------

def with_elr(log: MetadataLog) -> MetadataLog:
    log.commit([MetadataRecord(FeatureLevelRecord(name="eligible.leader.replicas.version", feature_level=1),
                               V.FEATURE_LEVEL_RECORD)])
    return log


def test_with_elr_fencing_the_last_isr_member_empties_the_isr_into_the_elr():
    log = with_elr(MetadataLog())
    epoch = log.join(2)
    log.create_topic("t", {0: [2]})
    log.heartbeat(heartbeat(2, epoch, log.image.offset, want_fence=True))
    partition = log.partition("t", 0)
    # The partition lost its leader: the last-known ELR remembers it (maybeUpdateLastKnownLeader).
    assert (partition.leader, partition.isr, partition.elr, partition.last_known_elr) == (-1, (), (2,), (2,))
    log.heartbeat(heartbeat(2, epoch, log.image.offset))  # unfenced: elected from the ELR, a clean election
    partition = log.partition("t", 0)
    assert (partition.leader, partition.isr, partition.elr, partition.last_known_elr, partition.leader_epoch,
            partition.leader_recovery_state) == (2, (2,), (), (), 2, 0)


def test_with_elr_replicas_leaving_below_min_isr_stay_eligible_and_one_comes_back_as_leader():
    log = with_elr(MetadataLog())
    epochs = {b: log.join(b) for b in (2, 3, 4)}
    log.create_topic("t", {0: [2, 3, 4]}, configs={"min.insync.replicas": "2"})

    def fence(broker):
        log.heartbeat(heartbeat(broker, epochs[broker], log.image.offset, want_fence=True))

    fence(2)
    assert (log.partition("t").leader, log.partition("t").isr, log.partition("t").elr) == (3, (3, 4), ())
    fence(3)
    assert (log.partition("t").leader, log.partition("t").isr, log.partition("t").elr) == (4, (4,), (3,))
    fence(4)
    partition = log.partition("t")
    assert (partition.leader, partition.isr, partition.elr) == (-1, (), (3, 4))
    log.heartbeat(heartbeat(3, epochs[3], log.image.offset))
    partition = log.partition("t")
    assert (partition.leader, partition.isr, partition.elr) == (3, (3,), (4,))


def test_with_elr_an_unproven_restart_leaves_the_elr_for_the_last_known_elr():
    log = with_elr(MetadataLog())
    old = log.join(2, now=0.0)
    log.create_topic("t", {0: [2]})
    log.heartbeat(heartbeat(2, old, log.image.offset, want_fence=True), now=0.0)
    assert log.partition("t").elr == (2,)
    outcome = log.register(registration(2, previous_broker_epoch=old + 1), now=20.0)
    assert kinds(outcome) == ["PartitionChangeRecord", "RegisterBrokerRecord"]
    partition = log.partition("t")
    assert (partition.isr, partition.elr, partition.last_known_elr) == ((), (), (2,))


def test_with_elr_a_proven_clean_restart_keeps_the_broker_eligible():
    log = with_elr(MetadataLog())
    old = log.join(2, now=0.0)
    log.create_topic("t", {0: [2]})
    log.heartbeat(heartbeat(2, old, log.image.offset, want_fence=True), now=0.0)
    outcome = log.register(registration(2, previous_broker_epoch=old), now=20.0)
    assert kinds(outcome) == ["RegisterBrokerRecord"]
    assert log.partition("t").elr == (2,)
    # Before v3 the previous epoch cannot be trusted: the same request counts as unclean.
    log2 = with_elr(MetadataLog())
    old2 = log2.join(2, now=0.0)
    log2.create_topic("t", {0: [2]})
    log2.heartbeat(heartbeat(2, old2, log2.image.offset, want_fence=True), now=0.0)
    log2.register(registration(2, previous_broker_epoch=old2), now=20.0, api_version=2)
    assert (log2.partition("t").elr, log2.partition("t").last_known_elr) == ((), (2,))


def test_activation_starts_every_unfenced_brokers_session_over_and_keeps_registrations(log):
    epoch = log.join(2, now=0.0)
    log.heartbeat(heartbeat(2, epoch, log.image.offset), now=0.0)
    log.control.activate(log.image, 100.0)  # the old contact time is forgotten: the session starts at activation
    assert log.fence_stale(108.0) == []
    response = log.heartbeat(heartbeat(2, epoch, log.image.offset), now=108.0).response
    assert response.error_code == 0 and not response.is_fenced
    assert log.fence_stale(117.5) == [2]


def test_an_unfenced_broker_that_never_heartbeats_to_a_new_active_controller_is_fenced(log):
    log.join(2, now=0.0)
    log.join(3, now=0.0)
    log.create_topic("t", {0: [2, 3]})
    log.control.activate(log.image, 50.0)  # broker 2 (the leader) stopped before this controller took over
    response = log.heartbeat(heartbeat(3, log.image.brokers[3].epoch, log.image.offset), now=58.0).response
    assert response.error_code == 0 and not response.is_fenced
    assert log.fence_stale(59.5) == [2]
    assert (log.partition("t").leader, log.partition("t").isr) == (3, (3,))
