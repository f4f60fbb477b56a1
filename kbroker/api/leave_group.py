"""LeaveGroup (API key 13), v0-5: members leave a classic group, which rebalances without them.

v0-2 name one member (its error is the answer's error); v3+ a batch of members by member id and/or
group.instance.id, each answered on its own (UNKNOWN_MEMBER_ID, FENCED_INSTANCE_ID when the instance belongs to
another member id; every member of an unknown group is UNKNOWN_MEMBER_ID); v5 carries a reason (logged). A
group-level failure (NOT_COORDINATOR) is the top-level error with no member answers.
"""

from __future__ import annotations

import logging

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.leave_group_response import LeaveGroupResponse, MemberResponse

API_KEY = 13
MIN_VERSION = 0
MAX_VERSION = 5
BATCHED_VERSION = 3

log = logging.getLogger(__name__)


async def handle(ctx: RequestContext, request) -> LeaveGroupResponse:
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id):
        return LeaveGroupResponse(throttle_time_ms=0, error_code=errors.GROUP_AUTHORIZATION_FAILED.code, members=[])
    coordinator = coordinator_of(ctx.state)
    if ctx.api_version < BATCHED_VERSION:
        top, (code,) = coordinator.leave_group(request.group_id, [(request.member_id, None)])
        top, code = await coordinator.replicated_codes(request.group_id, [top, code])
        return LeaveGroupResponse(throttle_time_ms=0, error_code=top if top != errors.NONE.code else code)
    for member in request.members:
        if member.reason:
            log.info("member %s (instance %s) leaves group %s: %s", member.member_id, member.group_instance_id,
                     request.group_id, member.reason)
    top, codes = coordinator.leave_group(request.group_id,
                                         [(m.member_id, m.group_instance_id) for m in request.members])
    (top,) = await coordinator.replicated_codes(request.group_id, [top])
    if top != errors.NONE.code:
        return LeaveGroupResponse(throttle_time_ms=0, error_code=top, members=[])
    return LeaveGroupResponse(throttle_time_ms=0, error_code=top, members=[
        MemberResponse(member_id=m.member_id, group_instance_id=m.group_instance_id, error_code=code)
        for m, code in zip(request.members, codes, strict=True)])
