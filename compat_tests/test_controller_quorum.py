"""Three controller-only nodes (`process.roles=controller`, a static quorum in `controller.quorum.voters`), kbroker
or Apache Kafka 4.3.1 alike, checked with Kafka's own `kafka-metadata-quorum --bootstrap-controller`: describe
--status names the cluster, one leader and the three voters with their CONTROLLER endpoints; describe
--replication shows every voter caught up with the leader; after the leader is killed (-9) the two others elect
a new leader in a later epoch and keep the high watermark, and the restarted node catches up again. The same
steps run on a mixed quorum: two Apache Kafka controllers and one kbroker voter."""

from __future__ import annotations

import contextlib
import json
import time
from pathlib import Path

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KAFKA, KBROKER
from compat_tests.cluster.nodes import NODE_KINDS, NodeProcess
from compat_tests.kafka_dist import free_port, random_cluster_id, run_kafka_tool

METADATA_QUORUM_TOOL = "org.apache.kafka.tools.MetadataQuorumCommand"
VOTERS = (1, 2, 3)
WAIT_S = 120


def controller_configs(node_id: int, ports: dict[int, int], work_dir: Path) -> dict[str, str]:
    return {
        "process.roles": "controller",
        "node.id": str(node_id),
        "controller.quorum.voters": ",".join(f"{n}@127.0.0.1:{p}" for n, p in ports.items()),
        "listeners": f"CONTROLLER://127.0.0.1:{ports[node_id]}",
        "controller.listener.names": "CONTROLLER",
        "listener.security.protocol.map": "CONTROLLER:PLAINTEXT",
        "log.dirs": str(work_dir / "data"),
        "controller.quorum.election.timeout.ms": "500",
        "controller.quorum.fetch.timeout.ms": "1500",
    }


@contextlib.contextmanager
def running_controllers(kinds: dict[int, str], tmp_path: Path, extra_configs: dict[str, str] | None = None, *,
                        configs=controller_configs, format_flags: dict[int, tuple[str, ...]] | None = None):
    """Controller-only nodes of the given kinds (node id -> "kbroker" or "kafka"), formatted with one cluster id
    (and each node's `format_flags`) and started (with `extra_configs` on top of `configs(node id, ports, work
    dir)`); all stopped afterwards."""
    ports = {n: free_port() for n in kinds}
    nodes = {n: NODE_KINDS[kind](n, {**configs(n, ports, tmp_path / f"node-{n}"), **(extra_configs or {})},
                                 tmp_path / f"node-{n}")
             for n, kind in kinds.items()}
    with formatted_and_running(nodes, format_flags) as cluster_id:
        yield cluster_id, ports, nodes


@contextlib.contextmanager
def formatted_and_running(nodes: dict[int, NodeProcess], format_flags: dict[int, tuple[str, ...]] | None = None):
    """`nodes` formatted with one new cluster id (and each node's `format_flags`), then launched in their order;
    yields the cluster id; every node is stopped afterwards."""
    cluster_id = random_cluster_id()
    for node_id, node in nodes.items():
        formatting = node.start_format(cluster_id, *(format_flags or {}).get(node_id, ()))
        output, _ = formatting.communicate(timeout=WAIT_S)
        assert formatting.returncode == 0, output
    try:
        for node in nodes.values():
            node.launch()
        yield cluster_id
    finally:
        for node in nodes.values():
            node.request_stop()
        for node in nodes.values():
            node.stop()


def describe(ports: list[int], what: str):
    return run_kafka_tool(METADATA_QUORUM_TOOL, "--bootstrap-controller",
                          ",".join(f"127.0.0.1:{p}" for p in ports), "describe", what, timeout=WAIT_S)


def status_fields(stdout: str) -> dict[str, str]:
    fields = {}
    for line in stdout.splitlines():
        name, sep, value = line.partition(":")
        if sep:
            fields[name.strip()] = value.strip()
    return fields


