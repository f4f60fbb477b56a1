"""ReadShareGroupStateSummary (API key 87), v0-1: a share-partition's state epoch, leader epoch and start offset
(v1: with the number of records done in its in-flight window) from the share coordinator
(kbroker.share.state_rpcs). Needs CLUSTER_ACTION on the cluster (else CLUSTER_AUTHORIZATION_FAILED per partition).
Per partition: UNKNOWN_TOPIC_OR_PARTITION without state, FENCED_LEADER_EPOCH, NOT_COORDINATOR."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.share_requests import state_rpc_outcomes
from kbroker.protocol.messages.read_share_group_state_summary_response import (
    PartitionResult,
    ReadShareGroupStateSummaryResponse,
    ReadStateSummaryResult,
)
from kbroker.share import state_rpcs

API_KEY = 87
MIN_VERSION = 0
MAX_VERSION = 1


async def _summary(coordinator, key, p) -> state_rpcs.Outcome:
    return state_rpcs.summary(coordinator, key, p.leader_epoch)


def _result(p, outcome: state_rpcs.Outcome) -> PartitionResult:
    state = outcome.state
    return PartitionResult(
        partition=p.partition, error_code=outcome.code, error_message=outcome.message,
        state_epoch=state.state_epoch if state else 0, leader_epoch=state.leader_epoch if state else -1,
        start_offset=state.start_offset if state else -1,
        delivery_complete_count=state_rpcs.delivery_complete_count(state) if state else -1)


async def handle(ctx: RequestContext, request) -> ReadShareGroupStateSummaryResponse:
    return ReadShareGroupStateSummaryResponse(results=[
        ReadStateSummaryResult(topic_id=topic_id, partitions=[_result(p, o) for p, o in outcomes])
        for topic_id, outcomes in await state_rpc_outcomes(ctx, request, _summary)])
