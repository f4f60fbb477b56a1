"""Exactly-once copy with Kafka's own TransactionalMessageCopier (kafka-tools, Java client 4.3.1), on kbroker and
on Apache Kafka 4.3.1: the tool consumes an input partition and produces every record to an output topic in
transactions that also commit the consumed offsets, aborting transactions at random (--enable-random-aborts).
A read_committed consumer of the output sees each input record exactly once and no aborted one.

The record count defaults to the 50,000 of issue #6 (KBROKER_COPIER_RECORDS changes it)."""

from __future__ import annotations

import os
from collections import Counter

import pytest
from confluent_kafka import Producer

from compat_tests.java_tools import check
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.py_clients import ck_read_to_end

pytestmark = pytest.mark.java

RECORDS = int(os.environ.get("KBROKER_COPIER_RECORDS", "50000"))
COPIER = "org.apache.kafka.tools.TransactionalMessageCopier"


def produce_input(bootstrap: str, topic: str) -> list[bytes]:
    values = [f"record-{i}".encode() for i in range(RECORDS)]
    producer = Producer({"bootstrap.servers": bootstrap, "linger.ms": 20})
    for value in values:
        while True:
            try:
                producer.produce(topic, value=value, partition=0)
                break
            except BufferError:
                producer.poll(0.1)
    assert producer.flush(60) == 0
    return values


@pytest.fixture(params=["kbroker", "kafka"])
def target(request):
    return request.getfixturevalue(f"{request.param}_target")


def test_copier_with_random_aborts_copies_each_record_once(target, unique_name):
    source, sink = f"{unique_name}-in", f"{unique_name}-out"
    target.create_topic(source)
    target.create_topic(sink)
    inputs = produce_input(target.bootstrap, source)
    check(run_kafka_tool(
        COPIER, "--broker-list", target.bootstrap, "--input-topic", source, "--input-partition", "0",
        "--output-topic", sink, "--transactional-id", f"{unique_name}-copier", "--consumer-group",
        f"{unique_name}-group", "--max-messages", str(RECORDS), "--transaction-size", "200",
        "--enable-random-aborts", "--use-group-metadata", timeout=600))
    outputs = ck_read_to_end(target.bootstrap, sink, isolation="read_committed")
    duplicated = [value for value, count in Counter(outputs).items() if count > 1]
    assert duplicated == []
    assert sorted(outputs) == sorted(inputs)
    # The random aborts happened: their records are in the log, only read_committed skips them.
    assert len(ck_read_to_end(target.bootstrap, sink)) > len(outputs)
