"""One hosted partition (Kafka's Partition): its log, the role the metadata image gives this node (leader or
follower, at a leader epoch and partition epoch), the high watermark, and the fetches parked until data
arrives.

Leader: appends produced batches, keeps a FollowerState per other replica from their Fetches, moves the high
watermark to the lowest log end offset of the maximal ISR and of the caught-up followers allowed to join it (never
backwards, and not at all while the committed ISR is under min.insync.replicas), and decides ISR changes
(`maybe_expand_isr` on a follower's fetch, `maybe_shrink_isr` from the manager's periodic check) which go to the
controller through `alter_partition` and stay pending until it answers or a new image arrives. A single-node
partition is its own whole ISR, so its high watermark is the log end offset at once.

Follower: the replica fetcher appends the leader's batches as they are (`append_as_follower`), truncates on a
diverging epoch, and takes the high watermark from the leader's answer (bounded by its own log end offset).

Registrations older than the partition epoch already applied are ignored (Kafka's makeLeader/makeFollower).

Waiters: a parked consumer fetch registers a listener woken when the high watermark moves (with the bytes that
became readable); a parked follower fetch registers a replica listener woken by appends (it reads to the log
end). acks=all produces wait with `wait_for_high_watermark` (kbroker.partition.delayed_produce).
"""

from __future__ import annotations

import collections
import functools
import logging
import uuid
from collections.abc import Callable

import trio

from kbroker.log.log import AppendResult, Log, LogError
from kbroker.metadata.image import PartitionRegistration
from kbroker.partition.alter_partition import AlterPartitionItem, AlterPartitionResult
from kbroker.partition.isr import IsrState, out_of_sync_replicas, replicas_to_add
from kbroker.partition.replica import FollowerState
from kbroker.partition.replica_selector import ReadReplica
from kbroker.protocol import errors

log = logging.getLogger(__name__)

# listener(partition, size): `size` bytes became readable to that kind of reader; None when unknown.
AppendListener = Callable[["Partition", "int | None"], None]
AlterPartitionSubmit = Callable[[AlterPartitionItem, Callable[[AlterPartitionResult], None]], bool]

DEFAULT_REPLICA_LAG_TIME_MAX_MS = 30_000
RECOVERED = 0  # LeaderRecoveryState.RECOVERED


