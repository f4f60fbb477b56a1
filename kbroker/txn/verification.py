"""Transactional produce verification (KIP-890 part 1; Kafka's ReplicaManager + AddPartitionsToTxnManager with
`transaction.partition.verification.enable`, on by default).

A transactional batch from a producer that has no open transaction (at its epoch) on the partition is appended
only if the transaction coordinator says the partition is part of the producer's open transaction. Else the
partition is refused with Kafka's translation of the coordinator's answer:
- not in the transaction: TRANSACTION_ABORTABLE for Produce v11+, INVALID_TXN_STATE ("Partition was not added
  to the transaction") below;
- PRODUCER_FENCED: INVALID_PRODUCER_EPOCH;
- coordinator unavailable / not the coordinator / loading / CONCURRENT_TRANSACTIONS: NOT_ENOUGH_REPLICAS
  ("Unable to verify ...", retriable without a metadata refresh);
- anything else (INVALID_PRODUCER_ID_MAPPING) as it is.

Transaction version 2 (Produce v12+, TxnOffsetCommit v5; Kafka's AddPartitionsToTxnManager with the addPartition
operation): the coordinator is asked to add the partition to the transaction (AddPartitionsToTxn v5 with VerifyOnly
false when it is another broker), which is what a TV2 client counts on instead of sending AddPartitionsToTxn
itself. CONCURRENT_TRANSACTIONS (the previous transaction's markers are still being written) is retried every
`add.partitions.to.txn.retry.backoff.ms` until `add.partitions.to.txn.retry.backoff.max.ms` have passed, as
Kafka's ReplicaManager does, before it is answered as above.
"""

from __future__ import annotations

import trio

from kbroker.metadata.topic_names import TRANSACTION_STATE_TOPIC
from kbroker.protocol import errors
from kbroker.protocol import records as R
from kbroker.txn import coordinator_of
from kbroker.txn.remote_verification import verify_on_coordinator

FIRST_ABORTABLE_PRODUCE_VERSION = 11
FIRST_IMPLICIT_ADD_PRODUCE_VERSION = 12
ADD_TRANSACTION_VERSION = 2
RETRY_BACKOFF_CONFIG, RETRY_BACKOFF_DEFAULT_MS = "add.partitions.to.txn.retry.backoff.ms", 20
RETRY_BACKOFF_MAX_CONFIG, RETRY_BACKOFF_MAX_DEFAULT_MS = "add.partitions.to.txn.retry.backoff.max.ms", 100
VERIFICATION_CONFIG = "transaction.partition.verification.enable"
_RETRIABLE = {errors.NETWORK_EXCEPTION.code, errors.COORDINATOR_LOAD_IN_PROGRESS.code,
              errors.COORDINATOR_NOT_AVAILABLE.code, errors.NOT_COORDINATOR.code,
              errors.CONCURRENT_TRANSACTIONS.code}


def verification_enabled(config) -> bool:
    return str(config.get(VERIFICATION_CONFIG, True)).lower() != "false"


async def verify_transactional_write(ctx, transactional_id: str, partition, producer_id: int, epoch: int, *,
                                     add: bool = False) -> int:
    """The transaction coordinator's verdict on a transactional write of `producer_id` at `epoch` to a hosted
    partition: NONE when the producer has an open transaction there already or the partition is part of its
    open transaction; else the coordinator's error, with PRODUCER_FENCED as INVALID_PRODUCER_EPOCH (what the
    verifying broker passes on). The coordinator is this broker's own when it leads the transactional id's
    `__transaction_state` partition, else the broker that does (remote_verification.py). With `add` (transaction
    version 2) the coordinator adds the partition, retrying CONCURRENT_TRANSACTIONS for a while."""
    if not add:
        return await _ask_coordinator(ctx, transactional_id, partition, producer_id, epoch, add=False)
    backoff_s = int(ctx.config.get(RETRY_BACKOFF_CONFIG, RETRY_BACKOFF_DEFAULT_MS)) / 1000
    give_up_at = trio.current_time() + int(ctx.config.get(RETRY_BACKOFF_MAX_CONFIG, RETRY_BACKOFF_MAX_DEFAULT_MS)) / 1000
    while True:
        code = await _ask_coordinator(ctx, transactional_id, partition, producer_id, epoch, add=True)
        if code != errors.CONCURRENT_TRANSACTIONS.code or trio.current_time() + backoff_s > give_up_at:
            return code
        await trio.sleep(backoff_s)


async def _ask_coordinator(ctx, transactional_id: str, partition, producer_id: int, epoch: int, *, add: bool) -> int:
    with partition.log.lock:
        entry = partition.log.producer_state.producers.get(producer_id)
        if entry is not None and entry.current_txn_first_offset is not None and entry.epoch == epoch:
            return errors.NONE.code
    tp = (partition.topic, partition.partition)
    image = ctx.state.image
    if image.topic(TRANSACTION_STATE_TOPIC) is None:
        return errors.COORDINATOR_NOT_AVAILABLE.code
    coordinator = coordinator_of(ctx.state)
    state_partition = image.partition(TRANSACTION_STATE_TOPIC, coordinator.partition_for(transactional_id))
    leader = state_partition.leader if state_partition is not None else -1
    if leader < 0:
        code = errors.COORDINATOR_NOT_AVAILABLE.code
    elif leader == ctx.config.node_id and add:
        code = await coordinator.add_partitions(transactional_id, producer_id, epoch, [tp], ADD_TRANSACTION_VERSION)
    elif leader == ctx.config.node_id:
        code = coordinator.verify_partitions(transactional_id, producer_id, epoch, [tp])[tp]
    else:
        txn_channels = ctx.state.partitions.txn_channels
        code = await verify_on_coordinator(txn_channels.verification if txn_channels is not None else None, leader,
                                           transactional_id, producer_id, epoch, *tp, add=add)
    return errors.INVALID_PRODUCER_EPOCH.code if code == errors.PRODUCER_FENCED.code else code


async def unverified_transaction(ctx, transactional_id: str | None, partition,
                                 records) -> tuple[int, str | None] | None:
    """For Produce: None when the batch may be appended; else (error code, error message) for the partition."""
    if transactional_id is None or len(records) < R.RECORDS_OFFSET or not verification_enabled(ctx.config):
        return None
    batch = R.RecordBatch(records, 0, R.RECORDS_OFFSET)
    if batch.magic != R.CURRENT_MAGIC or not batch.is_transactional or batch.is_control:
        return None
    code = await verify_transactional_write(ctx, transactional_id, partition, batch.producer_id,
                                            batch.producer_epoch,
                                            add=ctx.api_version >= FIRST_IMPLICIT_ADD_PRODUCE_VERSION)
    if code == errors.NONE.code:
        return None
    if code == errors.TRANSACTION_ABORTABLE.code and ctx.api_version < FIRST_ABORTABLE_PRODUCE_VERSION:
        code = errors.INVALID_TXN_STATE.code
    if code == errors.INVALID_TXN_STATE.code:
        return code, "Partition was not added to the transaction"
    if code in _RETRIABLE:
        return (errors.NOT_ENOUGH_REPLICAS.code, "Unable to verify the partition has been added to the transaction. "
                f"Underlying error: {errors.for_code(code).name}")
    return code, None
