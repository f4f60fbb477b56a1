"""ReadShareGroupState (API key 84), v0: a share-partition's written state (state epoch, start offset, state
batches) from the share coordinator (kbroker.share.state_rpcs). Needs CLUSTER_ACTION on the cluster (else
CLUSTER_AUTHORIZATION_FAILED per partition). Per partition: UNKNOWN_TOPIC_OR_PARTITION without state,
FENCED_LEADER_EPOCH, NOT_COORDINATOR."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.share_requests import state_rpc_outcomes
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


async def _read(coordinator, key, p) -> state_rpcs.Outcome:
    return await state_rpcs.read(coordinator, key, p.leader_epoch)


def _result(p, outcome: state_rpcs.Outcome) -> PartitionResult:
    state = outcome.state
    return PartitionResult(
        partition=p.partition, error_code=outcome.code, error_message=outcome.message,
        state_epoch=state.state_epoch if state else 0, start_offset=state.start_offset if state else -1,
        state_batches=[StateBatch(first_offset=b.first_offset, last_offset=b.last_offset, delivery_state=b.state,
                                  delivery_count=b.delivery_count) for b in (state.batches if state else [])])


async def handle(ctx: RequestContext, request) -> ReadShareGroupStateResponse:
    return ReadShareGroupStateResponse(results=[
        ReadStateResult(topic_id=topic_id, partitions=[_result(p, o) for p, o in outcomes])
        for topic_id, outcomes in await state_rpc_outcomes(ctx, request, _read)])
