"""SASL/OAUTHBEARER on the server (RFC 7628, as Kafka's OAuthBearerSaslServer runs it).

The client's first message is `n,[a=<authzid>],` `\\x01` then `key=value\\x01` pairs then `\\x01`: one pair must be
`auth=Bearer <token>` (the scheme is matched without regard to case), the others are SASL extensions (names
`[A-Za-z]+`, values printable ASCII, space, tab, CR or LF; `auth` is reserved). A message that does not parse fails
with the generic "invalid credentials" answer, as Kafka's SaslException does.

The token goes to the listener's validator (kbroker.security.oauth: the unsecured JWS validator or the JWKS one).
A refused token is not a failure yet: as RFC 7628 section 3.2.2 asks, the server answers with a JSON status
(`{"status":"invalid_token"}`, or `insufficient_scope` with the required `scope`) as a challenge; the client
acknowledges it with a lone `\\x01` and only then the exchange fails, with that JSON as the error message the
client sees (SASL_AUTHENTICATION_FAILED). Any other message after the status starts over as a new first message.
An accepted token completes the exchange as the principal User:<token's principal name>; an authorization id other
than that name is refused. Both of Kafka's validators accept every extension, and so does this server.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable

import attrs

from kbroker.security.sasl.mechanism import SaslFailure

log = logging.getLogger(__name__)

MECHANISM = "OAUTHBEARER"
SEPARATOR = "\x01"
AUTH_KEY = "auth"

_SASLNAME = r"(?:[\x01-\x2b\x2d-\x3c\x3e-\x7f]|=2C|=3D)+"
_KEY = r"[A-Za-z]+"
_VALUE = r"[\x21-\x7e \t\r\n]+"
_CLIENT_FIRST = re.compile(
    rf"n,(?:a=(?P<authzid>{_SASLNAME}))?,{SEPARATOR}(?P<kvpairs>(?:{_KEY}={_VALUE}{SEPARATOR})*){SEPARATOR}")
_AUTH = re.compile(r"(?P<scheme>\w+) +(?P<token>[-_~+/.a-zA-Z0-9]+=*)", re.ASCII)
_EXTENSION_KEY = re.compile(_KEY)
_EXTENSION_VALUE = re.compile(_VALUE)
INVALID_FIRST_MESSAGE = "Invalid OAUTHBEARER client first message"


@attrs.frozen
class BearerToken:
    """A validated token: whom it names, when it expires (ms since the epoch) and what scope it carries."""

    value: str
    principal_name: str
    lifetime_ms: int
    scope: frozenset[str] = frozenset()
    start_time_ms: int | None = None


class TokenRefused(Exception):
    """The validator refused the token: `status` (RFC 6750 error code) and, for insufficient_scope, the required
    `scope`. The exception's message says why, for the broker's log only."""

    def __init__(self, reason: str, status: str = "invalid_token", scope: str | None = None) -> None:
        super().__init__(reason)
        self.status = status
        self.scope = scope

    def json_status(self) -> str:
        # The exact text Kafka's server sends (its own formatting, not a JSON library's).
        text = f'{{"status":"{self.status}"'
        if self.scope is not None:
            text += f', "scope":"{self.scope}"'
        return text + "}"


Validator = Callable[[str], BearerToken]  # raises TokenRefused


@attrs.frozen
class ClientFirstMessage:
    token: str
    authorization_id: str
    extensions: dict[str, str]


def parse_client_first(message: bytes) -> ClientFirstMessage:
    """The client's first message; SaslFailure (not public) if it is not one, as Kafka's parser says."""
    text = message.decode("utf-8", "replace")
    match = _CLIENT_FIRST.fullmatch(text)
    if match is None:
        raise SaslFailure(INVALID_FIRST_MESSAGE, public=False)
    pairs: dict[str, str] = {}
    for pair in match.group("kvpairs").split(SEPARATOR):
        if pair:
            key, _, value = pair.partition("=")
            pairs[key] = value
    auth = pairs.pop(AUTH_KEY, None)
    if auth is None:
        raise SaslFailure(f"{INVALID_FIRST_MESSAGE}: 'auth' not specified", public=False)
    validate_extensions(pairs)
    auth_match = _AUTH.fullmatch(auth)
    if auth_match is None:
        raise SaslFailure(f"{INVALID_FIRST_MESSAGE}: invalid 'auth' format", public=False)
    if auth_match.group("scheme").lower() != "bearer":
        raise SaslFailure(f"Invalid scheme in OAUTHBEARER client first message: {auth_match.group('scheme')}",
                          public=False)
    return ClientFirstMessage(auth_match.group("token"), match.group("authzid") or "", pairs)


def validate_extensions(extensions: dict[str, str]) -> None:
    """RFC 7628 section 3.1: extension names and values, and `auth` is not an extension."""
    if AUTH_KEY in extensions:
        raise SaslFailure(f"Extension name {AUTH_KEY} is invalid", public=False)
    for name, value in extensions.items():
        if not _EXTENSION_KEY.fullmatch(name):
            raise SaslFailure(f"Extension name {name} is invalid", public=False)
        if not _EXTENSION_VALUE.fullmatch(value):
            raise SaslFailure(f"Extension value for extension {name} is invalid", public=False)


class OAuthBearerServer:
    """One OAUTHBEARER exchange: the client's first message, and after a refused token the client's \\x01."""

    mechanism = MECHANISM

    def __init__(self, validate: Validator) -> None:
        self.validate = validate
        self.complete = False
        self.authorization_id: str | None = None
        self.token: BearerToken | None = None
        self.extensions: dict[str, str] = {}
        self._error_status: str | None = None

    @property
    def credential_expiry_ms(self) -> int:
        """When the token expires (ms since the epoch): Kafka's CREDENTIAL.LIFETIME.MS, which bounds the session
        (SaslAuthenticate's session_lifetime_ms) once re-authentication (connections.max.reauth.ms) is served."""
        return self.token.lifetime_ms

    def evaluate(self, message: bytes) -> bytes:
        if message == SEPARATOR.encode() and self._error_status is not None:
            raise SaslFailure(self._error_status)
        self._error_status = None
        first = parse_client_first(message)
        try:
            token = self.validate(first.token)
        except TokenRefused as refused:
            self._error_status = refused.json_status()
            log.info("OAUTHBEARER token refused (%s): %s", self._error_status, refused)
            return self._error_status.encode()
        if first.authorization_id and first.authorization_id != token.principal_name:
            raise SaslFailure(f"Authentication failed: Client requested an authorization id "
                              f"({first.authorization_id}) that is different from the token's principal name "
                              f"({token.principal_name})")
        self.token, self.extensions = token, first.extensions
        self.authorization_id = token.principal_name
        self.complete = True
        return b""
