"""A cluster on a dynamic quorum (KIP-853), kbroker or Apache Kafka 4.3.1 alike: three combined nodes
(`process.roles=broker,controller`) configured with `controller.quorum.bootstrap.servers` only and formatted with
`--initial-controllers` naming the three, and a broker-only node that knows nothing but the bootstrap servers. The
broker finds the quorum's leader as an observer and its active controller, registers and is unfenced; through it
alone, Kafka's kafka-topics creates a topic of replication factor 3, an idempotent librdkafka producer writes to it
and a consumer group reads every record back. `kafka-metadata-quorum --bootstrap-server <the broker> describe
--status` (DescribeQuorum forwarded to the controller) and `--bootstrap-controller ... describe --replication`
show the same shape on both kinds: three voters at their CONTROLLER endpoints, the broker and the voters in the
replication rows. The same steps run with a kbroker broker on three Apache Kafka combined nodes and the other way
round. Then combined nodes join and leave a dynamic quorum with `kafka-metadata-quorum add-controller /
remove-controller`: the steps of test_dynamic_controller_quorum.py, on combined nodes."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.nodes import NODE_KINDS, KafkaNode, KBrokerNode, NodeProcess, combined_node_configs
from compat_tests.java_tools import check, kafka_topics
from compat_tests.kafka_dist import free_port, random_cluster_id, run_kafka_tool
from compat_tests.test_controller_quorum import (
    METADATA_QUORUM_TOOL,
    VOTERS,
    WAIT_S,
    describe,
    formatted_and_running,
    replication_rows,
    status_fields,
)
from compat_tests.test_dynamic_controller_quorum import grow_and_shrink
from compat_tests.test_kbroker_broker import (
    KafkaControllerWithKbrokerFeatures,
    consume,
    produce_idempotently,
    topic_partitions,
    wait_until,
)

BROKER_ID = 10
TOPIC = "three-copies"
RECORDS = 200
# Nothing here fails a node, so the quorum keeps Kafka's default election and fetch timeouts: with 500 ms ones a
# loaded machine saw spurious elections, after which Kafka's broker (an observer of the dynamic quorum) forwarded
# nothing for a minute and kafka-topics --describe got REQUEST_TIMED_OUT (compare KAFKA-19354 / KAFKA-20514 on
# observers that lose the leader). Only registration is quickened.
TEST_TIMEOUTS = {"broker.heartbeat.interval.ms": "500"}


def combined_configs(node_id: int, controller_ports: dict[int, int], client_port: int, work_dir: Path,
                     bootstrap: str) -> dict[str, str]:
    configs = combined_node_configs(node_id, controller_ports, client_port, work_dir / "data")
    del configs["controller.quorum.voters"]
    return {**configs, "controller.quorum.bootstrap.servers": bootstrap, **TEST_TIMEOUTS}


def broker_configs(client_port: int, work_dir: Path, bootstrap: str) -> dict[str, str]:
    return {"process.roles": "broker", "node.id": str(BROKER_ID), "controller.quorum.bootstrap.servers": bootstrap,
            "listeners": f"PLAINTEXT://127.0.0.1:{client_port}", "controller.listener.names": "CONTROLLER",
            "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
            "inter.broker.listener.name": "PLAINTEXT", "log.dirs": str(work_dir / "data"), **TEST_TIMEOUTS}


@contextlib.contextmanager
def dynamic_cluster(tmp_path: Path, combined_class: type[NodeProcess], broker_class: type[NodeProcess]):
    """The three combined nodes and the broker-only node, of the given classes, formatted with one cluster id and
    started; yields (cluster id, controller ports, nodes by id); every node is stopped afterwards."""
    controller_ports = {n: free_port() for n in VOTERS}
    bootstrap = ",".join(f"127.0.0.1:{p}" for p in controller_ports.values())
    directory_ids = {n: random_cluster_id() for n in VOTERS}  # a directory id is a Kafka Uuid too
    initial = ",".join(f"{n}@127.0.0.1:{controller_ports[n]}:{directory_ids[n]}" for n in VOTERS)
    nodes: dict[int, NodeProcess] = {}
    for node_id in (BROKER_ID, *VOTERS):
        work_dir, client_port = tmp_path / f"node-{node_id}", free_port()
        configs = (broker_configs(client_port, work_dir, bootstrap) if node_id == BROKER_ID
                   else combined_configs(node_id, controller_ports, client_port, work_dir, bootstrap))
        nodes[node_id] = (broker_class if node_id == BROKER_ID else combined_class)(node_id, configs, work_dir)
        nodes[node_id].client_port = client_port
    with formatted_and_running(nodes, {n: ("--initial-controllers", initial) for n in VOTERS}) as cluster_id:
        yield cluster_id, controller_ports, nodes


def quorum_status(bootstrap_server: str) -> dict[str, str] | None:
    """`describe --status` through a broker (None while it fails)."""
    done = run_kafka_tool(METADATA_QUORUM_TOOL, "--bootstrap-server", bootstrap_server, "describe", "--status",
                          timeout=WAIT_S)
    return status_fields(done.stdout) if done.returncode == 0 else None


def test_a_broker_on_a_dynamic_quorum_of_combined_nodes(broker_kind, tmp_path):
    with dynamic_cluster(tmp_path, NODE_KINDS[broker_kind], NODE_KINDS[broker_kind]) as cluster:
        check_broker_on_dynamic_quorum(*cluster)


def test_a_kbroker_broker_on_a_dynamic_quorum_of_kafka_combined_nodes(tmp_path):
    """The kbroker broker finds Apache Kafka's leader through the bootstrap servers (Fetch v17 names its
    endpoint) and registers with its active controller (formatted with Kafka's default features but share.version
    and streams.version)."""
    require_kafka_dist()
    with dynamic_cluster(tmp_path, KafkaControllerWithKbrokerFeatures, KBrokerNode) as cluster:
        check_broker_on_dynamic_quorum(*cluster)


def test_a_kafka_broker_on_a_dynamic_quorum_of_kbroker_combined_nodes(tmp_path):
    """An Apache Kafka broker finds kbroker's leader the same way and registers with its active controller."""
    require_kafka_dist()
    with dynamic_cluster(tmp_path, KBrokerNode, KafkaNode) as cluster:
        check_broker_on_dynamic_quorum(*cluster)


