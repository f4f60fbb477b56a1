"""KIP-1071 streams groups: the topology against the topics (kbroker.group.streams.configure), the sticky task
assignor, and StreamsGroupHeartbeat in the coordinator in virtual time (joins, the initial delay, revocation
before reassignment, fencing, session expiry, leaves, offset-commit checks)."""

from __future__ import annotations

import uuid

import attrs
import trio
from hypothesis import given, settings
from hypothesis import strategies as st

from kbroker.group import streams_assignor
from kbroker.group.streams import (
    ASSIGNMENT_DELAYED,
    INCORRECTLY_PARTITIONED_TOPICS,
    MISSING_INTERNAL_TOPICS,
    MISSING_SOURCE_TOPICS,
    StreamsGroup,
    StreamsGroupState,
    StreamsMember,
    Subtopology,
    TopicInfo,
    Topology,
    configure,
)
from kbroker.protocol import errors
from kbroker.protocol.messages.streams_group_heartbeat_request import (
    StreamsGroupHeartbeatRequest,
    TaskIds,
)
from kbroker.protocol.messages.streams_group_heartbeat_request import (
    Subtopology as RequestSubtopology,
)
from kbroker.protocol.messages.streams_group_heartbeat_request import (
    TopicInfo as RequestTopicInfo,
)
from kbroker.protocol.messages.streams_group_heartbeat_request import (
    Topology as RequestTopology,
)

from .conftest import run_virtual
from .test_consumer_protocol import FakeImage

REPARTITION = "app-words-repartition"
CHANGELOG = "app-counts-changelog"


def word_count(input_partitions_hint: int = 0) -> Topology:
    """The word count's two subtopologies: input -> repartition; repartition -> counts (changelog)."""
    return Topology(1, (
        Subtopology("0", ("input",), (), (), (REPARTITION,), ()),
        Subtopology("1", (), (), (TopicInfo(CHANGELOG, 0, 0, (("cleanup.policy", "compact"),)),), (),
                    (TopicInfo(REPARTITION, input_partitions_hint, 0, ()),)),
    ))


# --- the topology against the topics ---------------------------------------------------------------------------


def test_missing_source_topic_gives_no_tasks():
    configured = configure(word_count(), {})
    assert configured.tasks == {} and [code for code, _ in configured.statuses] == [MISSING_SOURCE_TOPICS]
    assert "input" in configured.statuses[0][1]


def test_internal_topics_are_derived_then_ready():
    configured = configure(word_count(), {"input": 3})
    assert [code for code, _ in configured.statuses] == [MISSING_INTERNAL_TOPICS]
    assert sorted((t.name, t.partitions, t.configs) for t in configured.to_create) == [
        (CHANGELOG, 3, (("cleanup.policy", "compact"),)), (REPARTITION, 3, ())]
    ready = configure(word_count(), {"input": 3, REPARTITION: 3, CHANGELOG: 3})
    assert ready.ready and ready.tasks == {"0": 3, "1": 3} and ready.to_create == ()


def test_a_fixed_repartition_count_wins():
    configured = configure(word_count(input_partitions_hint=5), {"input": 2})
    assert {t.name: t.partitions for t in configured.to_create} == {REPARTITION: 5, CHANGELOG: 5}


def test_copartitioned_sources_must_agree():
    topology = Topology(1, (Subtopology("0", ("left", "right"), (), (), (), (), (((0, 1), (), ()),)),))
    assert [c for c, _ in configure(topology, {"left": 2, "right": 3}).statuses] == [INCORRECTLY_PARTITIONED_TOPICS]
    assert configure(topology, {"left": 2, "right": 2}).tasks == {"0": 2}


def test_odd_topologies_are_answered_not_crashed_on():
    odd = Topology(1, (
        Subtopology("0", (), (), (), (), ()),  # reads nothing: no tasks
        Subtopology("1", ("input",), ("([unclosed",), (), (), (), (((7, 9), (3,), (5,)),)),  # bad regex, bad indexes
        Subtopology("2", (), (), (), (), (TopicInfo("orphan-repartition", 0, 0, ()),)),  # nobody writes it
    ))
    configured = configure(odd, {"input": 2})
    assert configured.tasks == {} and configured.statuses  # the regex matches nothing: reported, not raised
    no_regex = Topology(1, (odd.subtopologies[0], attrs.evolve(odd.subtopologies[1], source_topic_regex=())))
    assert configure(no_regex, {"input": 2}).tasks == {"0": 0, "1": 2}
    orphan = Topology(1, (odd.subtopologies[2],))
    assert [c for c, _ in configure(orphan, {}).statuses] == [MISSING_SOURCE_TOPICS]


# --- the assignor ----------------------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(counts=st.dictionaries(st.sampled_from("0123"), st.integers(0, 8), max_size=4),
       member_count=st.integers(1, 5), seed=st.randoms(use_true_random=False))
