"""Committed offsets and the group records in `__consumer_offsets`: commits by members and non-members, their
errors, reload after a restart (groups, generations, assignments, offsets), transactional commits pending until
their marker, retention, OffsetDelete and DeleteGroups."""

from __future__ import annotations

from kbroker.group import records as GR
from kbroker.group.classic import GroupState
from kbroker.protocol import errors
from kbroker.protocol import records as R
from kbroker.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription
from tests.group.conftest import run_virtual
from tests.group.test_classic_rebalance import GROUP, stable_group

NONE = errors.NONE.code


def commit(coordinator, offsets, *, generation=-1, member_id="", instance_id=None, retention=-1, version=9):
    return coordinator.commit_offsets(group_id=GROUP, generation_id=generation, member_id=member_id,
                                      group_instance_id=instance_id, retention_time_ms=retention,
                                      offsets=[(t, p, o, -1, "meta") for t, p, o in offsets], api_version=version)


def fetched(coordinator, keys=None, require_stable=False):
    code, found = coordinator.fetch_offsets(GROUP, keys, require_stable=require_stable)
    assert code == NONE
    return {key: (o.offset, o.error) for key, o in found.items()}


def stored_records(harness_):
    out = []
    for raw in harness_.partitions.partition.log.read_batches():
        for batch in R.iter_batches(raw):
            if not batch.is_control:
                out.extend(GR.decode(r.key, r.value) for r in batch.records())
    return out


def test_simple_commits_create_a_group_and_survive_a_restart(harness):
    async def main():
        h = harness()
        coordinator = h.coordinator()
        assert commit(coordinator, [("t", 0, 5), ("t", 1, 7)]) == [NONE, NONE]
        assert fetched(coordinator, [("t", 0), ("t", 1), ("t", 2)]) == {("t", 0): (5, NONE), ("t", 1): (7, NONE),
                                                                        ("t", 2): (-1, NONE)}
        records = stored_records(h)
        assert [(r.group, r.topic, r.partition, r.value.offset) for r in records] == [(GROUP, "t", 0, 5),
                                                                                      (GROUP, "t", 1, 7)]
        h.partitions.reopen()
        assert fetched(h.coordinator()) == {("t", 0): (5, NONE), ("t", 1): (7, NONE)}

    run_virtual(main)

def test_commit_errors_as_kafka(harness):
    coordinator = harness().coordinator()

    async def main():
        assert commit(coordinator, [("t", 0, 1)], generation=3, member_id="m", version=8) == \
            [errors.ILLEGAL_GENERATION.code]
        assert commit(coordinator, [("t", 0, 1)], generation=3, member_id="m", version=9) == \
            [errors.GROUP_ID_NOT_FOUND.code]
        too_long = coordinator.commit_offsets(group_id=GROUP, generation_id=-1, member_id="",
                                              group_instance_id=None, retention_time_ms=-1,
                                              offsets=[("t", 0, 1, -1, "x" * 4097)], api_version=9)
        assert too_long == [errors.OFFSET_METADATA_TOO_LARGE.code]
        (a, b), _ = await stable_group(coordinator, 2)
        assert commit(coordinator, [("t", 0, 1)], generation=1, member_id=a.member_id) == [NONE]
        assert commit(coordinator, [("t", 0, 1)], generation=2, member_id=a.member_id) == \
            [errors.ILLEGAL_GENERATION.code]
        assert commit(coordinator, [("t", 0, 1)], generation=1, member_id="stranger") == \
            [errors.UNKNOWN_MEMBER_ID.code]
        # a simple commit to a group with members
        assert commit(coordinator, [("t", 0, 1)]) == [errors.UNKNOWN_MEMBER_ID.code]

    run_virtual(main)


def test_a_commit_without_generation_is_accepted_whatever_member_id_while_the_group_is_empty(harness):
    """Kafka's ClassicGroup.validateOffsetCommit: generation -1 to an empty group is a simple commit, even with
    the member id a KIP-848 client generates for itself before (or without ever) subscribing."""
    coordinator = harness().coordinator()

    async def main():
        assert commit(coordinator, [("t", 0, 3)], member_id="own-uuid") == [NONE]
        assert commit(coordinator, [("t", 0, 4)], member_id="own-uuid", instance_id="static-1") == [NONE]
        assert fetched(coordinator, [("t", 0)]) == {("t", 0): (4, NONE)}
        await stable_group(coordinator, 2)
        assert commit(coordinator, [("t", 0, 5)], member_id="own-uuid") == [errors.UNKNOWN_MEMBER_ID.code]

    run_virtual(main)


def test_groups_reload_with_their_generation_members_and_assignments(harness):
    h = harness()
    coordinator = h.coordinator()

    async def main():
        joined, synced = await stable_group(coordinator, 2)
        leader = next(r for r in joined if r.member_id == r.leader)
        assert commit(coordinator, [("t", 0, 42)], generation=1, member_id=leader.member_id) == [NONE]
        return joined, synced

    joined, synced = run_virtual(main)
    h.partitions.reopen()

    async def after_restart():
        reloaded = h.coordinator()
        group = reloaded.shard_of(GROUP).groups[GROUP]
        assert group.state == GroupState.STABLE and group.generation_id == 1
        assert group.protocol_type == "consumer" and group.protocol_name == "range"
        assert {m.member_id: m.assignment for m in group.members.values()} == \
            {m: s.assignment for m, s in synced.items()}
        assert group.leader_id == joined[0].leader
        assert fetched(reloaded) == {("t", 0): (42, NONE)}
        assert reloaded.heartbeat(group_id=GROUP, generation_id=1, member_id=joined[1].member_id,
                                  group_instance_id=None) == NONE

    run_virtual(after_restart)


