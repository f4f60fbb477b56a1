"""AddPartitionsToTxn (API key 24), v0-5.

v0-3 (clients): one transaction, its partitions added to it by the transaction coordinator. v4+ (brokers,
KIP-890 part 1): a batch of transactions, each either added or, with VerifyOnly, checked (is each partition in
the open transaction? TRANSACTION_ABORTABLE when not). An add at v5 is a broker adding the partition a transaction
version 2 client wrote to (KIP-890 part 2), recorded as that client's transaction version; v4+ requests are
authorized by CLUSTER_ACTION alone, as Kafka's.

As Kafka's KafkaApis: partitions the metadata does not know fail the whole transaction with
UNKNOWN_TOPIC_OR_PARTITION, the others with OPERATION_NOT_ATTEMPTED; otherwise every partition gets the
coordinator's answer (INVALID_PRODUCER_ID_MAPPING, PRODUCER_FENCED - INVALID_PRODUCER_EPOCH below v2 -,
CONCURRENT_TRANSACTIONS, NOT_COORDINATOR, ...). No ACLs, so no authorization errors.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.add_partitions_to_txn_request import AddPartitionsToTxnTransaction
from kbroker.protocol.messages.add_partitions_to_txn_response import (
    AddPartitionsToTxnPartitionResult,
    AddPartitionsToTxnResponse,
    AddPartitionsToTxnResult,
    AddPartitionsToTxnTopicResult,
)
from kbroker.txn import coordinator_of

API_KEY = 24
MIN_VERSION = 0
MAX_VERSION = 5
FIRST_BATCHED_VERSION = 4
FIRST_PRODUCER_FENCED_VERSION = 2
FIRST_TV2_VERSION = 5


def topic_results(partition_errors: dict[tuple[str, int], int]) -> list[AddPartitionsToTxnTopicResult]:
    by_topic: dict[str, list[AddPartitionsToTxnPartitionResult]] = {}
    for (topic, partition), code in partition_errors.items():
        by_topic.setdefault(topic, []).append(
            AddPartitionsToTxnPartitionResult(partition_index=partition, partition_error_code=code))
    return [AddPartitionsToTxnTopicResult(name=topic, results_by_partition=results)
            for topic, results in by_topic.items()]


async def _serve(ctx: RequestContext, image, txn: AddPartitionsToTxnTransaction) -> dict[tuple[str, int], int]:
    partitions = list(dict.fromkeys((topic.name, p) for topic in txn.topics for p in topic.partitions))
    if ctx.api_version < FIRST_BATCHED_VERSION:
        # A client's request (below v4): Kafka checks WRITE on the transactional id, then on each topic.
        if not authz.allowed(ctx, authz.WRITE, authz.TRANSACTIONAL_ID, txn.transactional_id):
            return dict.fromkeys(partitions, errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code)
        writable = authz.allowed_names(ctx, authz.WRITE, authz.TOPIC, [t for t, _ in partitions])
    else:
        writable = {t for t, _ in partitions}
    refused = {tp: errors.TOPIC_AUTHORIZATION_FAILED.code for tp in partitions if tp[0] not in writable}
    refused.update({tp: errors.UNKNOWN_TOPIC_OR_PARTITION.code for tp in partitions
                    if tp not in refused and image.partition(*tp) is None})
    if refused:
        return {tp: refused.get(tp, errors.OPERATION_NOT_ATTEMPTED.code) for tp in partitions}
    coordinator = coordinator_of(ctx.state)
    if txn.verify_only:
        return coordinator.verify_partitions(txn.transactional_id, txn.producer_id, txn.producer_epoch, partitions)
    code = await coordinator.add_partitions(txn.transactional_id, txn.producer_id, txn.producer_epoch, partitions,
                                            2 if ctx.api_version >= FIRST_TV2_VERSION else 0)
    if code == errors.PRODUCER_FENCED.code and ctx.api_version < FIRST_PRODUCER_FENCED_VERSION:
        code = errors.INVALID_PRODUCER_EPOCH.code
    return dict.fromkeys(partitions, code)


async def handle(ctx: RequestContext, request) -> AddPartitionsToTxnResponse:
    image = ctx.state.image
    if ctx.api_version < FIRST_BATCHED_VERSION:
        txn = AddPartitionsToTxnTransaction(
            transactional_id=request.v3_and_below_transactional_id, producer_id=request.v3_and_below_producer_id,
            producer_epoch=request.v3_and_below_producer_epoch, verify_only=False,
            topics=request.v3_and_below_topics)
        return AddPartitionsToTxnResponse(throttle_time_ms=0,
                                          results_by_topic_v3_and_below=topic_results(await _serve(ctx, image, txn)))
    if not authz.cluster_allowed(ctx, authz.CLUSTER_ACTION):  # v4+ is the brokers' verification request
        return AddPartitionsToTxnResponse(throttle_time_ms=0, error_code=errors.CLUSTER_AUTHORIZATION_FAILED.code,
                                          results_by_transaction=[])
    results = [AddPartitionsToTxnResult(transactional_id=txn.transactional_id,
                                        topic_results=topic_results(await _serve(ctx, image, txn)))
               for txn in request.transactions]
    return AddPartitionsToTxnResponse(throttle_time_ms=0, error_code=errors.NONE.code, results_by_transaction=results)
