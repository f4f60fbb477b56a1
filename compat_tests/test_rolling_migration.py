"""The rolling migration of issue #19: a three-node cluster of combined nodes (`process.roles=broker,controller`) of
one kind, on a dynamic quorum (KIP-853: `controller.quorum.bootstrap.servers`, formatted with
`--initial-controllers`), becomes a three-node cluster of the other kind one node at a time, under continuous
produce and consume, with Kafka's own tools only. Both directions: Apache Kafka 4.3.1 -> kbroker and back.

The workload runs unrestarted from before the first step to after the last: Kafka's VerifiableProducer (idempotent,
acks=all) and a confluent-kafka producer write to an RF=3 topic with min.insync.replicas=2; a confluent-kafka member
(compat_tests.group_member) and Kafka's VerifiableConsumer, each in a consumer group of its own, read it and commit
synchronously. Step i (1..3) replaces old node i by new node 3+i, in the order Kafka's operations guide gives for a
combined node: the new node, formatted `--no-initial-controllers`, joins as an observer and its broker registers
unfenced; `kafka-metadata-quorum add-controller` makes it a voter; `kafka-reassign-partitions --execute / --verify`
moves every partition of every topic (user and internal: __consumer_offsets, whose coordinators move with it) from
the old node to the new one; a controlled shutdown stops the old node; `remove-controller` takes it out of the
quorum (its directory id from its meta.properties); `kafka-cluster unregister` removes its broker registration (a
KRaft broker that shut down stays registered, fenced, until unregistered: KIP-1073). Kafka's KRaft operations guide
asks for the shutdown before remove-controller ("until KIP-996 pre-vote ... shutdown the controller that will be
removed before running the remove-controller command"), and the other order can hang: a leader removed while it
runs resigns and, as an observer whose bootstrap servers (the old nodes) are gone, never finds the new leader, so
its controlled shutdown never completes (seen with Apache Kafka 4.3.1 as the last old node). A leader shut down
resigns first (EndQuorumEpoch), as Kafka's does: before kbroker's did, remove-controller run right after a kbroker
leader stopped waited out the admin client's 60 s timeout ("Timed out waiting for a node assignment"), the other
voters still naming the stopped leader when the tool asked. Every retried tool run is listed in the results. Kafka 4.3's guide starts a
decommission by cordoning the broker's log dirs (KIP-1066) so that no new partition lands there; no partition is
created during this run, and kbroker's brokers do not report cordoned dirs (SKIPPED_FEATURES.md), so it is left
out. Each sub-step's duration is printed and written to migration-<direction>-<UTC stamp>.json (with the load average: the
machine is shared), in $MIGRATION_RESULTS_DIR (bench/results/ under `make migration`) or the test's tmp dir.

At the end: the queue checker (compat_tests/cluster/checker.py) finds every acknowledged record exactly once, no
send failed, neither consumer saw an error or a failed commit and both read (and committed) every record, no
client process ended, and `describe --status` names exactly the three new voters. In the kafka-to-kbroker
direction, Kafka's DumpLogSegments decodes the first kbroker node's copy of the metadata log, written by a Kafka
leader, without complaint. `make migration` runs this module.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KAFKA, KBROKER
from compat_tests.cluster.checker import check
from compat_tests.cluster.launcher import CLUSTER_DEFAULTS
from compat_tests.cluster.nodes import NODE_KINDS, NodeProcess, combined_node_configs
from compat_tests.cluster.workload import History, JavaProducer, PythonProducer, read_everything
from compat_tests.dump_log import dump_errors
from compat_tests.group_clients import (
    CONFLUENT_KAFKA,
    JAVA,
    GroupMember,
    check_at_least_once,
    log_end_offsets,
)
from compat_tests.java_tools import (
    TOOL_TIMEOUT_S,
    kafka_topics,
    reassign_partitions,
    reassignment_settled,
    write_reassignment_plan,
)
from compat_tests.java_tools import check as check_tool
from compat_tests.kafka_dist import free_port, random_cluster_id, run_kafka_tool
from compat_tests.test_controller_quorum import METADATA_QUORUM_TOOL, replication_rows, status_fields
from compat_tests.test_kafka_cluster_tool import CLUSTER_TOOL
from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.storage_format import read_meta_properties

pytestmark = [pytest.mark.cluster, pytest.mark.java]

OLD_NODES = (1, 2, 3)
NEW_NODES = (4, 5, 6)
TOPIC = "migrating"
PARTITIONS = 3
WAIT_S = 180.0
# `make migration` keeps each run's timings in bench/results/; elsewhere (`make test`) they stay in the test's tmp dir
RESULTS_DIR_VARIABLE = "MIGRATION_RESULTS_DIR"

# The launcher's three-node defaults (RF 3 internal topics, min.insync.replicas 2, no automatic topic creation) with
# fewer offsets partitions, so that each step moves a few dozen partitions, not a hundred and fifty, and quick
# registration. Nothing here fails a node, so the quorum keeps Kafka's default timeouts.
CLUSTER_CONFIGS = {**CLUSTER_DEFAULTS, "offsets.topic.num.partitions": "6", "broker.heartbeat.interval.ms": "500"}


class MigratingCluster:
    """The nodes of one run, old and new, each with its own CONTROLLER and PLAINTEXT port, in `work_dir`."""

    def __init__(self, work_dir: Path) -> None:
        self.work_dir = work_dir
        self.controller_ports = {n: free_port() for n in (*OLD_NODES, *NEW_NODES)}
        self.nodes: dict[int, NodeProcess] = {}
        self.voters: list[int] = list(OLD_NODES)  # as this test last changed them
        self.removed_at_ms: dict[int, int] = {}  # wall clock, as the quorum tool's fetch timestamps
        self.exit_codes: dict[int, int | None] = {}
        self.failed_attempts: list[dict] = []  # tool runs that failed and were retried
        self.final_status: dict | None = None
        self.cluster_id = random_cluster_id()

    def add_node(self, node_id: int, kind: str) -> NodeProcess:
        """Node `node_id` of `kind`, told the current voters (and itself) as its bootstrap controllers."""
        client_port = free_port()
        node_dir = self.work_dir / f"node-{node_id}"
        configs = combined_node_configs(node_id, self.controller_ports, client_port, node_dir / "data")
        del configs["controller.quorum.voters"]
        configs["controller.quorum.bootstrap.servers"] = self.bootstrap_controllers(
            sorted({*self.voters, node_id}))
        configs.update(CLUSTER_CONFIGS)
        node = NODE_KINDS[kind](node_id, configs, node_dir)
        node.client_port = client_port
        self.nodes[node_id] = node
        return node

    def bootstrap_controllers(self, node_ids) -> str:
        return ",".join(f"127.0.0.1:{self.controller_ports[n]}" for n in node_ids)

    def running(self) -> list[NodeProcess]:
        return [node for node in self.nodes.values() if node.is_running()]

    @property
    def bootstrap(self) -> str:
        """The client addresses of the running nodes."""
        return ",".join(f"127.0.0.1:{node.client_port}" for node in self.running())

    def format(self, node: NodeProcess, *flags: str) -> None:
        formatting = node.start_format(self.cluster_id, *flags)
        output, _ = formatting.communicate(timeout=WAIT_S)
        assert formatting.returncode == 0, output

    def directory_id(self, node_id: int) -> str:
        return kafka_uuid_string(read_meta_properties(self.nodes[node_id].configs["log.dirs"]).directory_id)

    def quorum_tool(self, *args: str):
        return run_kafka_tool(METADATA_QUORUM_TOOL, "--bootstrap-controller",
                              self.bootstrap_controllers(self.voters), *args, timeout=TOOL_TIMEOUT_S)

    def tails(self) -> str:
        return "\n".join(node.log_tail() for node in self.nodes.values())

    def wait_until(self, condition, what: str, clients=()):
        """`condition()` until truthy (its value), failing after WAIT_S; a node or client ending fails it."""
        deadline = time.monotonic() + WAIT_S
        while not (value := condition()):
            for client in clients:
                client.check_running()
            for node in self.nodes.values():
                if node.pid is not None and not node.is_running():
                    pytest.fail(f"node {node.node_id} exited on its own\n{node.log_tail()}")
            if time.monotonic() > deadline:
                pytest.fail(f"never {what}\n{self.tails()}")
            time.sleep(0.5)
        return value

    def stop_all(self) -> None:
        for node in self.nodes.values():
            node.request_stop()
        for node in self.nodes.values():
            node.stop()


def quorum_status(cluster: MigratingCluster) -> dict | None:
    """`describe --status` (None while it fails), with its voter and observer lists decoded."""
    done = cluster.quorum_tool("describe", "--status")
    if done.returncode != 0:
        return None
    fields = status_fields(done.stdout)
    return {**fields, "voters": [v["id"] for v in json.loads(fields["CurrentVoters"])],
            "observers": [o["id"] for o in json.loads(fields["CurrentObservers"])]}


def until_tool_succeeds(cluster: MigratingCluster, run, what: str, clients=()):
    """`run()` until it exits 0 (a voter change is refused while another is in flight or a node catches up); each
    failed attempt is kept in `cluster.failed_attempts` (how long it ran, its last error line) for the report."""
    last = None

    def succeeded():
        nonlocal last
        started = time.monotonic()
        last = run()
        if last.returncode != 0:
            errors = [line for line in (last.stdout + last.stderr).splitlines() if "Exception" in line or "rror" in line]
            cluster.failed_attempts.append({"what": what, "seconds": round(time.monotonic() - started, 2),
                                            "error": (errors or ["(no error line)"])[-1][:300]})
        return last if last.returncode == 0 else None

    try:
        return cluster.wait_until(succeeded, what, clients)
    except pytest.fail.Exception:
        pytest.fail(f"{what}: {last.stdout}{last.stderr}\n{cluster.tails()}")


def all_partitions(bootstrap: str) -> dict[tuple[str, int], list[int]]:
    """(topic, partition) -> replicas, of every topic, internal ones included (`kafka-topics --describe`)."""
    out = check_tool(kafka_topics(bootstrap, "--describe")).stdout
    partitions = {}
    for line in out.splitlines():
        if "\tPartition: " in line:
            fields = dict(re.findall(r"(\w[\w ]*?): ([^\t]*)", line.strip()))
            replicas = [int(r) for r in fields["Replicas"].strip().split(",")]
            partitions[(fields["Topic"].strip(), int(fields["Partition"]))] = replicas
    return partitions


def reassign(cluster: MigratingCluster, action: str, moves: dict[tuple[str, int], list[int]]):
    plan = write_reassignment_plan(cluster.work_dir / f"plan-{time.monotonic_ns()}.json", moves)
    return reassign_partitions(cluster.bootstrap, plan, action)


class Stopwatch:
    """Seconds per named sub-step of one migration step."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextlib.contextmanager
    def __call__(self, name: str):
        started = time.monotonic()
        yield
        self.seconds[name] = round(time.monotonic() - started, 2)


