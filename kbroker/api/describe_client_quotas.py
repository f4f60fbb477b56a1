"""DescribeClientQuotas (key 48), v0-v1: the quota values of the entities a filter matches, from the broker's
metadata image (Kafka's ClientQuotasImage.describe; kbroker.metadata.client_quotas). A filter Kafka refuses gets
its error (INVALID_REQUEST, or UNSUPPORTED_VERSION for an unknown entity type) and message at the top level, with
no entries.
"""

from __future__ import annotations

import logging

from kbroker.api.context import RequestContext
from kbroker.metadata.client_quotas import QuotaError, describe_quotas
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_client_quotas_response import (
    DescribeClientQuotasResponse,
    EntityData,
    EntryData,
    ValueData,
)

API_KEY = 48
MIN_VERSION = 0
MAX_VERSION = 1

log = logging.getLogger(__name__)


def describe(image, request) -> DescribeClientQuotasResponse:
    try:
        found = describe_quotas(image.client_quotas, request.components, request.strict)
    except QuotaError as e:
        log.info("DescribeClientQuotas refused: %s", e.message)
        return DescribeClientQuotasResponse(throttle_time_ms=0, error_code=e.error.code, error_message=e.message,
                                            entries=None)
    # Kafka builds the answer from a fresh DescribeClientQuotasResponseData, whose message defaults to "".
    return DescribeClientQuotasResponse(throttle_time_ms=0, error_code=errors.NONE.code, error_message="", entries=[
        EntryData(entity=[EntityData(entity_type=t, entity_name=n) for t, n in entity],
                  values=[ValueData(key=k, value=v) for k, v in sorted(values.items())])
        for entity, values in found])


async def handle(ctx: RequestContext, request) -> DescribeClientQuotasResponse:
    return describe(ctx.state.image, request)
