"""What the config APIs know about each config name: the DescribeConfigs source and type ids, the broker configs
described beside kbroker.config's table, which broker configs are dynamic (and per-broker only), synonyms, and
the rendering of typed values as Kafka's ConfigDef.convertToString writes them.

Mirrors Kafka 4.3's DescribeConfigsResponse.ConfigSource / ConfigType, ServerTopicConfigSynonyms,
DynamicBrokerConfig (brokerConfigSynonyms, ALL_DYNAMIC_CONFIGS, per-broker and security config sets).
"""

from __future__ import annotations

import decimal
import math
import re
from typing import Any

from kbroker.config import (
    BOOLEAN,
    BROKER_CONFIGS,
    LIST,
    LONG,
    PASSWORD,
    ConfigKey,
    at_least,
)
from kbroker.configs.kafka_broker_configs import KAFKA_BROKER_CONFIGS
from kbroker.metadata.topic_configs import TOPIC_CONFIG_KEYS

# DescribeConfigsResponse.ConfigSource
UNKNOWN_SOURCE = 0
TOPIC_CONFIG = 1
DYNAMIC_BROKER_CONFIG = 2
DYNAMIC_DEFAULT_BROKER_CONFIG = 3
STATIC_BROKER_CONFIG = 4
DEFAULT_CONFIG = 5
DYNAMIC_BROKER_LOGGER_CONFIG = 6

# DescribeConfigsResponse.ConfigType
CONFIG_TYPE_IDS = {"BOOLEAN": 1, "STRING": 2, "INT": 3, "SHORT": 4, "LONG": 5, "DOUBLE": 6, "LIST": 7,
                   "CLASS": 8, "PASSWORD": 9}
UNKNOWN_TYPE = 0

# ConfigResource.Type
TOPIC_RESOURCE, BROKER_RESOURCE, BROKER_LOGGER_RESOURCE = 2, 4, 8

# The broker config that supplies each topic config's default (ServerTopicConfigSynonyms). Topic configs not
# listed (throttled replicas, remote.storage.enable, remote.log.*) have no broker-level default.
TOPIC_TO_BROKER_CONFIG: dict[str, str] = {
    "segment.bytes": "log.segment.bytes",
    "segment.ms": "log.roll.ms",
    "segment.jitter.ms": "log.roll.jitter.ms",
    "segment.index.bytes": "log.index.size.max.bytes",
    "flush.messages": "log.flush.interval.messages",
    "flush.ms": "log.flush.interval.ms",
    "retention.bytes": "log.retention.bytes",
    "retention.ms": "log.retention.ms",
    "max.message.bytes": "message.max.bytes",
    "index.interval.bytes": "log.index.interval.bytes",
    "delete.retention.ms": "log.cleaner.delete.retention.ms",
    "min.compaction.lag.ms": "log.cleaner.min.compaction.lag.ms",
    "max.compaction.lag.ms": "log.cleaner.max.compaction.lag.ms",
    "file.delete.delay.ms": "log.segment.delete.delay.ms",
    "min.cleanable.dirty.ratio": "log.cleaner.min.cleanable.ratio",
    "cleanup.policy": "log.cleanup.policy",
    "unclean.leader.election.enable": "unclean.leader.election.enable",
    "min.insync.replicas": "min.insync.replicas",
    "compression.type": "compression.type",
    "compression.gzip.level": "compression.gzip.level",
    "compression.lz4.level": "compression.lz4.level",
    "compression.zstd.level": "compression.zstd.level",
    "preallocate": "log.preallocate",
    "message.timestamp.type": "log.message.timestamp.type",
    "message.timestamp.before.max.ms": "log.message.timestamp.before.max.ms",
    "message.timestamp.after.max.ms": "log.message.timestamp.after.max.ms",
    "local.retention.ms": "log.local.retention.ms",
    "local.retention.bytes": "log.local.retention.bytes",
}


def _broker_twin(broker_name: str, topic_name: str) -> ConfigKey:
    topic_key = TOPIC_CONFIG_KEYS[topic_name]
    return ConfigKey(broker_name, topic_key.type, topic_key.default, topic_key.validator)


# Broker configs kbroker.config does not list but that topic configs fall back to; described and alterable here.
EXTRA_BROKER_CONFIGS: tuple[ConfigKey, ...] = (
    _broker_twin("compression.gzip.level", "compression.gzip.level"),
    _broker_twin("compression.lz4.level", "compression.lz4.level"),
    _broker_twin("compression.zstd.level", "compression.zstd.level"),
    ConfigKey("log.local.retention.ms", LONG, -2, at_least(-2)),
    ConfigKey("log.local.retention.bytes", LONG, -2, at_least(-2)),
)

