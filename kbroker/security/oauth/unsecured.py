"""Kafka's unsecured JWS validator (OAuthBearerUnsecuredValidatorCallbackHandler), the default OAUTHBEARER
validator of a listener that names no `sasl.server.callback.handler.class`. For development only, as Kafka says:
the token is a JWS with `alg` "none" and an empty signature, so anyone can write one.

Options come from the listener's OAUTHBEARER JAAS config:
- `unsecuredValidatorPrincipalClaimName` (default `sub`): the string claim naming the principal;
- `unsecuredValidatorScopeClaimName` (default `scope`): the string or string-list claim holding the scope;
- `unsecuredValidatorRequiredScope`: space-separated scope values every token must carry (else
  `insufficient_scope`, with the required list as `scope`);
- `unsecuredValidatorAllowableClockSkewMs` (default 0, never negative).
Checks, in Kafka's order: three dot-separated parts without `..`, JSON header and claims, `alg` "none", no
signature, `exp` a number, the principal claim a non-blank string, `iat` (if present) not after now plus the skew,
now minus the skew before `exp`, `exp` after `iat`, then the required scope. Claim values are read as Kafka's
Jackson conversion leaves them: numbers stay numbers, arrays become lists of their elements' text, anything else
becomes its text (`true`, `null`, an object's empty text).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from typing import Any

from kbroker.security.oauth.jws import json_object, split_compact
from kbroker.security.sasl.oauthbearer import BearerToken, TokenRefused

OPTION_PREFIX = "unsecuredValidator"
_SCOPE_ITEM = re.compile(r"[\x21\x23-\x5b\x5d-\x7e]+")


class UnsecuredConfigError(ValueError):
    """An option Kafka's unsecured validator refuses."""


def _text(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, list):
        return [item if isinstance(item, str) else _element_text(item) for item in value]
    if isinstance(value, str):
        return value
    return "null" if value is None else ""


def _element_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value) if isinstance(value, float) else str(value)
    return "null" if value is None else ""


def _type_name(value: Any) -> str:
    if isinstance(value, list):
        return "ArrayList"
    if isinstance(value, float):
        return "Double"
    if isinstance(value, int):
        return "Integer" if -2**31 <= value < 2**31 else "Long"
    return "String"


def _claim(claims: dict[str, Any], name: str, kind: type, kind_name: str):
    value = claims.get(name)
    if value is None or isinstance(value, kind) and not isinstance(value, bool):
        return value
    raise TokenRefused(f"The '{name}' claim was not of type {kind_name}: {_type_name(value)}")


def parse_scope(text: str) -> list[str]:
    """A space-separated scope (RFC 6749 section 3.3), as Kafka's OAuthBearerScopeUtils reads it."""
    items = [item for item in text.split(" ") if item]
    for item in items:
        if not _SCOPE_ITEM.fullmatch(item):
            raise UnsecuredConfigError(f"Invalid scope value: {item}")
    return items


def java_round_ms(seconds: float) -> int:
    """Seconds to milliseconds as Java's Math.round does (half up)."""
    return math.floor(seconds * 1000 + 0.5)


def java_list(items: list[str]) -> str:
    """A list as Java's List.toString prints it."""
    return "[" + ", ".join(items) + "]"


def _seconds(value: float) -> str:
    return f"{float(value):f}"


class UnsecuredValidator:
    """Validates unsecured JWS tokens with the options of one listener's JAAS config."""

    def __init__(self, options: dict[str, str], now_ms: Callable[[], float] = lambda: time.time() * 1000) -> None:
        def option(name: str, default: str) -> str:
            value = (options.get(OPTION_PREFIX + name) or "").strip()
            return value or default

        self.principal_claim = option("PrincipalClaimName", "sub")
        self.scope_claim = option("ScopeClaimName", "scope")
        required = option("RequiredScope", "")
        self.required_scope = parse_scope(required) if required else []
        skew = option("AllowableClockSkewMs", "0")
        try:
            self.clock_skew_ms = int(skew)
        except ValueError:
            raise UnsecuredConfigError(f"{OPTION_PREFIX}AllowableClockSkewMs is not an integer: {skew}") from None
        if self.clock_skew_ms < 0:
            raise UnsecuredConfigError(f"Allowable clock skew millis must not be negative: {skew}")
        self.now_ms = now_ms

    def __call__(self, token: str) -> BearerToken:
        if ".." in token:
            raise TokenRefused("Malformed compact serialization contains '..'")
        header_part, claims_part, signature = split_compact(token)
        header = {k: _text(v) for k, v in json_object(header_part).items()}
        claims = {k: _text(v) for k, v in json_object(claims_part).items()}
        if "alg" not in header:
            raise TokenRefused("JWS header must have an Algorithm value")
        if header["alg"] != "none":
            raise TokenRefused("Unsecured JWS must have 'none' for an algorithm")
        if signature:
            raise TokenRefused("Unsecured JWS must not contain a digital signature")
        scope = self._scope(claims)
        expiration = _claim(claims, "exp", (int, float), "Number")
        if expiration is None:
            raise TokenRefused("No expiration time in JWT")
        principal = _claim(claims, self.principal_claim, str, "String")
        if principal is None or not principal.strip():
            raise TokenRefused(f"No principal name in JWT claim: {self.principal_claim}")
        issued_at = _claim(claims, "iat", (int, float), "Number")
        now = int(self.now_ms())
        if issued_at is not None and 1000 * issued_at > now + self.clock_skew_ms:
            raise TokenRefused(f"The Issued At value ({_seconds(issued_at)} seconds) was after the indicated time "
                               f"({now} ms) plus allowable clock skew ({self.clock_skew_ms} ms)")
        if now - self.clock_skew_ms >= 1000 * expiration:
            raise TokenRefused(f"The indicated time ({now} ms) minus allowable clock skew ({self.clock_skew_ms} ms) "
                               f"was on or after the Expiration Time value ({_seconds(expiration)} seconds)")
        if issued_at is not None and expiration <= issued_at:
            raise TokenRefused(f"The Expiration Time time ({_seconds(expiration)} seconds) was not after the Issued "
                               f"At time ({_seconds(issued_at)} seconds)")
        for required in self.required_scope:
            if required not in scope:
                raise TokenRefused(
                    f"The provided scope ({java_list(sorted(scope))}) was missing a required scope ({required}).  "
                    f"All required scope elements: {java_list(self.required_scope)}",
                    status="insufficient_scope", scope=java_list(self.required_scope))
        return BearerToken(value=token, principal_name=principal, lifetime_ms=java_round_ms(expiration),
                           scope=frozenset(scope),
                           start_time_ms=None if issued_at is None else java_round_ms(issued_at))

    def _scope(self, claims: dict[str, Any]) -> set[str]:
        value = claims.get(self.scope_claim)
        if isinstance(value, str):
            return {value.strip()} if value.strip() else set()
        items = _claim(claims, self.scope_claim, list, "List")
        return {item.strip() for item in items or () if item.strip()}
