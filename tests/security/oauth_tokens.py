"""Tokens for the OAUTHBEARER tests: unsecured JWS (alg none) and JWTs signed with RSA or EC keys the test makes,
the JWKS document that publishes those keys, and the RFC 7628 client-first message that carries a token."""

from __future__ import annotations

import base64
import json
import time

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _json_part(value: dict) -> str:
    return b64url(json.dumps(value, separators=(",", ":")).encode())


def unsecured_token(claims: dict | None = None, *, sub: str = "alice", lifetime_s: float = 3600,
                    header: dict | None = None) -> str:
    now = int(time.time() * 1000) / 1000  # whole milliseconds, as Kafka's login module writes them
    body = {"sub": sub, "iat": now, "exp": now + lifetime_s, **(claims or {})}
    return f"{_json_part(header or {'alg': 'none'})}.{_json_part(body)}."


def client_first(token: str, authzid: str = "", extensions: dict | None = None) -> bytes:
    pairs = "".join(f"{key}={value}\x01" for key, value in (extensions or {}).items())
    return f"n,{'a=' + authzid if authzid else ''},\x01auth=Bearer {token}\x01{pairs}\x01".encode()


class SigningKey:
    """An RSA (RS256) or EC P-256 (ES256) key pair with a key id."""

    def __init__(self, kid: str, kind: str = "RSA") -> None:
        self.kid, self.kind = kid, kind
        self.private = rsa.generate_private_key(65537, 2048) if kind == "RSA" else ec.generate_private_key(
            ec.SECP256R1())
        self.alg = "RS256" if kind == "RSA" else "ES256"

    def jwk(self) -> dict:
        numbers = self.private.public_key().public_numbers()
        if self.kind == "RSA":
            return {"kty": "RSA", "kid": self.kid, "use": "sig", "alg": "RS256",
                    "n": b64url(numbers.n.to_bytes((numbers.n.bit_length() + 7) // 8, "big")),
                    "e": b64url(numbers.e.to_bytes(3, "big"))}
        return {"kty": "EC", "kid": self.kid, "crv": "P-256", "use": "sig",
                "x": b64url(numbers.x.to_bytes(32, "big")), "y": b64url(numbers.y.to_bytes(32, "big"))}

    def sign(self, claims: dict, header: dict | None = None) -> str:
        head = _json_part({"alg": self.alg, "typ": "JWT", "kid": self.kid, **(header or {})})
        signing_input = f"{head}.{_json_part(claims)}".encode()
        if self.kind == "RSA":
            signature = self.private.sign(signing_input, padding.PKCS1v15(), hashes.SHA256())
        else:
            r, s = decode_dss_signature(self.private.sign(signing_input, ec.ECDSA(hashes.SHA256())))
            signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
        return f"{signing_input.decode()}.{b64url(signature)}"

    def token(self, sub: str = "alice", lifetime_s: float = 3600, **claims) -> str:
        now = int(time.time())
        return self.sign({"sub": sub, "iat": now, "exp": now + lifetime_s, **claims})


def jwks_document(*keys: SigningKey) -> bytes:
    return json.dumps({"keys": [key.jwk() for key in keys]}).encode()
