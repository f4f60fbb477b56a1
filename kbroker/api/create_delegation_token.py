"""CreateDelegationToken (key 38), v1-3: the broker's checks (Kafka's KafkaApis: token_requests.broker_refusal), then the controller's
flow: forwarded in an Envelope when the controller is remote (api/forwarding.py), else run on this node's
controller as the forwarded request it would be (kbroker/api/token_requests.py)."""

from __future__ import annotations

from kbroker.api import forwarding, token_requests
from kbroker.api.context import RequestContext

API_KEY = 38
MIN_VERSION = 1
MAX_VERSION = 3


async def handle(ctx: RequestContext, request):
    refusal = token_requests.broker_refusal(ctx, request)
    if refusal is not None:
        return refusal
    if ctx.state.controller_channel is not None:
        return await forwarding.forward(ctx, request)
    return await token_requests.create(ctx, request, ctx.state.metadata.controller, ctx.state.run_controller,
                                     forwarded=True)
