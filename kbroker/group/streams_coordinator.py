"""KIP-1071 streams groups inside the group coordinator (Kafka 4.3's GroupMetadataManager.streamsGroupHeartbeat
and its helpers): StreamsGroupHeartbeat (join with the topology, heartbeat, leave), the topology against the
topics (kbroker.group.streams.configure, internal topics to create), the server-side task assignment
(kbroker.group.streams_assignor), member reconciliation (the consumer group's, over tasks), session and rebalance
timeouts, and StreamsGroupDescribe.

`StreamsGroups` is owned by the GroupCoordinator (`coordinator.streams`) and shares its shards: a streams group
lives in a shard's `groups` beside classic and consumer groups (one namespace), keeps its offsets there, and its
members commit offsets (OffsetCommit, TxnOffsetCommit) under the consumer group's checks (member id and epoch).

Rules, as Kafka 4.3:
- member epoch 0 joins with the topology; the first member of an empty group sets the group's topology; -1
  leaves; -2 (static member) leaves as -1 does here.
- the group epoch is bumped when a member joins or leaves or is fenced, and when the topology's tasks change
  (topics created, partitions added); a new target assignment is computed when the group epoch passes the
  assignment epoch, but not before group.streams.initial.rebalance.delay.ms after the group was created
  (ASSIGNMENT_DELAYED status meanwhile).
- a heartbeat whose epoch is neither the member's nor its previous one (with owned tasks within its assignment)
  is FENCED_MEMBER_EPOCH; an unknown member is UNKNOWN_MEMBER_ID; a member silent for
  group.streams.session.timeout.ms, or holding revoked tasks past its rebalance timeout, is fenced.

The group's records (kbroker.group.streams_records: epoch, topology, members, target and current assignments) are
written to `__consumer_offsets` before the answer and replayed on load, as Kafka's are.

Gaps (SKIPPED_FEATURES.md): no standby or warm-up tasks, no interactive-query endpoint map, static members leave as
dynamic ones, the shutdown-application request is not relayed.
"""

from __future__ import annotations

import hashlib
import logging

import attrs

from kbroker.group import records as GR
from kbroker.group import streams_assignor
from kbroker.group import streams_records as SR
from kbroker.group.classic import ClassicGroup, GroupState
from kbroker.group.consumer import (
    LEAVE_GROUP_MEMBER_EPOCH,
    LEAVE_GROUP_STATIC_MEMBER_EPOCH,
    ConsumerGroup,
    MemberState,
    is_subset,
    reconcile,
)
from kbroker.group.member_groups import HeartbeatError, MemberGroups
from kbroker.group.streams import (
    ASSIGNMENT_DELAYED,
    STALE_TOPOLOGY,
    ConfiguredTopology,
    StreamsGroup,
    StreamsMember,
    TopicInfo,
    configure,
    topology_from_request,
)
from kbroker.protocol import errors
from kbroker.protocol.messages.group_coordinator.streams_group_metadata_value import StreamsGroupMetadataValue
from kbroker.protocol.messages.group_coordinator.streams_group_target_assignment_metadata_value import (
    StreamsGroupTargetAssignmentMetadataValue,
)

log = logging.getLogger(__name__)

NONE = errors.NONE.code
ACCEPTABLE_RECOVERY_LAG = 10000
TASK_OFFSET_INTERVAL_MS = 60000


@attrs.frozen
class StreamsHeartbeatResult:
    error: int
    message: str | None = None
    member_id: str = ""
    member_epoch: int = 0
    heartbeat_interval_ms: int = 0
    statuses: tuple[tuple[int, str], ...] = ()
    active_tasks: dict | None = None  # subtopology id -> partitions, when the answer carries the assignment
    endpoint_epoch: int = 0
    to_create: tuple[TopicInfo, ...] = ()


def _metadata_hash(configured: ConfiguredTopology) -> int:
    """What the topology amounts to on the current topics (task counts, statuses), as a 64-bit hash: the group
    epoch is bumped when it changes (kbroker's own hash, stored in StreamsGroupMetadataValue.MetadataHash)."""
    digest = hashlib.blake2b(digest_size=8)
    digest.update(repr((sorted(configured.tasks.items()), [code for code, _ in configured.statuses])).encode())
    return int.from_bytes(digest.digest(), "big", signed=True)


def _owned(task_ids) -> list[tuple[str, list[int]]] | None:
    return None if task_ids is None else [(t.subtopology_id, list(t.partitions)) for t in task_ids]


