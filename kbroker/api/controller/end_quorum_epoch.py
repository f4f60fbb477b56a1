"""EndQuorumEpoch (key 54), v0-v1, on the controller listener: answered by the KRaft node (kbroker/raft/node.py)."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_quorum, cluster_refusal

API_KEY = 54
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request):
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await answer_from_quorum(ctx, request)
