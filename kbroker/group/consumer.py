"""The state of one KIP-848 consumer group (Kafka's ConsumerGroup + ConsumerGroupMember) and the member
reconciliation (Kafka's CurrentAssignmentBuilder). Plain data and pure rules; kbroker.group.consumer_coordinator
drives the heartbeats, writes the records and fires the timeouts.

Three epochs, as Kafka: the group epoch (bumped when a member joins, leaves or changes its subscription, or when
the subscribed topics' metadata changes), the target assignment epoch (the group epoch the target assignment was
computed for) and each member's epoch (the target epoch the member has reconciled to). A member moves towards its
target assignment in steps: partitions it must give up are revoked first (UNREVOKED_PARTITIONS: it keeps its
epoch until its heartbeat no longer lists them); partitions still held by another member are withheld
(UNRELEASED_PARTITIONS) until released; it is STABLE once it holds exactly its target.

Group states: Empty (no members), Assigning (group epoch > target assignment epoch), Reconciling (a member is not
yet at the target epoch or not STABLE), Stable, Dead.
"""

from __future__ import annotations

import enum
import uuid

import attrs

Partitions = dict[uuid.UUID, frozenset[int]]
LEAVE_GROUP_MEMBER_EPOCH = -1
LEAVE_GROUP_STATIC_MEMBER_EPOCH = -2


class MemberState(enum.IntEnum):
    """Kafka's MemberState with the values stored in ConsumerGroupCurrentMemberAssignmentValue.State."""
    STABLE = 0
    UNREVOKED_PARTITIONS = 1
    UNRELEASED_PARTITIONS = 2
    UNKNOWN = 127


class ConsumerGroupState(enum.Enum):
    EMPTY = "Empty"
    ASSIGNING = "Assigning"
    RECONCILING = "Reconciling"
    STABLE = "Stable"
    DEAD = "Dead"


def freeze(partitions) -> Partitions:
    """topic id -> frozenset, without empty entries."""
    return {topic: frozenset(p) for topic, p in partitions.items() if p}


@attrs.frozen
class ClassicMetadata:
    """What a member using the classic protocol inside a consumer group joined with (Kafka's
    ConsumerGroupMemberMetadataValue.ClassicMemberMetadata): its session timeout and its (name, metadata)
    protocols in its order of preference."""
    session_timeout_ms: int
    protocols: tuple[tuple[str, bytes], ...]


@attrs.frozen
class ConsumerMember:
    member_id: str
    instance_id: str | None = None
    rack_id: str | None = None
    client_id: str = ""
    client_host: str = ""
    subscribed_topic_names: tuple[str, ...] = ()
    subscribed_topic_regex: str | None = None
    rebalance_timeout_ms: int = -1
    server_assignor: str | None = None
    member_epoch: int = 0
    previous_member_epoch: int = 0
    state: MemberState = MemberState.STABLE
    assigned: Partitions = attrs.field(factory=dict)
    pending_revocation: Partitions = attrs.field(factory=dict)
    # (topic id, partition) -> the epoch at which it was assigned (Kafka 4.3's assignment epochs: an older epoch
    # may still commit offsets of a partition assigned at or before it)
    epochs: dict = attrs.field(factory=dict)
    classic: ClassicMetadata | None = None  # set while the member uses the classic protocol (online migration)

    def owned(self) -> dict[uuid.UUID, set[int]]:
        """What the member holds: its assigned partitions and those it has yet to revoke (as Kafka describes it)."""
        owned = {topic: set(ps) for topic, ps in self.assigned.items()}
        for topic, ps in self.pending_revocation.items():
            owned.setdefault(topic, set()).update(ps)
        return owned

    def is_reconciled_to(self, target_epoch: int) -> bool:
        return self.state == MemberState.STABLE and self.member_epoch == target_epoch

    def subscription(self) -> tuple:
        return (self.subscribed_topic_names, self.subscribed_topic_regex, self.server_assignor)


def owns_any(owned: list[tuple[uuid.UUID, list[int]]] | None, partitions: Partitions) -> bool:
    """Whether the member's reported partitions still include one of `partitions` (a null report: yes)."""
    if owned is None:
        return True
    return any(p in partitions.get(topic, ()) for topic, ps in owned for p in ps)


