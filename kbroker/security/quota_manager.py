"""Client quota enforcement per quota type (Kafka's ClientQuotaManager with its DefaultQuotaCallback): which quota
applies to a (user, client-id), which clients share one measured rate, and how long a client over its quota is
throttled.

The quotas are the metadata image's (ClientQuotaRecord, kbroker/metadata/client_quotas.py), read through
`quotas_of()` and indexed again whenever the image's quota map changes. A type is enabled once any user, client-id
or user+client-id entity (a name or <default>) sets its key; while none does, nothing is recorded and nothing is
throttled, as in Kafka.

Precedence, most specific first: user+client-id, user+<default> client-id, user, <default> user+client-id,
<default> user+<default> client-id, <default> user, client-id, <default> client-id. The rate is shared by the
clients whose (user tag, client-id tag) agree: tags follow the level the quota was found at (a user quota is shared
by all of that user's clients; a <default> user quota gives each user its own), and when only one level of
entities is in use Kafka's shortcut tags (user only, client-id only, or both) are used, exactly as
DefaultQuotaCallback.quotaMetricTags chooses them.

A rate not recorded into for an hour is dropped (Kafka's sensor expiry); `record` returns the throttle time in ms
(0 when within the quota), `unrecord` takes a recorded value back (a throttled fetch sends no data).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from kbroker.security.quota_rate import Rate, throttle_time_ms


class _Default:
    """The <default> entity name: a marker of its own, so a client that calls itself "<default>" is not it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<default>"


DEFAULT = _Default()
NO_QUOTAS, CLIENT_ID_QUOTA_ENABLED, USER_QUOTA_ENABLED, USER_CLIENT_ID_QUOTA_ENABLED = 0, 1, 2, 4
INACTIVE_SENSOR_EXPIRATION_MS = 3600 * 1000
_SWEEP_EVERY = 4096  # records between sweeps for expired rates


def _overrides(quotas: Mapping[tuple, Mapping[str, float]], key: str) -> dict[tuple, float]:
    """(user part, client-id part) -> bound for the entities setting `key`; a part is a name, DEFAULT or None."""
    found = {}
    for entity, values in quotas.items():
        value = values.get(key)
        if value is None:
            continue
        names = dict(entity)
        if "ip" not in names:
            found[(_part(names, "user"), _part(names, "client-id"))] = value
    return found


def _part(names: dict, entity_type: str) -> str | None:
    if entity_type not in names:
        return None
    name = names[entity_type]
    return DEFAULT if name is None else name


class QuotaLevels:
    """The quotas of one key indexed for lookups (Kafka's overriddenQuotas with quotaTypesEnabled)."""

    def __init__(self, overrides: dict[tuple, float]) -> None:
        self.overrides = overrides
        enabled = NO_QUOTAS
        for user, client in overrides:
            if user is not None and client is not None:
                enabled |= USER_CLIENT_ID_QUOTA_ENABLED
            elif user is not None:
                enabled |= USER_QUOTA_ENABLED
            else:
                enabled |= CLIENT_ID_QUOTA_ENABLED
        self.enabled = enabled

    def metric_tags(self, user: str, client_id: str) -> tuple[str, str]:
        """(user tag, client-id tag) of the rate a client records into."""
        enabled, has = self.enabled, self.overrides.__contains__
        if enabled in (NO_QUOTAS, CLIENT_ID_QUOTA_ENABLED):
            return "", client_id
        if enabled == USER_QUOTA_ENABLED:
            return user, ""
        if enabled == USER_CLIENT_ID_QUOTA_ENABLED:
            return user, client_id
        if has((user, client_id)) or has((user, DEFAULT)):
            return user, client_id
        if has((user, None)):
            return user, ""
        if has((DEFAULT, client_id)) or has((DEFAULT, DEFAULT)):
            return user, client_id
        if has((DEFAULT, None)):
            return user, ""
        return "", client_id

    def limit(self, user_tag: str, client_tag: str) -> float | None:
        """The bound for a rate's tags (Kafka's DefaultQuotaCallback.quotaLimit), None when no quota applies."""
        get = self.overrides.get
        if user_tag and client_tag:
            for candidate in ((user_tag, client_tag), (user_tag, DEFAULT), (DEFAULT, client_tag), (DEFAULT, DEFAULT)):
                if candidate in self.overrides:
                    return get(candidate)
            return None
        if user_tag:
            return get((user_tag, None), get((DEFAULT, None)))
        if client_tag:
            return get((None, client_tag), get((None, DEFAULT)))
        return None


