"""The controller mutation quota (KIP-599, Kafka's ControllerMutationQuotaManager): the partitions a (user,
client-id) creates or deletes through CreateTopics, CreatePartitions and DeleteTopics, against its
`controller_mutation_rate` (partitions per second), found with the same precedence as the other client quotas
(quota_manager.QuotaLevels).

Each rate is a token bucket (Kafka's TokenBucket): it holds up to `rate * samples * window` tokens
(controller.quota.window.num x controller.quota.window.size.seconds, 11 x 1 s by default), refills at `rate` per
second and starts full; a mutation takes as many tokens as partitions and may take it below zero. The throttle
time of a bucket below zero is the time to refill it to zero: round(-tokens / rate * 1000) ms.

A request gets a `MutationQuota` (`for_request`): strict from the version Kafka makes it strict (CreateTopics v6,
DeleteTopics v5, CreatePartitions v3): a topic asked for while the bucket is below zero is refused
(`record` returns the throttle time: the handler answers THROTTLING_QUOTA_EXCEEDED), and one asked for while it
is not is taken whatever its size. Older versions are permissive: every topic is taken and the request is only
throttled. `throttle_time_ms()` is what is left of the last throttle time, for the response.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping

from kbroker.security.quota_manager import NO_QUOTAS, QuotaLevels, _overrides

KEY = "controller_mutation_rate"
STRICT_SINCE = {19: 6, 20: 5, 37: 3}  # CreateTopics, DeleteTopics, CreatePartitions


class TokenBucket:
    __slots__ = ("tokens", "last_ms")

    def __init__(self) -> None:
        self.tokens: float | None = None  # None: not refilled yet (starts full)
        self.last_ms = 0.0

    def refill(self, rate: float, burst: float, now_ms: float) -> float:
        if self.tokens is None:
            self.tokens = burst
        else:
            self.tokens = min(burst, self.tokens + rate * max(0.0, now_ms - self.last_ms) / 1000.0)
        self.last_ms = now_ms
        return self.tokens


class MutationQuota:
    """One request's view of its client's bucket."""

    def __init__(self, owner: ControllerMutationQuotas, tags: tuple[str, str] | None, rate: float | None,
                 strict: bool, clock_ms: Callable[[], float]) -> None:
        self.owner, self.tags, self.rate, self.strict, self.clock_ms = owner, tags, rate, strict, clock_ms
        self.last_throttle_ms = 0
        self.last_recorded_ms = 0.0

    def record(self, partitions: int) -> int:
        """Take `partitions` tokens. Strict: 0 when taken, else the throttle time (nothing taken). Permissive:
        always taken; 0."""
        if self.rate is None:
            return 0
        now = self.clock_ms()
        with self.owner.lock:
            bucket = self.owner.bucket(self.tags)
            tokens = bucket.refill(self.rate, self.owner.burst(self.rate), now)
            if self.strict and tokens < 0:
                self._throttled(tokens, now)
                return self.last_throttle_ms
            bucket.tokens = tokens - partitions
            if not self.strict and bucket.tokens < 0:
                self._throttled(bucket.tokens, now)
        return 0

    def _throttled(self, tokens: float, now_ms: float) -> None:
        self.last_throttle_ms = int(-tokens / self.rate * 1000 + 0.5)  # Java's Math.round
        self.last_recorded_ms = now_ms

    def throttle_time_ms(self) -> int:
        return max(0, int(self.last_throttle_ms - (self.clock_ms() - self.last_recorded_ms)))


class ControllerMutationQuotas:
    """A controller's buckets, shared by the requests of every connection (the handlers may run in a thread)."""

    def __init__(self, quotas_of: Callable[[], Mapping], samples: int = 11, window_s: int = 1,
                 clock_ms: Callable[[], float] | None = None) -> None:
        import time

        self.quotas_of = quotas_of
        self.burst_seconds = samples * window_s
        self.clock_ms = clock_ms or (lambda: time.monotonic() * 1000.0)
        self.lock = threading.Lock()
        self.buckets: dict[tuple[str, str], TokenBucket] = {}
        self._source: Mapping | None = None
        self._levels = QuotaLevels({})

    def burst(self, rate: float) -> float:
        return rate * self.burst_seconds

    def bucket(self, tags: tuple[str, str]) -> TokenBucket:
        bucket = self.buckets.get(tags)
        if bucket is None:
            bucket = self.buckets[tags] = TokenBucket()
        return bucket

    def levels(self) -> QuotaLevels:
        source = self.quotas_of()
        if source is not self._source:
            self._source = source
            self._levels = QuotaLevels(_overrides(source, KEY))
        return self._levels

    def for_request(self, api_key: int, api_version: int, user: str, client_id: str) -> MutationQuota:
        levels = self.levels()
        strict = api_version >= STRICT_SINCE[api_key]
        if levels.enabled == NO_QUOTAS:
            return MutationQuota(self, None, None, strict, self.clock_ms)
        tags = levels.metric_tags(user, client_id or "")
        return MutationQuota(self, tags, levels.limit(*tags), strict, self.clock_ms)
