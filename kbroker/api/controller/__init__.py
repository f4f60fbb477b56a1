"""The handlers of the CONTROLLER listener (Kafka's ControllerApis), a registry of their own.

`Registry.discover("kbroker.api.controller")` finds the modules here, so ApiVersions on the controller
listener advertises exactly these APIs and no client API: ApiVersions, and the KRaft RPCs that the quorum
(ctx.state.quorum, a kbroker.raft.driver.QuorumDriver) answers: Vote, BeginQuorumEpoch, EndQuorumEpoch, Fetch
and FetchSnapshot of `__cluster_metadata`, DescribeQuorum; and DescribeCluster for the controllers (what the
admin client's `bootstrap.controllers` mode asks first). The version ranges are Kafka 4.3.1's for these APIs
on its controller listener. The node decides every error code (INCONSISTENT_CLUSTER_ID, FENCED_LEADER_EPOCH,
UNKNOWN_LEADER_EPOCH, NOT_LEADER_OR_FOLLOWER, INVALID_REQUEST for another topic or partition); a client API sent
here is an unknown key on this listener and closes the connection, as Kafka's controller does.

Not served yet (so not advertised): BrokerRegistration, BrokerHeartbeat, ControllerRegistration and the
forwarded admin requests, AddRaftVoter / RemoveRaftVoter / UpdateRaftVoter.
"""

from __future__ import annotations

from kbroker.api.context import RequestContext


async def answer_from_quorum(ctx: RequestContext, request):
    """The quorum's response to a KRaft request (a leader may hold a Fetch up to its max wait)."""
    return await ctx.state.quorum.handle_request(request)
