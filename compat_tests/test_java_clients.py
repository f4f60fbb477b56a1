"""Kafka's Java command-line clients move records: console producer -> console consumer (assigned to the
partition), VerifiableProducer -> VerifiableConsumer, ProducerPerformance -> ConsumerPerformance.

VerifiableConsumer and ConsumerPerformance in 4.3.1 only subscribe (no assign mode), so those two also need
the broker's group coordinator (classic protocol)."""

import uuid

import pytest

from compat_tests import java_tools
from compat_tests.java_tools import check, json_events
from compat_tests.py_clients import ck_consume, create_topic
from compat_tests.raw_client import fetch_partition

pytestmark = [pytest.mark.java, pytest.mark.usefixtures("kafka_tools")]


def test_console_producer_to_console_consumer(broker, topic):
    create_topic(broker.bootstrap, topic)
    lines = [f"h1:x,h2:y\tkey-{i}\tvalue {i}" for i in range(25)]
    check(java_tools.console_produce(
        broker.bootstrap, topic, lines,
        "--reader-property", "parse.key=true", "--reader-property", "parse.headers=true",
    ))

    consumed = check(java_tools.console_consume(
        broker.bootstrap, topic, len(lines),
        "--formatter-property", "print.key=true", "--formatter-property", "print.offset=true",
        "--formatter-property", "print.headers=true", "--formatter-property", "print.partition=true",
    ))
    assert consumed.stdout.splitlines() == [
        f"Partition:0\tOffset:{i}\th1:x,h2:y\tkey-{i}\tvalue {i}" for i in range(25)
    ]
    assert f"Processed a total of {len(lines)} messages" in consumed.stderr

    read = ck_consume(broker.bootstrap, topic, len(lines))
    assert [(r.key, r.value, r.headers) for r in read] == [
        (f"key-{i}".encode(), f"value {i}".encode(), (("h1", b"x"), ("h2", b"y"))) for i in range(25)
    ]


def test_console_consumer_from_an_offset(broker, topic):
    create_topic(broker.bootstrap, topic)
    check(java_tools.console_produce(broker.bootstrap, topic, [f"line {i}" for i in range(10)]))
    consumed = check(java_tools.console_consume(broker.bootstrap, topic, 3, offset="7"))
    assert consumed.stdout.splitlines() == ["line 7", "line 8", "line 9"]


VERIFIABLE_COUNT = 1000


def test_verifiable_producer_to_verifiable_consumer(broker, topic):
    create_topic(broker.bootstrap, topic)
    produced = check(java_tools.verifiable_producer(broker.bootstrap, topic, VERIFIABLE_COUNT))
    events = json_events(produced.stdout)
    successes = [e for e in events if e["name"] == "producer_send_success"]
    assert len(successes) == VERIFIABLE_COUNT
    assert not [e for e in events if e["name"] == "producer_send_error"]
    assert sorted(e["offset"] for e in successes) == list(range(VERIFIABLE_COUNT))
    [summary] = [e for e in events if e["name"] == "tool_data"]
    assert (summary["sent"], summary["acked"]) == (VERIFIABLE_COUNT, VERIFIABLE_COUNT)

    # Read back by manual assignment...
    values = [r.value for r in ck_consume(broker.bootstrap, topic, VERIFIABLE_COUNT)]
    assert values == [str(i).encode() for i in range(VERIFIABLE_COUNT)]

    # ...and by Kafka's VerifiableConsumer, which joins a group.
    consumed = check(java_tools.verifiable_consumer(broker.bootstrap, topic, f"verifiable-{uuid.uuid4().hex[:8]}",
                                                    VERIFIABLE_COUNT))
    batches = [e for e in json_events(consumed.stdout) if e["name"] == "records_consumed"]
    assert sum(b["count"] for b in batches) == VERIFIABLE_COUNT
    ranges = sorted((p["minOffset"], p["maxOffset"]) for b in batches for p in b["partitions"])
    assert ranges[0][0] == 0 and ranges[-1][1] == VERIFIABLE_COUNT - 1


PERF_RECORDS = 20_000


def test_producer_and_consumer_performance(broker, topic):
    create_topic(broker.bootstrap, topic)
    produced = check(java_tools.producer_performance(broker.bootstrap, topic, PERF_RECORDS, 100,
                                                     "compression.type=lz4"))
    assert f"{PERF_RECORDS} records sent" in produced.stdout
    assert fetch_partition(broker.bootstrap, topic, 0, 0, max_bytes=1024).high_watermark == PERF_RECORDS

    consumed = check(java_tools.consumer_performance(broker.bootstrap, topic, PERF_RECORDS))
    header, data = consumed.stdout.strip().splitlines()[-2:]
    columns = dict(zip([c.strip() for c in header.split(",")], [v.strip() for v in data.split(",")], strict=True))
    assert int(columns["data.consumed.in.nMsg"]) == PERF_RECORDS, consumed.stdout
