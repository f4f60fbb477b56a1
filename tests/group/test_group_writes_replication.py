"""Group coordinator writes are answered once `__consumer_offsets` has them on its in-sync replicas (Kafka's
coordinator runtime completes a write operation at the high watermark): the JoinGroup/SyncGroup handlers over a
coordinator whose partition has a follower (node 2) in its ISR, the follower's fetches driven by the test, in
virtual time. Not replicated within offsets.commit.timeout.ms is COORDINATOR_NOT_AVAILABLE; leadership lost
meanwhile is NOT_COORDINATOR. TxnOffsetCommit's records wait the same way (`replicated_codes`)."""

from __future__ import annotations

import os
import types
import uuid

import attrs
import pytest
import trio
import trio.testing

from kbroker.api import join_group, sync_group
from kbroker.group.coordinator import GroupCoordinator
from kbroker.log.log import Log
from kbroker.metadata.image import PartitionRegistration
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC
from kbroker.partition.partition import Partition
from kbroker.protocol import errors
from kbroker.protocol.messages.join_group_request import JoinGroupRequest, JoinGroupRequestProtocol
from kbroker.protocol.messages.sync_group_request import SyncGroupRequest, SyncGroupRequestAssignment
from kbroker.testing import broker_config, follower_caught_up, virtual_ms

NODE, FOLLOWER = 1, 2
COMMIT_TIMEOUT_MS = 5000  # offsets.commit.timeout.ms, Kafka's default



class Hosted:
    def __init__(self, root):
        log = Log.open(os.path.join(root, f"{GROUP_METADATA_TOPIC}-0"), clock=virtual_ms,
                       topic=GROUP_METADATA_TOPIC, partition=0)
        self.partition = Partition(GROUP_METADATA_TOPIC, 0, uuid.UUID(int=50), log,
                                   PartitionRegistration(0, (NODE, FOLLOWER), (NODE, FOLLOWER), NODE, 0, 0),
                                   node_id=NODE, time_ms=virtual_ms)

    def get(self, topic: str, index: int):
        return self.partition if (topic, index) == (GROUP_METADATA_TOPIC, 0) else None

    def follower_catches_up(self) -> None:
        follower_caught_up(self.partition, FOLLOWER)


@pytest.fixture
def ctx(tmp_path):
    hosted = Hosted(str(tmp_path))
    config = broker_config(tmp_path / "unused", {"group.initial.rebalance.delay.ms": 0})
    coordinator = GroupCoordinator(config, hosted, node_id=NODE, partition_count=lambda: 1, now_ms=virtual_ms)
    yield types.SimpleNamespace(state=types.SimpleNamespace(group_coordinator=coordinator, authorizer=None), api_version=3,
                                client_id="test", peer=("127.0.0.1", 1), hosted=hosted, coordinator=coordinator)
    hosted.partition.log.close()


def run(async_fn):
    trio.run(async_fn, clock=trio.testing.MockClock(autojump_threshold=0))


async def answer_of(nursery, handler, ctx, request) -> dict:
    box = {}

    async def task():
        box["answer"] = await handler.handle(ctx, request)
    nursery.start_soon(task)
    await trio.testing.wait_all_tasks_blocked()
    return box


def join_request() -> JoinGroupRequest:
    return JoinGroupRequest(group_id="g", session_timeout_ms=30_000, rebalance_timeout_ms=30_000, member_id="",
                            protocol_type="consumer", protocols=[JoinGroupRequestProtocol(name="range", metadata=b"m")])


async def joined_leader(nursery, ctx) -> tuple[str, int]:
    """One member joins group "g" (its JoinGroup answered once the partition's writes are replicated)."""
    joined = await answer_of(nursery, join_group, ctx, join_request())
    ctx.hosted.follower_catches_up()
    await trio.testing.wait_all_tasks_blocked()
    response = joined["answer"]
    assert response.error_code == 0
    return response.member_id, response.generation_id


def sync_request(member_id: str, generation: int) -> SyncGroupRequest:
    return SyncGroupRequest(group_id="g", generation_id=generation, member_id=member_id,
                            assignments=[SyncGroupRequestAssignment(member_id=member_id, assignment=b"a")])


