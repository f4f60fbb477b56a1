"""Log dirs in a cluster (JBOD), each node with two `log.dirs`, on both kinds: `kafka-reassign-partitions` with a
plan that names log dirs moves a replica to the other dir of its broker (AlterReplicaLogDirs, a future replica
that catches up and is swapped in) and places a new replica in the dir asked for; `--verify` reports the moves
complete, DescribeLogDirs shows each replica where the plan put it, and every record is still read. A log dir
that fails is reported to the controller, which moves leadership off the replicas in it.
"""

from __future__ import annotations

import json
import shutil
import time

import confluent_kafka
import pytest
from confluent_kafka import TopicPartition

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.launcher import Cluster
from compat_tests.java_tools import (
    check,
    kafka_topics,
    producer_performance,
    reassign_partitions,
    verify_reassignment,
)
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages.describe_log_dirs_request import DescribableLogDirTopic, DescribeLogDirsRequest

RECORDS = 3000
RECORD_SIZE = 500
TIMEOUT_S = 90
SEGMENT_BYTES = 1024 * 1024
KAFKA_STORAGE_ERROR = 56

pytestmark = [pytest.mark.cluster, pytest.mark.java]


@pytest.fixture(scope="module")
def cluster(broker_kind: str, tmp_path_factory):
    require_kafka_dist()
    work_dir = tmp_path_factory.mktemp(f"jbod-{broker_kind}")
    dirs = {node: [str(work_dir / f"node-{node}" / name) for name in ("a", "b")] for node in (1, 2, 3)}
    with Cluster(broker_kind, overrides={"auto.leader.rebalance.enable": "false"}, work_dir=work_dir,
                 node_overrides={node: {"log.dirs": ",".join(paths)} for node, paths in dirs.items()}) as started:
        started.log_dirs = dirs
        yield started


def replica_dirs(cluster: Cluster, node: int, topic: str) -> dict[str, bool]:
    """log dir -> whether it holds a future replica, for topic-0 on `node` (DescribeLogDirs)."""
    request = DescribeLogDirsRequest(topics=[DescribableLogDirTopic(topic=topic, partitions=[0])])
    with RawConnection(f"127.0.0.1:{cluster.node(node).client_port}") as conn:
        response = conn.send(request, version=4)
    return {result.log_dir: p.is_future_key for result in response.results for t in result.topics
            if t.name == topic for p in t.partitions if p.partition_index == 0}


def read_all(cluster: Cluster, topic: str) -> int:
    consumer = confluent_kafka.Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": f"{topic}-reader",
                                         "enable.auto.commit": False})
    try:
        consumer.assign([TopicPartition(topic, 0, confluent_kafka.OFFSET_BEGINNING)])
        read, deadline = 0, time.monotonic() + TIMEOUT_S
        while read < RECORDS:
            assert time.monotonic() < deadline, f"read {read} of {RECORDS}"
            message = consumer.poll(1.0)
            if message is not None:
                assert message.error() is None, message.error()
                read += 1
        return read
    finally:
        consumer.close()


@pytest.mark.timeout(600)
def test_a_plan_with_log_dirs_moves_and_places_replicas(cluster, topic, tmp_path):
    check(kafka_topics(cluster.bootstrap, "--create", "--topic", topic, "--replica-assignment", "1:2",
                       "--config", "min.insync.replicas=1"))
    cluster.wait_until(lambda: sorted(cluster.partition_states(topic).get(0, (-1, []))[1]) == [1, 2],
                       f"{topic} in sync")
    check(producer_performance(cluster.bootstrap, topic, RECORDS, RECORD_SIZE))
    (now_on_1,) = replica_dirs(cluster, 1, topic)
    to_on_1 = next(d for d in cluster.log_dirs[1] if d != now_on_1)
    to_on_3 = cluster.log_dirs[3][1]
    # node 1's replica moves to its other dir; node 2's is replaced by a new one on node 3, in its dir "b"
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps({"version": 1, "partitions": [
        {"topic": topic, "partition": 0, "replicas": [1, 3], "log_dirs": [to_on_1, to_on_3]}]}))
    result = check(reassign_partitions(cluster.bootstrap, plan, "--execute"))
    for node, log_dir in ((1, to_on_1), (3, to_on_3)):
        started = f"Successfully started moving log directory to {log_dir} for replica {topic}-0 with broker {node}"
        assert started in result.stdout, result.stdout

    result = verify_reassignment(cluster.bootstrap, plan, TIMEOUT_S)
    assert f"Reassignment of replica {topic}-0-1 completed successfully." in result.stdout, result.stdout
    assert f"Reassignment of replica {topic}-0-3 completed successfully." in result.stdout, result.stdout
    assert replica_dirs(cluster, 1, topic) == {to_on_1: False}
    assert replica_dirs(cluster, 3, topic) == {to_on_3: False}
    assert read_all(cluster, topic) == RECORDS


