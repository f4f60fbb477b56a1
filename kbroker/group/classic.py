"""The state of one classic-protocol group (Kafka's ClassicGroup + ClassicGroupMember): members, their
protocols, generation, leader, the selected protocol, the group state, and the offsets committed for it.

Plain data with the rules that need no I/O: protocol compatibility and selection (INCONSISTENT_GROUP_PROTOCOL),
leader choice, static member bookkeeping. The coordinator (kbroker.group.coordinator) drives the transitions,
writes the records and answers the clients.

Group states, as Kafka names them: Empty (no members; may still hold offsets, e.g. a "simple" group of
non-member commits), PreparingRebalance (waiting for members to rejoin), CompletingRebalance (waiting for the
leader's assignment), Stable, Dead (deleted or expired; kept only while requests still hold it).
"""

from __future__ import annotations

import enum
from collections import Counter

import attrs
import trio

from kbroker.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription

CONSUMER_PROTOCOL_TYPE = "consumer"


class GroupState(enum.Enum):
    EMPTY = "Empty"
    PREPARING_REBALANCE = "PreparingRebalance"
    COMPLETING_REBALANCE = "CompletingRebalance"
    STABLE = "Stable"
    DEAD = "Dead"


@attrs.define(eq=False)
class Waiter:
    """A JoinGroup or SyncGroup response the member is waiting for; `deliver` sets it once."""
    delivered: trio.Event = attrs.field(factory=trio.Event)
    response: object = None

    def deliver(self, response) -> None:
        if self.response is None:
            self.response = response
            self.delivered.set()

    async def wait(self):
        await self.delivered.wait()
        return self.response


@attrs.define(eq=False)
class Member:
    member_id: str
    group_instance_id: str | None
    client_id: str
    client_host: str
    rebalance_timeout_ms: int
    session_timeout_ms: int
    protocol_type: str
    protocols: list[tuple[str, bytes]]  # (name, metadata) in the member's order of preference
    assignment: bytes = b""
    join_waiter: Waiter | None = None
    sync_waiter: Waiter | None = None
    is_new: bool = False

    def metadata_for(self, protocol: str) -> bytes:
        for name, metadata in self.protocols:
            if name == protocol:
                return metadata
        raise KeyError(protocol)

    def protocol_names(self) -> list[str]:
        return [name for name, _ in self.protocols]

    def matches(self, protocols: list[tuple[str, bytes]]) -> bool:
        return [(n, bytes(m)) for n, m in protocols] == [(n, bytes(m)) for n, m in self.protocols]


@attrs.frozen
class CommittedOffset:
    offset: int
    leader_epoch: int
    metadata: str
    commit_timestamp: int
    expire_timestamp: int  # -1: none (the group's retention rules apply)
    record_offset: int = -1  # where its record is in __consumer_offsets (orders transactional commits)


@attrs.define(eq=False)
class ClassicGroup:
    group_id: str
    state: GroupState = GroupState.EMPTY
    generation_id: int = 0
    protocol_type: str | None = None
    protocol_name: str | None = None
    leader_id: str | None = None
    members: dict[str, Member] = attrs.field(factory=dict)
    static_members: dict[str, str] = attrs.field(factory=dict)  # group instance id -> member id
    pending_members: set[str] = attrs.field(factory=set)  # member ids handed out by MEMBER_ID_REQUIRED
    pending_sync: set[str] = attrs.field(factory=set)  # members that have not sent SyncGroup this generation
    new_member_added: bool = False  # during the initial rebalance delay
    current_state_timestamp: int = -1
    offsets: dict[tuple[str, int], CommittedOffset] = attrs.field(factory=dict)
    # producer id -> (topic, partition) -> offset committed in a transaction not yet ended
    pending_txn_offsets: dict[int, dict[tuple[str, int], CommittedOffset]] = attrs.field(factory=dict)

    def transition(self, state: GroupState, now_ms: int) -> None:
        self.state = state
        self.current_state_timestamp = now_ms

    # --- members ---------------------------------------------------------------------------------------------
    def add_member(self, member: Member) -> None:
        if not self.members:
            self.protocol_type = member.protocol_type
        self.members[member.member_id] = member
        if member.group_instance_id is not None:
            self.static_members[member.group_instance_id] = member.member_id
        if self.leader_id is None:
            self.leader_id = member.member_id

    def remove_member(self, member_id: str) -> Member | None:
        member = self.members.pop(member_id, None)
        if member is None:
            return None
        if member.group_instance_id is not None and self.static_members.get(member.group_instance_id) == member_id:
            del self.static_members[member.group_instance_id]
        self.pending_sync.discard(member_id)
        if self.leader_id == member_id:
            self.leader_id = next(iter(self.members), None)
        return member

    def replace_static_member(self, instance_id: str, old_member_id: str, new_member_id: str) -> Member:
        member = self.members.pop(old_member_id)
        member.member_id = new_member_id
        self.members[new_member_id] = member
        self.static_members[instance_id] = new_member_id
        if self.leader_id == old_member_id:
            self.leader_id = new_member_id
        if old_member_id in self.pending_sync:
            self.pending_sync.discard(old_member_id)
            self.pending_sync.add(new_member_id)
        return member

    def has_all_members_joined(self) -> bool:
        return not self.pending_members and all(m.join_waiter is not None for m in self.members.values())

    def is_full(self, max_size: int) -> bool:
        return len(self.members) >= max_size

    # --- protocols -------------------------------------------------------------------------------------------
    def supports_protocols(self, protocol_type: str, names: list[str]) -> bool:
        """Kafka's ClassicGroup.supportsProtocols: an empty group takes any non-empty type and list; otherwise
        the type must match and one protocol must be one every member supports."""
        if not self.members:
            return bool(protocol_type) and bool(names)
        return protocol_type == self.protocol_type and bool(set(names) & self.candidate_protocols())

    def candidate_protocols(self) -> set[str]:
        members = list(self.members.values())
        candidates = set(members[0].protocol_names())
        for member in members[1:]:
            candidates &= set(member.protocol_names())
        return candidates

    def select_protocol(self) -> str:
        """Each member votes for its most preferred candidate; the most votes wins (ties: the first member's
        preference order)."""
        candidates = self.candidate_protocols()
        votes: Counter[str] = Counter()
        for member in self.members.values():
            votes[next(name for name in member.protocol_names() if name in candidates)] += 1
        best = max(votes.values())
        first = next(iter(self.members.values()))
        return next(name for name in first.protocol_names() if votes.get(name) == best)

    def subscribed_topics(self) -> set[str]:
        """Topics the members subscribe to (consumer protocol). As Kafka's computeSubscribedTopics, a
        subscription that does not parse counts as no topic."""
        if self.protocol_type != CONSUMER_PROTOCOL_TYPE or self.protocol_name is None:
            return set()
        topics: set[str] = set()
        for member in self.members.values():
            try:
                raw = memoryview(member.metadata_for(self.protocol_name))
                version = int.from_bytes(raw[:2], "big", signed=True)
                version = min(max(version, 0), ConsumerProtocolSubscription.HIGHEST_VERSION)
                subscription, _ = ConsumerProtocolSubscription.decode(raw, 2, version)
            except (KeyError, ValueError):
                return set()
            topics.update(subscription.topics)
        return topics
