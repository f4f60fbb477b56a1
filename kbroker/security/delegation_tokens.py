"""Delegation tokens as Kafka computes and stores them (KIP-48; Kafka's TokenInformation, DelegationTokenCache and
DelegationTokenControlManager.createHmac): a leaf module of values and pure functions.

- A token's HMAC is HmacSHA512 over the UTF-8 token id, keyed with the UTF-8 bytes of `delegation.token.secret.key`;
  clients use the token id as SCRAM user name and the base64 of the HMAC as password, so a token minted by Kafka
  with the same secret is the same token here.
- Its SCRAM credential, per mechanism, is derived from that password with a random salt and the mechanism's minimum
  iterations (4096), as DelegationTokenCache.updateCache does; `TokenCredentials` keeps one per token, mechanism
  and HMAC, so the PBKDF2 work is done once per token, not per connection.
- Principals are kept as Kafka's records write them: "Type:name" strings (KafkaPrincipal.toString).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import threading

import attrs

from kbroker.security.scram_credentials import MIN_ITERATIONS, ScramCredential, ScramMechanism, from_password

SECRET_KEY = "delegation.token.secret.key"
MAX_LIFETIME_MS = "delegation.token.max.lifetime.ms"
EXPIRY_TIME_MS = "delegation.token.expiry.time.ms"
EXPIRY_CHECK_INTERVAL_MS = "delegation.token.expiry.check.interval.ms"
USER_TYPE = "User"


@attrs.frozen
class TokenInformation:
    """One token as DelegationTokenRecord holds it (owner, requester and renewers as "Type:name")."""

    token_id: str
    owner: str
    requester: str
    renewers: tuple[str, ...]
    issue_timestamp: int
    max_timestamp: int
    expiry_timestamp: int

    def expired(self, now_ms: int) -> bool:
        return self.max_timestamp < now_ms or self.expiry_timestamp < now_ms

    def owner_or_renewer(self, principal: str) -> bool:
        """TokenInformation.ownerOrRenewer: who may see the token as their own (its requester too)."""
        return principal in (self.owner, self.requester) or principal in self.renewers

    def may_renew(self, principal: str) -> bool:
        """DelegationTokenControlManager.allowedToRenew: the owner or a renewer (not the requester)."""
        return principal == self.owner or principal in self.renewers


@attrs.frozen
class TokenSettings:
    """The delegation.token.* configs; `secret` None when tokens are disabled."""

    secret: str | None
    max_lifetime_ms: int = 7 * 24 * 3600 * 1000
    expiry_time_ms: int = 24 * 3600 * 1000
    expiry_check_interval_ms: int = 3600 * 1000

    @property
    def enabled(self) -> bool:
        return self.secret is not None

    @classmethod
    def from_config(cls, config) -> TokenSettings:
        secret = config.get(SECRET_KEY)
        return cls(secret=str(secret) if secret else None, max_lifetime_ms=int(config[MAX_LIFETIME_MS]),
                   expiry_time_ms=int(config[EXPIRY_TIME_MS]),
                   expiry_check_interval_ms=int(config[EXPIRY_CHECK_INTERVAL_MS]))


def token_hmac(secret: str, token_id: str) -> bytes:
    """The token's HMAC (DelegationTokenControlManager.createHmac)."""
    return hmac.new(secret.encode(), token_id.encode(), hashlib.sha512).digest()


def token_password(hmac_bytes: bytes) -> str:
    """What a client authenticates with: the base64 of the HMAC (DelegationToken.hmacAsBase64String)."""
    return base64.b64encode(hmac_bytes).decode()


def split_principal(text: str) -> tuple[str, str]:
    """("User", "alice") from "User:alice" (SecurityUtils.parseKafkaPrincipal)."""
    principal_type, _, name = text.partition(":")
    return principal_type, name


class TokenCredentials:
    """SCRAM credentials of tokens, derived once per (token id, mechanism, HMAC) and kept until `retain` drops
    the tokens that are gone. Thread-safe: connections of any listener ask."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_key: dict[tuple[str, int, bytes], ScramCredential] = {}

    def credential(self, token_id: str, mechanism: ScramMechanism, hmac_bytes: bytes) -> ScramCredential:
        key = (token_id, mechanism.type, hmac_bytes)
        with self._lock:
            found = self._by_key.get(key)
        if found is None:
            found = from_password(mechanism, token_password(hmac_bytes), MIN_ITERATIONS)
            with self._lock:
                found = self._by_key.setdefault(key, found)
        return found

    def retain(self, token_ids) -> None:
        keep = set(token_ids)
        with self._lock:
            for key in [k for k in self._by_key if k[0] not in keep]:
                del self._by_key[key]
