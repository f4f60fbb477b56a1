"""The transaction coordinator over real partition logs in a temp dir, in virtual time
(trio.testing.MockClock(autojump_threshold=0); the coordinator's clock is trio's): the state machine's
transitions, the timeout abort by the background task, marker retries, completion of a PrepareCommit found at
load, and transactional-id expiration."""

from __future__ import annotations

import itertools
import os
import uuid

import pytest
import trio
import trio.testing

from kbroker import coordinator_partitions
from kbroker.java_hash import string_hash
from kbroker.log.log import Log, LogError
from kbroker.metadata.image import PartitionRegistration
from kbroker.partition.partition import Partition
from kbroker.protocol import errors
from kbroker.protocol import records as R
from kbroker.testing import broker_config, virtual_ms
from kbroker.txn import log_records
from kbroker.txn.coordinator import TransactionCoordinator
from kbroker.txn.metadata import IllegalTransition, TransactionMetadata, TxnState

NODE = 1
TXN_TOPIC = "__transaction_state"


class Partitions:
    """The hosted partitions (PartitionManager.get) over logs in `root`; `refusing` makes markers fail."""

    def __init__(self, root):
        self.root = root
        self.hosted: dict[tuple[str, int], Partition] = {}
        self.refusing: set[tuple[str, int]] = set()
        # The broker's producer-id manager, shared by every coordinator of a test.
        self.producer_ids = itertools.count(1000)

    def add(self, topic: str, index: int, leader_epoch: int = 0, replicas: tuple[int, ...] = (NODE,)) -> Partition:
        log = Log.open(os.path.join(self.root, f"{topic}-{index}"), clock=virtual_ms)
        registration = PartitionRegistration(index, replicas, replicas, NODE, leader_epoch, 0)
        partition = Partition(topic, index, uuid.uuid5(uuid.NAMESPACE_DNS, topic), log, registration)
        self.hosted[(topic, index)] = partition
        outer = self

        original = partition.append_control_marker

        def append_control_marker(*args, **kwargs):
            if (topic, index) in outer.refusing:
                raise LogError(errors.NOT_ENOUGH_REPLICAS.code, "refused by the test")
            return original(*args, **kwargs)
        partition.append_control_marker = append_control_marker
        return partition

    def get(self, topic: str, index: int):
        return self.hosted.get((topic, index))

    def close(self) -> None:
        for partition in self.hosted.values():
            partition.log.close()


@pytest.fixture
def partitions(tmp_path):
    hosted = Partitions(str(tmp_path))
    hosted.add(TXN_TOPIC, 0)
    hosted.add("data", 0)
    hosted.add("data", 1)
    yield hosted
    hosted.close()


def make_coordinator(tmp_path, partitions, **overrides) -> TransactionCoordinator:
    async def generate_producer_id():
        return next(partitions.producer_ids)

    return TransactionCoordinator(broker_config(tmp_path / "unused", overrides), partitions, node_id=NODE,
                                  partition_count=lambda topic: 1, generate_producer_id=generate_producer_id,
                                  now_ms=virtual_ms)


def run(async_fn):
    trio.run(async_fn, clock=trio.testing.MockClock(autojump_threshold=0))


def produce_transactional(partition: Partition, pid: int, epoch: int, seq: int) -> None:
    batch = R.build_batch([(0, None, b"v")], producer_id=pid, producer_epoch=epoch, base_sequence=seq,
                          transactional=True)
    partition.append_records(batch, required_acks=-1)


def markers_of(partition: Partition) -> list[tuple[int, int, int]]:
    return [(b.producer_id, b.producer_epoch, b.control_record().type)
            for raw in partition.log.read_batches() for b in R.iter_batches(raw) if b.is_control]


async def open_transaction(coordinator, partitions, txn_id="tx", timeout_ms=5000):
    result = await coordinator.init_producer_id(txn_id, timeout_ms, None)
    assert result.error == 0
    assert await coordinator.add_partitions(txn_id, result.producer_id, result.producer_epoch,
                                      [("data", 0), ("data", 1)]) == 0
    produce_transactional(partitions.get("data", 0), result.producer_id, result.producer_epoch, 0)
    return result.producer_id, result.producer_epoch


