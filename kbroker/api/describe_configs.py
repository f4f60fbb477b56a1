"""DescribeConfigs (key 32), v1-v4: the configs of topics, of this broker (or the cluster-wide dynamic defaults),
and of this broker's loggers.

Mirrors Kafka 4.3.1 (ConfigHelper.describeConfigs); the model is kbroker.configs.describe.
- TOPIC: an illegal name is INVALID_TOPIC_EXCEPTION with Topic.validate's message; a missing topic is
  UNKNOWN_TOPIC_OR_PARTITION with an empty message. Every topic config is listed with its effective value.
- BROKER: "" is the cluster-default resource (only the dynamic defaults that are set), this node's id lists
  every broker config kbroker knows; another id or a non-integer is INVALID_REQUEST.
- BROKER_LOGGER: this node's id lists the loggers and their levels (source DYNAMIC_BROKER_LOGGER_CONFIG).
- ConfigurationKeys null or empty lists every config; otherwise only the named ones (unknown names are skipped).
- Synonyms only when IncludeSynonyms, documentation (kbroker's own one-line texts) only when
  IncludeDocumentation (v3+); ConfigType is filled in every version that carries it.
- A resource type Kafka does not know fails the whole request: every result INVALID_REQUEST with the error's
  default message. A CLIENT_METRICS resource lists its stored subscription configs. A GROUP resource lists every
  group config (kbroker.group.group_configs): stored ones as GROUP_CONFIG, the others at their broker default; an
  empty group name is INVALID_REQUEST "Group name must not be empty".
- Successful results carry an empty error message, as Kafka's do. ThrottleTimeMs 0. Without DESCRIBE_CONFIGS: TOPIC_ / GROUP_ /
  CLUSTER_AUTHORIZATION_FAILED for the resource (api/authz.config_refusal).
Gaps: broker configs Kafka defines but kbroker does not implement are not listed (see SKIPPED_FEATURES.md).
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.config import ConfigError
from kbroker.configs import loggers, schema
from kbroker.configs.describe import (
    BrokerConfigView,
    ConfigEntry,
    describe_broker,
    describe_cluster_defaults,
    describe_topic,
)
from kbroker.configs.requests import java_int
from kbroker.group import group_configs
from kbroker.metadata import topic_names
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_configs_response import (
    DescribeConfigsResourceResult,
    DescribeConfigsResponse,
    DescribeConfigsResult,
    DescribeConfigsSynonym,
)
from kbroker.telemetry import subscriptions

API_KEY = 32
MIN_VERSION = 1
MAX_VERSION = 4

CLIENT_METRICS_RESOURCE, GROUP_RESOURCE = 16, 32
_KNOWN_TYPES = {schema.TOPIC_RESOURCE, schema.BROKER_RESOURCE, schema.BROKER_LOGGER_RESOURCE,
                CLIENT_METRICS_RESOURCE, GROUP_RESOURCE}
_CLIENT_METRICS_CONFIG_SOURCE = 7  # DescribeConfigsResponse ConfigSource.CLIENT_METRICS_CONFIG
_LIST_TYPE, _INT_TYPE = 7, 3


class _Failure(Exception):
    def __init__(self, error, message: str | None):
        super().__init__(message)
        self.error = error
        self.message = message


def _encode(entry: ConfigEntry) -> DescribeConfigsResourceResult:
    return DescribeConfigsResourceResult(
        name=entry.name, value=entry.value, read_only=entry.read_only, config_source=entry.source,
        is_sensitive=entry.is_sensitive,
        synonyms=[DescribeConfigsSynonym(name=s.name, value=s.value, source=s.source) for s in entry.synonyms],
        config_type=entry.config_type, documentation=entry.documentation)


def _broker_id(name: str) -> int:
    value = java_int(name)
    if value is None:
        raise _Failure(errors.INVALID_REQUEST, f"Broker id must be an integer, but it is: {name}")
    return value


def _logger_entries(keys: list[str] | None) -> list[DescribeConfigsResourceResult]:
    # Kafka leaves type and documentation of logger entries at their defaults (0, "").
    levels = loggers.current_levels()
    names = [n for n in levels if not keys or n in set(keys)]
    return [DescribeConfigsResourceResult(name=name, value=levels[name], read_only=False,
                                          config_source=schema.DYNAMIC_BROKER_LOGGER_CONFIG, is_sensitive=False,
                                          synonyms=[], config_type=schema.UNKNOWN_TYPE, documentation="")
            for name in names]


def _client_metrics_entries(stored, keys: list[str] | None, *, include_synonyms: bool,
                            include_documentation: bool) -> list[DescribeConfigsResourceResult]:
    """Every config of a subscription (Kafka's ConfigHelper over ClientMetricsConfigs' definitions): a stored one
    as CLIENT_METRICS_CONFIG with itself as synonym, the others as their defaults; values parsed and printed back."""
    entries = []
    for name in sorted(subscriptions.CONFIG_NAMES):  # Kafka lists them by name
        if keys and name not in keys:
            continue
        if name in stored:
            value, source = subscriptions.normalized(name, stored[name]), _CLIENT_METRICS_CONFIG_SOURCE
            synonyms = [DescribeConfigsSynonym(name=name, value=value, source=source)] if include_synonyms else []
        else:
            value, source, synonyms = subscriptions.DEFAULTS[name], schema.DEFAULT_CONFIG, []
        entries.append(DescribeConfigsResourceResult(
            name=name, value=value, read_only=False, config_source=source, is_sensitive=False, synonyms=synonyms,
            config_type=_INT_TYPE if name == subscriptions.INTERVAL_MS else _LIST_TYPE,
            documentation=subscriptions.DOCUMENTATION[name] if include_documentation else None))
    return entries


class _Describer:
    def __init__(self, ctx: RequestContext, request):
        self.ctx = ctx
        self.image = ctx.state.image
        self.node_id = ctx.config.node_id
        self.include_synonyms = request.include_synonyms
        self.include_documentation = request.include_documentation and ctx.api_version >= 3
        self._view: BrokerConfigView | None = None

    @property
    def view(self) -> BrokerConfigView:
        if self._view is None:
            self._view = BrokerConfigView(self.ctx.config, self.image)
        return self._view

    def flags(self) -> dict:
        return {"include_synonyms": self.include_synonyms, "include_documentation": self.include_documentation}

    def configs(self, resource) -> list[DescribeConfigsResourceResult]:
        kind, name, keys = resource.resource_type, resource.resource_name, resource.configuration_keys
        if kind == schema.TOPIC_RESOURCE:
            reason = topic_names.invalid_topic_name_reason(name)
            if reason is not None:
                raise _Failure(errors.INVALID_TOPIC_EXCEPTION, reason)
            if self.image.topic(name) is None:
                raise _Failure(errors.UNKNOWN_TOPIC_OR_PARTITION, "")
            entries = describe_topic(self.view, self.image.configs_of_topic(name), keys, **self.flags())
        elif kind == schema.BROKER_RESOURCE:
            if not name:
                entries = describe_cluster_defaults(self.view, keys, **self.flags())
            elif _broker_id(name) == self.node_id:
                entries = describe_broker(self.view, keys, **self.flags())
            else:
                raise _Failure(errors.INVALID_REQUEST, f"Unexpected broker id, expected {self.node_id} or empty "
                                                       f"string, but received {name}")
        elif kind == schema.BROKER_LOGGER_RESOURCE:
            if not name:
                raise _Failure(errors.INVALID_REQUEST, "Broker id must not be empty")
            if _broker_id(name) != self.node_id:
                raise _Failure(errors.INVALID_REQUEST,
                               f"Unexpected broker id, expected {self.node_id} but received {name}")
            return _logger_entries(keys)
        elif kind == CLIENT_METRICS_RESOURCE:
            if not name:
                raise _Failure(errors.INVALID_REQUEST, "Client metrics subscription name must not be empty")
            return _client_metrics_entries(self.image.client_metrics_configs.get(name, {}), keys, **self.flags())
        else:
            if not name:
                raise _Failure(errors.INVALID_REQUEST, "Group name must not be empty")
            return self._group_entries(name, keys)
        return [_encode(entry) for entry in entries]

    def _group_entries(self, group_id: str, keys: list[str] | None) -> list[DescribeConfigsResourceResult]:
        return [DescribeConfigsResourceResult(
            name=entry.name, value=entry.value, read_only=False, config_source=entry.source, is_sensitive=False,
            synonyms=[DescribeConfigsSynonym(name=n, value=v, source=source) for n, v, source in entry.synonyms]
            if self.include_synonyms else [],
            config_type=entry.config_type, documentation=entry.documentation if self.include_documentation else None)
            for entry in group_configs.describe(self.image.group_configs.get(group_id, {}), self.ctx.config, keys)]

    def result(self, resource) -> DescribeConfigsResult:
        refused = authz.config_refusal(self.ctx, authz.DESCRIBE_CONFIGS, resource.resource_type,
                                       resource.resource_name)
        if refused is not None:
            return DescribeConfigsResult(error_code=refused, error_message=errors.for_code(refused).message,
                                         resource_type=resource.resource_type,
                                         resource_name=resource.resource_name, configs=[])
        try:
            configs = self.configs(resource)
        except ConfigError as exc:  # a stored value kbroker can no longer parse: Kafka's LogConfig throws too
            return self._failed(resource, _Failure(errors.UNKNOWN_SERVER_ERROR, str(exc)))
        except _Failure as failure:
            return self._failed(resource, failure)
        return DescribeConfigsResult(error_code=errors.NONE.code, error_message="",
                                     resource_type=resource.resource_type, resource_name=resource.resource_name,
                                     configs=configs)

    @staticmethod
    def _failed(resource, failure: _Failure) -> DescribeConfigsResult:
        return DescribeConfigsResult(error_code=failure.error.code, error_message=failure.message,
                                     resource_type=resource.resource_type, resource_name=resource.resource_name,
                                     configs=[])


async def handle(ctx: RequestContext, request) -> DescribeConfigsResponse:
    if any(resource.resource_type not in _KNOWN_TYPES for resource in request.resources):
        return DescribeConfigsResponse(throttle_time_ms=0, results=[
            DescribeConfigsResult(error_code=errors.INVALID_REQUEST.code, error_message=errors.INVALID_REQUEST.message,
                                  resource_type=r.resource_type, resource_name=r.resource_name, configs=[])
            for r in request.resources])
    describer = _Describer(ctx, request)
    return DescribeConfigsResponse(throttle_time_ms=0,
                                   results=[describer.result(resource) for resource in request.resources])
