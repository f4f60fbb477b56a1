"""RenewDelegationToken (key 39), v1-2, on the controller listener (Kafka's ControllerApis): forwarded by a broker in
an Envelope, or sent with `bootstrap.controllers` (then refused over PLAINTEXT, as Kafka's controller refuses it).
The active controller runs kbroker/api/token_requests.py's flow; any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api import token_requests
from kbroker.api.context import RequestContext

API_KEY = 39
MIN_VERSION = 1
MAX_VERSION = 2


async def handle(ctx: RequestContext, request):
    return await token_requests.on_controller(ctx, request, token_requests.renew)
