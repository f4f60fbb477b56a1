"""`Cluster`: N combined nodes (broker + controller) on loopback, every inter-node path through a fault proxy
(compat_tests/cluster/proxy.py). The nodes are of one broker kind (`Cluster("kafka")`) or of the kinds given node
by node (`Cluster(("kbroker", "kafka", "kafka"))`: a mixed cluster, node 1 kbroker; each kind formatted with its own
defaults).

Addresses. Node d binds real ports for PLAINTEXT (clients), CONTROLLER, and one inter-broker listener per
source node s, named REPLICATION_FROM_s. A node's outgoing inter-node connections are attributed to it by
giving each node its own view of the others' addresses:

- KRaft (votes, metadata fetches, broker heartbeats): node s's `controller.quorum.voters` names voter d at the
  port of the proxy link (s -> d, "controller"); its own entry is its real CONTROLLER port. Each node's voters
  list is its own config, so every (source, destination) pair gets its own link.
- Replication: a broker registers one address per listener, which every node sees alike, so node s is given
  `inter.broker.listener.name=REPLICATION_FROM_s` and node d advertises REPLICATION_FROM_s at the port of the
  link (s -> d, "replication"). Only s uses that listener name, so that link carries only s's fetches from d.
- Clients bootstrap from and are told the real PLAINTEXT ports: a cut isolates nodes from each other, not
  from the clients (as a partition between brokers does in Jepsen's Kafka tests).

Configs use Kafka's names and are the same for both kinds: `CLUSTER_DEFAULTS` (RF 3 internal topics,
min.insync.replicas 2, no unclean election) and `TEST_TIMEOUTS` (fast fencing, elections and ISR shrinks).
CLUSTER_KEEP_DIR=1 keeps the nodes' directories and logs after `close()`.
`Cluster.start()` formats every node with one cluster id, starts them and waits until each lists all; per
node: `kill`, `pause`, `resume`, `stop` (controlled shutdown), `restart` (same log dir) through `node(id)`;
`kill(id)`, `pause(id)`, `resume(id)`, `restart(*ids)`, `cut(a, b)` and `heal()` on the cluster itself.
"""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import confluent_kafka
from confluent_kafka.admin import AdminClient

from compat_tests.cluster.nodes import NODE_KINDS, KafkaNode, NodeFailed, NodeProcess
from compat_tests.cluster.proxy import ProxyNetwork
from compat_tests.kafka_dist import random_cluster_id
from kbroker.testing import bind_listen_port

CONTROLLER = "controller"
REPLICATION = "replication"

CLUSTER_DEFAULTS = {
    "offsets.topic.replication.factor": "3",
    "transaction.state.log.replication.factor": "3",
    "transaction.state.log.min.isr": "2",
    "default.replication.factor": "3",
    "min.insync.replicas": "2",
    "unclean.leader.election.enable": "false",
    "auto.create.topics.enable": "false",
    "group.initial.rebalance.delay.ms": "0",
}

# Lowered for tests, identical for both kinds: a dead or cut-off node is fenced in ~3 s, a lagging follower
# leaves the ISR in ~3 s, a quorum without a leader elects one within ~1-2 s.
TEST_TIMEOUTS = {
    "broker.session.timeout.ms": "3000",
    "broker.heartbeat.interval.ms": "500",
    "replica.lag.time.max.ms": "3000",
    "replica.socket.timeout.ms": "5000",
    "controller.quorum.election.timeout.ms": "1000",
    "controller.quorum.fetch.timeout.ms": "2000",
    "controller.quorum.election.backoff.max.ms": "500",
}

def node_kinds(kind: str | Sequence[str], size: int) -> dict[int, str]:
    """node id (from 1) -> broker kind, from one kind for `size` nodes or a kind per node."""
    kinds = [kind] * size if isinstance(kind, str) else list(kind)
    for each in kinds:
        if each not in NODE_KINDS:
            raise ValueError(f"unknown broker kind {each!r}: one of {sorted(NODE_KINDS)}")
    return {node: each for node, each in enumerate(kinds, start=1)}


class _PortReservation:
    """Free loopback ports, each held bound until the reservation closes (then free for the node to bind)."""

    def __init__(self) -> None:
        self._sockets: list[socket.socket] = []

    def port(self) -> int:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._sockets.append(sock)
        return bind_listen_port(sock)

    def __enter__(self) -> _PortReservation:
        return self

    def __exit__(self, *exc_info: object) -> None:
        for sock in self._sockets:
            sock.close()


def replication_listener(source: int) -> str:
    return f"REPLICATION_FROM_{source}"


