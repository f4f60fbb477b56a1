"""SaslHandshake (key 17), v0-v1, once a connection is past authentication (or on a listener without SASL).

The handshake itself is answered by kbroker.security.sasl.authenticator before a SASL listener's connection is
authenticated. Reaching this handler means the connection is already authenticated or its listener has no SASL:
Kafka's KafkaApis answers ILLEGAL_SASL_STATE (34) with no mechanisms, and keeps the connection.
"""

from __future__ import annotations

from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.sasl_handshake_response import SaslHandshakeResponse

API_KEY = 17
MIN_VERSION = 0
MAX_VERSION = 1


async def handle(ctx: RequestContext, request) -> SaslHandshakeResponse:
    return SaslHandshakeResponse(error_code=errors.ILLEGAL_SASL_STATE.code, mechanisms=[])