def storage_errors(cluster: Cluster, node: int) -> set[str]:
    """The log dirs `node` reports with KAFKA_STORAGE_ERROR in DescribeLogDirs."""
    with RawConnection(f"127.0.0.1:{cluster.node(node).client_port}") as conn:
        response = conn.send(DescribeLogDirsRequest(topics=None), version=4)
    return {result.log_dir for result in response.results if result.error_code == KAFKA_STORAGE_ERROR}


@pytest.mark.timeout(600)
def test_a_failed_log_dir_is_reported_and_its_partitions_lead_elsewhere(cluster, topic, tmp_path):
    """Node 1's second log dir (not the one holding the metadata log) fails: a segment roll there cannot create
    its files. The broker reports the dir offline in its heartbeats, the controller moves leadership and the ISR
    off node 1's replicas in it, and node 1 keeps serving the partitions of its other dir."""
    failing, healthy = cluster.log_dirs[1][1], cluster.log_dirs[1][0]
    moved, kept = f"{topic}-moved", f"{topic}-kept"
    for name in (moved, kept):
        check(kafka_topics(cluster.bootstrap, "--create", "--topic", name, "--replica-assignment", "1:2",
                           "--config", "min.insync.replicas=1", "--config", f"segment.bytes={SEGMENT_BYTES}"))
        cluster.wait_until(lambda name=name: len(replica_dirs(cluster, 1, name)) == 1, f"{name} on node 1")

    def move_on_node_1(wanted: dict[str, str]) -> None:
        plan = tmp_path / f"plan-{time.monotonic_ns()}.json"
        plan.write_text(json.dumps({"version": 1, "partitions": [
            {"topic": name, "partition": 0, "replicas": [1, 2], "log_dirs": [log_dir, "any"]}
            for name, log_dir in wanted.items()]}))
        check(reassign_partitions(cluster.bootstrap, plan, "--execute"))
        cluster.wait_until(lambda: all(replica_dirs(cluster, 1, name) == {log_dir: False}
                                       for name, log_dir in wanted.items()), f"the replicas in {wanted}")

    if replica_dirs(cluster, 1, moved) == {failing: False}:
        move_on_node_1({moved: healthy})  # so that the move below is a real one
    # A moved replica is swapped in only once the controller has assigned it to its new dir (AssignReplicasToDirs
    # first, in Kafka and kbroker alike): from then on the controller knows `moved` is in the failing dir.
    move_on_node_1({moved: failing, kept: healthy})
    for name in (moved, kept):
        cluster.wait_until(lambda name=name: cluster.partition_states(name).get(0) == (1, [1, 2]),
                           f"{name} led by 1 with both replicas in sync")
    shutil.rmtree(failing)
    # enough to roll a segment of `moved` on node 1: creating the new segment's files fails
    check(producer_performance(cluster.bootstrap, moved, 2 * SEGMENT_BYTES // RECORD_SIZE, RECORD_SIZE,
                               "--command-property", "acks=1"))
    cluster.wait_until(lambda: cluster.partition_states(moved).get(0) == (2, [2]),
                       f"{moved} led by 2 alone", timeout=TIMEOUT_S)
    assert failing in storage_errors(cluster, 1)
    assert cluster.partition_states(kept).get(0) == (1, [1, 2])
    cluster.check_running()