def is_subset(owned: list[tuple[uuid.UUID, list[int]]] | None, assigned: Partitions) -> bool:
    """Kafka's isSubset: a null report is not a subset; nor is a topic the assignment lacks (even empty)."""
    if owned is None:
        return False
    return all(topic in assigned and all(p in assigned[topic] for p in ps) for topic, ps in owned)


def reconcile(member: ConsumerMember, target_epoch: int, target: Partitions, partition_epoch,
              owned: list[tuple[uuid.UUID, list[int]]] | None, subscribed: set[uuid.UUID] | None = None,
              subscription_changed: bool = False) -> ConsumerMember:
    """The member's next step towards `target` (Kafka 4.3's CurrentAssignmentBuilder.build). `partition_epoch(topic,
    partition)` is the epoch of the member holding a partition, -1 when it is free; `subscribed` the topic ids the
    member subscribes to (target partitions of other topics are not given)."""
    if member.state == MemberState.STABLE:
        if member.member_epoch != target_epoch:
            return _next_assignment(member, member.member_epoch, target_epoch, target, partition_epoch, owned,
                                    subscribed)
        if subscription_changed:
            return _drop_unsubscribed(member, subscribed, owned)
        return member
    if member.state == MemberState.UNREVOKED_PARTITIONS:
        if owns_any(owned, member.pending_revocation):
            return _drop_unsubscribed(member, subscribed, owned) if subscription_changed else member
        return _next_assignment(member, member.member_epoch, target_epoch, target, partition_epoch, owned,
                                subscribed)
    if member.state == MemberState.UNRELEASED_PARTITIONS:
        return _next_assignment(member, member.member_epoch, target_epoch, target, partition_epoch, owned,
                                subscribed)
    raise ValueError(f"member {member.member_id} is in an unknown state")


def _with_epoch(member: ConsumerMember, epoch: int, **changes) -> ConsumerMember:
    return attrs.evolve(member, member_epoch=epoch, previous_member_epoch=member.member_epoch, **changes)


def _epochs_of(member: ConsumerMember, *partition_sets: Partitions, new_epoch: int | None = None) -> dict:
    epochs = {}
    for partitions in partition_sets:
        for topic, ps in partitions.items():
            for p in ps:
                epochs[(topic, p)] = member.epochs.get((topic, p), new_epoch if new_epoch is not None
                                                       else member.member_epoch)
    return epochs


def _drop_unsubscribed(member: ConsumerMember, subscribed: set[uuid.UUID] | None, owned) -> ConsumerMember:
    """Kafka's updateCurrentAssignment: partitions of topics the member no longer subscribes to are revoked at
    once (without waiting for a new target assignment)."""
    if subscribed is None:
        return member
    gone = {t: ps for t, ps in member.assigned.items() if t not in subscribed}
    if not gone:
        return member
    assigned = {t: ps for t, ps in member.assigned.items() if t in subscribed}
    revoking = dict(member.pending_revocation)
    for t, ps in gone.items():
        revoking[t] = revoking.get(t, frozenset()) | ps
    if owns_any(owned, gone):
        return _with_epoch(member, member.member_epoch, state=MemberState.UNREVOKED_PARTITIONS, assigned=assigned,
                           pending_revocation=freeze(revoking), epochs=_epochs_of(member, assigned, revoking))
    return _with_epoch(member, member.member_epoch, assigned=assigned, epochs=_epochs_of(member, assigned,
                                                                                       member.pending_revocation))


def _next_assignment(member: ConsumerMember, member_epoch: int, target_epoch: int, target: Partitions,
                     partition_epoch, owned, subscribed: set[uuid.UUID] | None) -> ConsumerMember:
    assigned: dict[uuid.UUID, set[int]] = {}
    revoking: dict[uuid.UUID, set[int]] = {}
    pending: dict[uuid.UUID, set[int]] = {}
    unreleased = False
    for topic in set(target) | set(member.assigned):
        wanted = target.get(topic, frozenset()) if subscribed is None or topic in subscribed else frozenset()
        current = member.assigned.get(topic, frozenset())
        kept = current & wanted
        assigned[topic] = set(kept)
        revoking[topic] = set(current - kept)
        free = set()
        for partition in wanted - kept:
            if partition_epoch(topic, partition) != -1:
                unreleased = True
            else:
                free.add(partition)
        pending[topic] = free
    revoking = freeze(revoking)
    if revoking and owns_any(owned, revoking):
        kept = freeze(assigned)
        return _with_epoch(member, member_epoch, state=MemberState.UNREVOKED_PARTITIONS, assigned=kept,
                           pending_revocation=revoking, epochs=_epochs_of(member, kept, revoking))
    kept = freeze(assigned)
    for topic, partitions in pending.items():
        assigned[topic] |= partitions
    now_assigned = freeze(assigned)
    epochs = _epochs_of(member, kept)
    epochs.update({(t, p): target_epoch for t, ps in freeze(pending).items() for p in ps})
    state = MemberState.UNRELEASED_PARTITIONS if unreleased else MemberState.STABLE
    return _with_epoch(member, target_epoch, state=state, assigned=now_assigned, pending_revocation={},
                       epochs=epochs)


