"""A kbroker node: the composition root that builds the parts of a node and runs them.

The node is what `kbroker serve` runs: it binds the listeners (so an ephemeral port is known before the node
registers it), loads or formats the log dirs, starts the metadata service (the quorum replayed into the image,
the controller, this broker's registration), opens the hosted partitions from the image, and wires the
producer-id manager and the group and transaction coordinators, each handed only the callables it needs (the
packages below kbroker/api/ never see the handlers' BrokerState). Their background tasks and the listeners run
in one nursery; cancelling it shuts the node down, and the storage is closed cleanly on the way out.

This is the single node: `process.roles=broker,controller` with itself as the one voter. The nodes of a cluster
have composition roots of their own (controller_node.py, broker_node.py, combined_node.py), which reuse the
listener and coordinator wiring below.
"""

from __future__ import annotations

import logging
import os

import trio

from kbroker import server
from kbroker.api.registry import Registry
from kbroker.api.state import BrokerState, Clock
from kbroker.config import BrokerConfig
from kbroker.coordinator_partitions import internal_topic_partition_count
from kbroker.group.coordinator import GroupCoordinator
from kbroker.metadata.delegation_token_control import SWEEP_BATCH
from kbroker.metadata.feature_levels import TRANSACTION_VERSION
from kbroker.metadata.service import MetadataService, listener_endpoints
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC, SHARE_GROUP_STATE_TOPIC
from kbroker.partition.manager import PartitionManager
from kbroker.producer_ids import ProducerIdManager
from kbroker.protocol.kafka_releases import emulated_release
from kbroker.quorum_config import served_controller_endpoints
from kbroker.share.coordinator import ShareCoordinator
from kbroker.storage_format import load_or_format
from kbroker.txn.coordinator import TransactionCoordinator

log = logging.getLogger(__name__)


async def sweep_expired_delegation_tokens(state: BrokerState) -> None:
    """Remove expired delegation tokens every delegation.token.expiry.check.interval.ms (the single node is
    always the active controller)."""
    controller = state.metadata.controller
    while True:
        await trio.sleep(controller.token_settings.expiry_check_interval_ms / 1000)
        while await state.run_controller(controller.sweep_expired_delegation_tokens,
                                         state.clock.time_ms()) == SWEEP_BATCH:
            pass


