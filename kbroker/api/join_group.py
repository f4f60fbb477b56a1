"""JoinGroup (API key 11), v0-9: a member joins (or rejoins) a classic group and waits for the rebalance to
complete (kbroker.group.coordinator); the answer waits until the group's records are on the in-sync replicas.

Versions: v0 has no rebalance timeout (the session timeout is used, as Kafka does); from v4 a member without an
id gets MEMBER_ID_REQUIRED and a generated id to rejoin with (KIP-394); v5 adds group.instance.id (static
membership); v7 answers the protocol type and name (null until selected); v8 carries a reason; v9 tells a static
leader that rejoined without a rebalance to skip the assignment (KIP-814). Errors as Kafka's: INVALID_GROUP_ID,
INVALID_SESSION_TIMEOUT (outside group.min/max.session.timeout.ms), INCONSISTENT_GROUP_PROTOCOL,
UNKNOWN_MEMBER_ID, FENCED_INSTANCE_ID, GROUP_MAX_SIZE_REACHED, REBALANCE_IN_PROGRESS, NOT_COORDINATOR.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.join_group_response import JoinGroupResponse, JoinGroupResponseMember

API_KEY = 11
MIN_VERSION = 0
MAX_VERSION = 9
MEMBER_ID_REQUIRED_VERSION = 4
NULLABLE_PROTOCOL_NAME_VERSION = 7
SKIP_ASSIGNMENT_VERSION = 9


async def handle(ctx: RequestContext, request) -> JoinGroupResponse:
    version = ctx.api_version
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id):
        return JoinGroupResponse(throttle_time_ms=0, error_code=errors.GROUP_AUTHORIZATION_FAILED.code,
                                 generation_id=-1, protocol_type=None,
                                 protocol_name=None if version >= NULLABLE_PROTOCOL_NAME_VERSION else "",
                                 leader="", member_id="", members=[])
    rebalance_timeout = request.session_timeout_ms if version == 0 else request.rebalance_timeout_ms
    coordinator = coordinator_of(ctx.state)
    result = await coordinator.join_group(
        group_id=request.group_id, member_id=request.member_id, group_instance_id=request.group_instance_id,
        protocol_type=request.protocol_type, protocols=[(p.name, p.metadata) for p in request.protocols],
        session_timeout_ms=request.session_timeout_ms, rebalance_timeout_ms=rebalance_timeout,
        client_id=ctx.client_id or "", client_host=f"/{ctx.peer[0]}",
        require_known_member_id=version >= MEMBER_ID_REQUIRED_VERSION,
        supports_skip_assignment=version >= SKIP_ASSIGNMENT_VERSION)
    if result.error == errors.NONE.code:
        replicated = await coordinator.replicated(request.group_id)
        if replicated != errors.NONE.code:
            return JoinGroupResponse(throttle_time_ms=0, error_code=replicated, generation_id=-1,
                                     protocol_name=None if version >= NULLABLE_PROTOCOL_NAME_VERSION else "",
                                     leader="", member_id=result.member_id, members=[])
    protocol_name = result.protocol_name
    if protocol_name is None and version < NULLABLE_PROTOCOL_NAME_VERSION:
        protocol_name = ""
    return JoinGroupResponse(
        throttle_time_ms=0, error_code=result.error, generation_id=result.generation_id,
        protocol_type=result.protocol_type, protocol_name=protocol_name, leader=result.leader,
        skip_assignment=result.skip_assignment, member_id=result.member_id,
        members=[JoinGroupResponseMember(member_id=member_id, group_instance_id=instance_id, metadata=metadata)
                 for member_id, instance_id, metadata in result.members])
