"""ApiVersions (key 18), v0-v4, on the controller listener: the same handler as the broker's
(kbroker.api.api_versions), answering with this registry's APIs. A controller also reports the kraft.version
range it supports (0-1, KIP-853): a Raft leader asks a voter being added for it before it adds it."""

from __future__ import annotations

from kbroker.api import api_versions
from kbroker.api.context import RequestContext
from kbroker.protocol.messages.api_versions_response import SupportedFeatureKey

API_KEY = 18
MIN_VERSION = 0
MAX_VERSION = 4

KRAFT_VERSION_RANGE = ("kraft.version", 0, 1)


async def handle(ctx: RequestContext, request):
    response = await api_versions.handle(ctx, request)
    if ctx.api_version >= 3 and response.error_code == 0:
        name, low, high = KRAFT_VERSION_RANGE
        if ctx.api_version >= 4 or low > 0:
            response.supported_features = sorted(
                [*response.supported_features, SupportedFeatureKey(name=name, min_version=low, max_version=high)],
                key=lambda feature: feature.name)
    return response
