"""AlterConfigs (key 33), v0-v2, the legacy whole-set API: each resource's dynamic configs become exactly the
given set (names left out are removed).

Mirrors Kafka 4.3.1 (KafkaApis.handleAlterConfigsRequest, ConfigAdminManager.preprocess for the legacy request,
ConfigurationControlManager.legacyAlterConfigs); the flow is kbroker.configs.alter. Same checks as
IncrementalAlterConfigs, except that every null value is rejected and BROKER_LOGGER is an unknown resource type
here (INVALID_REQUEST), as in Kafka. Success answers carry a null message.
"""

from __future__ import annotations

from kbroker.api import authz, forwarding
from kbroker.api.context import RequestContext
from kbroker.configs.alter import alter_configs
from kbroker.metadata.controller import ApiError
from kbroker.protocol.messages.alter_configs_response import (
    AlterConfigsResourceResponse,
    AlterConfigsResponse,
)

API_KEY = 33
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request) -> AlterConfigsResponse:
    resources, refused = authz.split_config_resources(ctx, authz.ALTER_CONFIGS, request.resources)
    return render([(resource, ApiError(code)) for resource, code in refused] + await alter_configs(
        ctx, resources, incremental=False,
        validate_only=request.validate_only, remote=forwarding.remote_alter(ctx, request)))


def render(answers) -> AlterConfigsResponse:
    """The response listing `answers`, (resource, ApiError) pairs."""
    return AlterConfigsResponse(throttle_time_ms=0, responses=[
        AlterConfigsResourceResponse(error_code=error.code, error_message=error.message,
                                     resource_type=resource.resource_type, resource_name=resource.resource_name)
        for resource, error in answers])


def failing(request, code: int, message: str | None = None) -> AlterConfigsResponse:
    """Every resource failing with `code` (Kafka's getErrorResponse)."""
    return render([(resource, ApiError(code, message)) for resource in request.resources])
