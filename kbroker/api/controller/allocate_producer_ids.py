"""AllocateProducerIds (key 67), v0, on the controller listener: a broker's next block of producer ids, from the
active controller (Kafka's ProducerIdControlManager, kbroker.metadata.controller.allocate_producer_ids): the
broker must be registered with that epoch (STALE_BROKER_EPOCH otherwise), and the block's ProducerIdsRecord is
committed before the answer, so a controller that takes over goes on after the last block handed out. Any other
node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import cluster_refusal, run_on_active_controller
from kbroker.protocol.messages.allocate_producer_ids_response import AllocateProducerIdsResponse

API_KEY = 67
MIN_VERSION = 0
MAX_VERSION = 0


def _failing(code: int, message: str | None = None) -> AllocateProducerIdsResponse:
    """The response has no error message."""
    return AllocateProducerIdsResponse(throttle_time_ms=0, error_code=code)


async def handle(ctx: RequestContext, request) -> AllocateProducerIdsResponse:
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    async def flow(controller, run) -> AllocateProducerIdsResponse:
        block = await run(controller.allocate_producer_ids, request.broker_id, request.broker_epoch)
        if block.error.is_failure:
            return _failing(block.error.code)
        return AllocateProducerIdsResponse(throttle_time_ms=0, error_code=0, producer_id_start=block.first_producer_id,
                                           producer_id_len=block.size)

    return await run_on_active_controller(ctx, flow, _failing)
