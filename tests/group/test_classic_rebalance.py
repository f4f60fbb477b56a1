"""The classic group state machine in virtual time: joins, leader election, sync, heartbeats, session and
rebalance timeouts, the initial rebalance delay, static membership and Kafka's error codes."""

from __future__ import annotations

import trio

from kbroker.group.classic import GroupState
from kbroker.protocol import errors
from tests.group.conftest import run_virtual

GROUP = "g"
SESSION_MS = 10_000
REBALANCE_MS = 30_000
RANGE = [("range", b"range-meta"), ("roundrobin", b"rr-meta")]


async def join(coordinator, member_id="", *, instance_id=None, protocols=RANGE, session_ms=SESSION_MS,
               rebalance_ms=REBALANCE_MS, protocol_type="consumer", client_id="client",
               require_known_member_id=True, skip=False):
    return await coordinator.join_group(
        group_id=GROUP, member_id=member_id, group_instance_id=instance_id, protocol_type=protocol_type,
        protocols=protocols, session_timeout_ms=session_ms, rebalance_timeout_ms=rebalance_ms,
        client_id=client_id, client_host="/127.0.0.1", require_known_member_id=require_known_member_id,
        supports_skip_assignment=skip)


async def full_join(coordinator, **kw):
    """KIP-394: the first JoinGroup hands out a member id, the second one joins with it."""
    first = await join(coordinator, **kw)
    if first.error != errors.MEMBER_ID_REQUIRED.code:
        return first
    return await join(coordinator, first.member_id, **kw)


async def sync(coordinator, result, assignments=(), instance_id=None):
    return await coordinator.sync_group(group_id=GROUP, generation_id=result.generation_id,
                                        member_id=result.member_id, group_instance_id=instance_id,
                                        protocol_type="consumer", protocol_name=result.protocol_name,
                                        assignments=list(assignments))


async def join_together(coordinator, count, **kw):
    results = [None] * count

    async def one(i):
        results[i] = await full_join(coordinator, client_id=f"c{i}", **kw)

    async with trio.open_nursery() as nursery:
        for i in range(count):
            nursery.start_soon(one, i)
            await trio.sleep(0.001)
    return results


async def stable_group(coordinator, count, **kw):
    """`count` members joined and synced (the leader assigns b"a-<member id>")."""
    joined = await join_together(coordinator, count, **kw)
    leader = next(r for r in joined if r.member_id == r.leader)
    synced = {}

    async def one(result):
        given = [(m, f"a-{m}".encode()) for m, _, _ in result.members] if result is leader else []
        synced[result.member_id] = await sync(coordinator, result, given, kw.get("instance_id"))

    async with trio.open_nursery() as nursery:
        for result in joined:
            nursery.start_soon(one, result)
    return joined, synced


def group_of(coordinator):
    return coordinator.shard_of(GROUP).groups[GROUP]


def test_members_join_elect_a_leader_and_get_the_leaders_assignment(harness):
    coordinator = harness().coordinator()

    async def main():
        joined, synced = await stable_group(coordinator, 3)
        assert {r.error for r in joined} == {errors.NONE.code}
        assert {r.generation_id for r in joined} == {1}
        assert {r.protocol_name for r in joined} == {"range"}
        leaders = [r for r in joined if r.member_id == r.leader]
        assert len(leaders) == 1 and len(leaders[0].members) == 3
        assert all(r.members == [] for r in joined if r is not leaders[0])
        assert {m: s.assignment for m, s in synced.items()} == {m: f"a-{m}".encode() for m in synced}
        assert group_of(coordinator).state == GroupState.STABLE
        for r in joined:
            assert coordinator.heartbeat(group_id=GROUP, generation_id=1, member_id=r.member_id,
                                         group_instance_id=None) == errors.NONE.code

    run_virtual(main)


