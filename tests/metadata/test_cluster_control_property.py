"""Random sequences of registrations (clean or not), heartbeats, session expiries and unregistrations against ClusterControl:
after every step the partitions obey Kafka's leadership rules, epochs never go back, and the records written
replay (from scratch and through a snapshot) into the image the controller saw; with eligible leader replicas
on and off."""

from __future__ import annotations

import uuid

from cluster_helpers import MetadataLog, heartbeat, registration
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kbroker.metadata import record_versions as V
from kbroker.metadata.image import MetadataImage, apply_records, image_records, same_content
from kbroker.metadata.serde import MetadataRecord, decode_record, encode_record
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord

BROKERS = (2, 3, 4)
MIN_ISR = {"a": 2, "b": 1}  # "a" sets min.insync.replicas=2; "b" has the cluster default 1

steps = st.lists(st.one_of(
    st.tuples(st.just("register"), st.sampled_from(BROKERS), st.booleans(), st.booleans()),
    st.tuples(st.just("heartbeat"), st.sampled_from(BROKERS), st.booleans(), st.booleans(), st.booleans()),
    st.tuples(st.just("advance"), st.sampled_from((0.5, 3.0, 9.5))),
    st.tuples(st.just("unregister"), st.sampled_from(BROKERS)),
), max_size=40)


class Driver:
    def __init__(self, unclean: bool, elr: bool):
        self.log = MetadataLog(unclean_leader_election_enable=unclean)
        if elr:
            self.log.commit([MetadataRecord(FeatureLevelRecord(name="eligible.leader.replicas.version",
                                                               feature_level=1), V.FEATURE_LEVEL_RECORD)])
        self.now = 0.0
        self.incarnations: dict[int, uuid.UUID] = {}
        self.epochs: dict[int, int] = {}
        for broker in BROKERS:
            self.register(broker, new_incarnation=True)
            self.heartbeat(broker, want_fence=False, want_shut_down=False, caught_up=True)
        self.log.create_topic("a", {0: [2, 3, 4], 1: [3, 4, 2], 2: [4, 2, 3]}, configs={"min.insync.replicas": "2"})
        self.log.create_topic("b", {0: [2, 3], 1: [4]})

    def register(self, broker: int, new_incarnation: bool, clean: bool = False) -> None:
        if new_incarnation or broker not in self.incarnations:
            self.incarnations[broker] = uuid.uuid4()
        previous = self.epochs.get(broker, -1) if clean else -1
        response = self.log.register(registration(broker, incarnation=self.incarnations[broker],
                                                  previous_broker_epoch=previous), now=self.now).response
        if response.error_code == 0:
            self.epochs[broker] = response.broker_epoch

    def heartbeat(self, broker: int, want_fence: bool, want_shut_down: bool, caught_up: bool) -> None:
        epoch = self.epochs.get(broker, -1)
        offset = self.log.image.offset if caught_up else -1
        response = self.log.heartbeat(heartbeat(broker, epoch, offset, want_fence=want_fence,
                                                want_shut_down=want_shut_down), now=self.now).response
        if response.should_shut_down:
            assert response.is_fenced
        if response.error_code == 0:
            registration_ = self.log.image.brokers[broker]
            assert registration_.fenced == response.is_fenced

    def step(self, step) -> None:
        kind = step[0]
        if kind == "register":
            self.register(step[1], step[2], step[3])
        elif kind == "heartbeat":
            self.heartbeat(*step[1:])
        elif kind == "advance":
            self.now += step[1]
            self.log.fence_stale(self.now)
        else:
            self.log.unregister(step[1])


def check_partitions(image: MetadataImage, before: MetadataImage, elr: bool) -> None:
    for topic in image.topics_by_id.values():
        for partition in topic.partitions.values():
            assert partition.isr or elr, partition  # only eligible leader replicas let an ISR become empty
            assert set(partition.isr) <= set(partition.replicas), partition
            assert not set(partition.isr) & set(partition.elr), partition
            if not elr or len(partition.isr) >= MIN_ISR[topic.name]:
                assert partition.elr == (), partition
            # Balanced recovery (maybeUpdateLastKnownLeader): the last-known ELR is the leader a partition lost,
            # kept while it has none; without ELR it is never written.
            if partition.last_known_elr:
                assert elr and partition.leader == -1 and len(partition.last_known_elr) == 1, partition
            old = before.topic(topic.name).partitions[partition.partition_id] if before.topic(topic.name) else None
            if partition.leader != -1:
                assert partition.leader in partition.isr, partition
                check_leader(partition, old, image, before)
            if old is not None:
                assert partition.leader_epoch >= old.leader_epoch
                assert partition.partition_epoch >= old.partition_epoch
                if partition != old:
                    assert partition.partition_epoch > old.partition_epoch


def check_leader(partition, old, image: MetadataImage, before: MetadataImage) -> None:
    """A leader is registered and unfenced, and active (not in controlled shutdown) with one exception Kafka
    4.3.1 has: a broker fenced by its session while in controlled shutdown loses its controlled-shutdown offset
    (replaying the fencing record re-registers it fenced with BrokerHeartbeatManager, which clears the offset), so
    its next heartbeat may unfence it; the unfencing record leaves inControlledShutdown as it was, and
    generateLeaderAndIsrUpdates accepts the broker being unfenced as a leader whatever its registration says.
    Such a leader can only have been elected by the step that unfenced it, and keeps only what it led then."""
    broker = image.brokers.get(partition.leader)
    assert broker is not None and not broker.fenced, partition
    if broker.in_controlled_shutdown:
        was = before.brokers.get(partition.leader)
        assert was is not None and was.in_controlled_shutdown, partition  # entering it moves every leadership
        if old is None or old.leader != partition.leader:
            assert was.fenced, partition  # elected only by the heartbeat that unfenced it


@example(steps=[("heartbeat", 2, False, True, True), ("advance", 9.5), ("heartbeat", 2, False, False, True)],
         unclean=True, elr=False)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=steps, unclean=st.booleans(), elr=st.booleans())
def test_broker_lifecycle_keeps_leadership_rules_and_replays(steps, unclean, elr):
    driver = Driver(unclean, elr)
    for step in steps:
        before = driver.log.image
        driver.step(step)
        check_partitions(driver.log.image, before, elr)
    image = driver.log.image
    # What goes to disk reads back as written, at the versions Kafka 4.3.1 writes, and replays to the same image.
    from_disk = [decode_record(encode_record(r.message, r.version)) for r in driver.log.committed]
    assert from_disk == driver.log.committed
    replayed = apply_records(MetadataImage(), from_disk, image.offset, 1)
    assert replayed == image
    assert same_content(apply_records(MetadataImage(), list(image_records(image)), image.offset, 1), image)
