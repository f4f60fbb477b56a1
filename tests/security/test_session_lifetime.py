"""The session lifetime a SaslAuthenticator answers (KIP-368, Kafka's SaslServerAuthenticator): the mechanism's
connections.max.reauth.ms, bounded by the credential's own expiry (CREDENTIAL.LIFETIME.MS) when the mechanism's
server reports one, as OAUTHBEARER and delegation-token SCRAM do."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from kbroker.security.sasl.authenticator import SaslAuthenticator


class _OneStepServer:
    """A mechanism's server side that completes on its first message, with the credential expiry it is given."""

    mechanism = "TEST"

    def __init__(self, credential_expiry_ms: int | None) -> None:
        self.credential_expiry_ms = credential_expiry_ms
        self.complete = False
        self.authorization_id = "alice"
        self.token_authenticated = False

    def evaluate(self, token: bytes) -> bytes:
        self.complete = True
        return b""


def _lifetime(max_reauth_ms: int, expiry_in_ms: int | None) -> int:
    expiry = None if expiry_in_ms is None else int(time.time() * 1000) + expiry_in_ms
    authenticator = SaslAuthenticator({"TEST": lambda: _OneStepServer(expiry)}, {"TEST": max_reauth_ms})
    assert authenticator.handshake(1, SimpleNamespace(mechanism="TEST")).error_code == 0
    response = authenticator.authenticate(SimpleNamespace(auth_bytes=b"x"), version=1, now_s=100.0)
    assert response.error_code == 0
    return response.session_lifetime_ms


@pytest.mark.parametrize(("max_reauth_ms", "expiry_in_ms", "low", "high"), [
    (0, None, 0, 0),  # neither: no session limit
    (5_000, None, 5_000, 5_000),  # only the config
    (0, 60_000, 55_000, 60_000),  # only the credential: its remaining life
    (5_000, 60_000, 5_000, 5_000),  # both: the smaller
    (120_000, 60_000, 55_000, 60_000),
    (5_000, -1_000, 0, 0),  # an already expired credential: zero, not negative
])
def test_the_session_lifetime_is_the_config_bounded_by_the_credential(max_reauth_ms, expiry_in_ms, low, high):
    assert low <= _lifetime(max_reauth_ms, expiry_in_ms) <= high
