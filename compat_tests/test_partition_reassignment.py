"""Partition reassignment and preferred leader election on a three-node cluster of each kind, with Kafka's own
tools: `kafka-reassign-partitions --execute / --verify / --cancel`, `kafka-leader-election --election-type
preferred` and `kafka-topics --describe`. The same assertions hold for both kinds, so the tools' output is
compared between kbroker and Apache Kafka 4.3.1 through them.

- A move of two RF=2 partitions (one losing its leader) while an idempotent acks=all producer writes: the queue
  checker (compat_tests/cluster/checker.py) finds no record lost, duplicated, reordered or at two offsets.
- A reassignment to a node cut off from the leaders stays in progress: `--verify` and `kafka-topics --describe` show it (adding
  and removing replicas), `--cancel` reverts it.
- `--disallow-replication-factor-change` refuses a target of another size (INVALID_REPLICATION_FACTOR).
- A preferred election moves leadership back to the first replica; a second one, or an unclean one of a partition
  with a leader, has nothing to do.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.checker import check
from compat_tests.cluster.launcher import REPLICATION, Cluster
from compat_tests.cluster.workload import History, PythonProducer, read_everything
from compat_tests.java_tools import (
    TOOL_TIMEOUT_S,
    kafka_topics,
    reassign_partitions,
    verify_reassignment,
    write_reassignment_plan,
)
from compat_tests.java_tools import check as check_tool
from compat_tests.kafka_dist import run_kafka_tool

LEADER_ELECTION = "org.apache.kafka.tools.LeaderElectionCommand"
TIMEOUT_S = 90

pytestmark = [pytest.mark.cluster, pytest.mark.java]


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    require_kafka_dist()
    # No automatic leader balancing (compat_tests/test_leader_rebalance.py has it): a partition whose leader is not
    # its first replica keeps it until a preferred election.
    with Cluster(broker_kind, overrides={"auto.leader.rebalance.enable": "false"}) as started:
        yield started


def reassign(cluster: Cluster, tmp_path: Path, action: str, moves: dict[tuple[str, int], list[int]], *extra: str):
    plan = write_reassignment_plan(tmp_path / f"plan-{action.strip('-')}-{time.monotonic_ns()}.json", moves)
    return reassign_partitions(cluster.bootstrap, plan, action, *extra)


def verify_until_complete(cluster: Cluster, tmp_path: Path, moves: dict[tuple[str, int], list[int]]) -> str:
    plan = write_reassignment_plan(tmp_path / f"plan-verify-{time.monotonic_ns()}.json", moves)
    return verify_reassignment(cluster.bootstrap, plan, TIMEOUT_S).stdout


def described(cluster: Cluster, topic: str) -> dict[int, dict[str, str]]:
    """partition -> its `kafka-topics --describe` fields (Leader, Replicas, Isr, Adding/Removing Replicas...)."""
    out = check_tool(kafka_topics(cluster.bootstrap, "--describe", "--topic", topic)).stdout
    partitions = {}
    for line in out.splitlines():
        if "\tPartition: " not in line:
            continue
        fields = dict(re.findall(r"(\w[\w ]*?): ([^\t]*)", line.strip()))
        partitions[int(fields["Partition"])] = {k: v.strip() for k, v in fields.items() if k not in ("Topic",)}
    return partitions


def wait_described(cluster: Cluster, topic: str, partition: int, want: dict[str, str]) -> dict[str, str]:
    """Until `kafka-topics --describe` shows `want` for the partition (the metadata of the node answering may
    lag the controller by a moment); its fields."""
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        fields = described(cluster, topic)[partition]
        if all(fields.get(k) == v for k, v in want.items()):
            return fields
        assert time.monotonic() < deadline, f"{topic}-{partition}: {fields}, want {want}"
        time.sleep(0.5)


def create_rf2(cluster: Cluster, topic: str, assignment: str) -> None:
    check_tool(kafka_topics(cluster.bootstrap, "--create", "--topic", topic, "--replica-assignment", assignment))
    partitions = assignment.count(",") + 1
    cluster.wait_until(lambda: len(cluster.partition_states(topic)) == partitions and all(
        len(isr) == 2 for _, isr in cluster.partition_states(topic).values()), f"{topic} fully in sync")


@pytest.mark.timeout(600)
def test_move_under_load_loses_no_record(cluster, topic, tmp_path):
    create_rf2(cluster, topic, "1:2,2:3,3:1")
    history = History()
    producer = PythonProducer(cluster.bootstrap, topic, 3, 1, history, rate_per_s=200)
    producer.start()
    try:
        cluster.wait_until(lambda: len(history.acks) >= 200, "the producer writing")
        # Partition 0 loses its leader 1; partition 1 gains 1 and keeps its leader 2 while 3 leaves.
        moves = {(topic, 0): [2, 3], (topic, 1): [2, 1]}
        result = check_tool(reassign(cluster, tmp_path, "--execute", moves))
        assert "Successfully started partition reassignments for " in result.stdout, result.stdout
        out = verify_until_complete(cluster, tmp_path, moves)
        assert f"Reassignment of partition {topic}-0 is completed." in out
        assert f"Reassignment of partition {topic}-1 is completed." in out
        acked = len(history.acks)
        cluster.wait_until(lambda: len(history.acks) >= acked + 200, "the producer writing after the move")
    finally:
        producer.stop()
    assert not history.failed, history.failed[:5]
    wait_described(cluster, topic, 0, {"Leader": "2", "Replicas": "2,3", "Isr": "2,3"})
    # The leader proposes an expanded ISR in ascending order (Kafka's Partition keeps it in a hash set).
    wait_described(cluster, topic, 1, {"Leader": "2", "Replicas": "2,1", "Isr": "1,2"})
    fields = described(cluster, topic)
    assert all("Adding Replicas" not in f and "Removing Replicas" not in f for f in fields.values()), fields
    # The removed replicas' logs go (Kafka renames the directory to `<name>.<id>-delete` at once, deletes it later).
    for node, partition in ((1, 0), (3, 1)):
        log_dir = Path(cluster.node(node).configs["log.dirs"])
        cluster.wait_until(lambda d=log_dir / f"{topic}-{partition}": not d.exists(),
                           f"node {node} dropping its log of {topic}-{partition}")
    assert (Path(cluster.node(2).configs["log.dirs"]) / f"{topic}-0").is_dir()
    read_everything(cluster.bootstrap, topic, 3, history)
    result = check(history.acks, history.reads)
    print(f"\n{cluster.kind}: {result.summary()}")
    assert result.ok and result.acknowledged >= 400, result.describe()


@pytest.mark.timeout(600)
def test_reassignment_in_progress_is_described_and_cancelled(cluster, topic, tmp_path):
    create_rf2(cluster, topic, "1:2")
    # 3 cannot fetch from anyone (it still heartbeats): the reassignment to it stays in progress.
    cut = [cluster.network.link(3, other, REPLICATION) for other in (1, 2)]
    for link in cut:
        link.blackhole()
    try:
        moves = {(topic, 0): [3, 1]}
        check_tool(reassign(cluster, tmp_path, "--execute", moves))
        result = reassign(cluster, tmp_path, "--verify", moves)
        assert f"Reassignment of partition {topic}-0 is still in progress." in result.stdout, result.stdout
        fields = wait_described(cluster, topic, 0, {"Replicas": "3,1,2"})
        assert (fields["Leader"], fields["Isr"]) == ("1", "1,2")
        assert (fields["Adding Replicas"], fields["Removing Replicas"]) == ("3", "2")
        result = check_tool(reassign(cluster, tmp_path, "--cancel", moves))
        assert f"Successfully cancelled partition reassignment for: {topic}-0" in result.stdout, result.stdout
        # Cancelling keeps the replicas' order of the reassignment, without the adding one.
        fields = wait_described(cluster, topic, 0, {"Replicas": "1,2", "Isr": "1,2", "Leader": "1"})
        assert "Adding Replicas" not in fields and "Removing Replicas" not in fields
        result = reassign(cluster, tmp_path, "--verify", moves)
        assert "There is no active reassignment of partition" in result.stdout, result.stdout
    finally:
        for link in cut:
            link.heal()


def test_replication_factor_change_can_be_refused(cluster, topic, tmp_path):
    create_rf2(cluster, topic, "1:2")
    result = reassign(cluster, tmp_path, "--execute", {(topic, 0): [1, 2, 3]}, "--disallow-replication-factor-change")
    assert result.returncode != 0
    assert f"{topic}-0: The replication factor is changed from 2 to 3" in result.stdout + result.stderr


def test_preferred_election_moves_leadership_to_the_first_replica(cluster, topic, tmp_path):
    create_rf2(cluster, topic, "1:2")
    check_tool(reassign(cluster, tmp_path, "--execute", {(topic, 0): [2, 1]}))  # a reorder: done at once
    fields = wait_described(cluster, topic, 0, {"Replicas": "2,1"})
    assert fields["Leader"] == "1"  # reordering moves no leadership
    result = check_tool(run_kafka_tool(LEADER_ELECTION, "--bootstrap-server", cluster.bootstrap, "--election-type",
                                       "preferred", "--topic", topic, "--partition", "0", timeout=TOOL_TIMEOUT_S))
    assert f"Successfully completed leader election (PREFERRED) for partitions {topic}-0" in result.stdout
    wait_described(cluster, topic, 0, {"Leader": "2"})
    result = run_kafka_tool(LEADER_ELECTION, "--bootstrap-server", cluster.bootstrap, "--election-type",
                            "preferred", "--topic", topic, "--partition", "0", timeout=TOOL_TIMEOUT_S)
    assert f"Valid replica already elected for partitions {topic}-0" in result.stdout, result.stdout
    # An unclean election of a partition that has a leader has nothing to do either.
    result = run_kafka_tool(LEADER_ELECTION, "--bootstrap-server", cluster.bootstrap, "--election-type",
                            "unclean", "--topic", topic, "--partition", "0", timeout=TOOL_TIMEOUT_S)
    assert f"Valid replica already elected for partitions {topic}-0" in result.stdout, result.stdout
