"""InitializeShareGroupState (API key 83), v0: the share coordinator writes a share-partition's first state
(kbroker.share.state_rpcs). Sent by brokers (the group coordinator); needs CLUSTER_ACTION on the cluster, else
every partition answers CLUSTER_AUTHORIZATION_FAILED. Per partition: FENCED_STATE_EPOCH, NOT_COORDINATOR."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.share_requests import state_rpc_outcomes
from kbroker.protocol.messages.initialize_share_group_state_response import (
    InitializeShareGroupStateResponse,
    InitializeStateResult,
    PartitionResult,
)
from kbroker.share import state_rpcs

API_KEY = 83
MIN_VERSION = 0
MAX_VERSION = 0


async def _initialize(coordinator, key, p) -> state_rpcs.Outcome:
    return await state_rpcs.initialize(coordinator, key, p.state_epoch, p.start_offset)


async def handle(ctx: RequestContext, request) -> InitializeShareGroupStateResponse:
    return InitializeShareGroupStateResponse(results=[
        InitializeStateResult(topic_id=topic_id, partitions=[
            PartitionResult(partition=p.partition, error_code=o.code, error_message=o.message) for p, o in outcomes])
        for topic_id, outcomes in await state_rpc_outcomes(ctx, request, _initialize)])
