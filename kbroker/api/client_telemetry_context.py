"""What a client-telemetry selector can match about the client of a request (Kafka's
ClientMetricsInstanceMetadata): client id, software name and version from its ApiVersions, source address and
port. Shared by GetTelemetrySubscriptions and PushTelemetry."""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.telemetry import subscriptions as s


def client_attributes(ctx: RequestContext) -> dict[str, str]:
    name, version = ctx.client_software
    return {s.CLIENT_ID: ctx.client_id or "", s.CLIENT_SOFTWARE_NAME: name, s.CLIENT_SOFTWARE_VERSION: version,
            s.CLIENT_SOURCE_ADDRESS: ctx.peer[0], s.CLIENT_SOURCE_PORT: str(ctx.peer[1])}
