"""DescribeQuorum and DescribeCluster on three combined kbroker nodes beside three combined Apache Kafka 4.3.1
nodes (the cluster harness's configs and timeouts for both): raw requests to the leader's and a follower's
CONTROLLER listener and to a broker (PLAINTEXT) listener, with the wrong partition or topic, and both endpoint
types of DescribeCluster; and Kafka's own `kafka-metadata-quorum describe --status / --replication` through
`--bootstrap-server` and `--bootstrap-controller`. Each answer is reduced to its shape and error codes, with
what must differ masked: ports become the listener they lead to (client-N / controller-N, directly or
through the fault proxy), directory ids
zero or not, timestamps and offsets their sign, the leader's id "leader" and the cluster id whether it is the
one formatted. Both kinds are observed once per module (one cluster start each), then compared probe by probe.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

import pytest

from compat_tests.broker_fixtures import require_kafka_dist, selected_broker_names
from compat_tests.brokers import KAFKA, KBROKER
from compat_tests.cluster.failover import wait_steady
from compat_tests.cluster.launcher import Cluster
from compat_tests.cluster.quorum_probe import describe_quorum_request
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.test_controller_quorum import METADATA_QUORUM_TOOL, replication_rows, status_fields
from kbroker.protocol.blocking_client import ConnectionClosedByBroker, KafkaConnection
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest

pytestmark = [pytest.mark.cluster, pytest.mark.java]

BROKER_ENDPOINTS = 1
CONTROLLER_ENDPOINTS = 2


class Masker:
    """Masks one cluster's answers: its ports, its leader and its cluster id."""

    def __init__(self, cluster: Cluster, leader: int):
        self.cluster = cluster
        self.leader = leader
        self.ports = {cluster.nodes[n].client_port: f"client-{n}" for n in cluster.ids}
        self.ports.update({cluster.controller_ports[n]: f"controller-{n}" for n in cluster.ids})
        # each node reaches the others' listeners through its own proxy links: named by what they lead to
        self.ports.update({link.port: f"{channel}-{destination}"
                           for (_, destination, channel), link in cluster.network.links.items()})

    def node(self, node_id: int) -> str | int:
        if node_id == self.leader:
            return "leader"
        return "follower" if node_id in self.cluster.ids else node_id

    def port(self, port: int) -> str:
        return self.ports.get(port, "other")

    def endpoint(self, text: str) -> str:
        """NAME://host:port with the port masked."""
        prefix, _, port = text.rpartition(":")
        return f"{prefix}:{self.port(int(port))}" if port.isdigit() else text

    def cluster_id(self, value: str) -> str:
        return "formatted" if value == self.cluster.cluster_id else value


def sign(value: int) -> str:
    return "positive" if value > 0 else str(value)


def send(port: int, request, version: int):
    try:
        with KafkaConnection(f"127.0.0.1:{port}", timeout=10) as connection:
            return connection.send(request, version=version)
    except ConnectionClosedByBroker:
        return "connection closed"


def quorum_shape(response, mask: Masker) -> Any:
    if isinstance(response, str):
        return response

    def replica(state) -> tuple:
        return (state.replica_id, state.replica_directory_id == uuid.UUID(int=0), sign(state.log_end_offset),
                sign(state.last_fetch_timestamp), sign(state.last_caught_up_timestamp))

    return {
        "error": (response.error_code, bool(response.error_message)),
        "topics": [(topic.topic_name, [{
            "partition": partition.partition_index, "error": (partition.error_code, bool(partition.error_message)),
            "leader": mask.node(partition.leader_id), "epoch": sign(partition.leader_epoch),
            "high_watermark": sign(partition.high_watermark),
            "voters": sorted(replica(v) for v in partition.current_voters),
            "observers": sorted(replica(o) for o in partition.observers),
        } for partition in topic.partitions]) for topic in response.topics],
        "nodes": sorted((node.node_id, [(listener.name, listener.host, mask.port(listener.port))
                                        for listener in node.listeners]) for node in response.nodes),
    }


def cluster_shape(response, mask: Masker) -> Any:
    if isinstance(response, str):
        return response
    return {
        "error": (response.error_code, bool(response.error_message)), "endpoint_type": response.endpoint_type,
        "cluster_id": mask.cluster_id(response.cluster_id),
        # brokers name a random live broker (clients cannot reach the controller); controllers the active one
        "controller": "leader" if response.endpoint_type == CONTROLLER_ENDPOINTS and response.controller_id ==
        mask.leader else "a node" if response.controller_id in mask.cluster.ids else response.controller_id,
        "brokers": sorted((b.broker_id, b.host, mask.port(b.port), b.rack, b.is_fenced) for b in response.brokers),
        "authorized_operations": response.cluster_authorized_operations,
    }


