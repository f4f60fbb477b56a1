"""A broker-only node (`process.roles=broker`): the composition root of a broker whose controllers are other
processes (kbroker controller_node.py or Apache Kafka controllers), in the start-up order of Kafka's BrokerServer.
A combined node of several voters (combined_node.py) runs it too, handing it its voter's quorum client and loader
instead of step 2's observer.

1. Bind the client listeners (so ephemeral ports are known before the registration names them) and load the
   formatted log dirs (the cluster id comes from `kbroker format --cluster-id`, as with Kafka's storage tool).
2. Start the quorum client as an observer (raft/driver.py with this node outside the voter set): it fetches
   `__cluster_metadata` from the leader over the CONTROLLER listeners of `controller.quorum.voters` (a static
   quorum), or, in a dynamic one (KIP-853), first from a `controller.quorum.bootstrap.servers` entry, whose Fetch
   response names the leader (and from Fetch v17 its endpoint), then from the leader, the voters' endpoints
   coming from the VotersRecord of the log; its committed batches feed a MetadataLoader (the image handlers read).
3. Register and heartbeat with the active controller (broker_membership.py over controller_channel.py: the
   quorum's leader at the controller endpoint the quorum client knows for it, found again after NOT_CONTROLLER);
   wait until the controller says this broker caught up with the metadata (Kafka's initialCatchUpFuture).
4. Open the logs from that image (the PartitionManager), and from then on make them follow every new image whose
   topics, configs or broker registrations changed, on the trio thread that applied it; start replication
   (replica fetchers towards the leaders of the partitions this broker follows, ISR changes sent to the active
   controller as AlterPartition); build the producer-id manager (AllocateProducerIds to the active controller)
   and the group and transaction coordinators.
   The registration carries the broker epoch of the log dirs' clean-shutdown markers (previousBrokerEpoch,
   kbroker.log.clean_shutdown), which the shutdown writes with this incarnation's epoch.
5. Ask to be unfenced (the logs are open) and wait until the controller unfenced this broker and this broker's own
   image shows it (so its first clients find it in Metadata); then serve clients. Admin requests that change
   metadata are forwarded to the active controller (api/forwarding.py).

`controlled_shutdown()` (SIGTERM, from cli.serve) sends wantShutDown heartbeats until the controller answers
shouldShutDown, as Kafka's broker does before it stops (bounded: see the method); then the node is cancelled and
closes its storage.
A registration that fails for initial.broker.registration.timeout.ms stops the node with RegistrationFailed.
"""

from __future__ import annotations

import logging
import os
from functools import partial

import trio

from kbroker import server
from kbroker.api.registry import Registry
from kbroker.api.state import BrokerState
from kbroker.broker_lifecycle import BrokerLifecycle
from kbroker.broker_membership import BrokerMembership
from kbroker.config import BrokerConfig
from kbroker.controller_channel import ControllerChannel
from kbroker.controller_node import quorum_config
from kbroker.controller_registration import CLUSTER_NODE_FEATURES
from kbroker.log.clean_shutdown import previous_broker_epoch
from kbroker.metadata.controller import ApiError, ProducerIdBlock
from kbroker.metadata.loader import MetadataLoader
from kbroker.metadata.observed import ObservedMetadata
from kbroker.metadata.service import listener_endpoints
from kbroker.network import (
    ChannelManager,
    ClientSettings,
    NodeDirectory,
    RequestTimedOut,
    parse_quorum_voters,
)
from kbroker.node import (
    group_coordinator,
    open_listeners,
    prepare_log_dirs,
    share_coordinator,
    transaction_coordinator,
)
from kbroker.partition.manager import PartitionManager
from kbroker.partition.replication import run_replication
from kbroker.producer_ids import ProducerIdManager
from kbroker.protocol import errors
from kbroker.protocol.kafka_releases import emulated_release
from kbroker.protocol.messages.allocate_producer_ids_request import AllocateProducerIdsRequest
from kbroker.quorum_config import parse_bootstrap_servers
from kbroker.raft.driver import DEFAULT_SEGMENT_BYTES, QuorumDriver
from kbroker.storage_format import load_or_format

