"""The broker-side checks of AlterConfigs and IncrementalAlterConfigs before a change goes to the controller
(Kafka's ConfigAdminManager.preprocess), and the parsing of broker ids in resource names.

Per resource, in Kafka's order: a resource named twice fails both copies; duplicate config names; null values
(except DELETE); then by type: BROKER_LOGGER changes apply here, BROKER resources must name this node or ""
and their resulting dynamic configs must be acceptable, TOPIC, CLIENT_METRICS and GROUP go on unchecked, anything else is an unknown
resource type. Every failure is an ApiError for that resource; the rest go to the controller.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from kbroker.configs import broker_dynamic, loggers, schema
from kbroker.metadata.controller import OP_APPEND, OP_DELETE, OP_SET, OP_SUBTRACT, ApiError
from kbroker.protocol import errors
from kbroker.telemetry.subscriptions import CLIENT_METRICS_RESOURCE

GROUP_RESOURCE = 32  # ConfigResource.Type.GROUP: checked by the controller (kbroker.group.group_configs)

NONE = ApiError()
_JAVA_INT = re.compile(r"[+-]?[0-9]+")


def java_int(text: str) -> int | None:
    """Integer.parseInt, or None where it would throw NumberFormatException."""
    if not _JAVA_INT.fullmatch(text):
        return None
    value = int(text)
    return value if -(1 << 31) <= value < (1 << 31) else None


def _invalid(message: str) -> ApiError:
    return ApiError(errors.INVALID_REQUEST.code, message)


def check_node_id(name: str, node_id: int) -> ApiError | None:
    """ConfigAdminManager.validateResourceNameIsCurrentNodeId."""
    value = java_int(name)
    if value is None:
        return _invalid(f"Node id must be an integer, but it is: {name}")
    if value != node_id:
        return _invalid(f"Unexpected broker id, expected {node_id}, but received {name}")
    return None


def check_logger_node_id(name: str, node_id: int) -> ApiError | None:
    if java_int(name) is None:
        return _invalid(f"Node id must be an integer, but it is: {name}")
    if java_int(name) != node_id:
        # Kafka's RuntimeLoggerManager prints its own id in both places.
        return _invalid(f"Unexpected node id. Expected {node_id}, but received {node_id}")
    return None


def preprocess(resources, *, incremental: bool, node_id: int, validate_only: bool,
               stored_broker_configs: Callable[[str], Mapping[str, str]]) -> list[ApiError | None]:
    """One entry per resource: its ApiError when settled here (failed, or a BROKER_LOGGER change applied),
    None when it goes to the controller."""
    results: list[ApiError | None] = [None] * len(resources)
    seen: dict[tuple[int, str], int] = {}
    for i, resource in enumerate(resources):
        key = (resource.resource_type, resource.resource_name)
        if key in seen:
            for j in (seen[key], i):
                results[j] = _invalid("Each resource must appear at most once.")
        seen[key] = i
    for i, resource in enumerate(resources):
        if results[i] is None:
            results[i] = _preprocess_one(resource, incremental=incremental, node_id=node_id,
                                         validate_only=validate_only, stored_broker_configs=stored_broker_configs)
    return results


def _preprocess_one(resource, *, incremental: bool, node_id: int, validate_only: bool,
                    stored_broker_configs: Callable[[str], Mapping[str, str]]) -> ApiError | None:
    names = [config.name for config in resource.configs]
    if len(set(names)) != len(names):
        return _invalid("Error due to duplicate config keys")
    nulls = [c.name for c in resource.configs
             if c.value is None and not (incremental and c.config_operation == OP_DELETE)]
    if nulls:
        return _invalid("Null value not supported for : " + ", ".join(nulls))
    kind, name = resource.resource_type, resource.resource_name
    if kind == schema.BROKER_LOGGER_RESOURCE and incremental:
        return (check_logger_node_id(name, node_id)
                or loggers.alter_levels(resource.configs, validate_only=validate_only) or NONE)
    if kind == schema.BROKER_RESOURCE:
        if name:
            problem = check_node_id(name, node_id)
            if problem is not None:
                return problem
        return _check_broker_change(resource, incremental, stored_broker_configs(name), per_broker=bool(name))
    if kind in (schema.TOPIC_RESOURCE, CLIENT_METRICS_RESOURCE, GROUP_RESOURCE):
        if incremental and any(c.config_operation not in (OP_SET, OP_DELETE, OP_APPEND, OP_SUBTRACT)
                               for c in resource.configs):
            # Kafka's controller meets an operation id it cannot map and fails with an unexpected error.
            return ApiError(errors.UNKNOWN_SERVER_ERROR.code, None)
        return None
    return _invalid(f"Unknown resource type {kind}")


def _check_broker_change(resource, incremental: bool, stored: Mapping[str, str], *, per_broker: bool
                         ) -> ApiError | None:
    if incremental:
        current = broker_dynamic.usable_dynamic_configs(stored, per_broker=per_broker)
        try:
            props = broker_dynamic.apply_operations(current, resource.configs)
        except broker_dynamic.OperationError as exc:
            return exc.error
    else:
        props = {config.name: config.value for config in resource.configs}
    problem = broker_dynamic.dynamic_config_problem(props, per_broker=per_broker)
    return None if problem is None else _invalid(problem)
