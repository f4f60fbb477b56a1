"""ListConfigResources (key 74, formerly ListClientMetricsResources), v0-v1: the names of config resources.
v0 lists the CLIENT_METRICS subscriptions only. v1 lists the requested types (all of TOPIC, BROKER, BROKER_LOGGER,
CLIENT_METRICS, GROUP when none is named): every topic, every registered broker id for BROKER and BROKER_LOGGER,
every subscription, every group with configs of its own; another type fails the request with
UNSUPPORTED_VERSION, as Kafka's KafkaApis.handleListConfigResources does.
"""

from __future__ import annotations

import logging

from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.list_config_resources_response import (
    ConfigResource,
    ListConfigResourcesResponse,
)
from kbroker.telemetry.subscriptions import CLIENT_METRICS_RESOURCE

API_KEY = 74
MIN_VERSION = 0
MAX_VERSION = 1

TOPIC, BROKER, BROKER_LOGGER, GROUP = 2, 4, 8, 32
_SUPPORTED = (TOPIC, BROKER, BROKER_LOGGER, CLIENT_METRICS_RESOURCE, GROUP)

log = logging.getLogger(__name__)


def list_resources(image, version: int, resource_types: list[int]) -> ListConfigResourcesResponse:
    wanted = [CLIENT_METRICS_RESOURCE] if version == 0 else (list(dict.fromkeys(resource_types)) or _SUPPORTED)
    unknown = [t for t in wanted if t not in _SUPPORTED]
    if unknown:
        log.info("ListConfigResources for unsupported resource types %s", unknown)
        return ListConfigResourcesResponse(error_code=errors.UNSUPPORTED_VERSION.code)
    found = []
    for kind in wanted:
        if kind == TOPIC:
            names = sorted(image.topics_by_name)
        elif kind in (BROKER, BROKER_LOGGER):
            names = [str(b) for b in sorted(image.brokers)]
        elif kind == CLIENT_METRICS_RESOURCE:
            names = sorted(image.client_metrics_configs)
        else:
            names = sorted(image.group_configs)
        found += [ConfigResource(resource_name=name, resource_type=kind) for name in names]
    return ListConfigResourcesResponse(error_code=0, config_resources=found)


async def handle(ctx: RequestContext, request) -> ListConfigResourcesResponse:
    return list_resources(ctx.state.image, ctx.api_version, request.resource_types)
