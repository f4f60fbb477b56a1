"""Vote (key 52), v0-v2, on the controller listener: answered by the KRaft node (kbroker/raft/node.py); v2 carries
KIP-996's pre-vote."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_quorum, cluster_refusal

API_KEY = 52
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request):
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await answer_from_quorum(ctx, request)