@attrs.define(eq=False)
class ConsumerGroup:
    group_id: str
    group_epoch: int = 0
    assignment_epoch: int = 0
    assignment_timestamp: int = 0  # wall ms of the last target assignment (0: none yet)
    metadata_hash: int = 0
    members: dict[str, ConsumerMember] = attrs.field(factory=dict)
    static_members: dict[str, str] = attrs.field(factory=dict)  # instance id -> member id
    target: dict[str, Partitions] = attrs.field(factory=dict)  # member id -> target assignment
    # (topic id, partition) -> epoch of the member holding it (assigned or pending revocation)
    partition_epochs: dict[tuple[uuid.UUID, int], int] = attrs.field(factory=dict)
    dead: bool = False
    current_state_timestamp: int = -1
    # Offsets, as ClassicGroup keeps them (kbroker keeps a group's offsets with the group).
    offsets: dict = attrs.field(factory=dict)
    pending_txn_offsets: dict = attrs.field(factory=dict)

    protocol_type = "consumer"

    @property
    def state(self) -> ConsumerGroupState:
        if self.dead:
            return ConsumerGroupState.DEAD
        if not self.members:
            return ConsumerGroupState.EMPTY
        if self.group_epoch > self.assignment_epoch:
            return ConsumerGroupState.ASSIGNING
        if any(not m.is_reconciled_to(self.assignment_epoch) for m in self.members.values()):
            return ConsumerGroupState.RECONCILING
        return ConsumerGroupState.STABLE

    def partition_epoch(self, topic: uuid.UUID, partition: int) -> int:
        return self.partition_epochs.get((topic, partition), -1)

    def put_member(self, member: ConsumerMember) -> None:
        """Add or replace a member, keeping the static member index and the partition epochs in step."""
        old = self.members.get(member.member_id)
        if old is not None:
            self._drop_epochs(old)
            if old.instance_id is not None and self.static_members.get(old.instance_id) == old.member_id:
                del self.static_members[old.instance_id]
        self.members[member.member_id] = member
        if member.instance_id is not None:
            self.static_members[member.instance_id] = member.member_id
        for partitions in (member.assigned, member.pending_revocation):
            for topic, ps in partitions.items():
                for p in ps:
                    self.partition_epochs[(topic, p)] = member.member_epoch

    def remove_member(self, member_id: str) -> ConsumerMember | None:
        member = self.members.pop(member_id, None)
        if member is None:
            return None
        self._drop_epochs(member)
        if member.instance_id is not None and self.static_members.get(member.instance_id) == member_id:
            del self.static_members[member.instance_id]
        return member

    def _drop_epochs(self, member: ConsumerMember) -> None:
        for partitions in (member.assigned, member.pending_revocation):
            for topic, ps in partitions.items():
                for p in ps:
                    if self.partition_epochs.get((topic, p)) == member.member_epoch:
                        del self.partition_epochs[(topic, p)]

    def static_member(self, instance_id: str) -> ConsumerMember | None:
        member_id = self.static_members.get(instance_id)
        return self.members.get(member_id) if member_id is not None else None

    def preferred_assignor(self, default: str) -> str:
        """Kafka's ConsumerGroup.preferredServerAssignor: the assignor most members ask for, else the default."""
        counts: dict[str, int] = {}
        for member in self.members.values():
            if member.server_assignor:
                counts[member.server_assignor] = counts.get(member.server_assignor, 0) + 1
        if not counts:
            return default
        return max(sorted(counts), key=lambda name: counts[name])
