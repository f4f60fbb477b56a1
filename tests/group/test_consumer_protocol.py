"""KIP-848 consumer groups in the coordinator, in virtual time: joins, reconciliation with revocation first,
session and rebalance timeouts, leaves, static members, assignors, offsets, persistence and reload."""

from __future__ import annotations

import uuid

import attrs
import pytest
import trio
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kbroker.group import assignors
from kbroker.group.consumer import ConsumerGroup, ConsumerGroupState, MemberState
from kbroker.protocol import errors
from kbroker.protocol.messages.consumer_group_heartbeat_request import (
    ConsumerGroupHeartbeatRequest,
    TopicPartitions,
)

from .conftest import run_virtual

T1 = uuid.UUID(int=101)
T2 = uuid.UUID(int=102)


@attrs.frozen
class FakeTopic:
    name: str
    topic_id: uuid.UUID
    partitions: dict


class FakeImage:
    def __init__(self, topics: dict[str, tuple[uuid.UUID, int]]):
        self.topics_by_name = {name: FakeTopic(name, tid, dict.fromkeys(range(n))) for name, (tid, n) in topics.items()}
        self.topics_by_id = {t.topic_id: t for t in self.topics_by_name.values()}
        self.group_configs: dict[str, dict[str, str]] = {}

    def topic(self, name):
        return self.topics_by_name.get(name)

    def topic_by_id(self, topic_id):
        return self.topics_by_id.get(topic_id)


class Client:
    """One consumer: remembers its member id, epoch and owned partitions; `hb` sends what the Java client sends."""

    def __init__(self, coordinator, group="g", member_id=None, topics=("t1",), instance_id=None, version=1,
                 assignor=None):
        self.c = coordinator
        self.group = group
        self.member_id = member_id if member_id is not None else uuid.uuid4().hex
        self.topics = list(topics)
        self.instance_id = instance_id
        self.version = version
        self.assignor = assignor
        self.epoch = 0
        self.owned: dict[uuid.UUID, set[int]] = {}
        self.full_next = False

    def request(self, epoch=None, **fields):
        epoch = self.epoch if epoch is None else epoch
        full = epoch == 0 or self.full_next  # the Java client sends a full request after a lost answer
        base = dict(group_id=self.group, member_id=self.member_id, member_epoch=epoch, instance_id=self.instance_id,
                    rebalance_timeout_ms=300000 if full else -1,
                    subscribed_topic_names=self.topics if full else None, server_assignor=self.assignor,
                    topic_partitions=[TopicPartitions(topic_id=t, partitions=sorted(p))
                                      for t, p in self.owned.items() if p])
        base.update(fields)
        return ConsumerGroupHeartbeatRequest(**base)

    def hb(self, epoch=None, **fields):
        result = self.c.consumer.heartbeat(self.request(epoch, **fields), api_version=self.version,
                                           client_id="client", client_host="/127.0.0.1")
        if result.error == 0 and result.member_epoch >= 0:
            self.full_next = False
            self.member_id = result.member_id
            self.epoch = result.member_epoch
            if result.assignment is not None:
                self.owned = {t: set(p) for t, p in result.assignment.items()}
        return result

    def count(self) -> int:
        return sum(len(p) for p in self.owned.values())


def make(harness, topics=None, **overrides):
    h = harness(**{"group.consumer.assignment.interval.ms": 0, **overrides})
    image = FakeImage(topics or {"t1": (T1, 6)})
    c = h.coordinator()
    c.consumer.image = lambda: image
    return h, c, image


def settle(clients, rounds=6):
    for _ in range(rounds):
        for client in clients:
            answer = client.hb()
            if answer.error == errors.FENCED_MEMBER_EPOCH.code:  # as the Java client: drop all, rejoin
                client.owned, client.epoch = {}, 0
                answer = client.hb()
            assert answer.error == 0


