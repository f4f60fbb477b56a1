"""Transactional producers of confluent-kafka and kafka-python against kbroker and Apache Kafka: commit, abort,
fencing of a producer by a second one with the same transactional.id, offsets sent to the transaction; a
read_committed consumer (assign mode) sees committed records only, a read_uncommitted one sees everything."""

from __future__ import annotations

import uuid

import pytest
from confluent_kafka import Consumer, KafkaException, Producer, TopicPartition
from confluent_kafka.admin import AdminClient, NewTopic

from compat_tests.py_clients import ck_read_to_end

TIMEOUT_S = 30


def create_topic(bootstrap: str, name: str) -> None:
    admin = AdminClient({"bootstrap.servers": bootstrap})
    for future in admin.create_topics([NewTopic(name, num_partitions=2, replication_factor=1)]).values():
        future.result(TIMEOUT_S)


def transactional_producer(bootstrap: str, txn_id: str) -> Producer:
    producer = Producer({"bootstrap.servers": bootstrap, "transactional.id": txn_id, "linger.ms": 5})
    producer.init_transactions(TIMEOUT_S)
    return producer


def consume(bootstrap: str, topic: str, isolation: str) -> list[bytes]:
    return sorted(ck_read_to_end(bootstrap, topic, (0, 1), isolation=isolation))


@pytest.fixture
def topic(broker):
    name = f"txn-{uuid.uuid4().hex[:8]}"
    create_topic(broker.bootstrap, name)
    return name


def send(producer: Producer, topic: str, values) -> None:
    for i, value in enumerate(values):
        producer.produce(topic, value=value, partition=i % 2)
    producer.flush(TIMEOUT_S)


def test_commit_and_abort(broker, topic):
    producer = transactional_producer(broker.bootstrap, f"{topic}-commit-abort")
    producer.begin_transaction()
    send(producer, topic, [b"c1", b"c2", b"c3"])
    producer.commit_transaction(TIMEOUT_S)
    producer.begin_transaction()
    send(producer, topic, [b"a1", b"a2"])
    producer.abort_transaction(TIMEOUT_S)
    producer.begin_transaction()
    send(producer, topic, [b"c4"])
    producer.commit_transaction(TIMEOUT_S)
    del producer  # destroys the client (and its connections) before the broker stops
    assert consume(broker.bootstrap, topic, "read_committed") == [b"c1", b"c2", b"c3", b"c4"]
    assert consume(broker.bootstrap, topic, "read_uncommitted") == [b"a1", b"a2", b"c1", b"c2", b"c3", b"c4"]


def test_second_producer_fences_the_first(broker, topic):
    first = transactional_producer(broker.bootstrap, f"{topic}-fenced")
    first.begin_transaction()
    send(first, topic, [b"zombie"])
    second = transactional_producer(broker.bootstrap, f"{topic}-fenced")
    with pytest.raises(KafkaException) as raised:
        first.commit_transaction(TIMEOUT_S)
    assert raised.value.args[0].fatal()
    del first, raised
    second.begin_transaction()
    send(second, topic, [b"survivor"])
    second.commit_transaction(TIMEOUT_S)
    del second
    assert consume(broker.bootstrap, topic, "read_committed") == [b"survivor"]


def committed_offset(bootstrap: str, group: str, topic: str) -> int:
    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "enable.auto.commit": False})
    try:
        (found,) = consumer.committed([TopicPartition(topic, 0)], timeout=TIMEOUT_S)
        return found.offset
    finally:
        consumer.close()


def test_send_offsets_to_transaction(broker, topic):
    """Consume-transform-produce: offsets sent with an aborted transaction are not committed, with a committed
    one they are."""
    bootstrap = broker.bootstrap
    group = f"copier-{uuid.uuid4().hex[:6]}"
    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": group, "enable.auto.commit": False})
    consumer.assign([TopicPartition(topic, 0, 0)])
    producer = transactional_producer(bootstrap, f"{topic}-offsets")
    try:
        producer.begin_transaction()
        send(producer, topic, [b"aborted"])
        producer.send_offsets_to_transaction([TopicPartition(topic, 0, 3)], consumer.consumer_group_metadata(),
                                             TIMEOUT_S)
        producer.abort_transaction(TIMEOUT_S)
        assert committed_offset(bootstrap, group, topic) < 0
        producer.begin_transaction()
        send(producer, topic, [b"committed"])
        producer.send_offsets_to_transaction([TopicPartition(topic, 0, 7)], consumer.consumer_group_metadata(),
                                             TIMEOUT_S)
        producer.commit_transaction(TIMEOUT_S)
        assert committed_offset(bootstrap, group, topic) == 7
    finally:
        consumer.close()
        del producer


def test_kafka_python_transactional_producer(broker, topic):
    """kafka-python's transactional producer: commit, abort, and fencing by a second producer."""
    from kafka import KafkaProducer
    from kafka.errors import KafkaError as PyKafkaError

    def producer():
        made = KafkaProducer(bootstrap_servers=broker.bootstrap, transactional_id=f"{topic}-kpy",
                             enable_idempotence=True)
        made.init_transactions()
        return made

    first = producer()
    try:
        first.begin_transaction()
        first.send(topic, b"kpy-committed", partition=0)
        first.commit_transaction()
        first.begin_transaction()
        first.send(topic, b"kpy-aborted", partition=1)
        first.flush()
        first.abort_transaction()
        first.begin_transaction()
        first.send(topic, b"kpy-zombie", partition=0)
        first.flush()
        second = producer()
        try:
            with pytest.raises(PyKafkaError):
                first.commit_transaction()
            second.begin_transaction()
            second.send(topic, b"kpy-survivor", partition=1)
            second.commit_transaction()
        finally:
            second.close(timeout=5)
    finally:
        first.close(timeout=5)
    assert consume(broker.bootstrap, topic, "read_committed") == [b"kpy-committed", b"kpy-survivor"]
