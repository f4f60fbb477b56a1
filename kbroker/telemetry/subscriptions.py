"""CLIENT_METRICS resources (KIP-714): the configs of a client-metrics subscription, their validation, which
subscriptions a client instance matches, and the subscription id a client gets for them.

Mirrors Kafka's ClientMetricsConfigs (names `metrics`, `interval.ms`, `match`; interval 100..3600000 ms, default
300000), ClientMetricsInstanceMetadata.isMatch (every pattern must match its attribute whole; no pattern matches
every client) and ClientMetricsManager.createClientInstance / computeSubscriptionId (CRC32C of the Java
HashSet's toString of the metric prefixes followed by the interval, XORed with the Uuid's hashCode).
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable, Mapping

import attrs
import crc32c

from kbroker.java_hash import string_hash

CLIENT_METRICS_RESOURCE = 16  # ConfigResource.Type.CLIENT_METRICS

METRICS = "metrics"
INTERVAL_MS = "interval.ms"
MATCH = "match"
CONFIG_NAMES = (METRICS, INTERVAL_MS, MATCH)
LIST_CONFIGS = frozenset({METRICS, MATCH})
DOCUMENTATION = {METRICS: "Telemetry metric name prefix list", INTERVAL_MS: "Metrics push interval in milliseconds",
                 MATCH: "Client match criteria"}
DEFAULTS = {METRICS: "", INTERVAL_MS: str(5 * 60 * 1000), MATCH: ""}
ALL_METRICS = "*"

DEFAULT_INTERVAL_MS = 5 * 60 * 1000
MIN_INTERVAL_MS = 100
MAX_INTERVAL_MS = 3_600_000

CLIENT_INSTANCE_ID = "client_instance_id"
CLIENT_ID = "client_id"
CLIENT_SOFTWARE_NAME = "client_software_name"
CLIENT_SOFTWARE_VERSION = "client_software_version"
CLIENT_SOURCE_ADDRESS = "client_source_address"
CLIENT_SOURCE_PORT = "client_source_port"
MATCH_ATTRIBUTES = frozenset({CLIENT_INSTANCE_ID, CLIENT_ID, CLIENT_SOFTWARE_NAME, CLIENT_SOFTWARE_VERSION,
                              CLIENT_SOURCE_ADDRESS, CLIENT_SOURCE_PORT})


class SubscriptionError(Exception):
    """A subscription Kafka refuses: `kind` is "request" (INVALID_REQUEST) or "config" (INVALID_CONFIG)."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


def config_list(text: str | None) -> list[str]:
    """ConfigDef's LIST parsing: comma-separated, trimmed; an empty text is the empty list."""
    if text is None or not text.strip():
        return []
    return [part.strip() for part in text.split(",")]


def _java_split(text: str, sep: str) -> list[str]:
    """String.split with a literal separator: trailing empty strings are dropped."""
    parts = text.split(sep)
    while parts and parts[-1] == "":
        parts.pop()
    return parts


def parse_match(patterns: Iterable[str]) -> dict[str, re.Pattern]:
    """ClientMetricsConfigs.parseMatchingPatterns: `attribute=regex` each; anything else is INVALID_CONFIG."""
    parsed: dict[str, re.Pattern] = {}
    for pattern in patterns:
        pair = _java_split(pattern, "=")
        if len(pair) != 2 or pair[0].strip() not in MATCH_ATTRIBUTES:
            raise SubscriptionError("config", f"Illegal client matching pattern: {pattern}")
        try:
            parsed[pair[0].strip()] = re.compile(pair[1].strip())
        except re.error:
            raise SubscriptionError("config", f"Illegal client matching pattern: {pattern}") from None
    return parsed


def validate(name: str, configs: Mapping[str, str]) -> None:
    """ClientMetricsConfigs.validate of the configs a subscription would have after a change."""
    if not name:
        raise SubscriptionError("request", "Subscription name can't be empty")
    for key in configs:
        if key not in CONFIG_NAMES:
            raise SubscriptionError("request", f"Unknown client metrics configuration: {key}")
    if INTERVAL_MS in configs:
        text = configs[INTERVAL_MS]
        try:
            interval = int(text.strip())
        except ValueError:
            raise SubscriptionError("config", f"Invalid value {text} for configuration {INTERVAL_MS}: "
                                              "Not a number of type INT") from None
        if not MIN_INTERVAL_MS <= interval <= MAX_INTERVAL_MS:
            raise SubscriptionError("request", f"Invalid value {interval} for {INTERVAL_MS}, interval must be "
                                               "between 100 and 3600000 (1 hour)")
    if MATCH in configs:
        parse_match(config_list(configs[MATCH]))


