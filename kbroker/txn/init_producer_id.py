"""InitProducerId for a transactional id: the part of the InitProducerId handler (kbroker/api/init_producer_id.py)
that belongs to the transaction coordinator. The handler has already refused an empty id, a timeout outside
1..transaction.max.timeout.ms and a producer id without epoch (or the reverse).

As Kafka's KafkaApis: versions below 4 cannot read PRODUCER_FENCED and get INVALID_PRODUCER_EPOCH instead.
"""

from __future__ import annotations

from kbroker.protocol import errors
from kbroker.protocol.messages.init_producer_id_response import InitProducerIdResponse
from kbroker.txn import coordinator_of

FIRST_PRODUCER_FENCED_VERSION = 4


async def init_transactional_producer_id(ctx, request) -> InitProducerIdResponse:
    expected = None if request.producer_id == -1 else (request.producer_id, request.producer_epoch)
    result = await coordinator_of(ctx.state).init_producer_id(request.transactional_id,
                                                              request.transaction_timeout_ms, expected)
    error = result.error
    if error == errors.PRODUCER_FENCED.code and ctx.api_version < FIRST_PRODUCER_FENCED_VERSION:
        error = errors.INVALID_PRODUCER_EPOCH.code
    return InitProducerIdResponse(throttle_time_ms=0, error_code=error, producer_id=result.producer_id,
                                  producer_epoch=result.producer_epoch)
