"""RenewDelegationToken (key 39), v1-2, on the controller listener (Kafka's ControllerApis): forwarded by a broker in
an Envelope, or sent with `bootstrap.controllers`. The active controller runs kbroker/api/token_requests.py's
flow (a request not forwarded is refused over PLAINTEXT, as Kafka's controller refuses it); any other node answers
NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api import token_requests
from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller

API_KEY = 39
MIN_VERSION = 1
MAX_VERSION = 2


async def handle(ctx: RequestContext, request):
    return await run_on_active_controller(
        ctx, lambda controller, run: token_requests.renew(ctx, request, controller, run, forwarded=ctx.forwarded),
        lambda code, message: token_requests.failing(API_KEY, request, code))