def test_member_id_required_from_v4_and_the_id_starts_with_the_client_id(harness):
    coordinator = harness().coordinator()

    async def main():
        first = await join(coordinator, client_id="my-client")
        assert first.error == errors.MEMBER_ID_REQUIRED.code
        assert first.member_id.startswith("my-client-")
        old_style = await join(coordinator, require_known_member_id=False, client_id="old")
        assert old_style.error == errors.NONE.code

    run_virtual(main)


def test_a_member_that_stops_heartbeating_is_removed_after_its_session_timeout(harness):
    coordinator = harness().coordinator()

    async def main():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(coordinator.run)
            await trio.sleep(0)
            joined, _ = await stable_group(coordinator, 2)
            alive, dead = joined
            # only `alive` heartbeats, every 3 s, until the group rebalances
            codes = []
            while True:
                await trio.sleep(3)
                code = coordinator.heartbeat(group_id=GROUP, generation_id=1, member_id=alive.member_id,
                                             group_instance_id=None)
                codes.append(code)
                if code != errors.NONE.code:
                    break
            assert code == errors.REBALANCE_IN_PROGRESS.code
            assert len(codes) == SESSION_MS // 3000 + 1
            rejoined = await join(coordinator, alive.member_id)
            assert rejoined.generation_id == 2 and [m for m, _, _ in rejoined.members] == [alive.member_id]
            assert dead.member_id not in group_of(coordinator).members
            nursery.cancel_scope.cancel()

    run_virtual(main)


def test_a_member_that_does_not_rejoin_is_dropped_at_the_rebalance_timeout(harness):
    coordinator = harness().coordinator()

    async def main():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(coordinator.run)
            await trio.sleep(0)
            (a, b), _ = await stable_group(coordinator, 2, session_ms=60_000)
            start = trio.current_time()
            # `a` changes its protocols, which starts a rebalance; `b` never rejoins
            rejoined = await join(coordinator, a.member_id, protocols=[("range", b"new")], session_ms=60_000)
            assert trio.current_time() - start == REBALANCE_MS / 1000
            assert rejoined.error == errors.NONE.code and rejoined.generation_id == 2
            assert [m for m, _, _ in rejoined.members] == [a.member_id]
            nursery.cancel_scope.cancel()

    run_virtual(main)


def test_initial_rebalance_delay_gathers_members_of_a_new_group(harness):
    coordinator = harness(**{"group.initial.rebalance.delay.ms": 3000}).coordinator()

    async def main():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(coordinator.run)
            await trio.sleep(0)
            results = {}

            async def member(name, after):
                await trio.sleep(after)
                results[name] = (await full_join(coordinator, client_id=name), trio.current_time())

            start = trio.current_time()
            async with trio.open_nursery() as joins:
                joins.start_soon(member, "early", 0)
                joins.start_soon(member, "late", 2)  # within the first delay: the delay is extended
            assert {r.generation_id for r, _ in results.values()} == {1}
            assert {t - start for _, t in results.values()} == {6}
            nursery.cancel_scope.cancel()

    run_virtual(main)


def test_join_errors(harness):
    coordinator = harness(**{"group.max.size": 2}).coordinator()

    async def main():
        too_short = await join(coordinator, session_ms=5999)
        assert too_short.error == errors.INVALID_SESSION_TIMEOUT.code
        too_long = await join(coordinator, session_ms=1_800_001)
        assert too_long.error == errors.INVALID_SESSION_TIMEOUT.code
        unknown = await join(coordinator, "nobody")
        assert unknown.error == errors.UNKNOWN_MEMBER_ID.code
        empty_type = await join(coordinator, protocol_type="")
        assert empty_type.error == errors.INCONSISTENT_GROUP_PROTOCOL.code
        (a, b), _ = await stable_group(coordinator, 2)
        other = await join(coordinator, protocols=[("sticky", b"")])
        assert other.error == errors.INCONSISTENT_GROUP_PROTOCOL.code
        other_type = await join(coordinator, protocol_type="connect")
        assert other_type.error == errors.INCONSISTENT_GROUP_PROTOCOL.code
        full = await join(coordinator)
        assert full.error == errors.GROUP_MAX_SIZE_REACHED.code
        assert coordinator.heartbeat(group_id=GROUP, generation_id=7, member_id=a.member_id,
                                     group_instance_id=None) == errors.ILLEGAL_GENERATION.code
        assert coordinator.heartbeat(group_id=GROUP, generation_id=1, member_id="x",
                                     group_instance_id=None) == errors.UNKNOWN_MEMBER_ID.code
        bad_sync = await coordinator.sync_group(group_id=GROUP, generation_id=9, member_id=a.member_id,
                                                group_instance_id=None, protocol_type=None, protocol_name=None,
                                                assignments=[])
        assert bad_sync.error == errors.ILLEGAL_GENERATION.code
        assert coordinator.heartbeat(group_id="no-such-group", generation_id=1, member_id="m",
                                     group_instance_id=None) == errors.UNKNOWN_MEMBER_ID.code

    run_virtual(main)


