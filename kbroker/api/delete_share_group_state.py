"""DeleteShareGroupState (API key 86), v0: the share coordinator forgets share-partitions' state (a tombstone in
`__share_group_state`; kbroker.share.state_rpcs). Needs CLUSTER_ACTION on the cluster (else
CLUSTER_AUTHORIZATION_FAILED per partition). Per partition: NOT_COORDINATOR."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.share_requests import state_rpc_outcomes
from kbroker.protocol.messages.delete_share_group_state_response import (
    DeleteShareGroupStateResponse,
    DeleteStateResult,
    PartitionResult,
)
from kbroker.share import state_rpcs

API_KEY = 86
MIN_VERSION = 0
MAX_VERSION = 0


async def _delete(coordinator, key, _p) -> state_rpcs.Outcome:
    return await state_rpcs.delete(coordinator, key)


async def handle(ctx: RequestContext, request) -> DeleteShareGroupStateResponse:
    return DeleteShareGroupStateResponse(results=[
        DeleteStateResult(topic_id=topic_id, partitions=[
            PartitionResult(partition=p.partition, error_code=o.code, error_message=o.message) for p, o in outcomes])
        for topic_id, outcomes in await state_rpc_outcomes(ctx, request, _delete)])
