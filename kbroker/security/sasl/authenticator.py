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

Re-authentication (KIP-368): when the exchange completes, the session lifetime is the mechanism's
`connections.max.reauth.ms` (0: none), bounded by the credential's own expiry where it has one (an OAUTHBEARER
token, a delegation token; PLAIN and SCRAM passwords have none), answered in
SaslAuthenticate v1+ as session_lifetime_ms. A client that used SaslAuthenticate v1+ may start again on the same
connection with a SaslHandshake once a session lifetime is set, at most once a second (`may_reauthenticate`); the
exchange then runs as the first did, with the same mechanism (another one fails the exchange) and the same
principal (another one gets SASL_AUTHENTICATION_FAILED, Kafka's message). Past the session's end, the next request
that does not start a re-authentication closes the connection (`session_expired`, the server's job).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping

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
REAUTH_BAD_MECHANISM = "REAUTH_BAD_MECHANISM"
MIN_REAUTH_INTERVAL_S = 1.0  # Kafka's KafkaChannel.MIN_REAUTH_INTERVAL_ONE_SECOND_NANOS


class AuthenticationFailed(Exception):
    """The exchange failed: send `response` (None: nothing), wait the failed-authentication delay, close."""

    def __init__(self, reason: str, response=None) -> None:
        super().__init__(reason)
        self.response = response
        self.delayed = False  # the failed-authentication delay was already waited out


class SaslAuthenticator:
    """One connection's SASL exchange. `mechanisms` maps each enabled mechanism name (in the configured order) to
    a factory of its server side."""

    def __init__(self, mechanisms: dict[str, Callable[[], object]],
                 max_reauth_ms: Mapping[str, int] | None = None) -> None:
        self.mechanisms = mechanisms
        self.max_reauth_ms = max_reauth_ms or {}
        self.state = INITIAL_REQUEST
        self.server = None
        self.kafka_headers = False  # handshake v1+: tokens travel in SaslAuthenticate requests
        self.client_supports_reauth = False  # it sent SaslAuthenticate v1+
        self.session_expires_s: float | None = None  # trio time; None: the session never expires
        self.reauth_started_s: float | None = None
        self.previous: tuple[str, tuple[str, str]] | None = None  # (mechanism, principal) being re-authenticated
        self.session_lifetime_ms = 0
        self.bad_mechanism = ""

    @property
    def complete(self) -> bool:
        return self.state == COMPLETE

    @property
    def principal(self) -> tuple[str, str]:
        return ("User", self.server.authorization_id)

    @property
    def token_authenticated(self) -> bool:
        """Whether the principal authenticated with a delegation token (SCRAM tokenauth=true)."""
        return bool(getattr(self.server, "token_authenticated", False))

    @property
    def mechanism(self) -> str | None:
        return self.server.mechanism if self.server is not None else None

    @property
    def credential_expiry_ms(self) -> int | None:
        """When the authenticated credential expires (ms since the epoch: an OAUTHBEARER token's `exp`, a delegation
        token's expiry), None when it does not: Kafka's CREDENTIAL.LIFETIME.MS, a bound of session_lifetime_ms."""
        return getattr(self.server, "credential_expiry_ms", None) if self.complete else None

    @property
    def expects_raw_token(self) -> bool:
        return self.state in (AUTHENTICATE, REAUTH_BAD_MECHANISM) and not self.kafka_headers

    def accepts(self, api_key: int) -> bool:
        """Whether a request of this key may come now (any other closes the connection unanswered)."""
        if self.state in (INITIAL_REQUEST, HANDSHAKE_OR_VERSIONS_REQUEST):
            return api_key in (18, 17)
        if self.state == HANDSHAKE_REQUEST:
            return api_key == 17
        if self.state == REAUTH_BAD_MECHANISM:
            self.state = FAILED
            raise AuthenticationFailed(self.bad_mechanism)
        return self.state == AUTHENTICATE and self.kafka_headers and api_key == 36

    @property
    def reauthenticating(self) -> bool:
        return self.previous is not None

    def may_reauthenticate(self, now_s: float) -> bool:
        """Whether a SaslHandshake on the authenticated connection starts a re-authentication (Kafka's
        KafkaChannel.maybeBeginServerReauthentication); if not, it is served as any request (ILLEGAL_SASL_STATE)."""
        if not self.complete or not self.client_supports_reauth or self.session_expires_s is None:
            return False
        return self.reauth_started_s is None or now_s - self.reauth_started_s >= MIN_REAUTH_INTERVAL_S

    def begin_reauthentication(self, now_s: float) -> None:
        self.previous = (self.mechanism, self.principal)
        self.reauth_started_s = now_s
        self.server = None
        self.state = HANDSHAKE_REQUEST

    def session_expired(self, now_s: float) -> bool:
        return self.complete and self.session_expires_s is not None and now_s >= self.session_expires_s

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
        if self.previous is not None and request.mechanism != self.previous[0]:
            # Kafka answers the handshake, then fails the exchange at the next token without an answer.
            self.bad_mechanism = (f"SASL mechanism '{request.mechanism}' requested by client is not supported for "
                                  f"re-authentication of mechanism '{self.previous[0]}'")
            self.state = REAUTH_BAD_MECHANISM
            return SaslHandshakeResponse(error_code=errors.NONE.code, mechanisms=enabled)
        self.server = self.mechanisms[request.mechanism]()
        self.state = AUTHENTICATE
        return SaslHandshakeResponse(error_code=errors.NONE.code, mechanisms=enabled)

    def _evaluate(self, token: bytes, now_s: float) -> bytes:
        try:
            challenge = self.server.evaluate(token)
            if self.server.complete and self.previous is not None and self.principal != self.previous[1]:
                (old_type, old_name), (new_type, new_name) = self.previous[1], self.principal
                raise SaslFailure(f"Cannot change principals during re-authentication from {old_type}.{old_name}: "
                                  f"{new_type}.{new_name}")
        except SaslFailure:
            self.state = FAILED
            raise
        if self.server.complete:
            self.state = COMPLETE
            self.previous = None
            max_reauth_ms = self.max_reauth_ms.get(self.mechanism, 0)
            expiry_ms = self.credential_expiry_ms
            if expiry_ms is None:
                lifetime_ms = max(0, max_reauth_ms)
            else:  # the credential's own lifetime bounds the session too (SaslServerAuthenticator)
                left_ms = max(0, expiry_ms - int(time.time() * 1000))
                lifetime_ms = min(left_ms, max_reauth_ms) if max_reauth_ms > 0 else left_ms
            self.session_lifetime_ms = lifetime_ms
            self.session_expires_s = (now_s + lifetime_ms / 1000.0
                                      if lifetime_ms > 0 or expiry_ms is not None else None)
        return challenge

    @property
    def _text(self) -> str:
        return "re-authentication" if self.reauthenticating else "authentication"

    def authenticate(self, request, version: int = 0, now_s: float = 0.0) -> SaslAuthenticateResponse:
        """A SaslAuthenticate (handshake v1+) request's answer; AuthenticationFailed on bad credentials."""
        self.client_supports_reauth = self.client_supports_reauth or version > 0
        text = self._text
        try:
            challenge = self._evaluate(bytes(request.auth_bytes), now_s)
        except SaslFailure as e:
            message = str(e) if e.public else (
                f"Authentication failed during {text} due to invalid credentials with SASL mechanism "
                f"{self.mechanism}")
            raise AuthenticationFailed(f"{self.mechanism} {text} failed: {e}", SaslAuthenticateResponse(
                error_code=errors.SASL_AUTHENTICATION_FAILED.code, error_message=message)) from None
        return SaslAuthenticateResponse(error_code=errors.NONE.code, error_message=None, auth_bytes=challenge,
                                        session_lifetime_ms=self.session_lifetime_ms if self.complete else 0)

    def raw_token(self, token: bytes, now_s: float = 0.0) -> bytes:
        """A bare token's challenge (handshake v0); AuthenticationFailed, with nothing to send, on failure."""
        if self.state == REAUTH_BAD_MECHANISM:
            self.state = FAILED
            raise AuthenticationFailed(self.bad_mechanism)
        try:
            return self._evaluate(token, now_s)
        except SaslFailure as e:
            raise AuthenticationFailed(f"{self.mechanism} authentication failed: {e}") from None
