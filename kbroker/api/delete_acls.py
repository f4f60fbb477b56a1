"""DeleteAcls (key 31), v1-3 (Kafka 4.x removed v0): remove the ACLs each filter matches.

Kafka's AclApis.handleDeleteAcls then AclControlManager.deleteAcls: ALTER on the cluster (else
CLUSTER_AUTHORIZATION_FAILED for every filter), an authorizer (else SECURITY_DISABLED). A filter with an UNKNOWN
resource type or pattern type ("Unknown patternFilter.") or operation or permission ("Unknown entryFilter.") gets
INVALID_REQUEST; any other lists the ACLs it removed (ANY / MATCH filters and null strings match broadly, see
kbroker.security.acls.AclFilter). Forwarded to a remote controller like CreateAcls.
"""

from __future__ import annotations

from kbroker.api import acl_requests, authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.delete_acls_response import (
    DeleteAclsFilterResult,
    DeleteAclsMatchingAcl,
    DeleteAclsResponse,
)

API_KEY = 31
MIN_VERSION = 1
MAX_VERSION = 3


def failing(request, code: int, message: str | None = None) -> DeleteAclsResponse:
    return DeleteAclsResponse(throttle_time_ms=0, filter_results=[
        DeleteAclsFilterResult(error_code=code, error_message=message, matching_acls=[]) for _ in request.filters])


async def delete_acls(ctx: RequestContext, request, controller, run) -> DeleteAclsResponse:
    refused = acl_requests.refusal(ctx, authz.ALTER)
    if refused is not None:
        return failing(request, *refused)
    outcomes = await run(controller.delete_acls, [acl_requests.filter_of(entry) for entry in request.filters])
    results = []
    for problem, removed in outcomes:
        if problem is not None:
            results.append(DeleteAclsFilterResult(error_code=errors.INVALID_REQUEST.code, error_message=problem,
                                                  matching_acls=[]))
            continue
        results.append(DeleteAclsFilterResult(error_code=errors.NONE.code, error_message=None, matching_acls=[
            DeleteAclsMatchingAcl(error_code=errors.NONE.code, error_message=None, resource_type=acl.resource_type,
                                  resource_name=acl.resource_name, pattern_type=acl.pattern_type,
                                  principal=acl.principal, host=acl.host, operation=acl.operation,
                                  permission_type=acl.permission) for acl in removed]))
    return DeleteAclsResponse(throttle_time_ms=0, filter_results=results)


async def handle(ctx: RequestContext, request) -> DeleteAclsResponse:
    return await delete_acls(ctx, request, ctx.state.metadata.controller, ctx.state.run_controller)
