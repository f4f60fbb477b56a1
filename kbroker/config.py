"""Broker configuration: Kafka's config names, types and defaults, the server.properties parser, overrides.

`BROKER_CONFIGS` is the table of every broker config kbroker knows (name, type, default, validation, and the
topic-level name for `log.*` defaults). `BrokerConfig.load(path, overrides)` reads a Java `.properties` file
and `key=value` overrides the way Kafka's start script does; values are parsed with Kafka's type rules and
validated, and an invalid value raises `ConfigError` naming the key. Unknown keys are kept (`unknown`) and
logged once. Later issues add rows to the table.

With no config file, `load` starts from what Kafka's shipped config/server.properties sets for a single node
(`SINGLE_NODE_DEFAULTS`: internal topics with one replica), beneath the overrides; with a file, Kafka's own
defaults hold. The KRaft roles and quorum configs are checked by `kbroker.quorum_config`.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import attrs

from kbroker.partition.replica_selector import check_selector
from kbroker.quorum_config import KRaftConfigError, check_required, validate_kraft
from kbroker.security.authorizer import Authorizer, AuthorizerConfigError

log = logging.getLogger(__name__)

INT_MIN, INT_MAX = -(1 << 31), (1 << 31) - 1
LONG_MIN, LONG_MAX = -(1 << 63), (1 << 63) - 1
SHORT_MIN, SHORT_MAX = -(1 << 15), (1 << 15) - 1

# Kafka's ConfigDef.Type names; they appear in error messages ("Not a number of type INT").
BOOLEAN, STRING, INT, SHORT, LONG, DOUBLE, LIST, PASSWORD = (
    "BOOLEAN", "STRING", "INT", "SHORT", "LONG", "DOUBLE", "LIST", "PASSWORD")


SECURITY_PROTOCOLS = ("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL")  # Kafka's SecurityProtocol names


class ConfigError(ValueError):
    """A configuration value Kafka would reject; the message names the key."""


def _parse_value(kind: str, raw: str) -> Any:
    """Parse one string value with Kafka's ConfigDef.parseType rules; raise ValueError(reason)."""
    text = raw.strip()
    if kind == BOOLEAN:
        if text.lower() == "true":
            return True
        if text.lower() == "false":
            return False
        raise ValueError("Expected value to be either true or false")
    if kind in (STRING, PASSWORD):
        return text
    if kind in (INT, SHORT, LONG):
        bounds = {INT: (INT_MIN, INT_MAX), SHORT: (SHORT_MIN, SHORT_MAX), LONG: (LONG_MIN, LONG_MAX)}[kind]
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            raise ValueError(f"Not a number of type {kind}")
        value = int(text)
        if not bounds[0] <= value <= bounds[1]:
            raise ValueError(f"Not a number of type {kind}")
        return value
    if kind == DOUBLE:
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"Not a number of type {kind}") from None
    if kind == LIST:
        return [] if not text else [item.strip() for item in text.split(",")]
    raise AssertionError(f"unknown config type {kind}")


def at_least(minimum: float) -> Callable[[Any], str | None]:
    def check(value):
        if value is not None and value < minimum:
            return f"Value must be at least {minimum}"
        return None
    return check


def between(low: float, high: float) -> Callable[[Any], str | None]:
    def check(value):
        if value is not None and not low <= value <= high:
            return f"Value must be no less than {low} and no more than {high}"
        return None
    return check


def one_of(*allowed: str) -> Callable[[Any], str | None]:
    def check(value):
        values = value if isinstance(value, list) else [value]
        for item in values:
            if item is not None and item not in allowed:
                return f"String must be one of: {', '.join(allowed)}"
        return None
    return check


@attrs.frozen
class ConfigKey:
    name: str
    type: str
    default: Any  # already typed; None means "no default" (null in Kafka)
    validator: Callable[[Any], str | None] | None = None
    topic_name: str | None = None  # the topic-level config this broker config is the default of

    def parse(self, raw: Any) -> Any:
        if isinstance(raw, str):
            try:
                value = _parse_value(self.type, raw)
            except ValueError as e:
                raise ConfigError(f"Invalid value {raw} for configuration {self.name}: {e}") from None
        else:
            value = raw
        if self.validator is not None:
            problem = self.validator(value)
            if problem:
                raise ConfigError(f"Invalid value {raw} for configuration {self.name}: {problem}")
        return value