def replace_node(cluster: MigratingCluster, old_id: int, new_id: int, kind: str, clients) -> dict[str, float]:
    """One step of the module docstring; the seconds each sub-step took."""
    timed = Stopwatch()
    with timed("start_and_register"):
        node = cluster.add_node(new_id, kind)
        cluster.format(node, "--no-initial-controllers")
        node.launch()
        node.wait_ready([n.node_id for n in cluster.running()], timeout=WAIT_S)
        cluster.wait_until(lambda: (s := quorum_status(cluster)) and new_id in s["observers"],
                           f"node {new_id} an observer of the quorum", clients)

    with timed("add_controller"):
        command_config = cluster.work_dir / f"node-{new_id}.properties"
        command_config.write_text("".join(f"{k}={v}\n" for k, v in node.configs.items()))
        added = until_tool_succeeds(cluster, lambda: cluster.quorum_tool("--command-config", str(command_config),
                                                                          "add-controller"),
                                    f"add-controller {new_id}", clients)
        assert f"Added controller {new_id} with directory id {cluster.directory_id(new_id)}" in added.stdout
        cluster.voters.append(new_id)
        cluster.wait_until(lambda: (s := quorum_status(cluster)) and new_id in s["voters"]
                           and s["MaxFollowerLag"] == "0", f"node {new_id} a caught-up voter", clients)

    with timed("reassign"):
        moves = {tp: [new_id if r == old_id else r for r in replicas]
                 for tp, replicas in all_partitions(cluster.bootstrap).items() if old_id in replicas}
        assert (TOPIC, 0) in moves and any(topic == "__consumer_offsets" for topic, _ in moves), moves
        started = check_tool(reassign(cluster, "--execute", moves))
        assert "Successfully started partition reassignments" in started.stdout, started.stdout
        cluster.wait_until(lambda: reassignment_settled(reassign(cluster, "--verify", moves)),
                           f"the moves off node {old_id}", clients)
        left = {tp: r for tp, r in all_partitions(cluster.bootstrap).items() if old_id in r}
        assert not left, f"partitions still on node {old_id}: {left}"

    with timed("controlled_shutdown"):
        exit_code = cluster.exit_codes[old_id] = cluster.nodes[old_id].stop()
        # SIGKILL after stop_timeout would mean the controlled shutdown never finished
        assert exit_code != -signal.SIGKILL, f"node {old_id} killed\n{cluster.nodes[old_id].log_tail()}"

    with timed("remove_controller"):
        directory_id = cluster.directory_id(old_id)
        until_tool_succeeds(cluster, lambda: cluster.quorum_tool("remove-controller", "--controller-id", str(old_id),
                                                                 "--controller-directory-id", directory_id),
                            f"remove-controller {old_id}", clients)
        cluster.voters.remove(old_id)
        cluster.wait_until(lambda: (s := quorum_status(cluster)) and old_id not in s["voters"],
                           f"node {old_id} out of the voters", clients)
        cluster.removed_at_ms[old_id] = int(time.time() * 1000)

    with timed("unregister"):
        check_tool(run_kafka_tool(CLUSTER_TOOL, "unregister", "--bootstrap-server", cluster.bootstrap,
                                  "--id", str(old_id), timeout=TOOL_TIMEOUT_S))
    timed.seconds["total"] = round(sum(timed.seconds.values()), 2)
    return timed.seconds


