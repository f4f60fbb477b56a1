"""Online migration between the classic and the consumer protocol (kbroker.group.migration), in virtual time: a
live classic group is upgraded when a consumer-protocol member joins, its classic members keep working inside the
consumer group (heartbeat, rejoin, sync, commit) until the partitions are shared, the records reload, and the group
is downgraded when the consumer-protocol member leaves."""

from __future__ import annotations

import trio

from kbroker.group.classic import ClassicGroup, GroupState
from kbroker.group.consumer import ConsumerGroup
from kbroker.group.migration import encode_assignment, parse_assignment
from kbroker.protocol import errors
from kbroker.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription
from tests.group.conftest import run_virtual
from tests.group.test_classic_rebalance import GROUP, full_join, join_together, sync
from tests.group.test_consumer_protocol import T1, Client, FakeImage

NONE = errors.NONE.code
SUBSCRIPTION = (1).to_bytes(2, "big") + ConsumerProtocolSubscription(topics=["t1"]).encode(1)
PROTOCOLS = [("range", SUBSCRIPTION)]


def consumer_harness(harness, **overrides):
    h = harness(**{"group.consumer.assignment.interval.ms": 0, **overrides})
    image = FakeImage({"t1": (T1, 6)})
    c = h.coordinator()
    c.consumer.image = lambda: image
    return h, c, image


async def classic_pair(c):
    """Two classic members of GROUP sharing t1's six partitions, generation 1."""
    joined = await join_together(c, 2, protocols=PROTOCOLS)
    leader = next(r for r in joined if r.member_id == r.leader)
    halves = {joined[0].member_id: [0, 1, 2], joined[1].member_id: [3, 4, 5]}
    given = [(m, encode_assignment({"t1": ps}, 1)) for m, ps in halves.items()]
    async with trio.open_nursery() as nursery:
        for r in joined:
            nursery.start_soon(sync, c, r, given if r is leader else [])
    return joined, halves


async def classic_rejoin(c, member_id):
    joined = await full_join(c, protocols=PROTOCOLS) if member_id is None else await _join(c, member_id)
    assert joined.error == NONE, joined
    assert joined.leader == "" and joined.members == [] and joined.protocol_name == "range"
    synced = await sync(c, joined)
    return joined, synced


async def _join(c, member_id):
    from tests.group.test_classic_rebalance import join
    return await join(c, member_id, protocols=PROTOCOLS)


def held(synced) -> set[int]:
    return set(parse_assignment(synced.assignment).get("t1", []))


def test_upgrade_share_and_downgrade(harness):
    h, c, _ = consumer_harness(harness)

    async def main():
        joined, halves = await classic_pair(c)
        a, b = (r.member_id for r in joined)
        newcomer = Client(c)
        answer = newcomer.hb()
        assert answer.error == NONE, answer
        group = c.shard_of(GROUP).groups[GROUP]
        assert isinstance(group, ConsumerGroup) and set(group.members) == {a, b, newcomer.member_id}
        assert group.members[a].member_epoch == 1 and group.group_epoch == 2
        # the classic members are told to rejoin; their old generation still commits
        assert c.heartbeat(group_id=GROUP, generation_id=1, member_id=a, group_instance_id=None) == \
            errors.REBALANCE_IN_PROGRESS.code
        assert c.commit_offsets(group_id=GROUP, generation_id=1, member_id=a, group_instance_id=None,
                                retention_time_ms=-1, offsets=[("t1", 0, 5, -1, "")], api_version=8) == [NONE]
        assert c.heartbeat(group_id=GROUP, generation_id=7, member_id=a, group_instance_id=None) == \
            errors.ILLEGAL_GENERATION.code
        owners = {}
        for _ in range(4):  # eager members rejoin with nothing owned; the newcomer heartbeats
            for member_id in (a, b):
                if c.heartbeat(group_id=GROUP, generation_id=group.members[member_id].member_epoch,
                               member_id=member_id, group_instance_id=None) != NONE:
                    _, synced = await classic_rejoin(c, member_id)
                    assert synced.error == NONE, synced
                    owners[member_id] = held(synced)
            newcomer.hb()
            owners[newcomer.member_id] = set(newcomer.owned.get(T1, set()))
        assert sorted(len(ps) for ps in owners.values()) == [2, 2, 2]
        assert set().union(*owners.values()) == set(range(6))
        for member_id in (a, b):
            assert c.heartbeat(group_id=GROUP, generation_id=group.members[member_id].member_epoch,
                               member_id=member_id, group_instance_id=None) == NONE
        return a, b, newcomer

    a, b, newcomer = run_virtual(main)
    h.partitions.reopen()
    c2 = h.coordinator()
    image = FakeImage({"t1": (T1, 6)})
    c2.consumer.image = lambda: image

    async def after_reload():
        group = c2.shard_of(GROUP).groups[GROUP]
        assert isinstance(group, ConsumerGroup)
        assert group.members[a].classic is not None and group.members[a].classic.protocols == tuple(PROTOCOLS)
        assert group.members[newcomer.member_id].classic is None
        newcomer.c = c2
        left = c2.consumer.heartbeat(newcomer.request(epoch=-1), api_version=1, client_id="client",
                                     client_host="/127.0.0.1")
        assert left.error == NONE
        classic = c2.shard_of(GROUP).groups[GROUP]
        assert isinstance(classic, ClassicGroup) and set(classic.members) == {a, b}
        assert classic.state == GroupState.PREPARING_REBALANCE and classic.protocol_type == "consumer"
        assert classic.offsets[("t1", 0)].offset == 5
        assert c2.heartbeat(group_id=GROUP, generation_id=classic.generation_id, member_id=a,
                            group_instance_id=None) == errors.REBALANCE_IN_PROGRESS.code

    run_virtual(after_reload)


