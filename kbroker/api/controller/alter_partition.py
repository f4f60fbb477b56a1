"""AlterPartition (key 56), v2-v3, on the controller listener: a partition leader's new ISR, checked and written by
the active controller (kbroker/metadata/alter_partition.py); any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_active_controller, cluster_refusal
from kbroker.protocol.messages.alter_partition_response import AlterPartitionResponse

API_KEY = 56
MIN_VERSION = 2
MAX_VERSION = 3


async def handle(ctx: RequestContext, request) -> AlterPartitionResponse:
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await answer_from_active_controller(ctx, AlterPartitionResponse,
                                              lambda active: active.alter_partition(request, ctx.api_version))