def write_results(cluster: MigratingCluster, direction: str, steps: list[dict], summary: dict,
                  load_at_start) -> Path:
    stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ")
    results_dir = Path(os.environ.get(RESULTS_DIR_VARIABLE) or cluster.work_dir)
    results_dir.mkdir(parents=True, exist_ok=True)
    path = results_dir / f"migration-{direction}-{stamp}.json"
    path.write_text(json.dumps({
        "what": "rolling migration of a three-node combined cluster under produce and consume "
                "(compat_tests/test_rolling_migration.py); seconds per sub-step",
        "direction": direction, "steps": steps, "checker": summary, "final_quorum": cluster.final_status,
        "loadavg_at_start": load_at_start, "loadavg_at_end": list(os.getloadavg()),
        "note": "measured on a shared two-core machine",
    }, indent=2) + "\n")
    return path


def metadata_dump_problems(node: NodeProcess) -> list[str]:
    segments = sorted((Path(node.configs["log.dirs"]) / "__cluster_metadata-0").glob("*.log"))
    assert segments, f"node {node.node_id} has no metadata log segment"
    return dump_errors(segments, "--cluster-metadata-decoder")


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("kinds", [(KAFKA, KBROKER), (KBROKER, KAFKA)], ids=["kafka-to-kbroker", "kbroker-to-kafka"])
def test_rolling_migration(kinds, tmp_path):
    require_kafka_dist()
    old_kind, new_kind = kinds
    direction = f"{old_kind}-to-{new_kind}"
    cluster = MigratingCluster(tmp_path)
    load_at_start = list(os.getloadavg())
    try:
        directory_ids = {n: random_cluster_id() for n in OLD_NODES}  # a directory id is a Kafka Uuid too
        initial = ",".join(f"{n}@127.0.0.1:{cluster.controller_ports[n]}:{directory_ids[n]}" for n in OLD_NODES)
        for node_id in OLD_NODES:
            cluster.format(cluster.add_node(node_id, old_kind), "--initial-controllers", initial)
        for node_id in OLD_NODES:
            cluster.nodes[node_id].launch()
        for node_id in OLD_NODES:
            cluster.nodes[node_id].wait_ready(OLD_NODES, timeout=WAIT_S)
        migrate_under_load(cluster, direction, new_kind, load_at_start)
    finally:
        cluster.stop_all()


