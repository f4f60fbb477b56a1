"""Share group membership (kbroker.share.groups) and the share assignor (kbroker.share.assignor): heartbeat
validation with Kafka's messages, joins, epochs, fencing, leaving, session expiry; and, as a property, that the
assignment covers every subscribed partition, shares each one among at most ceil(members / partitions)
members, keeps members' counts within one of each other, and leaves a settled assignment as it is."""

from __future__ import annotations

import math
import uuid

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from kbroker.config import BrokerConfig
from kbroker.protocol import errors
from kbroker.protocol.messages.share_group_heartbeat_request import ShareGroupHeartbeatRequest
from kbroker.share import assignor
from kbroker.share.groups import ShareGroups

TOPIC_IDS = [uuid.UUID(int=i + 1) for i in range(3)]


@attrs.frozen
class _Topic:
    name: str
    topic_id: uuid.UUID
    partitions: dict


class _Image:
    def __init__(self, counts: dict[str, int]):
        self.topics = {name: _Topic(name, TOPIC_IDS[i], {p: None for p in range(n)})
                       for i, (name, n) in enumerate(counts.items())}
        self.group_configs: dict[str, dict[str, str]] = {}

    def topic(self, name):
        return self.topics.get(name)


def _groups(counts, now):
    removed = []
    groups = ShareGroups(BrokerConfig.from_properties({}), lambda: _Image(counts), lambda: now[0],
                         lambda group, member: removed.append((group, member)))
    return groups, removed


def _hb(member, epoch, topics=None, group="g", rack=None):
    return ShareGroupHeartbeatRequest(group_id=group, member_id=member, member_epoch=epoch, rack_id=rack,
                                      subscribed_topic_names=topics)


def test_validation_messages_are_kafkas():
    groups, _ = _groups({"t": 1}, [0])
    cases = [(_hb("", 0, ["t"]), "MemberId can't be empty."), (_hb("m", 0, ["t"], group=""), "GroupId can't be empty."),
             (_hb("m", -2, ["t"]), "MemberEpoch is invalid."),
             (_hb("m", 0, None), "SubscribedTopicNames must be set in first request."),
             (_hb("m", 0, ["t"], rack=""), "RackId can't be empty.")]
    for request, message in cases:
        result = groups.heartbeat(request, "c", "/h")
        assert (result.error, result.message) == (errors.INVALID_REQUEST.code, message)


def test_join_heartbeat_fence_leave_and_session_expiry():
    now = [0]
    groups, removed = _groups({"t": 2}, now)
    a = groups.heartbeat(_hb("a", 0, ["t"]), "c", "/h")
    assert (a.error, a.member_epoch, a.assignment) == (0, 1, {TOPIC_IDS[0]: frozenset({0, 1})})
    b = groups.heartbeat(_hb("b", 0, ["t"]), "c", "/h")
    assert b.member_epoch == 2 and sum(len(p) for p in b.assignment.values()) == 1
    a2 = groups.heartbeat(_hb("a", 1), "c", "/h")  # moves to the new epoch at once, with its new assignment
    assert a2.member_epoch == 2 and sum(len(p) for p in a2.assignment.values()) == 1
    assert groups.heartbeat(_hb("a", 2), "c", "/h").assignment is None  # nothing changed: no assignment sent
    assert groups.heartbeat(_hb("a", 1), "c", "/h").error == errors.FENCED_MEMBER_EPOCH.code
    assert groups.heartbeat(_hb("zz", 3), "c", "/h").error == errors.UNKNOWN_MEMBER_ID.code
    left = groups.heartbeat(_hb("b", -1), "c", "/h")
    assert (left.error, left.member_epoch) == (0, -1) and removed == [("g", "b")]
    now[0] = 45_000  # group.share.session.timeout.ms without a heartbeat from a
    assert groups.get("g").members == {} and removed[-1] == ("g", "a")


def test_a_topic_growing_moves_the_group_epoch():
    counts = {"t": 1}
    groups = ShareGroups(BrokerConfig.from_properties({}), lambda: _Image(counts), lambda: 0)
    assert groups.heartbeat(_hb("a", 0, ["t"]), "c", "/h").member_epoch == 1
    counts["t"] = 3
    grown = groups.heartbeat(_hb("a", 1), "c", "/h")
    assert grown.member_epoch == 2 and grown.assignment == {TOPIC_IDS[0]: frozenset({0, 1, 2})}


@settings(max_examples=200, deadline=None)
@given(members=st.integers(1, 9), partitions=st.lists(st.integers(1, 5), min_size=1, max_size=3),
       seed_members=st.integers(0, 9))
def test_assignment_covers_shares_and_balances(members, partitions, seed_members):
    counts = {TOPIC_IDS[i]: n for i, n in enumerate(partitions)}
    subscriptions = {f"m{i}": frozenset(counts) for i in range(members)}
    previous = assignor.assign({f"m{i}": frozenset(counts) for i in range(seed_members)}, counts, {})
    result = assignor.assign(subscriptions, counts, previous)
    total = sum(partitions)
    sharing = math.ceil(members / total)
    holders: dict[tuple, int] = {}
    sizes = []
    for assigned in result.values():
        size = 0
        for topic, indexes in assigned.items():
            for index in indexes:
                holders[(topic, index)] = holders.get((topic, index), 0) + 1
                size += 1
        sizes.append(size)
    assert len(holders) == total  # every partition assigned
    assert all(count <= sharing for count in holders.values())
    assert max(sizes) - min(sizes) <= 1
    # Stickiness: with nothing changed, assigning again changes nothing.
    assert assignor.assign(subscriptions, counts, result) == result
