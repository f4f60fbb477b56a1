"""The broker's side of its membership in the cluster (Kafka 4.3.1's BrokerLifecycleManager), as a
transport-free, clock-explicit state machine: it says which request to send to the active controller and
when, and moves through Kafka's broker states as the responses come back.

    lifecycle = BrokerLifecycle(node_id=2, cluster_id=..., listeners=[...], features=[...], log_dirs=[...])
    lifecycle.start(now)
    request = lifecycle.poll(now)            # a BrokerRegistrationRequest, a BrokerHeartbeatRequest, or None
    lifecycle.handle_registration_response(response_or_None, now)   # None: no answer (timeout, disconnect)
    lifecycle.handle_heartbeat_response(response_or_None, now)
    lifecycle.deadline                        # when poll has something to do next (seconds, trio time)

States (Kafka's BrokerState): STARTING after `start`, with the registration sent; a successful registration
sends the first heartbeat at once; a heartbeat answered isCaughtUp moves STARTING -> RECOVERY (`caught_up`);
the broker asks to stay fenced (wantFence) until `set_ready_to_unfence` (its logs are open), and the first
answer with isFenced false moves RECOVERY -> RUNNING (`unfenced`). `begin_controlled_shutdown` moves RUNNING
-> PENDING_CONTROLLED_SHUTDOWN and heartbeats at once with wantShutDown; when the controller answers
shouldShutDown the state becomes SHUTTING_DOWN (`shutdown_complete`). From any other state, controlled
shutdown shuts down at once. No registration within `initial.broker.registration.timeout.ms` also ends in
SHUTTING_DOWN, with `registration_failed` set.

Timing as Kafka's: heartbeats every `broker.heartbeat.interval.ms`; after an error or no answer, the same
interval before trying again (registration too); 10 ms between heartbeats while STARTING, 50 ms after the first
answer in PENDING_CONTROLLED_SHUTDOWN; one request in flight at a time (a send that falls due meanwhile goes out
as soon as the answer arrives). `resend_registration` (the broker saw its registration vanish from or differ in
the metadata image) registers again, keeping the incarnation id.

Not done: offline and cordoned log dirs in heartbeats (Kafka's OfflineDirEvent/CordonedDirEvent).
"""

from __future__ import annotations

import enum
import logging
import uuid
from collections.abc import Callable, Iterable, Mapping

from kbroker.kafka_uuid import random_kafka_uuid
from kbroker.protocol.errors import for_code
from kbroker.protocol.messages.broker_heartbeat_request import BrokerHeartbeatRequest
from kbroker.protocol.messages.broker_registration_request import (
    BrokerRegistrationRequest,
    Feature,
    Listener,
)

log = logging.getLogger(__name__)

STARTING_HEARTBEAT_DELAY = 0.010
FIRST_SHUTDOWN_HEARTBEAT_DELAY = 0.050


class BrokerState(enum.IntEnum):
    """Kafka's BrokerState values (as the kafka.server:type=KafkaServer,name=BrokerState metric shows them)."""

    NOT_RUNNING = 0
    STARTING = 1
    RECOVERY = 2
    RUNNING = 3
    PENDING_CONTROLLED_SHUTDOWN = 6
    SHUTTING_DOWN = 7


