"""A SASL listener's connection before it is authenticated: Kafka's SaslServerAuthenticator state machine.

States, as Kafka names them:
- INITIAL_REQUEST / HANDSHAKE_OR_VERSIONS_REQUEST: ApiVersions (answered as usual, once) or SaslHandshake.
- HANDSHAKE_REQUEST: after ApiVersions, only SaslHandshake.
- AUTHENTICATE: after a handshake naming an enabled mechanism. Handshake v1+: the tokens come in SaslAuthenticate
  requests (v0-v2) and go back in their responses; handshake v0: the tokens are bare size-prefixed frames with no
  request header, and so are the challenges (an empty challenge is an empty frame).
- COMPLETE: the mechanism is done; from here the connection is served like any other, as the principal
  User:<authorization id>.
After a handshake v1+, a request of another API than SaslAuthenticate is answered with its error response
carrying ILLEGAL_SASL_STATE, then the connection closes; any other request before COMPLETE (or a second
ApiVersions) closes the connection without a response, as Kafka's InvalidRequestException /
IllegalSaslStateException do. A mechanism that is not enabled gets
UNSUPPORTED_SASL_MECHANISM with the enabled list; bad credentials get SASL_AUTHENTICATION_FAILED; both close the
connection once the answer is sent, after connection.failed.authentication.delay.ms (the server does that).
Until COMPLETE, frames are bounded by sasl.server.max.receive.size (CVE-2022-34917), also the server's job.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from kbroker.protocol import errors
from kbroker.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kbroker.protocol.messages.sasl_handshake_response import SaslHandshakeResponse
from kbroker.security.sasl.mechanism import SaslFailure

log = logging.getLogger(__name__)

INITIAL_REQUEST = "INITIAL_REQUEST"
HANDSHAKE_OR_VERSIONS_REQUEST = "HANDSHAKE_OR_VERSIONS_REQUEST"
HANDSHAKE_REQUEST = "HANDSHAKE_REQUEST"
AUTHENTICATE = "AUTHENTICATE"
COMPLETE = "COMPLETE"
FAILED = "FAILED"


class AuthenticationFailed(Exception):
    """The exchange failed: send `response` (None: nothing), wait the failed-authentication delay, close."""

    def __init__(self, reason: str, response=None) -> None:
        super().__init__(reason)
        self.response = response


class SaslAuthenticator:
    """One connection's SASL exchange. `mechanisms` maps each enabled mechanism name (in the configured order) to
    a factory of its server side."""

    def __init__(self, mechanisms: dict[str, Callable[[], object]]) -> None:
        self.mechanisms = mechanisms
        self.state = INITIAL_REQUEST
        self.server = None
        self.kafka_headers = False  # handshake v1+: tokens travel in SaslAuthenticate requests

    @property
    def complete(self) -> bool:
        return self.state == COMPLETE

    @property
    def principal(self) -> tuple[str, str]:
        return ("User", self.server.authorization_id)

    @property
    def mechanism(self) -> str | None:
        return self.server.mechanism if self.server is not None else None

    @property
    def expects_raw_token(self) -> bool:
        return self.state == AUTHENTICATE and not self.kafka_headers

    def accepts(self, api_key: int) -> bool:
        """Whether a request of this key may come now (any other closes the connection unanswered)."""
        if self.state in (INITIAL_REQUEST, HANDSHAKE_OR_VERSIONS_REQUEST):
            return api_key in (18, 17)
        if self.state == HANDSHAKE_REQUEST:
            return api_key == 17
        return self.state == AUTHENTICATE and self.kafka_headers and api_key == 36

    def answers_illegal_state(self, api_key: int) -> bool:
        """Whether a request of this key is answered with ILLEGAL_SASL_STATE before the connection closes: any API
        but SaslAuthenticate once a handshake v1+ started the exchange (Kafka's handleSaslToken)."""
        return self.state == AUTHENTICATE and self.kafka_headers and api_key != 36

    def api_versions_answered(self) -> None:
        self.state = HANDSHAKE_REQUEST

    def handshake(self, version: int, request) -> SaslHandshakeResponse:
        enabled = list(self.mechanisms)
        if request.mechanism not in self.mechanisms:
            self.state = FAILED
            raise AuthenticationFailed(
                f"unsupported SASL mechanism {request.mechanism!r} (enabled: {', '.join(enabled)})",
                SaslHandshakeResponse(error_code=errors.UNSUPPORTED_SASL_MECHANISM.code, mechanisms=enabled))
        self.kafka_headers = version >= 1
        self.server = self.mechanisms[request.mechanism]()
        self.state = AUTHENTICATE
        return SaslHandshakeResponse(error_code=errors.NONE.code, mechanisms=enabled)

    def _evaluate(self, token: bytes) -> bytes:
        try:
            challenge = self.server.evaluate(token)
        except SaslFailure:
            self.state = FAILED
            raise
        if self.server.complete:
            self.state = COMPLETE
        return challenge

    def authenticate(self, request) -> SaslAuthenticateResponse:
        """A SaslAuthenticate (handshake v1+) request's answer; AuthenticationFailed on bad credentials."""
        try:
            challenge = self._evaluate(bytes(request.auth_bytes))
        except SaslFailure as e:
            message = str(e) if e.public else (
                f"Authentication failed during authentication due to invalid credentials with SASL mechanism "
                f"{self.mechanism}")
            raise AuthenticationFailed(f"{self.mechanism} authentication failed: {e}", SaslAuthenticateResponse(
                error_code=errors.SASL_AUTHENTICATION_FAILED.code, error_message=message)) from None
        return SaslAuthenticateResponse(error_code=errors.NONE.code, error_message=None, auth_bytes=challenge,
                                        session_lifetime_ms=0)

    def raw_token(self, token: bytes) -> bytes:
        """A bare token's challenge (handshake v0); AuthenticationFailed, with nothing to send, on failure."""
        try:
            return self._evaluate(token)
        except SaslFailure as e:
            raise AuthenticationFailed(f"{self.mechanism} authentication failed: {e}") from None