def test_transactional_offsets_are_pending_until_the_commit_marker(harness):
    async def main():
        h = harness()
        coordinator = h.coordinator()
        assert commit(coordinator, [("t", 0, 1)]) == [NONE]
        codes = coordinator.commit_transactional_offsets(group_id=GROUP, producer_id=77, producer_epoch=0,
                                                         generation_id=-1, member_id="", group_instance_id=None,
                                                         offsets=[("t", 0, 10, -1, ""), ("t", 1, 11, -1, "")])
        assert codes == [NONE, NONE]
        assert fetched(coordinator, [("t", 0)]) == {("t", 0): (1, NONE)}
        assert fetched(coordinator, [("t", 0)], require_stable=True) == \
            {("t", 0): (-1, errors.UNSTABLE_OFFSET_COMMIT.code)}
        # a restart before the marker keeps them pending
        h.partitions.reopen()
        coordinator = h.coordinator()
        assert fetched(coordinator, [("t", 1)], require_stable=True) == \
            {("t", 1): (-1, errors.UNSTABLE_OFFSET_COMMIT.code)}
        h.partitions.partition.append_control_marker(R.CONTROL_COMMIT, producer_id=77, producer_epoch=0,
                                                     coordinator_epoch=0)
        coordinator.transaction_marker_written(0, producer_id=77, producer_epoch=0, commit=True)
        assert fetched(coordinator, [("t", 0), ("t", 1)], require_stable=True) == \
            {("t", 0): (10, NONE), ("t", 1): (11, NONE)}
        h.partitions.reopen()
        assert fetched(h.coordinator(), [("t", 0), ("t", 1)]) == {("t", 0): (10, NONE), ("t", 1): (11, NONE)}

    run_virtual(main)

def test_aborted_transactional_offsets_are_dropped(harness):
    async def main():
        h = harness()
        coordinator = h.coordinator()
        coordinator.commit_transactional_offsets(group_id=GROUP, producer_id=5, producer_epoch=1, generation_id=-1,
                                                 member_id="", group_instance_id=None, offsets=[("t", 0, 10, -1, "")])
        h.partitions.partition.append_control_marker(R.CONTROL_ABORT, producer_id=5, producer_epoch=1,
                                                     coordinator_epoch=0)
        coordinator.transaction_marker_written(0, producer_id=5, producer_epoch=1, commit=False)
        assert fetched(coordinator, [("t", 0)], require_stable=True) == {("t", 0): (-1, NONE)}
        h.partitions.reopen()
        assert fetched(h.coordinator(), [("t", 0)], require_stable=True) == {("t", 0): (-1, NONE)}

    run_virtual(main)

def test_offsets_of_an_empty_group_expire_after_the_retention(harness):
    async def main():
        h = harness(**{"offsets.retention.minutes": 10})
        coordinator = h.coordinator()
        assert commit(coordinator, [("t", 0, 3)]) == [NONE]
        h.wall.now += 9 * 60_000
        assert coordinator.expire_offsets() == 0
        h.wall.now += 60_000
        assert coordinator.expire_offsets() == 1
        assert GROUP not in coordinator.shard_of(GROUP).groups
        assert [type(r).__name__ for r in stored_records(h)] == ["OffsetRecord", "OffsetRecord", "GroupRecord"]
        assert stored_records(h)[1].value is None and stored_records(h)[2].value is None
        h.partitions.reopen()
        assert fetched(h.coordinator()) == {}

    run_virtual(main)

def test_delete_groups_and_offsets(harness):
    h = harness()
    coordinator = h.coordinator()

    async def main():
        assert coordinator.delete_groups([GROUP]) == {GROUP: errors.GROUP_ID_NOT_FOUND.code}
        subscription = (0).to_bytes(2, "big") + ConsumerProtocolSubscription(topics=["t"]).encode(0)
        (a, b), _ = await stable_group(coordinator, 2, protocols=[("range", subscription)])
        assert coordinator.delete_groups([GROUP]) == {GROUP: errors.NON_EMPTY_GROUP.code}
        assert commit(coordinator, [("t", 0, 1), ("other", 0, 2), ("other", 1, 3)], generation=1,
                      member_id=a.member_id) == [NONE, NONE, NONE]
        assert coordinator.delete_offsets(GROUP, [("t", 0), ("other", 1)]) == \
            (NONE, {("t", 0): errors.GROUP_SUBSCRIBED_TO_TOPIC.code, ("other", 1): NONE})
        coordinator.leave_group(GROUP, [(a.member_id, None), (b.member_id, None)])
        assert coordinator.delete_offsets(GROUP, [("other", 0)]) == (NONE, {("other", 0): NONE})
        assert fetched(coordinator) == {("t", 0): (1, NONE)}
        assert coordinator.delete_groups([GROUP]) == {GROUP: NONE}
        assert fetched(coordinator) == {}

    run_virtual(main)
    h.partitions.reopen()

    async def after_restart():
        assert GROUP not in h.coordinator().shard_of(GROUP).groups

    run_virtual(after_restart)


def test_offsets_of_deleted_topics_are_removed_and_stay_removed_after_a_restart(harness):
    """Kafka's GroupCoordinator.onPartitionsDeleted: tombstones for every group's offsets of the topics."""
    async def main():
        h = harness()
        coordinator = h.coordinator()
        assert commit(coordinator, [("gone", 0, 5), ("gone", 1, 7), ("kept", 0, 3)]) == [NONE, NONE, NONE]
        assert coordinator.on_topics_deleted({"gone", "never-committed"}) == 2
        assert fetched(coordinator) == {("kept", 0): (3, NONE)}
        assert coordinator.describe_group(GROUP).state == "Empty"  # the group itself stays
        h.partitions.reopen()
        assert fetched(h.coordinator()) == {("kept", 0): (3, NONE)}

    run_virtual(main)
