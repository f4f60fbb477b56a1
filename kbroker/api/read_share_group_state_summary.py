"""ReadShareGroupStateSummary (API key 87), v0-1: a share-partition's state epoch, leader epoch and start offset
(v1: with the number of records done in its in-flight window) from the share coordinator
(kbroker.share.state_rpcs). Needs CLUSTER_ACTION on the cluster (else CLUSTER_AUTHORIZATION_FAILED per partition).
Per partition: UNKNOWN_TOPIC_OR_PARTITION without state, FENCED_LEADER_EPOCH, NOT_COORDINATOR."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import ensure_state_topic, share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.read_share_group_state_summary_response import (
    PartitionResult,
    ReadShareGroupStateSummaryResponse,
    ReadStateSummaryResult,
)
from kbroker.share import state_rpcs

API_KEY = 87
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request) -> ReadShareGroupStateSummaryResponse:
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
                outcome = state_rpcs.summary(coordinator, (request.group_id, topic.topic_id, p.partition),
                                             p.leader_epoch)
            state = outcome.state
            partitions.append(PartitionResult(
                partition=p.partition, error_code=outcome.code, error_message=outcome.message,
                state_epoch=state.state_epoch if state else 0, leader_epoch=state.leader_epoch if state else -1,
                start_offset=state.start_offset if state else -1,
                delivery_complete_count=state_rpcs.delivery_complete_count(state) if state else -1))
        results.append(ReadStateSummaryResult(topic_id=topic.topic_id, partitions=partitions))
    return ReadShareGroupStateSummaryResponse(results=results)
