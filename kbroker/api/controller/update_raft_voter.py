"""UpdateRaftVoter (key 82), v0, on the controller listener (KIP-853): a voter tells the leader its endpoints and
supported kraft.version range; answered at once by the KRaft node's leader (kbroker/raft/voter_changes.py) with
the current leader and its endpoint, NOT_LEADER_OR_FOLLOWER / FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH
elsewhere."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_quorum, cluster_refusal

API_KEY = 82
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request):
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await answer_from_quorum(ctx, request)
