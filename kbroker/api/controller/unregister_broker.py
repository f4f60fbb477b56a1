"""UnregisterBroker (key 64), v0, on the controller listener: a broker's registration removed by the active
controller (kbroker/metadata/active_controller.py); any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_active_controller
from kbroker.protocol.messages.unregister_broker_response import UnregisterBrokerResponse

API_KEY = 64
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request) -> UnregisterBrokerResponse:
    return await answer_from_active_controller(ctx, UnregisterBrokerResponse,
                                              lambda active: active.unregister_broker(request))
