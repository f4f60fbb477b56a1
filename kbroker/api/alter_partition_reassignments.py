"""AlterPartitionReassignments (key 45), v0-v1: start, change or cancel partition reassignments, as Kafka 4.3.1's
controller does (kbroker/metadata/reassignment.py holds the rules and error codes). A broker whose controller is
remote forwards the request in an Envelope (api/forwarding.py), as Kafka's KafkaApis does; a single node runs
it on its own controller.

- TimeoutMs <= 0: the controller's deadline has passed: REQUEST_TIMED_OUT at the top level and for every
  partition (AlterPartitionReassignmentsRequest.getErrorResponse), nothing changed.
- v1's AllowReplicationFactorChange false refuses a target of another size with INVALID_REPLICATION_FACTOR.
The answer comes once the records are committed; the replicas then move in the background (ListPartition
Reassignments and `kafka-reassign-partitions --verify` follow them).
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_partition_reassignments_response import (
    AlterPartitionReassignmentsResponse,
    ReassignablePartitionResponse,
    ReassignableTopicResponse,
)

API_KEY = 45
MIN_VERSION = 0
MAX_VERSION = 1


def failing(request, code: int, message: str | None = None) -> AlterPartitionReassignmentsResponse:
    """`code` at the top level and for every partition."""
    return AlterPartitionReassignmentsResponse(
        throttle_time_ms=0, error_code=code, error_message=message,
        allow_replication_factor_change=request.allow_replication_factor_change,
        responses=[ReassignableTopicResponse(name=topic.name, partitions=[
            ReassignablePartitionResponse(partition_index=p.partition_index, error_code=code, error_message=message)
            for p in topic.partitions]) for topic in request.topics])


def refusal(ctx: RequestContext, request) -> AlterPartitionReassignmentsResponse | None:
    """CLUSTER_AUTHORIZATION_FAILED unless the principal may ALTER the cluster, as Kafka's controller checks it."""
    if authz.cluster_allowed(ctx, authz.ALTER):
        return None
    return failing(request, errors.CLUSTER_AUTHORIZATION_FAILED.code)


async def handle(ctx: RequestContext, request) -> AlterPartitionReassignmentsResponse:
    return refusal(ctx, request) or await alter_partition_reassignments(request, ctx.state.metadata.controller, ctx.state.run_controller)


async def alter_partition_reassignments(request, controller, run) -> AlterPartitionReassignmentsResponse:
    """The response to `request`, run with `run(controller.alter_partition_reassignments, request)`."""
    if request.timeout_ms <= 0:
        return failing(request, errors.REQUEST_TIMED_OUT.code, errors.REQUEST_TIMED_OUT.message)
    return await run(controller.alter_partition_reassignments, request)
