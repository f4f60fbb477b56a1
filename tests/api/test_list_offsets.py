"""ListOffsets on an in-process broker: the isolation levels over an open transaction, leader epochs after an
epoch change, and the offset lookups of kafka-python and confluent-kafka."""

import time

import attrs
import pytest

from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreatableTopicConfig
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)

NONE, FENCED_LEADER_EPOCH, UNKNOWN_LEADER_EPOCH, OFFSET_NOT_AVAILABLE = 0, 74, 75, 78
BASE = int(time.time() * 1000) - 60_000


def create_topic(broker, name, partitions=1, **configs):
    controller = broker.state.metadata.controller
    topic = CreatableTopic(name=name, num_partitions=partitions, replication_factor=1,
                           configs=[CreatableTopicConfig(name=k.replace("_", "."), value=str(v))
                                    for k, v in configs.items()])
    (result,) = broker.call(broker.state.run_controller, controller.create_topics, [topic])
    assert result.error.code == NONE, result


def append(broker, topic, records, partition=0, **batch_fields):
    batch = R.build_batch(records, **batch_fields)

    async def write():
        return broker.state.partitions.get(topic, partition).append_records(batch, required_acks=-1)
    return broker.call(write)


def list_offsets(broker, topic, timestamps, *, version=10, isolation_level=0, current_leader_epoch=-1,
                 replica_id=-1):
    request = ListOffsetsRequest(replica_id=replica_id, isolation_level=isolation_level, topics=[
        ListOffsetsTopic(name=topic, partitions=[
            ListOffsetsPartition(partition_index=p, timestamp=ts, current_leader_epoch=current_leader_epoch)
            for p, ts in timestamps])])
    with KafkaConnection(broker.bootstrap) as conn:
        (answer,) = conn.send(request, version=version).topics
    return [(p.partition_index, p.error_code, p.timestamp, p.offset, p.leader_epoch) for p in answer.partitions]


def test_read_committed_stops_at_the_open_transaction(kafka_broker):
    create_topic(kafka_broker, "t")
    append(kafka_broker, "t", [(BASE, None, b"a"), (BASE + 1, None, b"b")])
    append(kafka_broker, "t", [(BASE + 2, None, b"in-txn")], producer_id=5, producer_epoch=0, base_sequence=0,
           transactional=True)
    append(kafka_broker, "t", [(BASE + 3, None, b"c")])
    committed = list_offsets(kafka_broker, "t", [(0, -1)], isolation_level=1)
    uncommitted = list_offsets(kafka_broker, "t", [(0, -1)], isolation_level=0)
    assert committed == [(0, NONE, -1, 2, 0)]
    assert uncommitted == [(0, NONE, -1, 4, 0)]
    # A record at or past the last fetchable offset is not found.
    assert list_offsets(kafka_broker, "t", [(0, BASE + 2)], isolation_level=1) == [(0, NONE, -1, -1, -1)]
    assert list_offsets(kafka_broker, "t", [(0, BASE + 2)], isolation_level=0) == [(0, NONE, BASE + 2, 2, 0)]
    # A broker replica id reads to the log end whatever the isolation level.
    assert list_offsets(kafka_broker, "t", [(0, -1)], isolation_level=1, replica_id=1)[0][3] == 4


def bump_leader_epoch(broker, topic, epoch):
    async def bump():
        partition = broker.state.partitions.get(topic, 0)
        partition.update_registration(attrs.evolve(partition.registration, leader_epoch=epoch))
    broker.call(bump)


def test_leader_epochs_follow_the_partition_and_the_batches(kafka_broker):
    create_topic(kafka_broker, "t")
    # An empty partition already knows its leader epoch, as Kafka's leader does.
    assert list_offsets(kafka_broker, "t", [(0, -1)]) == [(0, NONE, -1, 0, 0)]
    assert list_offsets(kafka_broker, "t", [(0, -2)]) == [(0, NONE, -1, 0, 0)]
    append(kafka_broker, "t", [(BASE, None, b"a"), (BASE + 10, None, b"b")])
    bump_leader_epoch(kafka_broker, "t", 3)
    append(kafka_broker, "t", [(BASE + 20, None, b"c")])
    assert list_offsets(kafka_broker, "t", [(0, -1)]) == [(0, NONE, -1, 3, 3)]
    assert list_offsets(kafka_broker, "t", [(0, -2)]) == [(0, NONE, -1, 0, 0)]
    assert list_offsets(kafka_broker, "t", [(0, BASE + 5)]) == [(0, NONE, BASE + 10, 1, 0)]
    assert list_offsets(kafka_broker, "t", [(0, BASE + 15)]) == [(0, NONE, BASE + 20, 2, 3)]
    assert list_offsets(kafka_broker, "t", [(0, -3)]) == [(0, NONE, BASE + 20, 2, 3)]
    assert list_offsets(kafka_broker, "t", [(0, -1)], current_leader_epoch=2)[0][1] == FENCED_LEADER_EPOCH
    assert list_offsets(kafka_broker, "t", [(0, -1)], current_leader_epoch=4)[0][1] == UNKNOWN_LEADER_EPOCH
    assert list_offsets(kafka_broker, "t", [(0, -1)], current_leader_epoch=3)[0][1] == NONE
    # Below v4 there is no leader epoch in the answer.
    assert list_offsets(kafka_broker, "t", [(0, -1)], version=3) == [(0, NONE, -1, 3, -1)]


