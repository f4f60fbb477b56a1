"""Smoke test of the Apache Kafka harness: a stock client round trip and Kafka's own segment checker."""

import time

import pytest
from kafka import KafkaAdminClient, KafkaConsumer, KafkaProducer, TopicPartition
from kafka.admin import NewTopic

from compat_tests.kafka_dist import run_kafka_tool

pytestmark = pytest.mark.java

TOPIC = "smoke"
RECORDS = [(f"key-{i}".encode(), f"value-{i}".encode()) for i in range(10)]


def consume(bootstrap: str, count: int, deadline_s: float = 30.0) -> list:
    consumer = KafkaConsumer(bootstrap_servers=bootstrap, enable_auto_commit=False)
    try:
        partition = TopicPartition(TOPIC, 0)
        consumer.assign([partition])
        consumer.seek_to_beginning(partition)
        records = []
        deadline = time.monotonic() + deadline_s
        while len(records) < count and time.monotonic() < deadline:
            for batch in consumer.poll(timeout_ms=500).values():
                records.extend(batch)
        return records
    finally:
        consumer.close()


def test_create_produce_consume_and_dump_segment(apache_kafka):
    admin = KafkaAdminClient(bootstrap_servers=apache_kafka.bootstrap)
    try:
        admin.create_topics([NewTopic(TOPIC, num_partitions=1, replication_factor=1)])
    finally:
        admin.close()

    producer = KafkaProducer(bootstrap_servers=apache_kafka.bootstrap, acks="all")
    try:
        offsets = [
            producer.send(TOPIC, key=key, value=value).get(timeout=30).offset for key, value in RECORDS
        ]
    finally:
        producer.close()
    assert offsets == list(range(10))

    records = consume(apache_kafka.bootstrap, len(RECORDS))
    assert [(r.offset, r.key, r.value) for r in records] == [(i, k, v) for i, (k, v) in enumerate(RECORDS)]

    segment = apache_kafka.log_dir / f"{TOPIC}-0" / "00000000000000000000.log"
    dump = run_kafka_tool(
        "org.apache.kafka.tools.DumpLogSegments",
        "--deep-iteration",
        "--index-sanity-check",
        "--files",
        str(segment),
    )
    assert dump.returncode == 0, dump.stderr
    record_lines = [line for line in dump.stdout.splitlines() if line.startswith("| offset:")]
    assert [line.split()[2] for line in record_lines] == [str(i) for i in range(10)], dump.stdout
