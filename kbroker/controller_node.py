"""A controller-only node (`process.roles=controller`): a voter (or observer) of a KRaft quorum of several nodes,
static (`controller.quorum.voters`) or dynamic (KIP-853: the voters of the log's VotersRecord, from a
`--standalone` / `--initial-controllers` bootstrap checkpoint, grown and shrunk with AddRaftVoter /
RemoveRaftVoter; `controller.quorum.bootstrap.servers` to find the leader), serving its CONTROLLER listener with the controller registry (kbroker/api/controller/).

The composition root of that role, beside kbroker/node.py (the combined single-voter node): it binds the
controller listeners, loads the formatted log dirs (a quorum's nodes must share one cluster id, so they are
formatted beforehand with `kbroker format --cluster-id`), and runs a QuorumDriver (kbroker/raft/driver.py)
whose committed batches feed a MetadataLoader, the image a standby keeps up to date. When this node becomes
the leader it waits until every batch before its epoch is applied, then writes the bootstrap records (the
finalized features and the cluster-wide min.insync.replicas) if the log holds none yet: what `format` writes for
a single node, and what Kafka's QuorumController writes on its first activation. Then it becomes the active
controller (kbroker/metadata/active_controller.py): it answers BrokerRegistration, BrokerHeartbeat,
UnregisterBroker and AlterPartition through a QuorumController whose ClusterControl replays every committed batch (so a standby that
takes over knows every registration), and fences expired broker sessions in this node's nursery until it stops
leading that epoch. The active controller also answers the admin requests brokers forward (in Envelopes) and admin
clients send directly, AllocateProducerIds and ControllerRegistration (kbroker/api/controller/); every node
registers itself with the active controller (kbroker/controller_registration.py).

It binds only the controller listeners: on a combined node of several voters (kbroker/combined_node.py) the
broker half binds the others and reads this node's quorum client and loader.
"""

from __future__ import annotations

import logging
import os

import trio

from kbroker import server
from kbroker.api.registry import Registry
from kbroker.api.state import BrokerState
from kbroker.config import BrokerConfig
from kbroker.controller_registration import ControllerRegistrar
from kbroker.metadata.active_controller import ActiveController
from kbroker.metadata.cluster_control import ClusterControl
from kbroker.metadata.controller import QuorumController, bootstrap_records
from kbroker.metadata.loader import MetadataLoader
from kbroker.metadata.service import listener_endpoints
from kbroker.network import ClientSettings, NodeDirectory, open_channel_manager, parse_quorum_voters
from kbroker.quorum_config import (
    parse_bootstrap_servers,
    served_controller_endpoints,
)
from kbroker.raft.client import RaftError
from kbroker.raft.driver import DEFAULT_SEGMENT_BYTES, QuorumDriver
from kbroker.raft.node import QuorumConfig
from kbroker.storage_format import load_or_format

log = logging.getLogger(__name__)
# How long a leading voter waits at shutdown for the other voters to acknowledge its resignation (EndQuorumEpoch);
# Kafka's raft client bounds its graceful shutdown with a timeout too.
RESIGN_TIMEOUT_S = 5.0


def quorum_config(config: BrokerConfig) -> QuorumConfig:
    """The controller.quorum.* timings of the broker config (Kafka's names and defaults)."""
    return QuorumConfig(election_timeout_ms=config["controller.quorum.election.timeout.ms"],
                        election_backoff_max_ms=config["controller.quorum.election.backoff.max.ms"],
                        fetch_timeout_ms=config["controller.quorum.fetch.timeout.ms"],
                        request_timeout_ms=config["controller.quorum.request.timeout.ms"],
                        retry_backoff_ms=config["controller.quorum.retry.backoff.ms"])


