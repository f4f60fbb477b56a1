"""Connection limits of a node's client listeners: Kafka's ConnectionQuotas (SocketServer.scala).

Counted per client address, per listener and in total. An accepted connection is admitted by `admit`, which
first waits (`wait_for_slot`, the acceptor blocks as Kafka's does, holding the one socket it accepted) while
- the broker-wide (`max.connection.creation.rate`) or the listener's (`listener.name.<l>.max.connection.creation.rate`)
  creation rate is over its bound: for the throttle time Kafka's quota arithmetic gives, capped at
  `quota.window.size.seconds`;
- the listener holds `listener.name.<l>.max.connections` (or `max.connections`) connections;
- the node holds `max.connections` connections in all, unless this is the protected (inter-broker) listener of a
  node with several listeners, which only its own limit holds back.
Then the client address: over the ip quota entity's `connection_creation_rate` (AlterClientQuotas --entity-type
ips) the connection is not counted and is closed after the throttle time (ConnectionThrottled); at
`max.connections.per.ip` (or its `max.connections.per.ip.overrides` entry) it is closed at once
(TooManyConnections). When the protected listener's connections push the total past `max.connections`, the least
recently active connections of the other listeners are closed until it is back (`over_broker_limit`, Kafka's
Processor closes one per poll). Every value is read when used, from the node's dynamic configs (per broker, then
cluster default) and then its static config, so IncrementalAlterConfigs changes apply to the next connection;
a waiting acceptor looks again whenever a connection closes and every RECHECK_S.

Controller listeners are not limited here (kbroker's nodes use them for the quorum; Kafka counts them in the
controller's own SocketServer).
"""

from __future__ import annotations

import ipaddress
import logging
import math
from collections.abc import Callable, Mapping

import trio

from kbroker.security.quota_rate import Rate, throttle_time_ms

log = logging.getLogger(__name__)

UNLIMITED = 2**31 - 1  # Kafka's Int.MaxValue default of every limit here
RECHECK_S = 0.5
IP_RATE_KEY = "connection_creation_rate"


class TooManyConnections(Exception):
    def __init__(self, ip: str, limit: int) -> None:
        super().__init__(f"Too many connections from {ip} (maximum = {limit})")
        self.ip = ip


class ConnectionThrottled(Exception):
    def __init__(self, ip: str, throttle_ms: int) -> None:
        super().__init__(f"{ip} throttled for {throttle_ms} ms (connection_creation_rate)")
        self.throttle_ms = throttle_ms


def _canonical_ip(host: str) -> str:
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


def parse_ip_overrides(text: str | None) -> dict[str, int]:
    """`max.connections.per.ip.overrides`: "host:limit,host:limit" (an IPv6 address may hold colons: the
    limit follows the last one)."""
    overrides = {}
    for item in (text or "").split(","):
        item = item.strip()
        if not item:
            continue
        host, _, limit = item.rpartition(":")
        overrides[_canonical_ip(host.strip().strip("[]"))] = int(limit)
    return overrides