def tool(mask: Masker, bootstrap: str, ports: list[int], what: str) -> dict[str, Any]:
    result = run_kafka_tool(METADATA_QUORUM_TOOL, bootstrap, ",".join(f"127.0.0.1:{p}" for p in ports),
                            "describe", what)
    shape: dict[str, Any] = {"returncode": result.returncode, "stderr": bool(result.stderr.strip())}
    if result.returncode != 0:
        shape["error"] = result.stderr.strip().splitlines()[-1:] if result.stderr.strip() else []
        return shape
    if what == "--status":
        fields = status_fields(result.stdout)
        voters = json.loads(fields.pop("CurrentVoters"))
        observers = json.loads(fields.pop("CurrentObservers"))
        shape["fields"] = sorted(fields)
        shape["ClusterId"] = mask.cluster_id(fields["ClusterId"])
        shape["LeaderId"] = mask.node(int(fields["LeaderId"]))
        shape["numbers"] = {name: sign(int(fields[name])) for name in ("LeaderEpoch", "HighWatermark")}
        shape["voters"] = sorted((v["id"], sorted(v), [mask.endpoint(e) for e in v.get("endpoints", [])])
                                 for v in voters)
        shape["observers"] = sorted((o["id"], sorted(o)) for o in observers)
    else:
        rows = replication_rows(result.stdout)
        shape["rows"] = sorted((mask.node(node), sorted(row), row["Status"]) for node, row in rows.items())
    return shape


def observe(cluster: Cluster) -> dict[str, Any]:
    """Every probe's masked answer on a steady `cluster`."""
    leader, _ = wait_steady(cluster)
    follower = next(n for n in cluster.ids if n != leader)
    mask = Masker(cluster, leader)
    controller = cluster.controller_ports
    client = {n: cluster.nodes[n].client_port for n in cluster.ids}
    observed: dict[str, Any] = {
        "quorum at the leader's controller listener": quorum_shape(
            send(controller[leader], describe_quorum_request(), 2), mask),
        "quorum at a follower's controller listener": quorum_shape(
            send(controller[follower], describe_quorum_request(), 2), mask),
        "quorum, partition 1, at the leader": quorum_shape(
            send(controller[leader], describe_quorum_request(partition=1), 2), mask),
        "quorum, another topic, at the leader": quorum_shape(
            send(controller[leader], describe_quorum_request("other-topic"), 2), mask),
        "quorum at the leader's broker listener": quorum_shape(
            send(client[leader], describe_quorum_request(), 2), mask),
        "quorum at a follower's broker listener": quorum_shape(
            send(client[follower], describe_quorum_request(), 2), mask),
    }
    for listener, ports in (("broker", client), ("controller", controller)):
        for endpoint_type, name in ((BROKER_ENDPOINTS, "brokers"), (CONTROLLER_ENDPOINTS, "controllers")):
            request = DescribeClusterRequest(endpoint_type=endpoint_type)
            observed[f"cluster ({name}) at a {listener} listener"] = cluster_shape(
                send(ports[follower], request, 2), mask)
    for option, ports in (("--bootstrap-server", list(client.values())),
                          ("--bootstrap-controller", list(controller.values()))):
        for what in ("--status", "--replication"):
            observed[f"kafka-metadata-quorum {option} describe {what}"] = tool(mask, option, ports, what)
    return observed


@pytest.fixture(scope="module")
def observations(request) -> dict[str, dict[str, Any]]:
    if set(selected_broker_names(request.config)) != {KAFKA, KBROKER}:
        pytest.skip("a differential test needs both brokers (--broker=both)")
    require_kafka_dist()
    observed = {}
    for kind in (KBROKER, KAFKA):
        with Cluster(kind) as cluster:
            try:
                observed[kind] = observe(cluster)
            except (OSError, TimeoutError) as error:
                states = "\n".join(f"node {n}: running {cluster.node(n).is_running()}\n{cluster.node(n).log_tail(20)}"
                                   for n in cluster.ids)
                raise AssertionError(f"observing {kind} failed: {error!r}\n{states}") from error
    return observed


# A broker listener forwards DescribeQuorum to the active controller (Kafka's KafkaApis: forwardToController).
PROBES = [
    "quorum at the leader's controller listener",
    "quorum at a follower's controller listener",
    "quorum, partition 1, at the leader",
    "quorum, another topic, at the leader",
    "quorum at the leader's broker listener",
    "quorum at a follower's broker listener",
    *(f"cluster ({name}) at a {listener} listener" for listener in ("broker", "controller")
      for name in ("brokers", "controllers")),
    *(f"kafka-metadata-quorum --bootstrap-server describe {what}" for what in ("--status", "--replication")),
    *(f"kafka-metadata-quorum --bootstrap-controller describe {what}" for what in ("--status", "--replication")),
]


@pytest.mark.timeout(600)
@pytest.mark.parametrize("probe", PROBES)
def test_kbroker_answers_like_kafka(observations, probe):
    kafka, kbroker = observations[KAFKA][probe], observations[KBROKER][probe]
    assert kbroker == kafka, f"{probe}\nkbroker: {kbroker}\nkafka:   {kafka}"
