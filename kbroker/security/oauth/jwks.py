"""The verification keys of a JWKS endpoint (`sasl.oauthbearer.jwks.endpoint.url`, http, https or file) and
their refresh, as Kafka's RefreshingHttpsJwks and JwksFileVerificationKeyResolver keep them.

The keys are fetched by `serve`'s start checks (as Kafka fetches them when its validator is configured; a failure
stops `serve`, as it stops Kafka's start), by the node's ConnectionServer in a worker thread before that
listener's connections are served, then again every `sasl.oauthbearer.jwks.endpoint.refresh.ms` (default one
hour) by `run()` in the node's nursery, each fetch in a worker thread so the event loop never waits on the
network. A token naming a key id the set lacks is refused, and asks for an early refresh (at most once a minute
per key id), so the client's next attempt finds a key the provider has just rotated in. A failed refresh is
retried with exponential backoff from `sasl.oauthbearer.jwks.endpoint.retry.backoff.ms` up to
`...retry.backoff.max.ms`; the keys already held stay in use meanwhile.

Kafka 4 reads an endpoint only if the JVM system property `org.apache.kafka.sasl.oauthbearer.allowed.urls` (or, for
a file, `org.apache.kafka.sasl.oauthbearer.allowed.files`) lists it (CVE-2025-27817); kbroker reads the same
properties from `-D` options in the KAFKA_OPTS environment variable, where Kafka's start scripts take them.

Keys kept: kty RSA (n, e) and EC (crv P-256, P-384 or P-521; x, y), with their kid, use, alg and key_ops; other key
types are skipped with a log line.
"""

from __future__ import annotations

import json
import logging
import os
import shlex
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path

import attrs
import trio
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from kbroker.security.oauth.jws import b64url_decode
from kbroker.security.sasl.oauthbearer import TokenRefused

log = logging.getLogger(__name__)

ALLOWED_URLS_PROPERTY = "org.apache.kafka.sasl.oauthbearer.allowed.urls"
ALLOWED_FILES_PROPERTY = "org.apache.kafka.sasl.oauthbearer.allowed.files"
FETCH_TIMEOUT_S = 10.0
# Kafka's RefreshingHttpsJwks: a missing key id asks for one early refresh per minute; 16 ids remembered; a longer
# id than 1000 characters is taken for a malformed token and never looked for.
MISSING_KID_IN_FLIGHT_S = 60.0
MISSING_KID_CACHE_ENTRIES = 16
MISSING_KID_MAX_LENGTH = 1000
_CURVES = {"P-256": ec.SECP256R1, "P-384": ec.SECP384R1, "P-521": ec.SECP521R1}


class JwksConfigError(ValueError):
    """A JWKS endpoint Kafka would refuse to use; the message is one line."""


@attrs.frozen
class Jwk:
    kty: str
    key: object  # a cryptography RSA or EC public key
    kid: str | None = None
    use: str | None = None
    alg: str | None = None
    crv: str | None = None
    key_ops: tuple[str, ...] | None = None


def _int(member: str) -> int:
    return int.from_bytes(b64url_decode(member), "big")


def parse_jwk(entry: dict) -> Jwk | None:
    """One JWK of a set; None for a key type kbroker does not verify with."""
    kty = entry.get("kty")
    common = {"kid": entry.get("kid"), "use": entry.get("use"), "alg": entry.get("alg")}
    if isinstance(entry.get("key_ops"), list):
        common["key_ops"] = tuple(str(op) for op in entry["key_ops"])
    try:
        if kty == "RSA":
            return Jwk("RSA", rsa.RSAPublicNumbers(_int(entry["e"]), _int(entry["n"])).public_key(), **common)
        if kty == "EC" and entry.get("crv") in _CURVES:
            curve = _CURVES[entry["crv"]]()
            numbers = ec.EllipticCurvePublicNumbers(_int(entry["x"]), _int(entry["y"]), curve)
            return Jwk("EC", numbers.public_key(), crv=entry["crv"], **common)
    except (KeyError, TypeError, ValueError, TokenRefused) as e:
        log.warning("JWKS key %s (kty %s) is malformed and is skipped: %s", entry.get("kid"), kty, e)
        return None
    log.info("JWKS key %s of type %s (crv %s) is not used: kbroker verifies RSA and EC P-256/384/521 keys",
             entry.get("kid"), kty, entry.get("crv"))
    return None


def parse_jwks(body: bytes) -> list[Jwk]:
    document = json.loads(body)
    if not isinstance(document, dict) or not isinstance(document.get("keys"), list):
        raise ValueError("a JWKS document is a JSON object with a 'keys' array")
    return [jwk for jwk in (parse_jwk(entry) for entry in document["keys"] if isinstance(entry, dict))
            if jwk is not None]


def system_properties(environ=os.environ) -> dict[str, str]:
    """The `-Dname=value` options of KAFKA_OPTS."""
    properties = {}
    for word in shlex.split(environ.get("KAFKA_OPTS", "")):
        if word.startswith("-D"):
            name, _, value = word[2:].partition("=")
            properties[name] = value
    return properties


def _allowed(property_name: str, value: str, properties: dict[str, str]) -> bool:
    return value in {item.strip() for item in properties.get(property_name, "").split(",")}