def test_leave_group_rebalances_and_the_last_member_leaving_empties_the_group(harness):
    coordinator = harness().coordinator()

    async def main():
        (a, b), _ = await stable_group(coordinator, 2)
        top, codes = coordinator.leave_group(GROUP, [(b.member_id, None), ("ghost", None)])
        assert (top, codes) == (errors.NONE.code, [errors.NONE.code, errors.UNKNOWN_MEMBER_ID.code])
        assert coordinator.heartbeat(group_id=GROUP, generation_id=1, member_id=a.member_id,
                                     group_instance_id=None) == errors.REBALANCE_IN_PROGRESS.code
        rejoined = await join(coordinator, a.member_id)
        assert rejoined.generation_id == 2
        top, codes = coordinator.leave_group(GROUP, [(a.member_id, None)])
        assert codes == [errors.NONE.code]
        group = group_of(coordinator)
        assert group.state == GroupState.EMPTY and group.generation_id == 3

    run_virtual(main)


def test_static_member_rejoins_without_a_rebalance_and_fences_its_old_id(harness):
    coordinator = harness().coordinator()

    async def main():
        joined = {}

        async def one(instance):
            joined[instance] = await full_join(coordinator, instance_id=instance, client_id=instance)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(one, "i-1")
            await trio.sleep(0.001)
            nursery.start_soon(one, "i-2")
        first = joined["i-1"]
        assert first.error == errors.NONE.code and first.member_id.startswith("i-1-")
        async with trio.open_nursery() as nursery:
            for instance, result in joined.items():
                given = [(m, m.encode()) for m, _, _ in result.members]
                nursery.start_soon(sync, coordinator, result, given, instance)
        follower = next(r for r in joined.values() if r.member_id != r.leader)
        instance = next(i for i, r in joined.items() if r is follower)
        # the follower restarts: same instance id, no member id
        again = await join(coordinator, instance_id=instance)
        assert again.error == errors.NONE.code
        assert again.generation_id == 1 and again.member_id != follower.member_id
        assert group_of(coordinator).state == GroupState.STABLE
        assert coordinator.heartbeat(group_id=GROUP, generation_id=1, member_id=follower.member_id,
                                     group_instance_id=instance) == errors.FENCED_INSTANCE_ID.code
        synced = await sync(coordinator, again, instance_id=instance)
        assert synced.assignment == follower.member_id.encode()

    run_virtual(main)


