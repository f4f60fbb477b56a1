"""ReadShareGroupState (API key 84), v0: a share-partition's written state (state epoch, start offset, state
batches) from the share coordinator (kbroker.share.state_rpcs). Needs CLUSTER_ACTION on the cluster (else
CLUSTER_AUTHORIZATION_FAILED per partition). Per partition: UNKNOWN_TOPIC_OR_PARTITION without state,
FENCED_LEADER_EPOCH, NOT_COORDINATOR."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import ensure_state_topic, share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.read_share_group_state_response import (
    PartitionResult,
    ReadShareGroupStateResponse,
    ReadStateResult,
    StateBatch,
)
from kbroker.share import state_rpcs

API_KEY = 84
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request) -> ReadShareGroupStateResponse:
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
                outcome = await state_rpcs.read(coordinator, (request.group_id, topic.topic_id, p.partition),
                                                p.leader_epoch)
            state = outcome.state
            partitions.append(PartitionResult(
                partition=p.partition, error_code=outcome.code, error_message=outcome.message,
                state_epoch=state.state_epoch if state else 0, start_offset=state.start_offset if state else -1,
                state_batches=[StateBatch(first_offset=b.first_offset, last_offset=b.last_offset,
                                          delivery_state=b.state, delivery_count=b.delivery_count)
                               for b in (state.batches if state else [])]))
        results.append(ReadStateResult(topic_id=topic.topic_id, partitions=partitions))
    return ReadShareGroupStateResponse(results=results)
