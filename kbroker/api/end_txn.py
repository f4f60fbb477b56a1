"""EndTxn (API key 26), v0-5: commit or abort the producer's transaction.

v0-4 are transaction version 1; v5 is transaction version 2 (KIP-890 part 2, what a client uses once ApiVersions
reports transaction.version 2 finalized): the coordinator bumps the producer epoch at every end, and the answer
carries the producer id and epoch the client goes on with (a new producer id at epoch 0 when the bump exhausted the
epoch), -1/-1 on an error.
The answer comes once PrepareCommit/PrepareAbort is on the in-sync replicas of the `__transaction_state`
partition (COORDINATOR_NOT_AVAILABLE when it is not within the transaction timeout, NOT_COORDINATOR when
leadership moved, as Kafka maps them); where this node leads every partition of the transaction it also waits for
the markers and the completion record (Kafka answers after the prepare record; a client cannot tell the
difference except that its next request does not meet CONCURRENT_TRANSACTIONS). PRODUCER_FENCED is
INVALID_PRODUCER_EPOCH below v2.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.end_txn_response import EndTxnResponse
from kbroker.txn import coordinator_of

API_KEY = 26
MIN_VERSION = 0
MAX_VERSION = 5
FIRST_PRODUCER_FENCED_VERSION = 2
# TransactionVersion.transactionVersionForEndTxn: v5 and up are transaction version 2.
FIRST_TV2_VERSION = 5


async def handle(ctx: RequestContext, request) -> EndTxnResponse:
    if not authz.allowed(ctx, authz.WRITE, authz.TRANSACTIONAL_ID, request.transactional_id):
        return EndTxnResponse(throttle_time_ms=0, error_code=errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code)
    result = await coordinator_of(ctx.state).end_transaction(
        request.transactional_id, request.producer_id, request.producer_epoch, request.committed,
        transaction_version=2 if ctx.api_version >= FIRST_TV2_VERSION else 0)
    code = result.error
    if code == errors.PRODUCER_FENCED.code and ctx.api_version < FIRST_PRODUCER_FENCED_VERSION:
        code = errors.INVALID_PRODUCER_EPOCH.code
    return EndTxnResponse(throttle_time_ms=0, error_code=code, producer_id=result.producer_id,
                          producer_epoch=result.producer_epoch)
