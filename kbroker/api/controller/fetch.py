"""Fetch of __cluster_metadata (key 1), v4-v18, on the controller listener: answered by the KRaft node
(kbroker/raft/node.py): a follower's or observer's fetch, with diverging epochs and snapshot ids; the leader may
hold it up to its max wait."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_quorum, cluster_refusal

API_KEY = 1
MIN_VERSION = 4
MAX_VERSION = 18


async def handle(ctx: RequestContext, request):
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await answer_from_quorum(ctx, request)
