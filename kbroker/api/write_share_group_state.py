"""WriteShareGroupState (API key 85), v0-1: a share-partition leader's state update (start offset, state
batches) merged into the share coordinator's written state (kbroker.share.state_rpcs). Needs CLUSTER_ACTION on the
cluster (else CLUSTER_AUTHORIZATION_FAILED per partition). Per partition: UNKNOWN_TOPIC_OR_PARTITION without an
initialized state, FENCED_STATE_EPOCH, FENCED_LEADER_EPOCH, NOT_COORDINATOR. v1's DeliveryCompleteCount is
recomputed from the batches rather than taken from the request."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.share_requests import state_rpc_outcomes
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


async def _write(coordinator, key, p) -> state_rpcs.Outcome:
    batches = [StateBatch(b.first_offset, b.last_offset, b.delivery_state, b.delivery_count) for b in p.state_batches]
    return await state_rpcs.write(coordinator, key, p.state_epoch, p.leader_epoch, p.start_offset, batches)


async def handle(ctx: RequestContext, request) -> WriteShareGroupStateResponse:
    return WriteShareGroupStateResponse(results=[
        WriteStateResult(topic_id=topic_id, partitions=[
            PartitionResult(partition=p.partition, error_code=o.code, error_message=o.message) for p, o in outcomes])
        for topic_id, outcomes in await state_rpc_outcomes(ctx, request, _write)])
