"""AlterUserScramCredentials (key 51), v0: add, replace or delete users' SCRAM credentials in the metadata log.

The controller checks and writes them (kbroker.metadata.scram_control, Kafka's ScramControlManager): per user,
DUPLICATE_RESOURCE, UNACCEPTABLE_CREDENTIAL (empty name, iterations outside 4096-16384),
UNSUPPORTED_SASL_MECHANISM, RESOURCE_NOT_FOUND (deleting what is not there). The salted password is never logged
nor kept: only StoredKey and ServerKey reach the log. On a broker whose controller is remote the request is
forwarded whole (api/forwarding.py), as Kafka forwards it.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_user_scram_credentials_response import (
    AlterUserScramCredentialsResponse,
    AlterUserScramCredentialsResult,
)

API_KEY = 51
MIN_VERSION = 0
MAX_VERSION = 0


def failing(request, code: int, message: str | None = None) -> AlterUserScramCredentialsResponse:
    """Every user failing with `code` (Kafka's AlterUserScramCredentialsRequest.getErrorResponse)."""
    users = dict.fromkeys([d.name for d in request.deletions] + [u.name for u in request.upsertions])
    return AlterUserScramCredentialsResponse(throttle_time_ms=0, results=[
        AlterUserScramCredentialsResult(user=name, error_code=code, error_message=message) for name in users])


async def alter_user_scram_credentials(request, controller, run) -> AlterUserScramCredentialsResponse:
    outcomes = await run(controller.alter_user_scram_credentials, request)
    return AlterUserScramCredentialsResponse(throttle_time_ms=0, results=[
        AlterUserScramCredentialsResult(user=user, error_code=code, error_message=message)
        for user, code, message in outcomes])


async def handle(ctx: RequestContext, request) -> AlterUserScramCredentialsResponse:
    if not authz.cluster_allowed(ctx, authz.ALTER):
        return failing(request, errors.CLUSTER_AUTHORIZATION_FAILED.code, errors.CLUSTER_AUTHORIZATION_FAILED.message)
    return await alter_user_scram_credentials(request, ctx.state.metadata.controller, ctx.state.run_controller)
