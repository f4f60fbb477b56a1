"""DescribeQuorum (key 55), v0-v2, on the controller listener: the leader's view of every replica, from the KRaft
node (kbroker/raft/node.py); a non-leader answers NOT_LEADER_OR_FOLLOWER, a request for another partition
UNKNOWN_TOPIC_OR_PARTITION, each echoing the partitions asked for with the error's message and no Nodes (Kafka's
getPartitionLevelErrorResponse). Since v2 the leader's answer also names each voter's endpoint (Nodes): with a
static quorum (kraft.version 0) that is its `controller.quorum.voters` address under this listener's name, as
Kafka's VoterSet holds it; with a dynamic one (KIP-853), every endpoint of the voter in the log's latest
VotersRecord."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_quorum
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_quorum_response import DescribeQuorumResponse, Listener, Node
from kbroker.raft.raft_messages import describe_quorum_at_version

API_KEY = 55
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request):
    if not authz.cluster_allowed(ctx, authz.DESCRIBE):
        return DescribeQuorumResponse(error_code=errors.CLUSTER_AUTHORIZATION_FAILED.code, error_message=errors.CLUSTER_AUTHORIZATION_FAILED.message)
    response = describe_quorum_at_version(await answer_from_quorum(ctx, request), ctx.api_version)
    quorum = ctx.state.quorum
    answered = [p for t in response.topics for p in t.partitions if p.error_code == 0]
    voter_set = quorum.node.voter_set
    if ctx.api_version >= 2 and answered and voter_set is not None:
        response.nodes = [Node(node_id=voter.voter_id, listeners=[Listener(name=name, host=host, port=port)
                                                                  for name, host, port in voter.endpoints])
                          for voter in (voter_set.voters[v] for v in sorted(voter_set.ids))]
    elif ctx.api_version >= 2 and answered:
        response.nodes = [Node(node_id=voter, listeners=[Listener(name=ctx.listener_name, host=address.host,
                                                                  port=address.port)])
                          for voter in sorted(quorum.voters) if (address := quorum.directory.get(voter)) is not None]
    return response
