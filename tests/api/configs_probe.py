"""Requests of the config APIs built from the generated codecs, shared by the config tests: describe, alter,
incremental alter and topic creation over a KafkaConnection, with answers flattened into plain tuples/dicts so
that two brokers' answers compare with ==."""

from __future__ import annotations

import time

from kbroker.protocol.messages import alter_configs_request as legacy
from kbroker.protocol.messages import incremental_alter_configs_request as incremental
from kbroker.protocol.messages.create_topics_request import (
    CreatableTopic,
    CreatableTopicConfig,
    CreateTopicsRequest,
)
from kbroker.protocol.messages.describe_configs_request import DescribeConfigsRequest, DescribeConfigsResource

TOPIC, BROKER, BROKER_LOGGER = 2, 4, 8
SET, DELETE, APPEND, SUBTRACT = 0, 1, 2, 3


def entry_dict(entry) -> dict:
    return {"value": entry.value, "source": entry.config_source, "read_only": entry.read_only,
            "sensitive": entry.is_sensitive, "type": entry.config_type,
            "synonyms": [(s.name, s.value, s.source) for s in entry.synonyms]}


def describe_raw(conn, resources, *, synonyms=True, documentation=False, version=4):
    """resources: (type, name, configuration_keys or None)."""
    request = DescribeConfigsRequest(
        resources=[DescribeConfigsResource(resource_type=t, resource_name=n, configuration_keys=k)
                   for t, n, k in resources],
        include_synonyms=synonyms, include_documentation=documentation)
    return conn.send(request, version=version).results


def describe(conn, kind, name, keys=None, **flags) -> dict[str, dict]:
    (result,) = describe_raw(conn, [(kind, name, keys)], **flags)
    assert result.error_code == 0, (result.error_code, result.error_message)
    return {entry.name: entry_dict(entry) for entry in result.configs}


def describe_error(conn, kind, name) -> tuple[int, str | None]:
    (result,) = describe_raw(conn, [(kind, name, None)], synonyms=False)
    return result.error_code, result.error_message


def alter_incremental(conn, resources, *, validate_only=False, version=1) -> list[tuple[int, str | None]]:
    """resources: (type, name, [(config, operation, value)])."""
    request = incremental.IncrementalAlterConfigsRequest(resources=[
        incremental.AlterConfigsResource(resource_type=t, resource_name=n, configs=[
            incremental.AlterableConfig(name=c, config_operation=op, value=v) for c, op, v in configs])
        for t, n, configs in resources], validate_only=validate_only)
    return [(r.error_code, r.error_message) for r in conn.send(request, version=version).responses]


def alter_legacy(conn, resources, *, validate_only=False, version=2) -> list[tuple[int, str | None]]:
    """resources: (type, name, [(config, value)])."""
    request = legacy.AlterConfigsRequest(resources=[
        legacy.AlterConfigsResource(resource_type=t, resource_name=n, configs=[
            legacy.AlterableConfig(name=c, value=v) for c, v in configs])
        for t, n, configs in resources], validate_only=validate_only)
    return [(r.error_code, r.error_message) for r in conn.send(request, version=version).responses]


def create_topic(conn, name, configs=()) -> None:
    request = CreateTopicsRequest(topics=[CreatableTopic(
        name=name, num_partitions=1, replication_factor=1,
        configs=[CreatableTopicConfig(name=c, value=v) for c, v in configs])], timeout_ms=30000)
    (topic,) = conn.send(request, version=7).topics
    assert topic.error_code == 0, (topic.error_code, topic.error_message)
    # Apache Kafka's broker learns of the topic from the metadata log a moment after the controller answered.
    for _ in range(200):
        if describe_error(conn, TOPIC, name)[0] == 0:
            return
        time.sleep(0.05)
    raise AssertionError(f"topic {name} never became describable")