class Partition:
    def __init__(self, topic: str, partition: int, topic_id: uuid.UUID, log_: Log,
                 registration: PartitionRegistration, *, node_id: int | None = None,
                 time_ms: Callable[[], int] | None = None,
                 replica_lag_time_max_ms: int = DEFAULT_REPLICA_LAG_TIME_MAX_MS,
                 alter_partition: AlterPartitionSubmit | None = None,
                 eligible_replicas: Callable[[], frozenset[int]] | None = None, high_watermark: int = 0):
        self.topic = topic
        self.partition = partition
        self.topic_id = topic_id
        self.log = log_
        self.node_id = registration.leader if node_id is None else node_id
        self._time_ms = time_ms or log_.clock
        self.replica_lag_time_max_ms = replica_lag_time_max_ms
        self.alter_partition = alter_partition
        self._eligible_replicas = eligible_replicas
        self.registration = registration
        self.partition_epoch = -1
        self.isr_state = IsrState(registration.isr)
        self.followers: dict[int, FollowerState] = {}
        self.leader_epoch_start_offset: int | None = None
        # the checkpointed HW (replication-offset-checkpoint), within the log's offsets
        self._high_watermark = max(log_.log_start_offset, min(high_watermark, log_.log_end_offset))
        # Bytes appended above the HW as (end offset, running byte count), to tell consumers what an HW move
        # made readable.
        self._unreadable: collections.deque[tuple[int, int]] = collections.deque()
        self._appended_bytes = 0
        self._hw_bytes = 0
        self._listeners: set[AppendListener] = set()
        self._replica_listeners: set[AppendListener] = set()
        self._changed = trio.Event()
        self._waiting = 0
        self.apply_registration(registration)

    def __repr__(self) -> str:
        role = "leader" if self.is_leader else "follower"
        return f"Partition({self.topic}-{self.partition}, {role}, epoch {self.leader_epoch})"

    # --- leadership ------------------------------------------------------------------------------------------
    @property
    def leader_epoch(self) -> int:
        return self.registration.leader_epoch

    @property
    def leader(self) -> int:
        return self.registration.leader

    @property
    def is_leader(self) -> bool:
        return self.registration.leader == self.node_id

    @property
    def isr(self) -> tuple[int, ...]:
        """The committed ISR (what min.insync.replicas is checked against)."""
        return self.isr_state.isr

    def update_registration(self, registration: PartitionRegistration) -> bool:
        return self.apply_registration(registration)

    def apply_registration(self, registration: PartitionRegistration) -> bool:
        """Become leader or follower as `registration` says; False when it is the one applied (every image
        passes every registration) or older."""
        if registration.partition_epoch == self.partition_epoch and registration == self.registration:
            return False
        if registration.partition_epoch < self.partition_epoch:
            log.info("%s: skipped registration at partition epoch %d, older than %d", self,
                     registration.partition_epoch, self.partition_epoch)
            return False
        if registration.leader == self.node_id:
            self._make_leader(registration)
        else:
            self._make_follower(registration)
        return True

    def _make_leader(self, registration: PartitionRegistration) -> None:
        was_leader = self.is_leader and self.partition_epoch >= 0
        new_epoch = not was_leader or registration.leader_epoch > self.registration.leader_epoch
        self.registration = registration
        self.partition_epoch = registration.partition_epoch
        self.isr_state = IsrState(registration.isr)
        now = self._time_ms()
        leo = self.log.log_end_offset
        others = [r for r in registration.replicas if r != self.node_id]
        if new_epoch:
            self.log.become_leader(registration.leader_epoch)
            self.leader_epoch_start_offset = leo
            self.followers = {}
            for replica in others:
                follower = self.followers[replica] = FollowerState(replica)
                follower.reset(now, leo, replica in registration.isr)
            self._forget_unreadable()
        else:
            self.followers = {r: self.followers.get(r) or FollowerState(r) for r in others}
        self._high_watermark = min(max(self._high_watermark, self.log.log_start_offset), leo)
        self._maybe_increment_high_watermark()
        self._wake_all()

    def _make_follower(self, registration: PartitionRegistration) -> None:
        self.registration = registration
        self.partition_epoch = registration.partition_epoch
        self.isr_state = IsrState(registration.isr)
        self.followers = {}
        self.leader_epoch_start_offset = None
        self._forget_unreadable()
        self._high_watermark = min(self._high_watermark, self.log.log_end_offset)
        self._wake_all()

    # --- offsets ---------------------------------------------------------------------------------------------
    @property
    def high_watermark(self) -> int:
        return self._high_watermark

    @property
    def log_start_offset(self) -> int:
        return self.log.log_start_offset

    @property
    def log_end_offset(self) -> int:
        return self.log.log_end_offset

    def last_stable_offset(self) -> int:
        return self.log.last_stable_offset(self.high_watermark)

    def effective_min_isr(self) -> int:
        """Kafka's effectiveMinIsr: min.insync.replicas, but never more than the replicas assigned."""
        return min(self.log.config.min_insync_replicas, len(self.registration.replicas))

    @property
    def is_under_min_isr(self) -> bool:
        """Leader whose committed ISR is smaller than the effective min.insync.replicas."""
        return self.is_leader and len(self.isr) < self.effective_min_isr()

    def _maybe_increment_high_watermark(self) -> bool:
        """Leader: the HW becomes the lowest log end offset among the maximal ISR and the caught-up followers
        allowed to join it, if that is higher; never while the committed ISR is under min.insync.replicas
        (Kafka 4.3.1's maybeIncrementLeaderHW, KIP-966: what only this node holds is not committed)."""
        if not self.is_leader or self.is_under_min_isr:
            return False
        leo = self.log.log_end_offset
        candidate = leo
        maximal_isr = self.isr_state.maximal_isr
        for replica in maximal_isr:
            if replica != self.node_id and replica not in self.followers:
                return False
        now = None
        for replica, follower in self.followers.items():
            if follower.log_end_offset >= candidate:
                continue
            if replica in maximal_isr:
                candidate = follower.log_end_offset
                continue
            now = self._time_ms() if now is None else now
            if follower.is_caught_up(leo, now, self.replica_lag_time_max_ms) and replica in self._eligible():
                candidate = follower.log_end_offset
        return self._advance_high_watermark(candidate)

    def _advance_high_watermark(self, new_hw: int) -> bool:
        if new_hw <= self._high_watermark:
            return False
        self._high_watermark = new_hw
        readable_bytes = None
        while self._unreadable and self._unreadable[0][0] <= new_hw:
            readable_bytes = self._unreadable.popleft()[1]
        size = None
        if readable_bytes is not None:
            size, self._hw_bytes = readable_bytes - self._hw_bytes, readable_bytes
        self._on_high_watermark(size)
        return True

    def _forget_unreadable(self) -> None:
        self._unreadable.clear()
        self._hw_bytes = self._appended_bytes

    def _on_high_watermark(self, size: int | None) -> None:
        for listener in list(self._listeners):
            listener(self, size)
        self._wake_waiters()

    # --- append (leader) -------------------------------------------------------------------------------------
    def append_records(self, records, *, required_acks: int, produce_version: int | None = None,
                       origin: str = "client", transaction_version: int = 0) -> AppendResult:
        """Append one produced batch as the leader; raises LogError with Kafka's code on failure. With acks=-1
        the caller then waits for the ISR (delayed_produce.wait_for_replication)."""
        self._check_appendable(required_acks)
        result = self.log.append_as_leader(records, self.leader_epoch, origin=origin,
                                           produce_version=produce_version,
                                           transaction_version=transaction_version)
        if not result.duplicate:
            self._appended(len(records))
        return result

    async def append_records_in_thread(self, records, *, required_acks: int,
                                       produce_version: int | None = None) -> AppendResult:
        """append_records for a client's batch, with the validation and the write to the page cache in a worker
        thread, so the event loop keeps serving other connections while the kernel copies a large batch (the
        log's own lock orders it with every other change to the log). Kafka's request handler threads do the
        same work beside its network threads.

        Leadership can move while the thread writes: the append then answers NOT_LEADER_OR_FOLLOWER (the
        client sends it again to the new leader), as does an append that reached a log the replica left for
        another log dir meanwhile (log_dir_mover retires the old log under its lock)."""
        self._check_appendable(required_acks)
        log_, epoch = self.log, self.leader_epoch
        try:
            result = await trio.to_thread.run_sync(
                functools.partial(log_.append_as_leader, records, epoch, produce_version=produce_version))
        except LogError:
            if self.log is log_:
                raise
            result = None  # the retired log refused it
        if result is None or self.log is not log_ or self.leader_epoch != epoch or not self.is_leader:
            raise LogError(errors.NOT_LEADER_OR_FOLLOWER.code,
                           f"Leadership of partition {self.topic}-{self.partition} changed during the append")
        if not result.duplicate:
            self._appended(len(records))
        return result

    def _check_appendable(self, required_acks: int) -> None:
        if not self.is_leader:
            raise LogError(errors.NOT_LEADER_OR_FOLLOWER.code,
                           f"Leader not local for partition {self.topic}-{self.partition} on broker {self.node_id}")
        if required_acks == -1:
            min_isr = self.effective_min_isr()
            if len(self.isr) < min_isr:
                raise LogError(errors.NOT_ENOUGH_REPLICAS.code,
                               f"The size of the current ISR {set(self.isr)} is insufficient to satisfy the min.isr "
                               f"requirement of {min_isr} for partition {self.topic}-{self.partition}")

    def append_control_marker(self, control_type: int, *, producer_id: int, producer_epoch: int,
                              coordinator_epoch: int, transaction_version: int = 0) -> AppendResult:
        """Write a transaction COMMIT/ABORT marker (WriteTxnMarkers on the leader); wakes parked fetches, since
        the last stable offset may have moved."""
        if not self.is_leader:
            raise LogError(errors.NOT_LEADER_OR_FOLLOWER.code,
                           f"Leader not local for partition {self.topic}-{self.partition} on broker {self.node_id}")
        result = self.log.append_control_marker(control_type, producer_id=producer_id,
                                                producer_epoch=producer_epoch, coordinator_epoch=coordinator_epoch,
                                                leader_epoch=self.leader_epoch,
                                                transaction_version=transaction_version)
        self._appended(1)
        return result

    def _appended(self, size: int) -> None:
        self._appended_bytes += size
        self._unreadable.append((self.log.log_end_offset, self._appended_bytes))
        for listener in list(self._replica_listeners):
            listener(self, size)
        if not self._maybe_increment_high_watermark():
            self._wake_waiters()

    # --- leader: follower fetches and the ISR ----------------------------------------------------------------
    def update_follower_fetch_state(self, replica_id: int, fetch_offset: int, log_start_offset: int,
                                    leader_log_end_offset: int, broker_epoch: int = -1) -> bool:
        """Record a follower's Fetch (Kafka's updateFollowerFetchState); False if `replica_id` is not an
        assigned replica (the caller answers NOT_LEADER_OR_FOLLOWER)."""
        follower = self.followers.get(replica_id)
        if follower is None:
            return False
        follower.update_fetch_state(fetch_offset, log_start_offset, leader_log_end_offset, self._time_ms(),
                                    broker_epoch)
        self.maybe_expand_isr(replica_id)
        if not self._maybe_increment_high_watermark():
            self._wake_waiters()
        return True

    def read_replicas(self, fetch_offset: int) -> tuple[ReadReplica, list[ReadReplica]]:
        """KIP-392: this leader and the followers a consumer at `fetch_offset` may be sent to (in the committed
        ISR, holding that offset as their last Fetch said), as Kafka's findPreferredReadReplica lists them."""
        now = self._time_ms()
        followers = [ReadReplica(f.replica_id, f.log_end_offset, now - f.last_caught_up_time_ms)
                     for f in self.followers.values()
                     if f.replica_id in self.isr and f.log_start_offset <= fetch_offset <= f.log_end_offset]
        return ReadReplica(self.node_id, self.log.log_end_offset, 0), followers

    def _eligible(self) -> frozenset[int]:
        if self._eligible_replicas is None:
            return frozenset(self.registration.replicas)
        return self._eligible_replicas()

    def maybe_expand_isr(self, replica_id: int) -> bool:
        """Propose adding `replica_id` to the ISR once it is in sync (never while a change is pending)."""
        if not self.is_leader or self.alter_partition is None:
            return False
        add = replicas_to_add(self.isr_state, self.followers, (replica_id,), self._high_watermark,
                              self.leader_epoch_start_offset, self._eligible())
        if not add:
            return False
        return self._propose(_isr_order(set(self.isr) | set(add)))

    def maybe_shrink_isr(self) -> bool:
        """Propose removing the ISR members not caught up for replica.lag.time.max.ms (Kafka's isr-expiration
        task runs this every half of it)."""
        if not self.is_leader or self.alter_partition is None:
            return False
        lagging = out_of_sync_replicas(self.isr_state, self.node_id, self.followers, self.log.log_end_offset,
                                       self._time_ms(), self.replica_lag_time_max_ms)
        if not lagging:
            return False
        log.info("%s: shrinking ISR from %s: %s out of sync (log end offset %d, HW %d)", self, self.isr,
                 lagging, self.log.log_end_offset, self._high_watermark)
        return self._propose(_isr_order(set(self.isr) - set(lagging)))

    def _propose(self, new_isr: tuple[int, ...]) -> bool:
        epochs = tuple(self.followers[r].broker_epoch if r in self.followers else -1 for r in new_isr)
        # A leader has recovered once it leads (Partition.makeLeader marks a RECOVERING partition RECOVERED), so
        # its proposals say RECOVERED: the ISR of an unclean election grows back without INVALID_REQUEST.
        item = AlterPartitionItem(self.topic_id, self.partition, self.leader_epoch, self.partition_epoch,
                                  new_isr, epochs, RECOVERED)
        if not self.alter_partition(item, functools.partial(self._alter_partition_answered, item)):
            return False
        self.isr_state = self.isr_state.propose(new_isr)
        return True

    def _alter_partition_answered(self, item: AlterPartitionItem, result: AlterPartitionResult) -> None:
        """The controller's answer to the proposal `item` (Kafka's handleAlterPartitionError/Update)."""
        if (self.isr_state.pending != item.new_isr or item.leader_epoch != self.leader_epoch
                or item.partition_epoch != self.partition_epoch):
            return  # a newer registration settled the ISR meanwhile
        if result.error_code == errors.NONE.code:
            if result.leader_epoch != self.leader_epoch or result.partition_epoch < self.partition_epoch:
                return
            self.isr_state = self.isr_state.committed(result.isr)
            self.partition_epoch = result.partition_epoch
            if not self._maybe_increment_high_watermark():
                self._wake_waiters()
            return
        if result.error_code in (errors.OPERATION_NOT_ATTEMPTED.code, errors.INELIGIBLE_REPLICA.code):
            self.isr_state = self.isr_state.reverted()
            return
        if result.error_code in _WAIT_FOR_METADATA:
            log.info("%s: AlterPartition to %s failed with %s; waiting for the metadata", self,
                     self.isr_state.pending, errors.for_code(result.error_code).name)
            return
        log.warning("%s: AlterPartition to %s failed with unexpected %s; retrying", self, self.isr_state.pending,
                    errors.for_code(result.error_code).name)
        if not self.alter_partition(item, functools.partial(self._alter_partition_answered, item)):
            self.isr_state = self.isr_state.reverted()

    # --- follower --------------------------------------------------------------------------------------------
    def append_as_follower(self, records) -> int:
        """Append the leader's batches as they are; returns the new log end offset."""
        before = self.log.log_end_offset
        leo = self.log.append_as_follower(records)
        if leo != before:
            for listener in list(self._replica_listeners):
                listener(self, None)
        return leo

    def update_follower_high_watermark(self, leader_high_watermark: int) -> None:
        """The leader's HW from a Fetch answer, bounded by this log's end (Kafka's maybeUpdateHighWatermark)."""
        new_hw = min(leader_high_watermark, self.log.log_end_offset)
        if new_hw != self._high_watermark:
            self._high_watermark = max(new_hw, self.log.log_start_offset)
            self._on_high_watermark(None)

    def truncate_to(self, offset: int) -> None:
        """Follower truncation (a diverging epoch, or to the HW when the log has no epochs)."""
        self.log.truncate_to(offset)
        self._high_watermark = min(self._high_watermark, self.log.log_end_offset)

    def truncate_fully_and_start_at(self, offset: int) -> None:
        """Follower: the leader's log starts past this log's end; empty the log and start it at `offset`."""
        self.log.truncate_fully_and_start_at(offset)
        self._high_watermark = offset

    # --- waiting ---------------------------------------------------------------------------------------------
    def _wake_waiters(self) -> None:
        if self._waiting:
            self._changed.set()
            self._changed = trio.Event()

    def _wake_all(self) -> None:
        self._on_high_watermark(None)
        for listener in list(self._replica_listeners):
            listener(self, None)

    async def wait_for_change(self) -> None:
        """Return at the next HW move, ISR or leadership change, or follower fetch state update."""
        self._waiting += 1
        try:
            await self._changed.wait()
        finally:
            self._waiting -= 1

    # --- parked fetches --------------------------------------------------------------------------------------
    def add_listener(self, listener: AppendListener, *, replica: bool = False) -> None:
        (self._replica_listeners if replica else self._listeners).add(listener)

    def remove_listener(self, listener: AppendListener) -> None:
        self._listeners.discard(listener)
        self._replica_listeners.discard(listener)


# AlterPartition errors after which the proposal stays pending until the metadata image brings the partition's
# new state (Kafka's Partition.handleAlterPartitionError); any other error sends the same proposal again.
_WAIT_FOR_METADATA = frozenset(e.code for e in (
    errors.UNKNOWN_TOPIC_OR_PARTITION, errors.UNKNOWN_TOPIC_ID, errors.FENCED_LEADER_EPOCH,
    errors.INVALID_UPDATE_VERSION, errors.INVALID_REQUEST, errors.NEW_LEADER_ELECTED))


def _isr_order(members: set[int]) -> tuple[int, ...]:
    """The order of a proposed ISR: Kafka 4.3.1's Partition builds it as a Scala mutable HashSet, which iterates
    small broker ids in ascending order (so `kafka-topics --describe` lists an expanded ISR sorted)."""
    return tuple(sorted(members))
