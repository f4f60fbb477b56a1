"""The transaction coordinator answers once its `__transaction_state` record is on the in-sync replicas (Kafka's
appendTransactionToLog with acks=-1): a `__transaction_state` partition led here with a follower (node 2) in its
ISR, the follower's fetches driven by the test, in virtual time. While a record waits the transactional id is
pending (CONCURRENT_TRANSACTIONS); a record not replicated within the transaction timeout is
COORDINATOR_NOT_AVAILABLE and leaves the state as it was; leadership lost meanwhile is NOT_COORDINATOR."""

from __future__ import annotations

import itertools
import os
import uuid

import attrs
import pytest
import trio
import trio.testing

from kbroker.log.log import Log
from kbroker.metadata.image import PartitionRegistration
from kbroker.partition.partition import Partition
from kbroker.protocol import errors
from kbroker.testing import broker_config, follower_caught_up, virtual_ms
from kbroker.txn.coordinator import TransactionCoordinator
from kbroker.txn.metadata import TxnState

NODE, FOLLOWER = 1, 2
TXN_TOPIC = "__transaction_state"
TIMEOUT_MS = 5000



class Hosted:
    """PartitionManager.get over partitions led by NODE; `__transaction_state-0` has FOLLOWER in its ISR."""

    def __init__(self, root):
        self.partitions: dict[tuple[str, int], Partition] = {}
        for topic, replicas in ((TXN_TOPIC, (NODE, FOLLOWER)), ("data", (NODE,))):
            log = Log.open(os.path.join(root, f"{topic}-0"), clock=virtual_ms)
            registration = PartitionRegistration(0, replicas, replicas, NODE, 0, 0)
            self.partitions[(topic, 0)] = Partition(topic, 0, uuid.uuid5(uuid.NAMESPACE_DNS, topic), log,
                                                    registration, node_id=NODE, time_ms=virtual_ms)
        self.producer_ids = itertools.count(1000)

    def get(self, topic: str, index: int):
        return self.partitions.get((topic, index))

    @property
    def txn_state(self) -> Partition:
        return self.partitions[(TXN_TOPIC, 0)]

    def follower_catches_up(self) -> None:
        follower_caught_up(self.txn_state, FOLLOWER)

    def close(self) -> None:
        for partition in self.partitions.values():
            partition.log.close()


@pytest.fixture
def hosted(tmp_path):
    partitions = Hosted(str(tmp_path))
    yield partitions
    partitions.close()


def make_coordinator(tmp_path, hosted) -> TransactionCoordinator:
    async def generate_producer_id():
        return next(hosted.producer_ids)

    return TransactionCoordinator(broker_config(tmp_path / "unused"), hosted, node_id=NODE,
                                  partition_count=lambda topic: 1, generate_producer_id=generate_producer_id,
                                  now_ms=virtual_ms)


def run(async_fn):
    trio.run(async_fn, clock=trio.testing.MockClock(autojump_threshold=0))


async def answer_of(nursery, call, *args) -> dict:
    """Start `call(*args)`; the returned dict gets its "answer" once it returns."""
    box = {}

    async def task():
        box["answer"] = await call(*args)
    nursery.start_soon(task)
    await trio.testing.wait_all_tasks_blocked()
    return box


def test_init_producer_id_waits_for_the_follower_and_the_id_is_pending_meanwhile(tmp_path, hosted):
    async def main():
        coordinator = make_coordinator(tmp_path, hosted)
        async with trio.open_nursery() as nursery:
            first = await answer_of(nursery, coordinator.init_producer_id, "tx", TIMEOUT_MS, None)
            assert first == {}
            assert hosted.txn_state.high_watermark < hosted.txn_state.log_end_offset
            concurrent = await coordinator.init_producer_id("tx", TIMEOUT_MS, None)
            assert concurrent.error == errors.CONCURRENT_TRANSACTIONS.code
            assert coordinator.describe("tx").metadata.state == TxnState.EMPTY
            hosted.follower_catches_up()
            await trio.testing.wait_all_tasks_blocked()
            result = first["answer"]
            assert (result.error, result.producer_epoch) == (0, 0)
            metadata = coordinator.describe("tx").metadata
            assert (metadata.producer_id, metadata.pending_state) == (result.producer_id, None)
    run(main)


