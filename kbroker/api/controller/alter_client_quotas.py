"""AlterClientQuotas (key 49), v0-v1, on the controller listener: forwarded by a broker in an Envelope, or sent
with `bootstrap.controllers`. The active controller runs the broker's flow (kbroker/api/alter_client_quotas.py);
any other node answers NOT_CONTROLLER for every entity."""

from __future__ import annotations

from kbroker.api.alter_client_quotas import alter_client_quotas, failing
from kbroker.api.context import RequestContext
from kbroker.api.controller import run_on_active_controller
from kbroker.protocol.messages.alter_client_quotas_response import AlterClientQuotasResponse

API_KEY = 49
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request) -> AlterClientQuotasResponse:
    return await run_on_active_controller(
        ctx, lambda controller, run: alter_client_quotas(request, controller, run),
        lambda code, message: failing(request, code, message))
