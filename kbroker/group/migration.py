"""Online migration between the classic and the consumer group protocol (KIP-848's upgrade path, Kafka 4.3.1's
GroupMetadataManager): converting a live classic group to a consumer group when the first consumer-protocol member
joins it, serving its remaining classic-protocol members inside the consumer group (JoinGroup, SyncGroup,
Heartbeat, LeaveGroup), and converting it back to a classic group when its last consumer-protocol member leaves.

Rules, as Kafka's:
- group.consumer.migration.policy (disabled, downgrade, upgrade, bidirectional) allows each direction.
- Upgrade (ConsumerGroupHeartbeat joining a classic group with members that use the `consumer` protocol type): the
  classic group's pending JoinGroup/SyncGroup answers get REBALANCE_IN_PROGRESS; its metadata gets a tombstone; each
  member becomes a consumer-group member at the generation as its epoch, STABLE, holding its last assignment (also
  its target), keeping its classic session timeout and protocols; the joining member then bumps the group epoch.
- A classic member in a consumer group: JoinGroup updates its subscription (from its first protocol's metadata) and
  reconciles it with the partitions it says it owns; the answer has its member epoch as the generation and no
  leader, so it syncs as a follower; SyncGroup gives it its current assignment (REBALANCE_IN_PROGRESS while the
  group epoch is ahead of it, unless it is revoking); Heartbeat answers REBALANCE_IN_PROGRESS when it must rejoin
  (behind the group epoch, revoking, or waiting for partitions that are now free); LeaveGroup removes it and bumps
  the group epoch. A generation other than its epoch is ILLEGAL_GENERATION; a member using the consumer protocol
  is UNKNOWN_MEMBER_ID to these APIs.
- Downgrade (the last consumer-protocol member leaves or is fenced, others remain): the consumer group's records get
  tombstones and a classic group is stored with the remaining members and their current assignments at the group
  epoch as generation, then rebalanced so they rejoin.

Gaps: static members are not replaced across protocols (Kafka's downgrade on a static member's replacement); a
classic member's SyncGroup is not awaited within its rebalance timeout (Kafka's sync timeout).
"""

from __future__ import annotations

import logging
import uuid

import attrs

from kbroker.group import records as GR
from kbroker.group.classic import CONSUMER_PROTOCOL_TYPE, ClassicGroup, GroupState, Member
from kbroker.group.consumer import ClassicMetadata, ConsumerGroup, ConsumerMember, MemberState, freeze
from kbroker.protocol import errors
from kbroker.protocol.messages.consumer_protocol_assignment import ConsumerProtocolAssignment
from kbroker.protocol.messages.consumer_protocol_assignment import TopicPartition as AssignedPartitions
from kbroker.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription

log = logging.getLogger(__name__)

NONE = errors.NONE.code
POLICIES = ("disabled", "downgrade", "upgrade", "bidirectional")


class MigrationError(Exception):
    def __init__(self, code: int, message: str | None = None):
        super().__init__(message or errors.for_code(code).name)
        self.code = code
        self.message = message


def _version_of(metadata: bytes) -> int:
    return int.from_bytes(bytes(metadata[:2]), "big", signed=True) if len(metadata) >= 2 else 0


def parse_subscription(metadata: bytes) -> ConsumerProtocolSubscription:
    """ConsumerProtocol.deserializeSubscription: an int16 version, then the subscription at that version (a newer
    one read as the newest kbroker knows). ValueError when it does not parse."""
    raw = memoryview(bytes(metadata))
    version = min(max(_version_of(metadata), 0), ConsumerProtocolSubscription.HIGHEST_VERSION)
    subscription, _ = ConsumerProtocolSubscription.decode(raw, 2, version)
    return subscription


def parse_assignment(data: bytes) -> dict[str, list[int]]:
    if not data:
        return {}
    raw = memoryview(bytes(data))
    version = min(max(_version_of(data), 0), ConsumerProtocolAssignment.HIGHEST_VERSION)
    assignment, _ = ConsumerProtocolAssignment.decode(raw, 2, version)
    return {tp.topic: list(tp.partitions) for tp in assignment.assigned_partitions}