def normalized(name: str, value: str) -> str:
    """A stored value as DescribeConfigs shows it: parsed by its type and printed back."""
    if name == INTERVAL_MS:
        return str(int(value.strip()))
    return ",".join(config_list(value))


@attrs.frozen
class Subscription:
    name: str
    metrics: tuple[str, ...]
    interval_ms: int
    match: Mapping[str, re.Pattern]

    @classmethod
    def from_configs(cls, name: str, configs: Mapping[str, str]) -> Subscription:
        interval = configs.get(INTERVAL_MS)
        return cls(name=name, metrics=tuple(java_set_order(config_list(configs.get(METRICS)))),
                   interval_ms=DEFAULT_INTERVAL_MS if interval is None else int(interval.strip()),
                   match=parse_match(config_list(configs.get(MATCH))))

    def matches(self, attributes: Mapping[str, str]) -> bool:
        for key, pattern in self.match.items():
            value = attributes.get(key)
            if value is None or pattern.fullmatch(value) is None:
                return False
        return True


def subscriptions_of(configs: Mapping[str, Mapping[str, str]]) -> list[Subscription]:
    """The subscriptions stored in the metadata image (a stored one that no longer parses is skipped)."""
    found = []
    for name in java_set_order(configs):
        try:
            found.append(Subscription.from_configs(name, configs[name]))
        except (SubscriptionError, ValueError):
            continue
    return found


def java_set_order(items: Iterable[str]) -> list[str]:
    """The iteration order of a java.util.HashSet built by adding `items` in order (no treeified bins): by
    bucket of the spread String.hashCode in the final table, ties in insertion order."""
    unique = list(dict.fromkeys(items))
    capacity = 16
    while len(unique) > capacity * 3 // 4:
        capacity *= 2

    def bucket(text: str) -> int:
        h = string_hash(text) & 0xFFFFFFFF
        return (h ^ (h >> 16)) & (capacity - 1)

    return sorted(unique, key=bucket)  # sorted is stable: insertion order within a bucket


def uuid_hash(value: uuid.UUID) -> int:
    """org.apache.kafka.common.Uuid.hashCode as a signed 32-bit int."""
    bits = (value.int >> 64) ^ (value.int & 0xFFFFFFFFFFFFFFFF)
    h = ((bits >> 32) ^ bits) & 0xFFFFFFFF
    return h - (1 << 32) if h & 0x80000000 else h


def subscription_id(metrics: list[str], interval_ms: int, client_instance_id: uuid.UUID) -> int:
    """ClientMetricsManager.computeSubscriptionId; `metrics` in the set's iteration order."""
    text = "[" + ", ".join(metrics) + "]" + str(interval_ms)
    crc = crc32c.crc32c(text.encode())
    signed = crc - (1 << 32) if crc & 0x80000000 else crc
    value = (signed ^ uuid_hash(client_instance_id)) & 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


@attrs.frozen
class ClientSubscription:
    """What one client instance is subscribed to: metric prefixes (["*"] for all), interval and id."""
    metrics: tuple[str, ...]
    interval_ms: int
    subscription_id: int


def subscription_for(subscriptions: Iterable[Subscription], attributes: Mapping[str, str],
                     client_instance_id: uuid.UUID) -> ClientSubscription:
    """ClientMetricsManager.createClientInstance: the union of the matching subscriptions' metrics, the
    smallest of their intervals (the default when none matches), "*" alone when one of them asks for all."""
    interval = DEFAULT_INTERVAL_MS
    added: list[str] = []
    everything = False
    for subscription in subscriptions:
        if subscription.matches(attributes):
            everything = everything or ALL_METRICS in subscription.metrics
            added += subscription.metrics
            interval = min(interval, subscription.interval_ms)
    metrics = [ALL_METRICS] if everything else java_set_order(added)
    return ClientSubscription(tuple(metrics), interval, subscription_id(metrics, interval, client_instance_id))