def test_assignor_assigns_every_task_once_and_balances(counts, member_count, seed):
    members = {f"m{i}": StreamsMember(f"m{i}", process_id=f"p{i % 2}") for i in range(member_count)}
    tasks = [(s, p) for s, n in counts.items() for p in range(n)]
    previous: dict = {}
    for task in tasks:  # a random earlier owner for some tasks
        if seed.random() < 0.5:
            owner = seed.choice(sorted(members))
            previous.setdefault(owner, {}).setdefault(task[0], set()).add(task[1])
    result = streams_assignor.assign(counts, members, {m: {s: frozenset(p) for s, p in t.items()}
                                                       for m, t in previous.items()})
    given_tasks = [(s, p) for t in result.values() for s, ps in t.items() for p in ps]
    assert sorted(given_tasks) == sorted(tasks)
    sizes = [sum(len(ps) for ps in result.get(m, {}).values()) for m in members]
    assert max(sizes) - min(sizes) <= 1
    # sticky: a balanced previous assignment is kept as it is
    again = streams_assignor.assign(counts, members, result)
    assert again == result


# --- the coordinator -------------------------------------------------------------------------------------------


class Member:
    """One Streams client: its member id, epoch and owned active tasks; `hb` sends what the Java client sends."""

    def __init__(self, coordinator, member_id: str, group: str = "app"):
        self.c = coordinator
        self.group = group
        self.member_id = member_id
        self.epoch = 0
        self.owned: dict[str, set[int]] = {}
        self.statuses: list[int] = []

    def hb(self, epoch=None, **fields):
        epoch = self.epoch if epoch is None else epoch
        joining = epoch == 0
        topology = RequestTopology(epoch=1, subtopologies=[
            RequestSubtopology(subtopology_id="0", source_topics=["input"], repartition_sink_topics=[REPARTITION]),
            RequestSubtopology(subtopology_id="1", repartition_source_topics=[RequestTopicInfo(name=REPARTITION)],
                               state_changelog_topics=[RequestTopicInfo(name=CHANGELOG)])])
        request = dict(group_id=self.group, member_id=self.member_id, member_epoch=epoch,
                       endpoint_information_epoch=0, rebalance_timeout_ms=1000 if joining else -1,
                       topology=topology if joining else None, process_id=f"process-{self.member_id}",
                       active_tasks=[] if joining else [TaskIds(subtopology_id=s, partitions=sorted(p))
                                                       for s, p in self.owned.items() if p],
                       standby_tasks=[] if joining else None, warmup_tasks=[] if joining else None)
        request.update(fields)
        result = self.c.streams.heartbeat(StreamsGroupHeartbeatRequest(**request), client_id="c",
                                          client_host="/127.0.0.1")
        if result.error == 0 and result.member_epoch >= 0:
            self.epoch = result.member_epoch
            self.statuses = [code for code, _ in result.statuses]
            if result.active_tasks is not None:
                self.owned = {s: set(p) for s, p in result.active_tasks.items()}
        return result

    def count(self) -> int:
        return sum(len(p) for p in self.owned.values())


def make(harness, **overrides):
    h = harness(**{"group.streams.initial.rebalance.delay.ms": 0, **overrides})
    image = FakeImage({"input": (uuid.UUID(int=1), 2), REPARTITION: (uuid.UUID(int=2), 2),
                       CHANGELOG: (uuid.UUID(int=3), 2)})
    c = h.coordinator()
    c.streams.image = lambda: image
    return h, c


def test_one_member_gets_every_task_and_the_group_is_stable(harness):
    async def main():
        _, c = make(harness)
        a = Member(c, "a")
        joined = a.hb()
        assert joined.error == 0 and joined.heartbeat_interval_ms == 5000 and a.statuses == []
        assert a.owned == {"0": {0, 1}, "1": {0, 1}}
        group = c.shard_of("app").groups["app"]
        assert isinstance(group, StreamsGroup) and group.state == StreamsGroupState.STABLE
        assert a.hb().active_tasks == {"0": [0, 1], "1": [0, 1]}  # it reported its tasks: the answer repeats them
    run_virtual(main)


def test_missing_internal_topics_are_returned_for_creation(harness):
    async def main():
        h = harness(**{"group.streams.initial.rebalance.delay.ms": 0})
        c = h.coordinator()
        image = FakeImage({"input": (uuid.UUID(int=1), 4)})
        c.streams.image = lambda: image
        a = Member(c, "a")
        result = a.hb()
        assert result.error == 0 and a.statuses == [MISSING_INTERNAL_TOPICS] and a.count() == 0
        assert sorted((t.name, t.partitions) for t in result.to_create) == [(CHANGELOG, 4), (REPARTITION, 4)]
        assert c.shard_of("app").groups["app"].state == StreamsGroupState.NOT_READY
    run_virtual(main)


def test_initial_delay_then_assignment(harness):
    async def main():
        _, c = make(harness, **{"group.streams.initial.rebalance.delay.ms": 3000})
        a = Member(c, "a")
        a.hb()
        assert a.statuses == [ASSIGNMENT_DELAYED] and a.count() == 0
        c.now_ms.now += 3000
        a.hb()
        assert a.statuses == [] and a.count() == 4
    run_virtual(main)