def check_broker_on_dynamic_quorum(cluster_id: str, controller_ports: dict[int, int],
                                   nodes: dict[int, NodeProcess]) -> None:
    """The steps of the module docstring."""
    broker = nodes[BROKER_ID]
    everyone = [*VOTERS, BROKER_ID]
    broker.wait_ready(everyone, timeout=WAIT_S)
    through_broker = f"127.0.0.1:{broker.client_port}"
    # The broker reaches the active controller: a split first election on a busy machine (two candidates, the
    # loser briefly a leader) once left an Apache Kafka broker forwarding CreateTopics to the old leader for the
    # whole of the tool's 60 s. DescribeQuorum goes through the same forwarding channel.
    wait_until(lambda: quorum_status(through_broker), "DescribeQuorum forwarded through the broker",
               *nodes.values())

    # The admin client sends a create again when its first attempt timed out or met NOT_CONTROLLER from a
    # controller that lost the leadership after appending (its records can still commit under the next leader);
    # the second attempt is then told the topic exists. This happened once, with a kbroker broker on Kafka
    # controllers, so an existing topic is accepted here and the checks below show it is as asked.
    check(kafka_topics(through_broker, "--create", "--if-not-exists", "--topic", TOPIC, "--partitions", "2",
                       "--replication-factor", "3"))
    leaders = wait_until(lambda: topic_partitions(through_broker, TOPIC), "the topic on the broker",
                         *nodes.values())
    assert sorted(leaders) == [0, 1] and set(leaders.values()) <= set(everyone), leaders
    described = check(kafka_topics(through_broker, "--describe", "--topic", TOPIC)).stdout
    assert described.count("Replicas:") == 2 and all(
        len(line.split("Replicas:")[1].split()[0].split(",")) == 3
        for line in described.splitlines() if "Replicas:" in line), described
    produce_idempotently(through_broker, TOPIC, RECORDS)
    assert sorted(consume(through_broker, TOPIC, RECORDS)) == sorted(f"record-{i}" for i in range(RECORDS))

    fields = wait_until(lambda: (f := quorum_status(through_broker)) is not None and f["MaxFollowerLag"] == "0"
                        and json.loads(f["CurrentObservers"]) != [] and f,
                        "describe --status through the broker", *nodes.values())
    assert fields["ClusterId"] == cluster_id and int(fields["LeaderId"]) in VOTERS
    voters = json.loads(fields["CurrentVoters"])
    assert [(v["id"], v["endpoints"]) for v in voters] == \
        [(n, [f"CONTROLLER://127.0.0.1:{controller_ports[n]}"]) for n in VOTERS]
    assert [o["id"] for o in json.loads(fields["CurrentObservers"])] == [BROKER_ID]
    assert sorted(fields) == ["ClusterId", "CurrentObservers", "CurrentVoters", "HighWatermark", "LeaderEpoch",
                              "LeaderId", "MaxFollowerLag", "MaxFollowerLagTimeMs"]

    replication = describe(list(controller_ports.values()), "--replication")
    assert replication.returncode == 0, replication.stderr
    rows = replication_rows(replication.stdout)
    # the leader as this second call sees it (an election may have come between the two calls on a loaded machine)
    [leader] = [n for n in rows if rows[n]["Status"] == "Leader"]
    assert {n: rows[n]["Status"] for n in rows} == {
        **{n: "Leader" if n == leader else "Follower" for n in VOTERS}, BROKER_ID: "Observer"}


def standalone_pair_configs(node_id: int, controller_ports: dict[int, int], work_dir: Path) -> dict[str, str]:
    """A combined node of the two-node dynamic quorum of test_dynamic_controller_quorum.grow_and_shrink (node 1
    formatted with --standalone, node 2 with --no-initial-controllers): both controllers are bootstrap servers."""
    bootstrap = ",".join(f"127.0.0.1:{p}" for p in controller_ports.values())
    return combined_configs(node_id, controller_ports, free_port(), work_dir, bootstrap)


def test_combined_nodes_join_and_leave_with_add_and_remove_controller(broker_kind, tmp_path):
    grow_and_shrink((broker_kind, broker_kind), tmp_path, standalone_pair_configs)
