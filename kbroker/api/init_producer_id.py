"""InitProducerId (key 22), v0-v5: producer ids for idempotent producers (v6, KIP-939 2PC, is unstable in Kafka
4.3.1 and not advertised).

Mirrors Kafka 4.3 (KafkaApis.handleInitProducerIdRequest, TransactionCoordinator.handleInitProducerId):
- ProducerId/ProducerEpoch (v3+) must both be -1 or both be set; one without the other is INVALID_REQUEST.
- TransactionalId null: a new producer id from the broker's producer-id blocks (kbroker.producer_ids) with
  epoch 0, whatever id and epoch the request carries. Kafka does not bump an idempotent producer's epoch on the
  broker: since KIP-360 the client bumps it locally, and a client that re-initialises gets a fresh id. While no
  id can be had the answer is COORDINATOR_LOAD_IN_PROGRESS (retriable), as Kafka's while it waits for a block.
- TransactionalId "" is INVALID_REQUEST; TransactionTimeoutMs outside 1..transaction.max.timeout.ms is
  INVALID_TRANSACTION_TIMEOUT (both checked before any coordinator, as Kafka does).
- Any other TransactionalId belongs to the transaction coordinator (kbroker.txn.init_producer_id).
Error answers carry ProducerId -1 and ProducerEpoch -1. ThrottleTimeMs is 0.
"""

from __future__ import annotations

import logging

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.producer_ids import ProducerIdUnavailable
from kbroker.protocol import errors
from kbroker.protocol.messages.init_producer_id_response import InitProducerIdResponse
from kbroker.txn.init_producer_id import init_transactional_producer_id

API_KEY = 22
MIN_VERSION = 0
MAX_VERSION = 5

NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1

log = logging.getLogger(__name__)


def _error(code: int) -> InitProducerIdResponse:
    return InitProducerIdResponse(throttle_time_ms=0, error_code=code, producer_id=NO_PRODUCER_ID,
                                  producer_epoch=NO_PRODUCER_EPOCH)


async def handle(ctx: RequestContext, request) -> InitProducerIdResponse:
    transactional_id = request.transactional_id
    # Kafka: a transactional id needs WRITE on it; an idempotent producer IDEMPOTENT_WRITE on the cluster or WRITE
    # on some topic.
    if transactional_id is not None:
        if not authz.allowed(ctx, authz.WRITE, authz.TRANSACTIONAL_ID, transactional_id):
            return _error(errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code)
    elif not authz.cluster_allowed(ctx, authz.IDEMPOTENT_WRITE, log_denied=False) and \
            not authz.allowed_on_some(ctx, authz.WRITE, authz.TOPIC):
        return _error(errors.CLUSTER_AUTHORIZATION_FAILED.code)
    if (request.producer_id == NO_PRODUCER_ID) != (request.producer_epoch == NO_PRODUCER_EPOCH):
        return _error(errors.INVALID_REQUEST.code)
    if transactional_id is None:
        try:
            producer_id = await ctx.state.producer_ids.generate_producer_id()
        except ProducerIdUnavailable as exc:
            log.warning("InitProducerId from %s: %s", ctx.describe(), exc)
            return _error(exc.error_code)
        return InitProducerIdResponse(throttle_time_ms=0, error_code=errors.NONE.code, producer_id=producer_id,
                                      producer_epoch=0)
    if transactional_id == "":
        return _error(errors.INVALID_REQUEST.code)
    if not 0 < request.transaction_timeout_ms <= ctx.config["transaction.max.timeout.ms"]:
        return _error(errors.INVALID_TRANSACTION_TIMEOUT.code)
    return await init_transactional_producer_id(ctx, request)
