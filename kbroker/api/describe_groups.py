"""DescribeGroups (API key 15), v0-6: state, protocol and members of classic groups.

A Stable group lists its members with their subscription metadata (of the selected protocol) and assignment;
in other states members come with their current assignment but no metadata, and the protocol is empty. A KIP-848
consumer group is not a classic group: Dead with no error before v6, GROUP_ID_NOT_FOUND "Group <id> is not a
classic group." from v6. An unknown group is described as Dead with
no error before v6, and GROUP_ID_NOT_FOUND from v6 (KIP-1043). Authorized operations (v3+) are answered when
asked, from the authorizer; GROUP_AUTHORIZATION_FAILED for a group without DESCRIBE.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.metadata import acl_operations
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_groups_response import (
    DescribedGroup,
    DescribedGroupMember,
    DescribeGroupsResponse,
)

API_KEY = 15
MIN_VERSION = 0
MAX_VERSION = 6
GROUP_ID_NOT_FOUND_VERSION = 6
# ResourceType.GROUP's operations: READ, DESCRIBE, DELETE and (KIP-848 group configs) DESCRIBE_CONFIGS, ALTER_CONFIGS

def _is_share_group(ctx: RequestContext, group_id: str) -> bool:
    shares = ctx.state.share_coordinator
    return shares is not None and shares.groups.get(group_id) is not None


def _described(ctx: RequestContext, request, group_id: str) -> DescribedGroup:
    if not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, group_id):
        return DescribedGroup(error_code=errors.GROUP_AUTHORIZATION_FAILED.code, error_message=None,
                              group_id=group_id, group_state="", protocol_type="", protocol_data="",
                              authorized_operations=acl_operations.OMITTED, members=[])
    found = coordinator_of(ctx.state).describe_group(group_id)
    code, message = found.error, None
    if code == errors.GROUP_ID_NOT_FOUND.code:
        if ctx.api_version < GROUP_ID_NOT_FOUND_VERSION:
            code = errors.NONE.code
        elif _is_share_group(ctx, group_id):
            message = f"Group {group_id} is not a classic group."
        else:
            message = found.message or f"Group {group_id} not found."
    operations = authz.operations(ctx, authz.GROUP, group_id) if request.include_authorized_operations \
        else acl_operations.OMITTED
    return DescribedGroup(
        error_code=code, error_message=message, group_id=group_id, group_state=found.state,
        protocol_type=found.protocol_type, protocol_data=found.protocol_data, authorized_operations=operations,
        members=[DescribedGroupMember(member_id=m.member_id, group_instance_id=m.group_instance_id,
                                      client_id=m.client_id, client_host=m.client_host, member_metadata=metadata,
                                      member_assignment=assignment)
                 for m, metadata, assignment in found.members])


async def handle(ctx: RequestContext, request) -> DescribeGroupsResponse:
    return DescribeGroupsResponse(throttle_time_ms=0,
                                  groups=[_described(ctx, request, group_id) for group_id in request.groups])
