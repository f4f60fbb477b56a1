"""RenewDelegationToken (key 39), v1-2: the broker's checks, then the controller's flow (kbroker/api/token_requests.py)."""

from __future__ import annotations

from kbroker.api import token_requests
from kbroker.api.context import RequestContext

API_KEY = 39
MIN_VERSION = 1
MAX_VERSION = 2


async def handle(ctx: RequestContext, request):
    return await token_requests.on_broker(ctx, request, token_requests.renew)