def test_timed_out_transaction_is_aborted_with_a_bumped_epoch(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        async with trio.open_nursery() as nursery:
            await nursery.start(coordinator.run)
            pid, epoch = await open_transaction(coordinator, partitions, timeout_ms=5000)
            await trio.sleep(4)
            assert coordinator.describe("tx").metadata.state == TxnState.ONGOING
            # The abort runs at the first check (every 10 s) after the 5 s timeout.
            await trio.sleep(7)
            metadata = coordinator.describe("tx").metadata
            assert (metadata.state, metadata.producer_epoch) == (TxnState.COMPLETE_ABORT, epoch + 1)
            assert markers_of(partitions.get("data", 0)) == [(pid, epoch + 1, R.CONTROL_ABORT)]
            assert partitions.get("data", 0).last_stable_offset() == 2
            # The old producer is fenced.
            assert (await coordinator.end_transaction("tx", pid, epoch, True)).error == errors.PRODUCER_FENCED.code
            nursery.cancel_scope.cancel()
    run(main)


def test_transaction_within_its_timeout_is_left_alone(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        async with trio.open_nursery() as nursery:
            await nursery.start(coordinator.run)
            await open_transaction(coordinator, partitions, timeout_ms=60_000)
            # Checks run every 10 s; at 60 s the transaction is exactly as old as its timeout, not older.
            await trio.sleep(65)
            assert coordinator.describe("tx").metadata.state == TxnState.ONGOING
            await trio.sleep(10)
            assert coordinator.describe("tx").metadata.state == TxnState.COMPLETE_ABORT
            nursery.cancel_scope.cancel()
    run(main)


def test_refused_markers_are_retried_until_written(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        async with trio.open_nursery() as nursery:
            await nursery.start(coordinator.run)
            pid, epoch = await open_transaction(coordinator, partitions)
            partitions.refusing.add(("data", 1))
            assert (await coordinator.end_transaction("tx", pid, epoch, True)).error == 0
            assert coordinator.describe("tx").metadata.state == TxnState.PREPARE_COMMIT
            assert markers_of(partitions.get("data", 0)) == [(pid, epoch, R.CONTROL_COMMIT)]
            assert await coordinator.add_partitions("tx", pid, epoch, [("data", 0)]) == errors.CONCURRENT_TRANSACTIONS.code
            result = await coordinator.init_producer_id("tx", 5000, None)
            assert result.error == errors.CONCURRENT_TRANSACTIONS.code
            await trio.sleep(1)
            assert coordinator.describe("tx").metadata.state == TxnState.PREPARE_COMMIT
            partitions.refusing.clear()
            await trio.sleep(1)
            assert coordinator.describe("tx").metadata.state == TxnState.COMPLETE_COMMIT
            assert markers_of(partitions.get("data", 0)) == [(pid, epoch, R.CONTROL_COMMIT)]
            assert markers_of(partitions.get("data", 1)) == [(pid, epoch, R.CONTROL_COMMIT)]
            nursery.cancel_scope.cancel()
    run(main)


def test_a_marker_counts_once_the_in_sync_replicas_have_it(tmp_path):
    """Kafka appends markers with acks=all: the transaction stays PrepareCommit while a follower in the ISR lacks
    the marker, so a new leader elected from that ISR has it."""
    partitions = Partitions(str(tmp_path))
    partitions.add(TXN_TOPIC, 0)
    partitions.add("data", 0)
    replicated = partitions.add("data", 1, replicas=(NODE, 2))

    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        async with trio.open_nursery() as nursery:
            await nursery.start(coordinator.run)
            pid, epoch = await open_transaction(coordinator, partitions)
            assert (await coordinator.end_transaction("tx", pid, epoch, True)).error == 0
            await trio.sleep(1)
            assert markers_of(replicated) == [(pid, epoch, R.CONTROL_COMMIT)]
            assert coordinator.describe("tx").metadata.state == TxnState.PREPARE_COMMIT
            end = replicated.log_end_offset
            replicated.update_follower_fetch_state(2, end, 0, end)
            await trio.sleep(1)
            assert coordinator.describe("tx").metadata.state == TxnState.COMPLETE_COMMIT
            assert markers_of(replicated) == [(pid, epoch, R.CONTROL_COMMIT)]  # written once
            nursery.cancel_scope.cancel()
    try:
        run(main)
    finally:
        partitions.close()


def test_prepare_commit_found_at_load_is_completed(tmp_path, partitions):
    async def main():
        first = make_coordinator(tmp_path, partitions)
        pid, epoch = await open_transaction(first, partitions)
        metadata = first.describe("tx").metadata
        # The broker died after writing PrepareCommit, before any marker.
        transit = metadata.prepare_abort_or_commit(TxnState.PREPARE_COMMIT, 7)
        partitions.get(TXN_TOPIC, 0).append_records(log_records.build_record_batch("tx", transit, 7),
                                                    required_acks=-1, origin="coordinator")
        assert markers_of(partitions.get("data", 0)) == []
        second = make_coordinator(tmp_path, partitions)
        async with trio.open_nursery() as nursery:
            # Loading writes the markers at once; the background task writes the completion record.
            await nursery.start(second.run)
            assert markers_of(partitions.get("data", 0)) == [(pid, epoch, R.CONTROL_COMMIT)]
            assert markers_of(partitions.get("data", 1)) == [(pid, epoch, R.CONTROL_COMMIT)]
            await trio.sleep(0.001)
            loaded = second.describe("tx").metadata
            assert (loaded.state, loaded.producer_id, loaded.producer_epoch) == (TxnState.COMPLETE_COMMIT, pid, epoch)
            nursery.cancel_scope.cancel()
        third = make_coordinator(tmp_path, partitions)
        assert third.describe("tx").metadata.state == TxnState.COMPLETE_COMMIT
    run(main)


def test_a_new_coordinator_epoch_reloads_the_partition(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        await open_transaction(coordinator, partitions)
        registration = partitions.get(TXN_TOPIC, 0).registration
        partitions.get(TXN_TOPIC, 0).update_registration(
            PartitionRegistration(0, (NODE,), (NODE,), NODE, registration.leader_epoch + 1, 1))
        metadata = coordinator.describe("tx").metadata
        assert metadata.state == TxnState.ONGOING
        assert coordinator.txn_partitions.states[0].epoch == registration.leader_epoch + 1
        partitions.get(TXN_TOPIC, 0).update_registration(PartitionRegistration(0, (2,), (2,), 2, 5, 2))
        assert coordinator.describe("tx").error == errors.NOT_COORDINATOR.code
    run(main)


def test_unused_transactional_ids_expire(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions, **{"transactional.id.expiration.ms": 60_000})
        pid, epoch = await open_transaction(coordinator, partitions, txn_id="old")
        assert (await coordinator.end_transaction("old", pid, epoch, False)).error == 0
        await trio.sleep(30)
        assert (await coordinator.init_producer_id("young", 5000, None)).error == 0
        assert await coordinator.expire_transactional_ids() == []
        await trio.sleep(31)
        assert await coordinator.expire_transactional_ids() == ["old"]
        assert coordinator.describe("old").error == errors.TRANSACTIONAL_ID_NOT_FOUND.code
        reloaded = make_coordinator(tmp_path, partitions)
        assert reloaded.describe("old").error == errors.TRANSACTIONAL_ID_NOT_FOUND.code
        assert reloaded.describe("young").metadata.state == TxnState.EMPTY
        # An expired id starts over with a new producer id.
        again = await reloaded.init_producer_id("old", 5000, None)
        assert (again.error, again.producer_epoch) == (0, 0) and again.producer_id != pid
    run(main)


def test_exhausted_epoch_rotates_the_producer_id(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        first = await coordinator.init_producer_id("tx", 5000, None)
        coordinator.describe("tx").metadata.producer_epoch = 32766
        rotated = await coordinator.init_producer_id("tx", 5000, (first.producer_id, 32766))
        assert (rotated.error, rotated.producer_epoch) == (0, 0)
        assert rotated.producer_id != first.producer_id
        metadata = coordinator.describe("tx").metadata
        assert (metadata.previous_producer_id, metadata.last_producer_epoch) == (first.producer_id, 32766)
        # The producer retrying the bump it never heard back about gets the new id, not a fence.
        retried = await coordinator.init_producer_id("tx", 5000, (first.producer_id, 32766))
        assert (retried.error, retried.producer_id) == (0, rotated.producer_id)
    run(main)


def test_state_machine_refuses_illegal_transitions():
    metadata = TransactionMetadata("tx", 5, producer_epoch=0)
    with pytest.raises(IllegalTransition):
        metadata.prepare_abort_or_commit(TxnState.PREPARE_COMMIT, 1)
    transit = metadata.prepare_add_partitions([("t", 0)], 10)
    with pytest.raises(IllegalTransition):
        metadata.prepare_add_partitions([("t", 1)], 11)  # another transition is pending
    metadata.complete_transition(transit)
    assert (metadata.state, metadata.txn_start_timestamp, metadata.partitions) == (TxnState.ONGOING, 10, {("t", 0)})
    metadata.complete_transition(metadata.prepare_add_partitions([("t", 1)], 20))
    assert metadata.txn_start_timestamp == 10
    with pytest.raises(IllegalTransition):
        metadata.prepare_complete(30)  # Ongoing -> Complete* skips Prepare*
    metadata.complete_transition(metadata.prepare_abort_or_commit(TxnState.PREPARE_ABORT, 30))
    metadata.complete_transition(metadata.prepare_complete(40))
    assert (metadata.state, metadata.partitions) == (TxnState.COMPLETE_ABORT, set())
    assert metadata.prepare_increment_producer_epoch(1000, 7, 50) is None  # fenced expected epoch
    assert metadata.pending_state is None
    bump = metadata.prepare_increment_producer_epoch(1000, 0, 50)
    assert (bump.state, bump.producer_epoch, bump.last_producer_epoch) == (TxnState.EMPTY, 1, 0)


def test_log_records_round_trip():
    metadata = TransactionMetadata("tx", 5, producer_epoch=3, txn_timeout_ms=9000, state=TxnState.EMPTY)
    transit = metadata.prepare_add_partitions([("b", 1), ("a", 0), ("a", 2)], 100)
    batch = log_records.build_record_batch("tx", transit, 100)
    (record,) = log_records.iter_log_records([bytes(batch)])
    loaded = record.metadata
    assert (loaded.producer_id, loaded.producer_epoch, loaded.txn_timeout_ms, loaded.state, loaded.partitions,
            loaded.txn_start_timestamp, loaded.txn_last_update_timestamp) == (
        5, 3, 9000, TxnState.ONGOING, {("a", 0), ("a", 2), ("b", 1)}, 100, 100)
    (tombstone,) = log_records.iter_log_records([bytes(log_records.build_record_batch("tx", None, 1))])
    assert tombstone == log_records.LoadedRecord("tx", None)


@pytest.mark.parametrize(("key", "java_hash"), [
    # String.hashCode() as Java computes it.
    ("my-txn", -1061187895),
    ("groupé", -1237460406),
    ("polygenelubricants", -2147483648),  # Integer.MIN_VALUE: Kafka's Utils.abs makes it 0
    ("", 0),
])
def test_partition_for_follows_java_string_hash(key, java_hash):
    assert string_hash(key) == java_hash
    expected = 0 if java_hash == -2147483648 else abs(java_hash) % 50
    assert coordinator_partitions.partition_for(key, 50) == expected
