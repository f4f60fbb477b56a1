"""AddOffsetsToTxn (API key 25), v0-4: the `__consumer_offsets` partition of the group joins the transaction,
so that the group's TxnOffsetCommit is committed or aborted with it. The partition is Kafka's
abs(hash(group id)) % partitions of __consumer_offsets; errors are AddPartitionsToTxn's (PRODUCER_FENCED is
INVALID_PRODUCER_EPOCH below v2)."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.add_offsets_to_txn_response import AddOffsetsToTxnResponse
from kbroker.txn import coordinator_of

API_KEY = 25
MIN_VERSION = 0
MAX_VERSION = 4
FIRST_PRODUCER_FENCED_VERSION = 2


async def handle(ctx: RequestContext, request) -> AddOffsetsToTxnResponse:
    if not authz.allowed(ctx, authz.WRITE, authz.TRANSACTIONAL_ID, request.transactional_id):
        return AddOffsetsToTxnResponse(throttle_time_ms=0, error_code=errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code)
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id):
        return AddOffsetsToTxnResponse(throttle_time_ms=0, error_code=errors.GROUP_AUTHORIZATION_FAILED.code)
    code = await coordinator_of(ctx.state).add_offsets(request.transactional_id, request.producer_id,
                                                       request.producer_epoch, request.group_id)
    if code == errors.PRODUCER_FENCED.code and ctx.api_version < FIRST_PRODUCER_FENCED_VERSION:
        code = errors.INVALID_PRODUCER_EPOCH.code
    return AddOffsetsToTxnResponse(throttle_time_ms=0, error_code=code)