def test_a_new_leader_whose_high_watermark_lags_its_epoch_start(kafka_broker):
    """Partition.fetchOffsetForTimestamp: a consumer's LATEST, or a search finding nothing below the HW, gets
    OFFSET_NOT_AVAILABLE until the HW reaches the epoch's start offset; EARLIEST and brokers are answered."""
    create_topic(kafka_broker, "t")
    append(kafka_broker, "t", [(BASE, None, b"a"), (BASE + 10, None, b"b")])

    async def lead_with_a_follower(epoch):
        partition = kafka_broker.state.partitions.get("t", 0)
        partition.update_registration(attrs.evolve(partition.registration, replicas=(1, 2), isr=(1, 2),
                                                   leader_epoch=epoch, partition_epoch=epoch))
        return partition

    kafka_broker.call(lead_with_a_follower, 1)
    append(kafka_broker, "t", [(BASE + 20, None, b"c")], partition_leader_epoch=1)
    partition = kafka_broker.call(lead_with_a_follower, 2)  # starts at 3 while the HW waits for 2 at 2
    assert (partition.leader_epoch_start_offset, partition.high_watermark) == (3, 2)
    assert list_offsets(kafka_broker, "t", [(0, -1)]) == [(0, OFFSET_NOT_AVAILABLE, -1, -1, -1)]
    assert list_offsets(kafka_broker, "t", [(0, BASE + 15)]) == [(0, OFFSET_NOT_AVAILABLE, -1, -1, -1)]
    assert list_offsets(kafka_broker, "t", [(0, BASE + 5)]) == [(0, NONE, BASE + 10, 1, 0)]
    assert list_offsets(kafka_broker, "t", [(0, -2)]) == [(0, NONE, -1, 0, 0)]
    assert list_offsets(kafka_broker, "t", [(0, -1)], replica_id=2)[0][:2] == (0, NONE)


@pytest.fixture
def data(kafka_broker):
    create_topic(kafka_broker, "t", 2)
    append(kafka_broker, "t", [(BASE + 1000, None, b"a"), (BASE + 3000, None, b"b"), (BASE + 2000, None, b"c")])
    append(kafka_broker, "t", [(BASE + 4000, None, b"d")])
    return kafka_broker


def test_kafka_python_offset_lookups(data):
    kafka = pytest.importorskip("kafka")
    consumer = kafka.KafkaConsumer(bootstrap_servers=data.bootstrap, enable_auto_commit=False)
    try:
        parts = [kafka.TopicPartition("t", 0), kafka.TopicPartition("t", 1)]
        assert consumer.beginning_offsets(parts) == {parts[0]: 0, parts[1]: 0}
        assert consumer.end_offsets(parts) == {parts[0]: 4, parts[1]: 0}
        found = consumer.offsets_for_times({parts[0]: BASE + 1500, parts[1]: BASE})
        assert (found[parts[0]].offset, found[parts[0]].timestamp) == (1, BASE + 3000)
        assert found[parts[1]] is None
        assert consumer.offsets_for_times({parts[0]: BASE + 5000})[parts[0]] is None
    finally:
        consumer.close()


def test_confluent_kafka_offset_lookups(data):
    confluent_kafka = pytest.importorskip("confluent_kafka")
    from confluent_kafka.admin import AdminClient, OffsetSpec

    consumer = confluent_kafka.Consumer({"bootstrap.servers": data.bootstrap, "group.id": "unused",
                                         "enable.auto.commit": False})
    try:
        assert consumer.get_watermark_offsets(confluent_kafka.TopicPartition("t", 0), timeout=30) == (0, 4)
        assert consumer.get_watermark_offsets(confluent_kafka.TopicPartition("t", 1), timeout=30) == (0, 0)
        found = consumer.offsets_for_times([confluent_kafka.TopicPartition("t", 0, BASE + 2500),
                                            confluent_kafka.TopicPartition("t", 1, BASE)], timeout=30)
        assert [(tp.partition, tp.offset, tp.error) for tp in found] == [(0, 1, None), (1, -1, None)]
    finally:
        consumer.close()
    admin = AdminClient({"bootstrap.servers": data.bootstrap})
    try:
        specs = {confluent_kafka.TopicPartition("t", 0): OffsetSpec.earliest(),
                 confluent_kafka.TopicPartition("t", 1): OffsetSpec.latest()}
        results = {tp.partition: future.result(30) for tp, future in admin.list_offsets(specs).items()}
        assert (results[0].offset, results[1].offset) == (0, 0)
        specs = {confluent_kafka.TopicPartition("t", 0): OffsetSpec.max_timestamp()}
        ((_, future),) = admin.list_offsets(specs).items()
        assert (future.result(30).offset, future.result(30).timestamp) == (3, BASE + 4000)
    finally:
        del admin  # librdkafka handles close when collected: before the broker stops
