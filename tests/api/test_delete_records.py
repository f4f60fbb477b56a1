"""DeleteRecords on an in-process broker: the new log start is checkpointed before the answer and survives a
restart, segments wholly below it go at once, fetches below it are out of range; kafka-python's and
confluent-kafka's admin clients."""

import time

import pytest

from kbroker.log.checkpoints import LOG_START_OFFSET_CHECKPOINT, log_dir_checkpoint
from kbroker.protocol import records as R
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.delete_records_request import (
    DeleteRecordsPartition,
    DeleteRecordsRequest,
    DeleteRecordsTopic,
)
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)
from kbroker.testing import broker_config, run_broker_in_thread

NONE, OFFSET_OUT_OF_RANGE, NOT_LEADER_OR_FOLLOWER = 0, 1, 6


def create_topic(broker, name, partitions=1):
    controller = broker.state.metadata.controller
    (result,) = broker.call(broker.state.run_controller, controller.create_topics,
                            [CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)])
    assert result.error.code == NONE, result


def on_broker_thread(broker, fn):
    async def run():
        return fn()
    return broker.call(run)


def append_segments(broker, topic, batches_per_segment, segments):
    """Append `segments` segments of `batches_per_segment` one-record batches each (rolled by hand)."""
    log = broker.state.partitions.get(topic, 0).log
    for i in range(segments):
        for _ in range(batches_per_segment):
            batch = R.build_batch([(int(time.time() * 1000), None, b"x" * 100)])
            on_broker_thread(broker, lambda b=batch: broker.state.partitions.get(topic, 0).append_records(
                b, required_acks=-1))
        if i + 1 < segments:
            on_broker_thread(broker, log.roll)
    return log


def delete_records(conn, topic, offsets, version=2):
    request = DeleteRecordsRequest(timeout_ms=1000, topics=[DeleteRecordsTopic(name=topic, partitions=[
        DeleteRecordsPartition(partition_index=p, offset=o) for p, o in offsets])])
    (answer,) = conn.send(request, version=version).topics
    return [(p.partition_index, p.error_code, p.low_watermark) for p in answer.partitions]


def earliest(conn, topic):
    request = ListOffsetsRequest(replica_id=-1, topics=[ListOffsetsTopic(name=topic, partitions=[
        ListOffsetsPartition(partition_index=0, timestamp=-2)])])
    return conn.send(request, version=10).topics[0].partitions[0].offset


def test_new_start_is_checkpointed_at_once_and_survives_a_restart(tmp_path):
    config = broker_config(tmp_path / "logs")
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        create_topic(broker, "t")
        append_segments(broker, "t", 4, 1)
        assert delete_records(conn, "t", [(0, 3)]) == [(0, NONE, 3)]
        checkpoint = log_dir_checkpoint(broker.log_dir, LOG_START_OFFSET_CHECKPOINT).read()
        assert checkpoint[("t", 0)] == 3
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        assert earliest(conn, "t") == 3


def test_segments_wholly_below_the_new_start_are_removed(kafka_broker):
    create_topic(kafka_broker, "t")
    log = append_segments(kafka_broker, "t", 3, 4)  # segments at 0, 3, 6, 9
    with KafkaConnection(kafka_broker.bootstrap) as conn:
        assert delete_records(conn, "t", [(0, 7)]) == [(0, NONE, 7)]
        assert [s.base_offset for s in log.segments] == [6, 9]
        assert delete_records(conn, "t", [(0, -1)]) == [(0, NONE, 12)]
        assert [s.base_offset for s in log.segments] == [9]
        fetch = FetchRequest(max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, isolation_level=0, session_id=0,
                             session_epoch=-1, topics=[FetchTopic(topic="t", partitions=[FetchPartition(
                                 partition=0, fetch_offset=5, partition_max_bytes=1 << 20)])])
        (answer,) = conn.send(fetch, version=12).responses[0].partitions
        assert answer.error_code == OFFSET_OUT_OF_RANGE


def test_partition_led_elsewhere_is_not_leader_or_follower(kafka_broker):
    import attrs
    create_topic(kafka_broker, "t")
    partition = kafka_broker.state.partitions.get("t", 0)
    on_broker_thread(kafka_broker, lambda: partition.update_registration(
        attrs.evolve(partition.registration, leader=kafka_broker.config.node_id + 1)))
    with KafkaConnection(kafka_broker.bootstrap) as conn:
        assert delete_records(conn, "t", [(0, 0)]) == [(0, NOT_LEADER_OR_FOLLOWER, -1)]


def test_kafka_python_admin_delete_records(kafka_broker):
    kafka = pytest.importorskip("kafka")
    from kafka.admin import KafkaAdminClient

    create_topic(kafka_broker, "t")
    append_segments(kafka_broker, "t", 5, 1)
    admin = KafkaAdminClient(bootstrap_servers=kafka_broker.bootstrap)
    try:
        result = admin.delete_records({kafka.TopicPartition("t", 0): 2})
    finally:
        admin.close()
    assert result[kafka.TopicPartition("t", 0)]["low_watermark"] == 2
    consumer = kafka.KafkaConsumer(bootstrap_servers=kafka_broker.bootstrap, enable_auto_commit=False)
    try:
        assert consumer.beginning_offsets([kafka.TopicPartition("t", 0)]) == {kafka.TopicPartition("t", 0): 2}
    finally:
        consumer.close()


def test_confluent_kafka_admin_delete_records(kafka_broker):
    confluent_kafka = pytest.importorskip("confluent_kafka")
    from confluent_kafka.admin import AdminClient

    create_topic(kafka_broker, "t")
    append_segments(kafka_broker, "t", 5, 1)
    admin = AdminClient({"bootstrap.servers": kafka_broker.bootstrap})
    try:
        (future,) = admin.delete_records([confluent_kafka.TopicPartition("t", 0, 4)]).values()
        assert future.result(30).low_watermark == 4
        (future,) = admin.delete_records([confluent_kafka.TopicPartition("t", 0, 9)]).values()
        with pytest.raises(confluent_kafka.KafkaException) as failure:
            future.result(30)
        assert failure.value.args[0].code() == confluent_kafka.KafkaError.OFFSET_OUT_OF_RANGE
    finally:
        del admin  # librdkafka handles close when collected: before the broker stops