def parse_http_address(text: str) -> tuple[str, int]:
    """kbroker.http.listener (and `kbroker serve --http`): HOST:PORT, an IPv6 host in brackets, port 0 for an
    ephemeral one; ValueError when it is not one."""
    host, sep, port = text.strip().rpartition(":")
    if not sep or not port.isdigit() or int(port) > 65535:
        raise ValueError(f"{text!r} is not HOST:PORT")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    return host, int(port)


def _http_address(value: str) -> str | None:
    if not value:
        return None
    try:
        parse_http_address(value)
    except ValueError as e:
        return str(e)
    return None


def _emulated_release(value: str) -> str | None:
    if not value:
        return None
    from kbroker.protocol.kafka_releases import accepted, releases

    return None if value in releases() else f"not a Kafka release kbroker can emulate; accepted: {accepted()}"


def _key(name, kind, default, validator=None, topic_name=None) -> ConfigKey:
    return ConfigKey(name, kind, default, validator, topic_name)


_DAY_MS = 24 * 3600 * 1000

BROKER_CONFIGS: tuple[ConfigKey, ...] = (
    # Process and listeners (KafkaConfig / KRaftConfigs / SocketServerConfigs).
    # node.id: Kafka requires it in KRaft mode (default -1 = unset); kbroker, a single node, defaults to 1.
    _key("node.id", INT, 1, at_least(0)),
    _key("broker.id", INT, -1),
    _key("process.roles", LIST, ["broker", "controller"], one_of("broker", "controller")),
    _key("listeners", LIST, ["PLAINTEXT://:9092"]),
    _key("advertised.listeners", LIST, None),
    # kbroker's own: HOST:PORT of the HTTP listener serving /metrics (kbroker/http/); empty: none.
    _key("kbroker.http.listener", STRING, "", _http_address),
    # kbroker's own: X.Y, the Apache Kafka release whose ApiVersions (APIs, versions, features) the client
    # listeners advertise and accept (`kbroker serve --emulate-kafka X.Y`); empty: kbroker's own (4.3).
    _key("kbroker.emulate.kafka.version", STRING, "", _emulated_release),
    # kbroker's own: whether the web console's forms may create and delete topics and reset group offsets.
    _key("kbroker.console.write.enable", BOOLEAN, False),
    _key("listener.security.protocol.map", LIST,
         ["SASL_SSL:SASL_SSL", "PLAINTEXT:PLAINTEXT", "SSL:SSL", "SASL_PLAINTEXT:SASL_PLAINTEXT"]),
    _key("controller.listener.names", LIST, None),
    _key("inter.broker.listener.name", STRING, None),
    _key("controller.quorum.voters", LIST, []),
    _key("controller.quorum.bootstrap.servers", LIST, []),
    _key("controller.quorum.election.timeout.ms", INT, 1000),
    _key("controller.quorum.election.backoff.max.ms", INT, 1000),
    _key("controller.quorum.fetch.timeout.ms", INT, 2000),
    _key("controller.quorum.request.timeout.ms", INT, 2000),
    _key("controller.quorum.retry.backoff.ms", INT, 20),
    # How long a request to another node may take; also how long a leader holds a WriteTxnMarkers answer for the
    # in-sync replicas (KafkaApis.handleWriteTxnMarkersRequest appends with acks=all and this timeout).
    _key("request.timeout.ms", INT, 30000, at_least(0)),
    _key("socket.request.max.bytes", INT, 104857600, at_least(1)),
    _key("telemetry.max.bytes", INT, 1048576, at_least(1)),  # KIP-714: the largest PushTelemetry payload
    _key("socket.send.buffer.bytes", INT, 102400),
    _key("socket.receive.buffer.bytes", INT, 102400),
    _key("socket.listen.backlog.size", INT, 50, at_least(1)),
    _key("queued.max.requests", INT, 500, at_least(1)),
    # Kafka's -1 is unbounded; kbroker resolves <= 0 to a share of the machine's memory (request_memory.py).
    _key("queued.max.request.bytes", LONG, -1),
    _key("connections.max.idle.ms", LONG, 600000),
    # Connection limits (kbroker/network/connection_quotas.py) and KIP-368 re-authentication.
    _key("max.connections", INT, 2147483647, at_least(0)),
    _key("max.connections.per.ip", INT, 2147483647, at_least(0)),
    _key("max.connections.per.ip.overrides", STRING, ""),
    _key("max.connection.creation.rate", INT, 2147483647, at_least(0)),
    _key("connections.max.reauth.ms", LONG, 0),
    # Authorizer (kbroker/security/authorizer.py): empty, or Kafka's StandardAuthorizer.
    # KIP-392 (kbroker/partition/replica_selector.py): unset, or Kafka's RackAwareReplicaSelector.
    _key("replica.selector.class", STRING, None, check_selector),
    _key("authorizer.class.name", STRING, ""),
    _key("super.users", STRING, ""),
    _key("allow.everyone.if.no.acl.found", BOOLEAN, False),
    # Delegation tokens (kbroker/security/delegation_tokens.py): enabled by a secret key, as Kafka.
    _key("delegation.token.secret.key", PASSWORD, None),
    _key("delegation.token.max.lifetime.ms", LONG, 7 * _DAY_MS, at_least(1)),
    _key("delegation.token.expiry.time.ms", LONG, _DAY_MS, at_least(1)),
    _key("delegation.token.expiry.check.interval.ms", LONG, 3600000, at_least(1)),
    # Client quotas (ClientQuotaManagerConfig): the rate is measured over quota.window.num samples of this size.
    _key("quota.window.num", INT, 11, at_least(1)),
    _key("quota.window.size.seconds", INT, 1, at_least(1)),
    _key("num.network.threads", INT, 3, at_least(1)),
    _key("num.io.threads", INT, 8, at_least(1)),
    _key("message.max.bytes", INT, 1048588, at_least(0), "max.message.bytes"),
    # Logs (LogConfig / ServerLogConfigs).
    _key("log.dirs", LIST, None),
    _key("log.dir", STRING, "/tmp/kafka-logs"),
    _key("metadata.log.dir", STRING, None),
    _key("metadata.log.segment.bytes", INT, 1024 * 1024 * 1024, at_least(12)),
    _key("metadata.log.segment.ms", LONG, 7 * _DAY_MS),
    _key("metadata.log.max.record.bytes.between.snapshots", LONG, 20 * 1024 * 1024, at_least(1)),
    _key("metadata.log.max.snapshot.interval.ms", LONG, 3600 * 1000, at_least(0)),
    _key("metadata.max.retention.bytes", LONG, 100 * 1024 * 1024),
    _key("metadata.max.retention.ms", LONG, 7 * _DAY_MS),
    _key("num.partitions", INT, 1, at_least(1)),
    _key("default.replication.factor", INT, 1),
    _key("auto.create.topics.enable", BOOLEAN, True),
    _key("delete.topic.enable", BOOLEAN, True),
    _key("log.segment.bytes", INT, 1024 * 1024 * 1024, at_least(1024 * 1024), "segment.bytes"),
    _key("log.roll.ms", LONG, None, None),
    _key("log.roll.hours", INT, 24 * 7, at_least(1)),
    _key("log.roll.jitter.ms", LONG, None),
    _key("log.roll.jitter.hours", INT, 0, at_least(0)),
    _key("log.retention.ms", LONG, None),
    _key("log.retention.minutes", INT, None),
    _key("log.retention.hours", INT, 24 * 7),
    _key("log.retention.bytes", LONG, -1, None, "retention.bytes"),
    _key("log.retention.check.interval.ms", LONG, 300000, at_least(1), "log.retention.check.interval.ms"),
    _key("log.initial.task.delay.ms", LONG, 30000, at_least(0)),
    _key("log.index.size.max.bytes", INT, 10 * 1024 * 1024, at_least(4), "segment.index.bytes"),
    _key("log.index.interval.bytes", INT, 4096, at_least(0), "index.interval.bytes"),
    _key("log.flush.interval.messages", LONG, LONG_MAX, at_least(1), "flush.messages"),
    _key("log.flush.interval.ms", LONG, None),
    _key("log.flush.scheduler.interval.ms", LONG, LONG_MAX),
    _key("log.cleanup.policy", LIST, ["delete"], one_of("delete", "compact"), "cleanup.policy"),
    _key("log.cleaner.enable", BOOLEAN, True),
    _key("log.cleaner.delete.retention.ms", LONG, _DAY_MS, at_least(0), "delete.retention.ms"),
    _key("log.cleaner.min.cleanable.ratio", DOUBLE, 0.5, between(0, 1), "min.cleanable.dirty.ratio"),
    _key("log.cleaner.min.compaction.lag.ms", LONG, 0, at_least(0), "min.compaction.lag.ms"),
    _key("log.cleaner.max.compaction.lag.ms", LONG, LONG_MAX, at_least(1), "max.compaction.lag.ms"),
    _key("log.segment.delete.delay.ms", LONG, 60000, at_least(0), "file.delete.delay.ms"),
    _key("log.preallocate", BOOLEAN, False, None, "preallocate"),
    _key("log.message.timestamp.type", STRING, "CreateTime", one_of("CreateTime", "LogAppendTime"),
         "message.timestamp.type"),
    _key("log.message.timestamp.before.max.ms", LONG, LONG_MAX, at_least(0), "message.timestamp.before.max.ms"),
    _key("log.message.timestamp.after.max.ms", LONG, 3600000, at_least(0), "message.timestamp.after.max.ms"),
    _key("compression.type", STRING, "producer",
         one_of("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer"), "compression.type"),
    _key("min.insync.replicas", INT, 1, at_least(1), "min.insync.replicas"),
    _key("unclean.leader.election.enable", BOOLEAN, False, None, "unclean.leader.election.enable"),
    _key("producer.id.expiration.ms", INT, 86400000, at_least(1), "producer.id.expiration.ms"),
    _key("num.recovery.threads.per.data.dir", INT, 2, at_least(1)),
    _key("replica.lag.time.max.ms", LONG, 30000),
    # Replica fetchers (ReplicationConfigs).
    _key("replica.fetch.backoff.ms", INT, 1000, at_least(0)),
    _key("replica.fetch.max.bytes", INT, 1048576, at_least(0)),
    _key("replica.fetch.min.bytes", INT, 1),
    _key("replica.fetch.response.max.bytes", INT, 10485760, at_least(0)),
    _key("replica.fetch.wait.max.ms", INT, 500),
    _key("replica.socket.timeout.ms", INT, 30000),
    # Broker lifecycle (KRaftConfigs): heartbeats to the active controller, which fences a silent broker.
    _key("broker.heartbeat.interval.ms", INT, 2000),
    _key("broker.session.timeout.ms", INT, 9000),
    _key("initial.broker.registration.timeout.ms", INT, 60000),
    # Group coordinator and __consumer_offsets.
    _key("offsets.topic.num.partitions", INT, 50, at_least(1)),
    _key("offsets.topic.replication.factor", SHORT, 3, at_least(1)),
    _key("offsets.topic.segment.bytes", INT, 100 * 1024 * 1024, at_least(1)),
    _key("offsets.retention.minutes", INT, 7 * 24 * 60, at_least(1)),
    _key("offsets.retention.check.interval.ms", LONG, 600000, at_least(1)),
    _key("offsets.commit.timeout.ms", INT, 5000, at_least(1)),
    _key("offset.metadata.max.bytes", INT, 4096),
    _key("group.initial.rebalance.delay.ms", INT, 3000),
    _key("group.min.session.timeout.ms", INT, 6000),
    _key("group.max.session.timeout.ms", INT, 1800000),
    _key("group.max.size", INT, INT_MAX, at_least(1)),
    _key("group.consumer.heartbeat.interval.ms", INT, 5000, at_least(1)),
    _key("group.consumer.session.timeout.ms", INT, 45000, at_least(1)),
    # Bounds of a group's own consumer.* configs (GROUP config resources, kbroker.group.group_configs).
    _key("group.consumer.min.session.timeout.ms", INT, 45000, at_least(1)),
    _key("group.consumer.max.session.timeout.ms", INT, 60000, at_least(1)),
    _key("group.consumer.min.heartbeat.interval.ms", INT, 5000, at_least(1)),
    _key("group.consumer.max.heartbeat.interval.ms", INT, 15000, at_least(1)),
    _key("group.consumer.min.assignment.interval.ms", INT, 0, at_least(0)),
    _key("group.consumer.max.assignment.interval.ms", INT, 15000, at_least(0)),
    _key("group.consumer.max.size", INT, INT_MAX, at_least(1)),
    _key("group.consumer.migration.policy", STRING, "bidirectional",
         one_of("disabled", "downgrade", "upgrade", "bidirectional")),
    _key("group.consumer.assignment.interval.ms", INT, 1000, at_least(0)),
    _key("group.consumer.assignors", LIST, ["uniform", "range"]),
    _key("group.streams.heartbeat.interval.ms", INT, 5000, at_least(1)),
    _key("group.streams.session.timeout.ms", INT, 45000, at_least(1)),
    _key("group.streams.max.size", INT, INT_MAX, at_least(1)),
    _key("group.streams.initial.rebalance.delay.ms", INT, 3000, at_least(0)),
    # Share groups (KIP-932; Kafka 4.3.1's GroupCoordinatorConfig and ShareGroupConfig names and defaults).
    _key("group.share.heartbeat.interval.ms", INT, 5000, at_least(1)),
    _key("group.share.min.heartbeat.interval.ms", INT, 5000, at_least(1)),
    _key("group.share.max.heartbeat.interval.ms", INT, 15000, at_least(1)),
    _key("group.share.session.timeout.ms", INT, 45000, at_least(1)),
    _key("group.share.min.session.timeout.ms", INT, 45000, at_least(1)),
    _key("group.share.max.session.timeout.ms", INT, 60000, at_least(1)),
    _key("group.share.max.size", INT, 200, between(1, 1000)),
    _key("group.share.assignors", LIST, ["simple"]),
    _key("group.share.delivery.count.limit", INT, 5, between(2, 10)),
    _key("group.share.min.delivery.count.limit", INT, 2, between(2, 10)),
    _key("group.share.max.delivery.count.limit", INT, 10, between(2, 10)),
    _key("group.share.record.lock.duration.ms", INT, 30000, between(1000, 3600000)),
    _key("group.share.min.record.lock.duration.ms", INT, 15000, between(1000, 30000)),
    _key("group.share.max.record.lock.duration.ms", INT, 60000, between(30000, 3600000)),
    _key("group.share.partition.max.record.locks", INT, 2000, between(100, 10000)),
    _key("group.share.min.partition.max.record.locks", INT, 100, between(100, 10000)),
    _key("group.share.max.partition.max.record.locks", INT, 4000, between(100, 10000)),
    _key("group.share.max.share.sessions", INT, 2000, at_least(1)),
    # Transaction coordinator and __transaction_state.
    _key("transaction.state.log.num.partitions", INT, 50, at_least(1)),
    _key("transaction.state.log.replication.factor", SHORT, 3, at_least(1)),
    _key("transaction.state.log.min.isr", INT, 2, at_least(1)),
    # Share coordinator and __share_group_state (Kafka's names and defaults).
    _key("share.coordinator.state.topic.num.partitions", INT, 50, at_least(1)),
    _key("share.coordinator.write.timeout.ms", INT, 5000, at_least(1)),
    _key("share.coordinator.state.topic.segment.bytes", INT, 100 * 1024 * 1024, at_least(1)),
    _key("share.coordinator.state.topic.replication.factor", SHORT, 3, at_least(1)),
    _key("share.coordinator.state.topic.min.isr", SHORT, 2, at_least(1)),
    _key("transaction.state.log.segment.bytes", INT, 100 * 1024 * 1024, at_least(1)),
    _key("transaction.max.timeout.ms", INT, 900000, at_least(1)),
    _key("transactional.id.expiration.ms", INT, 7 * _DAY_MS, at_least(1)),
    _key("transaction.partition.verification.enable", BOOLEAN, True),
    _key("transaction.abort.timed.out.transaction.cleanup.interval.ms", INT, 10000, at_least(1)),
    _key("transaction.remove.expired.transaction.cleanup.interval.ms", INT, 3600000, at_least(1)),
)

