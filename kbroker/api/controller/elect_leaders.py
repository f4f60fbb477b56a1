"""ElectLeaders (key 43), v0-v2, on the controller listener: forwarded by a broker in an Envelope, or sent by an
admin client with `bootstrap.controllers`. The active controller runs the broker's flow (kbroker/api/
elect_leaders.py); any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.elect_leaders import TOP_LEVEL_ERROR_VERSION, elect_leaders, failing, refusal

API_KEY = 43
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request):
    response = refusal(ctx, request) or await run_on_active_controller(
        ctx, lambda controller, run: elect_leaders(request, controller, run),
        lambda code, message: failing(request, code, message))
    if ctx.api_version < TOP_LEVEL_ERROR_VERSION:
        response.error_code = 0
    return response
