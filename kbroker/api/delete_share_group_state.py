"""DeleteShareGroupState (API key 86), v0: the share coordinator forgets share-partitions' state (a tombstone in
`__share_group_state`; kbroker.share.state_rpcs). Needs CLUSTER_ACTION on the cluster (else
CLUSTER_AUTHORIZATION_FAILED per partition). Per partition: NOT_COORDINATOR."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import ensure_state_topic, share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.delete_share_group_state_response import (
    DeleteShareGroupStateResponse,
    DeleteStateResult,
    PartitionResult,
)
from kbroker.share import state_rpcs

API_KEY = 86
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request) -> DeleteShareGroupStateResponse:
    allowed = authz.cluster_allowed(ctx, authz.CLUSTER_ACTION)
    if allowed:
        await ensure_state_topic(ctx)
    coordinator = share_coordinator_of(ctx)
    results = []
    for topic in request.topics:
        partitions = []
        for p in topic.partitions:
            outcome = state_rpcs.Outcome(errors.CLUSTER_AUTHORIZATION_FAILED.code)
            if allowed:
                outcome = await state_rpcs.delete(coordinator, (request.group_id, topic.topic_id, p.partition))
            partitions.append(PartitionResult(partition=p.partition, error_code=outcome.code,
                                              error_message=outcome.message))
        results.append(DeleteStateResult(topic_id=topic.topic_id, partitions=partitions))
    return DeleteShareGroupStateResponse(results=results)
