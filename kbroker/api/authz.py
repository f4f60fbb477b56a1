"""The one way handlers ask for authorization (Kafka's AuthHelper): the request's principal and client address
put to the node's authorizer (kbroker/security/authorizer.py) over the ACLs of the current metadata image.

With no authorizer configured everything is allowed and the authorized-operations bitfields hold every operation
the resource type supports. A refusal that answers a client (`log_denied`) is logged at INFO as Kafka's
kafka.authorizer.logger logs it; checks that only filter (topic listings, bitfields) are not.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.security import acls as A
from kbroker.security.authorizer import all_operations

log = logging.getLogger("kbroker.authorizer")

TOPIC, GROUP, CLUSTER, TRANSACTIONAL_ID = A.TOPIC, A.GROUP, A.CLUSTER, A.TRANSACTIONAL_ID
READ, WRITE, CREATE, DELETE, ALTER, DESCRIBE = A.READ, A.WRITE, A.CREATE, A.DELETE, A.ALTER, A.DESCRIBE
CLUSTER_ACTION, DESCRIBE_CONFIGS, ALTER_CONFIGS = A.CLUSTER_ACTION, A.DESCRIBE_CONFIGS, A.ALTER_CONFIGS
IDEMPOTENT_WRITE = A.IDEMPOTENT_WRITE


def enabled(ctx: RequestContext) -> bool:
    return ctx.state.authorizer is not None


def principal_text(ctx: RequestContext) -> str:
    return f"{ctx.principal[0]}:{ctx.principal[1]}"


def allowed(ctx: RequestContext, operation: int, resource_type: int, name: str, *, log_denied: bool = True) -> bool:
    authorizer = ctx.state.authorizer
    if authorizer is None:
        return True
    principal = principal_text(ctx)
    if authorizer.authorize(ctx.state.image.acls, principal, ctx.peer[0], operation, resource_type, name):
        return True
    if log_denied:
        log.info("Principal = %s is Denied operation = %s from host = %s on resource = %s:%s for request = api "
                 "key %d", principal, A.OPERATION_NAMES[operation], ctx.peer[0],
                 A.RESOURCE_TYPE_NAMES[resource_type], name, ctx.api_key)
    return False


def cluster_allowed(ctx: RequestContext, operation: int, *, log_denied: bool = True) -> bool:
    return allowed(ctx, operation, CLUSTER, A.CLUSTER_NAME, log_denied=log_denied)


def allowed_names(ctx: RequestContext, operation: int, resource_type: int, names: Iterable[str], *,
                  log_denied: bool = True) -> set[str]:
    """The distinct names among `names` the request may `operation` (AuthHelper.filterByAuthorized)."""
    if ctx.state.authorizer is None:
        return set(names)
    return {name for name in set(names) if allowed(ctx, operation, resource_type, name, log_denied=log_denied)}


def allowed_on_some(ctx: RequestContext, operation: int, resource_type: int) -> bool:
    """Authorizer.authorizeByResourceType: whether some resource of the type allows the operation."""
    authorizer = ctx.state.authorizer
    if authorizer is None:
        return True
    return authorizer.authorize_by_resource_type(ctx.state.image.acls, principal_text(ctx), ctx.peer[0], operation,
                                                 resource_type)


def operations(ctx: RequestContext, resource_type: int, name: str) -> int:
    """The authorized-operations bitfield of a resource for this request's principal (KIP-430)."""
    authorizer = ctx.state.authorizer
    if authorizer is None:
        return all_operations(resource_type)
    return authorizer.authorized_operations(ctx.state.image.acls, principal_text(ctx), ctx.peer[0], resource_type,
                                            name)


# ConfigResource types and the error each answers when refused (Kafka's AuthHelper / ConfigAdminManager).
_TOPIC_CONFIGS, _GROUP_CONFIGS = 2, 32
_CLUSTER_CONFIG_TYPES = frozenset({4, 8, 16})  # BROKER, BROKER_LOGGER, CLIENT_METRICS


def config_refusal(ctx: RequestContext, operation: int, resource_type: int, name: str) -> int | None:
    """The error code refusing DESCRIBE_CONFIGS / ALTER_CONFIGS on one config resource, or None when allowed (an
    unknown resource type is left to the handler's own checks)."""
    if resource_type == _TOPIC_CONFIGS:
        return None if allowed(ctx, operation, TOPIC, name) else errors.TOPIC_AUTHORIZATION_FAILED.code
    if resource_type == _GROUP_CONFIGS:
        return None if allowed(ctx, operation, GROUP, name) else errors.GROUP_AUTHORIZATION_FAILED.code
    if resource_type in _CLUSTER_CONFIG_TYPES:
        return None if cluster_allowed(ctx, operation) else errors.CLUSTER_AUTHORIZATION_FAILED.code
    return None


def split_config_resources(ctx: RequestContext, operation: int, resources) -> tuple[list, list]:
    """(the resources allowed, [(resource, error code)] for those refused)."""
    allowed_resources, refused = [], []
    for resource in resources:
        code = config_refusal(ctx, operation, resource.resource_type, resource.resource_name)
        if code is None:
            allowed_resources.append(resource)
        else:
            refused.append((resource, code))
    return allowed_resources, refused


def group_heartbeat_refusal(ctx: RequestContext, group_id: str,
                            topic_names: Iterable[str]) -> tuple[int, str | None] | None:
    """What a modern group heartbeat (ConsumerGroupHeartbeat, StreamsGroupHeartbeat) is refused with, as Kafka
    checks it: READ on the group, then DESCRIBE on every topic it names; None when allowed."""
    if not allowed(ctx, READ, GROUP, group_id):
        return errors.GROUP_AUTHORIZATION_FAILED.code, None
    names = list(topic_names)
    refused = sorted(set(names) - allowed_names(ctx, DESCRIBE, TOPIC, names))
    if refused:
        return errors.TOPIC_AUTHORIZATION_FAILED.code, f"The following topics are not authorized: {refused}"
    return None
