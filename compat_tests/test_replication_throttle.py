"""Replication throttles on a three-node cluster of each kind, set and removed by Kafka's own
`kafka-reassign-partitions --execute --throttle` and `--verify`.

A replica added to a partition holding PAYLOAD bytes copies them under a THROTTLE bytes/s throttle: the new
replica's size, as its broker's DescribeLogDirs reports it, grows no faster than the throttle (with generous
slack: the rate is sampled over seconds and each fetch may bring up to replica.fetch.max.bytes) and is still far
from complete when the tool returns (an unthrottled copy of it takes well under a second on loopback). While it
moves, the brokers' leader/follower.replication.throttled.rate and the topic's throttled replica lists are set;
`--verify`, once the move is complete, removes them all.
"""

from __future__ import annotations

import time

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.launcher import Cluster
from compat_tests.java_tools import TOOL_TIMEOUT_S, check, kafka_topics, producer_performance
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.raw_client import RawConnection
from compat_tests.test_partition_reassignment import reassign, verify_until_complete
from kbroker.protocol.messages.describe_log_dirs_request import DescribableLogDirTopic, DescribeLogDirsRequest

CONFIG_COMMAND = "kafka.admin.ConfigCommand"
RECORDS = 6000
RECORD_SIZE = 1000
PAYLOAD = RECORDS * RECORD_SIZE
THROTTLE = 400_000  # bytes/s: the copy takes about 15 s
SLACK = 2.5

pytestmark = [pytest.mark.cluster, pytest.mark.java]


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    require_kafka_dist()
    with Cluster(broker_kind, overrides={"auto.leader.rebalance.enable": "false"}) as started:
        yield started


def replica_size(cluster: Cluster, node: int, topic: str) -> int:
    """The size of topic-0's replica on `node` as the node's DescribeLogDirs reports it (0 when it has none)."""
    request = DescribeLogDirsRequest(topics=[DescribableLogDirTopic(topic=topic, partitions=[0])])
    with RawConnection(f"127.0.0.1:{cluster.node(node).client_port}") as conn:
        response = conn.send(request, version=4)
    return sum(p.partition_size for result in response.results for t in result.topics if t.name == topic
               for p in t.partitions if p.partition_index == 0 and not p.is_future_key)


def described_configs(cluster: Cluster, entity_type: str, name: str) -> str:
    return check(run_kafka_tool(CONFIG_COMMAND, "--bootstrap-server", cluster.bootstrap, "--describe",
                                "--entity-type", entity_type, "--entity-name", name,
                                timeout=TOOL_TIMEOUT_S)).stdout


@pytest.mark.timeout(600)
def test_a_throttled_move_is_no_faster_than_the_throttle_and_verify_removes_it(cluster, topic, tmp_path):
    check(kafka_topics(cluster.bootstrap, "--create", "--topic", topic, "--replica-assignment", "1",
                       "--config", "min.insync.replicas=1"))
    cluster.wait_until(lambda: cluster.partition_states(topic).get(0, (-1, []))[0] == 1, f"{topic} led by 1")
    check(producer_performance(cluster.bootstrap, topic, RECORDS, RECORD_SIZE))
    full = replica_size(cluster, 1, topic)
    assert full >= PAYLOAD

    moves = {(topic, 0): [1, 2]}
    result = check(reassign(cluster, tmp_path, "--execute", moves, "--throttle", str(THROTTLE)))
    assert f"The inter-broker throttle limit was set to {THROTTLE} B/s" in result.stdout, result.stdout
    started, size_then = time.monotonic(), replica_size(cluster, 2, topic)
    assert size_then < full // 2, f"{size_then} of {full} bytes already moved: not throttled"
    for node in (1, 2):
        configs = described_configs(cluster, "brokers", str(node))
        assert f"leader.replication.throttled.rate={THROTTLE}" in configs, configs
        assert f"follower.replication.throttled.rate={THROTTLE}" in configs, configs
    configs = described_configs(cluster, "topics", topic)
    assert "leader.replication.throttled.replicas=0:1" in configs, configs
    assert "follower.replication.throttled.replicas=0:2" in configs, configs

    deadline = started + 10 * PAYLOAD / THROTTLE
    while (size := replica_size(cluster, 2, topic)) < full:
        assert time.monotonic() < deadline, f"{size} of {full} bytes moved after {time.monotonic() - started:.1f} s"
        time.sleep(0.5)
    rate = (full - size_then) / (time.monotonic() - started)
    print(f"{cluster.kind}: {full - size_then} bytes moved at {rate:.0f} B/s under a {THROTTLE} B/s throttle")
    assert rate <= THROTTLE * SLACK, f"{full - size_then} bytes in {time.monotonic() - started:.1f} s"

    out = verify_until_complete(cluster, tmp_path, moves)
    assert f"Reassignment of partition {topic}-0 is completed." in out, out
    for node in cluster.ids:
        assert "replication.throttled.rate" not in described_configs(cluster, "brokers", str(node))
    assert "replication.throttled.replicas" not in described_configs(cluster, "topics", topic)
