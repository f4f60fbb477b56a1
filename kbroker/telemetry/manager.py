"""The broker's client-telemetry state (Kafka's ClientMetricsManager): one entry per client instance with its
subscription, request timestamps and last error; GetTelemetrySubscriptions and PushTelemetry checked as Kafka
checks them; and, unlike Kafka (which hands pushes to a ClientTelemetryReceiver plugin, if any), the latest values
each instance pushed, kept for the /metrics page.

Bounds: at most MAX_INSTANCES instances (the least recently used goes first, Kafka's LRU cache of 16384), each
keeping only the series of its latest push (at most `telemetry.max.bytes` compressed, DECOMPRESSED_FACTOR times
that decompressed); an instance with no request for max(60 s, 3 push intervals) is dropped with its values
(Kafka's expiration timer), checked whenever the manager is used.
"""

from __future__ import annotations

import logging
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping

import attrs

from kbroker.protocol import compression, errors
from kbroker.telemetry import otlp
from kbroker.telemetry.subscriptions import (
    ClientSubscription,
    Subscription,
    subscription_for,
    subscriptions_of,
)

log = logging.getLogger(__name__)

# Kafka's SUPPORTED_COMPRESSION_TYPES, in its order: zstd, lz4, gzip, snappy.
ACCEPTED_COMPRESSION = (compression.ZSTD, compression.LZ4, compression.GZIP, compression.SNAPPY)
MAX_INSTANCES = 16384
CACHE_EXPIRY_MS = 60_000
DECOMPRESSED_FACTOR = 16


class TelemetryRefused(Exception):
    def __init__(self, error: errors.KafkaError, message: str) -> None:
        super().__init__(message)
        self.error = error
        self.message = message


@attrs.define
class ClientInstance:
    instance_id: uuid.UUID
    attributes: dict[str, str]
    subscription: ClientSubscription
    version: int
    last_get_ms: int = 0
    last_push_ms: int = 0
    last_seen_ms: int = 0
    terminating: bool = False
    last_error: int = 0
    # (metric name, kind, labels) -> value, from the latest push only.
    values: dict[tuple[str, str, tuple[tuple[str, str], ...]], float] = attrs.field(factory=dict)
    resource: tuple[tuple[str, str], ...] = ()

    def may_get(self, now: int) -> bool:
        """ClientMetricsInstance.maybeUpdateGetRequestTimestamp."""
        if now - max(self.last_get_ms, self.last_push_ms) >= self.subscription.interval_ms:
            self.last_get_ms = now
            return True
        return False

    def may_push(self, now: int) -> bool:
        """ClientMetricsInstance.maybeUpdatePushRequestTimestamp: the first push after a GetTelemetrySubscriptions
        is accepted at once (clients jitter their first push), later ones a push interval apart."""
        accept = self.last_get_ms > self.last_push_ms or \
            now - max(self.last_get_ms, self.last_push_ms) >= self.subscription.interval_ms
        if accept:
            self.last_push_ms = now
        return accept

    def expiry_ms(self) -> int:
        return max(CACHE_EXPIRY_MS, 3 * self.subscription.interval_ms)


