"""DescribeQuorum (key 55), v0-v2, on a broker listener (what `kafka-metadata-quorum --bootstrap-server` asks).

Kafka's broker forwards it to the active controller: so does a kbroker broker whose controller is remote
(kbroker/api/forwarding.py, NOT_LEADER_OR_FOLLOWER from a controller that stopped leading makes it look for the
new one). On the single-voter node the local quorum, always its own leader, answers from its replicas' state
(kbroker/raft/node.py); it serves no controller listener of its own, so a v2 answer names no voter endpoints."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_quorum_response import DescribeQuorumResponse
from kbroker.raft.raft_messages import describe_quorum_at_version

API_KEY = 55
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request) -> DescribeQuorumResponse:
    if not authz.cluster_allowed(ctx, authz.DESCRIBE):
        return DescribeQuorumResponse(error_code=errors.CLUSTER_AUTHORIZATION_FAILED.code, error_message=errors.CLUSTER_AUTHORIZATION_FAILED.message)
    return describe_quorum_at_version(ctx.state.metadata.raft.describe_quorum(request), ctx.api_version)
