"""InitializeShareGroupState (API key 83), v0: the share coordinator writes a share-partition's first state
(kbroker.share.state_rpcs). Sent by brokers (the group coordinator); needs CLUSTER_ACTION on the cluster, else
every partition answers CLUSTER_AUTHORIZATION_FAILED. Per partition: FENCED_STATE_EPOCH, NOT_COORDINATOR."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import ensure_state_topic, share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.initialize_share_group_state_response import (
    InitializeShareGroupStateResponse,
    InitializeStateResult,
    PartitionResult,
)
from kbroker.share import state_rpcs

API_KEY = 83
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request) -> InitializeShareGroupStateResponse:
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
                outcome = await state_rpcs.initialize(coordinator, (request.group_id, topic.topic_id, p.partition),
                                                      p.state_epoch, p.start_offset)
            partitions.append(PartitionResult(partition=p.partition, error_code=outcome.code,
                                              error_message=outcome.message))
        results.append(InitializeStateResult(topic_id=topic.topic_id, partitions=partitions))
    return InitializeShareGroupStateResponse(results=results)
