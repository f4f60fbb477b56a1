"""GetTelemetrySubscriptions (key 71), v0 (KIP-714): the client's instance id (a new one for the zero Uuid), the
metric prefixes its CLIENT_METRICS subscriptions ask for ("*" for all; none when no subscription matches), the
push interval (the smallest of the matching subscriptions', else 300000 ms), `telemetry.max.bytes`, the accepted
compression types (zstd, lz4, gzip, snappy) and delta temporality, as Kafka's ClientMetricsManager answers.
Asked again within the push interval: THROTTLING_QUOTA_EXCEEDED.

Kafka advertises this API only with a ClientTelemetryReceiver plugin configured; kbroker always serves it and
re-exports the pushed metrics on /metrics (kbroker/telemetry/, SKIPPED_FEATURES.md).
"""

from __future__ import annotations

import logging

from kbroker.api.client_telemetry_context import client_attributes
from kbroker.api.context import RequestContext
from kbroker.protocol.messages.get_telemetry_subscriptions_response import GetTelemetrySubscriptionsResponse
from kbroker.telemetry.manager import ACCEPTED_COMPRESSION, TelemetryRefused

API_KEY = 71
MIN_VERSION = 0
MAX_VERSION = 0

log = logging.getLogger(__name__)


async def handle(ctx: RequestContext, request) -> GetTelemetrySubscriptionsResponse:
    manager = ctx.state.client_metrics
    try:
        instance = manager.get_subscriptions(request.client_instance_id, client_attributes(ctx))
    except TelemetryRefused as refused:
        log.info("GetTelemetrySubscriptions from %s refused: %s", ctx.describe(), refused.message)
        return GetTelemetrySubscriptionsResponse(error_code=refused.error.code)
    subscription = instance.subscription
    return GetTelemetrySubscriptionsResponse(
        error_code=0, client_instance_id=instance.instance_id, subscription_id=subscription.subscription_id,
        accepted_compression_types=list(ACCEPTED_COMPRESSION), push_interval_ms=subscription.interval_ms,
        telemetry_max_bytes=manager.max_bytes, delta_temporality=True, requested_metrics=list(subscription.metrics))
