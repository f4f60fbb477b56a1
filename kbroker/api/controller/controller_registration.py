"""ControllerRegistration (key 70), v0, on the controller listener: a controller (Kafka's or kbroker's
ControllerRegistrationManager, kbroker/controller_registration.py) registers its listeners and supported features
with the active controller, which commits a RegisterControllerRecord (QuorumController.register_controller); the
registered controllers are what DescribeCluster lists. Any other node answers NOT_CONTROLLER."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import cluster_refusal, run_on_active_controller
from kbroker.protocol.messages.controller_registration_response import ControllerRegistrationResponse

API_KEY = 70
MIN_VERSION = 0
MAX_VERSION = 0


def _failing(code: int, message: str | None) -> ControllerRegistrationResponse:
    return ControllerRegistrationResponse(throttle_time_ms=0, error_code=code, error_message=message)


async def handle(ctx: RequestContext, request) -> ControllerRegistrationResponse:
    refused = cluster_refusal(ctx)
    if refused is not None:
        return refused
    return await run_on_active_controller(
        ctx, lambda controller, run: run(controller.register_controller, request), _failing)
