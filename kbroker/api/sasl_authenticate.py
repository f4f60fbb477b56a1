"""SaslAuthenticate (key 36), v0-v2, once a connection is past authentication (or on a listener without SASL).

Tokens of an exchange in progress are answered by kbroker.security.sasl.authenticator. Reaching this handler
means there is no exchange to continue (kbroker does not re-authenticate: connections.max.reauth.ms is 0): Kafka's
KafkaApis answers ILLEGAL_SASL_STATE (34) with the message below, and keeps the connection.
"""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse

API_KEY = 36
MIN_VERSION = 0
MAX_VERSION = 2


async def handle(ctx: RequestContext, request) -> SaslAuthenticateResponse:
    return SaslAuthenticateResponse(error_code=errors.ILLEGAL_SASL_STATE.code,
                                    error_message="SaslAuthenticate request received after successful authentication",
                                    auth_bytes=b"", session_lifetime_ms=0)