class ClientMetricsManager:
    """`configs()` gives the image's CLIENT_METRICS resources (name -> configs); `now_ms()` the clock."""

    def __init__(self, configs: Callable[[], Mapping[str, Mapping[str, str]]], now_ms: Callable[[], int],
                 max_bytes: int) -> None:
        self._configs = configs
        self._now_ms = now_ms
        self.max_bytes = max_bytes
        self._seen_configs: Mapping | None = None
        self._subscriptions: list[Subscription] = []
        self._version = 0
        self.instances: OrderedDict[uuid.UUID, ClientInstance] = OrderedDict()

    def subscriptions(self) -> list[Subscription]:
        configs = self._configs()
        if configs is not self._seen_configs:
            self._seen_configs = configs
            self._subscriptions = subscriptions_of(configs)
            self._version += 1
        return self._subscriptions

    def _instance(self, instance_id: uuid.UUID, attributes: dict[str, str], now: int) -> ClientInstance:
        subscriptions = self.subscriptions()
        self.expire(now)
        instance = self.instances.get(instance_id)
        if instance is None or instance.version < self._version:
            if instance is not None:
                attributes = instance.attributes
            attributes = {**attributes, "client_instance_id": str(instance_id)}
            fresh = ClientInstance(instance_id, attributes, subscription_for(subscriptions, attributes, instance_id),
                                   self._version)
            if instance is not None:
                fresh.values, fresh.resource = instance.values, instance.resource
            instance = fresh
            self.instances[instance_id] = instance
        self.instances.move_to_end(instance_id)
        instance.last_seen_ms = now
        while len(self.instances) > MAX_INSTANCES:
            self.instances.popitem(last=False)
        return instance

    def expire(self, now: int | None = None) -> None:
        now = self._now_ms() if now is None else now
        gone = [i for i, inst in self.instances.items() if now - inst.last_seen_ms > inst.expiry_ms()]
        for instance_id in gone:
            del self.instances[instance_id]

    def get_subscriptions(self, instance_id: uuid.UUID, attributes: dict[str, str]) -> ClientInstance:
        """GetTelemetrySubscriptions: the instance (a new id when `instance_id` is the zero Uuid) or
        TelemetryRefused(THROTTLING_QUOTA_EXCEEDED) when asked again within the push interval."""
        if instance_id.int == 0:
            instance_id = uuid.uuid4()
            while instance_id in self.instances or (instance_id.int >> 64 == 0 and instance_id.int < 100):
                instance_id = uuid.uuid4()
        now = self._now_ms()
        instance = self._instance(instance_id, attributes, now)
        if not instance.may_get(now):
            raise TelemetryRefused(errors.THROTTLING_QUOTA_EXCEEDED, f"Request from the client [{instance_id}] "
                                   "arrived before the next push interval time")
        instance.last_error = 0
        return instance

    def push(self, instance_id: uuid.UUID, attributes: dict[str, str], subscription_id: int, terminating: bool,
             compression_type: int, metrics: bytes | memoryview | None) -> ClientInstance:
        """PushTelemetry: checks in Kafka's order, then keeps the pushed values; TelemetryRefused if refused."""
        if instance_id.int >> 64 == 0 and instance_id.int < 100:  # Uuid.RESERVED: the zero and metadata ids
            raise TelemetryRefused(errors.INVALID_REQUEST, f"Invalid request from the client [{instance_id}], "
                                   "invalid client instance id")
        now = self._now_ms()
        instance = self._instance(instance_id, attributes, now)
        try:
            self._check_push(instance, subscription_id, terminating, compression_type, metrics, now)
        except TelemetryRefused as refused:
            instance.last_error = refused.error.code
            raise
        finally:
            instance.terminating = terminating
        if metrics:
            try:
                self._keep(instance, compression_type, metrics)
            except (compression.CompressionError, otlp.OtlpError) as exc:
                # Kafka answers INVALID_RECORD when its receiver plugin fails on the payload.
                instance.last_error = errors.INVALID_RECORD.code
                log.warning("PushTelemetry from client instance %s: payload refused: %s", instance_id, exc)
                raise TelemetryRefused(errors.INVALID_RECORD, str(exc)) from None
        instance.last_error = 0
        return instance

    def _check_push(self, instance: ClientInstance, subscription_id: int, terminating: bool, compression_type: int,
                    metrics, now: int) -> None:
        if instance.terminating:
            raise TelemetryRefused(errors.INVALID_REQUEST, f"Client [{instance.instance_id}] sent the previous "
                                   "request with state terminating to TRUE, can not acceptany requests after that")
        if not instance.may_push(now) and not terminating:
            raise TelemetryRefused(errors.THROTTLING_QUOTA_EXCEEDED, f"Request from the client "
                                   f"[{instance.instance_id}] arrived before the next push interval time")
        if subscription_id != instance.subscription.subscription_id:
            raise TelemetryRefused(errors.UNKNOWN_SUBSCRIPTION_ID, "Unknown client subscription id for the "
                                   f"client [{instance.instance_id}]")
        if compression_type not in compression.NAMES:
            raise TelemetryRefused(errors.UNSUPPORTED_COMPRESSION_TYPE, f"Unknown compression type "
                                   f"[{compression_type}] is received in telemetry request from "
                                   f"[{instance.instance_id}]")
        if metrics is not None and len(metrics) > self.max_bytes:
            raise TelemetryRefused(errors.TELEMETRY_TOO_LARGE, f"Telemetry request from [{instance.instance_id}] "
                                   f"is larger than the maximum allowed size [{self.max_bytes}]")

    def _keep(self, instance: ClientInstance, compression_type: int, metrics) -> None:
        payload = compression.decompress(compression_type, metrics, self.max_bytes * DECOMPRESSED_FACTOR)
        export = otlp.decode(payload)
        instance.resource = export.resource
        instance.values = {(p.name, p.kind, p.attributes): p.value for p in export.points}
