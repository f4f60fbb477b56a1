"""Offsets: earliest/latest, seek by timestamp (ListOffsets with a timestamp), and DeleteRecords followed by
reads below the new log start offset (OFFSET_OUT_OF_RANGE, and each client's auto.offset.reset)."""

import confluent_kafka
import kafka
import pytest
from confluent_kafka.admin import OffsetSpec

from compat_tests.py_clients import (
    Outgoing,
    admin_client,
    ck_consume,
    ck_consumer,
    ck_produce,
    create_topic,
    kp_consume,
)
from compat_tests.raw_client import fetch_partition

OFFSET_OUT_OF_RANGE = 1
T0 = 1_700_000_000_000
# Timestamps of offsets 0..7; offset 3 goes back in time, as a producer may.
TIMESTAMPS = [T0, T0 + 100, T0 + 200, T0 + 50, T0 + 300, T0 + 400, T0 + 400, T0 + 500]
# (query timestamp, offset of the first record with timestamp >= query, or None when there is none)
LOOKUPS = [
    (0, 0),
    (T0, 0),
    (T0 + 1, 1),
    (T0 + 50, 1),  # offset 3 has T0+50 exactly, but offset 1 comes first and is later in time
    (T0 + 250, 4),
    (T0 + 400, 5),
    (T0 + 500, 7),
    (T0 + 501, None),
]


@pytest.fixture
def timestamped_topic(broker, topic):
    create_topic(broker.bootstrap, topic)
    ck_produce(broker.bootstrap, topic, [Outgoing(b"k", f"v{i}".encode(), (), ts) for i, ts in enumerate(TIMESTAMPS)])
    return topic


def test_kafka_python_offsets_for_times(broker, timestamped_topic):
    consumer = kafka.KafkaConsumer(bootstrap_servers=broker.bootstrap, enable_auto_commit=False)
    try:
        partition = kafka.TopicPartition(timestamped_topic, 0)
        assert consumer.beginning_offsets([partition]) == {partition: 0}
        assert consumer.end_offsets([partition]) == {partition: len(TIMESTAMPS)}
        for query, offset in LOOKUPS:
            found = consumer.offsets_for_times({partition: query})[partition]
            if offset is None:
                assert found is None, query
            else:
                assert (found.offset, found.timestamp) == (offset, TIMESTAMPS[offset]), query
    finally:
        consumer.close()


def test_confluent_offsets_for_times_then_consume(broker, timestamped_topic):
    consumer = ck_consumer(broker.bootstrap)
    try:
        assert consumer.get_watermark_offsets(confluent_kafka.TopicPartition(timestamped_topic, 0),
                                              timeout=10) == (0, len(TIMESTAMPS))
        for query, offset in LOOKUPS:
            [found] = consumer.offsets_for_times([confluent_kafka.TopicPartition(timestamped_topic, 0, query)],
                                                 timeout=10)
            assert found.error is None, found
            # librdkafka reports "no such record" as the logical offset END (-1).
            assert found.offset == (confluent_kafka.OFFSET_END if offset is None else offset), query
    finally:
        consumer.close()
    records = ck_consume(broker.bootstrap, timestamped_topic, 3, offset=4)
    assert [(r.offset, r.timestamp_ms) for r in records] == [(i, TIMESTAMPS[i]) for i in (4, 5, 6)]


# -- DeleteRecords ------------------------------------------------------------------------------------------

COUNT = 10
NEW_START = 6


@pytest.fixture
def truncated_topic(broker, topic):
    """A topic with 10 records whose first 6 were deleted with DeleteRecords."""
    create_topic(broker.bootstrap, topic)
    ck_produce(broker.bootstrap, topic, [Outgoing(None, f"v{i}".encode()) for i in range(COUNT)])
    admin = admin_client(broker.bootstrap)
    futures = admin.delete_records([confluent_kafka.TopicPartition(topic, 0, NEW_START)], request_timeout=10)
    [deleted] = [future.result(timeout=30) for future in futures.values()]
    assert deleted.low_watermark == NEW_START
    return topic


def test_delete_records_moves_the_log_start(broker, truncated_topic):
    below = fetch_partition(broker.bootstrap, truncated_topic, 0, NEW_START - 4)
    assert below.error_code == OFFSET_OUT_OF_RANGE, below

    at_start = fetch_partition(broker.bootstrap, truncated_topic, 0, NEW_START)
    assert (at_start.error_code, at_start.log_start_offset, at_start.high_watermark) == (0, NEW_START, COUNT)

    consumer = ck_consumer(broker.bootstrap)
    try:
        watermarks = consumer.get_watermark_offsets(confluent_kafka.TopicPartition(truncated_topic, 0), timeout=10)
    finally:
        consumer.close()
    assert watermarks == (NEW_START, COUNT)


def test_kafka_python_delete_records_and_reset(broker, topic):
    create_topic(broker.bootstrap, topic)
    ck_produce(broker.bootstrap, topic, [Outgoing(None, f"v{i}".encode()) for i in range(COUNT)])
    partition = kafka.TopicPartition(topic, 0)
    admin = kafka.KafkaAdminClient(bootstrap_servers=broker.bootstrap)
    try:
        result = admin.delete_records({partition: NEW_START})
    finally:
        admin.close()
    assert result[partition]["low_watermark"] == NEW_START

    # Reading below the log start with auto_offset_reset=earliest resumes at the new log start.
    records = kp_consume(broker.bootstrap, topic, COUNT - NEW_START, offset=1, auto_offset_reset="earliest")
    assert [r.offset for r in records] == list(range(NEW_START, COUNT))


def test_confluent_auto_offset_reset_below_log_start(broker, truncated_topic):
    earliest = ck_consume(broker.bootstrap, truncated_topic, COUNT - NEW_START, offset=2,
                          **{"auto.offset.reset": "earliest"})
    assert [(r.offset, r.value) for r in earliest] == [(i, f"v{i}".encode()) for i in range(NEW_START, COUNT)]

    with pytest.raises(confluent_kafka.KafkaException) as failure:
        ck_consume(broker.bootstrap, truncated_topic, 1, offset=2, **{"auto.offset.reset": "error"})
    assert failure.value.args[0].code() == confluent_kafka.KafkaError._AUTO_OFFSET_RESET
    assert "Offset out of range" in failure.value.args[0].str()


def test_kafka_python_no_reset_raises_offset_out_of_range(broker, truncated_topic):
    with pytest.raises(kafka.errors.OffsetOutOfRangeError):
        kp_consume(broker.bootstrap, truncated_topic, 1, offset=2, auto_offset_reset="none")


def test_admin_list_offsets(broker, timestamped_topic):
    """AdminClient.list_offsets: earliest, latest, max timestamp (ListOffsets -2, -1, -3) and a timestamp."""
    admin = admin_client(broker.bootstrap)
    partition = confluent_kafka.TopicPartition(timestamped_topic, 0)
    specs = {
        "earliest": (OffsetSpec.earliest(), 0),
        "latest": (OffsetSpec.latest(), len(TIMESTAMPS)),
        "max timestamp": (OffsetSpec.max_timestamp(), TIMESTAMPS.index(max(TIMESTAMPS))),
        "timestamp": (OffsetSpec.for_timestamp(T0 + 250), 4),
    }
    for name, (spec, expected_offset) in specs.items():
        futures = admin.list_offsets({partition: spec}, request_timeout=10)
        [result] = [future.result(timeout=30) for future in futures.values()]
        assert result.offset == expected_offset, name
        if name == "max timestamp":
            assert result.timestamp == max(TIMESTAMPS)
