"""DeleteTopics (key 20), v1-v6, on the controller listener: forwarded by a broker in an Envelope, or sent by an
admin client with `bootstrap.controllers`. The active controller runs the broker's flow
(kbroker/api/delete_topics.py) on its QuorumController; the brokers remove the logs, and their group coordinators
the committed offsets, as they apply the RemoveTopicRecords. Any other node answers NOT_CONTROLLER for every
topic."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.api.delete_topics import delete_topics, failing
from kbroker.protocol.messages.delete_topics_response import DeleteTopicsResponse

API_KEY = 20
MIN_VERSION = 1
MAX_VERSION = 6


async def handle(ctx: RequestContext, request) -> DeleteTopicsResponse:
    async def flow(controller, run) -> DeleteTopicsResponse:
        response, _ = await delete_topics(ctx, request, controller, run)
        return response

    # Kafka's DeleteTopicsRequest.getErrorResponse carries no message.
    return await run_on_active_controller(ctx, flow, lambda code, _: failing(request, ctx.api_version, code))