CONFIGS_BY_NAME: dict[str, ConfigKey] = {key.name: key for key in BROKER_CONFIGS}

# What Apache Kafka 4.3.1's config/server.properties sets because one broker cannot hold three replicas of the
# internal topics. `kbroker serve` with no config file starts from these (see `BrokerConfig.load`).
_SECURITY_PREFIXES = ("ssl.", "sasl.", "listener.name.", "connection.failed.authentication.delay.ms")

SINGLE_NODE_DEFAULTS: dict[str, str] = {
    "offsets.topic.replication.factor": "1",
    "transaction.state.log.replication.factor": "1",
    "transaction.state.log.min.isr": "1",
    "share.coordinator.state.topic.replication.factor": "1",
    "share.coordinator.state.topic.min.isr": "1",
}


@attrs.frozen
class Listener:
    """One entry of `listeners` / `advertised.listeners`: NAME://host:port."""

    name: str
    host: str  # "" binds every interface
    port: int
    security_protocol: str

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.name}://{host}:{self.port}"


def parse_listener(text: str, protocol_map: Mapping[str, str], *, key: str) -> Listener:
    match = re.fullmatch(r"([A-Za-z0-9_]+)://(\[[^\]]*\]|[^:\[\]]*):(-?[0-9]+)", text.strip())
    if not match:
        raise ConfigError(f"Invalid value {text} for configuration {key}: "
                          "listener must be of the form NAME://host:port")
    name, host, port_text = match.group(1).upper(), match.group(2), match.group(3)
    host = host[1:-1] if host.startswith("[") else host
    port = int(port_text)
    if not 0 <= port <= 65535:
        raise ConfigError(f"Invalid value {text} for configuration {key}: port {port} is not in 0-65535")
    if name not in protocol_map:
        raise ConfigError(f"Invalid value {text} for configuration {key}: no security protocol is defined for "
                          f"listener {name} in listener.security.protocol.map")
    return Listener(name, host, port, protocol_map[name])