# Every broker config a DescribeConfigs of this broker lists (in this insertion order).
# Kafka's internal configs (ConfigDef.defineInternal, e.g. log.initial.task.delay.ms) are not described: only
# names a Kafka 4.3.1 broker lists in DescribeConfigs are.
DESCRIBED_BROKER_CONFIGS: dict[str, ConfigKey] = {
    key.name: key for key in (*BROKER_CONFIGS, *EXTRA_BROKER_CONFIGS) if key.name in KAFKA_BROKER_CONFIGS}

# Configs Kafka defines without a default (a broker does not start without them); kbroker.config defaults them.
REQUIRED_BROKER_CONFIGS = frozenset({"node.id"})

# DynamicBrokerConfig: configs only a broker id resource may set, listener configs settable cluster-wide, and
# keystore/truststore configs that must carry a listener prefix.
_PER_BROKER_LISTENER_CONFIGS = frozenset({"listeners", "listener.security.protocol.map", "principal.builder.class"})
CLUSTER_LEVEL_LISTENER_CONFIGS = frozenset({"max.connections", "max.connection.creation.rate",
                                            "num.network.threads"})
DYNAMIC_SECURITY_CONFIGS = frozenset({
    "ssl.keystore.type", "ssl.keystore.location", "ssl.keystore.password", "ssl.key.password",
    "ssl.truststore.type", "ssl.truststore.location", "ssl.truststore.password", "ssl.keystore.key",
    "ssl.keystore.certificate.chain", "ssl.truststore.certificates"})
PER_BROKER_CONFIGS = frozenset(
    name for name, (_, dynamic) in KAFKA_BROKER_CONFIGS.items()
    if dynamic and (name in _PER_BROKER_LISTENER_CONFIGS or name.startswith(("ssl.", "sasl."))))
LISTENER_CONFIG = re.compile(r"listener\.name\.[^.]*\.(.*)")
_LISTENER_MECHANISM_CONFIGS = ("sasl.jaas.config", "sasl.login.callback.handler.class", "sasl.login.class",
                               "sasl.server.callback.handler.class", "connections.max.reauth.ms")


def broker_config_type(name: str) -> str | None:
    """The ConfigDef type Kafka gives a broker config (None for a name Kafka does not define)."""
    known = KAFKA_BROKER_CONFIGS.get(name)
    if known is not None:
        return known[0]
    ours = DESCRIBED_BROKER_CONFIGS.get(name)
    return ours.type if ours is not None else None


def is_dynamic_broker_config(name: str) -> bool:
    known = KAFKA_BROKER_CONFIGS.get(name)
    return known is not None and known[1]


def is_known_broker_config(name: str) -> bool:
    return name in KAFKA_BROKER_CONFIGS or name in DESCRIBED_BROKER_CONFIGS


def is_sensitive(config_type: str | None) -> bool:
    """KafkaConfig.maybeSensitive: passwords, and anything whose type is unknown."""
    return config_type is None or config_type == PASSWORD


def type_id(config_type: str | None) -> int:
    return CONFIG_TYPE_IDS.get(config_type, UNKNOWN_TYPE) if config_type else UNKNOWN_TYPE


def broker_synonyms(name: str) -> list[str]:
    """DynamicBrokerConfig.brokerConfigSynonyms(name, matchListenerOverride=true): the names that can set the
    same broker setting, highest precedence first."""
    for group in (("log.roll.ms", "log.roll.hours"), ("log.roll.jitter.ms", "log.roll.jitter.hours"),
                  ("log.retention.ms", "log.retention.minutes", "log.retention.hours")):
        if name in group:
            return list(group)
    if name == "log.flush.interval.ms":
        return ["log.flush.interval.ms", "log.flush.scheduler.interval.ms"]
    match = LISTENER_CONFIG.fullmatch(name)
    if match:
        base = match.group(1)
        mechanism = next((m for m in _LISTENER_MECHANISM_CONFIGS if base.endswith(m)), None)
        return [name, mechanism or base]
    return [name]


def java_double(value: float) -> str:
    """java.lang.Double.toString (shortest round-trip digits; scientific below 1e-3 and from 1e7)."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    if value == 0:
        return "-0.0" if math.copysign(1, value) < 0 else "0.0"
    if 1e-3 <= abs(value) < 1e7:
        text = repr(value)
        return text if "." in text else text + ".0"
    sign, digits, exponent = decimal.Decimal(repr(value)).normalize().as_tuple()
    text = "".join(map(str, digits))
    return f"{'-' if sign else ''}{text[0]}.{text[1:] or '0'}E{len(text) - 1 + exponent}"


def config_string(value: Any, config_type: str | None) -> str | None:
    """ConfigDef.convertToString: how a typed value appears in DescribeConfigs."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if config_type == LIST or isinstance(value, list | tuple):
        return ",".join(str(item) for item in value)
    if config_type == BOOLEAN or isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return java_double(value)
    return str(value)
