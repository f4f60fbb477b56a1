"""CreateAcls (key 30), v1-3 (Kafka 4.x removed v0): add ACL bindings to the metadata log.

Kafka's AclApis.handleCreateAcls then AclControlManager.createAcls: the whole request needs ALTER on the cluster
(else CLUSTER_AUTHORIZATION_FAILED for every creation) and an authorizer (else SECURITY_DISABLED "No Authorizer is
configured."). Per creation: INVALID_REQUEST for a CLUSTER resource not named kafka-cluster, an empty name, an
UNKNOWN/ANY resource type, operation or permission, a pattern type other than LITERAL or PREFIXED; an ACL that
already exists succeeds without a new record. On a broker whose controller is remote the request is forwarded
(api/forwarding.py), as Kafka forwards it; the controller listener runs the same flow (api/controller/).
"""

from __future__ import annotations

from kbroker.api import acl_requests, authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.create_acls_response import AclCreationResult, CreateAclsResponse

API_KEY = 30
MIN_VERSION = 1
MAX_VERSION = 3


def failing(request, code: int, message: str | None = None) -> CreateAclsResponse:
    return CreateAclsResponse(throttle_time_ms=0, results=[
        AclCreationResult(error_code=code, error_message=message) for _ in request.creations])


async def create_acls(ctx: RequestContext, request, controller, run) -> CreateAclsResponse:
    refused = acl_requests.refusal(ctx, authz.ALTER)
    if refused is not None:
        return failing(request, *refused)
    bindings = [acl_requests.binding_of(creation) for creation in request.creations]
    outcomes = await run(controller.create_acls, bindings)
    results = []
    for binding, problem in zip(bindings, outcomes, strict=True):
        if problem is None:
            results.append(AclCreationResult(error_code=errors.NONE.code, error_message=None))
        else:
            authz.log.info("CreateAcls from %s: %s refused: %s", authz.principal_text(ctx), binding, problem)
            results.append(AclCreationResult(error_code=errors.INVALID_REQUEST.code, error_message=problem))
    return CreateAclsResponse(throttle_time_ms=0, results=results)


async def handle(ctx: RequestContext, request) -> CreateAclsResponse:
    return await create_acls(ctx, request, ctx.state.metadata.controller, ctx.state.run_controller)
