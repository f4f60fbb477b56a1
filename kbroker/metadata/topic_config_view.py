"""A topic's effective configs with their sources, as the controller reports them in CreateTopics responses
(v5+) (Kafka's KafkaConfigSchema.resolveEffectiveTopicConfigs).

For every topic config Kafka 4.3 defines, the first of these that sets it wins:
1. the topic's own override (DYNAMIC_TOPIC_CONFIG), as given;
2. a synonym broker config set dynamically for this node (DYNAMIC_BROKER_CONFIG);
3. a synonym set dynamically as the cluster-wide default, resource "" (DYNAMIC_DEFAULT_BROKER_CONFIG);
4. a synonym set explicitly in server.properties or an override (STATIC_BROKER_CONFIG);
5. the topic config's own default (DEFAULT_CONFIG).
Synonyms are tried in Kafka's order (log.retention.ms, then .minutes, then .hours) and hour/minute values are
converted to milliseconds. Values are strings as Kafka renders them (lists joined by ",", booleans lower case).
None of these configs is read-only or sensitive.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from kbroker.config import BrokerConfig
from kbroker.metadata.image import MetadataImage
from kbroker.metadata.topic_configs import TOPIC_CONFIG_KEYS

# DescribeConfigsResponse.ConfigSource ids
DYNAMIC_TOPIC_CONFIG = 1
DYNAMIC_BROKER_CONFIG = 2
DYNAMIC_DEFAULT_BROKER_CONFIG = 3
STATIC_BROKER_CONFIG = 4
DEFAULT_CONFIG = 5


def _same(value: str) -> str:
    return value


def _hours_to_ms(value: str) -> str:
    return str(int(value) * 3600 * 1000)


def _minutes_to_ms(value: str) -> str:
    return str(int(value) * 60 * 1000)


# ServerTopicConfigSynonyms: topic config -> broker configs that default it, in precedence order.
SYNONYMS: dict[str, tuple[tuple[str, Callable[[str], str]], ...]] = {
    "segment.bytes": (("log.segment.bytes", _same),),
    "segment.ms": (("log.roll.ms", _same), ("log.roll.hours", _hours_to_ms)),
    "segment.jitter.ms": (("log.roll.jitter.ms", _same), ("log.roll.jitter.hours", _hours_to_ms)),
    "segment.index.bytes": (("log.index.size.max.bytes", _same),),
    "flush.messages": (("log.flush.interval.messages", _same),),
    "flush.ms": (("log.flush.interval.ms", _same), ("log.flush.scheduler.interval.ms", _same)),
    "retention.bytes": (("log.retention.bytes", _same),),
    "retention.ms": (("log.retention.ms", _same), ("log.retention.minutes", _minutes_to_ms),
                     ("log.retention.hours", _hours_to_ms)),
    "max.message.bytes": (("message.max.bytes", _same),),
    "index.interval.bytes": (("log.index.interval.bytes", _same),),
    "delete.retention.ms": (("log.cleaner.delete.retention.ms", _same),),
    "min.compaction.lag.ms": (("log.cleaner.min.compaction.lag.ms", _same),),
    "max.compaction.lag.ms": (("log.cleaner.max.compaction.lag.ms", _same),),
    "file.delete.delay.ms": (("log.segment.delete.delay.ms", _same),),
    "min.cleanable.dirty.ratio": (("log.cleaner.min.cleanable.ratio", _same),),
    "cleanup.policy": (("log.cleanup.policy", _same),),
    "unclean.leader.election.enable": (("unclean.leader.election.enable", _same),),
    "min.insync.replicas": (("min.insync.replicas", _same),),
    "compression.type": (("compression.type", _same),),
    "compression.gzip.level": (("compression.gzip.level", _same),),
    "compression.lz4.level": (("compression.lz4.level", _same),),
    "compression.zstd.level": (("compression.zstd.level", _same),),
    "preallocate": (("log.preallocate", _same),),
    "message.timestamp.type": (("log.message.timestamp.type", _same),),
    "message.timestamp.before.max.ms": (("log.message.timestamp.before.max.ms", _same),),
    "message.timestamp.after.max.ms": (("log.message.timestamp.after.max.ms", _same),),
    "local.retention.ms": (("log.local.retention.ms", _same),),
    "local.retention.bytes": (("log.local.retention.bytes", _same),),
}


@attrs.frozen
class ConfigValue:
    name: str
    value: str | None
    source: int
    read_only: bool = False
    sensitive: bool = False


def render(value: Any) -> str | None:
    """A typed config value as Kafka's ConfigEntry shows it."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ",".join(str(item) for item in value)
    return str(value)


def _static_values(config: BrokerConfig) -> dict[str, str]:
    """The broker configs set explicitly (Kafka's static config map holds only what the operator set)."""
    values = {name: render(config[name]) for name in config.explicit}
    values.update(config.unknown)
    return values


def effective_topic_configs(config: BrokerConfig, image: MetadataImage,
                            overrides: Mapping[str, str]) -> list[ConfigValue]:
    """Every topic config of a topic with `overrides`, by name, with its value and source."""
    layers = (
        (image.configs_of_broker(str(config.node_id)), DYNAMIC_BROKER_CONFIG),
        (image.configs_of_broker(""), DYNAMIC_DEFAULT_BROKER_CONFIG),
        (_static_values(config), STATIC_BROKER_CONFIG),
    )
    entries = []
    for name in sorted(TOPIC_CONFIG_KEYS):
        entries.append(_resolve(name, overrides, layers))
    return entries


def _resolve(name: str, overrides: Mapping[str, str], layers) -> ConfigValue:
    if name in overrides:
        return ConfigValue(name, overrides[name], DYNAMIC_TOPIC_CONFIG)
    synonyms = SYNONYMS.get(name, ())
    for values, source in layers:
        for broker_name, convert in synonyms:
            value = values.get(broker_name)
            if value is not None:
                return ConfigValue(name, convert(value), source)
    return ConfigValue(name, render(TOPIC_CONFIG_KEYS[name].default), DEFAULT_CONFIG)
