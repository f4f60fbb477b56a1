"""UnregisterBroker (key 64), v0: remove a broker's registration (`kafka-cluster unregister --id N`).

A Kafka broker forwards it to the active controller; the combined kbroker node runs it on its own controller
(`unregister_broker`, shared with the controller listener's handler). The controller writes the partition changes
that take the broker out of every ISR and ELR, then an UnregisterBrokerRecord (kbroker/metadata/cluster_control.py).
An id with no registration: BROKER_ID_NOT_REGISTERED "Broker ID N is not currently registered". An error response
carries the message of Kafka's exception (UnregisterBrokerRequest.getErrorResponse). As on Kafka, a node that
unregisters itself leaves the metadata until it registers again at its next start.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.unregister_broker_response import UnregisterBrokerResponse

API_KEY = 64
MIN_VERSION = 0
MAX_VERSION = 0


def failing(code: int, message: str | None) -> UnregisterBrokerResponse:
    return UnregisterBrokerResponse(throttle_time_ms=0, error_code=code, error_message=message)


async def handle(ctx: RequestContext, request) -> UnregisterBrokerResponse:
    if not authz.cluster_allowed(ctx, authz.ALTER):
        return failing(errors.CLUSTER_AUTHORIZATION_FAILED.code, errors.CLUSTER_AUTHORIZATION_FAILED.message)
    return await unregister_broker(request, ctx.state.metadata.controller, ctx.state.run_controller)


async def unregister_broker(request, controller, run) -> UnregisterBrokerResponse:
    """The response to `request`, the registration removed by `run(controller.unregister_broker, request)`."""
    return await run(controller.unregister_broker, request)