def test_single_member_joins_and_gets_everything(harness):
    async def main():
        _, c, _ = make(harness)
        a = Client(c)
        joined = a.hb()
        # a new group starts at epoch 1 in memory (Kafka's ModernGroup): the first join bumps it to 2
        assert joined.error == 0 and joined.member_epoch == 2 and joined.heartbeat_interval_ms == 5000
        assert a.owned == {T1: set(range(6))}
        group = c.shard_of("g").groups["g"]
        assert group.state == ConsumerGroupState.STABLE and group.group_epoch == 2 and group.assignment_epoch == 2
        again = a.hb()
        assert again.member_epoch == 2 and again.assignment is None
    run_virtual(main)


def test_v0_generates_member_id_v1_requires_one(harness):
    async def main():
        _, c, _ = make(harness)
        v0 = Client(c, member_id="", version=0)
        assert v0.hb().error == 0 and len(v0.member_id) == 22
        v1 = Client(c, member_id="", version=1)
        answer = v1.hb()
        assert (answer.error, answer.message) == (errors.INVALID_REQUEST.code, "MemberId can't be empty.")
    run_virtual(main)


def test_request_validation(harness):
    async def main():
        _, c, _ = make(harness)
        a = Client(c)
        assert a.hb(rebalance_timeout_ms=-1).message == "RebalanceTimeoutMs must be provided in first request."
        assert a.hb(topic_partitions=None).message == "TopicPartitions must be empty when (re-)joining."
        assert a.hb(subscribed_topic_names=None).error == errors.INVALID_REQUEST.code
        assert a.hb(epoch=-3).message == "MemberEpoch is invalid."
        assert a.hb(server_assignor="sticky").error == errors.UNSUPPORTED_ASSIGNOR.code
        assert a.hb(epoch=5).error == errors.GROUP_ID_NOT_FOUND.code
        assert a.hb(subscribed_topic_regex="(").error == errors.INVALID_REGULAR_EXPRESSION.code
    run_virtual(main)


def test_second_member_waits_for_revocation_then_gets_its_half(harness):
    async def main():
        _, c, _ = make(harness)
        a, b = Client(c), Client(c)
        a.hb()
        joined = b.hb()
        # b's target is half of the partitions, all still owned by a: b gets nothing yet
        assert joined.member_epoch == 3 and b.owned == {}
        group = c.shard_of("g").groups["g"]
        assert group.members[b.member_id].state == MemberState.UNRELEASED_PARTITIONS
        # a is asked to revoke: it keeps epoch 2 and its answer lists only what it keeps
        revoking = a.hb()
        assert revoking.member_epoch == 2 and a.count() == 3
        assert group.members[a.member_id].state == MemberState.UNREVOKED_PARTITIONS
        # a acknowledges (owned list without the revoked partitions): epoch 3, stable
        done = a.hb()
        assert done.member_epoch == 3 and group.members[a.member_id].state == MemberState.STABLE
        got = b.hb()
        assert got.member_epoch == 3 and b.count() == 3
        assert not (a.owned[T1] & b.owned[T1])
        assert group.state == ConsumerGroupState.STABLE
    run_virtual(main)


def test_stale_epochs_are_fenced(harness):
    async def main():
        _, c, _ = make(harness)
        a, b = Client(c), Client(c)
        a.hb()
        b.hb()
        settle([a, b])
        assert a.hb(epoch=a.epoch + 1).error == errors.FENCED_MEMBER_EPOCH.code
        assert a.hb(epoch=a.epoch - 1, topic_partitions=[TopicPartitions(topic_id=T1, partitions=[0, 1, 2, 3, 4, 5])]
                    ).error == errors.FENCED_MEMBER_EPOCH.code
        unknown = Client(c, member_id="nobody")
        answer = unknown.hb(epoch=3)
        assert (answer.error, answer.message) == (errors.UNKNOWN_MEMBER_ID.code, "Member nobody is not a member of group g.")
    run_virtual(main)


