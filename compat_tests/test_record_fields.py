"""Keys, headers, null keys and values and explicit timestamps survive a round trip, with each Python client
producing and the other reading (so neither client only reads back its own encoding)."""

import time

import pytest

from compat_tests.py_clients import Outgoing, ck_consume, ck_produce, create_topic, kp_consume, kp_produce
from compat_tests.raw_client import produce_batch
from kbroker.protocol.records import build_batch

BASE_TIMESTAMP = 1_700_000_000_000

RECORDS = [
    Outgoing(b"key-0", b"value-0", (), BASE_TIMESTAMP),
    Outgoing(None, b"no key", (("h", b"1"),), BASE_TIMESTAMP + 1),
    Outgoing(b"tombstone", None, (), BASE_TIMESTAMP + 2),
    Outgoing(b"tombstone with header", None, (("h", b"2"),), BASE_TIMESTAMP + 3),
    Outgoing(b"", b"", (("empty", b""),), BASE_TIMESTAMP + 4),
    Outgoing(b"many headers", b"v", (("a", b"1"), ("b", b"2"), ("a", b"3")), BASE_TIMESTAMP + 5),
    Outgoing(b"\x00\xff binary", bytes(range(256)), (("bin", b"\x00\x01\xfe"),), BASE_TIMESTAMP + 6),
    Outgoing("ключ".encode(), "значение".encode(), (("заголовок", "ü".encode()),), BASE_TIMESTAMP + 7),
    # Timestamps need not grow: an older one after a newer one is stored as sent.
    Outgoing(b"older", b"older timestamp", (), BASE_TIMESTAMP - 60_000),
    # librdkafka reads 0 as "now", so the earliest timestamp both clients send as given is 1.
    Outgoing(b"epoch", b"one millisecond after the epoch", (), 1),
]

# kafka-python's producer refuses a null header value; librdkafka sends one.
NULL_HEADER_VALUE = Outgoing(b"null header value", b"v", (("null", None),), BASE_TIMESTAMP + 8)

PRODUCERS = {"kafka-python": (kp_produce, RECORDS), "confluent-kafka": (ck_produce, [*RECORDS, NULL_HEADER_VALUE])}
CONSUMERS = {"kafka-python": kp_consume, "confluent-kafka": ck_consume}


def expected(records):
    return [(i, r.key, r.value, r.headers, r.timestamp_ms, 0) for i, r in enumerate(records)]


@pytest.mark.parametrize("producer, consumer", [("kafka-python", "confluent-kafka"),
                                                ("confluent-kafka", "kafka-python")])
def test_fields_round_trip(broker, topic, producer, consumer):
    create_topic(broker.bootstrap, topic)
    produce, records = PRODUCERS[producer]
    offsets = produce(broker.bootstrap, topic, records)
    assert offsets == list(range(len(records)))

    consumed = CONSUMERS[consumer](broker.bootstrap, topic, len(records))
    assert [tuple(c) for c in consumed] == expected(records)


def test_client_stamps_create_time_when_none_given(broker, topic):
    create_topic(broker.bootstrap, topic)
    kp_produce(broker.bootstrap, topic, [Outgoing(b"k", b"v")])
    [record] = ck_consume(broker.bootstrap, topic, 1)
    assert record.timestamp_type == 0
    assert record.timestamp_ms > BASE_TIMESTAMP


def test_log_append_time_topic(broker, topic):
    """With message.timestamp.type=LogAppendTime the broker stamps every record and says so in the response."""
    create_topic(broker.bootstrap, topic, configs={"message.timestamp.type": "LogAppendTime"})
    before_ms = int(time.time() * 1000)
    response = produce_batch(broker.bootstrap, topic, 0, bytes(build_batch([(BASE_TIMESTAMP, b"k", b"v")] * 3)))
    after_ms = int(time.time() * 1000)
    assert response.error_code == 0, response
    assert before_ms - 1000 <= response.log_append_time_ms <= after_ms + 1000, response
    for consume in (kp_consume, ck_consume):
        records = consume(broker.bootstrap, topic, 3)
        assert [(r.timestamp_ms, r.timestamp_type) for r in records] == [(response.log_append_time_ms, 1)] * 3
