"""ListTransactions (API key 66), v0-2: the transactional ids this node coordinates, filtered as Kafka's
TransactionStateManager.listTransactionStates: by state names (unknown names are echoed in
UnknownStateFilters and match nothing), by producer ids, from v1 by duration (only transactions running for
longer than DurationFilter ms; -1 = no filter), from v2 by a regular expression on the id (matched whole, as
Java's Pattern.matches; an invalid one is INVALID_REGULAR_EXPRESSION). Dead ids are never listed."""

from __future__ import annotations

import re

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.list_transactions_response import ListTransactionsResponse, TransactionState
from kbroker.txn import coordinator_of

API_KEY = 66
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request) -> ListTransactionsResponse:
    pattern = None
    if request.transactional_id_pattern:
        try:
            pattern = re.compile(request.transactional_id_pattern)
        except re.error:
            return ListTransactionsResponse(throttle_time_ms=0, error_code=errors.INVALID_REGULAR_EXPRESSION.code)
    found, unknown = coordinator_of(ctx.state).list_transactions(
        states=request.state_filters, producer_ids=request.producer_id_filters, duration_ms=request.duration_filter,
        id_pattern=pattern)
    found = [m for m in found if authz.allowed(ctx, authz.DESCRIBE, authz.TRANSACTIONAL_ID, m.transactional_id,
                                               log_denied=False)]
    return ListTransactionsResponse(
        throttle_time_ms=0, error_code=errors.NONE.code, unknown_state_filters=unknown,
        transaction_states=[TransactionState(transactional_id=m.transactional_id, producer_id=m.producer_id,
                                             transaction_state=m.state.kafka_name) for m in found])