class Node:
    """One kbroker process: its state, API registry and listeners. `serve()` runs until cancelled."""

    def __init__(self, config: BrokerConfig, *, registry: Registry | None = None,
                 clock: Clock | None = None) -> None:
        self.config = config
        self.state = BrokerState(config, clock or Clock())
        if registry is None:
            registry = Registry.discover().emulating(emulated_release(config))
        self.registry = registry
        self.connections = server.ConnectionServer(config, self.state, self.registry)

    def metric_states(self) -> list[BrokerState]:
        """The states /metrics reads (kbroker/http/)."""
        return [self.state]

    def metrics_controller(self):
        """How /metrics sees this node's controller: the only voter, so always the active one."""
        from kbroker.http.families_controller import ControllerView

        return ControllerView(is_active=lambda: True, image=lambda: self.state.image)

    def controller_leader(self) -> int:
        """The active controller, as the web console shows it: this node, the only voter."""
        return self.config.node_id

    async def serve(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Bind every listener, report the bound addresses with `task_status.started([BoundListener])`, then
        accept connections until cancelled."""
        prepare_log_dirs(self.config)
        opened = await open_listeners(self.config, self.state)
        try:
            self._start_storage()
            log.info("serving %d APIs: %s", len(self.registry.specs),
                     ", ".join(f"{key}:{low}-{high}" for key, low, high in self.registry.ranges()))
            state = self.state
            async with trio.open_nursery() as nursery:
                nursery.start_soon(state.partitions.run, state.clock.monotonic_ms)
                nursery.start_soon(self.connections.run)
                await nursery.start(state.group_coordinator.run)
                await nursery.start(state.txn_coordinator.run)
                if state.metadata.controller.token_settings.enabled:
                    nursery.start_soon(sweep_expired_delegation_tokens, state)
                await nursery.start(state.share_coordinator.run)
                for sockets, bound in opened:
                    nursery.start_soon(self.connections.serve_listener, bound, sockets)
                task_status.started([bound for _, bound in opened])
        finally:
            self._stop_storage()

    def _start_storage(self) -> None:
        """Load (or format) the log dirs, replay the metadata log, register this broker, open the partitions,
        and build what runs over them."""
        state, config = self.state, self.config
        storage = load_or_format(config)
        bound_ports = {name: port for name, (_, port) in state.bound.items()}
        endpoints = listener_endpoints(state.advertised_listeners(), bound_ports)
        state.metadata = MetadataService.start(config, storage, endpoints=endpoints,
                                               controller_endpoints=served_controller_endpoints(config, bound_ports))
        raft = state.metadata.raft
        state.kraft_version = lambda: raft.kraft_version
        log.info("cluster %s, node %d, broker epoch %d, metadata offset %d", storage.cluster_id,
                 config.node_id, state.metadata.broker_epoch, state.image.offset)
        partitions = PartitionManager(config, time_ms=state.clock.time_ms)
        partitions.startup(state.image)
        state.partitions = partitions
        state.metadata.controller.partition_logs = partitions
        state.producer_ids = _producer_id_manager(state)
        state.group_coordinator = group_coordinator(state)
        state.txn_coordinator = transaction_coordinator(state)
        state.share_coordinator = share_coordinator(state)

    def _stop_storage(self) -> None:
        if self.state.partitions is not None:
            broker_epoch = self.state.metadata.broker_epoch if self.state.metadata is not None else -1
            self.state.partitions.shutdown(broker_epoch)
        if self.state.metadata is not None:
            self.state.metadata.close()


def prepare_log_dirs(config: BrokerConfig) -> None:
    for log_dir in config.log_dirs:
        if not os.path.isdir(log_dir):
            log.info("log directory %s not found, creating it", log_dir)
            os.makedirs(log_dir, exist_ok=True)


async def open_listeners(config: BrokerConfig, state: BrokerState, listeners: list | None = None
                         ) -> list[tuple[list[trio.SocketListener], server.BoundListener]]:
    """Bind `listeners` (every listener of `config` by default), recording the bound addresses in `state.bound`."""
    opened = []
    try:
        for listener in config.listeners if listeners is None else listeners:
            opened.append(await server.open_listener(listener, config["socket.receive.buffer.bytes"],
                                                       config["socket.listen.backlog.size"]))
    except BaseException:
        for sockets, _ in opened:
            for sock in sockets:
                await sock.aclose()
        raise
    for _, bound in opened:
        state.bound[bound.listener.name] = (bound.host, bound.port)
        log.info("listening on %s (%s) at %s:%d", bound.listener, bound.listener.security_protocol,
                 bound.host, bound.port)
    return opened


def _producer_id_manager(state: BrokerState) -> ProducerIdManager:
    """Producer-id blocks from this node's controller, for this broker's registration."""

    async def allocate():
        return await state.run_controller(state.metadata.controller.allocate_producer_ids, state.config.node_id,
                                          state.metadata.broker_epoch)

    return ProducerIdManager(allocate, broker_id=state.config.node_id)


def group_coordinator(state: BrokerState) -> GroupCoordinator:
    def partition_count() -> int:
        return internal_topic_partition_count(state.image, state.config, GROUP_METADATA_TOPIC)

    return GroupCoordinator(state.config, state.partitions, node_id=state.config.node_id,
                            partition_count=partition_count, now_ms=state.clock.time_ms,
                            image=lambda: state.image)


def share_coordinator(state: BrokerState) -> ShareCoordinator:
    def partition_count() -> int:
        return internal_topic_partition_count(state.image, state.config, SHARE_GROUP_STATE_TOPIC)

    return ShareCoordinator(state.config, state.partitions, node_id=state.config.node_id, image=lambda: state.image,
                            state_partition_count=partition_count, now_ms=state.clock.time_ms,
                            monotonic_ms=state.clock.monotonic_ms)


def transaction_coordinator(state: BrokerState) -> TransactionCoordinator:
    def partition_count(topic: str) -> int:
        return internal_topic_partition_count(state.image, state.config, topic)

    return TransactionCoordinator(
        state.config, state.partitions, node_id=state.config.node_id, partition_count=partition_count,
        generate_producer_id=state.producer_ids.generate_producer_id, now_ms=state.clock.time_ms,
        group_coordinator=lambda: state.group_coordinator,
        transaction_version_level=lambda: state.image.features.get(TRANSACTION_VERSION, 0))