class ClientQuotaManager:
    """One quota type (produce bytes, fetch bytes, request time): rates per tag pair, throttle times."""

    def __init__(self, key: str, quotas_of: Callable[[], Mapping], samples: int, window_ms: int,
                 max_throttle_ms: int | None = None) -> None:
        self.key = key
        self.quotas_of = quotas_of
        self.samples = samples
        self.window_ms = window_ms
        self.max_throttle_ms = max_throttle_ms
        self._source: Mapping | None = None
        self._levels = QuotaLevels({})
        self.rates: dict[tuple[str, str], Rate] = {}
        self._until_sweep = _SWEEP_EVERY

    @property
    def levels(self) -> QuotaLevels:
        source = self.quotas_of()
        if source is not self._source:
            self._source = source
            self._levels = QuotaLevels(_overrides(source, self.key))
        return self._levels

    def enabled(self) -> bool:
        return self.levels.enabled != NO_QUOTAS

    def _rate(self, tags: tuple[str, str], now_ms: float) -> Rate:
        rate = self.rates.get(tags)
        if rate is None:
            self._until_sweep -= 1
            if self._until_sweep <= 0:
                self.sweep(now_ms)
            rate = self.rates[tags] = Rate(self.samples, self.window_ms)
        return rate

    def record(self, user: str, client_id: str, value: float, now_ms: float) -> int:
        """Record `value` for the client; the throttle time in ms its rate now calls for (0 within its quota)."""
        levels = self.levels
        if levels.enabled == NO_QUOTAS:
            return 0
        tags = levels.metric_tags(user, client_id or "")
        rate = self._rate(tags, now_ms)
        rate.record(value, now_ms)
        bound = levels.limit(*tags)
        if bound is None:
            return 0
        throttle = throttle_time_ms(rate, bound, now_ms)
        if self.max_throttle_ms is not None:
            throttle = min(throttle, self.max_throttle_ms)
        return throttle

    def max_value_in_window(self, user: str, client_id: str) -> float | None:
        """The most that could be recorded at once without a certain throttle (Kafka's maxValueInQuotaWindow: the
        bound over `samples - 1` windows); None when no quota applies."""
        levels = self.levels
        if levels.enabled == NO_QUOTAS:
            return None
        bound = levels.limit(*levels.metric_tags(user, client_id or ""))
        if bound is None:
            return None
        return bound * (self.samples - 1) * self.window_ms / 1000.0

    def unrecord(self, user: str, client_id: str, value: float, now_ms: float) -> None:
        levels = self.levels
        if levels.enabled != NO_QUOTAS:
            self._rate(levels.metric_tags(user, client_id or ""), now_ms).record(-value, now_ms)

    def sweep(self, now_ms: float) -> None:
        """Drop the rates nobody recorded into for INACTIVE_SENSOR_EXPIRATION_MS."""
        self._until_sweep = max(_SWEEP_EVERY, len(self.rates))
        self.rates = {tags: rate for tags, rate in self.rates.items()
                      if now_ms - rate.last_recorded_ms() < INACTIVE_SENSOR_EXPIRATION_MS}


class ClientQuotas:
    """A node's client quota managers: produce (producer_byte_rate, bytes of Produce requests), fetch
    (consumer_byte_rate, bytes of Fetch responses to consumers) and request (request_percentage of one handler's
    time; its throttle is capped at one window, as Kafka's ClientRequestQuotaManager caps it)."""

    def __init__(self, quotas_of: Callable[[], Mapping], samples: int = 11, window_s: int = 1) -> None:
        self.quotas_of = quotas_of
        window_ms = window_s * 1000
        self.produce = ClientQuotaManager("producer_byte_rate", quotas_of, samples, window_ms)
        self.fetch = ClientQuotaManager("consumer_byte_rate", quotas_of, samples, window_ms)
        self.request = ClientQuotaManager("request_percentage", quotas_of, samples, window_ms,
                                          max_throttle_ms=window_ms)

    def any_set(self) -> bool:
        """Whether the image holds any client quota at all (else a request is not charged)."""
        return bool(self.quotas_of())