log = logging.getLogger(__name__)

REQUEST_TIMEOUT_MS = 30000  # request.timeout.ms: how long a request to the controller is retried
CONTROLLED_SHUTDOWN_WAIT_S = 300  # Kafka's broker waits up to five minutes for its controlled shutdown


class RegistrationFailed(Exception):
    """The controllers did not register this broker within initial.broker.registration.timeout.ms."""


class BrokerNode:
    """One broker-only process. `serve()` runs until cancelled."""

    def __init__(self, config: BrokerConfig, *, registry: Registry | None = None,
                 voter: tuple[QuorumDriver, MetadataLoader] | None = None) -> None:
        """voter: the quorum client and loader of the controller in the same process (a combined node), which
        this broker reads instead of running an observer of its own; the controller starts and stops them."""
        self.config = config
        self.state = BrokerState(config)
        if registry is None:
            registry = Registry.discover().emulating(emulated_release(config))
        self.registry = registry
        self.connections = server.ConnectionServer(config, self.state, self.registry)
        self.voters = parse_quorum_voters(",".join(config["controller.quorum.voters"]))
        self.quorum, self.loader = voter if voter is not None else (None, None)
        self._owns_quorum = voter is None
        self.membership: BrokerMembership | None = None

    def metric_states(self) -> list[BrokerState]:
        """The states /metrics reads (kbroker/http/)."""
        return [self.state]

    def metrics_controller(self) -> None:
        """A broker-only node runs no controller."""
        return None

    def controller_leader(self) -> int:
        """The active controller as this broker's quorum client knows it (-1: none known yet)."""
        return self.quorum.leader_id if self.quorum is not None else -1

    async def serve(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        config, state = self.config, self.state
        prepare_log_dirs(config)
        controllers = set(config.controller_listener_names)
        opened = await open_listeners(config, state, [listener for listener in config.listeners if listener.name not in controllers])
        storage = load_or_format(config)
        quorum = self.quorum = self._build_quorum(storage) if self._owns_quorum else self.quorum
        state.kraft_version = lambda: quorum.kraft_version
        request_timeout_ms = int(config.get("request.timeout.ms", REQUEST_TIMEOUT_MS))
        # The quorum client's address book: the voters' and the leader's controller endpoints, kept current.
        channels = ChannelManager(quorum.directory, ClientSettings(
            client_id=f"broker-{config.node_id}-to-controller", request_timeout_ms=request_timeout_ms))
        try:
            async with trio.open_nursery() as nursery:
                if self._owns_quorum:
                    await nursery.start(quorum.run)
                await nursery.start(channels.run)
                state.controller_channel = ControllerChannel(
                    channels, lambda: quorum.node.voters, lambda: quorum.leader_id,
                    request_timeout_ms=request_timeout_ms,
                    retry_backoff_ms=config["controller.quorum.retry.backoff.ms"])
                membership = self.membership = self._membership(storage)
                state.metadata = ObservedMetadata(self.loader, storage.cluster_id, lambda: membership.broker_epoch)
                nursery.start_soon(membership.run)
                await self._wait_for(membership.caught_up, "the controller to see this broker catch up")
                log.info("cluster %s, broker %d, broker epoch %d, caught up with the metadata at offset %d",
                         storage.cluster_id, config.node_id, membership.broker_epoch, state.image.offset)
                await self._start_partitions()
                nursery.start_soon(state.partitions.run, state.clock.monotonic_ms)
                await nursery.start(partial(run_replication, state.partitions, config,
                                            broker_epoch=lambda: membership.broker_epoch,
                                            send_to_controller=self._send_to_controller,
                                            on_appended=state.topic_stats.replicated_in,
                                            log_dir_ids=self.log_dir_ids))
                nursery.start_soon(self.connections.run)
                await nursery.start(state.group_coordinator.run)
                await nursery.start(state.txn_coordinator.run)
                await nursery.start(state.share_coordinator.run)
                membership.set_ready_to_unfence()
                await self._wait_for(membership.unfenced, "the controller to unfence this broker")
                await self._wait_for(self._unfenced_in_image(), "the metadata to show this broker unfenced")
                log.info("broker %d is unfenced; serving %d APIs", config.node_id, len(self.registry.specs))
                for sockets, bound in opened:
                    nursery.start_soon(self.connections.serve_listener, bound, sockets)
                task_status.started([bound for _, bound in opened])
        finally:
            with trio.CancelScope(shield=True):
                await channels.aclose()
            if state.partitions is not None:
                state.partitions.shutdown(self.membership.broker_epoch if self.membership is not None else -1)
            if self._owns_quorum:
                quorum.close()

    async def controlled_shutdown(self) -> None:
        """Kafka's controlled shutdown: leaderships move away before this broker stops. The wait is bounded by
        Kafka's five minutes, and ends sooner once no controller answered for broker.session.timeout.ms (the
        last nodes of a cluster stopping together have no quorum left to grant it)."""
        membership = self.membership
        if membership is None or membership.ended.is_set():
            return
        give_up_after_s = self.config["broker.session.timeout.ms"] / 1000
        with trio.move_on_after(CONTROLLED_SHUTDOWN_WAIT_S):
            if await membership.controlled_shutdown(give_up_after_s=give_up_after_s):
                return
            log.warning("no controller answered for %.1f s (broker.session.timeout.ms); shutting down without "
                        "a controlled shutdown", give_up_after_s)
            return
        log.warning("controlled shutdown not granted within %d s; shutting down anyway", CONTROLLED_SHUTDOWN_WAIT_S)

    # --- parts ------------------------------------------------------------------------------------------------
    def _build_quorum(self, storage) -> QuorumDriver:
        config = self.config
        bootstrap = parse_bootstrap_servers(config["controller.quorum.bootstrap.servers"])
        quorum = QuorumDriver(storage.metadata_log_dir, config.node_id, self.voters, NodeDirectory(self.voters),
                              cluster_id=storage.cluster_id, config=quorum_config(config),
                              segment_bytes=int(config.get("metadata.log.segment.bytes", DEFAULT_SEGMENT_BYTES)),
                              directory_id=storage.directory_ids.get(storage.metadata_log_dir),
                              listener_name=config.controller_listener_names[0].upper(),
                              bootstrap_servers=bootstrap)
        self.loader = MetadataLoader.from_config(config)
        self.loader.bind(quorum)
        quorum.start()
        log.info("cluster %s, broker %d observing the controller quorum %s", storage.cluster_id, config.node_id,
                 sorted(self.voters) if self.voters else
                 "of controller.quorum.bootstrap.servers " + ",".join(f"{h}:{p}" for h, p in bootstrap))
        return quorum

    def _membership(self, storage) -> BrokerMembership:
        config, state = self.config, self.state
        log_dir_ids = [storage.directory_ids.get(d, storage.directory_ids.get(os.path.abspath(d)))
                       for d in config.log_dirs]
        self.log_dir_ids = {d: i for d, i in zip(config.log_dirs, log_dir_ids, strict=True) if i is not None}
        # The proof of a clean shutdown, read before the partition manager removes the markers (KIP-966).
        lifecycle = BrokerLifecycle.from_config(config, cluster_id=storage.cluster_id,
                                                log_dir_ids=[i for i in log_dir_ids if i is not None],
                                                previous_broker_epoch=previous_broker_epoch(config.log_dirs))
        # failed log dirs go in every heartbeat (the controller moves leadership off their replicas)
        lifecycle.offline_log_dirs = lambda: sorted(
            self.log_dir_ids[d] for d in (state.partitions.offline_dirs if state.partitions is not None else ())
            if d in self.log_dir_ids)
        # A broker of a cluster follows a dynamic quorum too (KIP-853): kraft.version 0-1, as Kafka's brokers
        # register (a controller refuses a broker that does not support the finalized kraft.version).
        lifecycle.features = list(CLUSTER_NODE_FEATURES)
        controllers = set(config.controller_listener_names)
        lifecycle.listeners = listener_endpoints([listener for listener in state.advertised_listeners()
                                                  if listener.name not in controllers])
        return BrokerMembership(lifecycle, state.controller_channel, metadata_offset=lambda: self.loader.image.offset,
                                request_timeout_ms=config["broker.session.timeout.ms"] // 2)

    async def _wait_for(self, event: trio.Event, what: str) -> None:
        """Wait for `event`; the lifecycle ending first (registration timed out) stops the node."""
        async with trio.open_nursery() as waiting:
            async def ended() -> None:
                await self.membership.ended.wait()
                raise RegistrationFailed(f"broker {self.config.node_id} stopped waiting for {what}: the "
                                         "controller quorum did not register it within "
                                         "initial.broker.registration.timeout.ms")

            waiting.start_soon(ended)
            await event.wait()
            waiting.cancel_scope.cancel()

    def _unfenced_in_image(self) -> trio.Event:
        """Set once this node's own image has its registration unfenced, so that the first clients served see
        this broker in Metadata (the controller's answer comes before the observer fetched its record)."""
        seen = trio.Event()

        def check(image) -> None:
            registration = image.brokers.get(self.config.node_id)
            if registration is not None and not registration.fenced:
                seen.set()

        check(self.loader.image)
        if not seen.is_set():
            self.loader.subscribe(check)
        return seen

    async def _start_partitions(self) -> None:
        """Kafka's LogManager starts on the first image published after catching up; every later image is
        followed on the trio thread that applied it. Opening (and recovering) the logs runs in a worker thread,
        so that heartbeats, the quorum client and, on a combined node, the voter keep running meanwhile."""
        state = self.state
        partitions = PartitionManager(self.config, time_ms=state.clock.time_ms)
        opened_from = state.image
        await trio.to_thread.run_sync(partitions.startup, opened_from)
        state.partitions = partitions
        follow = _on_change(partitions.apply_image, opened_from)
        self.loader.subscribe(follow)
        follow(state.image)  # what was committed while the logs were opening
        state.producer_ids = ProducerIdManager(self._allocate_producer_ids, broker_id=self.config.node_id)
        state.group_coordinator = group_coordinator(state)
        state.txn_coordinator = transaction_coordinator(state)
        state.share_coordinator = share_coordinator(state)

    async def _send_to_controller(self, request):
        """A request to the active controller (AlterPartition); NetworkError when none answered in time."""
        response = await self.state.controller_channel.send(request)
        if response is None:
            raise RequestTimedOut(f"no controller answered {type(request).__name__} in time")
        return response

    async def _allocate_producer_ids(self):
        """Kafka's RPCProducerIdManager: AllocateProducerIds (key 67) to the active controller."""
        request = AllocateProducerIdsRequest(broker_id=self.config.node_id, broker_epoch=self.membership.broker_epoch)
        response = await self.state.controller_channel.send(request)
        if response is None:
            return ProducerIdBlock(ApiError(errors.REQUEST_TIMED_OUT.code, "no controller answered in time"))
        return ProducerIdBlock(ApiError(response.error_code), response.producer_id_start, response.producer_id_len)


def _on_change(apply, applied):
    """`apply(image)` for the images whose topics, configs or broker registrations differ from the last applied
    (images share what did not change): a controller's batches of broker heartbeats and no-op records leave the
    partitions alone. Registrations count: a leader adds to the ISR only unfenced brokers, and a follower dials its
    leader at the endpoint registered."""
    last = [applied]

    def follow(image) -> None:
        before = last[0]
        if (image.topics_by_id is before.topics_by_id and image.topic_configs is before.topic_configs
                and image.broker_configs is before.broker_configs and image.brokers is before.brokers):
            return
        last[0] = image
        apply(image)

    return follow
