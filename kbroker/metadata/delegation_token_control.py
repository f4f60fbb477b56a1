"""CreateDelegationToken, RenewDelegationToken and ExpireDelegationToken on the controller, and the sweep of expired
tokens (Kafka's DelegationTokenControlManager): pure functions of the image, the delegation.token.* settings, the
requesting principal and the time, returning the response fields and the records to append.

- Create: DELEGATION_TOKEN_AUTH_DISABLED without a secret key; a renewer whose type is not User is
  INVALID_PRINCIPAL_TYPE. The owner is the request's (v3) owner when named, else the requester. The token lives
  min(requested max lifetime when > 0, delegation.token.max.lifetime.ms) and must be renewed within
  delegation.token.expiry.time.ms (never past its max). Its id is a random Kafka Uuid (base64url); its HMAC is the
  secret's.
- Renew finds the token by HMAC (DELEGATION_TOKEN_NOT_FOUND), refuses an expired one (DELEGATION_TOKEN_EXPIRED) and
  anyone but its owner or a renewer (DELEGATION_TOKEN_OWNER_MISMATCH), and moves the expiry to now + min(period
  when > 0, expiry.time.ms), capped at the max.
- Expire checks the HMAC, then the owner or renewer; a negative period removes the token at once (even an expired
  one; the answer's expiry is now, as Kafka 4.3.1 answers), else an expired token is DELEGATION_TOKEN_EXPIRED and
  the expiry becomes min(now + period, max).
- Sweep: a RemoveDelegationTokenRecord for every token past its expiry or max timestamp, at most 1000 per run
  (the rest in the next, at once).
Sums of times saturate at Long.MAX_VALUE as Kafka's do.
Error answers carry Kafka's defaults (timestamps 0, empty id and HMAC).
"""

from __future__ import annotations

import hmac
import logging

import attrs

from kbroker.kafka_uuid import kafka_uuid_string, random_kafka_uuid
from kbroker.metadata import record_versions as V
from kbroker.metadata.image import MetadataImage, token_record
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.metadata.remove_delegation_token_record import RemoveDelegationTokenRecord
from kbroker.security.delegation_tokens import USER_TYPE, TokenInformation, TokenSettings, token_hmac

log = logging.getLogger(__name__)
LONG_MAX = (1 << 63) - 1
SWEEP_BATCH = 1000  # DelegationTokenControlManager: removals per sweep event


def _sum(a: int, b: int) -> int:
    return min(a + b, LONG_MAX)


@attrs.frozen
class Created:
    """CreateDelegationTokenResponse's fields (owner and requester as (type, name))."""

    error_code: int
    owner: tuple[str, str]
    requester: tuple[str, str]
    issue_timestamp_ms: int = 0
    expiry_timestamp_ms: int = 0
    max_timestamp_ms: int = 0
    token_id: str = ""
    hmac: bytes = b""


def _text(principal: tuple[str, str]) -> str:
    return f"{principal[0]}:{principal[1]}"


def create(image: MetadataImage, settings: TokenSettings, requester: tuple[str, str], request,
           now_ms: int) -> tuple[Created, list[MetadataRecord]]:
    owner_name = getattr(request, "owner_principal_name", None)
    owner = (request.owner_principal_type, owner_name) if owner_name else requester
    if not settings.enabled:
        return Created(errors.DELEGATION_TOKEN_AUTH_DISABLED.code, owner, requester), []
    max_lifetime = settings.max_lifetime_ms
    if request.max_lifetime_ms > 0:
        max_lifetime = min(max_lifetime, request.max_lifetime_ms)
    max_timestamp = _sum(now_ms, max_lifetime)
    expiry_timestamp = min(max_timestamp, _sum(now_ms, settings.expiry_time_ms))
    token_id = kafka_uuid_string(random_kafka_uuid())  # Uuid.randomUuid().toString()
    renewers = []
    for renewer in request.renewers:
        if renewer.principal_type != USER_TYPE:
            return Created(errors.INVALID_PRINCIPAL_TYPE.code, owner, requester), []
        renewers.append(f"{renewer.principal_type}:{renewer.principal_name}")
    token = TokenInformation(token_id=token_id, owner=_text(owner), requester=_text(requester),
                             renewers=tuple(renewers), issue_timestamp=now_ms, max_timestamp=max_timestamp,
                             expiry_timestamp=expiry_timestamp)
    created = Created(errors.NONE.code, owner, requester, issue_timestamp_ms=now_ms,
                      expiry_timestamp_ms=expiry_timestamp, max_timestamp_ms=max_timestamp, token_id=token_id,
                      hmac=token_hmac(settings.secret, token_id))
    return created, [MetadataRecord(token_record(token), V.DELEGATION_TOKEN_RECORD)]


