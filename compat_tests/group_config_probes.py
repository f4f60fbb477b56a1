"""The GROUP config requests the group-config differential sends (IncrementalAlterConfigs, AlterConfigs and
DescribeConfigs on resource type 32) and the answers they get, in a form two brokers' answers compare in."""

from __future__ import annotations

from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages.alter_configs_request import AlterableConfig as LegacyConfig
from kbroker.protocol.messages.alter_configs_request import AlterConfigsRequest
from kbroker.protocol.messages.alter_configs_request import AlterConfigsResource as LegacyResource
from kbroker.protocol.messages.describe_configs_request import DescribeConfigsRequest, DescribeConfigsResource
from kbroker.protocol.messages.incremental_alter_configs_request import (
    AlterableConfig,
    AlterConfigsResource,
    IncrementalAlterConfigsRequest,
)

GROUP = 32
SET, DELETE, APPEND, SUBTRACT = 0, 1, 2, 3


def incremental(bootstrap: str, group: str, changes: list[tuple[str, int, str | None]], *,
                validate_only: bool = False) -> tuple[int, str | None]:
    request = IncrementalAlterConfigsRequest(validate_only=validate_only, resources=[AlterConfigsResource(
        resource_type=GROUP, resource_name=group,
        configs=[AlterableConfig(name=n, config_operation=op, value=v) for n, op, v in changes])])
    with RawConnection(bootstrap) as conn:
        answer = conn.send(request, version=1).responses[0]
    return answer.error_code, answer.error_message


def legacy(bootstrap: str, group: str, configs: dict[str, str]) -> tuple[int, str | None]:
    request = AlterConfigsRequest(validate_only=False, resources=[LegacyResource(
        resource_type=GROUP, resource_name=group,
        configs=[LegacyConfig(name=n, value=v) for n, v in configs.items()])])
    with RawConnection(bootstrap) as conn:
        answer = conn.send(request, version=2).responses[0]
    return answer.error_code, answer.error_message


def describe(bootstrap: str, group: str, keys: list[str] | None = None, *, synonyms: bool = False,
             documentation: bool = False) -> tuple[int, str | None, list[tuple]]:
    """(error, message, [(name, value, read only, source, sensitive, type, synonyms, documentation)])."""
    request = DescribeConfigsRequest(include_synonyms=synonyms, include_documentation=documentation,
                                     resources=[DescribeConfigsResource(resource_type=GROUP, resource_name=group,
                                                                        configuration_keys=keys)])
    with RawConnection(bootstrap) as conn:
        result = conn.send(request, version=4).results[0]
    return result.error_code, result.error_message, [
        (c.name, c.value, c.read_only, c.config_source, c.is_sensitive, c.config_type,
         [(s.name, s.value, s.source) for s in c.synonyms], c.documentation) for c in result.configs]
