"""The group coordinator (Kafka's GroupCoordinatorService + GroupMetadataManager for classic groups +
OffsetMetadataManager, on a single node).

Owns every group whose `__consumer_offsets` partition (abs(String.hashCode(group)) % partitions) this node
leads: members, generations, assignments, and committed offsets. Every change Kafka persists (offset commits,
group metadata once a generation's assignment is known or the group empties, tombstones for deleted or expired
groups and offsets) is appended to that partition before the client is answered (`_append`); a restart replays
the partitions (`_load`), so an acknowledged commit survives a kill -9.

Classic protocol, as Kafka 4.3: JoinGroup (KIP-394 member id required from v4, static members with
group.instance.id, group.initial.rebalance.delay.ms for a new group, the rebalance timeout), SyncGroup (the
leader's assignment, a sync timeout removing members that never sync), Heartbeat, LeaveGroup (batched), session
timeouts. Timeouts are deadlines in trio time (`trio.current_time`), fired by `run` (the coordinator's task in
the broker's nursery) and by requests that wait; tests drive them with `trio.testing.MockClock`. Waiting JoinGroup
and SyncGroup requests park on a `Waiter` until the rebalance moves on.

Transactional offset commits (TxnOffsetCommit, for kbroker.txn) are written as transactional records of the
producer and kept pending until the COMMIT/ABORT marker reaches the partition (`transaction_marker_written`).

KIP-848 consumer groups (ConsumerGroupHeartbeat, their records, their offset checks) live in
kbroker.group.consumer_coordinator (`self.consumer`); a shard's `groups` holds both kinds, as group ids are one
namespace. Classic JoinGroup/SyncGroup/Heartbeat/LeaveGroup aimed at a consumer group serve its classic-protocol
members (online migration, kbroker.group.migration); a classic JoinGroup into an empty consumer group turns it into
a classic group. DescribeGroups of a consumer group answers GROUP_ID_NOT_FOUND.
KIP-1071 streams groups (a StreamsGroup is a ConsumerGroup whose units are tasks) live in
kbroker.group.streams_coordinator (`self.streams`), in the same namespace; DescribeGroups describes one as Kafka
does (Dead, no error).
"""

from __future__ import annotations

import heapq
import itertools
import logging
import uuid
from collections.abc import Callable, Iterable

import attrs
import trio

from kbroker.coordinator_partitions import (
    APPEND_ERRORS,
    CoordinatorPartitions,
    PartitionState,
    wait_until_replicated,
)
from kbroker.group import records as GR
from kbroker.group.classic import (
    CONSUMER_PROTOCOL_TYPE,
    ClassicGroup,
    CommittedOffset,
    GroupState,
    Member,
    Waiter,
)
from kbroker.group.consumer import ConsumerGroup
from kbroker.group.consumer_coordinator import ConsumerGroups, HeartbeatError
from kbroker.group.migration import MigrationError
from kbroker.group.streams import StreamsGroup
from kbroker.group.streams_coordinator import StreamsGroups
from kbroker.log.log import LogError
from kbroker.log.validator import RecordValidationError
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC
from kbroker.protocol import errors
from kbroker.protocol import records as R
from kbroker.protocol.messages.group_coordinator.group_metadata_value import (
    GroupMetadataValue,
    MemberMetadata,
)
from kbroker.protocol.messages.group_coordinator.offset_commit_value import OffsetCommitValue

log = logging.getLogger(__name__)

NONE = errors.NONE.code
UNKNOWN_MEMBER_ID = errors.UNKNOWN_MEMBER_ID.code
# offset.metadata.max.bytes (Kafka's default; not a kbroker config yet)
OFFSET_METADATA_MAX_BYTES = 4096
NO_GENERATION = -1

_APPEND_ERRORS = {**APPEND_ERRORS, errors.INVALID_FETCH_SIZE.code: errors.UNKNOWN_SERVER_ERROR.code}


class GroupError(Exception):
    def __init__(self, code: int):
        super().__init__(errors.for_code(code).name)
        self.code = code


@attrs.frozen
class JoinResult:
    error: int
    member_id: str = ""
    generation_id: int = NO_GENERATION
    protocol_type: str | None = None
    protocol_name: str | None = None
    leader: str = ""
    skip_assignment: bool = False
    members: list[tuple[str, str | None, bytes]] = attrs.field(factory=list)  # (member id, instance id, metadata)


@attrs.frozen
class SyncResult:
    error: int
    protocol_type: str | None = None
    protocol_name: str | None = None
    assignment: bytes = b""


@attrs.frozen
class FetchedOffset:
    offset: int
    leader_epoch: int
    metadata: str
    error: int


@attrs.frozen
class DescribedGroup:
    error: int
    group_id: str
    state: str
    protocol_type: str
    protocol_data: str
    members: list[tuple[Member, bytes, bytes]]  # (member, metadata, assignment)
    message: str | None = None


@attrs.define(eq=False)
class Shard(PartitionState):
    """One `__consumer_offsets` partition this node coordinates, and its groups."""
    groups: dict[str, ClassicGroup | ConsumerGroup] = attrs.field(factory=dict)


class Timers:
    """Deadlines in trio time, one per key; `fire_due` runs the callbacks whose deadline passed."""

    def __init__(self) -> None:
        self._deadlines: dict[object, tuple[float, Callable[[], None]]] = {}
        self._heap: list[tuple[float, int, object]] = []
        self._sequence = itertools.count()
        self.changed = trio.Event()

    def schedule(self, key, delay_ms: float, callback: Callable[[], None]) -> None:
        deadline = trio.current_time() + max(delay_ms, 0) / 1000
        self._deadlines[key] = (deadline, callback)
        heapq.heappush(self._heap, (deadline, next(self._sequence), key))
        self.changed.set()

    def cancel(self, key) -> None:
        self._deadlines.pop(key, None)

    def is_scheduled(self, key) -> bool:
        return key in self._deadlines

    def next_deadline(self) -> float:
        while self._heap:
            deadline, _, key = self._heap[0]
            current = self._deadlines.get(key)
            if current is not None and current[0] == deadline:
                return deadline
            heapq.heappop(self._heap)
        return float("inf")

    def fire_due(self) -> None:
        now = trio.current_time()
        while self.next_deadline() <= now:
            _, _, key = heapq.heappop(self._heap)
            _, callback = self._deadlines.pop(key)
            callback()


