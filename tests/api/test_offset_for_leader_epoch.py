"""OffsetForLeaderEpoch on an in-process broker: end offsets across leader epochs, the epoch a new leader knows
before it wrote anything, fencing."""

import attrs
import pytest

from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.offset_for_leader_epoch_request import (
    OffsetForLeaderEpochRequest,
    OffsetForLeaderPartition,
    OffsetForLeaderTopic,
)

NONE, NOT_LEADER_OR_FOLLOWER, FENCED_LEADER_EPOCH, UNKNOWN_LEADER_EPOCH = 0, 6, 74, 75


@pytest.fixture
def broker(kafka_broker):
    controller = kafka_broker.state.metadata.controller
    (result,) = kafka_broker.call(kafka_broker.state.run_controller, controller.create_topics,
                                  [CreatableTopic(name="t", num_partitions=1, replication_factor=1)])
    assert result.error.code == NONE
    return kafka_broker


def on_broker_thread(broker, fn):
    async def run():
        return fn(broker.state.partitions.get("t", 0))
    return broker.call(run)


def append(broker, count):
    batch = R.build_batch([(1_700_000_000_000, None, b"v")] * count)
    on_broker_thread(broker, lambda partition: partition.append_records(batch, required_acks=1))


def set_registration(broker, **changes):
    on_broker_thread(broker, lambda partition: partition.update_registration(
        attrs.evolve(partition.registration, **changes)))


def end_offsets(broker, epochs, current_leader_epoch=-1, version=4):
    request = OffsetForLeaderEpochRequest(replica_id=-1, topics=[OffsetForLeaderTopic(topic="t", partitions=[
        OffsetForLeaderPartition(partition=0, current_leader_epoch=current_leader_epoch, leader_epoch=epoch)
        for epoch in epochs])])
    with KafkaConnection(broker.bootstrap) as conn:
        (topic,) = conn.send(request, version=version).topics
    return [(p.error_code, p.leader_epoch, p.end_offset) for p in topic.partitions]


def test_end_offsets_across_epochs(broker):
    assert end_offsets(broker, [0, 1, -1]) == [(NONE, 0, 0), (NONE, -1, -1), (NONE, -1, -1)]
    append(broker, 3)
    set_registration(broker, leader_epoch=2)
    # Epoch 2 is known from the moment this node leads at it, before it wrote a batch.
    assert end_offsets(broker, [0, 1, 2, 3]) == [(NONE, 0, 3), (NONE, 0, 3), (NONE, 2, 3), (NONE, -1, -1)]
    append(broker, 2)
    set_registration(broker, leader_epoch=5)
    append(broker, 1)
    assert end_offsets(broker, [0, 1, 2, 3, 4, 5, 6]) == [
        (NONE, 0, 3), (NONE, 0, 3), (NONE, 2, 5), (NONE, 2, 5), (NONE, 2, 5), (NONE, 5, 6), (NONE, -1, -1)]


def test_current_leader_epoch_fences(broker):
    set_registration(broker, leader_epoch=4)
    assert end_offsets(broker, [4], current_leader_epoch=3) == [(FENCED_LEADER_EPOCH, -1, -1)]
    assert end_offsets(broker, [4], current_leader_epoch=5) == [(UNKNOWN_LEADER_EPOCH, -1, -1)]
    assert end_offsets(broker, [4], current_leader_epoch=4, version=2) == [(NONE, 4, 0)]


def test_a_partition_led_elsewhere_is_not_leader_or_follower(broker):
    set_registration(broker, leader=broker.config.node_id + 1)
    assert end_offsets(broker, [0]) == [(NOT_LEADER_OR_FOLLOWER, -1, -1)]
