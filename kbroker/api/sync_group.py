"""SyncGroup (API key 14), v0-5: members of a generation get their assignment; the leader brings it.

The leader's assignment is written to `__consumer_offsets` (the group metadata record) and on the partition's
in-sync replicas before any member is answered; followers wait until then. v5 checks the protocol type and name (INCONSISTENT_GROUP_PROTOCOL) and
answers them. Errors as Kafka's: UNKNOWN_MEMBER_ID, FENCED_INSTANCE_ID, ILLEGAL_GENERATION,
REBALANCE_IN_PROGRESS, NOT_COORDINATOR, COORDINATOR_NOT_AVAILABLE.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.sync_group_response import SyncGroupResponse

API_KEY = 14
MIN_VERSION = 0
MAX_VERSION = 5


async def handle(ctx: RequestContext, request) -> SyncGroupResponse:
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id):
        return SyncGroupResponse(throttle_time_ms=0, error_code=errors.GROUP_AUTHORIZATION_FAILED.code,
                                 protocol_type=None, protocol_name=None, assignment=b"")
    coordinator = coordinator_of(ctx.state)
    result = await coordinator.sync_group(
        group_id=request.group_id, generation_id=request.generation_id, member_id=request.member_id,
        group_instance_id=request.group_instance_id, protocol_type=request.protocol_type,
        protocol_name=request.protocol_name,
        assignments=[(a.member_id, a.assignment) for a in request.assignments])
    if result.error == errors.NONE.code:
        replicated = await coordinator.replicated(request.group_id)
        if replicated != errors.NONE.code:
            return SyncGroupResponse(throttle_time_ms=0, error_code=replicated, assignment=b"")
    return SyncGroupResponse(throttle_time_ms=0, error_code=result.error, protocol_type=result.protocol_type,
                             protocol_name=result.protocol_name, assignment=result.assignment)
