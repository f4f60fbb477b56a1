"""IncrementalAlterConfigs (key 44), v0-v1: SET / DELETE / APPEND / SUBTRACT on topic configs, on this broker's or
the cluster-wide dynamic broker configs, and on this broker's logger levels.

Mirrors Kafka 4.3.1 (KafkaApis.handleIncrementalAlterConfigsRequest, ConfigAdminManager, the controller's
ConfigurationControlManager); the flow is kbroker.configs.alter:
- Broker-side checks first: a resource given twice (INVALID_REQUEST for each copy), duplicate config names,
  null values outside DELETE, unknown resource types (INVALID_REQUEST).
- BROKER resources: "" or this node's id; the resulting dynamic configs must be dynamically updatable ("Cannot
  update these configs dynamically: [...]"), well-typed and, at cluster level, not per-broker only; such
  failures are INVALID_REQUEST as in Kafka. APPEND/SUBTRACT on a non-LIST or unknown broker config is
  INVALID_CONFIG. Custom (unknown) names are stored as Kafka stores them.
- TOPIC resources: the controller checks existence (UNKNOWN_TOPIC_OR_PARTITION), names and values
  (INVALID_CONFIG with Kafka's messages).
- GROUP resources: the controller checks the group's resulting configs (names, values, the broker's group.*
  bounds: INVALID_CONFIG with Kafka's messages; an empty group name is INVALID_REQUEST), kbroker.group.group_configs.
- BROKER_LOGGER: levels of Python loggers, applied at once (not through the metadata log), as Kafka does.
- ValidateOnly checks everything and changes nothing. Success answers carry a null message.
"""

from __future__ import annotations

from kbroker.api import authz, forwarding
from kbroker.api.context import RequestContext
from kbroker.configs.alter import alter_configs
from kbroker.metadata.controller import ApiError
from kbroker.protocol.messages.incremental_alter_configs_response import (
    AlterConfigsResourceResponse,
    IncrementalAlterConfigsResponse,
)

API_KEY = 44
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request) -> IncrementalAlterConfigsResponse:
    resources, refused = authz.split_config_resources(ctx, authz.ALTER_CONFIGS, request.resources)
    return render([(resource, ApiError(code)) for resource, code in refused] + await alter_configs(
        ctx, resources, incremental=True,
        validate_only=request.validate_only, remote=forwarding.remote_alter(ctx, request)))


def render(answers) -> IncrementalAlterConfigsResponse:
    """The response listing `answers`, (resource, ApiError) pairs."""
    return IncrementalAlterConfigsResponse(throttle_time_ms=0, responses=[
        AlterConfigsResourceResponse(error_code=error.code, error_message=error.message,
                                     resource_type=resource.resource_type, resource_name=resource.resource_name)
        for resource, error in answers])


def failing(request, code: int, message: str | None = None) -> IncrementalAlterConfigsResponse:
    """Every resource failing with `code` (Kafka's getErrorResponse)."""
    return render([(resource, ApiError(code, message)) for resource in request.resources])
