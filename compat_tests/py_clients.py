"""The two Python clients, kafka-python and confluent-kafka (librdkafka), behind small helpers that produce a
list of records and read them back with manual partition assignment (no consumer group).

Records come back as `Consumed` tuples so that tests compare what the two clients saw field by field.
Timeouts are bounds that fail a test when reached, never speed checks.
"""

from __future__ import annotations

import time
import uuid
from typing import Any, NamedTuple

import confluent_kafka
import kafka
from confluent_kafka.admin import AdminClient, NewTopic

from compat_tests.raw_client import fetch_partition

# How long a helper waits for records or for a topic's leader before it gives up.
WAIT_S = 30.0


class Outgoing(NamedTuple):
    """A record to send; timestamp None lets the client stamp it."""

    key: bytes | None
    value: bytes | None
    headers: tuple[tuple[str, bytes | None], ...] = ()
    timestamp_ms: int | None = None


class Consumed(NamedTuple):
    offset: int
    key: bytes | None
    value: bytes | None
    headers: tuple[tuple[str, bytes | None], ...]
    timestamp_ms: int
    timestamp_type: int  # 0 CreateTime, 1 LogAppendTime


class ProduceFailed(Exception):
    """The client reported an error for a produced record; `code` is the Kafka error code it surfaced."""

    def __init__(self, code: int, message: str):
        super().__init__(f"produce failed with error code {code}: {message}")
        self.code = code


# -- topics (confluent-kafka's AdminClient) --------------------------------------------------------------------


def admin_client(bootstrap: str) -> AdminClient:
    return AdminClient({"bootstrap.servers": bootstrap, "socket.timeout.ms": 10_000})


def create_topic(bootstrap: str, name: str, partitions: int = 1, configs: dict[str, str] | None = None) -> None:
    """Creates a topic and waits until every partition has a leader in the broker's metadata and serves a
    Fetch (Kafka publishes the leader in its metadata a moment before the partition serves; clients retry
    through that, raw requests in the tests do not)."""
    admin = admin_client(bootstrap)
    futures = admin.create_topics(
        [NewTopic(name, num_partitions=partitions, replication_factor=1, config=configs or {})],
        request_timeout=WAIT_S,
    )
    futures[name].result(timeout=WAIT_S)
    wait_for_leaders(admin, name, partitions)
    for partition in range(partitions):
        wait_until_serving(bootstrap, name, partition)


def wait_until_serving(bootstrap: str, topic: str, partition: int) -> None:
    deadline = time.monotonic() + WAIT_S
    while (response := fetch_partition(bootstrap, topic, partition, 0)).error_code != 0:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{topic}-{partition} does not serve a Fetch: {response}")
        time.sleep(0.05)


def wait_for_leaders(admin: AdminClient, name: str, partitions: int) -> None:
    deadline = time.monotonic() + WAIT_S
    while True:
        topic = admin.list_topics(name, timeout=10).topics.get(name)
        if (topic is not None and topic.error is None and len(topic.partitions) == partitions
                and all(p.leader >= 0 for p in topic.partitions.values())):
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"topic {name} has no leader for every partition: {topic}")
        time.sleep(0.1)


# -- kafka-python -------------------------------------------------------------------------------------------


def kp_produce(bootstrap: str, topic: str, records: list[Outgoing], partition: int = 0,
               **config: Any) -> list[int]:
    """Sends `records` to one partition with kafka-python's KafkaProducer; returns their offsets."""
    producer = kafka.KafkaProducer(**{"bootstrap_servers": bootstrap, "acks": "all", "request_timeout_ms": 15_000,
                                      "max_block_ms": int(WAIT_S * 1000), **config})
    try:
        futures = [
            producer.send(topic, key=r.key, value=r.value, headers=list(r.headers), partition=partition,
                          timestamp_ms=r.timestamp_ms)
            for r in records
        ]
        producer.flush(timeout=WAIT_S)
        offsets = []
        for future in futures:
            try:
                offsets.append(future.get(timeout=WAIT_S).offset)
            except kafka.errors.KafkaError as error:
                raise ProduceFailed(getattr(error, "errno", -1), repr(error)) from error
        return offsets
    finally:
        producer.close(timeout=10)


def kp_wait_for_topic(consumer: kafka.KafkaConsumer, topic: str) -> None:
    """Until the kafka-python consumer's metadata has `topic`. A group leader assigns from its own metadata:
    one that has not seen a new topic yet assigns nothing ("No partition metadata for topic") and rejoins
    when it does, a rebalance no test asks for."""
    deadline = time.monotonic() + WAIT_S
    while not consumer.partitions_for_topic(topic):
        assert time.monotonic() < deadline, f"kafka-python never saw topic {topic} in its metadata"
        time.sleep(0.1)


