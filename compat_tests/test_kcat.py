"""kcat (librdkafka 2.0 as Debian ships it): metadata listing with -L, producing and consuming with keys,
headers and every compression codec's batches read back."""

import time

import pytest

from compat_tests import kcat
from compat_tests.py_clients import ck_consume, create_topic


@pytest.fixture(autouse=True)
def _kcat_installed():
    kcat.require_kcat()


def test_metadata_listing(broker, topic):
    create_topic(broker.bootstrap, topic, partitions=3)
    listing = kcat.metadata(broker.bootstrap, topic)
    assert listing["brokers"] == [{"id": 1, "name": broker.bootstrap}]
    assert listing["controllerid"] == 1
    assert listing["topics"] == [{
        "topic": topic,
        "partitions": [{"partition": p, "leader": 1, "replicas": [{"id": 1}], "isrs": [{"id": 1}]}
                       for p in range(3)],
    }]

    everything = kcat.metadata(broker.bootstrap)
    assert topic in [t["topic"] for t in everything["topics"]]


def test_metadata_listing_auto_creates_the_topic(broker, topic):
    # kcat's Metadata request (v4) allows auto-creation: the topic exists soon after, with num.partitions=1.
    # (What that first listing shows depends on timing; with auto-creation off, see test_bad_input.)
    kcat.metadata(broker.bootstrap, topic)
    deadline = time.monotonic() + 10
    while not (listing := kcat.metadata(broker.bootstrap, topic))["topics"][0]["partitions"]:
        assert time.monotonic() < deadline, listing
        time.sleep(0.1)
    assert listing["topics"] == [{"topic": topic, "partitions": [
        {"partition": 0, "leader": 1, "replicas": [{"id": 1}], "isrs": [{"id": 1}]}]}]


def test_produce_and_consume_keys_and_headers(broker, topic):
    create_topic(broker.bootstrap, topic)
    lines = [f"key-{i}:value-{i}" for i in range(20)]
    kcat.check(kcat.produce(broker.bootstrap, topic, lines, "-K:", "-H", "origin=kcat", "-H", "n=1"))

    printed = kcat.consume(broker.bootstrap, topic, len(lines), "%o|%k|%s|%h")
    assert printed == [f"{i}|key-{i}|value-{i}|origin=kcat,n=1" for i in range(20)]

    read = ck_consume(broker.bootstrap, topic, len(lines))
    assert [(r.key, r.value, r.headers) for r in read] == [
        (f"key-{i}".encode(), f"value-{i}".encode(), (("origin", b"kcat"), ("n", b"1"))) for i in range(20)
    ]


def test_consume_reports_end_of_partition_and_offsets(broker, topic):
    create_topic(broker.bootstrap, topic)
    kcat.check(kcat.produce(broker.bootstrap, topic, ["a", "b", "c"]))
    # From offset 1, then -e stops at the end of the partition.
    result = kcat.check(kcat.run_kcat(broker.bootstrap, "-C", "-t", topic, "-p", "0", "-o", "1", "-e",
                                      "-f", "%o:%s\n"))
    assert result.stdout.splitlines() == ["1:b", "2:c"]
