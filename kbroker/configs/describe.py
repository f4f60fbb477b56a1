"""The DescribeConfigs model: every config of a topic or of this broker with its effective value, where that value
comes from (source and synonyms, highest precedence first), type, read-only flag, sensitivity and documentation.

Mirrors Kafka 4.3's ConfigHelper.describeConfigs:
- A config's synonyms are looked up, for each source in precedence order (dynamic per-broker, dynamic cluster
  default, static server.properties, built-in default), under each of its broker synonym names; the list then
  starts at the config's own name (so `log.retention.ms` shows no `log.retention.hours` default below it).
  A topic config adds its override (TOPIC_CONFIG) in front of its broker config's synonyms.
- The source is the first synonym's, DEFAULT_CONFIG when there is none.
- Sensitive values (PASSWORD configs, and names whose type is unknown) are null, in synonyms too.
- Topic configs are never read-only; broker configs are unless Kafka can change them dynamically.
- The cluster-default broker resource ("") lists only the dynamic defaults that are set.
- Entries come in the order of Kafka's Java hash maps.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from kbroker.config import CONFIGS_BY_NAME, BrokerConfig, ConfigError
from kbroker.configs import schema
from kbroker.configs.broker_dynamic import usable_dynamic_configs
from kbroker.configs.documentation import broker_documentation, topic_documentation
from kbroker.configs.java_order import hash_order
from kbroker.metadata.image import MetadataImage
from kbroker.metadata.topic_configs import TOPIC_CONFIG_KEYS


@attrs.frozen
class Synonym:
    name: str
    value: str | None
    source: int


@attrs.frozen
class ConfigEntry:
    name: str
    value: str | None
    source: int
    read_only: bool
    is_sensitive: bool
    synonyms: tuple[Synonym, ...]  # empty unless synonyms were asked for
    config_type: int
    documentation: str | None  # None unless documentation was asked for


class BrokerConfigView:
    """This broker's configs as of one metadata image: static config + dynamic configs from the image."""

    def __init__(self, config: BrokerConfig, image: MetadataImage):
        self.config = config
        self.node_id = config.node_id
        self.dynamic_broker = usable_dynamic_configs(image.configs_of_broker(str(self.node_id)), per_broker=True)
        self.dynamic_default = usable_dynamic_configs(image.configs_of_broker(""), per_broker=False)
        self.static = self._static_configs(config)
        self.defaults = {name: schema.config_string(key.default, key.type)
                         for name, key in schema.DESCRIBED_BROKER_CONFIGS.items()
                         if key.default is not None and name not in schema.REQUIRED_BROKER_CONFIGS}
        self.values = self._effective_values()
        self.layers = ((schema.DYNAMIC_BROKER_CONFIG, self.dynamic_broker),
                       (schema.DYNAMIC_DEFAULT_BROKER_CONFIG, self.dynamic_default),
                       (schema.STATIC_BROKER_CONFIG, self.static),
                       (schema.DEFAULT_CONFIG, self.defaults))

    @staticmethod
    def _static_configs(config: BrokerConfig) -> dict[str, str]:
        static = {name: schema.config_string(config.values[name], CONFIGS_BY_NAME[name].type)
                  for name in config.explicit}
        static.update(config.unknown)
        # Kafka requires node.id in server.properties (kbroker defaults it), and reports broker.id as set there too.
        static.setdefault("node.id", str(config.node_id))
        static.setdefault("broker.id", str(config.node_id))
        return {name: value for name, value in static.items() if value is not None}

    def _effective_values(self) -> dict[str, Any]:
        """Typed value of every described broker config with the dynamic configs applied (per-broker first)."""
        dynamic = {**self.dynamic_default, **self.dynamic_broker}
        known = {name: value for name, value in dynamic.items() if name in CONFIGS_BY_NAME}
        try:
            effective = self.config.with_overrides(**known) if known else self.config
        except ConfigError:
            effective = self.config  # values were checked one by one; a combination failing keeps the static set
        self.effective_config = effective
        values = dict(effective.values)
        if values.get("broker.id") == -1:
            values["broker.id"] = self.node_id
        for key in schema.EXTRA_BROKER_CONFIGS:
            raw = dynamic.get(key.name, self.static.get(key.name))
            values[key.name] = key.default if raw is None else key.parse(raw)
        return values

    def topic_defaults(self) -> dict[str, Any]:
        """Typed defaults a topic without overrides gets from this broker (Kafka's extractLogConfigMap)."""
        defaults = {name: key.default for name, key in TOPIC_CONFIG_KEYS.items()}
        defaults.update({name: value for name, value in self.effective_config.topic_defaults().items()
                         if name in TOPIC_CONFIG_KEYS})
        for topic_name, broker_name in schema.TOPIC_TO_BROKER_CONFIG.items():
            if any(key.name == broker_name for key in schema.EXTRA_BROKER_CONFIGS):
                defaults[topic_name] = self.values[broker_name]
        return defaults

    def synonyms(self, name: str, names: Sequence[str], sensitive: bool) -> list[Synonym]:
        """ConfigHelper.configSynonyms: every (synonym name, source) that is set, by precedence, starting at
        `name` itself."""
        found = [Synonym(synonym, None if sensitive else layer[synonym], source)
                 for source, layer in self.layers for synonym in names if synonym in layer]
        for i, synonym in enumerate(found):
            if synonym.name == name:
                return found[i:]
        return []


