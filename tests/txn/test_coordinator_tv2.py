"""Transaction version 2 (KIP-890 part 2) in the transaction coordinator, over real partition logs in virtual time:
EndTxn v5 bumps the epoch at every end and answers the producer id and epoch to go on with, markers carry the
bumped epoch, retries and empty aborts follow Kafka's table, an end that exhausts the epoch moves the producer to a
new producer id, and the records are written at TransactionLogValue v1 once transaction.version is finalized."""

from __future__ import annotations

import pytest
from test_coordinator import (  # the same hosted partitions and helpers as the version 1 tests
    TXN_TOPIC,
    Partitions,
    make_coordinator,
    markers_of,
    produce_transactional,
    run,
)

from kbroker.protocol import errors
from kbroker.protocol import records as R
from kbroker.txn import log_records
from kbroker.txn.coordinator import EndResult
from kbroker.txn.metadata import SHORT_MAX, TxnState

TV2 = 2
NONE = errors.NONE.code


@pytest.fixture
def partitions(tmp_path):
    hosted = Partitions(str(tmp_path))
    for topic, index in ((TXN_TOPIC, 0), ("data", 0)):
        hosted.add(topic, index)
    yield hosted
    hosted.close()


async def begin(coordinator, partitions, pid: int, epoch: int, seq: int = 0) -> None:
    """A TV2 client's first write to data-0: the broker adds the partition (AddPartitionsToTxn v5), then appends."""
    assert await coordinator.add_partitions("tx", pid, epoch, [("data", 0)], TV2) == NONE
    produce_transactional(partitions.get("data", 0), pid, epoch, seq)


def test_every_end_bumps_the_epoch_and_the_markers_carry_it(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        init = await coordinator.init_producer_id("tx", 5000, None)
        pid, epoch = init.producer_id, init.producer_epoch
        await begin(coordinator, partitions, pid, epoch)
        assert await coordinator.end_transaction("tx", pid, epoch, True, TV2) == EndResult(NONE, pid, epoch + 1)
        assert markers_of(partitions.get("data", 0)) == [(pid, epoch + 1, R.CONTROL_COMMIT)]
        metadata = coordinator.describe("tx").metadata
        assert (metadata.state, metadata.producer_epoch, metadata.client_transaction_version) == (
            TxnState.COMPLETE_COMMIT, epoch + 1, TV2)
        await begin(coordinator, partitions, pid, epoch + 1)
        assert await coordinator.end_transaction("tx", pid, epoch + 1, False, TV2) == EndResult(NONE, pid, epoch + 2)
        assert markers_of(partitions.get("data", 0))[-1] == (pid, epoch + 2, R.CONTROL_ABORT)
    run(main)


def test_retries_and_empty_aborts_follow_kafkas_table(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        init = await coordinator.init_producer_id("tx", 5000, None)
        pid, epoch = init.producer_id, init.producer_epoch
        invalid = EndResult(errors.INVALID_TXN_STATE.code)
        assert await coordinator.end_transaction("tx", pid, epoch, True, TV2) == invalid  # Empty: no commit
        assert await coordinator.end_transaction("tx", pid, epoch - 1, False, TV2) == EndResult(
            errors.PRODUCER_FENCED.code)  # Empty: a retry is fenced
        await begin(coordinator, partitions, pid, epoch)
        assert (await coordinator.end_transaction("tx", pid, epoch, True, TV2)).error == NONE
        # CompleteCommit: a retried commit succeeds without a bump, a retried abort or a new commit is refused.
        assert await coordinator.end_transaction("tx", pid, epoch, True, TV2) == EndResult(NONE, pid, epoch + 1)
        assert await coordinator.end_transaction("tx", pid, epoch, False, TV2) == invalid
        assert await coordinator.end_transaction("tx", pid, epoch + 1, True, TV2) == invalid
        markers = markers_of(partitions.get("data", 0))
        # A new abort with nothing in the transaction bumps the epoch and writes no marker.
        assert await coordinator.end_transaction("tx", pid, epoch + 1, False, TV2) == EndResult(NONE, pid, epoch + 2)
        assert markers_of(partitions.get("data", 0)) == markers
        assert coordinator.describe("tx").metadata.state == TxnState.COMPLETE_ABORT
        assert await coordinator.end_transaction("tx", pid, epoch + 1, False, TV2) == EndResult(NONE, pid, epoch + 2)
        assert await coordinator.end_transaction("tx", pid, epoch + 2, True, TV2) == invalid
        assert await coordinator.end_transaction("tx", pid, epoch + 5, False, TV2) == EndResult(
            errors.PRODUCER_FENCED.code)
        assert await coordinator.end_transaction("tx", pid + 1, epoch + 2, False, TV2) == EndResult(
            errors.INVALID_PRODUCER_ID_MAPPING.code)
    run(main)


def test_an_end_that_exhausts_the_epoch_moves_to_a_new_producer_id(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        init = await coordinator.init_producer_id("tx", 5000, None)
        pid = init.producer_id
        metadata = coordinator.describe("tx").metadata
        metadata.producer_epoch = exhausted = SHORT_MAX - 1
        await begin(coordinator, partitions, pid, exhausted)
        result = await coordinator.end_transaction("tx", pid, exhausted, True, TV2)
        assert result.error == NONE and result.producer_id not in (pid, -1) and result.producer_epoch == 0
        # The markers go out under the old id at Short.MAX_VALUE, which fences anything the old id still writes.
        assert markers_of(partitions.get("data", 0)) == [(pid, SHORT_MAX, R.CONTROL_COMMIT)]
        metadata = coordinator.describe("tx").metadata
        assert (metadata.producer_id, metadata.producer_epoch, metadata.previous_producer_id) == (
            result.producer_id, 0, pid)
        # The client that never saw the answer retries with the old id and epoch.
        assert await coordinator.end_transaction("tx", pid, exhausted, True, TV2) == result
    run(main)


def test_records_are_version_1_once_transaction_version_is_finalized(tmp_path, partitions):
    async def main():
        coordinator = make_coordinator(tmp_path, partitions)
        coordinator.transaction_version_level = lambda: 2
        init = await coordinator.init_producer_id("tx", 5000, None)
        await begin(coordinator, partitions, init.producer_id, init.producer_epoch)
        await coordinator.end_transaction("tx", init.producer_id, init.producer_epoch, False, TV2)
        raw = list(partitions.get(TXN_TOPIC, 0).log.read_batches())
        values = [r.value for b in raw for batch in R.iter_batches(b) for r in batch.records()]
        assert {bytes(v[:2]) for v in values} == {b"\x00\x01"}
        loaded = list(log_records.iter_log_records(raw))[-1].metadata
        assert (loaded.state, loaded.producer_epoch, loaded.client_transaction_version) == (
            TxnState.COMPLETE_ABORT, init.producer_epoch + 1, TV2)
        # A new coordinator (another leader, a restart) loads the same state.
        reloaded = make_coordinator(tmp_path, partitions)
        reloaded.load_owned_partitions()
        assert reloaded.describe("tx").metadata.producer_epoch == init.producer_epoch + 1
    run(main)