def test_end_txn_waits_for_prepare_commit_on_the_isr(tmp_path, hosted):
    async def main():
        coordinator = make_coordinator(tmp_path, hosted)
        async with trio.open_nursery() as nursery:
            await nursery.start(coordinator.run)
            init = await answer_of(nursery, coordinator.init_producer_id, "tx", TIMEOUT_MS, None)
            hosted.follower_catches_up()
            await trio.testing.wait_all_tasks_blocked()
            pid, epoch = init["answer"].producer_id, init["answer"].producer_epoch
            added = await answer_of(nursery, coordinator.add_partitions, "tx", pid, epoch, [("data", 0)])
            assert added == {}
            hosted.follower_catches_up()
            await trio.testing.wait_all_tasks_blocked()
            assert added["answer"] == 0
            ended = await answer_of(nursery, coordinator.end_transaction, "tx", pid, epoch, True)
            assert ended == {}
            # PrepareCommit is only on the leader: no marker yet, and the state is not applied.
            metadata = coordinator.describe("tx").metadata
            assert (metadata.state, metadata.pending_state) == (TxnState.ONGOING, TxnState.PREPARE_COMMIT)
            assert hosted.get("data", 0).log_end_offset == 0
            hosted.follower_catches_up()  # PrepareCommit replicated: markers, then CompleteCommit waits
            await trio.testing.wait_all_tasks_blocked()
            assert ended == {}
            assert hosted.get("data", 0).log_end_offset == 1
            assert coordinator.describe("tx").metadata.pending_state == TxnState.COMPLETE_COMMIT
            hosted.follower_catches_up()
            await trio.testing.wait_all_tasks_blocked()
            assert ended["answer"].error == 0
            assert coordinator.describe("tx").metadata.state == TxnState.COMPLETE_COMMIT
            nursery.cancel_scope.cancel()
    run(main)


def test_a_record_not_replicated_within_the_transaction_timeout_is_coordinator_not_available(tmp_path, hosted):
    async def main():
        coordinator = make_coordinator(tmp_path, hosted)
        result = await coordinator.init_producer_id("tx", TIMEOUT_MS, None)
        assert result.error == errors.COORDINATOR_NOT_AVAILABLE.code
        assert trio.current_time() == pytest.approx(TIMEOUT_MS / 1000)
        # The transition was dropped: the id may be initialized again (its record replicated this time).
        metadata = coordinator.describe("tx").metadata
        assert (metadata.state, metadata.pending_state, metadata.producer_epoch) == (TxnState.EMPTY, None, -1)
        async with trio.open_nursery() as nursery:
            again = await answer_of(nursery, coordinator.init_producer_id, "tx", TIMEOUT_MS, None)
            hosted.follower_catches_up()
            await trio.testing.wait_all_tasks_blocked()
            assert again["answer"].error == 0
    run(main)


def test_leadership_lost_while_waiting_is_not_coordinator(tmp_path, hosted):
    async def main():
        coordinator = make_coordinator(tmp_path, hosted)
        async with trio.open_nursery() as nursery:
            first = await answer_of(nursery, coordinator.init_producer_id, "tx", TIMEOUT_MS, None)
            hosted.txn_state.update_registration(
                PartitionRegistration(0, (NODE, FOLLOWER), (FOLLOWER,), FOLLOWER, 1, 1))
            await trio.testing.wait_all_tasks_blocked()
            assert first["answer"].error == errors.NOT_COORDINATOR.code
            assert coordinator.describe("tx").error == errors.NOT_COORDINATOR.code
    run(main)


def test_fewer_in_sync_replicas_than_min_insync_is_coordinator_not_available(tmp_path, hosted):
    async def main():
        coordinator = make_coordinator(tmp_path, hosted)
        hosted.txn_state.log.config = attrs.evolve(hosted.txn_state.log.config, min_insync_replicas=2)
        hosted.txn_state.update_registration(PartitionRegistration(0, (NODE, FOLLOWER), (NODE,), NODE, 0, 1))
        result = await coordinator.init_producer_id("tx", TIMEOUT_MS, None)
        assert result.error == errors.COORDINATOR_NOT_AVAILABLE.code
        assert trio.current_time() == 0  # refused at the append, as Kafka's NOT_ENOUGH_REPLICAS
        assert coordinator.describe("tx").metadata.pending_state is None
    run(main)
