"""Signed JWT access tokens checked against a JWKS: Kafka's OAuthBearerValidatorCallbackHandler with its default
BrokerJwtValidator (and the jose4j JwtConsumer it builds).

Checks, in that order: three dot-separated parts; a JSON header whose `alg` is a signature algorithm kbroker
verifies (RS256/384/512, PS256/384/512, ES256/384/512; `none` is refused); a key of the JWKS that fits the header
(its `kid` if the header names one, the key type and curve of the algorithm, `use` sig or absent, `alg` equal or
absent, `key_ops` with verify or absent; an RSA key of at least 2048 bits), whose signature over
`header.payload` verifies; JSON claims with numeric `exp` and `iat`; now (whole seconds) before `exp` plus
`sasl.oauthbearer.clock.skew.seconds` (default 30) and not before `nbf` minus the skew; the audience: with
`sasl.oauthbearer.expected.audience` set, `aud` must name one of them, without it a token that has an `aud` is
refused (jose4j's default); with `sasl.oauthbearer.expected.issuer` set, `iss` must equal it. Then Kafka's own
claim checks: the `sasl.oauthbearer.scope.claim.name` claim (default `scope`; a string or a list, absent means no
scope) has no blank or duplicate value, and the `sasl.oauthbearer.sub.claim.name` claim (default `sub`) is a
non-blank string, the principal's name. Every refusal answers `{"status":"invalid_token"}`; the reason is logged.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from kbroker.security.oauth.jwks import Jwk
from kbroker.security.oauth.jws import b64url_decode, json_object, split_compact
from kbroker.security.oauth.unsecured import java_list, java_round_ms
from kbroker.security.sasl.oauthbearer import BearerToken, TokenRefused

_HASHES = {"256": hashes.SHA256, "384": hashes.SHA384, "512": hashes.SHA512}
_EC_CURVES = {"ES256": "P-256", "ES384": "P-384", "ES512": "P-521"}
_EC_SIZES = {"P-256": 32, "P-384": 48, "P-521": 66}
MIN_RSA_BITS = 2048
SUPPORTED_ALGORITHMS = ("RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512")


@attrs.frozen
class JwtRules:
    """The broker's JWT settings (Kafka's names in the comments)."""

    expected_audience: tuple[str, ...] = ()  # sasl.oauthbearer.expected.audience
    expected_issuer: str | None = None  # sasl.oauthbearer.expected.issuer
    clock_skew_s: int = 30  # sasl.oauthbearer.clock.skew.seconds
    scope_claim: str = "scope"  # sasl.oauthbearer.scope.claim.name
    sub_claim: str = "sub"  # sasl.oauthbearer.sub.claim.name


def _kty(alg: str) -> str:
    return "EC" if alg.startswith("ES") else "RSA"


def _fits(jwk: Jwk, alg: str, kid: str | None) -> bool:
    if kid is not None and jwk.kid != kid:
        return False
    if jwk.kty != _kty(alg) or jwk.use not in (None, "sig") or jwk.alg not in (None, alg):
        return False
    if jwk.key_ops is not None and "verify" not in jwk.key_ops:
        return False
    return jwk.kty != "EC" or jwk.crv == _EC_CURVES[alg]


def verify_signature(jwk: Jwk, alg: str, signing_input: bytes, signature: bytes) -> bool:
    """Whether `signature` is `jwk`'s signature of `signing_input` with JWS algorithm `alg`."""
    digest = _HASHES[alg[2:]]()
    try:
        if alg.startswith("ES"):
            size = _EC_SIZES[jwk.crv]
            if len(signature) != 2 * size:
                return False
            der = encode_dss_signature(int.from_bytes(signature[:size], "big"),
                                       int.from_bytes(signature[size:], "big"))
            jwk.key.verify(der, signing_input, ec.ECDSA(digest))
        elif alg.startswith("PS"):
            jwk.key.verify(signature, signing_input,
                           padding.PSS(mgf=padding.MGF1(digest), salt_length=digest.digest_size), digest)
        else:
            jwk.key.verify(signature, signing_input, padding.PKCS1v15(), digest)
    except InvalidSignature:
        return False
    return True


def _number(claims: dict[str, Any], name: str, label: str) -> float:
    value = claims.get(name)
    if value is None:
        raise TokenRefused(f"No {label} ({name}) claim present.")
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TokenRefused(f"The value of the '{name}' claim is not the expected type ({value!r})")
    return value


def _audiences(claims: dict[str, Any]) -> list[str] | None:
    value = claims.get("aud")
    if value is None:
        return None
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    raise TokenRefused(f"The value of the 'aud' claim is not the expected type ({value!r})")


