"""AddRaftVoter (key 80), v0-v1, on the controller listener (KIP-853): answered by the KRaft node's leader
(kbroker/raft/voter_changes.py), once the VotersRecord that adds the voter is committed (v1's AckWhenCommitted
false: once it is appended). Any node that is not the leader answers NOT_LEADER_OR_FOLLOWER, as Kafka's; a broker
forwards it in an Envelope."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_quorum, cluster_refusal

API_KEY = 80
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request):
    refused = cluster_refusal(ctx, authz.ALTER)
    if refused is not None:
        return refused
    return await answer_from_quorum(ctx, request)
