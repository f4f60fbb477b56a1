"""SCRAM credentials (RFC 5802 as Kafka's ScramFormatter computes them): what is stored for a user and mechanism.

Kafka stores, per user and mechanism, the salt, the iteration count, StoredKey = H(HMAC(SaltedPassword, "Client
Key")) and ServerKey = HMAC(SaltedPassword, "Server Key"), where SaltedPassword = PBKDF2-HMAC(password, salt,
iterations). AlterUserScramCredentials carries the salted password (the client computes it), so the password
itself never reaches the broker; `kbroker format --add-scram` takes the password and salts it here.
Mechanism type numbers are those of AlterUserScramCredentials and UserScramCredentialRecord.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

import attrs

MIN_ITERATIONS = 4096
MAX_ITERATIONS = 16384  # ScramControlManager.MAX_ITERATIONS


@attrs.frozen
class ScramMechanism:
    name: str
    type: int
    hash_name: str

    def hmac(self, key: bytes, data: bytes) -> bytes:
        return hmac.new(key, data, self.hash_name).digest()

    def hash(self, data: bytes) -> bytes:
        return hashlib.new(self.hash_name, data).digest()

    def salted_password(self, password: bytes, salt: bytes, iterations: int) -> bytes:
        return hashlib.pbkdf2_hmac(self.hash_name, password, salt, iterations)

    def client_key(self, salted_password: bytes) -> bytes:
        return self.hmac(salted_password, b"Client Key")

    def stored_key(self, client_key: bytes) -> bytes:
        return self.hash(client_key)

    def server_key(self, salted_password: bytes) -> bytes:
        return self.hmac(salted_password, b"Server Key")


SCRAM_SHA_256 = ScramMechanism("SCRAM-SHA-256", 1, "sha256")
SCRAM_SHA_512 = ScramMechanism("SCRAM-SHA-512", 2, "sha512")
BY_NAME = {m.name: m for m in (SCRAM_SHA_256, SCRAM_SHA_512)}
BY_TYPE = {m.type: m for m in (SCRAM_SHA_256, SCRAM_SHA_512)}


@attrs.frozen(repr=False)
class ScramCredential:
    salt: bytes
    stored_key: bytes
    server_key: bytes
    iterations: int

    def __repr__(self) -> str:  # never print key material
        return f"ScramCredential(iterations={self.iterations})"


def from_salted_password(mechanism: ScramMechanism, salt: bytes, salted_password: bytes,
                         iterations: int) -> ScramCredential:
    return ScramCredential(salt=salt, stored_key=mechanism.stored_key(mechanism.client_key(salted_password)),
                           server_key=mechanism.server_key(salted_password), iterations=iterations)


def from_password(mechanism: ScramMechanism, password: str, iterations: int = MIN_ITERATIONS,
                  salt: bytes | None = None) -> ScramCredential:
    salt = salt if salt is not None else secrets.token_bytes(32)
    return from_salted_password(mechanism, salt, mechanism.salted_password(password.encode(), salt, iterations),
                                iterations)
