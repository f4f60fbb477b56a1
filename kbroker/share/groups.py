"""Share groups' membership (KIP-932; Kafka's GroupMetadataManager.shareGroupHeartbeat): ShareGroupHeartbeat
(join with epoch 0, heartbeat, leave with -1), the server-side assignment (kbroker.share.assignor), session
timeouts, and what ShareGroupDescribe, ListGroups and DescribeGroups report.

Rules, as Kafka 4.3:
- the request is checked first: an empty group id or member id, a negative epoch other than -1, or a join
  (epoch 0) without SubscribedTopicNames is INVALID_REQUEST, with Kafka's messages;
- epoch 0 joins (creating the group, or rejoining under the same member id); a member not in the group is
  UNKNOWN_MEMBER_ID; an epoch other than the member's is FENCED_MEMBER_EPOCH; past group.share.max.size members a
  join is GROUP_MAX_SIZE_REACHED;
- the group epoch is bumped when a member joins, leaves or times out (the group's share.session.timeout.ms,
  else group.share.session.timeout.ms, without a heartbeat), changes its subscribed topics, or when the subscribed topics' partition counts change; the
  target assignment is then recomputed and, as share partitions need no revocation, every member moves to the
  new assignment epoch on its next heartbeat, which carries its assignment.
A member that leaves or times out has its acquired records released (`on_member_removed`).

The membership lives in memory (it is not written to `__consumer_offsets`): after a restart members rejoin with
epoch 0 when their heartbeat gets UNKNOWN_MEMBER_ID, as after a coordinator move. Group ids share one namespace
with consumer and classic groups only through the caller's checks (see api/share_group_heartbeat.py).
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable

import attrs

from kbroker.group.consumer_coordinator import HeartbeatResult  # the same answer shape as a consumer group's
from kbroker.protocol import errors
from kbroker.share import assignor
from kbroker.share.group_settings import ShareGroupSettings

SIMPLE_ASSIGNOR = "simple"


class ShareGroupState(enum.Enum):
    # ShareGroup.ShareGroupState names as Kafka reports them.
    EMPTY = "Empty"
    STABLE = "Stable"
    DEAD = "Dead"


@attrs.define
class ShareMember:
    member_id: str
    member_epoch: int
    subscribed_topic_names: tuple[str, ...]
    rack_id: str | None
    client_id: str
    client_host: str
    deadline_ms: int
    assignment: dict[uuid.UUID, frozenset[int]] = attrs.field(factory=dict)


@attrs.define
class ShareGroup:
    group_id: str
    group_epoch: int = 0
    assignment_epoch: int = 0
    members: dict[str, ShareMember] = attrs.field(factory=dict)
    # topic id -> partition count of the subscribed topics when the target assignment was last computed
    subscribed_metadata: dict[uuid.UUID, int] = attrs.field(factory=dict)
    target: dict[str, dict[uuid.UUID, frozenset[int]]] = attrs.field(factory=dict)

    @property
    def state(self) -> ShareGroupState:
        return ShareGroupState.STABLE if self.members else ShareGroupState.EMPTY

    def subscribed_topic_names(self) -> set[str]:
        return {name for member in self.members.values() for name in member.subscribed_topic_names}


class ShareGroups:
    """Every share group this node coordinates. `image()` is the metadata image (topic names, ids, partition
    counts), `config` the broker config, `now_ms()` the clock of session timeouts."""

    def __init__(self, config, image: Callable[[], object], now_ms: Callable[[], int],
                 on_member_removed: Callable[[str, str], None] | None = None, settings=None):
        self.config = config
        self.settings = settings if settings is not None else ShareGroupSettings(config, image)
        self.image = image
        self.now_ms = now_ms
        self.on_member_removed = on_member_removed or (lambda group_id, member_id: None)
        self.groups: dict[str, ShareGroup] = {}

    def get(self, group_id: str) -> ShareGroup | None:
        group = self.groups.get(group_id)
        if group is not None:
            self._expire_members(group)
        return group

    def create_empty(self, group_id: str) -> ShareGroup:
        """The group, created empty when it does not exist (AlterShareGroupOffsets creates it, as Kafka does)."""
        return self.groups.setdefault(group_id, ShareGroup(group_id))

    def heartbeat(self, request, client_id: str, client_host: str) -> HeartbeatResult:
        invalid = _invalid(request)
        if invalid is not None:
            return HeartbeatResult(errors.INVALID_REQUEST.code, invalid)
        group_id, member_id, epoch = request.group_id, request.member_id, request.member_epoch
        group = self.get(group_id)
        if epoch == -1:
            return self._leave(group, member_id)
        now = self.now_ms()
        session_ms = self.settings.session_timeout_ms(group_id)
        member = group.members.get(member_id) if group is not None else None
        if epoch == 0:
            if member is None:
                if group is not None and len(group.members) >= self.config["group.share.max.size"]:
                    return HeartbeatResult(errors.GROUP_MAX_SIZE_REACHED.code,
                                           f"The share group has reached its maximum capacity of "
                                           f"{self.config['group.share.max.size']} members.")
                group = self.create_empty(group_id)
                member = ShareMember(member_id, 0, tuple(request.subscribed_topic_names), request.rack_id,
                                     client_id, client_host, now + session_ms)
                group.members[member_id] = member
                group.group_epoch += 1
        elif member is None:
            return HeartbeatResult(errors.UNKNOWN_MEMBER_ID.code,
                                   f"Member {member_id} is not a member of group {group_id}.")
        elif epoch != member.member_epoch:
            return HeartbeatResult(errors.FENCED_MEMBER_EPOCH.code,
                                   _fenced_message(epoch, member.member_epoch))
        member.deadline_ms = now + session_ms
        member.client_id, member.client_host = client_id, client_host
        if request.rack_id is not None:
            member.rack_id = request.rack_id
        if request.subscribed_topic_names is not None and \
                tuple(request.subscribed_topic_names) != member.subscribed_topic_names:
            member.subscribed_topic_names = tuple(request.subscribed_topic_names)
            group.group_epoch += 1
        self._follow_metadata(group)
        if group.group_epoch > group.assignment_epoch:
            self._compute_target(group)
        previous = member.assignment
        changed = member.member_epoch != group.assignment_epoch or epoch == 0
        member.assignment = group.target.get(member_id, {})
        member.member_epoch = group.assignment_epoch
        send = changed or member.assignment != previous or request.subscribed_topic_names is not None
        return HeartbeatResult(errors.NONE.code, None, member_id, member.member_epoch,
                               self.settings.heartbeat_interval_ms(group_id),
                               member.assignment if send else None)

    def _leave(self, group: ShareGroup | None, member_id: str) -> HeartbeatResult:
        if group is None or member_id not in group.members:
            group_id = group.group_id if group is not None else "?"
            return HeartbeatResult(errors.UNKNOWN_MEMBER_ID.code,
                                   f"Member {member_id} is not a member of group {group_id}.")
        self._remove(group, member_id)
        return HeartbeatResult(errors.NONE.code, None, member_id, -1, 0)

    def _remove(self, group: ShareGroup, member_id: str) -> None:
        del group.members[member_id]
        group.target.pop(member_id, None)
        group.group_epoch += 1
        self.on_member_removed(group.group_id, member_id)

    def _expire_members(self, group: ShareGroup) -> None:
        now = self.now_ms()
        for member_id in [m.member_id for m in group.members.values() if m.deadline_ms <= now]:
            self._remove(group, member_id)

    def _subscribed_counts(self, group: ShareGroup) -> dict[uuid.UUID, int]:
        image = self.image()
        counts = {}
        for name in group.subscribed_topic_names():
            topic = image.topic(name)
            if topic is not None:
                counts[topic.topic_id] = len(topic.partitions)
        return counts

    def _follow_metadata(self, group: ShareGroup) -> None:
        """A change of the subscribed topics' metadata bumps the group epoch (unless a bump is pending)."""
        if group.group_epoch == group.assignment_epoch and \
                self._subscribed_counts(group) != group.subscribed_metadata:
            group.group_epoch += 1

    def _compute_target(self, group: ShareGroup) -> None:
        image = self.image()
        counts = self._subscribed_counts(group)
        subscriptions = {}
        for member in group.members.values():
            ids = set()
            for name in member.subscribed_topic_names:
                topic = image.topic(name)
                if topic is not None:
                    ids.add(topic.topic_id)
            subscriptions[member.member_id] = frozenset(ids)
        current = {member_id: group.target.get(member_id, {}) for member_id in group.members}
        group.target = assignor.assign(subscriptions, counts, current)
        group.subscribed_metadata = counts
        group.assignment_epoch = group.group_epoch

    def delete(self, group_id: str) -> int:
        """DeleteGroups for a share group: NONE, or NON_EMPTY_GROUP / GROUP_ID_NOT_FOUND."""
        group = self.get(group_id)
        if group is None:
            return errors.GROUP_ID_NOT_FOUND.code
        if group.members:
            return errors.NON_EMPTY_GROUP.code
        del self.groups[group_id]
        return errors.NONE.code



def _fenced_message(epoch: int, known: int) -> str:
    if epoch > known:
        return (f"The share group member has a greater member epoch ({epoch}) than the one known by the group "
                f"coordinator ({known}). The member must abandon all its partitions and rejoin.")
    return (f"The share group member has a smaller member epoch ({epoch}) than the one known by the group "
            f"coordinator ({known}), and it does not match the previous member epoch ({known}). The member must "
            f"abandon all its partitions and rejoin.")


def _invalid(request) -> str | None:
    """Kafka's throwIfShareGroupHeartbeatRequestIsInvalid messages."""
    if not request.member_id:
        return "MemberId can't be empty."
    if not request.group_id:
        return "GroupId can't be empty."
    if request.rack_id is not None and not request.rack_id:
        return "RackId can't be empty."
    if request.member_epoch < -1:
        return "MemberEpoch is invalid."
    if request.member_epoch == 0 and not request.subscribed_topic_names:
        return "SubscribedTopicNames must be set in first request."
    return None