def migrate_under_load(cluster: MigratingCluster, direction: str, new_kind: str, load_at_start) -> None:
    bootstrap = cluster.bootstrap  # the old nodes: the clients learn the new ones from metadata
    check_tool(kafka_topics(bootstrap, "--create", "--topic", TOPIC, "--partitions", str(PARTITIONS),
                            "--replication-factor", "3", "--config", "min.insync.replicas=2"))
    cluster.wait_until(lambda: all(len(r) == 3 for tp, r in all_partitions(bootstrap).items() if tp[0] == TOPIC)
                       and len([tp for tp in all_partitions(bootstrap) if tp[0] == TOPIC]) == PARTITIONS,
                       f"{TOPIC} created")
    history = History()
    work = cluster.work_dir / "clients"
    work.mkdir()
    python_producer = PythonProducer(bootstrap, TOPIC, PARTITIONS, 1, history, rate_per_s=50)
    java_producer = JavaProducer(bootstrap, TOPIC, 2, history, work, rate_per_s=50)
    consumers = [GroupMember.start(CONFLUENT_KAFKA, bootstrap, TOPIC, "migration-confluent", work,
                                   name="confluent-member", session_timeout_ms=10000),
                 GroupMember.start(JAVA, bootstrap, TOPIC, "migration-java", work, name="java-member",
                                   session_timeout_ms=10000)]
    try:
        check_migration(cluster, direction, new_kind, load_at_start, history, python_producer, java_producer,
                        consumers)
    finally:
        for consumer in consumers:
            if consumer.process.poll() is None:
                consumer.kill()


