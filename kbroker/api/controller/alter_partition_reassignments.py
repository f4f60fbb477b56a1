"""AlterPartitionReassignments (key 45), v0-v1, on the controller listener: forwarded by a broker in an Envelope, or sent by an admin
client with `bootstrap.controllers`. The active controller runs the broker's flow (kbroker/api/alter_partition_reassignments.py);
any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.alter_partition_reassignments import alter_partition_reassignments, failing, refusal
from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller

API_KEY = 45
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request):
    return refusal(ctx, request) or await run_on_active_controller(
        ctx, lambda controller, run: alter_partition_reassignments(request, controller, run),
        lambda code, message: failing(request, code, message))
