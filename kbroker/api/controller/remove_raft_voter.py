"""RemoveRaftVoter (key 81), v0, on the controller listener (KIP-853): answered by the KRaft node's leader
(kbroker/raft/voter_changes.py) once the VotersRecord without the voter is committed; a leader that removed
itself resigns afterwards. Any node that is not the leader answers NOT_LEADER_OR_FOLLOWER; a broker forwards it
in an Envelope."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_quorum, cluster_refusal

API_KEY = 81
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request):
    refused = cluster_refusal(ctx, authz.ALTER)
    if refused is not None:
        return refused
    return await answer_from_quorum(ctx, request)