def check_migration(cluster: MigratingCluster, direction: str, new_kind: str, load_at_start, history: History,
                    python_producer: PythonProducer, java_producer: JavaProducer,
                    consumers: list[GroupMember]) -> None:
    """The three steps under the running clients, then the checks of the module docstring."""
    python_producer.start()
    clients = [java_producer, *consumers]
    steps = []
    try:
        for consumer in consumers:
            consumer.wait_until(lambda m: m.assignment() == set(range(PARTITIONS)), "assigned every partition")
        cluster.wait_until(lambda: len(history.acks) >= 100, "the Python producer writing", clients)
        for step, (old_id, new_id) in enumerate(zip(OLD_NODES, NEW_NODES, strict=True), start=1):
            seconds = replace_node(cluster, old_id, new_id, new_kind, clients)
            leader = cluster.wait_until(lambda: (s := quorum_status(cluster)) and s["LeaderId"], "a quorum leader",
                                        clients)
            steps.append({"step": step, "old_node": old_id, "new_node": new_id, "seconds": seconds,
                          "old_node_exit_code": cluster.exit_codes[old_id], "quorum_leader_after": int(leader),
                          "failed_tool_attempts": cluster.failed_attempts[:],
                          "acknowledged_so_far": len(history.acks)})
            print(f"\n{direction} step {step} (node {old_id} -> {new_id}): {seconds}; tool runs retried: "
                  f"{cluster.failed_attempts}")
            cluster.failed_attempts.clear()
        acked = len(history.acks)
        cluster.wait_until(lambda: len(history.acks) >= acked + 100, "the Python producer writing after the last step",
                           clients)
    finally:
        python_producer.stop()
        java_producer.stop()

    final_bootstrap = cluster.bootstrap
    ends = log_end_offsets(final_bootstrap, TOPIC, PARTITIONS)
    for consumer in consumers:
        consumer.wait_until(lambda m, c=consumer: committed_to(c) == ends, "consumed and committed every record")
    for consumer in consumers:
        consumer.check_running()  # one process for the whole run: never restarted
        consumer.terminate()
        consumer.wait_closed()
    consumed = {consumer.name: check_at_least_once([consumer], ends) for consumer in consumers}
    failed_commits = [e for c in consumers for e in c.events() if e["name"] == "offsets_committed" and not e["success"]]
    client_errors = [e for c in consumers for e in c.events() if e["name"] == "client_error"]

    read_everything(final_bootstrap, TOPIC, PARTITIONS, history)
    result = check(history.acks, history.reads)
    summary = {**result.summary(), "consumed": consumed, "failed_sends": len(history.failed),
               "consumer_client_events": len(client_errors)}
    status = cluster.wait_until(lambda: (s := quorum_status(cluster)) and s["MaxFollowerLag"] == "0" and s,
                                "the final quorum caught up")
    cluster.final_status = {"leader": int(status["LeaderId"]), "voters": status["voters"],
                            "observers": status["observers"]}
    path = write_results(cluster, direction, steps, summary, load_at_start)
    print(f"\n{direction}: {json.dumps(steps)}\n{summary}\nfinal quorum {cluster.final_status}\nwritten to {path}")

    assert not history.failed, history.failed[:5]
    assert result.ok and result.acks_by_producer.keys() == {"p1", "j2"}, result.describe()
    assert not failed_commits, failed_commits[:5]
    assert not [e for e in client_errors if e["fatal"]], client_errors
    assert all(counts["duplicates"] == 0 for counts in consumed.values()), consumed

    assert sorted(status["voters"]) == list(NEW_NODES), status
    assert int(status["LeaderId"]) in NEW_NODES, status
    check_no_old_node_fetches(cluster, status)
    if new_kind == KBROKER:
        # node 4 followed a quorum an Apache Kafka node led: its copy of the metadata log is Kafka's writing
        assert metadata_dump_problems(cluster.nodes[NEW_NODES[0]]) == []


