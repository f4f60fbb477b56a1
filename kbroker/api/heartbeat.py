"""Heartbeat (API key 12), v0-4: a classic group member's keep-alive; REBALANCE_IN_PROGRESS tells it to rejoin.

Errors as Kafka's: UNKNOWN_MEMBER_ID, FENCED_INSTANCE_ID (v3+ static members), ILLEGAL_GENERATION,
REBALANCE_IN_PROGRESS, NOT_COORDINATOR, INVALID_GROUP_ID.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.heartbeat_response import HeartbeatResponse

API_KEY = 12
MIN_VERSION = 0
MAX_VERSION = 4


async def handle(ctx: RequestContext, request) -> HeartbeatResponse:
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id):
        return HeartbeatResponse(throttle_time_ms=0, error_code=errors.GROUP_AUTHORIZATION_FAILED.code)
    code = coordinator_of(ctx.state).heartbeat(
        group_id=request.group_id, generation_id=request.generation_id, member_id=request.member_id,
        group_instance_id=request.group_instance_id)
    return HeartbeatResponse(throttle_time_ms=0, error_code=code)