@attrs.frozen
class BrokerConfig:
    """Typed broker config: `values` by Kafka name for every known key, `unknown` for the rest."""

    values: Mapping[str, Any]
    unknown: Mapping[str, str] = attrs.field(factory=dict)
    explicit: frozenset[str] = frozenset()  # the known keys that were set, not defaulted
    # The SINGLE_NODE_DEFAULTS `load` applied (no config file, not overridden), by name.
    single_node_defaults: Mapping[str, str] = attrs.field(factory=dict)

    # Construction -------------------------------------------------------------------------------------------

    @classmethod
    def from_properties(cls, props: Mapping[str, Any], *,
                        single_node_defaults: Mapping[str, str] | None = None) -> BrokerConfig:
        values = {key.name: key.default for key in BROKER_CONFIGS}
        unknown: dict[str, str] = {}
        for name, raw in props.items():
            key = CONFIGS_BY_NAME.get(name)
            if key is None:
                unknown[name] = raw
            else:
                values[name] = key.parse(raw)
        config = cls(values, unknown, frozenset(name for name in props if name in CONFIGS_BY_NAME),
                     dict(single_node_defaults or {}))
        config._validate()
        # The ssl.* / sasl.* settings (listener-prefixed too) are read by kbroker.security, not modelled here.
        unreported = sorted(name for name in unknown if not name.startswith(_SECURITY_PREFIXES))
        if unreported:
            log.warning("These configurations '%s' were supplied but are not known to kbroker; they are kept "
                        "and ignored", unreported)
        return config

    @classmethod
    def load(cls, path: str | os.PathLike | None = None, overrides: Iterable[str] = ()) -> BrokerConfig:
        """`path` (a server.properties file) then `overrides` (`key=value`); with no file, the overrides go on top
        of SINGLE_NODE_DEFAULTS."""
        props: dict[str, str] = {}
        if path is not None:
            with open(path, "rb") as f:
                props.update(parse_properties(f.read().decode("latin-1")))
        given = parse_overrides(overrides)
        applied = {} if path is not None else {k: v for k, v in SINGLE_NODE_DEFAULTS.items() if k not in given}
        props.update(applied)
        props.update(given)
        return cls.from_properties(props, single_node_defaults=applied)

    def with_overrides(self, **by_name: Any) -> BrokerConfig:
        """A copy with some values replaced (keys given with dots, e.g. `**{"log.dirs": "/x"}`)."""
        props = {name: self.values[name] for name in self.explicit}
        props.update(self.unknown)
        props.update(by_name)
        return BrokerConfig.from_properties(props, single_node_defaults=self.single_node_defaults)

    def _validate(self) -> None:
        try:
            check_required(self)
        except KRaftConfigError as e:
            raise ConfigError(str(e)) from None
        if self.values["broker.id"] not in (-1, self.values["node.id"]):
            raise ConfigError(f"broker.id ({self.values['broker.id']}) and node.id ({self.values['node.id']}) "
                              "must be equal when both are set")
        for item in self.values["listener.security.protocol.map"]:
            if item.count(":") != 1 or not all(item.split(":")):
                raise ConfigError(f"Invalid value {item} for configuration listener.security.protocol.map: "
                                  "entries must be NAME:PROTOCOL")
            protocol = item.split(":")[1].strip()
            if protocol.upper() not in SECURITY_PROTOCOLS:
                raise ConfigError(f"Invalid security protocol `{protocol}` defined in listener.security.protocol.map")
        self.listeners  # noqa: B018 - parses and validates the listener lists
        self.advertised_listeners  # noqa: B018
        try:
            Authorizer.from_config(self)
        except AuthorizerConfigError as e:
            raise ConfigError(str(e)) from None
        if not self.log_dirs:
            raise ConfigError("Invalid value for configuration log.dirs: at least one log directory is needed")
        try:
            validate_kraft(self)
        except KRaftConfigError as e:
            raise ConfigError(str(e)) from None

    # Access -------------------------------------------------------------------------------------------------

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def get(self, name: str, default: Any = None) -> Any:
        if name in self.values:
            return self.values[name]
        return self.unknown.get(name, default)

    @property
    def node_id(self) -> int:
        return self.values["node.id"]

    @property
    def controller_listener_names(self) -> list[str]:
        return list(self.values["controller.listener.names"] or [])

    @property
    def security_protocol_map(self) -> dict[str, str]:
        """listener.security.protocol.map; when it is left at its default, controller listeners it does not
        name are PLAINTEXT (Kafka's KafkaConfig.effectiveListenerSecurityProtocolMap)."""
        mapping = dict(item.split(":", 1) for item in self.values["listener.security.protocol.map"])
        if "listener.security.protocol.map" not in self.explicit:
            for name in self.controller_listener_names:
                mapping.setdefault(name, "PLAINTEXT")
        return mapping

    @property
    def listeners(self) -> list[Listener]:
        protocols = self.security_protocol_map
        parsed = [parse_listener(text, protocols, key="listeners") for text in self.values["listeners"] if text]
        if not parsed:
            raise ConfigError("Invalid value for configuration listeners: at least one listener is needed")
        names = [listener.name for listener in parsed]
        if len(set(names)) != len(names):
            raise ConfigError(f"Invalid value {','.join(self.values['listeners'])} for configuration listeners: "
                              "each listener must have a distinct name")
        return parsed

    @property
    def advertised_listeners(self) -> list[Listener]:
        """`advertised.listeners`, or the non-controller `listeners` when it is unset (Kafka's rule)."""
        texts = self.values["advertised.listeners"]
        if texts is None:
            controllers = set(self.controller_listener_names)
            return [listener for listener in self.listeners if listener.name not in controllers]
        protocols = self.security_protocol_map
        return [parse_listener(text, protocols, key="advertised.listeners") for text in texts if text]

    @property
    def log_dirs(self) -> list[str]:
        dirs = self.values["log.dirs"]
        if dirs is None:
            dirs = [self.values["log.dir"]]
        return [os.path.abspath(d) for d in dirs if d]

    @property
    def log_retention_ms(self) -> int:
        """log.retention.ms, else minutes, else hours; a negative value means unlimited (-1)."""
        if self.values["log.retention.ms"] is not None:
            millis = self.values["log.retention.ms"]
        elif self.values["log.retention.minutes"] is not None:
            millis = self.values["log.retention.minutes"] * 60 * 1000
        else:
            millis = self.values["log.retention.hours"] * 3600 * 1000
        return -1 if millis < 0 else millis

    @property
    def log_roll_ms(self) -> int:
        if self.values["log.roll.ms"] is not None:
            return self.values["log.roll.ms"]
        return self.values["log.roll.hours"] * 3600 * 1000

    @property
    def log_roll_jitter_ms(self) -> int:
        if self.values["log.roll.jitter.ms"] is not None:
            return self.values["log.roll.jitter.ms"]
        return self.values["log.roll.jitter.hours"] * 3600 * 1000

    @property
    def log_flush_interval_ms(self) -> int:
        value = self.values["log.flush.interval.ms"]
        return self.values["log.flush.scheduler.interval.ms"] if value is None else value

    def topic_defaults(self) -> dict[str, Any]:
        """Topic-level config names -> this broker's defaults for them (what a new topic inherits)."""
        defaults = {key.topic_name: self.values[key.name] for key in BROKER_CONFIGS if key.topic_name}
        defaults["retention.ms"] = self.log_retention_ms
        defaults["segment.ms"] = self.log_roll_ms
        defaults["segment.jitter.ms"] = self.log_roll_jitter_ms
        defaults["flush.ms"] = self.log_flush_interval_ms
        defaults["cleanup.policy"] = ",".join(self.values["log.cleanup.policy"])
        return defaults