def test_the_migration_policy_can_refuse_the_upgrade(harness):
    _, c, _ = consumer_harness(harness, **{"group.consumer.migration.policy": "downgrade"})

    async def main():
        await classic_pair(c)
        answer = Client(c).hb()
        assert answer.error == errors.GROUP_ID_NOT_FOUND.code
        assert answer.message == f"Cannot upgrade classic group {GROUP} to consumer group because the online " \
                                 "upgrade is disabled."
        assert isinstance(c.shard_of(GROUP).groups[GROUP], ClassicGroup)

    run_virtual(main)


def test_classic_members_leave_a_consumer_group(harness):
    _, c, _ = consumer_harness(harness)

    async def main():
        joined, _ = await classic_pair(c)
        a, b = (r.member_id for r in joined)
        newcomer = Client(c)
        assert newcomer.hb().error == NONE
        group = c.shard_of(GROUP).groups[GROUP]
        epoch = group.group_epoch
        top, codes = c.leave_group(GROUP, [(a, None), (b, None), (newcomer.member_id, None), ("stranger", None)])
        assert top == NONE
        # a consumer-protocol member cannot leave through LeaveGroup; an unknown one is unknown
        assert codes == [NONE, NONE, errors.UNKNOWN_MEMBER_ID.code, errors.UNKNOWN_MEMBER_ID.code]
        assert set(group.members) == {newcomer.member_id} and group.group_epoch == epoch + 1
        assert c.heartbeat(group_id=GROUP, generation_id=1, member_id=a, group_instance_id=None) == \
            errors.UNKNOWN_MEMBER_ID.code
        # a consumer-protocol member is unknown to the classic APIs
        assert c.heartbeat(group_id=GROUP, generation_id=newcomer.epoch, member_id=newcomer.member_id,
                           group_instance_id=None) == errors.UNKNOWN_MEMBER_ID.code

    run_virtual(main)


def test_a_classic_member_joining_an_empty_consumer_group_makes_it_classic(harness):
    h, c, _ = consumer_harness(harness)

    async def main():
        member = Client(c)
        assert member.hb().error == NONE
        assert c.commit_offsets(group_id=GROUP, generation_id=member.epoch, member_id=member.member_id,
                                group_instance_id=None, retention_time_ms=-1, offsets=[("t1", 1, 9, -1, "")],
                                api_version=9) == [NONE]
        assert c.consumer.heartbeat(member.request(epoch=-1), api_version=1, client_id="client",
                                    client_host="/127.0.0.1").error == NONE
        joined = await full_join(c, protocols=PROTOCOLS)
        assert joined.error == NONE and joined.leader == joined.member_id
        group = c.shard_of(GROUP).groups[GROUP]
        assert isinstance(group, ClassicGroup) and group.offsets[("t1", 1)].offset == 9

    run_virtual(main)
    h.partitions.reopen()
    reloaded = h.coordinator().shard_of(GROUP).groups[GROUP]
    assert isinstance(reloaded, ClassicGroup) and reloaded.offsets[("t1", 1)].offset == 9