def test_session_expiry_fences_and_rebalances(harness):
    async def main():
        _, c, _ = make(harness)
        a, b = Client(c), Client(c)
        a.hb()
        b.hb()
        settle([a, b])
        group = c.shard_of("g").groups["g"]
        epoch = group.group_epoch
        for _ in range(12):  # only a heartbeats, 5 s apart, past b's 45 s session
            await trio.sleep(5)
            a.hb()
        assert b.member_id not in group.members and group.group_epoch == epoch + 1
        assert a.count() == 6
        assert b.hb().error == errors.UNKNOWN_MEMBER_ID.code
    run_virtual(main)


def test_a_groups_own_session_timeout_and_heartbeat_interval(harness):
    """GROUP configs: consumer.session.timeout.ms / consumer.heartbeat.interval.ms of the group replace the
    broker's, kept within the broker's bounds (Kafka's GroupConfig.evaluate)."""
    async def main():
        _, c, image = make(harness)
        image.group_configs["g"] = {"consumer.session.timeout.ms": "58000", "consumer.heartbeat.interval.ms": "7000"}
        image.group_configs["other"] = {"consumer.heartbeat.interval.ms": "99999"}
        a, b = Client(c), Client(c)
        assert a.hb().heartbeat_interval_ms == 7000
        b.hb()
        settle([a, b])
        assert Client(c, group="other").hb().heartbeat_interval_ms == 15000  # group.consumer.max.heartbeat.interval.ms
        group = c.shard_of("g").groups["g"]
        for _ in range(11):  # 55 s of a's heartbeats: b, silent, outlives the broker's 45 s
            await trio.sleep(5)
            a.hb()
        assert b.member_id in group.members
        for _ in range(2):
            await trio.sleep(5)
            a.hb()
        assert b.member_id not in group.members
    run_virtual(main)


def test_rebalance_timeout_fences_a_member_that_does_not_revoke(harness):
    async def main():
        _, c, _ = make(harness)
        a, b = Client(c), Client(c)
        a.hb(rebalance_timeout_ms=10000)
        b.hb()
        a.hb()  # asked to revoke 3 partitions
        group = c.shard_of("g").groups["g"]
        assert group.members[a.member_id].state == MemberState.UNREVOKED_PARTITIONS
        await trio.sleep(11)
        c.timers.fire_due()
        assert a.member_id not in group.members
        assert b.hb().error == 0 and b.hb().error == 0 and b.count() == 6
    run_virtual(main)


def test_leave_and_static_members(harness):
    async def main():
        _, c, _ = make(harness)
        a = Client(c)
        s = Client(c, instance_id="i-1")
        a.hb()
        s.hb()
        settle([a, s])
        group = c.shard_of("g").groups["g"]
        owned = {t: set(p) for t, p in s.owned.items()}
        # static member leaves for a while: its partitions stay with it
        left = s.hb(epoch=-2)
        assert (left.error, left.member_epoch) == (0, -2)
        assert group.members[s.member_id].member_epoch == -2
        a.hb()
        assert a.count() == 3
        # the same instance rejoins under a new member id and gets the same partitions without a rebalance
        epoch = group.group_epoch
        s2 = Client(c, instance_id="i-1")
        s2.hb()
        assert s2.owned == owned and group.group_epoch == epoch and s.member_id not in group.members
        # a second process with the same instance id while s2 is live
        s3 = Client(c, instance_id="i-1")
        assert s3.hb().error == errors.UNRELEASED_INSTANCE_ID.code
        # heartbeat of the replaced member id
        assert s.hb(epoch=2).error == errors.FENCED_INSTANCE_ID.code
        # a dynamic member leaves for good
        gone = a.hb(epoch=-1)
        assert (gone.error, gone.member_epoch, gone.member_id) == (0, -1, a.member_id)
        assert a.member_id not in group.members and group.group_epoch == epoch + 1
        settle([s2])
        assert s2.count() == 6
    run_virtual(main)


