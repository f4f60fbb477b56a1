"""The active controller's soft state about broker heartbeats (Kafka 4.3.1's BrokerHeartbeatManager and
BrokerHeartbeatTracker): when each (broker id, broker epoch) last sent a heartbeat, the metadata offset each
broker last reported, whether it is fenced, and the offset at which its controlled shutdown completes.

Nothing here is written to the metadata log; a controller that becomes active rebuilds it from the image
(`activate`) and has no contact times until brokers heartbeat again, so a broker that died just before a
failover is fenced one session later than it would have been.

Clock-explicit: every call that needs the time takes `now` in seconds (trio's clock in the controller).
A session is valid while `now` is at most `broker.session.timeout.ms` past the last contact.

`next_state(...)` is Kafka's calculateNextBrokerState, the heart of heartbeat handling:
- FENCED: wantShutDown -> SHUTDOWN_NOW; not wantFence and currentMetadataOffset >= the offset of its
  RegisterBrokerRecord -> UNFENCED; else stays FENCED.
- UNFENCED: wantFence -> SHUTDOWN_NOW if it also wants shut down, else FENCED; wantShutDown -> CONTROLLED_SHUTDOWN
  while it still leads a partition, else SHUTDOWN_NOW.
- CONTROLLED_SHUTDOWN: stays while it leads a partition or while the lowest metadata offset reported by an
  active broker is below its controlled-shutdown offset; then SHUTDOWN_NOW.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable

import attrs

log = logging.getLogger(__name__)

LONG_MAX = (1 << 63) - 1
DEFAULT_SESSION_TIMEOUT_MS = 9000  # broker.session.timeout.ms


class BrokerControlState(enum.Enum):
    FENCED = "fenced"
    UNFENCED = "unfenced"
    CONTROLLED_SHUTDOWN = "controlled_shutdown"
    SHUTDOWN_NOW = "shutdown_now"

    @property
    def fenced(self) -> bool:
        return self in (BrokerControlState.FENCED, BrokerControlState.SHUTDOWN_NOW)

    @property
    def should_shut_down(self) -> bool:
        return self is BrokerControlState.SHUTDOWN_NOW

    @property
    def in_controlled_shutdown(self) -> bool:
        return self is BrokerControlState.CONTROLLED_SHUTDOWN


@attrs.define
class _BrokerState:
    broker_id: int
    fenced: bool
    metadata_offset: int = -1
    controlled_shutdown_offset: int = -1  # -1: not in controlled shutdown

    @property
    def shutting_down(self) -> bool:
        return self.controlled_shutdown_offset >= 0

    @property
    def active(self) -> bool:
        return not self.fenced and not self.shutting_down


def fence_check_interval(session_timeout_ms: int) -> float:
    """How often (seconds) the active controller looks for expired sessions: max(1 ms, timeout / 8)
    (QuorumController.maybeFenceStaleBrokerPeriodNs)."""
    return max(0.001, session_timeout_ms / 8 / 1000)


class BrokerHeartbeats:
    def __init__(self, session_timeout_ms: int = DEFAULT_SESSION_TIMEOUT_MS):
        self.session_timeout = session_timeout_ms / 1000
        self._contact_times: dict[tuple[int, int], float] = {}  # (broker id, epoch) -> last heartbeat
        self._brokers: dict[int, _BrokerState] = {}

    # --- sessions (BrokerHeartbeatTracker) -------------------------------------------------------------------
    def track(self, broker_id: int, broker_epoch: int, now: float) -> None:
        """A heartbeat arrived from (broker_id, broker_epoch), whatever it turns out to say."""
        self._contact_times[(broker_id, broker_epoch)] = now

    def _expired(self, contact: float, now: float) -> bool:
        return now > contact and contact + self.session_timeout < now

    def has_valid_session(self, broker_id: int, broker_epoch: int, now: float) -> bool:
        contact = self._contact_times.get((broker_id, broker_epoch))
        return contact is not None and not self._expired(contact, now)

    def remove_expired(self, now: float) -> tuple[int, int] | None:
        """Forget one expired session and return its (broker id, epoch); None when none has expired."""
        for key, contact in self._contact_times.items():
            if self._expired(contact, now):
                del self._contact_times[key]
                return key
        return None

    # --- broker states ---------------------------------------------------------------------------------------
    def activate(self, registrations, now: float) -> None:
        """Start over from the image's registrations (a controller becoming active at `now`): every unfenced
        broker gets a session starting now, so one that never heartbeats to this controller is fenced once it
        expires, as Kafka 4.3.1's ClusterControlManager.activate does."""
        self._contact_times.clear()
        self._brokers.clear()
        for registration in registrations:
            self.register(registration.broker_id, registration.fenced)
            if not registration.fenced:
                self.track(registration.broker_id, registration.epoch, now)

    def register(self, broker_id: int, fenced: bool) -> None:
        """Track the broker if new, and set its fencing. As in Kafka, the reported offset is kept only when the
        fencing changes; otherwise it goes back to -1 until the next heartbeat."""
        broker = self._brokers.get(broker_id)
        offset = -1
        if broker is None:
            self._brokers[broker_id] = _BrokerState(broker_id, fenced)
        elif broker.fenced != fenced:
            offset = broker.metadata_offset
        self.touch(broker_id, fenced, offset)

    def touch(self, broker_id: int, fenced: bool, metadata_offset: int) -> None:
        broker = self._state(broker_id)
        broker.fenced = fenced
        broker.metadata_offset = metadata_offset
        if fenced:
            broker.controlled_shutdown_offset = -1  # a fenced broker leaves controlled shutdown

    def fence(self, broker_id: int) -> None:
        broker = self._brokers.get(broker_id)
        if broker is not None:
            broker.fenced = True

    def remove(self, broker_id: int) -> None:
        self._brokers.pop(broker_id, None)

    def is_tracked(self, broker_id: int) -> bool:
        return broker_id in self._brokers

    def metadata_offset(self, broker_id: int) -> int:
        return self._state(broker_id).metadata_offset

    def controlled_shutdown_offset(self, broker_id: int) -> int | None:
        broker = self._brokers.get(broker_id)
        if broker is None or broker.controlled_shutdown_offset < 0:
            return None
        return broker.controlled_shutdown_offset

    def lowest_active_offset(self) -> int:
        """The lowest metadata offset an active (unfenced, not shutting down) broker reported; LONG_MAX if none."""
        offsets = [b.metadata_offset for b in self._brokers.values() if b.active]
        return min(offsets) if offsets else LONG_MAX

    def update_controlled_shutdown_offset(self, broker_id: int, offset: int) -> None:
        """The broker entered controlled shutdown with a batch ending at `offset`; kept from the first time."""
        broker = self._state(broker_id)
        if broker.fenced:
            raise RuntimeError("Fenced brokers cannot enter controlled shutdown.")
        if broker.controlled_shutdown_offset < 0:
            broker.controlled_shutdown_offset = offset

    def current_state(self, broker_id: int) -> BrokerControlState:
        broker = self._state(broker_id)
        if broker.shutting_down:
            return BrokerControlState.CONTROLLED_SHUTDOWN
        return BrokerControlState.FENCED if broker.fenced else BrokerControlState.UNFENCED

    def next_state(self, broker_id: int, request, registration_offset: int,
                   has_leaderships: Callable[[], bool]) -> tuple[BrokerControlState, BrokerControlState]:
        """(current, next) for a heartbeat `request` (BrokerHeartbeatRequest) from a registered broker."""
        current = self.current_state(broker_id)
        S = BrokerControlState
        if current is S.FENCED:
            if request.want_shut_down:
                log.info("Fenced broker %d has requested and been granted an immediate shutdown.", broker_id)
                return current, S.SHUTDOWN_NOW
            if not request.want_fence and request.current_metadata_offset >= registration_offset:
                log.info("The request from broker %d to unfence has been granted because it has caught up with "
                         "the offset of its register broker record %d.", broker_id, registration_offset)
                return current, S.UNFENCED
            return current, S.FENCED
        if current is S.UNFENCED:
            if request.want_fence:
                return current, S.SHUTDOWN_NOW if request.want_shut_down else S.FENCED
            if request.want_shut_down:
                return current, S.CONTROLLED_SHUTDOWN if has_leaderships() else S.SHUTDOWN_NOW
            return current, S.UNFENCED
        if has_leaderships():
            return current, S.CONTROLLED_SHUTDOWN
        lowest = self.lowest_active_offset()
        if self._state(broker_id).controlled_shutdown_offset <= lowest:
            log.info("The request from broker %d to shut down has been granted since the lowest active offset %d "
                     "is now greater than the broker's controlled shutdown offset %d.", broker_id, lowest,
                     self._state(broker_id).controlled_shutdown_offset)
            return current, S.SHUTDOWN_NOW
        return current, S.CONTROLLED_SHUTDOWN

    def _state(self, broker_id: int) -> _BrokerState:
        broker = self._brokers.get(broker_id)
        if broker is None:
            raise RuntimeError(f"Broker {broker_id} is not registered.")
        return broker