# Java .properties syntax ------------------------------------------------------------------------------------

_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def _logical_lines(text: str) -> Iterable[str]:
    """Java Properties logical lines: comments and blank lines dropped, backslash-continued lines joined
    (leading whitespace of a continuation line is skipped)."""
    natural = re.split(r"\r\n|\r|\n", text)
    i = 0
    while i < len(natural):
        line = natural[i].lstrip(" \t\f")
        i += 1
        if not line or line[0] in "#!":
            continue
        parts = []
        while True:
            trailing = len(line) - len(line.rstrip("\\"))
            if trailing % 2 == 1:
                parts.append(line[:-1])
                if i >= len(natural):
                    break
                line = natural[i].lstrip(" \t\f")
                i += 1
            else:
                parts.append(line)
                break
        yield "".join(parts)


def _unescape(text: str) -> str:
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch != "\\" or i + 1 >= len(text):
            out.append(ch)
            i += 1
            continue
        nxt = text[i + 1]
        if nxt == "u":
            digits = text[i + 2:i + 6]
            if not re.fullmatch(r"[0-9a-fA-F]{4}", digits):
                raise ConfigError(f"Malformed \\uxxxx encoding in properties line: {text!r}")
            out.append(chr(int(digits, 16)))
            i += 6
        else:
            out.append(_ESCAPES.get(nxt, nxt))
            i += 2
    return "".join(out)


def _split_key_value(line: str) -> tuple[str, str]:
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\":
            i += 2
            continue
        if ch in "=: \t\f":
            break
        i += 1
    key, rest = line[:i], line[i:]
    rest = rest.lstrip(" \t\f")
    if rest[:1] in ("=", ":"):
        rest = rest[1:].lstrip(" \t\f")
    return _unescape(key), _unescape(rest)


def parse_properties(text: str) -> dict[str, str]:
    """Parse Java `.properties` text (java.util.Properties.load rules); later duplicates win."""
    props: dict[str, str] = {}
    for line in _logical_lines(text):
        key, value = _split_key_value(line)
        props[key] = value
    return props


def parse_overrides(overrides: Iterable[str]) -> dict[str, str]:
    props = {}
    for item in overrides:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"Invalid override {item!r}: expected key=value")
        props[key.strip()] = value
    return props