def test_second_member_gets_tasks_only_after_revocation(harness):
    async def main():
        _, c = make(harness)
        a, b = Member(c, "a"), Member(c, "b")
        a.hb()
        b.hb()
        assert b.count() == 0  # a still holds every task
        a.hb()
        assert a.count() == 2  # a is told to give up two tasks
        b.hb()
        assert b.count() == 0  # not before a's heartbeat says it released them
        a.hb()
        b.hb()
        assert b.count() == 2 and not (set(map(tuple, _tasks(a))) & set(map(tuple, _tasks(b))))
        group = c.shard_of("app").groups["app"]
        a.hb()
        assert group.state == StreamsGroupState.STABLE
    run_virtual(main)


def _tasks(member: Member):
    return [(s, p) for s, ps in member.owned.items() for p in ps]


def test_validation_fencing_and_leaving(harness):
    async def main():
        _, c = make(harness)
        a = Member(c, "a")
        assert a.hb(member_id="").message == "MemberId can't be empty."
        assert a.hb(rebalance_timeout_ms=-1).message == "RebalanceTimeoutMs must be provided in first request."
        assert a.hb(topology=None).message == "Topology must be non-null when (re-)joining."
        assert a.hb(epoch=-3).error == errors.INVALID_REQUEST.code
        assert a.hb(epoch=5).error == errors.GROUP_ID_NOT_FOUND.code
        a.hb()
        assert a.hb(epoch=a.epoch + 1).error == errors.FENCED_MEMBER_EPOCH.code
        assert Member(c, "x").hb(epoch=1).error == errors.UNKNOWN_MEMBER_ID.code
        left = a.hb(epoch=-1)
        assert left.error == 0 and left.member_epoch == -1
        assert c.shard_of("app").groups["app"].state == StreamsGroupState.EMPTY
        assert c.consumer.describe("app")[0] == errors.GROUP_ID_NOT_FOUND.code  # not a consumer group
    run_virtual(main)


def test_session_expiry_moves_the_tasks(harness):
    async def main():
        _, c = make(harness, **{"group.streams.session.timeout.ms": 6000})
        a, b = Member(c, "a"), Member(c, "b")
        for _ in range(4):
            a.hb()
            b.hb()
        assert a.count() == 2 and b.count() == 2
        for _ in range(8):  # b goes silent, a keeps heartbeating
            await trio.sleep(1)
            assert a.hb().error == 0
        assert a.count() == 4 and "b" not in c.shard_of("app").groups["app"].members
    run_virtual(main)


def test_offset_commits_check_member_and_epoch(harness):
    async def main():
        _, c = make(harness)
        a = Member(c, "a")
        a.hb()
        commit = dict(group_id="app", member_id="a", group_instance_id=None, retention_time_ms=-1,
                      offsets=[("input", 0, 10, -1, None)], api_version=9)
        assert c.commit_offsets(generation_id=a.epoch, **commit) == [0]
        assert c.commit_offsets(generation_id=a.epoch + 1, **commit) == [errors.STALE_MEMBER_EPOCH.code]
        assert c.commit_offsets(**{**commit, "member_id": "nobody"}, generation_id=a.epoch) == \
            [errors.UNKNOWN_MEMBER_ID.code]
        assert c.fetch_offsets("app", [("input", 0)], require_stable=False)[1][("input", 0)].offset == 10
        assert c.delete_offsets("app", [("input", 0)]) == (0, {("input", 0): errors.GROUP_SUBSCRIBED_TO_TOPIC.code})
        a.hb(epoch=-1)
        assert c.delete_offsets("app", [("input", 0)]) == (0, {("input", 0): 0})
    run_virtual(main)


def test_persistence_and_reload(harness):
    async def main():
        h, c = make(harness)
        image = c.streams.image
        a, b = Member(c, "a"), Member(c, "b")
        a.hb()
        b.hb()
        a.hb()  # a is told to revoke two tasks
        before = c.shard_of("app").groups["app"]
        snapshot = (before.group_epoch, before.assignment_epoch, before.topology, dict(before.members),
                    dict(before.target), dict(before.partition_epochs))
        h.partitions.reopen()
        c2 = h.coordinator()
        c2.streams.image = image
        after = c2.shard_of("app").groups["app"]
        assert isinstance(after, StreamsGroup)
        assert (after.group_epoch, after.assignment_epoch, after.topology, after.members, after.target,
                after.partition_epochs) == snapshot
        # the reloaded coordinator carries on without a new epoch: a releases, b gets its tasks
        a.c = b.c = c2
        for _ in range(3):
            assert a.hb().error == 0 and b.hb().error == 0
        assert a.count() == 2 and b.count() == 2 and after.group_epoch == snapshot[0]
        # leaving and deleting leave nothing behind on the next load
        a.hb(epoch=-1)
        b.hb(epoch=-1)
        assert c2.delete_groups(["app"]) == {"app": 0}
        h.partitions.reopen()
        assert "app" not in h.coordinator().shard_of("app").groups
    run_virtual(main)
