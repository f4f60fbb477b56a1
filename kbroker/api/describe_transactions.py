"""DescribeTransactions (API key 65), v0: the state of each transactional id this node coordinates: state name,
producer id and epoch, timeout, start time and the partitions of the open transaction. Errors as Kafka's
TransactionCoordinator.handleDescribeTransactions: NOT_COORDINATOR for an id of a __transaction_state partition
this node does not lead, INVALID_REQUEST for "", TRANSACTIONAL_ID_NOT_FOUND for an unknown (or expiring) id."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_transactions_response import (
    DescribeTransactionsResponse,
    TopicData,
    TransactionState,
)
from kbroker.txn import coordinator_of

API_KEY = 65
MIN_VERSION = 0
MAX_VERSION = 0


def _state(ctx: RequestContext, coordinator, transactional_id: str) -> TransactionState:
    if not authz.allowed(ctx, authz.DESCRIBE, authz.TRANSACTIONAL_ID, transactional_id):
        return TransactionState(error_code=errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code,
                                transactional_id=transactional_id)
    described = coordinator.describe(transactional_id)
    metadata = described.metadata
    if metadata is None:
        return TransactionState(error_code=described.error, transactional_id=transactional_id)
    by_topic: dict[str, list[int]] = {}
    shown = authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, {t for t, _ in metadata.partitions},
                                log_denied=False)
    for topic, partition in sorted(metadata.partitions):
        if topic in shown:  # Kafka leaves out the topics the client may not describe
            by_topic.setdefault(topic, []).append(partition)
    return TransactionState(
        error_code=described.error, transactional_id=transactional_id, transaction_state=metadata.state.kafka_name,
        transaction_timeout_ms=metadata.txn_timeout_ms, transaction_start_time_ms=metadata.txn_start_timestamp,
        producer_id=metadata.producer_id, producer_epoch=metadata.producer_epoch,
        topics=[TopicData(topic=topic, partitions=partitions) for topic, partitions in by_topic.items()])


async def handle(ctx: RequestContext, request) -> DescribeTransactionsResponse:
    coordinator = coordinator_of(ctx.state)
    return DescribeTransactionsResponse(
        throttle_time_ms=0, transaction_states=[_state(ctx, coordinator, txn_id) for txn_id in request.transactional_ids])
