"""WriteShareGroupState (API key 85), v0-1: a share-partition leader's state update (start offset, state
batches) merged into the share coordinator's written state (kbroker.share.state_rpcs). Needs CLUSTER_ACTION on the
cluster (else CLUSTER_AUTHORIZATION_FAILED per partition). Per partition: UNKNOWN_TOPIC_OR_PARTITION without an
initialized state, FENCED_STATE_EPOCH, FENCED_LEADER_EPOCH, NOT_COORDINATOR. v1's DeliveryCompleteCount is
recomputed from the batches rather than taken from the request."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import ensure_state_topic, share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.write_share_group_state_response import (
    PartitionResult,
    WriteShareGroupStateResponse,
    WriteStateResult,
)
from kbroker.share import state_rpcs
from kbroker.share.share_partition import StateBatch

API_KEY = 85
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request) -> WriteShareGroupStateResponse:
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
                batches = [StateBatch(b.first_offset, b.last_offset, b.delivery_state, b.delivery_count)
                           for b in p.state_batches]
                outcome = await state_rpcs.write(coordinator, (request.group_id, topic.topic_id, p.partition),
                                                 p.state_epoch, p.leader_epoch, p.start_offset, batches)
            partitions.append(PartitionResult(partition=p.partition, error_code=outcome.code,
                                              error_message=outcome.message))
        results.append(WriteStateResult(topic_id=topic.topic_id, partitions=partitions))
    return WriteShareGroupStateResponse(results=results)
