"""AssignReplicasToDirs (key 73), v0, on the controller listener: a broker tells the active controller which of
its log dirs holds each of its replicas (KIP-858), checked and written by kbroker/metadata/directory_assignment.py;
any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import answer_from_active_controller, cluster_refusal
from kbroker.protocol.messages.assign_replicas_to_dirs_response import AssignReplicasToDirsResponse

API_KEY = 73
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request) -> AssignReplicasToDirsResponse:
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await answer_from_active_controller(ctx, AssignReplicasToDirsResponse,
                                              lambda active: active.assign_replicas_to_dirs(request))
