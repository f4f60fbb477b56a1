"""CreateAcls (key 30), v1-3, on the controller listener: forwarded by a broker in an Envelope (under the
client's principal), or sent with `bootstrap.controllers`. The active controller runs the broker's flow
(kbroker/api/create_acls.py); any other node answers NOT_CONTROLLER for every entry."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.create_acls import create_acls, failing

API_KEY = 30
MIN_VERSION = 1
MAX_VERSION = 3


async def handle(ctx: RequestContext, request):
    return await run_on_active_controller(
        ctx, lambda controller, run: create_acls(ctx, request, controller, run),
        lambda code, message: failing(request, code, message))
