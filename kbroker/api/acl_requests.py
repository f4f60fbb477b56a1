"""What CreateAcls, DescribeAcls and DeleteAcls share, on a broker and on the controller listener (Kafka's AclApis):
the cluster check that guards them, the SECURITY_DISABLED answer of a node without an authorizer, and the
conversions between request entries and kbroker.security.acls bindings and filters.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.security.acls import Acl, AclFilter

NO_AUTHORIZER = "No Authorizer is configured."


def refusal(ctx: RequestContext, operation: int) -> tuple[int, str] | None:
    """(error code, message) when the request may not run: CLUSTER_AUTHORIZATION_FAILED without the cluster
    operation, SECURITY_DISABLED on a node without an authorizer; None when it may."""
    if not authz.cluster_allowed(ctx, operation):
        return errors.CLUSTER_AUTHORIZATION_FAILED.code, errors.CLUSTER_AUTHORIZATION_FAILED.message
    if not authz.enabled(ctx):
        return errors.SECURITY_DISABLED.code, NO_AUTHORIZER
    return None


def binding_of(creation) -> Acl:
    return Acl(resource_type=creation.resource_type, resource_name=creation.resource_name,
               pattern_type=creation.resource_pattern_type, principal=creation.principal, host=creation.host,
               operation=creation.operation, permission=creation.permission_type)


def filter_of(entry) -> AclFilter:
    """A DescribeAcls request or a DeleteAcls filter entry (the same field names) as an AclFilter."""
    return AclFilter(resource_type=entry.resource_type_filter, resource_name=entry.resource_name_filter,
                     pattern_type=entry.pattern_type_filter, principal=entry.principal_filter,
                     host=entry.host_filter, operation=entry.operation, permission=entry.permission_type)