def test_a_restarted_static_leader_is_told_the_old_leader_id_below_join_group_v9(harness):
    """Kafka's updateStaticMemberAndRebalance: below JoinGroup v9 the answer carries the leader id from before
    the replacement and no members, so the restarted leader sees itself as a follower and only syncs; from v9
    it is told it leads, with the members, and skips the assignment."""
    coordinator = harness().coordinator()

    async def main():
        joined = {}

        async def one(instance):
            joined[instance] = await full_join(coordinator, instance_id=instance, client_id=instance)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(one, "i-1")
            await trio.sleep(0.001)
            nursery.start_soon(one, "i-2")
        leader = next(r for r in joined.values() if r.member_id == r.leader)
        instance = next(i for i, r in joined.items() if r is leader)
        async with trio.open_nursery() as nursery:
            for each, result in joined.items():
                given = [(m, m.encode()) for m, _, _ in result.members]
                nursery.start_soon(sync, coordinator, result, given, each)

        again = await join(coordinator, instance_id=instance)  # below v9
        assert again.error == errors.NONE.code and again.member_id != leader.member_id
        assert (again.generation_id, again.leader, again.members, again.skip_assignment) == (
            1, leader.member_id, [], False)
        group = group_of(coordinator)
        assert group.state == GroupState.STABLE and group.leader_id == again.member_id
        synced = await sync(coordinator, again, instance_id=instance)
        assert synced.assignment == leader.member_id.encode()

        newest = await join(coordinator, instance_id=instance, skip=True)  # v9
        assert (newest.generation_id, newest.leader, newest.skip_assignment) == (1, newest.member_id, True)
        assert sorted(i for _, i, _ in newest.members) == ["i-1", "i-2"]
        assert group_of(coordinator).state == GroupState.STABLE

    run_virtual(main)


def test_describe_lists_the_current_assignment_outside_stable_and_an_unfinished_one_is_cleared(harness):
    """Kafka's describeNoMetadata: outside Stable, members come without metadata but with their assignment; a
    rebalance prepared from CompletingRebalance clears the assignment of the generation that never completed."""
    coordinator = harness().coordinator()

    def described():
        found = coordinator.describe_group(GROUP)
        return found.state, found.protocol_data, {m.member_id: (meta, bytes(a)) for m, meta, a in found.members}

    async def main():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(coordinator.run)
            await trio.sleep(0)
            joined, _ = await stable_group(coordinator, 2, session_ms=60_000)
            ids = [r.member_id for r in joined]
            assert described() == ("Stable", "range", {m: (b"range-meta", f"a-{m}".encode()) for m in ids})

            # A third member joins: the old members keep their assignment while the group waits for them.
            first = await join(coordinator, client_id="c2")
            nursery.start_soon(join, coordinator, first.member_id)
            await trio.sleep(0.01)
            state, protocol, members = described()
            assert (state, protocol) == ("PreparingRebalance", "")
            assert members == {**{m: (b"", f"a-{m}".encode()) for m in ids}, first.member_id: (b"", b"")}

            # Everyone rejoins: CompletingRebalance still shows the last assignment...
            for member_id in ids:
                nursery.start_soon(join, coordinator, member_id)
            await trio.sleep(0.01)
            state, _, members = described()
            assert state == "CompletingRebalance"
            assert {m: a for m, (_, a) in members.items() if m in ids} == {m: f"a-{m}".encode() for m in ids}
            # ...until another member joins before the leader's SyncGroup: that assignment is gone.
            late = await join(coordinator, client_id="c3")
            nursery.start_soon(join, coordinator, late.member_id)
            await trio.sleep(0.01)
            state, _, members = described()
            assert state == "PreparingRebalance"
            assert {a for _, a in members.values()} == {b""}
            nursery.cancel_scope.cancel()

    run_virtual(main)


def test_pending_sync_members_are_removed_after_the_rebalance_timeout(harness):
    coordinator = harness().coordinator()

    async def main():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(coordinator.run)
            await trio.sleep(0)
            a, b = await join_together(coordinator, 2, session_ms=60_000)
            leader = a if a.member_id == a.leader else b
            follower = b if leader is a else a
            synced = await sync(coordinator, leader, [(leader.member_id, b"l"), (follower.member_id, b"f")])
            assert synced.error == errors.NONE.code
            # the follower never syncs: after the rebalance timeout it is removed and the group rebalances
            await trio.sleep(REBALANCE_MS / 1000 + 1)
            group = group_of(coordinator)
            assert follower.member_id not in group.members
            assert group.state == GroupState.PREPARING_REBALANCE
            nursery.cancel_scope.cancel()

    run_virtual(main)
