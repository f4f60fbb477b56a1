"""Records and batches near max.message.bytes (1 MiB + 12 B by default) go through each Python client and
come back intact."""

import pytest

from compat_tests.py_clients import Outgoing, ck_consume, ck_produce, create_topic, kp_consume, kp_produce
from compat_tests.raw_client import fetch_partition
from kbroker.protocol.records import iter_batches

MAX_MESSAGE_BYTES = 1048588
# The largest value that fits one record in a batch of max.message.bytes, less some room for the key.
LARGE_VALUE = bytes(range(256)) * ((MAX_MESSAGE_BYTES - 200) // 256)


@pytest.mark.parametrize("producer, consumer", [(kp_produce, ck_consume), (ck_produce, kp_consume)],
                         ids=["kafka-python-to-confluent", "confluent-to-kafka-python"])
def test_single_record_near_the_limit(broker, topic, producer, consumer):
    create_topic(broker.bootstrap, topic)
    config = ({"max_request_size": 2 << 20} if producer is kp_produce else {"message.max.bytes": 2 << 20})
    assert producer(broker.bootstrap, topic, [Outgoing(b"big", LARGE_VALUE)] * 2, **config) == [0, 1]
    read = consumer(broker.bootstrap, topic, 2)
    assert [(r.offset, r.key, r.value) for r in read] == [(0, b"big", LARGE_VALUE), (1, b"big", LARGE_VALUE)]


def test_many_records_in_one_batch_near_the_limit(broker, topic):
    create_topic(broker.bootstrap, topic)
    values = [f"{i:06d}".encode() * 100 for i in range(1500)]  # 600 bytes each, 900 kB in all
    ck_produce(broker.bootstrap, topic, [Outgoing(None, v) for v in values],
               **{"batch.size": MAX_MESSAGE_BYTES - 1000, "linger.ms": 5000, "compression.type": "none"})
    response = fetch_partition(broker.bootstrap, topic, 0, 0, max_bytes=4 << 20)
    largest = max(len(batch.tobytes()) for batch in iter_batches(response.records))
    assert largest > 500_000, "librdkafka did not build one large batch"
    read = kp_consume(broker.bootstrap, topic, len(values))
    assert [r.value for r in read] == values