def encode_assignment(partitions: dict[str, list[int]], version: int) -> bytes:
    version = min(max(version, 0), ConsumerProtocolAssignment.HIGHEST_VERSION)
    assignment = ConsumerProtocolAssignment(assigned_partitions=[
        AssignedPartitions(topic=topic, partitions=sorted(ps)) for topic, ps in sorted(partitions.items())])
    return version.to_bytes(2, "big", signed=True) + assignment.encode(version)


class ProtocolMigration:
    """Owned by the group coordinator (`coordinator.migration`); works on the shards through `ConsumerGroups`."""

    def __init__(self, consumer_groups, config):
        self.consumers = consumer_groups
        self.coordinator = consumer_groups.coordinator
        policy = str(config.get("group.consumer.migration.policy", "bidirectional") or "bidirectional").lower()
        self.upgrade_enabled = policy in ("upgrade", "bidirectional")
        self.downgrade_enabled = policy in ("downgrade", "bidirectional")
        self.classic_max_size = config["group.max.size"]

    # --- names and ids -----------------------------------------------------------------------------------------
    def _ids(self, by_name: dict[str, list[int]]) -> dict:
        topics = self.consumers._topics()
        out: dict[uuid.UUID, set[int]] = {}
        for name, partitions in by_name.items():
            topic = topics.get(name)
            if topic is not None:
                out.setdefault(topic.topic_id, set()).update(partitions)
        return freeze(out)

    def _names(self, partitions) -> dict[str, list[int]]:
        image = self.consumers.image()
        out = {}
        for topic_id, ps in partitions.items():
            topic = image.topic_by_id(topic_id) if image is not None else None
            if topic is not None:
                out[topic.name] = sorted(ps)
        return out

    def assignment_bytes(self, member: ConsumerMember) -> bytes:
        version = _version_of(member.classic.protocols[0][1]) if member.classic and member.classic.protocols else 0
        return encode_assignment(self._names(member.assigned), version)

    # --- upgrade -----------------------------------------------------------------------------------------------
    def upgrade(self, classic: ClassicGroup, entries: list) -> ConsumerGroup:
        """The consumer group a live classic group becomes (Kafka's convertToConsumerGroup), its records added to
        `entries`; MigrationError GROUP_ID_NOT_FOUND when Kafka refuses the upgrade."""
        group_id = classic.group_id
        reason = None
        if not self.upgrade_enabled:
            reason = "the online upgrade is disabled"
        elif classic.protocol_type != CONSUMER_PROTOCOL_TYPE:
            reason = "the group does not use the consumer embedded protocol"
        elif len(classic.members) > self.consumers.max_size:
            reason = "the group size exceeds the consumer group maximum size"
        if reason is not None:
            log.info("Cannot upgrade classic group %s to consumer group because %s.", group_id, reason)
            raise MigrationError(errors.GROUP_ID_NOT_FOUND.code,
                                 f"Cannot upgrade classic group {group_id} to consumer group because {reason}.")
        generation = classic.generation_id
        members = []
        try:
            for m in classic.members.values():
                metadata = m.metadata_for(classic.protocol_name) if classic.protocol_name else m.protocols[0][1]
                subscription = parse_subscription(metadata)
                assigned = self._ids(parse_assignment(m.assignment))
                members.append(ConsumerMember(
                    m.member_id, instance_id=m.group_instance_id, rack_id=subscription.rack_id,
                    client_id=m.client_id, client_host=m.client_host,
                    subscribed_topic_names=tuple(subscription.topics), rebalance_timeout_ms=m.rebalance_timeout_ms,
                    member_epoch=generation, previous_member_epoch=generation, state=MemberState.STABLE,
                    assigned=assigned, epochs={(t, p): generation for t, ps in assigned.items() for p in ps},
                    classic=ClassicMetadata(m.session_timeout_ms, tuple((n, bytes(md)) for n, md in m.protocols))))
        except (KeyError, ValueError, IndexError):
            raise MigrationError(errors.GROUP_ID_NOT_FOUND.code,
                                 f"Cannot upgrade the classic group {group_id} to consumer group because the "
                                 "embedded consumer protocol is malformed.") from None
        from kbroker.group.coordinator import (  # the coordinator module imports this one
            JoinResult,
            SyncResult,
        )

        rebalancing = errors.REBALANCE_IN_PROGRESS.code
        for m in classic.members.values():
            if m.join_waiter is not None:
                m.join_waiter.deliver(JoinResult(rebalancing, m.member_id))
                m.join_waiter = None
            if m.sync_waiter is not None:
                m.sync_waiter.deliver(SyncResult(rebalancing))
                m.sync_waiter = None
        self.coordinator.cancel_classic_timers(classic)
        entries.append((GR.group_key(group_id), None))
        group = ConsumerGroup(group_id, group_epoch=generation, assignment_epoch=generation,
                              current_state_timestamp=self.coordinator.now_ms(), offsets=classic.offsets,
                              pending_txn_offsets=classic.pending_txn_offsets)
        for member in members:
            group.put_member(member)
            group.target[member.member_id] = member.assigned
        group.metadata_hash = self.consumers._metadata_hash(group, self.consumers._topics())
        self.consumers.records_of_new_group(group, entries)
        log.info("[GroupId %s] Converted the classic group to a consumer group with %d members at epoch %d.",
                 group_id, len(members), generation)
        return group

    def schedule_converted(self, group: ConsumerGroup) -> None:
        for member in group.members.values():
            if member.classic is not None:
                self.consumers._schedule_session_timeout(group.group_id, member.member_id,
                                                         member.classic.session_timeout_ms)

    # --- downgrade ---------------------------------------------------------------------------------------------
    def may_downgrade(self, group: ConsumerGroup, leaving_member_id: str) -> bool:
        """Kafka's validateOnlineDowngradeWithFencedMember."""
        others = [m for mid, m in group.members.items() if mid != leaving_member_id]
        if not others or any(m.classic is None for m in others):
            return False
        if not self.downgrade_enabled:
            log.info("Cannot downgrade consumer group %s to classic group because the online downgrade is disabled.",
                     group.group_id)
            return False
        if len(others) > self.classic_max_size:
            log.info("Cannot downgrade consumer group %s to classic group because its group size is greater than "
                     "classic group max size.", group.group_id)
            return False
        return True

    def downgrade(self, shard, group: ConsumerGroup, leaving_member_id: str) -> None:
        """Replace the consumer group by a classic group of its other members (Kafka's convertToClassicGroup) and
        rebalance it; the consumer group's tombstones and the classic group's metadata are written."""
        group_id = group.group_id
        entries = self.consumers.tombstones(group)
        for member_id in list(group.members):
            self.coordinator.timers.cancel(("consumer-session", group_id, member_id))
            self.coordinator.timers.cancel(("consumer-rebalance", group_id, member_id))
        classic = ClassicGroup(group_id, state=GroupState.STABLE, generation_id=group.group_epoch,
                               protocol_type=CONSUMER_PROTOCOL_TYPE, current_state_timestamp=self.coordinator.now_ms(),
                               offsets=group.offsets, pending_txn_offsets=group.pending_txn_offsets)
        for member in group.members.values():
            if member.member_id == leaving_member_id:
                continue
            classic.add_member(Member(member.member_id, member.instance_id, member.client_id, member.client_host,
                                      member.rebalance_timeout_ms, member.classic.session_timeout_ms,
                                      CONSUMER_PROTOCOL_TYPE, list(member.classic.protocols),
                                      self.assignment_bytes(member)))
        classic.protocol_name = classic.select_protocol()
        self.consumers._commit(shard, group, entries)
        shard.groups[group_id] = classic
        code = self.coordinator._store_group(shard, classic)
        if code != NONE:
            log.warning("could not store the classic group %s converted from a consumer group: %s", group_id,
                        errors.for_code(code).name)
        log.info("[GroupId %s] Converted the consumer group to a classic group.", group_id)
        for member in classic.members.values():
            self.coordinator._schedule_session_timeout(classic, member)
        self.coordinator._prepare_rebalance(classic, f"Downgrade group {group_id} from consumer to classic.")

    # --- classic members in a consumer group ---------------------------------------------------------------------
    def _classic_member(self, group: ConsumerGroup, member_id: str, instance_id: str | None) -> ConsumerMember:
        if instance_id is not None:
            found = group.static_member(instance_id)
            if found is None:
                raise MigrationError(errors.UNKNOWN_MEMBER_ID.code)
            if found.member_id != member_id:
                raise MigrationError(errors.FENCED_INSTANCE_ID.code)
            member = found
        else:
            member = group.members.get(member_id)
            if member is None:
                raise MigrationError(errors.UNKNOWN_MEMBER_ID.code)
        if member.classic is None:
            raise MigrationError(errors.UNKNOWN_MEMBER_ID.code, f"Member {member.member_id} does not use the "
                                                                "classic protocol.")
        return member

    def join(self, shard, group: ConsumerGroup, *, member_id: str, instance_id: str | None, protocol_type: str,
             protocols: list[tuple[str, bytes]], session_timeout_ms: int, rebalance_timeout_ms: int, client_id: str,
             client_host: str, require_known_member_id: bool):
        """Kafka's classicGroupJoinToConsumerGroup: (error, member id, generation, protocol name)."""
        consumers = self.consumers
        unknown = not member_id
        if unknown:
            member_id = str(uuid.uuid4())
        if len(group.members) >= consumers.max_size and member_id not in group.members:
            raise MigrationError(errors.GROUP_MAX_SIZE_REACHED.code)
        if protocol_type != CONSUMER_PROTOCOL_TYPE or not protocols:
            raise MigrationError(errors.INCONSISTENT_GROUP_PROTOCOL.code)
        existing = group.members.get(member_id)
        if existing is not None and existing.classic is None:
            raise MigrationError(errors.UNKNOWN_MEMBER_ID.code)
        if unknown and require_known_member_id and instance_id is None:
            log.info("[GroupId %s] Dynamic member with unknown member id joins the consumer group. Created a new "
                     "member id %s and requesting the member to rejoin with this id.", group.group_id, member_id)
            return errors.MEMBER_ID_REQUIRED.code, member_id, -1, None
        try:
            subscription = parse_subscription(protocols[0][1])
        except ValueError:
            raise MigrationError(errors.INCONSISTENT_GROUP_PROTOCOL.code) from None
        entries: list = []
        member = existing if existing is not None else ConsumerMember(member_id)
        updated = attrs.evolve(
            member, instance_id=instance_id if instance_id is not None else member.instance_id,
            rack_id=subscription.rack_id if subscription.rack_id is not None else member.rack_id,
            rebalance_timeout_ms=rebalance_timeout_ms, server_assignor=None,
            subscribed_topic_names=tuple(subscription.topics), client_id=client_id, client_host=client_host,
            classic=ClassicMetadata(session_timeout_ms, tuple((n, bytes(m)) for n, m in protocols)))
        if existing is None:
            log.info("[GroupId %s] Member %s joins the consumer group using the classic protocol.", group.group_id,
                     member_id)
        bump = existing is None or updated.subscribed_topic_names != member.subscribed_topic_names
        if existing is None or consumers.subscription_value(updated) != consumers.subscription_value(member):
            entries.append(GR.consumer_record(GR.CONSUMER_GROUP_MEMBER_METADATA_TYPE, group.group_id, member_id,
                                              consumers.subscription_value(updated)))
        group.put_member(updated)
        topics = consumers._topics()
        consumers.maybe_bump_and_assign(group, topics, entries, bump)
        owned_by_name: dict[str, list[int]] = {}
        for tp in subscription.owned_partitions:
            owned_by_name.setdefault(tp.topic, []).extend(tp.partitions)
        owned = [(t, sorted(ps)) for t, ps in self._ids(owned_by_name).items()]
        after = consumers._reconcile(group, group.members[member_id], owned, entries, topics, bump)
        consumers._commit(shard, group, entries)
        consumers._schedule_session_timeout(group.group_id, member_id, session_timeout_ms)
        return NONE, member_id, after.member_epoch, protocols[0][0]

    def sync(self, group: ConsumerGroup, *, member_id: str, instance_id: str | None, generation_id: int,
             protocol_type: str | None, protocol_name: str | None):
        """Kafka's classicGroupSyncToConsumerGroup: (protocol name, the member's assignment)."""
        member = self._classic_member(group, member_id, instance_id)
        if generation_id != member.member_epoch:
            raise MigrationError(errors.ILLEGAL_GENERATION.code)
        if (protocol_type is not None and protocol_type != CONSUMER_PROTOCOL_TYPE) or \
                (protocol_name is not None and protocol_name != member.classic.protocols[0][0]):
            raise MigrationError(errors.INCONSISTENT_GROUP_PROTOCOL.code)
        if member.state != MemberState.UNREVOKED_PARTITIONS and group.group_epoch > member.member_epoch:
            raise MigrationError(errors.REBALANCE_IN_PROGRESS.code)
        self.consumers._schedule_session_timeout(group.group_id, member.member_id, member.classic.session_timeout_ms)
        return member.classic.protocols[0][0], self.assignment_bytes(member)

    def heartbeat(self, group: ConsumerGroup, *, member_id: str, instance_id: str | None, generation_id: int) -> int:
        """Kafka's classicGroupHeartbeatToConsumerGroup."""
        member = self._classic_member(group, member_id, instance_id)
        if generation_id != member.member_epoch:
            raise MigrationError(errors.ILLEGAL_GENERATION.code)
        self.consumers._schedule_session_timeout(group.group_id, member.member_id, member.classic.session_timeout_ms)
        if member.member_epoch < group.group_epoch or member.state == MemberState.UNREVOKED_PARTITIONS or \
                (member.state == MemberState.UNRELEASED_PARTITIONS and not self._waiting_on_unreleased(group, member)):
            return errors.REBALANCE_IN_PROGRESS.code
        return NONE

    @staticmethod
    def _waiting_on_unreleased(group: ConsumerGroup, member: ConsumerMember) -> bool:
        for topic, partitions in group.target.get(member.member_id, {}).items():
            held = member.assigned.get(topic, frozenset())
            if any(p not in held and group.partition_epoch(topic, p) != -1 for p in partitions):
                return True
        return False

    def leave(self, shard, group: ConsumerGroup, leaving: list[tuple[str, str | None]]) -> list[int]:
        """Kafka's classicGroupLeaveToConsumerGroup: an error per (member id, instance id)."""
        results, entries = [], []
        for member_id, instance_id in leaving:
            try:
                if instance_id is None:
                    member = self._classic_member(group, member_id, None)
                else:
                    found = group.static_member(instance_id)
                    if found is None:
                        raise MigrationError(errors.UNKNOWN_MEMBER_ID.code)
                    member = self._classic_member(group, member_id or found.member_id, instance_id)
            except MigrationError as exc:
                results.append(exc.code)
                continue
            log.info("[GroupId %s] Member %s has left the group through an explicit LeaveGroup request.",
                     group.group_id, member.member_id)
            self.consumers._remove(group, member, entries)
            results.append(NONE)
        if entries:
            self.consumers.bump_after_removal(group, entries)  # once for the request, as Kafka
        self.consumers._commit(shard, group, entries)
        return results
