"""ListPartitionReassignments (key 46), v0: the partitions with a reassignment in progress (replicas, adding and
removing replicas), of every topic when Topics is null, else of the named ones; unknown topics and partitions
are left out (kbroker/metadata/reassignment.py). A broker whose controller is remote forwards the request in an
Envelope (api/forwarding.py), as Kafka does. TimeoutMs <= 0: REQUEST_TIMED_OUT at the top level, each named
topic listed with its partitions' indexes alone (ListPartitionReassignmentsRequest.getErrorResponse).
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.list_partition_reassignments_response import (
    ListPartitionReassignmentsResponse,
    OngoingPartitionReassignment,
    OngoingTopicReassignment,
)

API_KEY = 46
MIN_VERSION = 0
MAX_VERSION = 0


def failing(request, code: int, message: str | None = None) -> ListPartitionReassignmentsResponse:
    return ListPartitionReassignmentsResponse(
        throttle_time_ms=0, error_code=code, error_message=message,
        topics=[OngoingTopicReassignment(name=topic.name, partitions=[
            OngoingPartitionReassignment(partition_index=index) for index in topic.partition_indexes])
            for topic in request.topics or ()])


def refusal(ctx: RequestContext, request) -> ListPartitionReassignmentsResponse | None:
    """CLUSTER_AUTHORIZATION_FAILED unless the principal may DESCRIBE the cluster, as Kafka's controller checks it."""
    if authz.cluster_allowed(ctx, authz.DESCRIBE):
        return None
    return failing(request, errors.CLUSTER_AUTHORIZATION_FAILED.code)


async def handle(ctx: RequestContext, request) -> ListPartitionReassignmentsResponse:
    return refusal(ctx, request) or await list_partition_reassignments(request, ctx.state.metadata.controller, ctx.state.run_controller)


async def list_partition_reassignments(request, controller, run) -> ListPartitionReassignmentsResponse:
    if request.timeout_ms <= 0:
        return failing(request, errors.REQUEST_TIMED_OUT.code, errors.REQUEST_TIMED_OUT.message)
    return await run(controller.list_partition_reassignments, request.topics)
