"""Delegation tokens in authentication (kbroker/security/delegation_tokens.py, the tokenauth extension of
kbroker/security/sasl/scram.py): the HMAC as Kafka computes it, and a SCRAM exchange with the token's password
that authenticates the token's owner."""

from __future__ import annotations

import base64

import pytest

from kbroker.security import scram_credentials as sc
from kbroker.security.delegation_tokens import TokenCredentials, token_hmac, token_password
from kbroker.security.sasl.mechanism import SaslFailure
from kbroker.security.sasl.scram import ScramServer

# Minted by Apache Kafka 4.3.1 with delegation.token.secret.key=compat-secret-key (compat_tests/test_delegation_tokens)
KAFKA_TOKEN_ID = "6JEhIfYHSO-D4cAJPsTY7g"
KAFKA_HMAC = "XjitN94Zklhr1B3pJCLCb3f00jXHRjnSkrvkegyzhntNMbski9Kcd+tGkSSwYhciEdiMkmNYBfDvHGleMqM1Hg=="


def test_the_hmac_is_kafkas():
    assert token_password(token_hmac("compat-secret-key", KAFKA_TOKEN_ID)) == KAFKA_HMAC
    assert token_hmac("another-key", KAFKA_TOKEN_ID) != base64.b64decode(KAFKA_HMAC)


def test_token_credentials_are_derived_once_per_token_and_dropped_with_it():
    credentials = TokenCredentials()
    hmac = base64.b64decode(KAFKA_HMAC)
    first = credentials.credential(KAFKA_TOKEN_ID, sc.SCRAM_SHA_512, hmac)
    assert credentials.credential(KAFKA_TOKEN_ID, sc.SCRAM_SHA_512, hmac) is first
    assert first.iterations == sc.MIN_ITERATIONS
    credentials.retain([])
    assert credentials.credential(KAFKA_TOKEN_ID, sc.SCRAM_SHA_512, hmac) is not first


def _client_exchange(server: ScramServer, user: str, password: str, extensions: str) -> bytes:
    scram = server.scram
    bare = f"n={user},r=clientnonce{extensions}"
    server_first = server.evaluate(f"n,,{bare}".encode()).decode()
    fields = dict(item.split("=", 1) for item in server_first.split(","))
    salted = scram.salted_password(password.encode(), base64.b64decode(fields["s"]), int(fields["i"]))
    client_key = scram.client_key(salted)
    without_proof = f"c=biws,r={fields['r']}"
    signature = scram.hmac(scram.stored_key(client_key), f"{bare},{server_first},{without_proof}".encode())
    proof = base64.b64encode(bytes(a ^ b for a, b in zip(client_key, signature, strict=True))).decode()
    return server.evaluate(f"{without_proof},p={proof}".encode())


TOKEN_EXPIRY_MS = 1_900_000_000_000


def _server(mechanism=sc.SCRAM_SHA_256) -> ScramServer:
    credentials = TokenCredentials()
    hmac = token_hmac("k", "tok-1")

    def tokens(token_id, scram):
        if token_id != "tok-1":
            return None
        return credentials.credential(token_id, scram, hmac), "alice", TOKEN_EXPIRY_MS

    return ScramServer(mechanism, lambda user, scram: None, token_lookup=tokens)


@pytest.mark.parametrize("mechanism", [sc.SCRAM_SHA_256, sc.SCRAM_SHA_512])
def test_tokenauth_authenticates_the_owner(mechanism):
    server = _server(mechanism)
    assert _client_exchange(server, "tok-1", token_password(token_hmac("k", "tok-1")), ",tokenauth=true")
    assert server.complete and server.authorization_id == "alice" and server.token_authenticated
    assert server.credential_expiry_ms == TOKEN_EXPIRY_MS  # the session lifetime's bound (KIP-368)


def test_tokenauth_refusals():
    with pytest.raises(SaslFailure):  # unknown token
        _client_exchange(_server(), "tok-2", "x", ",tokenauth=true")
    with pytest.raises(SaslFailure):  # the token id is no user
        _client_exchange(_server(), "tok-1", token_password(token_hmac("k", "tok-1")), "")
    with pytest.raises(SaslFailure):  # another extension
        _client_exchange(_server(), "tok-1", token_password(token_hmac("k", "tok-1")), ",tokenauth=true,x=1")
    with pytest.raises(SaslFailure):  # a wrong password
        _client_exchange(_server(), "tok-1", "wrong", ",tokenauth=true")
    plain = ScramServer(sc.SCRAM_SHA_256, lambda user, scram: None)
    with pytest.raises(SaslFailure):  # a listener without tokens
        _client_exchange(plain, "tok-1", "x", ",tokenauth=true")
