"""The topic-level configs Kafka 4.3 accepts (LogConfig's definitions: names, types, validators) and the
validation the controller applies to CreateTopics / AlterConfigs values.

Types and bounds follow Kafka's LogConfig.CONFIG; values are parsed with kbroker.config's ConfigDef rules and
the parsed set goes through kbroker.log.config.LogConfig, so a value the partition log could not use is
rejected here with INVALID_CONFIG and Kafka's message.
"""

from __future__ import annotations

from collections.abc import Mapping

from kbroker.config import (
    BOOLEAN,
    DOUBLE,
    INT,
    LIST,
    LONG,
    STRING,
    ConfigError,
    ConfigKey,
    at_least,
    one_of,
)
from kbroker.log.config import LogConfig

_COMPRESSION_TYPES = ("uncompressed", "zstd", "lz4", "snappy", "gzip", "producer")


def _range(low: float | None, high: float | None):
    """ConfigDef.Range: checks the lower bound first, then the upper one, with Kafka's messages."""
    def check(value) -> str | None:
        if low is not None and value < low:
            return f"Value must be at least {low}"
        if high is not None and value > high:
            return f"Value must be no more than {high}"
        return None
    return check


def _gzip_level(value) -> str | None:
    return None if value == -1 or 1 <= value <= 9 else "Value must be between 1 and 9 or equal to -1"


THROTTLED_REPLICAS = ("leader.replication.throttled.replicas", "follower.replication.throttled.replicas")


def _throttled_replicas_problem(name: str, raw: str) -> str | None:
    """ThrottledReplicaListValidator: `*` alone, or partitionId:brokerId entries; Kafka shows the parsed list."""
    items = [item.strip() for item in raw.split(",")] if raw.strip() else []
    if items == ["*"] or all(
            len(parts := item.split(":")) == 2 and all(p.strip().isdigit() for p in parts) for item in items):
        return None
    return (f"Invalid value [{', '.join(items)}] for configuration {name}: {name} must be the literal '*' or a "
            "list of replicas in the following format: [partitionId]:[brokerId],[partitionId]:[brokerId],...")


TOPIC_CONFIG_KEYS: dict[str, ConfigKey] = {key.name: key for key in (
    ConfigKey("segment.bytes", INT, 1024 * 1024 * 1024, at_least(1024 * 1024)),
    ConfigKey("segment.ms", LONG, 7 * 24 * 3600 * 1000, at_least(1)),
    ConfigKey("segment.jitter.ms", LONG, 0, at_least(0)),
    ConfigKey("segment.index.bytes", INT, 10 * 1024 * 1024, at_least(4)),
    ConfigKey("flush.messages", LONG, (1 << 63) - 1, at_least(1)),
    ConfigKey("flush.ms", LONG, (1 << 63) - 1, at_least(0)),
    ConfigKey("retention.bytes", LONG, -1),
    ConfigKey("retention.ms", LONG, 7 * 24 * 3600 * 1000, at_least(-1)),
    ConfigKey("max.message.bytes", INT, 1048588, at_least(0)),
    ConfigKey("index.interval.bytes", INT, 4096, at_least(0)),
    ConfigKey("delete.retention.ms", LONG, 24 * 3600 * 1000, at_least(0)),
    ConfigKey("min.compaction.lag.ms", LONG, 0, at_least(0)),
    ConfigKey("max.compaction.lag.ms", LONG, (1 << 63) - 1, at_least(1)),
    ConfigKey("file.delete.delay.ms", LONG, 60000, at_least(0)),
    ConfigKey("min.cleanable.dirty.ratio", DOUBLE, 0.5, _range(0, 1)),
    ConfigKey("cleanup.policy", LIST, ["delete"], one_of("compact", "delete")),
    ConfigKey("unclean.leader.election.enable", BOOLEAN, False),
    ConfigKey("min.insync.replicas", INT, 1, at_least(1)),
    ConfigKey("compression.type", STRING, "producer", one_of(*_COMPRESSION_TYPES)),
    ConfigKey("compression.gzip.level", INT, -1, _gzip_level),
    ConfigKey("compression.lz4.level", INT, 9, _range(1, 17)),
    ConfigKey("compression.zstd.level", INT, 3, _range(-131072, 22)),
    ConfigKey("preallocate", BOOLEAN, False),
    ConfigKey("message.timestamp.type", STRING, "CreateTime", one_of("CreateTime", "LogAppendTime")),
    ConfigKey("message.timestamp.before.max.ms", LONG, (1 << 63) - 1, at_least(0)),
    ConfigKey("message.timestamp.after.max.ms", LONG, 3600000, at_least(0)),
    ConfigKey("leader.replication.throttled.replicas", LIST, []),
    ConfigKey("follower.replication.throttled.replicas", LIST, []),
    ConfigKey("remote.storage.enable", BOOLEAN, False),
    ConfigKey("local.retention.ms", LONG, -2, at_least(-2)),
    ConfigKey("local.retention.bytes", LONG, -2, at_least(-2)),
    ConfigKey("remote.log.copy.disable", BOOLEAN, False),
    ConfigKey("remote.log.delete.on.disable", BOOLEAN, False),
)}


def is_list_config(name: str) -> bool:
    key = TOPIC_CONFIG_KEYS.get(name)
    return key is not None and key.type == LIST


def validate_topic_configs(configs: Mapping[str, str]) -> str | None:
    """Kafka's message for the first problem in a topic's complete set of overrides, None when valid."""
    parsed = {}
    for name, value in configs.items():
        key = TOPIC_CONFIG_KEYS.get(name)
        if key is None:
            return f"Unknown topic config name: {name}"
        if name in THROTTLED_REPLICAS:
            problem = _throttled_replicas_problem(name, value)
            if problem is not None:
                return problem
        try:
            parsed[name] = key.parse(value)
        except ConfigError as exc:
            return str(exc)
    min_lag = parsed.get("min.compaction.lag.ms", 0)
    max_lag = parsed.get("max.compaction.lag.ms", (1 << 63) - 1)
    if min_lag > max_lag:
        return (f"conflict topic config setting min.compaction.lag.ms ({min_lag}) > "
                f"max.compaction.lag.ms ({max_lag})")
    if parsed.get("remote.storage.enable"):
        return "Tiered Storage functionality is disabled in the broker. Topic cannot be configured with remote log storage."
    try:
        LogConfig.from_properties({name: value for name, value in configs.items()})
    except ValueError as exc:
        return str(exc)
    return None