def token_for_hmac(image: MetadataImage, secret: str, hmac_bytes: bytes) -> TokenInformation | None:
    """The token whose HMAC under `secret` is `hmac_bytes` (DelegationTokenCache.tokenForHmac)."""
    for token in image.delegation_tokens.values():
        if hmac.compare_digest(token_hmac(secret, token.token_id), hmac_bytes):
            return token
    return None


def _usable_token(image: MetadataImage, settings: TokenSettings, requester: tuple[str, str], hmac_bytes: bytes,
                  now_ms: int | None) -> tuple[int, TokenInformation | None]:
    """The checks Renew and Expire share: (error code, the token when it passed them); the expiry is checked
    when `now_ms` is given (Renew checks it before the owner, Expire after)."""
    if not settings.enabled:
        return errors.DELEGATION_TOKEN_AUTH_DISABLED.code, None
    token = token_for_hmac(image, settings.secret, bytes(hmac_bytes))
    if token is None:
        return errors.DELEGATION_TOKEN_NOT_FOUND.code, None
    if now_ms is not None and token.expired(now_ms):
        return errors.DELEGATION_TOKEN_EXPIRED.code, None
    if not token.may_renew(_text(requester)):
        return errors.DELEGATION_TOKEN_OWNER_MISMATCH.code, None
    return errors.NONE.code, token


def renew(image: MetadataImage, settings: TokenSettings, requester: tuple[str, str], request,
          now_ms: int) -> tuple[tuple[int, int], list[MetadataRecord]]:
    """((error code, new expiry timestamp), records)."""
    code, token = _usable_token(image, settings, requester, request.hmac, now_ms)
    if token is None:
        return (code, 0), []
    period = settings.expiry_time_ms
    if request.renew_period_ms > 0:
        period = min(period, request.renew_period_ms)
    expiry = min(token.max_timestamp, now_ms + period)
    renewed = attrs.evolve(token, expiry_timestamp=expiry)
    return (errors.NONE.code, expiry), [MetadataRecord(token_record(renewed), V.DELEGATION_TOKEN_RECORD)]


def expire(image: MetadataImage, settings: TokenSettings, requester: tuple[str, str], request,
           now_ms: int) -> tuple[tuple[int, int], list[MetadataRecord]]:
    """((error code, expiry timestamp), records); a negative period removes the token now."""
    code, token = _usable_token(image, settings, requester, request.hmac, None)
    if token is None:
        return (code, 0), []
    if request.expiry_time_period_ms < 0:
        return (errors.NONE.code, now_ms), [
            MetadataRecord(RemoveDelegationTokenRecord(token_id=token.token_id), V.REMOVE_DELEGATION_TOKEN_RECORD)]
    if token.expired(now_ms):
        return (errors.DELEGATION_TOKEN_EXPIRED.code, 0), []
    expiry = min(token.max_timestamp, _sum(now_ms, request.expiry_time_period_ms))
    expired = attrs.evolve(token, expiry_timestamp=expiry)
    return (errors.NONE.code, expiry), [MetadataRecord(token_record(expired), V.DELEGATION_TOKEN_RECORD)]


def sweep_expired(image: MetadataImage, now_ms: int) -> list[MetadataRecord]:
    """RemoveDelegationTokenRecords for the tokens past their expiry or max timestamp (at most SWEEP_BATCH)."""
    records = []
    for token in image.delegation_tokens.values():
        if len(records) == SWEEP_BATCH:
            break
        if token.expired(now_ms):
            log.info("Delegation token expired for token: %s for owner: %s", token.token_id, token.owner)
            records.append(MetadataRecord(RemoveDelegationTokenRecord(token_id=token.token_id),
                                          V.REMOVE_DELEGATION_TOKEN_RECORD))
    return records