def _wanted(names: list[str], keys: list[str] | None) -> list[str]:
    if not keys:
        return names
    wanted = set(keys)
    return [name for name in names if name in wanted]


def describe_topic(view: BrokerConfigView, overrides: Mapping[str, str], keys: list[str] | None, *,
                   include_synonyms: bool, include_documentation: bool) -> list[ConfigEntry]:
    """A topic's configs (the caller has checked that it exists)."""
    defaults = view.topic_defaults()
    entries = []
    for name in _wanted(hash_order(TOPIC_CONFIG_KEYS), keys):
        key = TOPIC_CONFIG_KEYS[name]
        sensitive = schema.is_sensitive(key.type)
        raw = overrides.get(name)
        value = defaults[name] if raw is None else key.parse(raw)
        value_text = None if sensitive else schema.config_string(value, key.type)
        broker_name = schema.TOPIC_TO_BROKER_CONFIG.get(name)
        chain = (view.synonyms(broker_name, schema.broker_synonyms(broker_name), sensitive)
                 if broker_name else [])
        if raw is not None:
            chain.insert(0, Synonym(name, value_text, schema.TOPIC_CONFIG))
        entries.append(ConfigEntry(
            name=name, value=value_text, source=chain[0].source if chain else schema.DEFAULT_CONFIG,
            read_only=False, is_sensitive=sensitive, synonyms=tuple(chain) if include_synonyms else (),
            config_type=schema.type_id(key.type), documentation=topic_documentation(name) if include_documentation else None))
    return entries


def _broker_entry(view: BrokerConfigView, name: str, value: Any, *, per_broker: bool, include_synonyms: bool,
                  include_documentation: bool) -> ConfigEntry:
    config_type = schema.broker_config_type(name)
    sensitive = schema.is_sensitive(config_type)
    chain = view.synonyms(name, schema.broker_synonyms(name), sensitive)
    if not per_broker:
        chain = [s for s in chain if s.source == schema.DYNAMIC_DEFAULT_BROKER_CONFIG]
    return ConfigEntry(
        name=name, value=None if sensitive else schema.config_string(value, config_type),
        source=chain[0].source if chain else schema.DEFAULT_CONFIG,
        read_only=not schema.is_dynamic_broker_config(name), is_sensitive=sensitive,
        synonyms=tuple(chain) if include_synonyms else (), config_type=schema.type_id(config_type),
        documentation=broker_documentation(name) if include_documentation else None)


def describe_broker(view: BrokerConfigView, keys: list[str] | None, *, include_synonyms: bool,
                    include_documentation: bool) -> list[ConfigEntry]:
    """This broker's configs (resource name = its node id): every config kbroker knows, plus the custom ones set
    statically or dynamically."""
    dynamic = {**view.dynamic_default, **view.dynamic_broker}
    custom = [name for name in (*view.static, *dynamic) if name not in view.values]
    names = _wanted(hash_order([*schema.DESCRIBED_BROKER_CONFIGS, *custom]), keys)
    return [_broker_entry(view, name,
                          view.values[name] if name in view.values else dynamic.get(name, view.static.get(name)),
                          per_broker=True, include_synonyms=include_synonyms,
                          include_documentation=include_documentation)
            for name in names]


def describe_cluster_defaults(view: BrokerConfigView, keys: list[str] | None, *, include_synonyms: bool,
                              include_documentation: bool) -> list[ConfigEntry]:
    """The cluster-wide dynamic defaults (resource name "")."""
    names = _wanted(hash_order(view.dynamic_default), keys)
    return [_broker_entry(view, name, view.dynamic_default[name], per_broker=False,
                          include_synonyms=include_synonyms, include_documentation=include_documentation)
            for name in names]
