"""DeleteGroups (API key 42), v0-2: delete empty groups with their offsets (tombstones in `__consumer_offsets`).

Share groups (KIP-932) are deleted with their share-partition states (tombstones in `__share_group_state`).
Per group: GROUP_ID_NOT_FOUND when unknown, NON_EMPTY_GROUP while it has members, NOT_COORDINATOR when another
node coordinates it."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.delete_groups_response import DeletableGroupResult, DeleteGroupsResponse

API_KEY = 42
MIN_VERSION = 0
MAX_VERSION = 2


async def _delete_share_group(shares, group_id: str) -> int:
    code = shares.groups.delete(group_id)
    if code != errors.NONE.code:
        return code
    return await shares.delete_states(group_id, set(shares.initialized_partitions(group_id)))


async def handle(ctx: RequestContext, request) -> DeleteGroupsResponse:
    names = list(dict.fromkeys(request.groups_names))
    deletable = authz.allowed_names(ctx, authz.DELETE, authz.GROUP, names)
    coordinator = coordinator_of(ctx.state)
    shares = ctx.state.share_coordinator
    share_names = {name for name in names if name in deletable and shares is not None
                   and shares.groups.get(name) is not None}
    answers = coordinator.delete_groups([name for name in names if name in deletable and name not in share_names])
    for group_id, code in answers.items():
        (answers[group_id],) = await coordinator.replicated_codes(group_id, [code])
    for name in share_names:
        answers[name] = await _delete_share_group(shares, name)
    answers.update({name: errors.GROUP_AUTHORIZATION_FAILED.code for name in names if name not in deletable})
    return DeleteGroupsResponse(throttle_time_ms=0, results=[
        DeletableGroupResult(group_id=group_id, error_code=answers[group_id])
        for group_id in dict.fromkeys(request.groups_names)])
