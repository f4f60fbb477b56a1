"""DescribeLogDirs v1-v5 against an in-process broker whose log dir holds partition directories."""

import os

import pytest
from server_raw_client import RawClient, request_header_v1, request_header_v2

from kbroker.api.state import scan_partition_logs
from kbroker.protocol.messages.describe_log_dirs_request import DescribableLogDirTopic, DescribeLogDirsRequest
from kbroker.protocol.messages.describe_log_dirs_response import DescribeLogDirsResponse


def make_partition(log_dir, name, segments):
    path = os.path.join(log_dir, name)
    os.makedirs(path)
    for i, size in enumerate(segments):
        with open(os.path.join(path, f"{i:020d}.log"), "wb") as f:
            f.write(b"x" * size)
        with open(os.path.join(path, f"{i:020d}.index"), "wb") as f:
            f.write(b"i" * 100)  # indexes do not count towards the partition size


@pytest.fixture
def populated(kafka_broker):
    log_dir = kafka_broker.log_dir
    make_partition(log_dir, "orders-0", [100, 50])
    make_partition(log_dir, "orders-1", [7])
    make_partition(log_dir, "my.topic_x-12", [0])
    make_partition(log_dir, "orders-2." + "a" * 32 + "-future", [3])
    make_partition(log_dir, "orders-3." + "b" * 32 + "-delete", [1])
    make_partition(log_dir, "__cluster_metadata-0", [5])
    os.makedirs(os.path.join(log_dir, "not-a-partition-x"))
    with open(os.path.join(log_dir, "meta.properties"), "w") as f:
        f.write("version=1\n")
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
    assert partitions_of(result) == {
        ("orders", 0): (150, 0, False),
        ("orders", 1): (7, 0, False),
        ("orders", 2): (3, 0, True),
        ("my.topic_x", 12): (0, 0, False),
    }
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
    assert partitions_of(result) == {("orders", 1): (7, 0, False)}
    assert [t.name for t in result.topics] == ["orders"]


def test_empty_log_dir_reports_the_dir_with_no_topics(kafka_broker):
    (result,) = describe(kafka_broker, 5).results
    assert (result.error_code, result.log_dir, result.topics) == (0, kafka_broker.log_dir, [])


def test_unreadable_log_dir_reports_storage_error(kafka_broker):
    os.rmdir(kafka_broker.log_dir)
    (result,) = describe(kafka_broker, 5).results
    assert result.error_code == 56  # KAFKA_STORAGE_ERROR


def test_scan_skips_deleted_stray_and_metadata_dirs(tmp_path):
    make_partition(str(tmp_path), "t-0", [1])
    make_partition(str(tmp_path), "t-1." + "c" * 32 + "-stray", [1])
    make_partition(str(tmp_path), "__cluster_metadata-0", [1])
    assert [(i.topic, i.partition) for i in scan_partition_logs(str(tmp_path))] == [("t", 0)]