def test_max_size(harness):
    async def main():
        _, c, _ = make(harness, **{"group.consumer.max.size": 1})
        Client(c).hb()
        answer = Client(c).hb()
        assert answer.error == errors.GROUP_MAX_SIZE_REACHED.code
        assert answer.message == "The consumer group has reached its maximum capacity of 1 members."
    run_virtual(main)


def test_regex_subscription_and_new_topics(harness):
    async def main():
        _, c, image = make(harness, topics={"t1": (T1, 2), "other": (T2, 2)})
        a = Client(c, topics=())
        a.hb(subscribed_topic_names=None, subscribed_topic_regex="t.*")
        assert a.owned == {T1: {0, 1}}
        image.topics_by_name["t2"] = FakeTopic("t2", uuid.UUID(int=103), {0: None})
        image.topics_by_id[uuid.UUID(int=103)] = image.topics_by_name["t2"]
        a.hb()
        assert a.owned == {T1: {0, 1}, uuid.UUID(int=103): {0}}
    run_virtual(main)


def test_assignors_balance_and_stickiness():
    members = {"a": {T1, T2}, "b": {T1, T2}, "c": {T1, T2}}
    topics = {T1: 4, T2: 3}
    first = assignors.uniform(members, topics, {})
    sizes = sorted(sum(len(p) for p in a.values()) for a in first.values())
    assert sizes == [2, 2, 3]
    everything = {(t, p) for a in first.values() for t, ps in a.items() for p in ps}
    assert len(everything) == 7
    # one member leaves: the others keep what they had
    second = assignors.uniform({"a": members["a"], "b": members["b"]}, topics, first)
    for m in ("a", "b"):
        for t, ps in first[m].items():
            assert ps <= second[m][t]
    ranged = assignors.range_(members, topics, {})
    assert ranged["a"][T1] == {0, 1} and ranged["b"][T1] == {2} and ranged["c"][T1] == {3}
    assert ranged["a"][T2] == {0} and ranged["b"][T2] == {1} and ranged["c"][T2] == {2}


def test_server_assignor_range(harness):
    async def main():
        _, c, _ = make(harness)
        a, b = Client(c, member_id="a", assignor="range"), Client(c, member_id="b", assignor="range")
        a.hb()
        b.hb()
        settle([a, b])
        assert a.owned == {T1: {0, 1, 2}} and b.owned == {T1: {3, 4, 5}}
    run_virtual(main)


def test_offsets_with_member_epochs(harness):
    async def main():
        _, c, _ = make(harness)
        a = Client(c)
        a.hb()
        commit = dict(group_id="g", member_id=a.member_id, group_instance_id=None, retention_time_ms=-1,
                      offsets=[("t1", 0, 5, -1, "")])
        assert c.commit_offsets(generation_id=2, api_version=9, **commit) == [0]
        assert c.commit_offsets(generation_id=1, api_version=9, **commit) == [errors.STALE_MEMBER_EPOCH.code]
        assert c.commit_offsets(generation_id=2, api_version=8, **commit) == [errors.UNSUPPORTED_VERSION.code]
        assert c.commit_offsets(**{**commit, "member_id": "x"}, generation_id=2, api_version=9) == \
            [errors.UNKNOWN_MEMBER_ID.code]
        assert c.fetch_offsets("g", [("t1", 0)], require_stable=True, member_id=a.member_id, member_epoch=2)[1][
            ("t1", 0)].offset == 5
        assert c.fetch_offsets("g", [("t1", 0)], require_stable=True, member_id=a.member_id, member_epoch=7)[0] == \
            errors.STALE_MEMBER_EPOCH.code
        assert c.fetch_offsets("g", [("t1", 0)], require_stable=True)[0] == 0
        # classic APIs see a group that is not theirs
        assert c.heartbeat(group_id="g", generation_id=1, member_id=a.member_id, group_instance_id=None) == \
            errors.UNKNOWN_MEMBER_ID.code
        described = c.describe_group("g")
        assert described.error == errors.GROUP_ID_NOT_FOUND.code
        assert described.message == "Group g is not a classic group."
        assert c.delete_groups(["g"]) == {"g": errors.NON_EMPTY_GROUP.code}
        a.hb(epoch=-1)
        assert c.delete_groups(["g"]) == {"g": 0}
    run_virtual(main)


