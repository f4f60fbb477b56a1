"""PushTelemetry (key 72), v0 (KIP-714): a client instance's metrics, OTLP protobuf possibly compressed. Checked in
Kafka's order (ClientMetricsManager.validatePushRequest): a reserved instance id or a push after a terminating one
INVALID_REQUEST; a push within the interval (unless terminating) THROTTLING_QUOTA_EXCEEDED; a stale subscription
id UNKNOWN_SUBSCRIPTION_ID; an unknown compression type UNSUPPORTED_COMPRESSION_TYPE; more than
`telemetry.max.bytes` TELEMETRY_TOO_LARGE. Where Kafka hands the payload to its receiver plugin (INVALID_RECORD if
that fails), kbroker decodes it and keeps the latest values for /metrics (INVALID_RECORD if it does not decode).
"""

from __future__ import annotations

import logging

from kbroker.api.client_telemetry_context import client_attributes
from kbroker.api.context import RequestContext
from kbroker.protocol.messages.push_telemetry_response import PushTelemetryResponse
from kbroker.telemetry.manager import TelemetryRefused

API_KEY = 72
MIN_VERSION = 0
MAX_VERSION = 0

log = logging.getLogger(__name__)


async def handle(ctx: RequestContext, request) -> PushTelemetryResponse:
    try:
        ctx.state.client_metrics.push(request.client_instance_id, client_attributes(ctx), request.subscription_id,
                                      request.terminating, request.compression_type, request.metrics)
    except TelemetryRefused as refused:
        log.info("PushTelemetry from %s refused: %s", ctx.describe(), refused.message)
        return PushTelemetryResponse(error_code=refused.error.code)
    return PushTelemetryResponse(error_code=0)
