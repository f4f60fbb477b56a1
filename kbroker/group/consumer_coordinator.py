"""KIP-848 consumer groups inside the group coordinator (Kafka's GroupMetadataManager.consumerGroupHeartbeat and
its helpers): ConsumerGroupHeartbeat (join, heartbeat, leave, static leave), the server-side target assignment,
member reconciliation, session and rebalance timeouts, the ConsumerGroup* records of `__consumer_offsets`
(written before the answer, replayed on load), ConsumerGroupDescribe, and the member-epoch checks of OffsetCommit
and OffsetFetch.

`ConsumerGroups` is owned by the GroupCoordinator (`coordinator.consumer`) and shares its shards (a group id is
one namespace: a shard's `groups` holds ClassicGroup and ConsumerGroup objects), its `_append` and its Timers.

Rules, as Kafka 4.3:
- member epoch 0 joins (creating the group, or replacing an empty classic group whose offsets it keeps); v0 lets
  the coordinator generate the member id, v1 requires the client's; -1 leaves; -2 (static members) leaves for a
  while, keeping the assignment until the same instance id rejoins or the session expires.
- a heartbeat whose epoch is neither the member's epoch nor (with a subset of its assignment as owned
  partitions) its previous one is FENCED_MEMBER_EPOCH; an unknown member is UNKNOWN_MEMBER_ID.
- the group epoch is bumped when a member joins, leaves, is fenced or changes its subscribed topic names or
  regex, and when the subscribed topics' metadata (ids, partition counts) changes. When the group epoch passes
  the target assignment epoch, the target assignment is recomputed by the preferred server assignor (most
  members' ServerAssignor, else the first of group.consumer.assignors).
- a member that has not released partitions within its rebalance timeout, or has not heartbeated within
  group.consumer.session.timeout.ms, is fenced (removed).
- a group's own configs (GROUP config resources in the metadata image, kbroker.group.group_configs) replace the
  broker's session timeout, heartbeat interval and assignment interval, kept within the broker's bounds.

When a write to `__consumer_offsets` fails, the shard is dropped from memory and reloaded from the log on next
use, so memory never holds what the log does not (a classic group's rebalance in flight on that shard restarts).

A live classic group is upgraded when a consumer-protocol member joins it, and a consumer group whose last
consumer-protocol member leaves is downgraded (kbroker.group.migration, group.consumer.migration.policy).

Gaps: regexes use Python's
`re` (full match) where Kafka uses RE2J: the same for the common syntax, but Python accepts backreferences and
lookarounds that RE2J rejects as INVALID_REGULAR_EXPRESSION; racks are ignored by the assignors; the metadata hash is kbroker's own (a 64-bit BLAKE2b of subscribed topic
names, ids and partition counts), not Kafka's Murmur3 one.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
import uuid

import attrs

from kbroker.group import assignors, group_configs
from kbroker.group import records as GR
from kbroker.group.classic import CONSUMER_PROTOCOL_TYPE, ClassicGroup, GroupState
from kbroker.group.consumer import (
    LEAVE_GROUP_MEMBER_EPOCH,
    LEAVE_GROUP_STATIC_MEMBER_EPOCH,
    ClassicMetadata,
    ConsumerGroup,
    ConsumerMember,
    MemberState,
    freeze,
    is_subset,
    reconcile,
)
from kbroker.group.member_groups import HeartbeatError, MemberGroups
from kbroker.group.migration import MigrationError, ProtocolMigration
from kbroker.protocol import errors
from kbroker.protocol.messages.group_coordinator.consumer_group_current_member_assignment_value import (
    ConsumerGroupCurrentMemberAssignmentValue,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_current_member_assignment_value import (
    TopicPartitions as CurrentTopicPartitions,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_member_metadata_value import (
    ClassicMemberMetadata,
    ClassicProtocol,
    ConsumerGroupMemberMetadataValue,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_metadata_value import (
    ConsumerGroupMetadataValue,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_target_assignment_member_value import (
    ConsumerGroupTargetAssignmentMemberValue,
    TopicPartition,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_target_assignment_metadata_value import (
    ConsumerGroupTargetAssignmentMetadataValue,
)

log = logging.getLogger(__name__)

NONE = errors.NONE.code
CONSUMER_GENERATED_MEMBER_ID_VERSION = 1
INTERNAL_TOPICS = frozenset({"__consumer_offsets", "__transaction_state"})
# Kafka's assignor class names in group.consumer.assignors map to their names.
ASSIGNOR_CLASSES = {
    "org.apache.kafka.coordinator.group.assignor.UniformAssignor": assignors.UNIFORM,
    "org.apache.kafka.coordinator.group.assignor.RangeAssignor": assignors.RANGE,
}


@attrs.frozen
class HeartbeatResult:
    error: int
    message: str | None = None
    member_id: str | None = None
    member_epoch: int = 0
    heartbeat_interval_ms: int = 0
    assignment: dict | None = None  # topic id -> partitions, when the answer carries one


def kafka_uuid_string() -> str:
    """A random id written as Kafka's Uuid.toString (URL-safe base64 without padding, never starting with '-')."""
    while True:
        text = base64.urlsafe_b64encode(uuid.uuid4().bytes).rstrip(b"=").decode()
        if not text.startswith("-"):
            return text


