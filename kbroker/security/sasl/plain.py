"""SASL/PLAIN on the server (RFC 4616 as Kafka's PlainSaslServer reads it), users from the JAAS options.

The client's one message is `[authzid] NUL username NUL password` in UTF-8. Kafka splits it at the first two NULs
(anything after a third is dropped), refuses an empty username or password, checks the password of
`user_<username>` in the listener's PLAIN JAAS config in constant time, and refuses an authorization id other than
the username (CVE-2017-12610). A bad password and an unknown user fail alike.
"""

from __future__ import annotations

import hmac

from kbroker.security.sasl.jaas import login_module_options
from kbroker.security.sasl.mechanism import SaslFailure

MECHANISM = "PLAIN"


def users_from_jaas(jaas_config: str) -> dict[str, bytes]:
    _, options = login_module_options(jaas_config)
    return {key[len("user_"):]: value.encode() for key, value in options.items() if key.startswith("user_")}


def _split3(text: str) -> list[str]:
    parts = ["", "", ""]
    start = 0
    for i in range(3):
        end = text.find("\0", start)
        if end == -1:
            parts[i] = text[start:]
            break
        parts[i] = text[start:end]
        start = end + 1
    return parts


class PlainServer:
    """One PLAIN exchange: a single client message, then complete or failed."""

    mechanism = MECHANISM

    def __init__(self, users: dict[str, bytes]) -> None:
        self.users = users
        self.complete = False
        self.authorization_id: str | None = None

    def evaluate(self, token: bytes) -> bytes:
        authzid, username, password = _split3(token.decode("utf-8", "replace"))
        if not username:
            raise SaslFailure("Authentication failed: username not specified", public=False)
        if not password:
            raise SaslFailure("Authentication failed: password not specified", public=False)
        expected = self.users.get(username)
        # Compare even for an unknown user, so the answer takes as long either way.
        matches = hmac.compare_digest(password.encode(), expected if expected is not None else b"\0" * 32)
        if expected is None or not matches:
            raise SaslFailure("Authentication failed: Invalid username or password")
        if authzid and authzid != username:
            raise SaslFailure("Authentication failed: Client requested an authorization id that is different "
                              "from username")
        self.authorization_id = username
        self.complete = True
        return b""
