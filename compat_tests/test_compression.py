"""Every compression type (none, gzip, snappy, lz4, zstd) from every client that can produce it: the broker
stores the batches with the producer's codec (topic compression.type=producer, the default) and both Python
clients read them back. Then the broker's own recompression when a topic sets compression.type."""

import pytest

from compat_tests import java_tools, kcat
from compat_tests.py_clients import Outgoing, ck_consume, ck_produce, create_topic, kp_consume, kp_produce
from compat_tests.raw_client import fetch_partition
from kbroker.protocol.records import iter_batches

CODECS = {"none": 0, "gzip": 1, "snappy": 2, "lz4": 3, "zstd": 4}
COUNT = 40
# Repetitive values, so that every codec really shrinks them.
VALUES = [f"value-{i:04d}-" + "abcdefgh" * 8 for i in range(COUNT)]


def stored_codecs(bootstrap: str, topic: str) -> set[int]:
    """The compression codec of each batch the broker returns from offset 0 (one raw Fetch)."""
    response = fetch_partition(bootstrap, topic, 0, 0)
    assert response.error_code == 0, response
    batches = list(iter_batches(response.records))
    assert sum(batch.records_count for batch in batches) == COUNT, batches
    return {batch.compression_type for batch in batches}


def assert_both_clients_read_values(bootstrap: str, topic: str) -> None:
    for consume in (kp_consume, ck_consume):
        consumed = consume(bootstrap, topic, COUNT)
        assert [(r.offset, r.value) for r in consumed] == [(i, v.encode()) for i, v in enumerate(VALUES)], consume


def produce_with_kafka_python(bootstrap, topic, codec):
    records = [Outgoing(None, value.encode()) for value in VALUES]
    kp_produce(bootstrap, topic, records, compression_type=None if codec == "none" else codec, linger_ms=50)


def produce_with_confluent(bootstrap, topic, codec):
    records = [Outgoing(None, value.encode()) for value in VALUES]
    ck_produce(bootstrap, topic, records, **{"compression.type": codec, "linger.ms": 50})


def produce_with_kcat(bootstrap, topic, codec):
    kcat.check(kcat.produce(bootstrap, topic, VALUES, "-z", codec))


def produce_with_console_producer(bootstrap, topic, codec):
    java_tools.check(java_tools.console_produce(bootstrap, topic, VALUES, "--compression-codec", codec))


PRODUCERS = {
    "kafka-python": produce_with_kafka_python,
    "confluent-kafka": produce_with_confluent,
    "kcat": produce_with_kcat,
    "console-producer": produce_with_console_producer,
}


@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("client", ["kafka-python", "confluent-kafka", "kcat"])
def test_python_and_kcat_producers(broker, topic, client, codec):
    create_topic(broker.bootstrap, topic)
    PRODUCERS[client](broker.bootstrap, topic, codec)
    assert stored_codecs(broker.bootstrap, topic) == {CODECS[codec]}
    assert_both_clients_read_values(broker.bootstrap, topic)


@pytest.mark.java
@pytest.mark.usefixtures("kafka_tools")
@pytest.mark.parametrize("codec", CODECS)
def test_java_console_producer(broker, topic, codec):
    create_topic(broker.bootstrap, topic)
    produce_with_console_producer(broker.bootstrap, topic, codec)
    assert stored_codecs(broker.bootstrap, topic) == {CODECS[codec]}
    assert_both_clients_read_values(broker.bootstrap, topic)


@pytest.mark.parametrize("codec", ["gzip", "snappy", "lz4", "zstd"])
def test_topic_compression_type_recompresses(broker, topic, codec):
    create_topic(broker.bootstrap, topic, configs={"compression.type": codec})
    produce_with_confluent(broker.bootstrap, topic, "none")
    assert stored_codecs(broker.bootstrap, topic) == {CODECS[codec]}
    assert_both_clients_read_values(broker.bootstrap, topic)


@pytest.mark.java
@pytest.mark.usefixtures("kafka_tools")
def test_every_consumer_reads_batches_of_every_codec(broker, topic):
    """One partition holding a batch of each codec, read by each consumer in one pass."""
    kcat.require_kcat()
    create_topic(broker.bootstrap, topic)
    expected_values = []
    for codec in CODECS:
        values = [f"{codec}-{i}-" + "xyz" * 20 for i in range(8)]
        ck_produce(broker.bootstrap, topic, [Outgoing(None, v.encode()) for v in values],
                   **{"compression.type": codec, "linger.ms": 5000})
        expected_values += values
    # librdkafka usually sends each codec's eight records as one batch, but on a loaded machine it has been seen
    # to send them one by one despite the linger: what the broker must keep is each record's codec, in order.
    response = fetch_partition(broker.bootstrap, topic, 0, 0)
    stored = [batch.compression_type for batch in iter_batches(response.records) for _ in range(batch.records_count)]
    assert stored == [code for code in CODECS.values() for _ in range(8)]

    count = len(expected_values)
    for consume in (kp_consume, ck_consume):
        assert [r.value.decode() for r in consume(broker.bootstrap, topic, count)] == expected_values, consume
    assert kcat.consume(broker.bootstrap, topic, count, "%s") == expected_values
    consumed = java_tools.check(java_tools.console_consume(broker.bootstrap, topic, count))
    assert consumed.stdout.splitlines() == expected_values