def _topic_partitions(partitions) -> list[tuple[uuid.UUID, list[int]]]:
    return [(topic, sorted(ps)) for topic, ps in sorted(partitions.items(), key=lambda kv: str(kv[0]))]


def _current_value(member: ConsumerMember) -> ConsumerGroupCurrentMemberAssignmentValue:
    def parts(partitions):
        return [CurrentTopicPartitions(topic_id=t, partitions=ps,
                                       assignment_epochs=[member.epochs.get((t, p), member.member_epoch) for p in ps])
                for t, ps in _topic_partitions(partitions)]
    return ConsumerGroupCurrentMemberAssignmentValue(
        member_epoch=member.member_epoch, previous_member_epoch=member.previous_member_epoch,
        state=int(member.state), assigned_partitions=parts(member.assigned),
        partitions_pending_revocation=parts(member.pending_revocation))


def _subscription_value(member: ConsumerMember) -> ConsumerGroupMemberMetadataValue:
    return ConsumerGroupMemberMetadataValue(
        instance_id=member.instance_id, rack_id=member.rack_id, client_id=member.client_id,
        client_host=member.client_host, subscribed_topic_names=list(member.subscribed_topic_names),
        subscribed_topic_regex=member.subscribed_topic_regex, rebalance_timeout_ms=member.rebalance_timeout_ms,
        server_assignor=member.server_assignor, classic_member_metadata=None if member.classic is None else
        ClassicMemberMetadata(session_timeout_ms=member.classic.session_timeout_ms, supported_protocols=[
            ClassicProtocol(name=name, metadata=metadata) for name, metadata in member.classic.protocols]))


def _target_value(partitions) -> ConsumerGroupTargetAssignmentMemberValue:
    return ConsumerGroupTargetAssignmentMemberValue(topic_partitions=[
        TopicPartition(topic_id=t, partitions=ps) for t, ps in _topic_partitions(partitions)])


def _partitions_of(parts) -> dict:
    return freeze({p.topic_id: set(p.partitions) for p in parts})


def _epochs_of(parts, default: int) -> dict:
    epochs = {}
    for p in parts:
        given = p.assignment_epochs if p.assignment_epochs is not None and \
            len(p.assignment_epochs) == len(p.partitions) else [default] * len(p.partitions)
        epochs.update({(p.topic_id, partition): epoch for partition, epoch in zip(p.partitions, given, strict=True)})
    return epochs