def replication_rows(stdout: str) -> dict[int, dict[str, str]]:
    lines = [line.split("\t") for line in stdout.splitlines() if line.strip()]
    header = [h.strip() for h in lines[0]]
    return {int(row[0]): dict(zip(header, (cell.strip() for cell in row), strict=False)) for row in lines[1:]}


def wait_for_status(nodes: dict[int, NodeProcess], ports: list[int], accept, what: str) -> dict[str, str]:
    """`describe --status` until `accept(fields)`; fails naming `what` with the last output and the logs."""
    deadline = time.monotonic() + WAIT_S
    last = None
    while time.monotonic() < deadline:
        for node in nodes.values():
            if node.is_running() is False and node.pid is not None:
                pytest.fail(f"node {node.node_id} exited\n{node.log_tail()}")
        last = describe(ports, "--status")
        if last.returncode == 0:
            fields = status_fields(last.stdout)
            if accept(fields):
                return fields
        time.sleep(0.5)
    tails = "\n".join(node.log_tail() for node in nodes.values())
    pytest.fail(f"timed out waiting for {what}; last describe --status: {last and (last.stdout + last.stderr)}\n"
                f"{tails}")


def test_kafka_metadata_quorum_describes_the_controller_quorum(broker_kind, tmp_path):
    with running_controllers({n: broker_kind for n in VOTERS}, tmp_path) as controllers:
        check_quorum_and_failover(*controllers)


def test_a_kbroker_voter_in_a_quorum_with_two_kafka_controllers(tmp_path):
    """Kafka's controllers and kbroker's vote for each other and replicate one metadata log, whichever leads, and
    register with each other's active controller (ControllerRegistration), so the tool, which lists the
    registered controllers (DescribeCluster), may ask any of them."""
    require_kafka_dist()
    with running_controllers({1: KAFKA, 2: KAFKA, 3: KBROKER}, tmp_path) as controllers:
        check_quorum_and_failover(*controllers)


def check_quorum_and_failover(cluster_id: str, ports: dict[int, int], nodes: dict[int, NodeProcess]) -> None:
    """The checks of the module docstring."""
    through = list(ports.values())
    fields = wait_for_status(nodes, through, lambda f: int(f["LeaderId"]) in VOTERS
                             and int(f["HighWatermark"]) > 0 and f["MaxFollowerLag"] == "0",
                             "a leader with every voter caught up")
    assert fields["ClusterId"] == cluster_id
    voters = json.loads(fields["CurrentVoters"])
    assert [(v["id"], v["endpoints"]) for v in voters] == \
        [(n, [f"CONTROLLER://127.0.0.1:{ports[n]}"]) for n in VOTERS]
    assert json.loads(fields["CurrentObservers"]) == []
    leader, epoch, high_watermark = int(fields["LeaderId"]), int(fields["LeaderEpoch"]), int(fields["HighWatermark"])

    replication = describe(through, "--replication")
    assert replication.returncode == 0, replication.stderr
    rows = replication_rows(replication.stdout)
    assert sorted(rows) == list(VOTERS)
    assert {n: rows[n]["Status"] for n in VOTERS} == {n: "Leader" if n == leader else "Follower" for n in VOTERS}
    assert all(int(rows[n]["LogEndOffset"]) >= high_watermark for n in VOTERS)

    nodes[leader].kill()
    survivors = [ports[n] for n in VOTERS if n != leader]
    fields = wait_for_status(nodes, survivors, lambda f: int(f["LeaderId"]) != -1
                             and int(f["LeaderEpoch"]) > epoch and int(f["HighWatermark"]) > high_watermark,
                             f"a new leader after node {leader} was killed")
    new_epoch = int(fields["LeaderEpoch"])

    nodes[leader].launch()
    wait_for_status(nodes, through, lambda f: int(f["LeaderEpoch"]) >= new_epoch and f["MaxFollowerLag"] == "0",
                    f"node {leader} to catch up after its restart")
