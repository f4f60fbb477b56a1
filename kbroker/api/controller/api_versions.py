"""ApiVersions (key 18), v0-v4, on the controller listener: the same handler as the broker's
(kbroker.api.api_versions), answering with this registry's APIs, with the same supported features (kraft.version
0-1 among them: a Raft leader asks a voter being added for that range before it adds it) and finalized levels."""

from __future__ import annotations

from kbroker.api import api_versions
from kbroker.api.context import RequestContext

API_KEY = 18
MIN_VERSION = 0
MAX_VERSION = 4

async def handle(ctx: RequestContext, request):
    return await api_versions.handle(ctx, request)
