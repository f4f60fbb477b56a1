"""ListPartitionReassignments (key 46), v0, on the controller listener: forwarded by a broker in an Envelope, or sent by an admin
client with `bootstrap.controllers`. The active controller runs the broker's flow (kbroker/api/list_partition_reassignments.py);
any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.list_partition_reassignments import failing, list_partition_reassignments, refusal

API_KEY = 46
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request):
    return refusal(ctx, request) or await run_on_active_controller(
        ctx, lambda controller, run: list_partition_reassignments(request, controller, run),
        lambda code, message: failing(request, code, message))