def kp_consume(bootstrap: str, topic: str, count: int, partition: int = 0, offset: int = 0,
               **config: Any) -> list[Consumed]:
    """Reads `count` records from topic/partition starting at `offset` with a manually assigned KafkaConsumer."""
    consumer = kafka.KafkaConsumer(**{"bootstrap_servers": bootstrap, "enable_auto_commit": False,
                                      "group_id": None, "request_timeout_ms": 15_000, **config})
    try:
        assigned = kafka.TopicPartition(topic, partition)
        consumer.assign([assigned])
        consumer.seek(assigned, offset)
        records: list[Consumed] = []
        deadline = time.monotonic() + WAIT_S
        while len(records) < count and time.monotonic() < deadline:
            for batch in consumer.poll(timeout_ms=500).values():
                records.extend(
                    Consumed(r.offset, r.key, r.value, tuple(r.headers), r.timestamp, r.timestamp_type)
                    for r in batch
                )
        return records
    finally:
        consumer.close()


# -- confluent-kafka ----------------------------------------------------------------------------------------


def ck_produce(bootstrap: str, topic: str, records: list[Outgoing], partition: int = 0,
               **config: Any) -> list[int]:
    """Sends `records` to one partition with confluent-kafka's Producer; returns their offsets."""
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap, "acks": "all",
                                         "message.timeout.ms": int(WAIT_S * 1000), **config})
    reports: list[tuple[int, Any]] = []

    def on_delivery(error, message, index):
        reports.append((index, error if error is not None else message.offset()))

    for index, r in enumerate(records):
        kwargs: dict[str, Any] = {"key": r.key, "value": r.value, "partition": partition,
                                  "headers": list(r.headers),
                                  "on_delivery": lambda e, m, i=index: on_delivery(e, m, i)}
        if r.timestamp_ms is not None:
            kwargs["timestamp"] = r.timestamp_ms
        producer.produce(topic, **kwargs)
        producer.poll(0)
    remaining = producer.flush(WAIT_S + 5)
    assert remaining == 0, f"{remaining} records still queued in the producer"
    offsets = [result for _, result in sorted(reports, key=lambda report: report[0])]
    for result in offsets:
        if isinstance(result, confluent_kafka.KafkaError):
            raise ProduceFailed(result.code(), result.str())
    return offsets


def ck_consumer(bootstrap: str, **config: Any) -> confluent_kafka.Consumer:
    """A Consumer for manual assignment; librdkafka insists on a group.id, which is unique and never committed."""
    return confluent_kafka.Consumer({
        "bootstrap.servers": bootstrap,
        "group.id": f"compat-{uuid.uuid4().hex[:12]}",
        "enable.auto.commit": False,
        "enable.auto.offset.store": False,
        **config,
    })


def ck_read_to_end(bootstrap: str, topic: str, partitions: tuple[int, ...] = (0,), *,
                   isolation: str = "read_uncommitted", at_least: int = 0) -> list[bytes]:
    """The values of `topic`'s `partitions` from offset 0, in arrival order, read until every partition has
    reported its end (and at least `at_least` values arrived: records may still be on their way)."""
    consumer = ck_consumer(bootstrap, **{"enable.partition.eof": True, "isolation.level": isolation})
    consumer.assign([confluent_kafka.TopicPartition(topic, partition, 0) for partition in partitions])
    values: list[bytes] = []
    at_end: set[int] = set()
    try:
        while len(at_end) < len(partitions) or len(values) < at_least:
            message = consumer.poll(10)
            assert message is not None, f"no end of {topic} {partitions} after {len(values)} records"
            if message.error():
                if message.error().code() == confluent_kafka.KafkaError._PARTITION_EOF:
                    at_end.add(message.partition())
                    continue
                raise AssertionError(message.error())
            at_end.discard(message.partition())
            values.append(message.value())
    finally:
        consumer.close()
    return values


def ck_consume(bootstrap: str, topic: str, count: int, partition: int = 0, offset: int = 0,
               **config: Any) -> list[Consumed]:
    """Reads `count` records from topic/partition starting at `offset` with an assigned confluent Consumer.
    A consumer error (e.g. OFFSET_OUT_OF_RANGE with auto.offset.reset=error) raises confluent_kafka.KafkaException."""
    consumer = ck_consumer(bootstrap, **config)
    try:
        consumer.assign([confluent_kafka.TopicPartition(topic, partition, offset)])
        records: list[Consumed] = []
        deadline = time.monotonic() + WAIT_S
        while len(records) < count and time.monotonic() < deadline:
            for message in consumer.consume(num_messages=max(1, count - len(records)), timeout=0.5):
                if message.error() is not None:
                    raise confluent_kafka.KafkaException(message.error())
                timestamp_type, timestamp = message.timestamp()
                records.append(Consumed(message.offset(), message.key(), message.value(),
                                        tuple(message.headers() or ()), timestamp,
                                        timestamp_type - confluent_kafka.TIMESTAMP_CREATE_TIME))
        return records
    finally:
        consumer.close()
