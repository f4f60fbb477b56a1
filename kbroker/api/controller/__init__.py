"""The handlers of the CONTROLLER listener (Kafka's ControllerApis), a registry of their own.

`Registry.discover("kbroker.api.controller")` finds the modules here, so ApiVersions on the controller
listener advertises exactly these APIs and no client API: ApiVersions, and the KRaft RPCs that the quorum
(ctx.state.quorum, a kbroker.raft.driver.QuorumDriver) answers: Vote, BeginQuorumEpoch, EndQuorumEpoch, Fetch
and FetchSnapshot of `__cluster_metadata`, DescribeQuorum, and KIP-853's AddRaftVoter, RemoveRaftVoter and
UpdateRaftVoter; and DescribeCluster for the controllers registered in
this node's image (what the admin client's `bootstrap.controllers` mode asks first). The version ranges are
Kafka 4.3.1's for these APIs on its controller listener. The node decides every error code
(INCONSISTENT_CLUSTER_ID, FENCED_LEADER_EPOCH, UNKNOWN_LEADER_EPOCH, NOT_LEADER_OR_FOLLOWER, INVALID_REQUEST for
another topic or partition); a client API sent here is an unknown key on this listener and closes the
connection, as Kafka's controller does.

BrokerRegistration, BrokerHeartbeat, AlterPartition, AllocateProducerIds, ControllerRegistration and the admin
requests an admin client sends with `bootstrap.controllers` (CreateTopics, DeleteTopics, CreatePartitions,
AlterConfigs, IncrementalAlterConfigs, UpdateFeatures, UnregisterBroker, ElectLeaders, AlterPartitionReassignments,
ListPartitionReassignments, AlterClientQuotas, which run the broker handlers' flows
through `run_on_active_controller`) are answered by the active controller (ctx.state.active_controller,
kbroker/metadata/active_controller.py); every other node answers NOT_CONTROLLER. AddRaftVoter, RemoveRaftVoter and
UpdateRaftVoter (KIP-853) are answered by the Raft leader. Envelope carries what a broker forwards: the embedded
request runs through this registry (envelope.py). Any node answers DescribeConfigs from its own image. CreateAcls and
DeleteAcls are answered by the active controller, DescribeAcls by any; so are Create/Renew/ExpireDelegationToken
by the active controller (DescribeDelegationToken is the brokers'). Node-to-node requests need CLUSTER_ACTION (`cluster_refusal`).
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.configs.alter import alter_configs_on_controller
from kbroker.metadata.active_controller import NotActive, not_controller
from kbroker.metadata.controller import ApiError
from kbroker.protocol import errors


def cluster_refusal(ctx: RequestContext, operation: int = authz.CLUSTER_ACTION):
    """The answer to a node-to-node request whose sender may not do `operation` on the cluster (Kafka's
    ControllerApis: CLUSTER_ACTION for registrations, heartbeats, AlterPartition, producer ids and the KRaft
    requests; ALTER for adding and removing voters): the response with CLUSTER_AUTHORIZATION_FAILED as its
    top-level error; None when allowed."""
    if authz.cluster_allowed(ctx, operation):
        return None
    return ctx.registry.get(ctx.api_key).response_class(error_code=errors.CLUSTER_AUTHORIZATION_FAILED.code)


async def answer_from_quorum(ctx: RequestContext, request):
    """The quorum's response to a KRaft request (a leader may hold a Fetch up to its max wait)."""
    return await ctx.state.quorum.handle_request(request)


async def answer_from_active_controller(ctx: RequestContext, response_class, call):
    """`await call(active_controller)`, or NOT_CONTROLLER on a node that runs no controller
    (kbroker/metadata/active_controller.py decides the rest)."""
    active = ctx.state.active_controller
    if active is None:
        return not_controller(response_class)
    return await call(active)


async def run_on_active_controller(ctx: RequestContext, flow, failing):
    """`await flow(controller, run)`: an admin request's flow, shared with the broker's handler, given the
    QuorumController and `run(operation, *args, **kwargs)`, which runs its operations on the active controller.
    On any other node, or once leadership moves before the records commit, `failing(NOT_CONTROLLER's code,
    message)`: the request's error response, as Kafka's ControllerApis answers a NotControllerException."""
    active = ctx.state.active_controller
    if active is None or not active.is_active:
        return failing(errors.NOT_CONTROLLER.code, not_controller_message(ctx))
    try:
        return await flow(active.controller, active.run)
    except NotActive:
        return failing(errors.NOT_CONTROLLER.code, not_controller_message(ctx))


def not_controller_message(ctx: RequestContext) -> str:
    """The message of Kafka's NotControllerException: which node the Raft leader appears to be."""
    leader = ctx.state.quorum.leader_id if ctx.state.quorum is not None else -1
    if leader < 0:
        return "No controller appears to be active."
    return f"The active controller appears to be node {leader}."


async def alter_configs_on_active_controller(ctx: RequestContext, request, *, incremental: bool, render, failing):
    """AlterConfigs (incremental or not) on the active controller: `render(answers)` of
    kbroker.configs.alter.alter_configs_on_controller, else `failing(request, NOT_CONTROLLER)`."""
    resources, refused = authz.split_config_resources(ctx, authz.ALTER_CONFIGS, request.resources)

    async def flow(controller, run):
        return render([(resource, ApiError(code)) for resource, code in refused] + await alter_configs_on_controller(
            ctx, resources, controller, run, incremental=incremental, validate_only=request.validate_only))

    return await run_on_active_controller(ctx, flow, lambda code, message: failing(request, code, message))
