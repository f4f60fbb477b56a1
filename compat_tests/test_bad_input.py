"""Bad input gets Kafka's error code: raw requests built with kbroker's codecs give exact codes, and the stock
clients surface the same error from both brokers.

Codes (Kafka's Errors): OFFSET_OUT_OF_RANGE 1, CORRUPT_MESSAGE 2, UNKNOWN_TOPIC_OR_PARTITION 3,
MESSAGE_TOO_LARGE 10, INVALID_REQUIRED_ACKS 21.
"""

import time

import kafka
import pytest

from compat_tests import kcat
from compat_tests.py_clients import Outgoing, ProduceFailed, ck_produce, create_topic, kp_produce
from compat_tests.raw_client import RawConnection, fetch_partition, produce_batch
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.protocol.records import CRC_OFFSET, RECORDS_OFFSET, build_batch

NONE = 0
OFFSET_OUT_OF_RANGE = 1
CORRUPT_MESSAGE = 2
UNKNOWN_TOPIC_OR_PARTITION = 3
MESSAGE_TOO_LARGE = 10
INVALID_REQUIRED_ACKS = 21

# Kafka's default max.message.bytes: 1 MiB + 12 bytes (the log overhead), checked against the whole batch.
MAX_MESSAGE_BYTES = 1048588


def one_record_batch(value: bytes = b"value") -> bytearray:
    return build_batch([(int(time.time() * 1000), b"key", value)])


def batch_of_size(size: int) -> bytearray:
    """A one-record batch exactly `size` bytes long (the value fills what the headers leave)."""
    overhead = len(one_record_batch(b""))
    value_size = size - overhead
    # The value's length varint and the record's length varint grow with the value; shrink until it fits.
    while len(batch := one_record_batch(b"x" * value_size)) > size:
        value_size -= 1
    assert len(batch) == size, (len(batch), size)
    return batch


# -- unknown topic with auto-creation off ---------------------------------------------------------------------


def test_unknown_topic_without_auto_create(broker_factory):
    broker = broker_factory({"auto.create.topics.enable": "false"})
    topic = "never-created"

    response = produce_batch(broker.bootstrap, topic, 0, one_record_batch())
    assert response.error_code == UNKNOWN_TOPIC_OR_PARTITION, response

    with RawConnection(broker.bootstrap) as conn:
        metadata = conn.send(MetadataRequest(topics=[MetadataRequestTopic(name=topic)],
                                             allow_auto_topic_creation=True), 12)
    assert [(t.name, t.error_code) for t in metadata.topics] == [(topic, UNKNOWN_TOPIC_OR_PARTITION)]

    # kcat -L (librdkafka 2.0, Metadata v4, auto-creation allowed) shows the broker's error.
    if kcat.installed():
        listing = kcat.metadata(broker.bootstrap, topic)
        assert listing["topics"] == [{"topic": topic, "error": "Broker: Unknown topic or partition",
                                      "partitions": []}]

    # kafka-python waits for the topic's metadata until max_block_ms, then gives up.
    with pytest.raises(kafka.errors.KafkaTimeoutError):
        kp_produce(broker.bootstrap, topic, [Outgoing(b"k", b"v")], max_block_ms=2000)

    # librdkafka fails the record once the topic stays unknown past topic.metadata.propagation.max.ms.
    with pytest.raises(ProduceFailed) as failure:
        ck_produce(broker.bootstrap, topic, [Outgoing(b"k", b"v")],
                   **{"topic.metadata.propagation.max.ms": 1000, "message.timeout.ms": 10_000})
    assert failure.value.code == UNKNOWN_TOPIC_OR_PARTITION


# -- batch size -----------------------------------------------------------------------------------------------


def test_batch_of_exactly_max_message_bytes_is_accepted_one_more_byte_is_not(broker, topic):
    create_topic(broker.bootstrap, topic)
    fits = produce_batch(broker.bootstrap, topic, 0, batch_of_size(MAX_MESSAGE_BYTES))
    assert (fits.error_code, fits.base_offset) == (NONE, 0), fits

    too_large = produce_batch(broker.bootstrap, topic, 0, batch_of_size(MAX_MESSAGE_BYTES + 1))
    assert too_large.error_code == MESSAGE_TOO_LARGE, too_large


def test_topic_max_message_bytes_applies(broker, topic):
    create_topic(broker.bootstrap, topic, configs={"max.message.bytes": "2000"})
    assert produce_batch(broker.bootstrap, topic, 0, batch_of_size(2000)).error_code == NONE
    assert produce_batch(broker.bootstrap, topic, 0, batch_of_size(2001)).error_code == MESSAGE_TOO_LARGE


