"""BrokerHeartbeat (key 63), v0-v2, on the controller listener: a registered broker's session, fencing and
controlled shutdown, through the active controller (kbroker/metadata/active_controller.py); any other node
answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_active_controller, cluster_refusal
from kbroker.protocol.messages.broker_heartbeat_response import BrokerHeartbeatResponse

API_KEY = 63
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request) -> BrokerHeartbeatResponse:
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await answer_from_active_controller(ctx, BrokerHeartbeatResponse,
                                              lambda active: active.broker_heartbeat(request))
