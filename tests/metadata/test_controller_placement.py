"""CreateTopics and CreatePartitions place replicas with the StripedReplicaPlacer over the usable brokers of the
controller's image: fenced brokers only as followers, brokers in controlled shutdown never; refusals carry
Kafka's INVALID_REPLICATION_FACTOR messages (CreateTopics prefixes the placer's, CreatePartitions does not)."""

from __future__ import annotations

import random

import pytest
from cluster_helpers import ControllerOnDisk, heartbeat
from metadata_helpers import new_partitions, topic

from kbroker.metadata.replica_placement import StripedReplicaPlacer, UsableBroker, usable_brokers
from kbroker.protocol import errors

SEED = 42


@pytest.fixture
def node(tmp_path):
    node = ControllerOnDisk(tmp_path, bootstrap=True, placer=StripedReplicaPlacer(random.Random(SEED)))
    for broker_id, rack in ((1, "a"), (2, "a"), (3, "b"), (4, "b"), (5, "c"), (6, "c")):
        node.join(broker_id, rack=rack)
    yield node
    node.close()


def fence(node, broker_id):
    epoch = node.image.brokers[broker_id].epoch
    node.controller.broker_heartbeat(heartbeat(broker_id, epoch, node.image.offset, want_fence=True), now=0.0)
    assert node.image.brokers[broker_id].fenced


def shut_down(node, broker_id):
    """Broker `broker_id` enters controlled shutdown (it leads a partition, so it stays there)."""
    epoch = node.image.brokers[broker_id].epoch
    [result] = node.controller.create_topics([topic(f"led-by-{broker_id}", -1, -1,
                                                    assignments=[(0, [broker_id])])])
    assert result.error.code == 0
    node.controller.broker_heartbeat(heartbeat(broker_id, epoch, node.image.offset, want_shut_down=True), now=0.0)
    assert node.image.brokers[broker_id].in_controlled_shutdown


def replicas(node, name):
    return {p: list(r.replicas) for p, r in node.image.topic(name).partitions.items()}


def test_create_topics_places_as_the_striped_placer_does_over_the_usable_brokers(node):
    fence(node, 4)
    shut_down(node, 6)
    usable = usable_brokers(node.image)
    assert usable == [UsableBroker(1, "a", False), UsableBroker(2, "a", False), UsableBroker(3, "b", False),
                      UsableBroker(4, "b", True), UsableBroker(5, "c", False)]
    expected = StripedReplicaPlacer(random.Random(SEED)).place(usable, 12, 3)
    # The same random sequence: the fixture's placer has not placed anything yet (manual assignments skip it).
    [result] = node.controller.create_topics([topic("t", 12, 3)])
    assert (result.error.code, result.num_partitions, result.replication_factor) == (0, 12, 3)
    assert replicas(node, "t") == dict(enumerate(expected))
    for partition in node.image.topic("t").partitions.values():
        assert 6 not in partition.replicas
        assert partition.leader == partition.replicas[0] != 4
        assert list(partition.isr) == [b for b in partition.replicas if b != 4]
        assert len({node.image.brokers[b].rack for b in partition.replicas}) == 3


def test_create_partitions_places_the_new_partitions_with_the_placer(node):
    [created] = node.controller.create_topics([topic("t", 2, 2)])
    assert created.error.code == 0
    before = replicas(node, "t")
    [(name, error)] = node.controller.create_partitions([new_partitions("t", 8)])
    assert (name, error.code) == ("t", 0)
    after = replicas(node, "t")
    assert {p: after[p] for p in before} == before and sorted(after) == list(range(8))
    for p in range(2, 8):
        brokers = after[p]
        assert len(set(brokers)) == 2
        assert node.image.brokers[brokers[0]].rack != node.image.brokers[brokers[1]].rack


def test_too_large_a_replication_factor_is_refused_counting_fenced_brokers(node):
    fence(node, 4)
    [result] = node.controller.create_topics([topic("seven", 1, 7)])
    assert (result.error.code, result.error.message) == (
        errors.INVALID_REPLICATION_FACTOR.code, "Unable to replicate the partition 7 time(s): The target replication "
        "factor of 7 cannot be reached because only 6 broker(s) are registered or some brokers have all their log "
        "directories cordoned.")
    [result] = node.controller.create_topics([topic("six", 1, 6)])
    assert result.error.code == 0
    assert node.image.partition("six", 0).leader != 4


def test_create_partitions_refuses_with_the_placers_own_message(node):
    [created] = node.controller.create_topics([topic("t", 1, 6)])
    assert created.error.code == 0
    shut_down(node, 6)
    [(_, error)] = node.controller.create_partitions([new_partitions("t", 2)])
    assert (error.code, error.message) == (
        errors.INVALID_REPLICATION_FACTOR.code, "The target replication factor of 6 cannot be reached because only "
        "5 broker(s) are registered or some brokers have all their log directories cordoned.")


def test_only_fenced_brokers_refuse_the_topic(node):
    for broker_id in range(1, 7):
        fence(node, broker_id)
    [result] = node.controller.create_topics([topic("t", 1, 1)])
    assert (result.error.code, result.error.message) == (
        errors.INVALID_REPLICATION_FACTOR.code, "Unable to replicate the partition 1 time(s): All brokers are "
        "currently fenced, or have all their log directories cordoned.")