class Cluster:
    """See the module docstring. `overrides` (Kafka names) go to every node after the defaults,
    `node_overrides[node]` to that node after them (e.g. its broker.rack)."""

    def __init__(self, kind: str | Sequence[str], size: int = 3, overrides: Mapping[str, Any] | None = None, *,
                 heap: str = "320m", work_dir: Path | None = None,
                 node_overrides: Mapping[int, Mapping[str, Any]] | None = None):
        self.kinds = node_kinds(kind, size)
        self.mixed = len(set(self.kinds.values())) > 1
        # one kind's name, or e.g. "mixed-kbroker-kafka-kafka" (report and directory names)
        self.kind = "-".join(["mixed", *self.kinds.values()]) if self.mixed else self.kinds[1]
        self.ids = list(self.kinds)
        self.cluster_id = random_cluster_id()
        self.work_dir = work_dir or Path(tempfile.mkdtemp(prefix=f"cluster-{self.kind}-"))
        self.network = ProxyNetwork()
        with _PortReservation() as reserve:
            # The nodes' ports stay bound until every proxy link has its own ephemeral port, so no link takes a
            # port a node is about to listen on.
            client_ports = {node: reserve.port() for node in self.ids}
            controller_ports = {node: reserve.port() for node in self.ids}
            self.controller_ports = controller_ports  # each node's real CONTROLLER port (no proxy)
            replication_ports = {(source, node): reserve.port() for node in self.ids for source in self.ids}
            for source in self.ids:
                for destination in self.ids:
                    if source != destination:
                        self.network.add(source, destination, CONTROLLER,
                                         ("127.0.0.1", controller_ports[destination]))
                        self.network.add(source, destination, REPLICATION,
                                         ("127.0.0.1", replication_ports[(source, destination)]))
        self.nodes: dict[int, NodeProcess] = {}
        extra = {name: str(value) for name, value in (overrides or {}).items()}
        for node in self.ids:
            own = {name: str(value) for name, value in (node_overrides or {}).get(node, {}).items()}
            configs = {**self._node_configs(node, client_ports, controller_ports, replication_ports),
                       **CLUSTER_DEFAULTS, **TEST_TIMEOUTS, **extra}
            node_dir = self.work_dir / f"node-{node}"
            node_dir.mkdir(parents=True, exist_ok=True)
            configs["log.dirs"] = str(node_dir / "data")
            configs.update(own)
            node_class = NODE_KINDS[self.kinds[node]]
            process = (node_class(node, configs, node_dir, heap=heap) if node_class is KafkaNode
                       else node_class(node, configs, node_dir))
            process.client_port = client_ports[node]
            self.nodes[node] = process

    def _node_configs(self, node: int, client_ports: dict[int, int], controller_ports: dict[int, int],
                      replication_ports: dict[tuple[int, int], int]) -> dict[str, str]:
        def voter_port(voter: int) -> int:
            if voter == node:
                return controller_ports[node]
            return self.network.link(node, voter, CONTROLLER).port

        def advertised_replication_port(source: int) -> int:
            if source == node:
                return replication_ports[(node, node)]
            return self.network.link(source, node, REPLICATION).port

        listeners = [f"PLAINTEXT://127.0.0.1:{client_ports[node]}",
                     f"CONTROLLER://127.0.0.1:{controller_ports[node]}"]
        listeners += [f"{replication_listener(source)}://127.0.0.1:{replication_ports[(source, node)]}"
                      for source in self.ids]
        advertised = [f"PLAINTEXT://127.0.0.1:{client_ports[node]}"]
        advertised += [f"{replication_listener(source)}://127.0.0.1:{advertised_replication_port(source)}"
                       for source in self.ids]
        names = ["PLAINTEXT", "CONTROLLER", *(replication_listener(source) for source in self.ids)]
        return {
            "process.roles": "broker,controller",
            "node.id": str(node),
            "controller.quorum.voters": ",".join(f"{voter}@127.0.0.1:{voter_port(voter)}" for voter in self.ids),
            "listeners": ",".join(listeners),
            "advertised.listeners": ",".join(advertised),
            "controller.listener.names": "CONTROLLER",
            "inter.broker.listener.name": replication_listener(node),
            "listener.security.protocol.map": ",".join(f"{name}:PLAINTEXT" for name in names),
        }

    # -- addresses -----------------------------------------------------------------------------------------

    @property
    def bootstrap(self) -> str:
        return ",".join(f"127.0.0.1:{self.nodes[node].client_port}" for node in self.ids)

    def node(self, node_id: int) -> NodeProcess:
        return self.nodes[node_id]

    # -- faults (the nodes' own methods, and the proxy's cut between two nodes) ---------------------------------

    def kill(self, node_id: int) -> None:
        self.nodes[node_id].kill()

    def pause(self, node_id: int) -> None:
        self.nodes[node_id].pause()

    def resume(self, node_id: int) -> None:
        self.nodes[node_id].resume()

    def cut(self, a: int, b: int, how: str = "blackhole") -> None:
        """Every inter-node path between `a` and `b`, both ways (KRaft and replication); clients still reach both."""
        self.network.cut(a, b, how)

    def heal(self) -> None:
        self.network.heal_all()

    # -- lifecycle -----------------------------------------------------------------------------------------

    def __enter__(self) -> Cluster:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def start(self, timeout: float = 120.0) -> None:
        # Both kinds' formats finalize the same features (Kafka 4.3.1's defaults, eligible leader replicas on), so
        # a mixed cluster starts the same whichever kind's bootstrap records its first active controller writes.
        formatting = {node: self.nodes[node].start_format(self.cluster_id) for node in self.ids}
        for node, process in formatting.items():
            output, _ = process.communicate(timeout=timeout)
            if process.returncode != 0:
                raise NodeFailed(f"formatting node {node} failed ({process.returncode}):\n{output}")
        for node in self.ids:
            self.nodes[node].launch()
        self.wait_ready(self.ids, timeout)

    def wait_ready(self, node_ids: list[int], timeout: float = 90.0) -> None:
        """Until each of `node_ids` lists every node of the cluster as a registered, unfenced broker."""
        try:
            for node in node_ids:
                self.nodes[node].wait_ready(self.ids, timeout)
        except NodeFailed as failure:
            others = "\n".join(self.nodes[node].log_tail(15) for node in self.ids)
            raise NodeFailed(f"{failure}\n--- every node's log tail ---\n{others}") from None

    def restart(self, *node_ids: int, timeout: float = 90.0) -> None:
        """Starts the given stopped or killed nodes again on their log dirs and waits until they serve."""
        for node in node_ids:
            self.nodes[node].launch()
        self.wait_ready(list(node_ids), timeout)

    def close(self) -> None:
        try:
            # The last nodes standing cannot shut down cleanly without a quorum: SIGTERM all, then SIGKILL.
            for node in self.ids:
                self.nodes[node].stop_timeout = 10.0
                self.nodes[node].request_stop()
            for node in self.ids:
                self.nodes[node].stop()
        finally:
            self.network.close()
            if os.environ.get("CLUSTER_KEEP_DIR"):
                print(f"cluster directory kept: {self.work_dir}")
            else:
                shutil.rmtree(self.work_dir, ignore_errors=True)

    def check_running(self) -> None:
        """Raises NodeFailed if a node that should run has exited on its own."""
        for node in self.ids:
            process = self.nodes[node]
            if process.pid is not None and not process.is_running():
                raise NodeFailed(f"node {node} exited on its own\n{process.log_tail()}")

    def wait_until(self, condition: Callable[[], bool], what: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            self.check_running()
            if time.monotonic() > deadline:
                raise TimeoutError(f"not true after {timeout} s: {what}")
            time.sleep(0.2)

    # -- topics, leaders, health (through confluent-kafka's AdminClient) ------------------------------------

    def admin(self) -> AdminClient:
        return AdminClient({"bootstrap.servers": self.bootstrap, "socket.timeout.ms": 5000})

    def create_topic(self, name: str, partitions: int, configs: Mapping[str, str] | None = None,
                     timeout: float = 60.0) -> None:
        from confluent_kafka.admin import NewTopic

        admin = self.admin()  # kept referenced: the futures fail once the client is destroyed
        futures = admin.create_topics(
            [NewTopic(name, num_partitions=partitions, replication_factor=len(self.ids), config=dict(configs or {}))],
            request_timeout=timeout)
        futures[name].result(timeout=timeout)
        self.wait_healthy(name, partitions, timeout)

    def partition_states(self, topic: str, admin: AdminClient | None = None) -> dict[int, tuple[int, list[int]]]:
        """partition -> (leader, ISR) as the metadata some node answers with; {} when none answers."""
        try:
            metadata = (admin or self.admin()).list_topics(topic, timeout=5)
        except confluent_kafka.KafkaException:
            return {}
        described = metadata.topics.get(topic)
        if described is None or described.error is not None:
            return {}
        return {p.id: (p.leader, list(p.isrs)) for p in described.partitions.values()}

    def leader_of(self, topic: str, partition: int, timeout: float = 60.0) -> int:
        deadline = time.monotonic() + timeout
        admin = self.admin()
        while time.monotonic() < deadline:
            leader, _ = self.partition_states(topic, admin).get(partition, (-1, []))
            if leader in self.nodes:
                return leader
            time.sleep(0.2)
        raise NodeFailed(f"{topic}-{partition} has no leader after {timeout} s")

    def wait_healthy(self, topic: str, partitions: int, timeout: float = 90.0) -> None:
        """Until every node serves and every partition of `topic` has a leader and all nodes in its ISR."""
        self.wait_ready(self.ids, timeout)
        deadline = time.monotonic() + timeout
        admin = self.admin()
        states: dict[int, tuple[int, list[int]]] = {}
        while time.monotonic() < deadline:
            self.check_running()
            states = self.partition_states(topic, admin)
            if len(states) == partitions and all(
                    leader in self.nodes and sorted(isr) == self.ids for leader, isr in states.values()):
                return
            time.sleep(0.25)
        raise NodeFailed(f"{topic} not healthy after {timeout} s: {states}")