def test_sync_group_is_answered_once_the_assignment_is_on_the_isr(ctx):
    async def main():
        async with trio.open_nursery() as nursery:
            member_id, generation = await joined_leader(nursery, ctx)
            end = ctx.hosted.partition.log_end_offset
            synced = await answer_of(nursery, sync_group, ctx, sync_request(member_id, generation))
            assert ctx.hosted.partition.log_end_offset > end  # the group metadata record is written...
            assert synced == {}  # ...but not yet replicated
            ctx.hosted.follower_catches_up()
            await trio.testing.wait_all_tasks_blocked()
            assert (synced["answer"].error_code, synced["answer"].assignment) == (0, b"a")
            nursery.cancel_scope.cancel()
    run(main)


def test_sync_group_not_replicated_in_time_is_coordinator_not_available(ctx):
    async def main():
        async with trio.open_nursery() as nursery:
            member_id, generation = await joined_leader(nursery, ctx)
            start = trio.current_time()
            response = await sync_group.handle(ctx, sync_request(member_id, generation))
            assert response.error_code == errors.COORDINATOR_NOT_AVAILABLE.code
            assert trio.current_time() - start == pytest.approx(COMMIT_TIMEOUT_MS / 1000)
            nursery.cancel_scope.cancel()
    run(main)


def test_leadership_lost_while_the_assignment_waits_is_not_coordinator(ctx):
    async def main():
        async with trio.open_nursery() as nursery:
            member_id, generation = await joined_leader(nursery, ctx)
            synced = await answer_of(nursery, sync_group, ctx, sync_request(member_id, generation))
            ctx.hosted.partition.update_registration(
                PartitionRegistration(0, (NODE, FOLLOWER), (FOLLOWER,), FOLLOWER, 1, 1))
            await trio.testing.wait_all_tasks_blocked()
            assert synced["answer"].error_code == errors.NOT_COORDINATOR.code
            nursery.cancel_scope.cancel()
    run(main)


def test_transactional_offsets_wait_for_the_isr(ctx):
    async def main():
        coordinator = ctx.coordinator
        codes = coordinator.commit_transactional_offsets(
            group_id="txn-group", producer_id=7, producer_epoch=0, generation_id=-1, member_id="",
            group_instance_id=None, offsets=[("t", 0, 10, -1, None)])
        assert codes == [0]
        async with trio.open_nursery() as nursery:
            box = {}

            async def answer():
                box["codes"] = await coordinator.replicated_codes("txn-group", codes)
            nursery.start_soon(answer)
            await trio.testing.wait_all_tasks_blocked()
            assert box == {}
            ctx.hosted.follower_catches_up()
            await trio.testing.wait_all_tasks_blocked()
            assert box["codes"] == [0]
        assert await coordinator.replicated_codes("txn-group", [errors.INVALID_PRODUCER_EPOCH.code]) == [
            errors.INVALID_PRODUCER_EPOCH.code]
    run(main)


def test_group_writes_wait_while_the_isr_is_under_min_insync_replicas(ctx):
    """Kafka's coordinator runtime appends with acks=1 and answers at the high watermark, which Kafka 4.3.1's leader
    does not move while its ISR is under min.insync.replicas: a leader alone in the ISR holds the JoinGroup, even
    with the follower caught up, until the follower is back in the ISR."""
    async def main():
        partition = ctx.hosted.partition
        partition.log.config = attrs.evolve(partition.log.config, min_insync_replicas=2)
        async with trio.open_nursery() as nursery:
            member_id, generation = await joined_leader(nursery, ctx)
            partition.update_registration(PartitionRegistration(0, (NODE, FOLLOWER), (NODE,), NODE, 0, 1))
            synced = await answer_of(nursery, sync_group, ctx, sync_request(member_id, generation))
            ctx.hosted.follower_catches_up()
            await trio.testing.wait_all_tasks_blocked()
            assert synced == {}
            partition.update_registration(PartitionRegistration(0, (NODE, FOLLOWER), (NODE, FOLLOWER), NODE, 0, 2))
            await trio.testing.wait_all_tasks_blocked()
            assert (synced["answer"].error_code, synced["answer"].assignment) == (0, b"a")
            assert trio.current_time() == 0
            nursery.cancel_scope.cancel()
    run(main)
