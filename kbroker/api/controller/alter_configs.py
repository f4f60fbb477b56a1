"""AlterConfigs (key 33), v0-v2, the legacy whole-set API, on the controller listener: forwarded by a broker in
an Envelope, or sent by an admin client with `bootstrap.controllers`. The active controller answers as Kafka's
ControllerApis (kbroker.configs.alter.alter_configs_on_controller): a duplicated resource first, then what its
QuorumController validates and commits. Any other node answers NOT_CONTROLLER for every resource."""

from __future__ import annotations

from kbroker.api.alter_configs import failing, render
from kbroker.api.context import RequestContext
from kbroker.api.controller import alter_configs_on_active_controller
from kbroker.protocol.messages.alter_configs_response import AlterConfigsResponse

API_KEY = 33
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request) -> AlterConfigsResponse:
    return await alter_configs_on_active_controller(ctx, request, incremental=False, render=render, failing=failing)