def test_empty_classic_group_becomes_a_consumer_group_keeping_offsets(harness):
    async def main():
        _, c, _ = make(harness)
        assert c.commit_offsets(group_id="g", generation_id=-1, member_id="", group_instance_id=None,
                                retention_time_ms=-1, offsets=[("t1", 0, 9, -1, "")], api_version=9) == [0]
        a = Client(c)
        assert a.hb().error == 0
        group = c.shard_of("g").groups["g"]
        assert isinstance(group, ConsumerGroup) and group.offsets[("t1", 0)].offset == 9
    run_virtual(main)


def test_persistence_and_reload(harness):
    async def main():
        h, c, image = make(harness)
        a, b = Client(c), Client(c, instance_id="static")
        a.hb()
        b.hb()
        a.hb()  # a is revoking
        before = c.shard_of("g").groups["g"]
        snapshot = (before.group_epoch, before.assignment_epoch, dict(before.members), dict(before.target))
        h.partitions.reopen()
        c2 = h.coordinator()
        c2.consumer.image = lambda: image
        after = c2.shard_of("g").groups["g"]
        assert (after.group_epoch, after.assignment_epoch, after.members, after.target) == snapshot
        assert after.static_members == {"static": b.member_id}
        assert after.partition_epochs == before.partition_epochs
        # the reloaded coordinator carries on: a acknowledges, b gets its partitions
        a.c = b.c = c2
        settle([a, b])
        assert a.count() == 3 and b.count() == 3
        # the reload scheduled session timeouts: both expire without heartbeats
        await trio.sleep(46)
        c2.timers.fire_due()
        assert not after.members and after.state == ConsumerGroupState.EMPTY
        # a left group survives another reload as an empty group with its epoch
        h.partitions.reopen()
        c3 = h.coordinator()
        reloaded = c3.shard_of("g").groups["g"]
        assert not reloaded.members and reloaded.group_epoch == after.group_epoch
    run_virtual(main)


@pytest.mark.parametrize("topics", [{"t1": (T1, 12)}])
def test_three_members_twelve_partitions_converge(harness, topics):
    async def main():
        _, c, _ = make(harness, topics=topics)
        clients = [Client(c) for _ in range(3)]
        for client in clients:
            client.hb()
        settle(clients)
        assert sorted(cl.count() for cl in clients) == [4, 4, 4]
        owned = [p for cl in clients for p in cl.owned.get(T1, ())]
        assert sorted(owned) == list(range(12))
        clients[0].hb(epoch=-1)
        settle(clients[1:])
        assert sorted(cl.count() for cl in clients[1:]) == [6, 6]
    run_virtual(main)


def test_assignment_interval_defers_the_target_assignment(harness):
    async def main():
        h, c, _ = make(harness, **{"group.consumer.assignment.interval.ms": 1000})
        a, b = Client(c), Client(c)
        a.hb()
        joined = b.hb()
        group = c.shard_of("g").groups["g"]
        # within the interval: the group epoch moves on, the target does not (Kafka 4.3's Assigning state)
        assert (group.group_epoch, group.assignment_epoch, joined.member_epoch) == (3, 2, 2)
        assert group.state == ConsumerGroupState.ASSIGNING and b.owned == {}
        h.wall.now += 1000
        a.hb()
        assert group.assignment_epoch == 3 and a.count() == 3
    run_virtual(main)


OPS = st.lists(st.tuples(st.sampled_from(["join", "beat", "leave", "beat-stale"]), st.integers(0, 4)),
               min_size=1, max_size=40)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=OPS, assignor=st.sampled_from([None, "range"]))
