"""IncrementalAlterConfigs (key 44), v0-v1, on the controller listener: forwarded by a broker in an Envelope (which
checked the resources first), or sent by an admin client with `bootstrap.controllers`. The active controller
answers as Kafka's ControllerApis (kbroker.configs.alter.alter_configs_on_controller): duplicates, this node's
BROKER_LOGGER levels and unknown resource types first, then what its QuorumController validates and commits.
Any other node answers NOT_CONTROLLER for every resource."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.api.controller import alter_configs_on_active_controller
from kbroker.api.incremental_alter_configs import failing, render
from kbroker.protocol.messages.incremental_alter_configs_response import IncrementalAlterConfigsResponse

API_KEY = 44
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request) -> IncrementalAlterConfigsResponse:
    return await alter_configs_on_active_controller(ctx, request, incremental=True, render=render, failing=failing)