class ControllerNode:
    """One controller-only process. `serve()` runs until cancelled."""

    def __init__(self, config: BrokerConfig) -> None:
        self.config = config
        self.state = BrokerState(config)
        self.registry = Registry.discover("kbroker.api.controller")
        self.connections = server.ConnectionServer(config, self.state, self.registry)
        self.loader: MetadataLoader | None = None
        self.controller: QuorumController | None = None
        self.active: ActiveController | None = None
        self.quorum: QuorumDriver | None = None
        self._nursery: trio.Nursery | None = None
        self.quorum_directory: NodeDirectory | None = None
        self.registrar: ControllerRegistrar | None = None

    def metric_states(self) -> list[BrokerState]:
        """The states /metrics reads (kbroker/http/)."""
        return [self.state]

    def metrics_controller(self):
        """How /metrics sees this voter's controller (active only while it leads and has activated)."""
        from kbroker.http.families_controller import ControllerView

        return ControllerView(is_active=lambda: self.active.is_active, image=lambda: self.active.image)

    def controller_leader(self) -> int:
        """The voter the quorum names as leader (-1: none known yet)."""
        return self.quorum.leader_id if self.quorum is not None else -1

    async def controlled_shutdown(self) -> None:
        """On SIGTERM: a leading voter resigns first (EndQuorumEpoch), so the others elect at once, as a Kafka
        controller's graceful shutdown does (bounded by RESIGN_TIMEOUT_S)."""
        if self.quorum is not None:
            await self.quorum.resign_leadership(RESIGN_TIMEOUT_S)

    async def serve(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Bind the controller listeners, report them with `task_status.started([BoundListener])`, then run the
        quorum and serve until cancelled."""
        config = self.config
        for log_dir in config.log_dirs:
            os.makedirs(log_dir, exist_ok=True)
        controllers = set(config.controller_listener_names)
        opened = [await server.open_listener(listener, config["socket.receive.buffer.bytes"],
                                             config["socket.listen.backlog.size"])
                  for listener in config.listeners if listener.name in controllers]
        quorum = self.quorum = self._build_quorum(served_controller_endpoints(
            self.config, {bound.listener.name: bound.port for _, bound in opened}))
        try:
            async with trio.open_nursery() as nursery:
                self._nursery = nursery
                await nursery.start(quorum.run)
                for sockets, bound in opened:
                    self.state.bound[bound.listener.name] = (bound.host, bound.port)
                    log.info("listening on %s (%s) at %s:%d", bound.listener, bound.listener.security_protocol,
                             bound.host, bound.port)
                    nursery.start_soon(self.connections.serve_listener, bound, sockets)
                nursery.start_soon(self._stay_registered)
                task_status.started([bound for _, bound in opened])
        finally:
            quorum.close()

    async def _stay_registered(self) -> None:
        """Register this controller with the active controller (ControllerRegistration), again whenever needed."""
        config = self.config
        controller_listeners = [listener for listener in config.listeners
                                if listener.name in set(config.controller_listener_names)]
        registrar = self.registrar = ControllerRegistrar(
            config.node_id, self.quorum, self.loader,
            endpoints=listener_endpoints(self.state.resolved_listeners(controller_listeners)),
            retry_backoff_ms=config["controller.quorum.retry.backoff.ms"],
            request_timeout_ms=config["controller.quorum.request.timeout.ms"])
        settings = ClientSettings(client_id=f"controller-registration-{config.node_id}",
                                  request_timeout_ms=config["controller.quorum.request.timeout.ms"])
        async with open_channel_manager(self.quorum_directory, settings) as channels:
            await registrar.run(channels)

    def _build_quorum(self, local_endpoints: tuple) -> QuorumDriver:
        config = self.config
        storage = load_or_format(config)
        voters = parse_quorum_voters(",".join(config["controller.quorum.voters"]))
        directory = NodeDirectory(voters)
        # A dynamic quorum's addresses come from the log: the registration goes where the driver found them.
        self.quorum_directory = NodeDirectory(voters) if voters else directory
        quorum = QuorumDriver(storage.metadata_log_dir, config.node_id, voters, directory,
                              cluster_id=storage.cluster_id, config=quorum_config(config),
                              segment_bytes=int(config.get("metadata.log.segment.bytes", DEFAULT_SEGMENT_BYTES)),
                              directory_id=storage.directory_ids.get(storage.metadata_log_dir),
                              listener_name=config.controller_listener_names[0].upper(),
                              bootstrap_servers=parse_bootstrap_servers(
                                  config["controller.quorum.bootstrap.servers"]),
                              local_endpoints=local_endpoints)
        self.loader = MetadataLoader.from_config(config)
        self.loader.bind(quorum)
        cluster = ClusterControl(cluster_id=storage.cluster_id, node_id=config.node_id,
                                 session_timeout_ms=config["broker.session.timeout.ms"],
                                 unclean_leader_election_enable=config["unclean.leader.election.enable"],
                                 min_insync_replicas=config["min.insync.replicas"])
        quorum.register(cluster)
        self.controller = QuorumController.from_config(quorum, self.loader, config, cluster, voter_ids=sorted(voters))
        self.state.active_controller = self.active = ActiveController(
            quorum, self.controller, session_timeout_ms=config["broker.session.timeout.ms"])
        quorum.on_leader_change(self._leader_changed)
        quorum.start()
        self.state.quorum = quorum
        self.state.kraft_version = lambda: quorum.kraft_version
        log.info("cluster %s, controller %d of the voters %s", storage.cluster_id, config.node_id,
                 sorted(quorum.node.voters))
        return quorum

    # --- activation of a new leader ------------------------------------------------------------------------
    def _leader_changed(self, leader_id: int, epoch: int) -> None:
        log.info("controller %d: leader of epoch %d is %s", self.config.node_id, epoch,
                 "this node" if leader_id == self.config.node_id else leader_id if leader_id >= 0 else "unknown")
        if leader_id == self.config.node_id and self._nursery is not None:
            self._nursery.start_soon(self._activate, epoch)

    async def _activate(self, epoch: int) -> None:
        """As the new leader, once the log before this epoch is applied: write the bootstrap records if the
        metadata holds no finalized metadata.version yet, then become the active controller of this epoch."""
        if not await self.quorum.wait_until_leader_caught_up(epoch):
            return
        if self.loader.image.metadata_version == 0:
            try:
                await self.quorum.append_async(bootstrap_records(self.config["min.insync.replicas"]))
                log.info("controller %d: wrote the bootstrap metadata in epoch %d", self.config.node_id, epoch)
            except RaftError as exc:  # NotLeaderError included: the next leader writes them
                log.info("controller %d: bootstrap metadata not written in epoch %d: %s", self.config.node_id,
                         epoch, exc)
                return
        await self.active.activate(epoch)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self.active.fence_while_active, epoch)
            interval_s = leader_imbalance_check_interval_s(self.config)
            if interval_s is not None:
                nursery.start_soon(self.active.balance_leaders_while_active, epoch, interval_s)
            if self.controller.token_settings.enabled:
                nursery.start_soon(self.active.sweep_tokens_while_active, epoch)


def leader_imbalance_check_interval_s(config) -> float | None:
    """leader.imbalance.check.interval.seconds when auto.leader.rebalance.enable is on (both Kafka's defaults:
    true, 300), else None."""
    if str(config.get("auto.leader.rebalance.enable", "true")).strip().lower() != "true":
        return None
    return float(config.get("leader.imbalance.check.interval.seconds", 300))
