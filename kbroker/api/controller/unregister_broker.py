"""UnregisterBroker (key 64), v0, on the controller listener: forwarded by a broker in an Envelope, or sent by an
admin client with `bootstrap.controllers` (`kafka-cluster unregister --bootstrap-controller`). The active
controller runs the broker handler's flow (kbroker/api/unregister_broker.py); any other node answers NOT_CONTROLLER
with the message of Kafka's NotControllerException."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.unregister_broker import failing, unregister_broker
from kbroker.protocol import errors
from kbroker.protocol.messages.unregister_broker_response import UnregisterBrokerResponse

API_KEY = 64
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request) -> UnregisterBrokerResponse:
    if not authz.cluster_allowed(ctx, authz.ALTER):
        return failing(errors.CLUSTER_AUTHORIZATION_FAILED.code, errors.CLUSTER_AUTHORIZATION_FAILED.message)
    return await run_on_active_controller(
        ctx, lambda controller, run: unregister_broker(request, controller, run), failing)
