"""What an emulated release's broker answered, with its default config, to an API it advertised but kept off
(KafkaRelease.refused; Registry.emulating puts `handle` in place of the API's own handler).

From 3.7 to 3.9 group.coordinator.rebalance.protocols defaulted to "classic" alone, so Kafka's KafkaApis answered
ConsumerGroupHeartbeat and ConsumerGroupDescribe with UNSUPPORTED_VERSION before anything else: the heartbeat as
its request's error response (the top-level code, no message), the describe with every asked group carrying it.
"""

from __future__ import annotations

import logging

from kbroker.api.context import RequestContext
from kbroker.protocol import errors

log = logging.getLogger(__name__)

CONSUMER_GROUP_HEARTBEAT = 68
CONSUMER_GROUP_DESCRIBE = 69


async def handle(ctx: RequestContext, request):
    code = errors.UNSUPPORTED_VERSION.code
    log.info("API key %d from client id %r refused with UNSUPPORTED_VERSION: the emulated Kafka release kept the "
             "consumer group protocol (KIP-848) off by default", ctx.api_key, ctx.client_id)
    # The codecs are imported on first use, as the registry imports handlers (start-up imports none).
    from kbroker.protocol.messages.consumer_group_describe_response import (
        ConsumerGroupDescribeResponse,
        DescribedGroup,
    )
    from kbroker.protocol.messages.consumer_group_heartbeat_response import ConsumerGroupHeartbeatResponse

    if ctx.api_key == CONSUMER_GROUP_HEARTBEAT:
        return ConsumerGroupHeartbeatResponse(throttle_time_ms=0, error_code=code)
    if ctx.api_key == CONSUMER_GROUP_DESCRIBE:
        return ConsumerGroupDescribeResponse(throttle_time_ms=0, groups=[
            DescribedGroup(group_id=group_id, error_code=code) for group_id in request.group_ids])
    raise ValueError(f"API key {ctx.api_key} has no refusal answer")