def test_random_membership_never_gives_a_partition_to_two_members(harness, ops, assignor):
    """Whatever the order of joins, heartbeats and leaves, no two live clients ever own the same partition
    (a client owns what its last answer gave it), and once everyone heartbeats the group converges to a
    balanced assignment of every partition."""
    async def main():
        _, c, _ = make(harness, topics={"t1": (T1, 7), "t2": (T2, 3)})
        group_id = f"g-{uuid.uuid4().hex}"  # hypothesis reuses the harness (and its log) across examples
        clients: dict[int, Client] = {}
        for op, who in ops:
            client = clients.get(who)
            if op == "join" and client is None:
                client = clients[who] = Client(c, group=group_id, member_id=f"m{who}", topics=("t1", "t2"),
                                               assignor=assignor)
                assert client.hb().error == 0
            elif op == "beat" and client is not None:
                answer = client.hb()
                if answer.error == errors.FENCED_MEMBER_EPOCH.code:  # as the Java client: drop all, rejoin
                    client.owned, client.epoch = {}, 0
                    answer = client.hb()
                assert answer.error == 0
            elif op == "beat-stale" and client is not None:
                # a heartbeat whose answer is lost: the client carries on with what it had
                c.consumer.heartbeat(client.request(), api_version=1, client_id="client", client_host="/127.0.0.1")
                client.full_next = True
            elif op == "leave" and client is not None:
                assert client.hb(epoch=-1).error == 0
                del clients[who]
            owned = [(t, p) for cl in clients.values() for t, ps in cl.owned.items() for p in ps]
            assert len(owned) == len(set(owned)), ops
        live = list(clients.values())
        settle(live, rounds=8)
        owned = sorted((t, p) for cl in live for t, ps in cl.owned.items() for p in ps)
        if live:
            assert owned == sorted([(T1, p) for p in range(7)] + [(T2, p) for p in range(3)])
            if assignor is None:
                counts = [cl.count() for cl in live]
                assert max(counts) - min(counts) <= 1
            group = c.shard_of(group_id).groups[group_id]
            assert group.state == ConsumerGroupState.STABLE
    run_virtual(main)


def test_empty_consumer_group_offsets_expire_and_the_group_is_deleted(harness):
    async def main():
        h, c, _ = make(harness, **{"offsets.retention.minutes": 1})
        a = Client(c)
        a.hb()
        assert c.commit_offsets(group_id="g", generation_id=a.epoch, member_id=a.member_id, group_instance_id=None,
                                retention_time_ms=-1, offsets=[("t1", 0, 5, -1, "")], api_version=9) == [0]
        h.wall.now += 120_000
        assert c.expire_offsets() == 0  # a group with members keeps its offsets
        a.hb(epoch=-1)
        assert c.expire_offsets() == 1  # empty: offsets expire from their commit time
        assert "g" not in c.shard_of("g").groups
        h.partitions.reopen()
        assert "g" not in h.coordinator().shard_of("g").groups  # the tombstones were written
    run_virtual(main)


def test_transactional_commit_checks_the_member_epoch(harness):
    async def main():
        _, c, _ = make(harness)
        a = Client(c)
        a.hb()
        common = dict(group_id="g", producer_id=7, producer_epoch=0, group_instance_id=None,
                      offsets=[("t1", 0, 5, -1, "")])
        assert c.commit_transactional_offsets(generation_id=a.epoch, member_id=a.member_id, **common) == [0]
        assert c.commit_transactional_offsets(generation_id=a.epoch + 1, member_id=a.member_id, **common) == \
            [errors.STALE_MEMBER_EPOCH.code]
        assert c.commit_transactional_offsets(generation_id=a.epoch, member_id="nobody", **common) == \
            [errors.UNKNOWN_MEMBER_ID.code]
        assert c.commit_transactional_offsets(generation_id=-1, member_id="", **common) == [0]
    run_virtual(main)
