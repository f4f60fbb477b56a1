"""CreateTopics (key 19), v2-v7, on the controller listener: forwarded by a broker in an Envelope, or sent by an
admin client with `bootstrap.controllers`. The active controller runs the broker's flow
(kbroker/api/create_topics.py) on its QuorumController, which commits the records on the quorum; the brokers
create the logs as they apply them. Any other node answers NOT_CONTROLLER for every topic."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.create_topics import create_topics, failing
from kbroker.protocol.messages.create_topics_response import CreateTopicsResponse

API_KEY = 19
MIN_VERSION = 2
MAX_VERSION = 7


async def handle(ctx: RequestContext, request) -> CreateTopicsResponse:
    return await run_on_active_controller(ctx, lambda controller, run: create_topics(ctx, request, controller, run),
                                          lambda code, message: failing(request, code, message))