class BrokerLifecycle:
    def __init__(self, *, node_id: int, cluster_id: str, listeners: Iterable[tuple[str, str, int, int]],
                 features: Iterable[tuple[str, int, int]], log_dirs: Iterable[uuid.UUID], rack: str | None = None,
                 heartbeat_interval_ms: int = 2000, initial_registration_timeout_ms: int = 60000,
                 previous_broker_epoch: int = -1, incarnation_id: uuid.UUID | None = None):
        """listeners: (name, host, port, security protocol id), the advertised non-controller listeners;
        features: (name, min, max) this broker supports; log_dirs: the directory ids of its log dirs."""
        self.node_id = node_id
        self.cluster_id = cluster_id
        self.incarnation_id = incarnation_id or random_kafka_uuid()
        self.listeners = list(listeners)
        self.features = list(features)
        self.log_dirs = sorted(log_dirs)
        self.rack = rack
        self.heartbeat_interval = heartbeat_interval_ms / 1000
        self.initial_registration_timeout = initial_registration_timeout_ms / 1000
        self.previous_broker_epoch = previous_broker_epoch
        self.state = BrokerState.NOT_RUNNING
        self.broker_epoch = -1
        self.caught_up = False
        self.unfenced = False
        self.registration_failed = False
        self._metadata_offset: Callable[[], int] = lambda: -1
        self._registration_deadline: float | None = None
        self._registered = False
        self._initial_registration_succeeded = False
        self._ready_to_unfence = False
        self._in_flight = False
        self._next_immediately = False
        self._got_shutdown_response = False
        self._next_send: float | None = None
        # the directory ids of the log dirs that failed, reported in every heartbeat (set by the node)
        self.offline_log_dirs: Callable[[], list[uuid.UUID]] = list

    @classmethod
    def from_config(cls, config, *, cluster_id: str, log_dir_ids: Iterable[uuid.UUID],
                    bound_ports: Mapping[str, int] | None = None, previous_broker_epoch: int = -1) -> BrokerLifecycle:
        """The lifecycle of the broker `config` describes: its advertised listeners (never the controller
        listeners, as Kafka registers them), `broker.rack`, kbroker's supported features, the heartbeat interval
        and initial registration timeout. bound_ports: the ports actually bound, for listeners configured on 0."""
        from kbroker.metadata.controller import SUPPORTED_FEATURES
        from kbroker.metadata.service import listener_endpoints

        controllers = set(config.controller_listener_names)
        advertised = [listener for listener in config.advertised_listeners if listener.name not in controllers]
        return cls(node_id=config.node_id, cluster_id=cluster_id, listeners=listener_endpoints(advertised, bound_ports),
                   features=SUPPORTED_FEATURES, log_dirs=log_dir_ids, rack=config.get("broker.rack"),
                   heartbeat_interval_ms=config["broker.heartbeat.interval.ms"],
                   initial_registration_timeout_ms=config["initial.broker.registration.timeout.ms"],
                   previous_broker_epoch=previous_broker_epoch)

    @property
    def shutdown_complete(self) -> bool:
        return self.state is BrokerState.SHUTTING_DOWN

    @property
    def deadline(self) -> float | None:
        """The next time `poll` has something to do (None: nothing until a response or a call arrives)."""
        if self.shutdown_complete:
            return None
        candidates = [t for t in (self._next_send, self._registration_deadline) if t is not None]
        return min(candidates) if candidates else None

    # --- calls from the broker -------------------------------------------------------------------------------
    def start(self, now: float, metadata_offset: Callable[[], int]) -> None:
        """metadata_offset: the highest metadata offset this broker has applied (read at each heartbeat)."""
        self._metadata_offset = metadata_offset
        self.state = BrokerState.STARTING
        self._registration_deadline = now + self.initial_registration_timeout
        self._next_send = now
        log.info("Incarnation %s of broker %d in cluster %s is now STARTING.", self.incarnation_id, self.node_id,
                 self.cluster_id)

    def set_ready_to_unfence(self, now: float) -> None:
        self._ready_to_unfence = True
        self._schedule(now, 0)

    def begin_controlled_shutdown(self, now: float) -> None:
        if self.state is BrokerState.PENDING_CONTROLLED_SHUTDOWN:
            log.info("Attempted to enter pending controlled shutdown state, but we are already in that state.")
        elif self.state is BrokerState.RUNNING:
            log.info("Beginning controlled shutdown.")
            self.state = BrokerState.PENDING_CONTROLLED_SHUTDOWN
            self._schedule(now, 0)
        else:
            log.info("Skipping controlled shutdown because we are in state %s.", self.state.name)
            self._shut_down()

    def resend_registration(self, now: float) -> None:
        self._registered = False
        self._schedule(now, 0)

    def poll(self, now: float) -> BrokerRegistrationRequest | BrokerHeartbeatRequest | None:
        """The request to send now, if one is due (then it counts as in flight until its response is handled)."""
        if self.shutdown_complete or self.state is BrokerState.NOT_RUNNING:
            return None
        if (self._registration_deadline is not None and now >= self._registration_deadline
                and not self._initial_registration_succeeded):
            log.error("Shutting down because we were unable to register with the controller quorum.")
            self.registration_failed = True
            self._shut_down()
            return None
        if self._next_send is None or now < self._next_send:
            return None
        self._next_send = None
        if self._in_flight:
            self._next_immediately = True
            return None
        self._in_flight = True
        return self._heartbeat() if self._registered else self._registration()

    # --- responses -------------------------------------------------------------------------------------------
    def handle_registration_response(self, response, now: float) -> None:
        """`response`: the BrokerRegistrationResponse, or None when none came (timeout, disconnect)."""
        self._in_flight = False
        if self.shutdown_complete:
            return
        if response is None or response.error_code != 0:
            error = "no response" if response is None else for_code(response.error_code).name
            log.info("Unable to register broker %d because of %s", self.node_id, error)
            self._schedule_after_failure(now)
            return
        self.broker_epoch = response.broker_epoch
        self._registered = True
        self._initial_registration_succeeded = True
        self._registration_deadline = None
        log.info("Successfully registered broker %d with broker epoch %d", self.node_id, self.broker_epoch)
        self._schedule(now, 0)

    def handle_heartbeat_response(self, response, now: float) -> None:
        """`response`: the BrokerHeartbeatResponse, or None when none came."""
        self._in_flight = False
        if self.shutdown_complete:
            return
        if response is None or response.error_code != 0:
            error = "no response" if response is None else for_code(response.error_code).name
            log.warning("Broker %d sent a heartbeat request but received error %s.", self.node_id, error)
            self._schedule_after_failure(now)
            return
        if self.state is BrokerState.STARTING:
            if response.is_caught_up:
                log.info("The broker has caught up. Transitioning from STARTING to RECOVERY.")
                self.state = BrokerState.RECOVERY
                self.caught_up = True
            self._schedule(now, STARTING_HEARTBEAT_DELAY)
        elif self.state is BrokerState.RECOVERY:
            if not response.is_fenced:
                log.info("The broker has been unfenced. Transitioning from RECOVERY to RUNNING.")
                self.unfenced = True
                self.state = BrokerState.RUNNING
            self._schedule(now, self.heartbeat_interval)
        elif self.state is BrokerState.PENDING_CONTROLLED_SHUTDOWN:
            if response.should_shut_down:
                log.info("The controller has asked us to exit controlled shutdown.")
                self._shut_down()
                return
            first = not self._got_shutdown_response
            self._got_shutdown_response = True
            self._schedule(now, FIRST_SHUTDOWN_HEARTBEAT_DELAY if first else self.heartbeat_interval)
        else:
            self._schedule(now, self.heartbeat_interval)

    # --- internals -------------------------------------------------------------------------------------------
    def _registration(self) -> BrokerRegistrationRequest:
        return BrokerRegistrationRequest(
            broker_id=self.node_id, cluster_id=self.cluster_id, incarnation_id=self.incarnation_id,
            listeners=[Listener(name=n, host=h, port=p, security_protocol=sp) for n, h, p, sp in self.listeners],
            features=[Feature(name=n, min_supported_version=lo, max_supported_version=hi)
                      for n, lo, hi in self.features],
            rack=self.rack, is_migrating_zk_broker=False, log_dirs=list(self.log_dirs),
            previous_broker_epoch=self.previous_broker_epoch)

    def _heartbeat(self) -> BrokerHeartbeatRequest:
        return BrokerHeartbeatRequest(
            broker_id=self.node_id, broker_epoch=self.broker_epoch, current_metadata_offset=self._metadata_offset(),
            want_fence=not self._ready_to_unfence,
            want_shut_down=self.state is BrokerState.PENDING_CONTROLLED_SHUTDOWN,
            offline_log_dirs=self.offline_log_dirs())

    def _schedule(self, now: float, delay: float) -> None:
        if self._next_immediately:
            delay = 0
        self._next_immediately = False
        self._next_send = now + delay

    def _schedule_after_failure(self, now: float) -> None:
        self._next_immediately = False  # never at once after a failure
        self._schedule(now, self.heartbeat_interval)

    def _shut_down(self) -> None:
        log.info("Transitioning from %s to SHUTTING_DOWN.", self.state.name)
        self.state = BrokerState.SHUTTING_DOWN
        self._next_send = None
        self._registration_deadline = None
