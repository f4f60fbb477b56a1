"""ElectLeaders (key 43), v0-v2: preferred (0) and unclean (1) leader elections, run by the controller as Kafka
4.3.1's ReplicationControlManager.electLeaders does (kbroker/metadata/leader_election.py holds the per-partition
rules). A broker whose controller is remote forwards the request in an Envelope (api/forwarding.py), as Kafka's
KafkaApis does; a single node runs it on its own controller, where its one broker already leads every partition
it can, so each election answers ELECTION_NOT_NEEDED (or, for a partition it cannot lead,
PREFERRED_LEADER_NOT_AVAILABLE / ELIGIBLE_LEADERS_NOT_AVAILABLE).

- An election type other than 0 and 1 (v1+; v0 is always preferred) fails the request: top-level and
  per-partition INVALID_REQUEST, "Unknown election type N" (ElectLeadersRequest.getErrorResponse); so does a
  TimeoutMs <= 0 with REQUEST_TIMED_OUT (the controller's deadline has passed).
- The top-level ErrorCode (v1+) is NONE otherwise; ThrottleTimeMs 0. The answer comes once the leader changes
  are committed.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.metadata.leader_election import PREFERRED, UNCLEAN
from kbroker.protocol import errors
from kbroker.protocol.messages.elect_leaders_response import (
    ElectLeadersResponse,
    PartitionResult,
    ReplicaElectionResult,
)

API_KEY = 43
MIN_VERSION = 0
MAX_VERSION = 2

TOP_LEVEL_ERROR_VERSION = 1


def failing(request, code: int, message: str | None = None, *, version: int | None = None) -> ElectLeadersResponse:
    """`code` at the top level (from v1 on) and for every named partition."""
    top_level = code if version is None or version >= TOP_LEVEL_ERROR_VERSION else 0
    return ElectLeadersResponse(throttle_time_ms=0, error_code=top_level, replica_election_results=[
        ReplicaElectionResult(topic=topic.topic, partition_result=[
            PartitionResult(partition_id=index, error_code=code, error_message=message)
            for index in topic.partitions])
        for topic in request.topic_partitions or ()])


def refusal(ctx: RequestContext, request) -> ElectLeadersResponse | None:
    """CLUSTER_AUTHORIZATION_FAILED everywhere unless the principal may ALTER the cluster; an unknown election
    type is refused before that, as Kafka refuses it when it parses the request."""
    if request.election_type in (PREFERRED, UNCLEAN) and not authz.cluster_allowed(ctx, authz.ALTER):
        return failing(request, errors.CLUSTER_AUTHORIZATION_FAILED.code)
    return None


async def handle(ctx: RequestContext, request) -> ElectLeadersResponse:
    response = refusal(ctx, request) or await elect_leaders(request, ctx.state.metadata.controller,
                                                             ctx.state.run_controller)
    if ctx.api_version < TOP_LEVEL_ERROR_VERSION:
        response.error_code = 0  # v0 has no top-level error code: the field must stay at its default
    return response


async def elect_leaders(request, controller, run) -> ElectLeadersResponse:
    if request.election_type not in (PREFERRED, UNCLEAN):
        return failing(request, errors.INVALID_REQUEST.code, f"Unknown election type {request.election_type}")
    if request.timeout_ms <= 0:
        return failing(request, errors.REQUEST_TIMED_OUT.code, errors.REQUEST_TIMED_OUT.message)
    return await run(controller.elect_leaders, request)
