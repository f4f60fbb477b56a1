"""AlterReplicaLogDirs on an in-process broker with two log dirs: a replica moves through a future log that
DescribeLogDirs shows, keeps every record (and takes appends made while it moves), and the error codes of
paths that are not log dirs and partitions that are not hosted."""

import os
import time

import pytest

from kbroker.api.describe_log_dirs import describe_log_dirs
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.alter_replica_log_dirs_request import (
    AlterReplicaLogDir,
    AlterReplicaLogDirsRequest,
    AlterReplicaLogDirTopic,
)
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.describe_log_dirs_request import DescribableLogDirTopic, DescribeLogDirsRequest
from kbroker.protocol.records import build_batch
from kbroker.testing import broker_config, run_broker_in_thread

NONE, REPLICA_NOT_AVAILABLE, KAFKA_STORAGE_ERROR, LOG_DIR_NOT_FOUND = 0, 9, 56, 57


@pytest.fixture
def broker(tmp_path):
    dirs = [str(tmp_path / "a"), str(tmp_path / "b")]
    with run_broker_in_thread(broker_config(dirs[0], {"log.dirs": ",".join(dirs)})) as running:
        yield running, dirs


def create_topic(broker, name):
    controller = broker.state.metadata.controller
    (result,) = broker.call(broker.state.run_controller, controller.create_topics,
                            [CreatableTopic(name=name, num_partitions=1, replication_factor=1)])
    assert result.error.code == 0, result


def append(broker, topic, count, tag):
    now = int(time.time() * 1000)
    batch = bytearray(build_batch([(now, None, b"%s-%d" % (tag, i) + b"x" * 1000) for i in range(count)]))

    async def write():
        broker.state.partitions.get(topic, 0).append_records(batch, required_acks=1)
    broker.call(write)


def alter(broker, path, topic, partition=0):
    request = AlterReplicaLogDirsRequest(dirs=[AlterReplicaLogDir(path=path, topics=[
        AlterReplicaLogDirTopic(name=topic, partitions=[partition])])])
    with KafkaConnection(broker.bootstrap) as conn:
        (result,) = conn.send(request, version=2).results
    return [(p.partition_index, p.error_code) for p in result.partitions]


def where(broker, topic):
    """log dir -> (size, is future) of the topic's partition 0 there."""
    with KafkaConnection(broker.bootstrap) as conn:
        response = conn.send(DescribeLogDirsRequest(topics=[DescribableLogDirTopic(topic=topic, partitions=[0])]),
                             version=4)
    return {r.log_dir: (p.partition_size, p.is_future_key) for r in response.results for t in r.topics
            for p in t.partitions}


def test_a_replica_moves_to_the_other_log_dir_with_its_records(broker):
    running, dirs = broker
    create_topic(running, "moved")
    source = os.path.dirname(running.state.partitions.get("moved", 0).log.directory)
    target = dirs[1] if source == dirs[0] else dirs[0]
    for round_ in range(20):
        append(running, "moved", 50, b"r%d" % round_)
    assert alter(running, target, "moved") == [(0, NONE)]
    append(running, "moved", 10, b"during")
    deadline = time.monotonic() + 30
    while os.path.dirname(running.state.partitions.get("moved", 0).log.directory) != target:
        assert time.monotonic() < deadline, where(running, "moved")
        time.sleep(0.05)
    partition = running.state.partitions.get("moved", 0)
    assert partition.log_end_offset == 1010
    assert len(partition.log.read_batches()) == 21
    assert where(running, "moved") == {target: (partition.log.size_in_bytes(), False)}
    assert not any(name.endswith("-future") for name in os.listdir(target))
    assert alter(running, target, "moved") == [(0, NONE)]  # already there


def test_a_future_replica_is_described_while_it_catches_up(broker):
    running, dirs = broker
    create_topic(running, "slow")
    source = os.path.dirname(running.state.partitions.get("slow", 0).log.directory)
    target = dirs[1] if source == dirs[0] else dirs[0]
    append(running, "slow", 10, b"a")

    async def start_and_describe():
        # in one step of the broker's event loop: the mover has not copied anything yet
        partitions = running.state.partitions
        code = partitions.log_dir_mover.request_move(("slow", 0), partitions.get("slow", 0), target)
        return code, describe_log_dirs(running.state, {("slow", 0)})
    code, results = running.call(start_and_describe)
    assert code == NONE
    described = {r.log_dir: [(p.partition_size, p.offset_lag, p.is_future_key) for t in r.topics
                             for p in t.partitions] for r in results}
    assert described[source] == [(running.state.partitions.get("slow", 0).log.size_in_bytes(), 0, False)]
    assert described[target] == [(0, 10, True)]  # nothing copied yet: 10 offsets behind


def test_unknown_dirs_and_partitions(broker):
    running, dirs = broker
    create_topic(running, "t")
    assert alter(running, "/nowhere", "t") == [(0, LOG_DIR_NOT_FOUND)]
    assert alter(running, dirs[1], "t", partition=5) == [(5, REPLICA_NOT_AVAILABLE)]
    assert alter(running, dirs[1], "unknown") == [(0, REPLICA_NOT_AVAILABLE)]


def test_an_offline_target_dir_is_a_storage_error(broker):
    running, dirs = broker
    create_topic(running, "t")
    source = os.path.dirname(running.state.partitions.get("t", 0).log.directory)
    target = dirs[1] if source == dirs[0] else dirs[0]

    async def fail_target():
        running.state.partitions._take_dir_offline(target, "a test")
    running.call(fail_target)
    assert alter(running, target, "t") == [(0, KAFKA_STORAGE_ERROR)]