OVERSIZED_VALUE = b"v" * (MAX_MESSAGE_BYTES + 1000)


def test_clients_report_message_too_large(broker, topic):
    create_topic(broker.bootstrap, topic)
    with pytest.raises(ProduceFailed) as kafka_python_failure:
        kp_produce(broker.bootstrap, topic, [Outgoing(None, OVERSIZED_VALUE)], max_request_size=4 << 20,
                   retries=0)
    assert kafka_python_failure.value.code == MESSAGE_TOO_LARGE

    with pytest.raises(ProduceFailed) as confluent_failure:
        ck_produce(broker.bootstrap, topic, [Outgoing(None, OVERSIZED_VALUE)],
                   **{"message.max.bytes": 4 << 20})
    assert confluent_failure.value.code == MESSAGE_TOO_LARGE


# -- corrupt batches and bad acks -----------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["crc field", "record data"])
def test_corrupt_crc(broker, topic, where):
    create_topic(broker.bootstrap, topic)
    batch = one_record_batch()
    batch[CRC_OFFSET if where == "crc field" else RECORDS_OFFSET + 4] ^= 0xFF
    response = produce_batch(broker.bootstrap, topic, 0, batch)
    assert response.error_code == CORRUPT_MESSAGE, response
    # Nothing was appended.
    assert fetch_partition(broker.bootstrap, topic, 0, 0).high_watermark == 0


@pytest.mark.parametrize("acks", [2, -2])
def test_invalid_required_acks(broker, topic, acks):
    create_topic(broker.bootstrap, topic)
    response = produce_batch(broker.bootstrap, topic, 0, one_record_batch(), acks=acks)
    assert response.error_code == INVALID_REQUIRED_ACKS, response
    assert fetch_partition(broker.bootstrap, topic, 0, 0).high_watermark == 0


# -- fetch offsets --------------------------------------------------------------------------------------------


def test_fetch_out_of_range(broker, topic):
    create_topic(broker.bootstrap, topic)
    for _ in range(3):
        assert produce_batch(broker.bootstrap, topic, 0, one_record_batch()).error_code == NONE

    at_end = fetch_partition(broker.bootstrap, topic, 0, 3)
    assert (at_end.error_code, at_end.high_watermark, len(at_end.records or b"")) == (NONE, 3, 0), at_end

    # Kafka answers an out-of-range fetch with the error alone: watermarks and log start stay at -1.
    beyond = fetch_partition(broker.bootstrap, topic, 0, 4)
    assert (beyond.error_code, beyond.high_watermark, beyond.log_start_offset) == (OFFSET_OUT_OF_RANGE, -1, -1)

    negative = fetch_partition(broker.bootstrap, topic, 0, -5)
    assert negative.error_code == OFFSET_OUT_OF_RANGE, negative


# -- batches Produce v3+ refuses ------------------------------------------------------------------------------

INVALID_RECORD = 87
INVALID_TIMESTAMP = 32


def test_two_batches_in_one_produce(broker, topic):
    create_topic(broker.bootstrap, topic)
    response = produce_batch(broker.bootstrap, topic, 0, bytes(one_record_batch()) + bytes(one_record_batch()))
    assert response.error_code == INVALID_RECORD, response
    assert fetch_partition(broker.bootstrap, topic, 0, 0).high_watermark == 0


def test_nonzero_base_offset(broker, topic):
    create_topic(broker.bootstrap, topic)
    response = produce_batch(broker.bootstrap, topic, 0, build_batch([(int(time.time() * 1000), b"k", b"v")],
                                                                     base_offset=5))
    assert response.error_code == INVALID_RECORD, response


def test_timestamp_too_far_in_the_future(broker, topic):
    # message.timestamp.after.max.ms defaults to one hour.
    create_topic(broker.bootstrap, topic)
    two_hours_ahead = int(time.time() * 1000) + 2 * 3600 * 1000
    response = produce_batch(broker.bootstrap, topic, 0, build_batch([(two_hours_ahead, b"k", b"v")]))
    assert response.error_code == INVALID_TIMESTAMP, response


def test_partition_that_does_not_exist(broker, topic):
    create_topic(broker.bootstrap, topic)
    assert produce_batch(broker.bootstrap, topic, 3, one_record_batch()).error_code == UNKNOWN_TOPIC_OR_PARTITION
    assert fetch_partition(broker.bootstrap, topic, 3, 0).error_code == UNKNOWN_TOPIC_OR_PARTITION