def check_endpoint(config_name: str, url: str, properties: dict[str, str]) -> str:
    """The endpoint URL if Kafka 4 would read it; JwksConfigError (Kafka's ConfigException text) otherwise."""
    parsed = urllib.parse.urlparse(url)
    if not parsed.scheme:
        raise JwksConfigError(f"Invalid value {url} for configuration {config_name}: The OAuth configuration "
                              f"option {config_name} contains a URL ({url}) that is missing the protocol")
    scheme = parsed.scheme.lower()
    if scheme not in ("http", "https", "file"):
        raise JwksConfigError(
            f"Invalid value {url} for configuration {config_name}: The OAuth configuration option {config_name} "
            f"contains a URL ({url}) that contains an invalid protocol ({parsed.scheme}); only \"http\", "
            "\"https\", and \"file\" protocol are supported")
    if scheme == "file":
        path = urllib.parse.unquote(parsed.path)
        if not _allowed(ALLOWED_FILES_PROPERTY, path, properties):
            raise JwksConfigError(_restricted(config_name, path, "file", ALLOWED_FILES_PROPERTY))
        if not Path(path).is_file():
            raise JwksConfigError(f"Invalid value {path} for configuration {config_name}: The OAuth configuration "
                                  f"option {config_name} contains a file ({path}) that doesn't exist")
    elif not _allowed(ALLOWED_URLS_PROPERTY, url, properties):
        raise JwksConfigError(_restricted(config_name, url, "URL", ALLOWED_URLS_PROPERTY))
    return url


def _restricted(config_name: str, value: str, kind: str, property_name: str) -> str:
    return (f"Invalid value {value} for configuration {config_name}: The {kind} cannot be accessed due to "
            f"restrictions. Update the system property '{property_name}' to allow the {kind} to be accessed.")


def fetch(url: str) -> bytes:
    """The endpoint's body (blocking: call it from a worker thread, or before the node serves)."""
    parsed = urllib.parse.urlparse(url)
    if parsed.scheme.lower() == "file":
        return Path(urllib.parse.unquote(parsed.path)).read_bytes()
    request = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=FETCH_TIMEOUT_S) as response:  # noqa: S310 (scheme checked)
        return response.read()


class JwksKeySource:
    """The keys of one JWKS endpoint, refreshed in the background."""

    def __init__(self, url: str, refresh_ms: int, retry_backoff_ms: int, retry_backoff_max_ms: int,
                 fetch_body: Callable[[str], bytes] = fetch) -> None:
        self.url = url
        self.refresh_s = refresh_ms / 1000
        self.retry_backoff_s = retry_backoff_ms / 1000
        self.retry_backoff_max_s = retry_backoff_max_ms / 1000
        self.fetch_body = fetch_body
        self.keys: list[Jwk] = []
        self._expedite = trio.Event()
        self._missing_asked: dict[str, float] = {}

    def _fetch_keys(self) -> list[Jwk]:
        return parse_jwks(self.fetch_body(self.url))

    def load(self, strict: bool = False) -> None:
        """The first fetch (blocking: the start checks, or a worker thread). `strict`: a failure is a JwksConfigError (Kafka does not start
        when it cannot read the JWKS: "Could not refresh JWKS"); otherwise it leaves the set empty for `run` to
        retry."""
        try:
            self.keys = self._fetch_keys()
            log.info("JWKS from %s: %d verification keys", self.url, len(self.keys))
        except (OSError, ValueError) as e:
            if strict:
                raise JwksConfigError(f"Could not refresh JWKS from {self.url}: {e}") from None
            log.warning("JWKS from %s could not be read (%s); tokens are refused until a refresh succeeds",
                        self.url, e)

    def key_missing(self, kid: str | None) -> None:
        """A token named a key id the set lacks: refresh early, at most once per backoff period per key id."""
        if kid is None:
            return
        if len(kid) > MISSING_KID_MAX_LENGTH:
            log.warning("JWKS key id %s... (%d characters) is too long to look for", kid[:MISSING_KID_MAX_LENGTH],
                        len(kid))
            return
        now = trio.current_time()
        asked = self._missing_asked.get(kid)
        if asked is not None and now - asked < MISSING_KID_IN_FLIGHT_S:
            return
        if len(self._missing_asked) >= MISSING_KID_CACHE_ENTRIES:
            self._missing_asked.pop(next(iter(self._missing_asked)))
        self._missing_asked[kid] = now
        log.info("JWKS from %s has no key %r; refreshing early", self.url, kid)
        self._expedite.set()

    async def run(self) -> None:
        """Refresh every refresh.ms, or early when asked; retries a failed fetch with backoff."""
        first_wait = 0.0 if not self.keys else self.refresh_s
        with trio.move_on_after(first_wait):
            await self._expedite.wait()
        while True:
            self._expedite = trio.Event()
            await self._refresh_with_retries()
            with trio.move_on_after(self.refresh_s):
                await self._expedite.wait()

    async def _refresh_with_retries(self) -> None:
        backoff = self.retry_backoff_s
        while True:
            try:
                keys = await trio.to_thread.run_sync(self._fetch_keys, abandon_on_cancel=True)
            except (OSError, ValueError) as e:
                if backoff > self.retry_backoff_max_s:
                    log.warning("JWKS refresh of %s failed (%s); keeping the %d keys held", self.url, e,
                                len(self.keys))
                    return
                log.info("JWKS refresh of %s failed (%s); retrying in %.3f s", self.url, e, backoff)
                await trio.sleep(backoff)
                backoff = backoff * 2 if backoff > 0 else self.retry_backoff_max_s + 1
                continue
            self.keys = keys
            for key in keys:
                self._missing_asked.pop(key.kid, None)
            log.info("JWKS refresh of %s: %d verification keys", self.url, len(keys))
            return