class ConnectionQuotas:
    """The counts and limits of one node's client listeners. `setting(name)` gives a config's current value (a
    string, an int or None when unset); `ip_quotas()` the client-quota map of the metadata image (entities with
    an "ip" part); `protected_listener` the inter-broker listener's name when the node has several listeners."""

    def __init__(self, setting: Callable[[str], object], ip_quotas: Callable[[], Mapping],
                 protected_listener: str | None, samples: int = 11, window_s: int = 1,
                 clock_ms: Callable[[], float] | None = None) -> None:
        self.setting = setting
        self.ip_quotas = ip_quotas
        self.protected_listener = protected_listener
        self.samples = samples
        self.window_ms = window_s * 1000
        self.max_throttle_ms = window_s * 1000
        self.clock_ms = clock_ms or (lambda: trio.current_time() * 1000.0)
        self.total = 0
        self.per_ip: dict[str, int] = {}
        self.per_listener: dict[str, int] = {}
        self._broker_rate = self._new_rate()
        self._listener_rates: dict[str, Rate] = {}
        self._ip_rates: dict[str, Rate] = {}
        self._changed = trio.Event()
        self.rejected = 0  # connections closed for per-ip limits or ip rates (for logs and tests)

    def _new_rate(self) -> Rate:
        return Rate(self.samples, self.window_ms)

    # Limits, read when used -----------------------------------------------------------------------------

    def _int(self, name: str, default: int = UNLIMITED) -> int:
        value = self.setting(name)
        if value is None or value == "":
            return default
        return int(value)

    def _listener_int(self, listener: str, name: str) -> int:
        prefixed = self.setting(f"listener.name.{listener.lower()}.{name}")
        return int(prefixed) if prefixed not in (None, "") else self._int(name)

    def broker_max_connections(self) -> int:
        return self._int("max.connections")

    def listener_max_connections(self, listener: str) -> int:
        return self._listener_int(listener, "max.connections")

    def max_connections_for(self, ip: str) -> int:
        overrides = parse_ip_overrides(self.setting("max.connections.per.ip.overrides"))
        return overrides.get(ip, self._int("max.connections.per.ip"))

    def ip_rate_limit(self, ip: str) -> float | None:
        quotas = self.ip_quotas()
        if not quotas:
            return None
        for entity in ((("ip", ip),), (("ip", None),)):
            value = quotas.get(entity, {}).get(IP_RATE_KEY)
            if value is not None:
                return value
        return None

    def is_protected(self, listener: str) -> bool:
        return listener == self.protected_listener

    # Admission ------------------------------------------------------------------------------------------

    def slot_available(self, listener: str) -> bool:
        if self.per_listener.get(listener, 0) >= self.listener_max_connections(listener):
            return False
        return self.is_protected(listener) or self.total < self.broker_max_connections()

    def _record(self, rate: Rate, bound: int, now_ms: float) -> int:
        rate.record(1.0, now_ms)
        if bound >= UNLIMITED:
            return 0
        return min(throttle_time_ms(rate, bound, now_ms), self.max_throttle_ms)

    def record_creation(self, listener: str, now_ms: float) -> int:
        """Record a new connection in the broker's (not for the protected listener) and the listener's creation
        rates; the delay in ms the longer of the two calls for."""
        throttle = 0
        if not self.is_protected(listener):
            throttle = self._record(self._broker_rate, self._int("max.connection.creation.rate"), now_ms)
        listener_rate = self._listener_rates.get(listener)
        if listener_rate is None:
            listener_rate = self._listener_rates[listener] = self._new_rate()
        listener_bound = self._listener_int(listener, "max.connection.creation.rate")
        return max(throttle, self._record(listener_rate, listener_bound, now_ms))

    async def wait_for_slot(self, listener: str) -> None:
        """Kafka's waitForConnectionSlot: wait out the creation-rate delay and until the listener and the node
        have room."""
        started = self.clock_ms()
        throttle_ms = self.record_creation(listener, started)
        if throttle_ms > 0:
            log.debug("listener %s: connection creation rate over its limit; accepting again in %d ms",
                      listener, throttle_ms)
            await trio.sleep_until((started + throttle_ms) / 1000.0)
        while not self.slot_available(listener):
            with trio.move_on_after(RECHECK_S):
                await self._changed.wait()

    def _record_ip(self, listener: str, ip: str) -> None:
        bound = self.ip_rate_limit(ip)
        if bound is None:
            return
        now_ms = self.clock_ms()
        rate = self._ip_rates.get(ip)
        if rate is None:
            rate = self._ip_rates[ip] = self._new_rate()
        throttle = self._record(rate, math.floor(bound), now_ms)
        if throttle > 0:
            rate.record(-1.0, now_ms)  # the connection is refused: take it back out of every rate
            if not self.is_protected(listener):
                self._broker_rate.record(-1.0, now_ms)
            listener_rate = self._listener_rates.get(listener)
            if listener_rate is not None:
                listener_rate.record(-1.0, now_ms)
            raise ConnectionThrottled(ip, throttle)

    def admit(self, listener: str, host: str) -> str:
        """Count a connection from `host` (after `wait_for_slot`); its canonical ip, to hand back to `release`.
        ConnectionThrottled (not counted) or TooManyConnections (counted: release it) when refused."""
        ip = _canonical_ip(host)
        self._record_ip(listener, ip)
        count = self.per_ip.get(ip, 0)
        self.per_ip[ip] = count + 1
        self.per_listener[listener] = self.per_listener.get(listener, 0) + 1
        self.total += 1
        limit = self.max_connections_for(ip)
        if count >= limit:
            raise TooManyConnections(ip, limit)
        return ip

    def release(self, listener: str, ip: str) -> None:
        count = self.per_ip.get(ip, 0)
        if count <= 1:
            self.per_ip.pop(ip, None)
        else:
            self.per_ip[ip] = count - 1
        self.per_listener[listener] = max(0, self.per_listener.get(listener, 0) - 1)
        self.total = max(0, self.total - 1)
        self._changed.set()
        self._changed = trio.Event()

    def over_broker_limit(self, listener: str) -> bool:
        """Kafka's maxConnectionsExceeded: the node holds more than max.connections and `listener` is not the
        protected one (so one of its least recently active connections should go)."""
        return not self.is_protected(listener) and self.total > self.broker_max_connections()


def setting_reader(config, dynamic_layers: Callable[[], list[Mapping[str, str]]]) -> Callable[[str], object]:
    """A config's current value: the first dynamic layer that sets it (per broker, then cluster default), else
    the static config."""
    def setting(name: str) -> object:
        for layer in dynamic_layers():
            value = layer.get(name)
            if value is not None:
                return value
        return config.get(name)
    return setting