class StreamsGroups(MemberGroups):
    group_class = StreamsGroup
    timer_prefix = "streams"
    group_noun = "streams group"
    describe_noun = "streams group"
    assigned_noun = "tasks"

    def __init__(self, coordinator, config, image):
        super().__init__(coordinator, config["group.streams.session.timeout.ms"])
        self.image = image  # callable: the current MetadataImage (or None: no topics)
        self.heartbeat_interval_ms = config["group.streams.heartbeat.interval.ms"]
        self.max_size = config["group.streams.max.size"]
        self.initial_delay_ms = config["group.streams.initial.rebalance.delay.ms"]

    def _topic_partition_counts(self) -> dict[str, int]:
        image = self.image()
        topics = image.topics_by_name if image is not None else {}
        return {name: len(topic.partitions) for name, topic in topics.items()}

    # --- validation ------------------------------------------------------------------------------------------
    @staticmethod
    def _validate(r) -> None:
        def not_empty(value, message):
            if value is not None and not value.strip():
                raise HeartbeatError(errors.INVALID_REQUEST.code, message)
        if r.member_id is None or not r.member_id.strip():
            raise HeartbeatError(errors.INVALID_REQUEST.code, "MemberId can't be empty.")
        not_empty(r.group_id, "GroupId can't be empty.")
        not_empty(r.instance_id, "InstanceId can't be empty.")
        not_empty(r.rack_id, "RackId can't be empty.")
        if r.member_epoch == 0:
            if r.rebalance_timeout_ms == -1:
                raise HeartbeatError(errors.INVALID_REQUEST.code, "RebalanceTimeoutMs must be provided in first request.")
            for name, tasks in (("ActiveTasks", r.active_tasks), ("StandbyTasks", r.standby_tasks),
                                ("WarmupTasks", r.warmup_tasks)):
                if tasks:
                    raise HeartbeatError(errors.INVALID_REQUEST.code, f"{name} must be empty when (re-)joining.")
            if r.topology is None:
                raise HeartbeatError(errors.INVALID_REQUEST.code, "Topology must be non-null when (re-)joining.")
        elif r.member_epoch == LEAVE_GROUP_STATIC_MEMBER_EPOCH:
            if r.instance_id is None:
                raise HeartbeatError(errors.INVALID_REQUEST.code, "InstanceId can't be null.")
        elif r.member_epoch < LEAVE_GROUP_STATIC_MEMBER_EPOCH:
            raise HeartbeatError(errors.INVALID_REQUEST.code, f"MemberEpoch is {r.member_epoch}, but must be greater "
                                 "than or equal to -2.")

    @staticmethod
    def _check_epoch(member: StreamsMember, received: int, owned) -> None:
        if received == 0:
            return
        if received > member.member_epoch or (received < member.member_epoch and (
                received != member.previous_member_epoch or not is_subset(owned, member.assigned))):
            raise HeartbeatError(errors.FENCED_MEMBER_EPOCH.code,
                                 f"The streams group member has a {'greater' if received > member.member_epoch else 'smaller'}"
                                 f" member epoch ({received}) than the one known by the group coordinator "
                                 f"({member.member_epoch}). The member must abandon all its tasks and rejoin.")

    # --- groups ----------------------------------------------------------------------------------------------
    def _group(self, shard, group_id: str, *, create: bool, entries: list) -> StreamsGroup:
        group = shard.groups.get(group_id)
        if isinstance(group, StreamsGroup):
            return group
        if group is None and not create:
            raise HeartbeatError(errors.GROUP_ID_NOT_FOUND.code, f"Streams group {group_id} not found.")
        now = self.coordinator.now_ms()
        if group is None:
            return StreamsGroup(group_id, group_epoch=0, current_state_timestamp=now,
                                assignment_not_before_ms=now + self.initial_delay_ms)
        empty_classic = isinstance(group, ClassicGroup) and group.state in (GroupState.EMPTY, GroupState.DEAD) \
            and not group.members
        empty_consumer = type(group) is ConsumerGroup and not group.members
        if create and (empty_classic or empty_consumer):
            # An empty group of another type holding only offsets: the streams group takes them over.
            entries.extend([(GR.group_key(group_id), None)] if empty_classic else
                           self.coordinator.consumer.tombstones(group))
            log.info("[GroupId %s] Converted the empty %s group to a streams group.", group_id,
                     "classic" if empty_classic else "consumer")
            return StreamsGroup(group_id, group_epoch=0, current_state_timestamp=now,
                                assignment_not_before_ms=now + self.initial_delay_ms,
                                offsets=group.offsets, pending_txn_offsets=group.pending_txn_offsets)
        raise HeartbeatError(errors.GROUP_ID_NOT_FOUND.code, f"Group {group_id} is not a streams group.")

    # --- StreamsGroupHeartbeat -------------------------------------------------------------------------------
    def heartbeat(self, request, *, client_id: str, client_host: str) -> StreamsHeartbeatResult:
        from kbroker.group.coordinator import GroupError  # the coordinator module imports this one

        self.coordinator.timers.fire_due()
        try:
            self._validate(request)
            shard = self.coordinator.shard_of(request.group_id)
            if request.member_epoch in (LEAVE_GROUP_MEMBER_EPOCH, LEAVE_GROUP_STATIC_MEMBER_EPOCH):
                return self._leave(shard, request)
            return self._heartbeat(shard, request, client_id, client_host)
        except HeartbeatError as exc:
            return StreamsHeartbeatResult(exc.code, exc.message)
        except GroupError as exc:  # NOT_COORDINATOR
            return StreamsHeartbeatResult(exc.code)

    def _heartbeat(self, shard, r, client_id: str, client_host: str) -> StreamsHeartbeatResult:
        joining = r.member_epoch == 0
        entries: list = []
        group = self._group(shard, r.group_id, create=joining, entries=entries)
        group_id = group.group_id
        member = group.members.get(r.member_id)
        if member is None:
            if not joining:
                raise HeartbeatError(errors.UNKNOWN_MEMBER_ID.code,
                                     f"Member {r.member_id} is not a member of group {r.group_id}.")
            if len(group.members) >= self.max_size:
                raise HeartbeatError(errors.GROUP_MAX_SIZE_REACHED.code,
                                     f"The streams group has reached its maximum capacity of {self.max_size} members.")
            member = StreamsMember(r.member_id)
        owned = _owned(r.active_tasks)
        self._check_epoch(member, r.member_epoch, owned)
        statuses: list[tuple[int, str]] = []
        bump = False
        if joining and r.topology is not None:
            topology = topology_from_request(r.topology)
            if group.topology is None or not group.members or \
                    (set(group.members) == {member.member_id} and group.topology != topology):
                if group.topology != topology:
                    group.topology, group.configured = topology, None
                    entries.append(SR.streams_record(SR.TOPOLOGY_TYPE, group_id, None, SR.topology_value(topology)))
                    bump = True
            elif topology.epoch != group.topology.epoch:
                statuses.append((STALE_TOPOLOGY, f"The member's topology epoch {topology.epoch} is behind the "
                                 f"group's topology epoch {group.topology.epoch}."))
        updated = attrs.evolve(
            member,
            instance_id=r.instance_id if r.instance_id is not None else member.instance_id,
            rack_id=r.rack_id if r.rack_id is not None else member.rack_id,
            rebalance_timeout_ms=r.rebalance_timeout_ms if r.rebalance_timeout_ms != -1 else member.rebalance_timeout_ms,
            process_id=r.process_id if r.process_id is not None else member.process_id,
            topology_epoch=r.topology.epoch if r.topology is not None else member.topology_epoch,
            user_endpoint=(r.user_endpoint.host, r.user_endpoint.port) if r.user_endpoint is not None
            else member.user_endpoint,
            client_tags=tuple((kv.key, kv.value) for kv in r.client_tags) if r.client_tags is not None
            else member.client_tags,
            client_id=client_id, client_host=client_host)
        if member.member_id not in group.members:
            bump = True
            log.info("[GroupId %s] Member %s joined the streams group.", group_id, member.member_id)
        if member.member_id not in group.members or SR.member_value(updated) != SR.member_value(member):
            entries.append(SR.streams_record(SR.MEMBER_METADATA_TYPE, group_id, member.member_id,
                                             SR.member_value(updated)))
        group.put_member(updated)
        configured = configure(group.topology, self._topic_partition_counts()) if group.topology is not None \
            else ConfiguredTopology({})
        group.configured = configured
        metadata_hash = _metadata_hash(configured)
        if metadata_hash != group.metadata_hash:
            bump = True
        if bump:
            group.group_epoch += 1
            group.metadata_hash = metadata_hash
            entries.append(self._epoch_record(group))
            log.info("[GroupId %s] Bumped streams group epoch to %d.", group_id, group.group_epoch)
        target_epoch, target = group.assignment_epoch, None
        if group.group_epoch > group.assignment_epoch:
            if self.coordinator.now_ms() < group.assignment_not_before_ms:
                statuses.append((ASSIGNMENT_DELAYED, "Assignment delayed due to the configured initial rebalance "
                                 "delay."))
                target_epoch, target = group.group_epoch, {}
            else:
                self._update_target(group, entries)
                target_epoch = group.assignment_epoch
        if target is None:
            target = group.target.get(updated.member_id, {})
        after = self._reconcile(group, group.members[updated.member_id], owned, target_epoch, target, entries)
        self._commit(shard, group, entries)
        self._schedule_session_timeout(group.group_id, after.member_id)
        changed = after.assigned != member.assigned or after.member_epoch != member.member_epoch
        tasks = {s: sorted(ps) for s, ps in after.assigned.items()} if joining or owned is not None or changed \
            else None
        return StreamsHeartbeatResult(NONE, None, after.member_id, after.member_epoch, self.heartbeat_interval_ms,
                                      (*statuses, *configured.statuses), tasks, group.endpoint_epoch,
                                      configured.to_create)

    @staticmethod
    def _epoch_record(group: StreamsGroup):
        validated = group.topology.epoch if group.topology is not None and group.configured is not None \
            and group.configured.ready else -1
        return SR.streams_record(SR.METADATA_TYPE, group.group_id, None, StreamsGroupMetadataValue(
            epoch=group.group_epoch, metadata_hash=group.metadata_hash, validated_topology_epoch=validated,
            last_assignment_configs=None))

    def _update_target(self, group: StreamsGroup, entries: list) -> None:
        if any(m.member_epoch >= group.group_epoch for m in group.members.values()):
            # Members reached this epoch with the empty assignment of the initial delay: the first real target
            # assignment needs an epoch of its own for them to move to it.
            group.group_epoch += 1
            entries.append(self._epoch_record(group))
        old_target = group.target
        previous = {}
        for member_id, member in group.members.items():
            keep = dict(group.target.get(member_id, {}))
            keep.update(member.assigned)
            previous[member_id] = keep
        tasks = group.configured.tasks if group.configured is not None else {}
        group.target = streams_assignor.assign(tasks, group.members, previous)
        for member_id, member_tasks in sorted(group.target.items()):
            if old_target.get(member_id) != member_tasks:
                entries.append(SR.streams_record(SR.TARGET_MEMBER_TYPE, group.group_id, member_id,
                                                 SR.target_value(member_tasks)))
        group.assignment_epoch = group.group_epoch
        group.assignment_timestamp = self.coordinator.now_ms()
        entries.append(SR.streams_record(SR.TARGET_METADATA_TYPE, group.group_id, None,
                                         StreamsGroupTargetAssignmentMetadataValue(
                                             assignment_epoch=group.assignment_epoch,
                                             assignment_timestamp=group.assignment_timestamp)))
        log.info("[GroupId %s] Computed a new target assignment for epoch %d: %s.", group.group_id,
                 group.group_epoch, {m: {s: sorted(ps) for s, ps in t.items()} for m, t in group.target.items()})

    def _reconcile(self, group: StreamsGroup, member: StreamsMember, owned, target_epoch: int,
                   target, entries: list) -> StreamsMember:
        if member.is_reconciled_to(target_epoch):
            return member
        updated = reconcile(member, target_epoch, target, group.partition_epoch, owned)
        return self._record_reconciled(group, member, updated, entries)

    def _current_record(self, group: StreamsGroup, member: StreamsMember):
        return SR.streams_record(SR.CURRENT_ASSIGNMENT_TYPE, group.group_id, member.member_id,
                                 SR.current_value(member))

    # --- leaving and fencing ---------------------------------------------------------------------------------
    def _leave(self, shard, r) -> StreamsHeartbeatResult:
        group = shard.groups.get(r.group_id)
        if not isinstance(group, StreamsGroup):
            raise HeartbeatError(errors.GROUP_ID_NOT_FOUND.code, f"Streams group {r.group_id} not found.")
        member = group.members.get(r.member_id)
        if member is None:
            raise HeartbeatError(errors.UNKNOWN_MEMBER_ID.code,
                                 f"Member {r.member_id} is not a member of group {r.group_id}.")
        log.info("[GroupId %s] Member %s left the streams group.", group.group_id, r.member_id)
        entries: list = []
        self._fence(group, member, entries)
        self._commit(shard, group, entries)
        return StreamsHeartbeatResult(NONE, None, r.member_id, r.member_epoch, 0)

    def _fence(self, group: StreamsGroup, member: StreamsMember, entries: list) -> None:
        """Remove the member (tombstones of its records) and bump the group epoch."""
        entries.extend(SR.streams_record(t, group.group_id, member.member_id, None) for t in SR.MEMBER_TYPES)
        group.remove_member(member.member_id)
        group.target.pop(member.member_id, None)
        self._cancel_timeouts(group.group_id, member.member_id)
        group.group_epoch += 1
        entries.append(self._epoch_record(group))
        if not group.members:
            group.current_state_timestamp = self.coordinator.now_ms()

    # --- loading ---------------------------------------------------------------------------------------------
    def replay(self, shard, record: SR.StreamsRecord) -> None:
        group = shard.groups.get(record.group)
        if not isinstance(group, StreamsGroup):
            if record.value is None:
                return
            old = group
            group = StreamsGroup(record.group)
            if old is not None:
                group.offsets, group.pending_txn_offsets = old.offsets, old.pending_txn_offsets
            shard.groups[record.group] = group
        value, member_id, kind = record.value, record.member_id, record.record_type
        if kind == SR.METADATA_TYPE:
            if value is None:
                if group.offsets or group.pending_txn_offsets:
                    shard.groups[record.group] = ClassicGroup(record.group, offsets=group.offsets,
                                                              pending_txn_offsets=group.pending_txn_offsets)
                else:
                    shard.groups.pop(record.group, None)
            else:
                group.group_epoch, group.metadata_hash = value.epoch, value.metadata_hash
        elif kind == SR.TOPOLOGY_TYPE:
            group.topology = SR.topology_of(value) if value is not None else None
        elif kind == SR.TARGET_METADATA_TYPE:
            group.assignment_epoch = value.assignment_epoch if value is not None else 0
            group.assignment_timestamp = value.assignment_timestamp if value is not None else 0
        elif kind == SR.TARGET_MEMBER_TYPE:
            if value is None:
                group.target.pop(member_id, None)
            else:
                group.target[member_id] = SR.tasks_of(value.active_tasks)
        elif kind == SR.MEMBER_METADATA_TYPE:
            if value is None:
                group.remove_member(member_id)
            else:
                group.put_member(SR.with_member_value(group.members.get(member_id) or StreamsMember(member_id), value))
        elif kind == SR.CURRENT_ASSIGNMENT_TYPE:
            member = group.members.get(member_id)
            if value is None:
                if member is not None:
                    group.put_member(attrs.evolve(member, member_epoch=0, previous_member_epoch=0,
                                                  state=MemberState.STABLE, assigned={}, pending_revocation={},
                                                  epochs={}))
            else:
                epochs = SR.epochs_of(value.active_tasks, value.member_epoch)
                epochs.update(SR.epochs_of(value.active_tasks_pending_revocation, value.member_epoch))
                group.put_member(attrs.evolve(
                    member or StreamsMember(member_id), member_epoch=value.member_epoch,
                    previous_member_epoch=value.previous_member_epoch, state=MemberState(value.state),
                    assigned=SR.tasks_of(value.active_tasks),
                    pending_revocation=SR.tasks_of(value.active_tasks_pending_revocation), epochs=epochs))

    @staticmethod
    def tombstones(group: StreamsGroup) -> list:
        """The records deleting the group (its offsets are deleted by the caller)."""
        entries = [SR.streams_record(t, group.group_id, member_id, None)
                   for member_id in sorted(group.members) for t in SR.MEMBER_TYPES]
        for record_type in (SR.TARGET_METADATA_TYPE, SR.TOPOLOGY_TYPE, SR.METADATA_TYPE):
            entries.append(SR.streams_record(record_type, group.group_id, None, None))
        return entries

    @staticmethod
    def subscribed_topics(group: StreamsGroup) -> set[str]:
        """The topics a streams group with members reads (Kafka's StreamsGroup.isSubscribedToTopic): its source and
        repartition topics; their offsets cannot be deleted (GROUP_SUBSCRIBED_TO_TOPIC)."""
        if not group.members or group.topology is None:
            return set()
        return {name for s in group.topology.subtopologies
                for name in (*s.source_topics, *(info.name for info in s.repartition_source_topics))}


__all__ = ["StreamsGroups", "StreamsHeartbeatResult"]
