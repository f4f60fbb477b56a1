"""AlterClientQuotas (key 49), v0-v1: set or remove quota values of user, client-id, user+client-id and ip entities
(names or `<default>`) in the metadata log.

The controller checks and writes them (kbroker.metadata.client_quotas, Kafka's ClientQuotaControlManager):
per entity INVALID_REQUEST for an unknown entity type or key, a value <= 0, a fraction where a whole number
belongs, a key or entity named twice; validate_only checks without writing. On a broker whose controller is
remote the request is forwarded whole (api/forwarding.py), as Kafka forwards it.
"""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.metadata.client_quotas import entity_of
from kbroker.protocol.messages.alter_client_quotas_response import (
    AlterClientQuotasResponse,
    EntityData,
    EntryData,
)

API_KEY = 49
MIN_VERSION = 0
MAX_VERSION = 1


def _entry(entity, code: int, message: str | None) -> EntryData:
    return EntryData(error_code=code, error_message=message,
                     entity=[EntityData(entity_type=t, entity_name=n) for t, n in entity])


def failing(request, code: int, message: str | None = None) -> AlterClientQuotasResponse:
    """Every entity failing with `code` (Kafka's AlterClientQuotasRequest.getErrorResponse)."""
    return AlterClientQuotasResponse(throttle_time_ms=0, entries=[
        _entry(entity_of(entry.entity), code, message) for entry in request.entries])


async def alter_client_quotas(request, controller, run) -> AlterClientQuotasResponse:
    outcomes = await run(controller.alter_client_quotas, request.entries, validate_only=request.validate_only)
    return AlterClientQuotasResponse(throttle_time_ms=0, entries=[
        _entry(entity, code, message) for entity, code, message in outcomes])


async def handle(ctx: RequestContext, request) -> AlterClientQuotasResponse:
    return await alter_client_quotas(request, ctx.state.metadata.controller, ctx.state.run_controller)