class GroupCoordinator:
    """`partitions` looks up hosted partitions (`.get(topic, partition)`); `partition_count()` is the partition
    count of `__consumer_offsets` (the existing topic's, else offsets.topic.num.partitions); `now_ms` is wall
    time for the timestamps stored in records."""

    def __init__(self, config, partitions, *, node_id: int, partition_count: Callable[[], int],
                 now_ms: Callable[[], int], image: Callable[[], object] = lambda: None):
        self.config = config
        self.partitions = partitions
        self.node_id = node_id
        self.partition_count = partition_count
        self.now_ms = now_ms
        self.min_session_ms = config["group.min.session.timeout.ms"]
        self.max_session_ms = config["group.max.session.timeout.ms"]
        self.initial_delay_ms = config["group.initial.rebalance.delay.ms"]
        self.max_group_size = config["group.max.size"]
        self.retention_ms = config["offsets.retention.minutes"] * 60_000
        self.retention_check_ms = config["offsets.retention.check.interval.ms"]
        self.timers = Timers()
        self.shards: CoordinatorPartitions[Shard] = CoordinatorPartitions(
            GROUP_METADATA_TOPIC, partitions, node_id=node_id, partition_count=partition_count, load=self._load,
            not_coordinator=lambda: GroupError(errors.NOT_COORDINATOR.code))
        self.running = False
        self.consumer = ConsumerGroups(self, config, image)
        self.streams = StreamsGroups(self, config, image)

    # --- shards ----------------------------------------------------------------------------------------------
    def partition_for(self, group_id: str) -> int:
        return self.shards.partition_for(group_id)

    def shard_of(self, group_id: str) -> Shard:
        return self.shards.get(self.partition_for(group_id))

    def load_owned_partitions(self) -> None:
        """Load every `__consumer_offsets` partition this node leads (start-up, after metadata changes)."""
        self.shards.load_owned()

    def _load(self, index: int, hosted) -> Shard:
        shard = Shard(index, hosted.topic_id, hosted.leader_epoch)
        pending: dict[int, list[tuple[int, GR.OffsetRecord]]] = {}  # producer id -> its transactional records
        for raw in hosted.log.read_batches():
            for batch in R.iter_batches(raw):
                if batch.is_control:
                    for record in batch.records():
                        marker = R.parse_control_record(record)
                        self._end_loaded_transaction(shard, pending.pop(batch.producer_id, []),
                                                     commit=marker.type == R.CONTROL_COMMIT)
                    continue
                for record in batch.records():
                    decoded = GR.decode(record.key, record.value)
                    if decoded is None:
                        continue
                    if isinstance(decoded, GR.ConsumerRecord):
                        if not batch.is_transactional:
                            self.consumer.replay(shard, decoded)
                        continue
                    if isinstance(decoded, GR.StreamsRecord):
                        if not batch.is_transactional:
                            self.streams.replay(shard, decoded)
                        continue
                    if batch.is_transactional:
                        if isinstance(decoded, GR.OffsetRecord):
                            pending.setdefault(batch.producer_id, []).append((record.offset, decoded))
                        continue
                    self._replay(shard, decoded, record.offset)
        for producer_id, pending_records in pending.items():
            for record_offset, record in pending_records:
                group = self._loaded_group(shard, record.group)
                group.pending_txn_offsets.setdefault(producer_id, {})[(record.topic, record.partition)] = \
                    _committed(record.value, record_offset)
        for group in list(shard.groups.values()):
            if isinstance(group, ClassicGroup):
                for member in group.members.values():
                    self._schedule_session_timeout(group, member)
        self.consumer.loaded(shard)
        self.streams.loaded(shard)
        self.shards.states[index] = shard
        log.info("loaded %d groups from %s-%d (epoch %d)", len(shard.groups), GROUP_METADATA_TOPIC, index,
                 shard.epoch)
        return shard

    @staticmethod
    def _loaded_group(shard: Shard, group_id: str) -> ClassicGroup:
        group = shard.groups.get(group_id)
        if group is None:
            group = shard.groups[group_id] = ClassicGroup(group_id)
        return group

    def _replay(self, shard: Shard, record, record_offset: int) -> None:
        if isinstance(record, GR.OffsetRecord):
            key = (record.topic, record.partition)
            if record.value is None:
                group = shard.groups.get(record.group)
                if group is not None:
                    group.offsets.pop(key, None)
                    self._drop_if_unused(shard, group)
            else:
                self._loaded_group(shard, record.group).offsets[key] = _committed(record.value, record_offset)
            return
        if isinstance(shard.groups.get(record.group), ConsumerGroup):
            if record.value is None:
                return  # the tombstone of a classic group converted to a consumer group
            old = shard.groups[record.group]
            shard.groups[record.group] = ClassicGroup(record.group, offsets=old.offsets,
                                                      pending_txn_offsets=old.pending_txn_offsets)
        if record.value is None:
            group = shard.groups.get(record.group)
            if group is not None:
                group.members.clear()
                group.static_members.clear()
                group.state = GroupState.EMPTY
                group.protocol_type = group.protocol_name = group.leader_id = None
                group.generation_id = 0
                self._drop_if_unused(shard, group)
            return
        group = self._loaded_group(shard, record.group)
        value = record.value
        group.members.clear()
        group.static_members.clear()
        group.generation_id = value.generation
        group.protocol_type = value.protocol_type
        group.protocol_name = value.protocol
        group.leader_id = None
        group.current_state_timestamp = value.current_state_timestamp
        for m in value.members:
            member = Member(m.member_id, m.group_instance_id, m.client_id, m.client_host,
                            m.rebalance_timeout if m.rebalance_timeout >= 0 else m.session_timeout,
                            m.session_timeout, value.protocol_type, [(value.protocol or "", bytes(m.subscription))],
                            bytes(m.assignment))
            group.add_member(member)
        group.leader_id = value.leader if value.leader in group.members else group.leader_id
        group.state = GroupState.STABLE if group.members else GroupState.EMPTY

    @staticmethod
    def _end_loaded_transaction(shard: Shard, pending_records, *, commit: bool) -> None:
        if not commit:
            return
        for record_offset, record in pending_records:
            group = GroupCoordinator._loaded_group(shard, record.group)
            key = (record.topic, record.partition)
            existing = group.offsets.get(key)
            if existing is None or existing.record_offset < record_offset:
                group.offsets[key] = _committed(record.value, record_offset)

    @staticmethod
    def _drop_if_unused(shard: Shard, group: ClassicGroup | ConsumerGroup) -> None:
        if isinstance(group, ConsumerGroup):
            if not group.members and not group.offsets and not group.pending_txn_offsets and group.group_epoch == 0:
                shard.groups.pop(group.group_id, None)
            return
        if not group.members and not group.offsets and not group.pending_txn_offsets and \
                group.state in (GroupState.EMPTY, GroupState.DEAD) and group.generation_id == 0:
            shard.groups.pop(group.group_id, None)

    # --- writing the log -------------------------------------------------------------------------------------
    def _append(self, shard: Shard, entries: list[tuple[bytes, bytes | None]], *, producer_id: int = -1,
                producer_epoch: int = -1) -> tuple[int, int]:
        """Append records to the shard's partition (one batch); (error code as Kafka maps it, first offset)."""
        hosted = self.shards.writable(shard)
        if hosted is None:
            return errors.NOT_COORDINATOR.code, -1
        now = self.now_ms()
        transactional = producer_id >= 0
        batch = R.build_batch([(now, key, value) for key, value in entries], producer_id=producer_id,
                              producer_epoch=producer_epoch, transactional=transactional)
        try:
            # acks=1 and the high watermark after (`replicated`), as Kafka's CoordinatorPartitionWriter.
            result = hosted.append_records(batch, required_acks=1, origin="coordinator")
        except (LogError, RecordValidationError) as exc:
            code = _APPEND_ERRORS.get(exc.error_code, exc.error_code)
            log.warning("writing %d records to %s-%d failed (%s): %s", len(entries), GROUP_METADATA_TOPIC,
                        shard.index, errors.for_code(code).name, exc)
            return code, -1
        return NONE, result.first_offset

    def _store_group(self, shard: Shard, group: ClassicGroup) -> int:
        """Write the group's metadata record (Kafka's storeGroup)."""
        members = []
        for member in group.members.values():
            subscription = member.metadata_for(group.protocol_name) if group.protocol_name else b""
            members.append(MemberMetadata(
                member_id=member.member_id, group_instance_id=member.group_instance_id, client_id=member.client_id,
                client_host=member.client_host, rebalance_timeout=member.rebalance_timeout_ms,
                session_timeout=member.session_timeout_ms, subscription=subscription,
                assignment=member.assignment))
        value = GroupMetadataValue(protocol_type=group.protocol_type or "", generation=group.generation_id,
                                   protocol=group.protocol_name, leader=group.leader_id,
                                   current_state_timestamp=group.current_state_timestamp, members=members)
        code, _ = self._append(shard, [(GR.group_key(group.group_id), GR.group_value(value))])
        return code

    # --- timers ----------------------------------------------------------------------------------------------
    async def wait(self, waiter: Waiter):
        """The waiter's response; fires due timers meanwhile when the background task is not running."""
        while waiter.response is None:
            if self.running:
                return await waiter.wait()
            self.timers.fire_due()
            if waiter.response is not None:
                break
            changed = self.timers.changed = trio.Event()
            with trio.move_on_at(self.timers.next_deadline()):
                async with trio.open_nursery() as nursery:
                    async def _until(event, scope=nursery.cancel_scope):
                        await event.wait()
                        scope.cancel()
                    nursery.start_soon(_until, waiter.delivered)
                    nursery.start_soon(_until, changed)
        return waiter.response

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Background work in the broker's nursery: load the led partitions, then fire timeouts and expire
        offsets every offsets.retention.check.interval.ms."""
        self.load_owned_partitions()
        self.running = True
        task_status.started()
        try:
            self._schedule_offset_expiry()
            while True:
                self.timers.changed = trio.Event()
                with trio.move_on_at(self.timers.next_deadline()):
                    await self.timers.changed.wait()
                self.timers.fire_due()
        finally:
            self.running = False

    def _schedule_offset_expiry(self) -> None:
        def expire():
            self.expire_offsets()
            self._schedule_offset_expiry()
        self.timers.schedule(("expire-offsets",), self.retention_check_ms, expire)

    def _schedule_session_timeout(self, group: ClassicGroup, member: Member) -> None:
        self.timers.schedule(("session", group.group_id, member.member_id), member.session_timeout_ms,
                             lambda: self._on_session_timeout(group, member.member_id))

    def _on_session_timeout(self, group: ClassicGroup, member_id: str) -> None:
        member = group.members.get(member_id)
        if member is None or member.join_waiter is not None or member.sync_waiter is not None:
            return
        log.info("member %s of group %s failed to heartbeat within its session timeout (%d ms)", member_id,
                 group.group_id, member.session_timeout_ms)
        self._remove_member_and_rebalance(group, member, "removing member on heartbeat expiration")

    # --- rebalances ------------------------------------------------------------------------------------------
    def cancel_classic_timers(self, group: ClassicGroup) -> None:
        """A classic group replaced by a consumer group: its rebalance and member timers stop."""
        for key in (("join", group.group_id), ("initial-join", group.group_id), ("sync", group.group_id)):
            self.timers.cancel(key)
        for member_id in list(group.members) + list(group.pending_members):
            self.timers.cancel(("session", group.group_id, member_id))
            self.timers.cancel(("pending", group.group_id, member_id))

    def _group_shard(self, group: ClassicGroup) -> Shard | None:
        shard = self.shards.states.get(self.partition_for(group.group_id))
        return shard if shard is not None and shard.groups.get(group.group_id) is group else None

    def _prepare_rebalance(self, group: ClassicGroup, reason: str) -> None:
        if group.state == GroupState.COMPLETING_REBALANCE:
            # Kafka's resetAndPropagateAssignmentWithError: the assignment of the generation that never
            # completed is cleared, and the members waiting in SyncGroup rejoin.
            for member in group.members.values():
                member.assignment = b""
                if member.sync_waiter is not None:
                    member.sync_waiter.deliver(SyncResult(errors.REBALANCE_IN_PROGRESS.code))
                    member.sync_waiter = None
        self.timers.cancel(("sync", group.group_id))
        initial = group.state == GroupState.EMPTY
        group.transition(GroupState.PREPARING_REBALANCE, self.now_ms())
        log.info("preparing to rebalance group %s in state PreparingRebalance with old generation %d: %s",
                 group.group_id, group.generation_id, reason)
        if initial:
            max_rebalance = max((m.rebalance_timeout_ms for m in group.members.values()), default=0)
            delay = min(self.initial_delay_ms, max_rebalance)
            group.new_member_added = False
            self._schedule_initial_join(group, delay, max_rebalance - delay)
        else:
            max_rebalance = max((m.rebalance_timeout_ms for m in group.members.values()), default=0)
            self.timers.schedule(("join", group.group_id), max_rebalance, lambda: self._complete_join(group))
            self._maybe_complete_join(group)

    def _schedule_initial_join(self, group: ClassicGroup, delay_ms: int, remaining_ms: int) -> None:
        """Kafka's InitialDelayedJoin: wait group.initial.rebalance.delay.ms, again while members keep arriving,
        up to the rebalance timeout; it is not cut short when every member has joined."""
        def expired():
            if group.new_member_added and remaining_ms > 0:
                group.new_member_added = False
                next_delay = min(self.initial_delay_ms, remaining_ms)
                self._schedule_initial_join(group, next_delay, max(remaining_ms - self.initial_delay_ms, 0))
            else:
                self._complete_join(group)
        self.timers.schedule(("initial-join", group.group_id), delay_ms, expired)

    def _maybe_complete_join(self, group: ClassicGroup) -> None:
        if group.state == GroupState.PREPARING_REBALANCE and group.has_all_members_joined() and \
                not self.timers.is_scheduled(("initial-join", group.group_id)):
            self._complete_join(group)

    def _complete_join(self, group: ClassicGroup) -> None:
        if group.state != GroupState.PREPARING_REBALANCE:
            return
        self.timers.cancel(("join", group.group_id))
        self.timers.cancel(("initial-join", group.group_id))
        for member in [m for m in group.members.values() if m.join_waiter is None]:
            if member.group_instance_id is None:
                log.info("group %s removes member %s, which did not rejoin in time", group.group_id,
                         member.member_id)
                group.remove_member(member.member_id)
                self.timers.cancel(("session", group.group_id, member.member_id))
        now = self.now_ms()
        group.generation_id += 1
        if not group.members:
            group.protocol_name = None
            group.transition(GroupState.EMPTY, now)
            shard = self._group_shard(group)
            if shard is not None:
                code = self._store_group(shard, group)
                if code != NONE:
                    log.warning("could not store the empty group %s (generation %d): %s", group.group_id,
                                group.generation_id, errors.for_code(code).name)
            log.info("group %s with generation %d is now empty", group.group_id, group.generation_id)
            return
        group.protocol_name = group.select_protocol()
        group.transition(GroupState.COMPLETING_REBALANCE, now)
        group.pending_sync = set(group.members)
        log.info("stabilized group %s generation %d with %d members", group.group_id, group.generation_id,
                 len(group.members))
        for member in group.members.values():
            waiter, member.join_waiter = member.join_waiter, None
            member.is_new = False
            if waiter is not None:
                waiter.deliver(self._join_result(group, member))
            self._schedule_session_timeout(group, member)
        max_rebalance = max(m.rebalance_timeout_ms for m in group.members.values())
        self.timers.schedule(("sync", group.group_id), max_rebalance, lambda: self._on_sync_timeout(group))

    def _join_result(self, group: ClassicGroup, member: Member, *, skip_assignment: bool = False) -> JoinResult:
        is_leader = member.member_id == group.leader_id
        members = []
        if is_leader:
            members = [(m.member_id, m.group_instance_id, m.metadata_for(group.protocol_name))
                       for m in group.members.values()]
        return JoinResult(NONE, member.member_id, group.generation_id, group.protocol_type, group.protocol_name,
                          group.leader_id or "", skip_assignment, members)

    def _on_sync_timeout(self, group: ClassicGroup) -> None:
        if group.state not in (GroupState.COMPLETING_REBALANCE, GroupState.STABLE) or not group.pending_sync:
            return
        missing = sorted(group.pending_sync)
        log.info("group %s: members %s did not sync in time; removing them", group.group_id, missing)
        for member_id in missing:
            member = group.members.get(member_id)
            if member is not None:
                self.timers.cancel(("session", group.group_id, member_id))
                group.remove_member(member_id)
        group.pending_sync.clear()
        self._prepare_rebalance(group, f"removing members {missing} on pending sync request expiration")

    def _remove_member_and_rebalance(self, group: ClassicGroup, member: Member, reason: str) -> None:
        self.timers.cancel(("session", group.group_id, member.member_id))
        if member.join_waiter is not None:
            member.join_waiter.deliver(JoinResult(UNKNOWN_MEMBER_ID, member.member_id))
        if member.sync_waiter is not None:
            member.sync_waiter.deliver(SyncResult(UNKNOWN_MEMBER_ID))
        group.remove_member(member.member_id)
        if group.state in (GroupState.STABLE, GroupState.COMPLETING_REBALANCE):
            self._prepare_rebalance(group, reason)
        elif group.state == GroupState.PREPARING_REBALANCE:
            self._maybe_complete_join(group)

    # --- JoinGroup -------------------------------------------------------------------------------------------
    async def join_group(self, *, group_id: str, member_id: str, group_instance_id: str | None,
                         protocol_type: str, protocols: list[tuple[str, bytes]], session_timeout_ms: int,
                         rebalance_timeout_ms: int, client_id: str, client_host: str, require_known_member_id: bool,
                         supports_skip_assignment: bool = False) -> JoinResult:
        self.timers.fire_due()
        if not group_id:
            return JoinResult(errors.INVALID_GROUP_ID.code, member_id)
        if not self.min_session_ms <= session_timeout_ms <= self.max_session_ms:
            return JoinResult(errors.INVALID_SESSION_TIMEOUT.code, member_id)
        try:
            shard = self.shard_of(group_id)
        except GroupError as exc:
            return JoinResult(exc.code, member_id)
        group = shard.groups.get(group_id)
        if group is None:
            if member_id:
                return JoinResult(UNKNOWN_MEMBER_ID, member_id)
            group = shard.groups[group_id] = ClassicGroup(group_id, current_state_timestamp=self.now_ms())
        if isinstance(group, StreamsGroup):  # no online migration for streams groups
            return JoinResult(errors.INCONSISTENT_GROUP_PROTOCOL.code, member_id)
        if isinstance(group, ConsumerGroup) and not group.members:
            # Kafka converts an empty consumer group joined with the classic protocol: its records get tombstones,
            # its offsets stay with the classic group that replaces it.
            code, _ = self._append(shard, self.consumer.tombstones(group))
            if code != NONE:
                return JoinResult(code, member_id)
            log.info("[GroupId %s] Converted the empty consumer group to a classic group.", group_id)
            group = shard.groups[group_id] = ClassicGroup(group_id, current_state_timestamp=self.now_ms(),
                                                          offsets=group.offsets,
                                                          pending_txn_offsets=group.pending_txn_offsets)
        if isinstance(group, ConsumerGroup):
            try:
                code, member_id, generation, protocol_name = self.consumer.migration.join(
                    shard, group, member_id=member_id, instance_id=group_instance_id, protocol_type=protocol_type,
                    protocols=protocols, session_timeout_ms=session_timeout_ms,
                    rebalance_timeout_ms=rebalance_timeout_ms, client_id=client_id, client_host=client_host,
                    require_known_member_id=require_known_member_id)
            except (MigrationError, HeartbeatError) as exc:
                return JoinResult(exc.code, member_id)
            if code != NONE:
                return JoinResult(code, member_id)
            return JoinResult(NONE, member_id, generation, CONSUMER_PROTOCOL_TYPE, protocol_name, leader="")
        if not group.supports_protocols(protocol_type, [name for name, _ in protocols]):
            return JoinResult(errors.INCONSISTENT_GROUP_PROTOCOL.code, member_id)
        if group.state == GroupState.DEAD:
            return JoinResult(errors.COORDINATOR_NOT_AVAILABLE.code, member_id)
        if not member_id:
            return await self._join_unknown_member(shard, group, group_instance_id, protocol_type, protocols,
                                                   session_timeout_ms, rebalance_timeout_ms, client_id,
                                                   client_host, require_known_member_id, supports_skip_assignment)
        return await self._join_known_member(group, member_id, group_instance_id, protocol_type, protocols,
                                             session_timeout_ms, rebalance_timeout_ms, client_id, client_host)

    async def _join_unknown_member(self, shard, group, instance_id, protocol_type, protocols, session_timeout_ms,
                                   rebalance_timeout_ms, client_id, client_host, require_known_member_id,
                                   supports_skip_assignment) -> JoinResult:
        new_member_id = f"{instance_id if instance_id is not None else client_id}-{uuid.uuid4()}"
        if instance_id is not None and instance_id in group.static_members:
            return await self._rejoin_static_member(shard, group, instance_id, new_member_id, protocols,
                                                    session_timeout_ms, rebalance_timeout_ms,
                                                    supports_skip_assignment)
        if group.is_full(self.max_group_size):
            return JoinResult(errors.GROUP_MAX_SIZE_REACHED.code, "")
        if instance_id is None and require_known_member_id:
            group.pending_members.add(new_member_id)
            self.timers.schedule(("pending", group.group_id, new_member_id), session_timeout_ms,
                                 lambda: self._on_pending_member_timeout(group, new_member_id))
            return JoinResult(errors.MEMBER_ID_REQUIRED.code, new_member_id)
        member = Member(new_member_id, instance_id, client_id, client_host, rebalance_timeout_ms,
                        session_timeout_ms, protocol_type, [(n, bytes(m)) for n, m in protocols], is_new=True)
        return await self._add_member_and_rebalance(group, member)

    def _on_pending_member_timeout(self, group: ClassicGroup, member_id: str) -> None:
        if member_id in group.pending_members:
            group.pending_members.discard(member_id)
            self._maybe_complete_join(group)

    async def _add_member_and_rebalance(self, group: ClassicGroup, member: Member) -> JoinResult:
        waiter = member.join_waiter = Waiter()
        group.add_member(member)
        group.pending_members.discard(member.member_id)
        self.timers.cancel(("pending", group.group_id, member.member_id))
        if group.state == GroupState.PREPARING_REBALANCE:
            group.new_member_added = True
        self._schedule_session_timeout(group, member)
        self._maybe_prepare_rebalance(group, f"adding new member {member.member_id}")
        return await self.wait(waiter)

    def _maybe_prepare_rebalance(self, group: ClassicGroup, reason: str) -> None:
        if group.state in (GroupState.STABLE, GroupState.COMPLETING_REBALANCE, GroupState.EMPTY):
            self._prepare_rebalance(group, reason)
        elif group.state == GroupState.PREPARING_REBALANCE:
            self._maybe_complete_join(group)

    async def _rejoin_static_member(self, shard, group, instance_id, new_member_id, protocols, session_timeout_ms,
                                    rebalance_timeout_ms, supports_skip_assignment) -> JoinResult:
        old_member_id = group.static_members[instance_id]
        old = group.members[old_member_id]
        if old.join_waiter is not None:
            old.join_waiter.deliver(JoinResult(errors.FENCED_INSTANCE_ID.code, old_member_id))
            old.join_waiter = None
        if old.sync_waiter is not None:
            old.sync_waiter.deliver(SyncResult(errors.FENCED_INSTANCE_ID.code))
            old.sync_waiter = None
        self.timers.cancel(("session", group.group_id, old_member_id))
        old_protocols, old_timeouts = old.protocols, (old.rebalance_timeout_ms, old.session_timeout_ms)
        current_leader = group.leader_id
        member = group.replace_static_member(instance_id, old_member_id, new_member_id)
        member.protocols = [(n, bytes(m)) for n, m in protocols]
        member.rebalance_timeout_ms, member.session_timeout_ms = rebalance_timeout_ms, session_timeout_ms
        self._schedule_session_timeout(group, member)
        if group.state == GroupState.STABLE:
            if group.select_protocol() == group.protocol_name:
                code = self._store_group(shard, group)
                if code != NONE:
                    # Kafka reverts the replacement when the record cannot be written.
                    group.replace_static_member(instance_id, new_member_id, old_member_id)
                    member.protocols = old_protocols
                    member.rebalance_timeout_ms, member.session_timeout_ms = old_timeouts
                    return JoinResult(code, "")
                log.info("static member %s of group %s rejoined as %s without a rebalance", instance_id,
                         group.group_id, new_member_id)
                if supports_skip_assignment:
                    # JoinGroup v9+: a leader learns it leads but skips the assignment (KIP-814).
                    is_leader = group.leader_id == new_member_id
                    return self._join_result(group, member, skip_assignment=is_leader)
                # Below v9, Kafka answers with the leader id from before the replacement and no members: a
                # restarted leader does not recognize itself as the leader (its new id differs), so it runs no
                # assignment that the Stable group would ignore, and only syncs (GroupCoordinator's
                # updateStaticMemberAndRebalance).
                return attrs.evolve(self._join_result(group, member), leader=current_leader or "", members=[])
            waiter = member.join_waiter = Waiter()
            self._prepare_rebalance(group, f"static member {instance_id} rejoined with a changed protocol")
            return await self.wait(waiter)
        waiter = member.join_waiter = Waiter()
        if group.state == GroupState.COMPLETING_REBALANCE:
            self._prepare_rebalance(group, f"updating metadata of static member {instance_id}")
        else:
            self._maybe_complete_join(group)
        return await self.wait(waiter)

    async def _join_known_member(self, group, member_id, instance_id, protocol_type, protocols, session_timeout_ms,
                                 rebalance_timeout_ms, client_id, client_host) -> JoinResult:
        if member_id in group.pending_members and instance_id is None:
            if group.is_full(self.max_group_size):
                group.pending_members.discard(member_id)
                return JoinResult(errors.GROUP_MAX_SIZE_REACHED.code, member_id)
            return await self._add_member_and_rebalance(group, Member(
                member_id, None, client_id, client_host, rebalance_timeout_ms, session_timeout_ms, protocol_type,
                [(n, bytes(m)) for n, m in protocols], is_new=True))
        code = self._validate_member(group, member_id, instance_id)
        if code != NONE:
            return JoinResult(code, member_id)
        member = group.members[member_id]
        if group.state == GroupState.PREPARING_REBALANCE:
            return await self._update_member_and_rebalance(group, member, protocols, session_timeout_ms,
                                                           rebalance_timeout_ms, "member rejoined")
        if group.state == GroupState.COMPLETING_REBALANCE:
            if member.matches(protocols):
                return self._join_result(group, member)
            return await self._update_member_and_rebalance(group, member, protocols, session_timeout_ms,
                                                           rebalance_timeout_ms, "member changed its protocols")
        if group.state == GroupState.STABLE:
            if member.member_id == group.leader_id or not member.matches(protocols):
                return await self._update_member_and_rebalance(group, member, protocols, session_timeout_ms,
                                                               rebalance_timeout_ms,
                                                               f"leader {member_id} re-joining or changed protocols")
            return self._join_result(group, member)
        return JoinResult(UNKNOWN_MEMBER_ID, member_id)

    async def _update_member_and_rebalance(self, group, member, protocols, session_timeout_ms,
                                           rebalance_timeout_ms, reason) -> JoinResult:
        member.protocols = [(n, bytes(m)) for n, m in protocols]
        member.session_timeout_ms, member.rebalance_timeout_ms = session_timeout_ms, rebalance_timeout_ms
        if member.join_waiter is not None:
            # A member sending JoinGroup again while one is pending: Kafka answers the older request this way.
            member.join_waiter.deliver(JoinResult(errors.REBALANCE_IN_PROGRESS.code, member.member_id))
        waiter = member.join_waiter = Waiter()
        self._maybe_prepare_rebalance(group, reason)
        return await self.wait(waiter)

    @staticmethod
    def _validate_member(group: ClassicGroup, member_id: str, instance_id: str | None) -> int:
        if instance_id is not None:
            known = group.static_members.get(instance_id)
            if known is None:
                return UNKNOWN_MEMBER_ID
            if known != member_id:
                return errors.FENCED_INSTANCE_ID.code
        elif member_id not in group.members:
            return UNKNOWN_MEMBER_ID
        return NONE

    def _existing_group(self, group_id: str) -> tuple[Shard, ClassicGroup | None]:
        shard = self.shard_of(group_id)
        return shard, shard.groups.get(group_id)

    # --- SyncGroup -------------------------------------------------------------------------------------------
    async def sync_group(self, *, group_id: str, generation_id: int, member_id: str, group_instance_id: str | None,
                         protocol_type: str | None, protocol_name: str | None,
                         assignments: Iterable[tuple[str, bytes]]) -> SyncResult:
        self.timers.fire_due()
        if not group_id:
            return SyncResult(errors.INVALID_GROUP_ID.code)
        try:
            shard, group = self._existing_group(group_id)
        except GroupError as exc:
            return SyncResult(exc.code)
        if isinstance(group, ConsumerGroup) and group.members and not isinstance(group, StreamsGroup):
            try:
                name, assignment = self.consumer.migration.sync(
                    group, member_id=member_id, instance_id=group_instance_id, generation_id=generation_id,
                    protocol_type=protocol_type, protocol_name=protocol_name)
            except MigrationError as exc:
                return SyncResult(exc.code)
            return SyncResult(NONE, CONSUMER_PROTOCOL_TYPE, name, assignment)
        if group is None or isinstance(group, ConsumerGroup):
            return SyncResult(UNKNOWN_MEMBER_ID)
        if group.state == GroupState.DEAD:
            return SyncResult(errors.COORDINATOR_NOT_AVAILABLE.code)
        code = self._validate_member(group, member_id, group_instance_id)
        if code != NONE:
            return SyncResult(code)
        if generation_id != group.generation_id:
            return SyncResult(errors.ILLEGAL_GENERATION.code)
        if (protocol_type is not None and protocol_type != group.protocol_type) or \
                (protocol_name is not None and protocol_name != group.protocol_name):
            return SyncResult(errors.INCONSISTENT_GROUP_PROTOCOL.code)
        member = group.members[member_id]
        if group.state == GroupState.EMPTY:
            return SyncResult(UNKNOWN_MEMBER_ID)
        if group.state == GroupState.PREPARING_REBALANCE:
            return SyncResult(errors.REBALANCE_IN_PROGRESS.code)
        group.pending_sync.discard(member_id)
        self._schedule_session_timeout(group, member)
        if group.state == GroupState.STABLE:
            return SyncResult(NONE, group.protocol_type, group.protocol_name, member.assignment)
        # CompletingRebalance
        waiter = member.sync_waiter = Waiter()
        if member_id == group.leader_id:
            given = {mid: bytes(a) for mid, a in assignments}
            for m in group.members.values():
                m.assignment = given.get(m.member_id, b"")
            generation = group.generation_id
            code = self._store_group(shard, group)
            if group.state == GroupState.COMPLETING_REBALANCE and group.generation_id == generation:
                if code != NONE:
                    for m in group.members.values():
                        m.assignment = b""
                        if m.sync_waiter is not None:
                            m.sync_waiter.deliver(SyncResult(code))
                            m.sync_waiter = None
                    self._prepare_rebalance(group, "failed to store the group's assignment")
                else:
                    for m in group.members.values():
                        if m.sync_waiter is not None:
                            m.sync_waiter.deliver(SyncResult(NONE, group.protocol_type, group.protocol_name,
                                                             m.assignment))
                            m.sync_waiter = None
                    group.transition(GroupState.STABLE, self.now_ms())
                    log.info("assignment received from leader %s for group %s for generation %d; %d members",
                             member_id, group_id, generation, len(group.members))
        return await self.wait(waiter)

    # --- Heartbeat -------------------------------------------------------------------------------------------
    def heartbeat(self, *, group_id: str, generation_id: int, member_id: str,
                  group_instance_id: str | None) -> int:
        self.timers.fire_due()
        if not group_id:
            return errors.INVALID_GROUP_ID.code
        try:
            _, group = self._existing_group(group_id)
        except GroupError as exc:
            return exc.code
        if isinstance(group, StreamsGroup):
            return UNKNOWN_MEMBER_ID
        if isinstance(group, ConsumerGroup):
            try:
                return self.consumer.migration.heartbeat(group, member_id=member_id, instance_id=group_instance_id,
                                                         generation_id=generation_id)
            except MigrationError as exc:
                return exc.code
        if group is None:
            return UNKNOWN_MEMBER_ID
        if group.state == GroupState.DEAD:
            return errors.COORDINATOR_NOT_AVAILABLE.code
        code = self._validate_member(group, member_id, group_instance_id)
        if code != NONE:
            return code
        if group.state == GroupState.EMPTY:
            return UNKNOWN_MEMBER_ID
        if generation_id != group.generation_id:
            return errors.ILLEGAL_GENERATION.code
        member = group.members[member_id]
        if member.join_waiter is None and member.sync_waiter is None:
            self._schedule_session_timeout(group, member)
        if group.state == GroupState.PREPARING_REBALANCE:
            return errors.REBALANCE_IN_PROGRESS.code
        return NONE

    # --- LeaveGroup ------------------------------------------------------------------------------------------
    def leave_group(self, group_id: str, leaving: list[tuple[str, str | None]]) -> tuple[int, list[int]]:
        """(top-level error, error per (member id, group instance id) leaving)."""
        self.timers.fire_due()
        if not group_id:
            return errors.INVALID_GROUP_ID.code, [errors.INVALID_GROUP_ID.code] * len(leaving)
        try:
            shard, group = self._existing_group(group_id)
        except GroupError as exc:
            return exc.code, [exc.code] * len(leaving)
        if isinstance(group, StreamsGroup):
            return NONE, [UNKNOWN_MEMBER_ID] * len(leaving)
        if isinstance(group, ConsumerGroup):
            try:
                return NONE, self.consumer.migration.leave(shard, group, leaving)
            except HeartbeatError as exc:  # the write failed
                return exc.code, [exc.code] * len(leaving)
        if group is None or group.state == GroupState.DEAD:
            return NONE, [UNKNOWN_MEMBER_ID] * len(leaving)
        results = []
        for member_id, instance_id in leaving:
            if instance_id is None and member_id in group.pending_members:
                group.pending_members.discard(member_id)
                self.timers.cancel(("pending", group_id, member_id))
                self._maybe_complete_join(group)
                results.append(NONE)
                continue
            if instance_id is not None:
                known = group.static_members.get(instance_id)
                if known is None:
                    results.append(UNKNOWN_MEMBER_ID)
                    continue
                if member_id and known != member_id:
                    results.append(errors.FENCED_INSTANCE_ID.code)
                    continue
                member_id = known
            member = group.members.get(member_id)
            if member is None:
                results.append(UNKNOWN_MEMBER_ID)
                continue
            log.info("member %s (instance %s) left group %s", member_id, instance_id, group_id)
            self._remove_member_and_rebalance(group, member, f"removing member {member_id} on LeaveGroup")
            results.append(NONE)
        return NONE, results

    # --- offsets ---------------------------------------------------------------------------------------------
    def _validate_commit(self, group: ClassicGroup, generation_id: int, member_id: str,
                         instance_id: str | None, transactional: bool) -> int:
        if group.state == GroupState.DEAD:
            return errors.COORDINATOR_NOT_AVAILABLE.code
        if generation_id < 0 and group.state == GroupState.EMPTY:
            # A commit from outside group management (the admin client, Spark, assign() consumers, whatever member
            # id a KIP-848 client that never subscribed sends): accepted while the group has no members.
            return NONE
        if generation_id >= 0 or member_id or instance_id is not None:
            code = self._validate_member(group, member_id, instance_id)
            if code != NONE:
                return code
            if generation_id != group.generation_id:
                return errors.ILLEGAL_GENERATION.code
        elif not transactional and group.state != GroupState.EMPTY:
            return UNKNOWN_MEMBER_ID
        if not transactional and group.state == GroupState.COMPLETING_REBALANCE:
            return errors.REBALANCE_IN_PROGRESS.code
        return NONE

    def _group_for_commit(self, group_id: str, generation_id: int, api_version: int) -> tuple[Shard, ClassicGroup]:
        shard, group = self._existing_group(group_id)
        if group is None:
            if generation_id >= 0:
                raise GroupError(errors.GROUP_ID_NOT_FOUND.code if api_version >= 9 else
                                 errors.ILLEGAL_GENERATION.code)
            group = shard.groups[group_id] = ClassicGroup(group_id, current_state_timestamp=self.now_ms())
        return shard, group

    def commit_offsets(self, *, group_id: str, generation_id: int, member_id: str, group_instance_id: str | None,
                       retention_time_ms: int, offsets: list[tuple[str, int, int, int, str | None]],
                       api_version: int) -> list[int]:
        """offsets: (topic, partition, offset, leader epoch, metadata); an error code for each."""
        self.timers.fire_due()
        if not group_id:
            return [errors.INVALID_GROUP_ID.code] * len(offsets)
        try:
            shard, group = self._group_for_commit(group_id, generation_id, api_version)
        except GroupError as exc:
            return [exc.code] * len(offsets)
        per_partition = None
        if isinstance(group, ConsumerGroup):
            code, per_partition = self.consumer.validate_commit(group, member_id, generation_id,
                                                                api_version=api_version, transactional=False)
        else:
            code = self._validate_commit(group, generation_id, member_id, group_instance_id, transactional=False)
        if code != NONE:
            self._drop_if_unused(shard, group)
            return [code] * len(offsets)
        member = group.members.get(member_id)
        if isinstance(group, ClassicGroup) and member is not None and member.join_waiter is None and \
                member.sync_waiter is None:
            self._schedule_session_timeout(group, member)
        now = self.now_ms()
        expire = now + retention_time_ms if retention_time_ms not in (-1, None) else -1
        results, entries, committed = [], [], []
        for topic, partition, offset, leader_epoch, metadata in offsets:
            if per_partition is not None and (partition_code := per_partition(topic, partition)) != NONE:
                results.append(partition_code)
                continue
            if metadata is not None and len(metadata) > OFFSET_METADATA_MAX_BYTES:
                results.append(errors.OFFSET_METADATA_TOO_LARGE.code)
                continue
            value = OffsetCommitValue(offset=offset, leader_epoch=leader_epoch, metadata=metadata or "",
                                      commit_timestamp=now, expire_timestamp=expire)
            entries.append((GR.offset_key(group_id, topic, partition), GR.offset_value(value)))
            committed.append(((topic, partition), value))
            results.append(NONE)
        if not entries:
            self._drop_if_unused(shard, group)
            return results
        code, first_offset = self._append(shard, entries)
        if code != NONE:
            self._drop_if_unused(shard, group)
            return [code if r == NONE else r for r in results]
        for i, (key, value) in enumerate(committed):
            group.offsets[key] = _committed(value, first_offset + i)
        return results

    async def replicated(self, group_id: str) -> int:
        """Wait until what the group's shard has appended is on its in-sync replicas: Kafka's coordinator runtime
        answers a write operation (any of the group APIs that may write, even one that wrote nothing itself) once
        the partition's high watermark passed the shard's last write, within offsets.commit.timeout.ms. NONE, or
        the error Kafka maps a failed replication to."""
        try:
            shard = self.shard_of(group_id)
        except GroupError as exc:
            return exc.code
        hosted = self.shards.writable(shard)
        if hosted is None:
            return errors.NOT_COORDINATOR.code
        return await wait_until_replicated(hosted, hosted.log_end_offset, self.config["offsets.commit.timeout.ms"],
                                           min_insync=False)

    async def replicated_codes(self, group_id: str, codes: list[int]) -> list[int]:
        """Per-partition answers of a write: each NONE becomes the outcome of `replicated`."""
        if errors.NONE.code not in codes:
            return codes
        replicated = await self.replicated(group_id)
        return [replicated if code == errors.NONE.code else code for code in codes]

    def fetch_offsets(self, group_id: str, wanted: list[tuple[str, int]] | None, *, require_stable: bool,
                      member_id: str | None = None,
                      member_epoch: int = -1) -> tuple[int, dict[tuple[str, int], FetchedOffset]]:
        """(group error, (topic, partition) -> offset); `wanted` None means every committed partition. A member
        id and epoch (OffsetFetch v9+) are checked against a consumer group's member."""
        self.timers.fire_due()
        try:
            _, group = self._existing_group(group_id)
        except GroupError as exc:
            return exc.code, {}
        if isinstance(group, ConsumerGroup):
            code = self.consumer.validate_fetch(group, member_id, member_epoch)
            if code != NONE:
                return code, {}
        found: dict[tuple[str, int], FetchedOffset] = {}
        pending = set()
        if group is not None:
            for offsets in group.pending_txn_offsets.values():
                pending.update(offsets)
        keys = wanted if wanted is not None else (sorted(group.offsets) if group is not None else [])
        for key in keys:
            if require_stable and key in pending:
                found[key] = FetchedOffset(-1, -1, "", errors.UNSTABLE_OFFSET_COMMIT.code)
                continue
            committed = group.offsets.get(key) if group is not None else None
            if committed is None:
                found[key] = FetchedOffset(-1, -1, "", NONE)
            else:
                found[key] = FetchedOffset(committed.offset, committed.leader_epoch, committed.metadata, NONE)
        return NONE, found

    def delete_offsets(self, group_id: str, wanted: list[tuple[str, int]]) -> tuple[int, dict[tuple[str, int], int]]:
        """OffsetDelete: (group error, per-partition error)."""
        self.timers.fire_due()
        try:
            shard, group = self._existing_group(group_id)
        except GroupError as exc:
            return exc.code, {}
        if group is None or group.state == GroupState.DEAD:
            return errors.GROUP_ID_NOT_FOUND.code, {}
        subscribed: set[str] = set()
        if isinstance(group, StreamsGroup):
            subscribed = self.streams.subscribed_topics(group)
        elif isinstance(group, ConsumerGroup):
            subscribed = self.consumer.subscribed_topics(group)
        elif group.state != GroupState.EMPTY:
            if group.protocol_type != CONSUMER_PROTOCOL_TYPE:
                return errors.NON_EMPTY_GROUP.code, {}
            subscribed = group.subscribed_topics()
        answers: dict[tuple[str, int], int] = {}
        tombstones = []
        for key in wanted:
            if key[0] in subscribed:
                answers[key] = errors.GROUP_SUBSCRIBED_TO_TOPIC.code
                continue
            answers[key] = NONE
            if key in group.offsets:
                tombstones.append(key)
        if tombstones:
            code, _ = self._append(shard, [(GR.offset_key(group_id, t, p), None) for t, p in tombstones])
            if code != NONE:
                return code, {}
            for key in tombstones:
                group.offsets.pop(key, None)
        return NONE, answers

    def on_topics_deleted(self, topics: set[str]) -> int:
        """Kafka's GroupCoordinator.onPartitionsDeleted: the offsets every group committed for a deleted topic are
        removed, with tombstones in __consumer_offsets so that a restart does not bring them back (OffsetFetch
        and the consumer-groups tool would otherwise report a topic that no longer exists). Groups stay."""
        removed = 0
        for shard in list(self.shards.states.values()):
            for group in list(shard.groups.values()):
                gone = [key for key in group.offsets if key[0] in topics]
                if not gone:
                    continue
                code, _ = self._append(shard, [(GR.offset_key(group.group_id, t, p), None) for t, p in gone])
                if code != NONE:
                    log.warning("could not remove the offsets of deleted topics from group %s: %s", group.group_id,
                                errors.for_code(code).name)
                    continue
                for key in gone:
                    group.offsets.pop(key, None)
                removed += len(gone)
        return removed

    # --- transactional offsets (TxnOffsetCommit, kbroker.txn) ------------------------------------------------
    def commit_transactional_offsets(self, *, group_id: str, producer_id: int, producer_epoch: int,
                                     generation_id: int, member_id: str, group_instance_id: str | None,
                                     offsets: list[tuple[str, int, int, int, str | None]]) -> list[int]:
        """TxnOffsetCommit: write the offsets as transactional records of the producer; they stay pending
        (invisible to OffsetFetch, UNSTABLE_OFFSET_COMMIT with require_stable) until the transaction's marker
        reaches the group's partition and `transaction_marker_written` is called."""
        self.timers.fire_due()
        try:
            shard, group = self._existing_group(group_id)
        except GroupError as exc:
            return [exc.code] * len(offsets)
        if group is None:
            if generation_id >= 0 or member_id or group_instance_id is not None:
                return [errors.ILLEGAL_GENERATION.code] * len(offsets)
            group = shard.groups[group_id] = ClassicGroup(group_id, current_state_timestamp=self.now_ms())
        per_partition = None
        if isinstance(group, ConsumerGroup):
            code, per_partition = self.consumer.validate_commit(group, member_id, generation_id, api_version=-1,
                                                                transactional=True, instance_id=group_instance_id)
            if code != NONE:
                return [code] * len(offsets)
        elif generation_id >= 0 or member_id or group_instance_id is not None:
            code = self._validate_commit(group, generation_id, member_id, group_instance_id, transactional=True)
            if code != NONE:
                return [code] * len(offsets)
        now = self.now_ms()
        results, entries, values = [], [], []
        for topic, partition, offset, leader_epoch, metadata in offsets:
            if per_partition is not None and (partition_code := per_partition(topic, partition)) != NONE:
                results.append(partition_code)
                continue
            if metadata is not None and len(metadata) > OFFSET_METADATA_MAX_BYTES:
                results.append(errors.OFFSET_METADATA_TOO_LARGE.code)
                continue
            value = OffsetCommitValue(offset=offset, leader_epoch=leader_epoch, metadata=metadata or "",
                                      commit_timestamp=now)
            entries.append((GR.offset_key(group_id, topic, partition), GR.offset_value(value)))
            values.append(((topic, partition), value))
            results.append(NONE)
        if entries:
            code, first_offset = self._append(shard, entries, producer_id=producer_id,
                                              producer_epoch=producer_epoch)
            if code != NONE:
                return [code if r == NONE else r for r in results]
            pending = group.pending_txn_offsets.setdefault(producer_id, {})
            for i, (key, value) in enumerate(values):
                pending[key] = _committed(value, first_offset + i)
        return results

    def transaction_marker_written(self, partition: int, *, producer_id: int, producer_epoch: int,
                                   commit: bool) -> None:
        """A COMMIT/ABORT marker of `producer_id` was appended to `__consumer_offsets`-`partition`: its pending
        offsets there become committed (unless a later plain commit wrote the partition) or are dropped."""
        shard = self.shards.states.get(partition)
        if shard is None:
            return
        for group in shard.groups.values():
            pending = group.pending_txn_offsets.pop(producer_id, None)
            if not pending or not commit:
                continue
            for key, offset in pending.items():
                existing = group.offsets.get(key)
                if existing is None or existing.record_offset < offset.record_offset:
                    group.offsets[key] = offset

    # --- admin -----------------------------------------------------------------------------------------------
    def describe_group(self, group_id: str) -> DescribedGroup:
        self.timers.fire_due()
        try:
            _, group = self._existing_group(group_id)
        except GroupError as exc:
            return DescribedGroup(exc.code, group_id, "", "", "", [])
        if isinstance(group, StreamsGroup):  # Kafka 4.3 describes a streams group as a dead classic one
            return DescribedGroup(NONE, group_id, GroupState.DEAD.value, "", "", [])
        if isinstance(group, ConsumerGroup):
            return DescribedGroup(errors.GROUP_ID_NOT_FOUND.code, group_id, GroupState.DEAD.value, "", "", [],
                                  f"Group {group_id} is not a classic group.")
        if group is None or group.state == GroupState.DEAD:
            return DescribedGroup(errors.GROUP_ID_NOT_FOUND.code, group_id, GroupState.DEAD.value, "", "", [])
        if group.state == GroupState.STABLE:
            members = [(m, m.metadata_for(group.protocol_name), m.assignment) for m in group.members.values()]
            return DescribedGroup(NONE, group_id, group.state.value, group.protocol_type or "",
                                  group.protocol_name or "", members)
        # Kafka's ClassicGroupMember.describeNoMetadata: no metadata, but the member's current assignment.
        members = [(m, b"", m.assignment) for m in group.members.values()]
        return DescribedGroup(NONE, group_id, group.state.value, group.protocol_type or "", "", members)

    def list_groups(self) -> list[ClassicGroup | ConsumerGroup]:
        self.timers.fire_due()
        self.load_owned_partitions()
        return [group for shard in self.shards.states.values() for group in shard.groups.values()
                if group.state.value != GroupState.DEAD.value]

    def delete_groups(self, group_ids: list[str]) -> dict[str, int]:
        self.timers.fire_due()
        answers = {}
        for group_id in group_ids:
            try:
                shard, group = self._existing_group(group_id)
            except GroupError as exc:
                answers[group_id] = exc.code
                continue
            if group is None or group.state == GroupState.DEAD:
                answers[group_id] = errors.GROUP_ID_NOT_FOUND.code
                continue
            if group.members if isinstance(group, ConsumerGroup) else group.state != GroupState.EMPTY:
                answers[group_id] = errors.NON_EMPTY_GROUP.code
                continue
            answers[group_id] = self._delete_group(shard, group)
        return answers

    def _delete_group(self, shard: Shard, group: ClassicGroup) -> int:
        entries = [(GR.offset_key(group.group_id, t, p), None) for t, p in sorted(group.offsets)]
        if isinstance(group, StreamsGroup):
            entries.extend(self.streams.tombstones(group))
        elif isinstance(group, ConsumerGroup):
            entries.extend(self.consumer.tombstones(group))
        else:
            entries.append((GR.group_key(group.group_id), None))
        code, _ = self._append(shard, entries)
        if code != NONE:
            return code
        group.offsets.clear()
        if isinstance(group, ConsumerGroup):
            group.dead = True
        else:
            group.transition(GroupState.DEAD, self.now_ms())
        shard.groups.pop(group.group_id, None)
        log.info("group %s deleted (%d offset tombstones)", group.group_id, len(entries) - 1)
        return NONE

    def expire_offsets(self) -> int:
        """offsets.retention.minutes: an empty group's offsets expire retention after the group became empty
        (or after their commit, for a group never joined); an explicit expire timestamp (OffsetCommit v2-4)
        wins. A group left with no offsets is deleted. Offsets of groups with members are kept."""
        now = self.now_ms()
        expired = 0
        for shard in list(self.shards.states.values()):
            for group in list(shard.groups.values()):
                consumer = isinstance(group, ConsumerGroup)
                if group.state.value != GroupState.EMPTY.value or group.pending_txn_offsets:
                    continue
                gone = []
                for key, committed in group.offsets.items():
                    if committed.expire_timestamp >= 0:
                        deadline = committed.expire_timestamp
                    elif consumer:  # Kafka's ConsumerGroup expires offsets from their commit time
                        deadline = committed.commit_timestamp + self.retention_ms
                    else:
                        base = group.current_state_timestamp if group.protocol_type else committed.commit_timestamp
                        base = committed.commit_timestamp if base < 0 else base
                        deadline = base + self.retention_ms
                    if now >= deadline:
                        gone.append(key)
                if not gone:
                    continue
                entries = [(GR.offset_key(group.group_id, t, p), None) for t, p in gone]
                if len(gone) == len(group.offsets):
                    entries.extend(self.streams.tombstones(group) if isinstance(group, StreamsGroup)
                                   else self.consumer.tombstones(group) if consumer
                                   else [(GR.group_key(group.group_id), None)])
                code, _ = self._append(shard, entries)
                if code != NONE:
                    continue
                for key in gone:
                    group.offsets.pop(key)
                expired += len(gone)
                log.info("removed %d expired offsets of group %s", len(gone), group.group_id)
                if not group.offsets:
                    if consumer:
                        group.dead = True
                    else:
                        group.transition(GroupState.DEAD, now)
                    shard.groups.pop(group.group_id, None)
        return expired


def _committed(value: OffsetCommitValue, record_offset: int) -> CommittedOffset:
    return CommittedOffset(value.offset, value.leader_epoch, value.metadata, value.commit_timestamp,
                           value.expire_timestamp, record_offset)
