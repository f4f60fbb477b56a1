"""The effective LogConfig of a topic: Kafka's precedence of topic override > dynamic per-broker config >
dynamic cluster-default config > static server.properties > Kafka's default.

Dynamic broker configs arrive in the metadata image under their broker names (log.retention.ms,
log.segment.bytes, ...); they are folded into the static config first, so that the broker rules that derive
one topic default from several keys (log.retention.ms/minutes/hours, log.roll.ms/hours) apply to them too.
"""

from __future__ import annotations

from collections.abc import Mapping

from kbroker.config import CONFIGS_BY_NAME, BrokerConfig
from kbroker.log.config import LogConfig


def broker_topic_defaults(config: BrokerConfig, cluster_dynamic: Mapping[str, str],
                          broker_dynamic: Mapping[str, str]) -> dict:
    """Topic-config name -> the default this broker gives a topic, dynamic broker configs included."""
    overrides = {name: value for name, value in {**cluster_dynamic, **broker_dynamic}.items()
                 if name in CONFIGS_BY_NAME and value is not None}
    effective = config.with_overrides(**overrides) if overrides else config
    return effective.topic_defaults()


class LogConfigResolver:
    """Builds LogConfigs for topics, caching the broker-level defaults per pair of dynamic config maps."""

    def __init__(self, config: BrokerConfig):
        self.config = config
        self._cache_key: tuple | None = None
        self._defaults: dict = {}

    def defaults(self, cluster_dynamic: Mapping[str, str], broker_dynamic: Mapping[str, str]) -> dict:
        key = (tuple(sorted(cluster_dynamic.items())), tuple(sorted(broker_dynamic.items())))
        if key != self._cache_key:
            self._defaults = broker_topic_defaults(self.config, cluster_dynamic, broker_dynamic)
            self._cache_key = key
        return self._defaults

    def for_topic(self, image, topic: str) -> LogConfig:
        return self.for_new_topic(image, image.configs_of_topic(topic))

    def for_new_topic(self, image, overrides: Mapping[str, str]) -> LogConfig:
        """A topic's LogConfig from its config overrides (a topic not yet in `image`)."""
        defaults = self.defaults(image.configs_of_broker(""), image.configs_of_broker(str(self.config.node_id)))
        return LogConfig.from_properties({**defaults, **overrides})
