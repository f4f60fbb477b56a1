"""BrokerRegistration (key 62), v0-v4, on the controller listener: a broker joins the cluster through the active
controller (kbroker/metadata/active_controller.py); any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_active_controller, cluster_refusal
from kbroker.protocol.messages.broker_registration_response import BrokerRegistrationResponse

API_KEY = 62
MIN_VERSION = 0
MAX_VERSION = 4


async def handle(ctx: RequestContext, request) -> BrokerRegistrationResponse:
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await answer_from_active_controller(ctx, BrokerRegistrationResponse,
                                              lambda active: active.broker_registration(request, ctx.api_version))
