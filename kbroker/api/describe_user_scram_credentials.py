"""DescribeUserScramCredentials (key 50), v0: which SCRAM mechanisms (and iteration counts) each user has, from
the broker's metadata image (Kafka's ScramImage.describe; kbroker.metadata.scram_control). No users listed: every
user with a credential. A user named twice: one DUPLICATE_RESOURCE result; unknown: RESOURCE_NOT_FOUND. Salts and
keys are never returned.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.metadata.scram_control import describe_credentials
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_user_scram_credentials_response import (
    DescribeUserScramCredentialsResponse,
)

API_KEY = 50
MIN_VERSION = 0
MAX_VERSION = 0


def describe(image, request) -> DescribeUserScramCredentialsResponse:
    return DescribeUserScramCredentialsResponse(
        throttle_time_ms=0, error_code=errors.NONE.code, error_message=None,
        results=describe_credentials(image, request.users))


async def handle(ctx: RequestContext, request) -> DescribeUserScramCredentialsResponse:
    if not authz.cluster_allowed(ctx, authz.DESCRIBE):
        return DescribeUserScramCredentialsResponse(throttle_time_ms=0, error_code=errors.CLUSTER_AUTHORIZATION_FAILED.code,
                                                    error_message=errors.CLUSTER_AUTHORIZATION_FAILED.message, results=[])
    return describe(ctx.state.image, request)
