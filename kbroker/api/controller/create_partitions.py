"""CreatePartitions (key 37), v0-v3, on the controller listener: forwarded by a broker in an Envelope, or sent by
an admin client with `bootstrap.controllers`. The active controller runs the broker's flow
(kbroker/api/create_partitions.py) on its QuorumController; any other node answers NOT_CONTROLLER for every
topic."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.create_partitions import create_partitions, failing
from kbroker.protocol.messages.create_partitions_response import CreatePartitionsResponse

API_KEY = 37
MIN_VERSION = 0
MAX_VERSION = 3


async def handle(ctx: RequestContext, request) -> CreatePartitionsResponse:
    return await run_on_active_controller(ctx, lambda controller, run: create_partitions(ctx, request, controller, run),
                                          lambda code, message: failing(request, code, message))
