"""DescribeAcls (key 29), v1-3 (Kafka 4.x removed v0): the ACLs of this node's metadata image that match a filter.

Kafka's AclApis.handleDescribeAcls: DESCRIBE on the cluster (else CLUSTER_AUTHORIZATION_FAILED), an authorizer
(else SECURITY_DISABLED "No Authorizer is configured on the broker"); a filter with an UNKNOWN field gets
INVALID_REQUEST. Matching ACLs are grouped by resource pattern (DescribeAclsResponse.aclsResources).
"""

from __future__ import annotations

from kbroker.api import acl_requests, authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_acls_response import (
    AclDescription,
    DescribeAclsResource,
    DescribeAclsResponse,
)
from kbroker.security.acls import filter_error

API_KEY = 29
MIN_VERSION = 1
MAX_VERSION = 3


def _failure(code: int, message: str | None) -> DescribeAclsResponse:
    return DescribeAclsResponse(throttle_time_ms=0, error_code=code, error_message=message, resources=[])


async def handle(ctx: RequestContext, request) -> DescribeAclsResponse:
    refused = acl_requests.refusal(ctx, authz.DESCRIBE)
    if refused is not None:
        code, message = refused
        if code == errors.SECURITY_DISABLED.code:
            message = "No Authorizer is configured on the broker"
        return _failure(code, message)
    acl_filter = acl_requests.filter_of(request)
    problem = filter_error(acl_filter)
    if problem is not None:
        return _failure(errors.INVALID_REQUEST.code, problem)
    by_pattern: dict[tuple[int, str, int], list[AclDescription]] = {}
    for _, acl in ctx.state.image.acls.matching(acl_filter):
        by_pattern.setdefault((acl.resource_type, acl.resource_name, acl.pattern_type), []).append(AclDescription(
            principal=acl.principal, host=acl.host, operation=acl.operation, permission_type=acl.permission))
    return DescribeAclsResponse(throttle_time_ms=0, error_code=errors.NONE.code, error_message=None, resources=[
        DescribeAclsResource(resource_type=kind, resource_name=name, pattern_type=pattern, acls=entries)
        for (kind, name, pattern), entries in by_pattern.items()])
