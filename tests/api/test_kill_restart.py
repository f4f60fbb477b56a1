"""Acknowledged records survive kill -9 of a real `kbroker serve` process, round after round, with every
codec; topics and their ids survive too (they live in the metadata log)."""


import pytest
from confluent_kafka import Producer, TopicCollection
from confluent_kafka.admin import AdminClient

from compat_tests.py_clients import ck_read_to_end
from kbroker.testing import start_broker_process

CODECS = ["none", "gzip", "snappy", "lz4", "zstd"]
PER_ROUND = 400


def produce_acked(bootstrap, topic, values, codec):
    acked = []

    def on_delivery(err, msg):
        assert err is None, err
        acked.append(msg.value())

    producer = Producer({"bootstrap.servers": bootstrap, "acks": "all", "compression.type": codec,
                         "linger.ms": 5, "message.timeout.ms": 30000})
    for value in values:
        producer.produce(topic, value=value, partition=0, on_delivery=on_delivery)
        producer.poll(0)
    assert producer.flush(30) == 0
    return acked


def topic_id_of(bootstrap, topic):
    admin = AdminClient({"bootstrap.servers": bootstrap})
    description = admin.describe_topics(TopicCollection([topic]))[topic].result()
    return description.topic_id


@pytest.mark.slow
def test_acknowledged_records_survive_kill_9_with_every_codec(tmp_path):
    log_dir = tmp_path / "logs"
    topic = "durable"
    acked = []
    topic_id = None
    for round_number, codec in enumerate(CODECS):
        with start_broker_process(log_dir) as broker:
            if round_number:
                assert ck_read_to_end(broker.bootstrap, topic, at_least=len(acked)) == acked
            values = [f"{codec}-{i}".encode() * (1 + i % 7) for i in range(PER_ROUND)]
            acked += produce_acked(broker.bootstrap, topic, values, codec)
            current_id = topic_id_of(broker.bootstrap, topic)
            assert topic_id is None or str(current_id) == str(topic_id)
            topic_id = current_id
            broker.kill()
    with start_broker_process(log_dir) as broker:
        assert ck_read_to_end(broker.bootstrap, topic, at_least=len(acked)) == acked
    assert len(acked) == PER_ROUND * len(CODECS)