def check_no_old_node_fetches(cluster: MigratingCluster, status: dict) -> None:
    """No old node in the quorum. A leader lists a node that fetched within the last five minutes as an observer
    (Kafka's LeaderState.OBSERVER_SESSION_TIMEOUT_MS; kbroker's leader does the same), so an old node shut down
    minutes ago may still be listed: then the leader must have had its last fetch before the node was out of the
    voters (it was stopped before remove-controller; a fetch it sent just before exiting may be handled a little
    after the exit on a loaded machine, so the exit itself is no bound)."""
    assert set(status["observers"]) <= set(OLD_NODES), status
    if status["observers"]:
        done = cluster.quorum_tool("describe", "--replication")
        assert done.returncode == 0, done.stderr
        rows = replication_rows(done.stdout)
        for node_id in status["observers"]:
            assert rows[node_id]["Status"] == "Observer", rows
            assert int(rows[node_id]["LastFetchTimestamp"]) <= cluster.removed_at_ms[node_id], rows


def committed_to(member: GroupMember) -> dict[int, int]:
    """partition -> the highest offset the member committed successfully (its own events)."""
    committed: dict[int, int] = {}
    for event in member.events():
        if event["name"] == "offsets_committed" and event["success"]:
            for offset in event["offsets"]:
                committed[offset["partition"]] = max(offset["offset"], committed.get(offset["partition"], 0))
    return committed
