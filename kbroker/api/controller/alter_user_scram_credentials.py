"""AlterUserScramCredentials (key 51), v0, on the controller listener: forwarded by a broker in an Envelope, or
sent with `bootstrap.controllers`. The active controller runs the broker's flow
(kbroker/api/alter_user_scram_credentials.py); any other node answers NOT_CONTROLLER for every user."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.alter_user_scram_credentials import alter_user_scram_credentials, failing
from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_user_scram_credentials_response import AlterUserScramCredentialsResponse

API_KEY = 51
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request) -> AlterUserScramCredentialsResponse:
    if not authz.cluster_allowed(ctx, authz.ALTER):
        return failing(request, errors.CLUSTER_AUTHORIZATION_FAILED.code, errors.CLUSTER_AUTHORIZATION_FAILED.message)
    return await run_on_active_controller(
        ctx, lambda controller, run: alter_user_scram_credentials(request, controller, run),
        lambda code, message: failing(request, code, message))
