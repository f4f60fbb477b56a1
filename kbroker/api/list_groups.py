"""ListGroups (API key 16), v0-5: the groups this node coordinates, with their protocol type; v4+ their state
(and a states filter, case-insensitive), v5+ their type ("classic", "consumer" for KIP-848 groups, whose states are Empty, Assigning, Reconciling,
Stable, or "streams" for KIP-1071 groups, which add NotReady) and a types filter. Share groups (KIP-932) are listed
with type and protocol type "share", state Empty or Stable."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.group.consumer import ConsumerGroup
from kbroker.group.streams import StreamsGroup
from kbroker.protocol import errors
from kbroker.protocol.messages.list_groups_response import ListedGroup, ListGroupsResponse

API_KEY = 16
MIN_VERSION = 0
MAX_VERSION = 5
CLASSIC_GROUP_TYPE = "classic"
CONSUMER_GROUP_TYPE = "consumer"
STREAMS_GROUP_TYPE = "streams"
SHARE_GROUP_TYPE = "share"


async def handle(ctx: RequestContext, request) -> ListGroupsResponse:
    states = {s.lower() for s in request.states_filter or ()}
    types = {t.lower() for t in request.types_filter or ()}
    listed = []
    every_group = authz.cluster_allowed(ctx, authz.DESCRIBE, log_denied=False)
    for group in coordinator_of(ctx.state).list_groups():
        if not every_group and not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, group.group_id, log_denied=False):
            continue
        group_type = STREAMS_GROUP_TYPE if isinstance(group, StreamsGroup) else \
            CONSUMER_GROUP_TYPE if isinstance(group, ConsumerGroup) else CLASSIC_GROUP_TYPE
        if states and group.state.value.lower() not in states:
            continue
        if types and group_type not in types:
            continue
        listed.append(ListedGroup(group_id=group.group_id, protocol_type=group.protocol_type or "",
                                  group_state=group.state.value, group_type=group_type))
    share_groups = ctx.state.share_coordinator.groups if ctx.state.share_coordinator is not None else None
    for group_id in list(share_groups.groups) if share_groups is not None else ():
        group = share_groups.get(group_id)
        if not every_group and not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, group_id, log_denied=False):
            continue
        if (states and group.state.value.lower() not in states) or (types and SHARE_GROUP_TYPE not in types):
            continue
        listed.append(ListedGroup(group_id=group_id, protocol_type=SHARE_GROUP_TYPE, group_state=group.state.value,
                                  group_type=SHARE_GROUP_TYPE))
    listed.sort(key=lambda g: g.group_id)
    return ListGroupsResponse(throttle_time_ms=0, error_code=errors.NONE.code, groups=listed)
