"""Dynamic broker configs: which changes a broker accepts (Kafka's DynamicBrokerConfig.validateConfigs, applied by
ConfigAdminManager before a BROKER resource change goes to the controller) and how IncrementalAlterConfigs
operations turn a broker resource's stored configs into its new set (ConfigAdminManager.prepareIncrementalConfigs).

Names Kafka does not define are custom configs and pass unchecked, as in Kafka. A failed check is INVALID_REQUEST
(KAFKA-13609 keeps it so); operations that cannot apply to a key are INVALID_CONFIG.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from kbroker.config import LIST, ConfigError, ConfigKey
from kbroker.configs import schema
from kbroker.configs.java_order import java_set_string
from kbroker.metadata.controller import OP_APPEND, OP_DELETE, OP_SET, OP_SUBTRACT, ApiError
from kbroker.protocol import errors

_OP_NAMES = {OP_APPEND: "append", OP_SUBTRACT: "subtract"}


def _config_key(name: str) -> ConfigKey | None:
    """The key that checks a value of `name` (a listener-prefixed name is checked as its base config)."""
    match = schema.LISTENER_CONFIG.fullmatch(name)
    base = match.group(1) if match else name
    ours = schema.DESCRIBED_BROKER_CONFIGS.get(base)
    if ours is not None:
        return ours
    kafka_type = schema.broker_config_type(base)
    if kafka_type is None or kafka_type == "CLASS":
        return None
    return ConfigKey(base, kafka_type, None)


def _non_dynamic(names: Iterable[str]) -> list[str]:
    return [n for n in names if schema.is_known_broker_config(n) and not schema.is_dynamic_broker_config(n)]


def _per_broker_only(names: Iterable[str]) -> list[str]:
    found = []
    for name in names:
        match = schema.LISTENER_CONFIG.fullmatch(name)
        if name in schema.PER_BROKER_CONFIGS or (
                match and match.group(1) not in schema.CLUSTER_LEVEL_LISTENER_CONFIGS):
            found.append(name)
    return found


def _value_problem(name: str, value: str) -> str | None:
    key = _config_key(name)
    if key is None:
        return None
    try:
        key.parse(value)
    except ConfigError as exc:
        return str(exc)
    return None


def dynamic_config_problem(props: Mapping[str, str], *, per_broker: bool) -> str | None:
    """Why a broker resource may not hold this complete set of dynamic configs, None if it may."""
    non_dynamic = _non_dynamic(props)
    if non_dynamic:
        return f"Cannot update these configs dynamically: {java_set_string(non_dynamic)}"
    unprefixed = [n for n in props if n in schema.DYNAMIC_SECURITY_CONFIGS]
    if unprefixed:
        return ("These security configs can be dynamically updated only per-listener using the listener prefix: "
                f"{java_set_string(unprefixed)}")
    for name, value in props.items():
        problem = _value_problem(name, value)
        if problem is not None:
            return problem
    if not per_broker:
        per_broker_only = _per_broker_only(props)
        if per_broker_only:
            return ("Cannot update these configs at default cluster level, broker id must be specified: "
                    f"{java_set_string(per_broker_only)}")
    return None


def usable_dynamic_configs(props: Mapping[str, str], *, per_broker: bool) -> dict[str, str]:
    """The stored dynamic configs a broker applies: Kafka drops (and logs) each one it could not accept."""
    usable = {}
    for name, value in props.items():
        if dynamic_config_problem({name: value}, per_broker=per_broker) is None:
            usable[name] = value
    return usable


def _java_split(text: str) -> list[str]:
    """String.split(","): trailing empty strings are dropped, but "" stays [""]."""
    parts = text.split(",")
    while len(parts) > 1 and parts[-1] == "":
        parts.pop()
    return [""] if not text else parts


def _list_default(name: str) -> str | None:
    key = schema.DESCRIBED_BROKER_CONFIGS.get(name)
    if key is None or key.default is None:
        return None
    return schema.config_string(key.default, LIST)


class OperationError(Exception):
    def __init__(self, error: ApiError):
        super().__init__(error.message)
        self.error = error


def apply_operations(current: Mapping[str, str], configs) -> dict[str, str]:
    """A broker resource's stored configs after the request's operations (generated AlterableConfig structs);
    raises OperationError for an operation Kafka rejects before validation."""
    for config in configs:
        if config.config_operation not in (OP_SET, OP_DELETE, OP_APPEND, OP_SUBTRACT):
            raise OperationError(ApiError(errors.INVALID_REQUEST.code,
                                          f"Unknown operations type {config.config_operation}"))
    props = dict(current)
    for config in configs:
        name, op = config.name, config.config_operation
        if op == OP_SET:
            props[name] = config.value
        elif op == OP_DELETE:
            props.pop(name, None)
        else:
            config_type = schema.broker_config_type(name)
            if config_type is None:
                raise OperationError(ApiError(errors.INVALID_CONFIG.code, f"Unknown config name: {name}"))
            if config_type != LIST:
                raise OperationError(ApiError(errors.INVALID_CONFIG.code,
                                              f"Config value {_OP_NAMES[op]} is not allowed for config key: {name}"))
            old = props.get(name)
            if old is None:
                old = _list_default(name)
            given = _java_split(config.value)
            if op == OP_APPEND:
                items = _java_split(old) if old else []
                items += [v for v in given if v not in items]
            else:
                items = _java_split(old or "")
                for value in given:
                    if value in items:
                        items.remove(value)
            props[name] = ",".join(items)
    return props