class JwtValidator:
    """Validates signed JWT access tokens with the keys `keys()` returns; `key_missing(kid)` hears of a key id the
    keys lack (the JWKS source refreshes early)."""

    def __init__(self, rules: JwtRules, keys: Callable[[], Sequence[Jwk]],
                 key_missing: Callable[[str | None], None] = lambda kid: None,
                 now_ms: Callable[[], float] = lambda: time.time() * 1000) -> None:
        self.rules = rules
        self.keys = keys
        self.key_missing = key_missing
        self.now_ms = now_ms

    def __call__(self, token: str) -> BearerToken:
        try:
            return self._validate(token.strip())
        except TokenRefused as refused:
            raise TokenRefused(f"Could not validate the access token: {refused}") from None

    def _validate(self, token: str) -> BearerToken:
        try:
            header_part, payload_part, signature_part = split_compact(token)
        except TokenRefused:
            raise TokenRefused("Malformed JWT provided; expected three sections (header, payload, and signature)") \
                from None
        header = json_object(header_part)
        alg = header.get("alg")
        if alg == "none":
            raise TokenRefused("'none' is not a permitted algorithm (AlgorithmConstraints DISALLOW_NONE)")
        if alg not in SUPPORTED_ALGORITHMS:
            raise TokenRefused(f"the JWS algorithm {alg!r} is not one kbroker verifies "
                               f"({', '.join(SUPPORTED_ALGORITHMS)})")
        kid = header.get("kid") if isinstance(header.get("kid"), str) else None
        self._verify(alg, kid, header, f"{header_part}.{payload_part}".encode("ascii"),
                     b64url_decode(signature_part))
        return self._claims_token(token, json_object(payload_part))

    def _verify(self, alg: str, kid: str | None, header: dict, signing_input: bytes, signature: bytes) -> None:
        candidates = [jwk for jwk in self.keys() if _fits(jwk, alg, kid)]
        if not candidates:
            self.key_missing(kid)
            raise TokenRefused(f"Unable to find a suitable verification key for JWS w/ header {header}")
        for jwk in candidates:
            if jwk.kty == "RSA" and isinstance(jwk.key, rsa.RSAPublicKey) and jwk.key.key_size < MIN_RSA_BITS:
                raise TokenRefused(f"An RSA key of size {MIN_RSA_BITS} bits or larger MUST be used with the all "
                                   f"JOSE RSA algorithms (given key was only {jwk.key.key_size} bits).")
            if verify_signature(jwk, alg, signing_input, signature):
                return
        raise TokenRefused(f"JWS signature is invalid (header {header})")

    def _claims_token(self, token: str, claims: dict[str, Any]) -> BearerToken:
        rules = self.rules
        expiration = _number(claims, "exp", "Expiration Time")
        issued_at = _number(claims, "iat", "Issued At")
        now_s = int(self.now_ms() // 1000)
        if now_s >= expiration + rules.clock_skew_s:
            raise TokenRefused(f"The JWT is no longer valid - the evaluation time {now_s} is on or after the "
                               f"Expiration Time (exp={expiration}) claim value (even when providing "
                               f"{rules.clock_skew_s} seconds of leeway to account for clock skew).")
        not_before = claims.get("nbf")
        if not_before is not None:
            not_before = _number(claims, "nbf", "Not Before")
            if now_s + rules.clock_skew_s < not_before:
                raise TokenRefused(f"The JWT is not yet valid as the evaluation time {now_s} is before the Not "
                                   f"Before (nbf={not_before}) claim time (even when providing "
                                   f"{rules.clock_skew_s} seconds of leeway to account for clock skew).")
        self._check_audience(_audiences(claims))
        if rules.expected_issuer is not None:
            issuer = claims.get("iss")
            if issuer is None:
                raise TokenRefused(f"No Issuer (iss) claim present but was expecting {rules.expected_issuer}")
            if issuer != rules.expected_issuer:
                raise TokenRefused(f"Issuer (iss) claim value ({issuer}) doesn't match expected value of "
                                   f"{rules.expected_issuer}")
        scope = self._scope(claims.get(rules.scope_claim))
        subject = claims.get(rules.sub_claim)
        if subject is not None and not isinstance(subject, str):
            raise TokenRefused(f"Could not extract the '{rules.sub_claim}' claim from the access token")
        if subject is None:
            raise TokenRefused(f"{rules.sub_claim} value must be non-null")
        if not subject.strip():
            raise TokenRefused(f"{rules.sub_claim} value must not contain only whitespace")
        if expiration < 0:
            raise TokenRefused(f'exp value must be non-negative; value given was "{expiration}"')
        if issued_at < 0:
            raise TokenRefused(f'iat value must be null or non-negative; value given was "{issued_at}"')
        return BearerToken(value=token, principal_name=subject.strip(), lifetime_ms=java_round_ms(expiration),
                           scope=frozenset(scope), start_time_ms=java_round_ms(issued_at))

    def _check_audience(self, audiences: list[str] | None) -> None:
        expected = self.rules.expected_audience
        if audiences is None:
            if expected:
                raise TokenRefused("No Audience (aud) claim present.")
            return
        if not expected:
            raise TokenRefused(f"Audience (aud) claim {java_list(audiences)} present in the JWT but no expected "
                               "audience value(s) were provided to the JWT Consumer. Expected one of [] as an aud "
                               "value.")
        if not any(audience in expected for audience in audiences):
            raise TokenRefused(f"Audience (aud) claim {java_list(audiences)} doesn't contain an acceptable "
                               f"identifier. Expected one of {java_list(list(expected))} as an aud value.")

    def _scope(self, raw: Any) -> set[str]:
        name = self.rules.scope_claim
        values = [raw] if isinstance(raw, str) else raw if isinstance(raw, list) else []
        scope: set[str] = set()
        for value in values:
            if value is None:
                raise TokenRefused(f"{name} value must be non-null")
            text = str(value).strip()
            if not text:
                raise TokenRefused(f"{name} value must not contain only whitespace")
            if text in scope:
                raise TokenRefused(f"{name} value must not contain duplicates - {text} already present")
            scope.add(text)
        return scope
