"""DescribeConfigs (key 32), v1-v4, on the controller listener (what `kafka-configs --bootstrap-controller
--describe` sends): the broker's handler (kbroker/api/describe_configs.py) over this node's own metadata image
and config, answered by any controller, active or not, as Kafka's ControllerApis does: topics, this controller's
configs (its node id, or "" for the cluster-wide dynamic defaults) and its loggers."""

from __future__ import annotations

from kbroker.api import describe_configs
from kbroker.api.context import RequestContext

API_KEY = 32
MIN_VERSION = 1
MAX_VERSION = 4


async def handle(ctx: RequestContext, request):
    return await describe_configs.handle(ctx, request)
