"""DescribeLogDirs v1-v5 against an in-process broker hosting a few partitions."""

import os
import shutil
import time

import pytest
from server_raw_client import RawClient, request_header_v1, request_header_v2

from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.describe_log_dirs_request import DescribableLogDirTopic, DescribeLogDirsRequest
from kbroker.protocol.messages.describe_log_dirs_response import DescribeLogDirsResponse
from kbroker.protocol.records import build_batch


def create_topic(broker, name, partitions):
    controller = broker.state.metadata.controller
    (result,) = broker.call(broker.state.run_controller, controller.create_topics,
                            [CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)])
    assert result.error.code == 0, result


def append(broker, topic, partition, records):
    now = int(time.time() * 1000)
    batch = bytearray(build_batch([(now, None, b"v" * size) for size in records]))

    async def write():
        broker.state.partitions.get(topic, partition).append_records(batch, required_acks=1)
    broker.call(write)


def size_of(broker, topic, partition):
    return broker.state.partitions.get(topic, partition).log.size_in_bytes()


@pytest.fixture
def populated(kafka_broker):
    create_topic(kafka_broker, "orders", 3)
    create_topic(kafka_broker, "my.topic_x", 13)
    append(kafka_broker, "orders", 0, [100, 50])
    append(kafka_broker, "orders", 1, [7])
    return kafka_broker


def describe(broker, version, topics=None):
    body = DescribeLogDirsRequest(topics=topics).encode(version)
    header = request_header_v2 if version >= 2 else request_header_v1
    with RawClient(broker.host, broker.port) as client:
        frame = client.request(header(35, version, 21, "admin") + body)
    header_size = 5 if version >= 2 else 4  # response header v1 carries a tagged-field byte
    response, end = DescribeLogDirsResponse.decode(memoryview(frame), header_size, version)
    assert end == len(frame)
    return response


def partitions_of(result):
    return {(t.name, p.partition_index): (p.partition_size, p.offset_lag, p.is_future_key)
            for t in result.topics for p in t.partitions}


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_all_partitions_of_the_log_dir(populated, version):
    response = describe(populated, version)
    assert response.throttle_time_ms == 0
    (result,) = response.results
    assert result.error_code == 0
    assert result.log_dir == populated.log_dir
    expected = {("orders", p): (size_of(populated, "orders", p), 0, False) for p in range(3)}
    expected.update({("my.topic_x", p): (0, 0, False) for p in range(13)})
    assert partitions_of(result) == expected
    assert expected[("orders", 0)][0] > 150
    if version >= 4:
        stats = os.statvfs(populated.log_dir)
        assert result.total_bytes == stats.f_blocks * stats.f_frsize
        assert 0 <= result.usable_bytes <= result.total_bytes
    else:
        assert result.total_bytes == -1
    assert result.is_cordoned is False


def test_only_requested_partitions_and_topics_with_matches(populated):
    response = describe(populated, 5, topics=[DescribableLogDirTopic(topic="orders", partitions=[1, 9]),
                                              DescribableLogDirTopic(topic="absent", partitions=[0])])
    (result,) = response.results
    assert partitions_of(result) == {("orders", 1): (size_of(populated, "orders", 1), 0, False)}
    assert [t.name for t in result.topics] == ["orders"]


def test_empty_log_dir_reports_the_dir_with_no_topics(kafka_broker):
    (result,) = describe(kafka_broker, 5).results
    assert (result.error_code, result.log_dir, result.topics) == (0, kafka_broker.log_dir, [])


def test_unreadable_log_dir_reports_storage_error(kafka_broker):
    shutil.move(kafka_broker.log_dir, kafka_broker.log_dir + ".moved")
    try:
        (result,) = describe(kafka_broker, 5).results
    finally:
        shutil.move(kafka_broker.log_dir + ".moved", kafka_broker.log_dir)
    assert result.error_code == 56  # KAFKA_STORAGE_ERROR
