"""DeleteAcls (key 31), v1-3, on the controller listener: forwarded by a broker in an Envelope (under the
client's principal), or sent with `bootstrap.controllers`. The active controller runs the broker's flow
(kbroker/api/delete_acls.py); any other node answers NOT_CONTROLLER for every entry."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.delete_acls import delete_acls, failing

API_KEY = 31
MIN_VERSION = 1
MAX_VERSION = 3


async def handle(ctx: RequestContext, request):
    return await run_on_active_controller(
        ctx, lambda controller, run: delete_acls(ctx, request, controller, run),
        lambda code, message: failing(request, code, message))
