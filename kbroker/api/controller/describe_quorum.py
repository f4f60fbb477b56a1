"""DescribeQuorum (key 55), v0-v2, on the controller listener: answered by the KRaft node (kbroker/raft/node.py):
the leader's view of every replica; a non-leader answers NOT_LEADER_OR_FOLLOWER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_quorum

API_KEY = 55
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request):
    return await answer_from_quorum(ctx, request)