class ConsumerGroups(MemberGroups):
    group_class = ConsumerGroup
    timer_prefix = "consumer"
    group_noun = "group"
    describe_noun = "consumer group"
    assigned_noun = "partitions"

    def __init__(self, coordinator, config, image):
        super().__init__(coordinator, config["group.consumer.session.timeout.ms"])
        self.image = image  # callable: the current MetadataImage (or None: no topics)
        self.heartbeat_interval_ms = config["group.consumer.heartbeat.interval.ms"]
        self.max_size = config["group.consumer.max.size"]
        self.assignment_interval_ms = config["group.consumer.assignment.interval.ms"]
        names = [ASSIGNOR_CLASSES.get(name, name) for name in config["group.consumer.assignors"]]
        self.assignors = {name: assignors.ASSIGNORS[name] for name in names if name in assignors.ASSIGNORS}
        self.default_assignor = next(iter(self.assignors), assignors.UNIFORM)
        self.config = config
        self.migration = ProtocolMigration(self, config)

    subscription_value = staticmethod(_subscription_value)

    # --- a group's own configs (GROUP config resources) -------------------------------------------------------
    def _group_setting(self, group_id: str, name: str, fallback: int) -> int:
        """The group's own value of `name` kept within the broker's bounds (Kafka's GroupConfig.evaluate), or
        the broker's `fallback` when the group has none."""
        image = self.image()
        return group_configs.effective_int(image.group_configs if image is not None else {}, self.config,
                                           group_id, name, fallback)

    def session_timeout_of(self, group_id: str) -> int:
        return self._group_setting(group_id, group_configs.CONSUMER_SESSION_TIMEOUT_MS, self.session_timeout_ms)

    def heartbeat_interval_of(self, group_id: str) -> int:
        return self._group_setting(group_id, group_configs.CONSUMER_HEARTBEAT_INTERVAL_MS, self.heartbeat_interval_ms)

    # --- topics ----------------------------------------------------------------------------------------------
    def _topics(self):
        image = self.image()
        return image.topics_by_name if image is not None else {}

    def _subscribed_topic_names(self, member: ConsumerMember, topics) -> set[str]:
        names = set(member.subscribed_topic_names)
        if member.subscribed_topic_regex:
            try:
                pattern = re.compile(member.subscribed_topic_regex)
            except re.error:
                return names
            names.update(name for name in topics if name not in INTERNAL_TOPICS and pattern.fullmatch(name))
        return names

    def _metadata_hash(self, group: ConsumerGroup, topics) -> int:
        names = set()
        for member in group.members.values():
            names |= self._subscribed_topic_names(member, topics)
        if not any(name in topics for name in names):
            return 0
        digest = hashlib.blake2b(digest_size=8)
        for name in sorted(names):
            topic = topics.get(name)
            if topic is not None:
                digest.update(f"{name}\0{topic.topic_id}\0{len(topic.partitions)}\0".encode())
        return int.from_bytes(digest.digest(), "big", signed=True)

    # --- validation ------------------------------------------------------------------------------------------
    def _validate(self, r, api_version: int) -> None:
        def not_empty(value, message):
            if value is not None and not value.strip():
                raise HeartbeatError(errors.INVALID_REQUEST.code, message)
        if api_version >= CONSUMER_GENERATED_MEMBER_ID_VERSION or r.member_epoch > 0 or \
                r.member_epoch == LEAVE_GROUP_MEMBER_EPOCH:
            not_empty(r.member_id, "MemberId can't be empty.")
        not_empty(r.group_id, "GroupId can't be empty.")
        not_empty(r.instance_id, "InstanceId can't be empty.")
        not_empty(r.rack_id, "RackId can't be empty.")
        if r.member_epoch == 0:
            if r.rebalance_timeout_ms == -1:
                raise HeartbeatError(errors.INVALID_REQUEST.code, "RebalanceTimeoutMs must be provided in first request.")
            if r.topic_partitions is None or r.topic_partitions:
                raise HeartbeatError(errors.INVALID_REQUEST.code, "TopicPartitions must be empty when (re-)joining.")
            if r.subscribed_topic_names is None and r.subscribed_topic_regex is None:
                raise HeartbeatError(errors.INVALID_REQUEST.code, "Either SubscribedTopicNames or "
                                     "SubscribedTopicRegex must be non-null when (re-)joining.")
        elif r.member_epoch == LEAVE_GROUP_STATIC_MEMBER_EPOCH:
            if r.instance_id is None:
                raise HeartbeatError(errors.INVALID_REQUEST.code, "InstanceId can't be null.")
        elif r.member_epoch < LEAVE_GROUP_STATIC_MEMBER_EPOCH:
            raise HeartbeatError(errors.INVALID_REQUEST.code, "MemberEpoch is invalid.")
        if r.subscribed_topic_regex is not None:
            try:
                re.compile(r.subscribed_topic_regex)
            except re.error as exc:
                raise HeartbeatError(errors.INVALID_REGULAR_EXPRESSION.code,
                                     f"SubscribedTopicRegex `{r.subscribed_topic_regex}` is not a valid regular "
                                     f"expression: {exc}.") from None
        if r.server_assignor is not None and r.server_assignor not in self.assignors:
            raise HeartbeatError(errors.UNSUPPORTED_ASSIGNOR.code,
                                 f"ServerAssignor {r.server_assignor} is not supported. Supported assignors: "
                                 f"{', '.join(self.assignors)}.")

    @staticmethod
    def _check_epoch(member: ConsumerMember, received: int, owned) -> None:
        if received == 0:  # a (re)join is never fenced
            return
        if received > member.member_epoch:
            raise HeartbeatError(errors.FENCED_MEMBER_EPOCH.code,
                                 f"The consumer group member has a greater member epoch ({received}) than the one "
                                 f"known by the group coordinator ({member.member_epoch}). The member must abandon "
                                 "all its partitions and rejoin.")
        if received < member.member_epoch and (received != member.previous_member_epoch or
                                               not is_subset(owned, member.assigned)):
            raise HeartbeatError(errors.FENCED_MEMBER_EPOCH.code,
                                 f"The consumer group member has a smaller member epoch ({received}) than the one "
                                 f"known by the group coordinator ({member.member_epoch}). The member must abandon "
                                 "all its partitions and rejoin.")

    @staticmethod
    def _fenced_instance(member_id: str, instance_id: str, owner: str) -> HeartbeatError:
        return HeartbeatError(errors.FENCED_INSTANCE_ID.code,
                              f"Static member {member_id} with instance id {instance_id} was fenced by member {owner}.")

    @staticmethod
    def _unknown_member(group_id: str, member_id: str) -> HeartbeatError:
        return HeartbeatError(errors.UNKNOWN_MEMBER_ID.code, f"Member {member_id} is not a member of group {group_id}.")

    # --- groups ----------------------------------------------------------------------------------------------
    def _group(self, shard, group_id: str, *, create: bool, entries: list) -> ConsumerGroup:
        group = shard.groups.get(group_id)
        if group is None and not create:
            raise HeartbeatError(errors.GROUP_ID_NOT_FOUND.code, f"Consumer group {group_id} not found.")
        if type(group) is ConsumerGroup:  # not a StreamsGroup
            return group
        if group is None:
            return ConsumerGroup(group_id, group_epoch=1, current_state_timestamp=self.coordinator.now_ms())
        if create and isinstance(group, ClassicGroup) and group.state in (GroupState.EMPTY, GroupState.DEAD) \
                and not group.members:
            # Kafka converts an empty classic group: a tombstone of its metadata; its offsets stay.
            entries.append((GR.group_key(group_id), None))
            log.info("[GroupId %s] Converted the empty classic group to a consumer group.", group_id)
            return ConsumerGroup(group_id, group_epoch=1, current_state_timestamp=self.coordinator.now_ms(),
                                 offsets=group.offsets, pending_txn_offsets=group.pending_txn_offsets)
        if create and isinstance(group, ClassicGroup):
            try:
                return self.migration.upgrade(group, entries)
            except MigrationError as exc:
                raise HeartbeatError(exc.code, exc.message) from None
        raise HeartbeatError(errors.GROUP_ID_NOT_FOUND.code, f"Group {group_id} is not a consumer group")

    # --- ConsumerGroupHeartbeat ------------------------------------------------------------------------------
    def heartbeat(self, request, *, api_version: int, client_id: str, client_host: str) -> HeartbeatResult:
        from kbroker.group.coordinator import GroupError  # the coordinator module imports this one

        coordinator = self.coordinator
        coordinator.timers.fire_due()
        try:
            self._validate(request, api_version)
            shard = coordinator.shard_of(request.group_id)
            if request.member_epoch in (LEAVE_GROUP_MEMBER_EPOCH, LEAVE_GROUP_STATIC_MEMBER_EPOCH):
                return self._leave(shard, request)
            return self._heartbeat(shard, request, client_id, client_host)
        except HeartbeatError as exc:
            return HeartbeatResult(exc.code, exc.message)
        except GroupError as exc:  # NOT_COORDINATOR
            return HeartbeatResult(exc.code)

    def _heartbeat(self, shard, r, client_id: str, client_host: str) -> HeartbeatResult:
        entries: list = []
        group_id = r.group_id
        joining = r.member_epoch == 0
        previous = shard.groups.get(group_id)
        upgrading = joining and isinstance(previous, ClassicGroup) and bool(previous.members)
        group = self._group(shard, group_id, create=joining, entries=entries)
        member_id = r.member_id
        if len(group.members) >= self.max_size and (not member_id or member_id not in group.members):
            raise HeartbeatError(errors.GROUP_MAX_SIZE_REACHED.code,
                                 f"The consumer group has reached its maximum capacity of {self.max_size} members.")
        if not member_id:
            member_id = kafka_uuid_string()
        owned = None if r.topic_partitions is None else [(t.topic_id, list(t.partitions)) for t in r.topic_partitions]
        member = self._member(group, member_id, r, owned, entries)
        updated = attrs.evolve(
            member,
            instance_id=r.instance_id if r.instance_id is not None else member.instance_id,
            rack_id=r.rack_id if r.rack_id is not None else member.rack_id,
            rebalance_timeout_ms=r.rebalance_timeout_ms if r.rebalance_timeout_ms != -1 else member.rebalance_timeout_ms,
            server_assignor=r.server_assignor if r.server_assignor is not None else member.server_assignor,
            subscribed_topic_names=(tuple(r.subscribed_topic_names) if r.subscribed_topic_names is not None
                                    else member.subscribed_topic_names),
            subscribed_topic_regex=(r.subscribed_topic_regex if r.subscribed_topic_regex is not None
                                    else member.subscribed_topic_regex),
            client_id=client_id, client_host=client_host)
        if r.subscribed_topic_regex == "":
            updated = attrs.evolve(updated, subscribed_topic_regex=None)
        bump = False
        if updated != member:
            if _subscription_value(updated) != _subscription_value(member) or member_id not in group.members:
                entries.append(GR.consumer_record(GR.CONSUMER_GROUP_MEMBER_METADATA_TYPE, group_id, member_id,
                                                  _subscription_value(updated)))
            if updated.subscribed_topic_names != member.subscribed_topic_names or \
                    updated.subscribed_topic_regex != member.subscribed_topic_regex:
                bump = True
        group.put_member(updated)
        topics = self._topics()
        self.maybe_bump_and_assign(group, topics, entries, bump)
        before = group.members[member_id]
        changed = updated.subscribed_topic_names != member.subscribed_topic_names or \
            updated.subscribed_topic_regex != member.subscribed_topic_regex
        after = self._reconcile(group, before, owned, entries, topics, changed)
        self._commit(shard, group, entries)
        if upgrading:
            self.migration.schedule_converted(group)
        self._schedule_session_timeout(group_id, member_id)
        full = r.rebalance_timeout_ms != -1 and (r.subscribed_topic_names is not None or
                                                r.subscribed_topic_regex is not None) and owned is not None
        assignment = None
        if joining or full or after.assigned != member.assigned:
            assignment = dict(after.assigned)
        return HeartbeatResult(NONE, None, member_id, after.member_epoch, self.heartbeat_interval_of(group_id),
                               assignment)

    def maybe_bump_and_assign(self, group: ConsumerGroup, topics, entries: list, bump: bool) -> None:
        """Bump the group epoch when a subscription or the subscribed topics' metadata changed, then compute a
        new target assignment when the group epoch is ahead of it (and the assignment interval allows)."""
        metadata_hash = self._metadata_hash(group, topics)
        if bump or metadata_hash != group.metadata_hash:
            group.group_epoch += 1
            group.metadata_hash = metadata_hash
            entries.append(GR.consumer_record(GR.CONSUMER_GROUP_METADATA_TYPE, group.group_id, None,
                                              ConsumerGroupMetadataValue(epoch=group.group_epoch,
                                                                         metadata_hash=metadata_hash)))
            log.info("[GroupId %s] Bumped group epoch to %d.", group.group_id, group.group_epoch)
        if group.group_epoch > group.assignment_epoch and self._may_assign(group):
            self._update_target(group, topics, entries)

    def records_of_new_group(self, group: ConsumerGroup, entries: list) -> None:
        """The records of a whole group, as Kafka's ConsumerGroup.createConsumerGroupRecords writes them."""
        gid = group.group_id
        for member in group.members.values():
            entries.append(GR.consumer_record(GR.CONSUMER_GROUP_MEMBER_METADATA_TYPE, gid, member.member_id,
                                              _subscription_value(member)))
        entries.append(GR.consumer_record(GR.CONSUMER_GROUP_METADATA_TYPE, gid, None, ConsumerGroupMetadataValue(
            epoch=group.group_epoch, metadata_hash=group.metadata_hash)))
        for member in group.members.values():
            entries.append(GR.consumer_record(GR.CONSUMER_GROUP_TARGET_MEMBER_TYPE, gid, member.member_id,
                                              _target_value(group.target.get(member.member_id, {}))))
        entries.append(GR.consumer_record(
            GR.CONSUMER_GROUP_TARGET_METADATA_TYPE, gid, None,
            ConsumerGroupTargetAssignmentMetadataValue(assignment_epoch=group.assignment_epoch,
                                                       assignment_timestamp=group.assignment_timestamp)))
        for member in group.members.values():
            entries.append(GR.consumer_record(GR.CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE, gid, member.member_id,
                                              _current_value(member)))

    def _member(self, group: ConsumerGroup, member_id: str, r, owned, entries: list) -> ConsumerMember:
        joining = r.member_epoch == 0
        if r.instance_id is None:
            member = group.members.get(member_id)
            if member is None:
                if not joining:
                    raise self._unknown_member(group.group_id, member_id)
                log.info("[GroupId %s] Member %s joins the consumer group using the consumer protocol.",
                         group.group_id, member_id)
                return ConsumerMember(member_id)
            self._check_epoch(member, r.member_epoch, owned)
            return member
        existing = group.static_member(r.instance_id)
        if joining:
            if existing is None:
                log.info("[GroupId %s] Static member %s with instance id %s joins the consumer group.",
                         group.group_id, member_id, r.instance_id)
                member = group.members.get(member_id)
                if member is not None:
                    self._check_epoch(member, 0, owned)
                    return member
                return ConsumerMember(member_id)
            if existing.member_epoch != LEAVE_GROUP_STATIC_MEMBER_EPOCH:
                raise HeartbeatError(errors.UNRELEASED_INSTANCE_ID.code,
                                     f"Static member {member_id} with instance id {r.instance_id} cannot join the "
                                     f"group because the instance id is owned by {existing.member_id} member.")
            replacement = attrs.evolve(existing, member_id=member_id, member_epoch=0, previous_member_epoch=0)
            target = group.target.get(existing.member_id, {})
            self._remove(group, existing, entries)
            group.put_member(replacement)
            group.target[member_id] = target
            entries.append(GR.consumer_record(GR.CONSUMER_GROUP_MEMBER_METADATA_TYPE, group.group_id, member_id,
                                              _subscription_value(replacement)))
            entries.append(GR.consumer_record(GR.CONSUMER_GROUP_TARGET_MEMBER_TYPE, group.group_id, member_id,
                                              _target_value(target)))
            entries.append(GR.consumer_record(GR.CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE, group.group_id, member_id,
                                              _current_value(replacement)))
            log.info("[GroupId %s] Static member with instance id %s re-joins the consumer group. Created a new "
                     "member %s to replace the existing member %s.", group.group_id, r.instance_id, member_id,
                     existing.member_id)
            return replacement
        if existing is None:
            raise HeartbeatError(errors.UNKNOWN_MEMBER_ID.code, f"Instance id {r.instance_id} is unknown.")
        if existing.member_id != member_id:
            raise self._fenced_instance(member_id, r.instance_id, existing.member_id)
        self._check_epoch(existing, r.member_epoch, owned)
        return existing

    def _may_assign(self, group: ConsumerGroup) -> bool:
        """group.consumer.assignment.interval.ms: a new target assignment at most once per interval (Kafka 4.3);
        until then members reconcile towards the previous one."""
        interval = self._group_setting(group.group_id, group_configs.CONSUMER_ASSIGNMENT_INTERVAL_MS,
                                       self.assignment_interval_ms)
        return group.assignment_timestamp == 0 or interval == 0 or \
            self.coordinator.now_ms() >= group.assignment_timestamp + interval

    def _update_target(self, group: ConsumerGroup, topics, entries: list) -> None:
        subscriptions = {}
        for member in group.members.values():
            ids = set()
            for name in self._subscribed_topic_names(member, topics):
                topic = topics.get(name)
                if topic is not None:
                    ids.add(topic.topic_id)
            subscriptions[member.member_id] = ids
        counts = {topic.topic_id: len(topic.partitions)
                  for name in {n for m in group.members.values() for n in self._subscribed_topic_names(m, topics)}
                  if (topic := topics.get(name)) is not None}
        assignor = group.preferred_assignor(self.default_assignor)
        computed = self.assignors.get(assignor, assignors.uniform)(subscriptions, counts, group.target)
        for member_id, partitions in sorted(computed.items()):
            frozen = freeze(partitions)
            if group.target.get(member_id) != frozen or member_id not in group.target:
                entries.append(GR.consumer_record(GR.CONSUMER_GROUP_TARGET_MEMBER_TYPE, group.group_id, member_id,
                                                  _target_value(frozen)))
            group.target[member_id] = frozen
        group.assignment_epoch = group.group_epoch
        group.assignment_timestamp = self.coordinator.now_ms()
        entries.append(GR.consumer_record(
            GR.CONSUMER_GROUP_TARGET_METADATA_TYPE, group.group_id, None,
            ConsumerGroupTargetAssignmentMetadataValue(assignment_epoch=group.assignment_epoch,
                                                       assignment_timestamp=group.assignment_timestamp)))
        log.info("[GroupId %s] Computed a new target assignment for epoch %d with '%s' assignor.", group.group_id,
                 group.assignment_epoch, assignor)

    def _reconcile(self, group: ConsumerGroup, member: ConsumerMember, owned, entries: list, topics,
                   subscription_changed: bool) -> ConsumerMember:
        if member.is_reconciled_to(group.assignment_epoch) and not subscription_changed:
            return member
        subscribed = {topic.topic_id for name in self._subscribed_topic_names(member, topics)
                      if (topic := topics.get(name)) is not None}
        updated = reconcile(member, group.assignment_epoch, group.target.get(member.member_id, {}),
                            group.partition_epoch, owned, subscribed, subscription_changed)
        return self._record_reconciled(group, member, updated, entries)

    def _current_record(self, group: ConsumerGroup, member: ConsumerMember):
        return GR.consumer_record(GR.CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE, group.group_id, member.member_id,
                                  _current_value(member))

    # --- leaving and fencing ---------------------------------------------------------------------------------
    def _leave(self, shard, r) -> HeartbeatResult:
        group = shard.groups.get(r.group_id)
        if type(group) is not ConsumerGroup:
            raise HeartbeatError(errors.GROUP_ID_NOT_FOUND.code, f"Group {r.group_id} not found." if group is None
                                 else f"Group {r.group_id} is not a consumer group.")
        entries: list = []
        if r.instance_id is None:
            member = group.members.get(r.member_id)
            if member is None:
                raise self._unknown_member(group.group_id, r.member_id)
            log.info("[GroupId %s] Member %s left the consumer group.", group.group_id, r.member_id)
            if self.migration.may_downgrade(group, member.member_id):
                self.migration.downgrade(shard, group, member.member_id)
                return HeartbeatResult(NONE, None, r.member_id, r.member_epoch, 0, None)
            self._fence(group, member, entries)
        else:
            member = group.static_member(r.instance_id)
            if member is None:
                raise HeartbeatError(errors.UNKNOWN_MEMBER_ID.code, f"Instance id {r.instance_id} is unknown.")
            if member.member_id != r.member_id:
                raise self._fenced_instance(r.member_id, r.instance_id, member.member_id)
            if r.member_epoch == LEAVE_GROUP_STATIC_MEMBER_EPOCH:
                log.info("[GroupId %s] Static member %s with instance id %s temporarily left the consumer group.",
                         group.group_id, r.member_id, r.instance_id)
                left = attrs.evolve(member, member_epoch=LEAVE_GROUP_STATIC_MEMBER_EPOCH, pending_revocation={})
                group.put_member(left)
                entries.append(GR.consumer_record(GR.CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE, group.group_id,
                                                  member.member_id, _current_value(left)))
            else:
                log.info("[GroupId %s] Static member %s with instance id %s left the consumer group.",
                         group.group_id, r.member_id, r.instance_id)
                if self.migration.may_downgrade(group, member.member_id):
                    self.migration.downgrade(shard, group, member.member_id)
                    return HeartbeatResult(NONE, None, r.member_id, r.member_epoch, 0, None)
                self._fence(group, member, entries)
        self._commit(shard, group, entries)
        return HeartbeatResult(NONE, None, r.member_id, r.member_epoch, 0, None)

    def _remove(self, group: ConsumerGroup, member: ConsumerMember, entries: list) -> None:
        for record_type in (GR.CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE, GR.CONSUMER_GROUP_TARGET_MEMBER_TYPE,
                            GR.CONSUMER_GROUP_MEMBER_METADATA_TYPE):
            entries.append(GR.consumer_record(record_type, group.group_id, member.member_id, None))
        group.remove_member(member.member_id)
        group.target.pop(member.member_id, None)
        self._cancel_timeouts(group.group_id, member.member_id)

    def _fence(self, group: ConsumerGroup, member: ConsumerMember, entries: list) -> None:
        """Remove the member and bump the group epoch (Kafka's consumerGroupFenceMember)."""
        self._remove(group, member, entries)
        self.bump_after_removal(group, entries)

    def bump_after_removal(self, group: ConsumerGroup, entries: list) -> None:
        """Members were removed: a new metadata hash and the next group epoch."""
        group.metadata_hash = self._metadata_hash(group, self._topics())
        group.group_epoch += 1
        entries.append(GR.consumer_record(GR.CONSUMER_GROUP_METADATA_TYPE, group.group_id, None,
                                          ConsumerGroupMetadataValue(epoch=group.group_epoch,
                                                                     metadata_hash=group.metadata_hash)))
        if not group.members:
            group.current_state_timestamp = self.coordinator.now_ms()

    def _fence_and_commit(self, shard, group: ConsumerGroup, member: ConsumerMember) -> None:
        if self.migration.may_downgrade(group, member.member_id):
            self.migration.downgrade(shard, group, member.member_id)
            return
        super()._fence_and_commit(shard, group, member)

    # --- loading ---------------------------------------------------------------------------------------------
    def replay(self, shard, record: GR.ConsumerRecord) -> None:
        group = shard.groups.get(record.group)
        if not isinstance(group, ConsumerGroup):
            if record.value is None:
                return
            old = group
            group = ConsumerGroup(record.group, group_epoch=1)
            if isinstance(old, ClassicGroup):
                group.offsets, group.pending_txn_offsets = old.offsets, old.pending_txn_offsets
            shard.groups[record.group] = group
        value, member_id = record.value, record.member_id
        kind = record.record_type
        if kind == GR.CONSUMER_GROUP_METADATA_TYPE:
            if value is None:
                if group.offsets or group.pending_txn_offsets:
                    shard.groups[record.group] = ClassicGroup(record.group, offsets=group.offsets,
                                                              pending_txn_offsets=group.pending_txn_offsets)
                else:
                    shard.groups.pop(record.group, None)
            else:
                group.group_epoch, group.metadata_hash = value.epoch, value.metadata_hash
        elif kind == GR.CONSUMER_GROUP_TARGET_METADATA_TYPE:
            group.assignment_epoch = value.assignment_epoch if value is not None else 0
            group.assignment_timestamp = value.assignment_timestamp if value is not None else 0
        elif kind == GR.CONSUMER_GROUP_TARGET_MEMBER_TYPE:
            if value is None:
                group.target.pop(member_id, None)
            else:
                group.target[member_id] = _partitions_of(value.topic_partitions)
        elif kind == GR.CONSUMER_GROUP_MEMBER_METADATA_TYPE:
            if value is None:
                group.remove_member(member_id)
            else:
                member = group.members.get(member_id) or ConsumerMember(member_id)
                group.put_member(attrs.evolve(
                    member, instance_id=value.instance_id, rack_id=value.rack_id, client_id=value.client_id,
                    client_host=value.client_host, subscribed_topic_names=tuple(value.subscribed_topic_names),
                    subscribed_topic_regex=value.subscribed_topic_regex,
                    rebalance_timeout_ms=value.rebalance_timeout_ms, server_assignor=value.server_assignor,
                    classic=None if value.classic_member_metadata is None else ClassicMetadata(
                        value.classic_member_metadata.session_timeout_ms,
                        tuple((p.name, bytes(p.metadata)) for p in value.classic_member_metadata.supported_protocols))))
        elif kind == GR.CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE:
            member = group.members.get(member_id)
            if value is None:
                if member is not None:
                    group.put_member(attrs.evolve(member, member_epoch=0, previous_member_epoch=0,
                                                  state=MemberState.STABLE, assigned={}, pending_revocation={},
                                                  epochs={}))
            else:
                epochs = _epochs_of(value.assigned_partitions, value.member_epoch)
                epochs.update(_epochs_of(value.partitions_pending_revocation, value.member_epoch))
                group.put_member(attrs.evolve(
                    member or ConsumerMember(member_id), member_epoch=value.member_epoch,
                    previous_member_epoch=value.previous_member_epoch, state=MemberState(value.state),
                    assigned=_partitions_of(value.assigned_partitions),
                    pending_revocation=_partitions_of(value.partitions_pending_revocation), epochs=epochs))

    def _member_session_timeout(self, member: ConsumerMember) -> int | None:
        return None if member.classic is None else member.classic.session_timeout_ms

    def tombstones(self, group: ConsumerGroup) -> list:
        """The records deleting the group (its offsets are deleted by the caller)."""
        entries = []
        for member_id in sorted(group.members):
            for record_type in (GR.CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE, GR.CONSUMER_GROUP_TARGET_MEMBER_TYPE,
                                GR.CONSUMER_GROUP_MEMBER_METADATA_TYPE):
                entries.append(GR.consumer_record(record_type, group.group_id, member_id, None))
        entries.append(GR.consumer_record(GR.CONSUMER_GROUP_TARGET_METADATA_TYPE, group.group_id, None, None))
        entries.append(GR.consumer_record(GR.CONSUMER_GROUP_METADATA_TYPE, group.group_id, None, None))
        return entries

    def subscribed_topics(self, group: ConsumerGroup) -> set[str]:
        topics = self._topics()
        names: set[str] = set()
        for member in group.members.values():
            names |= self._subscribed_topic_names(member, topics)
        return names

    # --- offsets ---------------------------------------------------------------------------------------------
    def validate_commit(self, group: ConsumerGroup, member_id: str, member_epoch: int, *, api_version: int,
                        transactional: bool, instance_id: str | None = None):
        """Kafka 4.3's ConsumerGroup.validateOffsetCommit: (group-wide error, per-partition check or None). An
        epoch older than the member's may commit a partition the member holds (or is revoking) that was assigned
        at or before that epoch; otherwise STALE_MEMBER_EPOCH for that partition."""
        if member_epoch < 0 and not group.members:
            return NONE, None
        if transactional and member_epoch == -1 and member_id == "" and instance_id is None:
            return NONE, None
        member = group.members.get(member_id)
        if member is None:
            return errors.UNKNOWN_MEMBER_ID.code, None
        if member.classic is not None:  # a classic-protocol member commits with its generation
            return (NONE if member_epoch == member.member_epoch else errors.ILLEGAL_GENERATION.code), None
        if not transactional and api_version < 9:
            return errors.UNSUPPORTED_VERSION.code, None
        if member_epoch == member.member_epoch:
            return NONE, None
        if member_epoch > member.member_epoch:
            return errors.STALE_MEMBER_EPOCH.code, None
        topics = self._topics()

        def check(topic: str, partition: int) -> int:
            found = topics.get(topic)
            epoch = member.epochs.get((found.topic_id, partition)) if found is not None else None
            if epoch is None or member_epoch < epoch:
                return errors.STALE_MEMBER_EPOCH.code
            return NONE
        return NONE, check

    @staticmethod
    def validate_fetch(group: ConsumerGroup, member_id: str | None, member_epoch: int) -> int:
        if member_id is None and member_epoch < 0:
            return NONE
        member = group.members.get(member_id)
        if member is None:
            return errors.UNKNOWN_MEMBER_ID.code
        if member_epoch != member.member_epoch:
            return errors.STALE_MEMBER_EPOCH.code
        return NONE

    def topic_name(self, topic_id: uuid.UUID) -> str:
        image = self.image()
        topic = image.topic_by_id(topic_id) if image is not None else None
        return topic.name if topic is not None else ""


__all__ = ["CONSUMER_PROTOCOL_TYPE", "ConsumerGroups", "HeartbeatError", "HeartbeatResult"]
