"""CLIENT_METRICS resources side by side with Apache Kafka 4.3.1: one scripted session of IncrementalAlterConfigs,
DescribeConfigs and ListConfigResources requests on subscriptions runs against both brokers, and the answers
(error codes and messages, described entries with every field) must match.
Needs the distribution `make java` assembles (skipped without it, failed in CI)."""

import os
import time

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages import describe_configs_request as describe_req
from kbroker.protocol.messages import incremental_alter_configs_request as incremental
from kbroker.protocol.messages.list_config_resources_request import ListConfigResourcesRequest

pytestmark = pytest.mark.java

CLIENT_METRICS = 16
DEFAULT_CONFIG = 5  # DescribeConfigs' config source of a config nobody set
SET, DELETE, APPEND, SUBTRACT = 0, 1, 2, 3

BAD_ALTERS = [
    [("bogus", SET, "1")],
    [("interval.ms", SET, "99")],
    [("interval.ms", SET, "3600001")],
    [("interval.ms", SET, "soon")],
    [("match", SET, "hostname=x")],
    [("match", SET, "client_id")],
    [("match", SET, "client_id=a=b")],
    [("match", SET, "client_id=(open")],
    [("interval.ms", APPEND, "5")],
    [("metrics", SET, None)],
]

LIST_OPERATIONS = [
    [("metrics", APPEND, "c.d")],
    [("metrics", SET, "a.b,c.d"), ("metrics", SUBTRACT, "a.b")],
    [("match", APPEND, "client_id=y")],
    [("match", SET, "")],
    [("metrics", SET, "")],
    [("interval.ms", SET, " 2000 ")],
]


def _alter(conn, name, configs, validate_only=False):
    request = incremental.IncrementalAlterConfigsRequest(resources=[incremental.AlterConfigsResource(
        resource_type=CLIENT_METRICS, resource_name=name, configs=[
            incremental.AlterableConfig(name=c, config_operation=op, value=v) for c, op, v in configs])],
        validate_only=validate_only)
    return [(r.error_code, r.error_message) for r in conn.send(request, version=1).responses]


def _describe(conn, name, keys=None):
    request = describe_req.DescribeConfigsRequest(resources=[describe_req.DescribeConfigsResource(
        resource_type=CLIENT_METRICS, resource_name=name, configuration_keys=keys)], include_synonyms=True,
        include_documentation=True)
    (result,) = conn.send(request, version=4).results
    return (result.error_code, result.error_message, list(
        (c.name, c.value, c.read_only, c.config_source, c.is_sensitive, [(s.name, s.value, s.source) for s in c.synonyms],
         c.config_type, c.documentation) for c in result.configs))


def _probe(conn, name, configs):
    """The answer to an alter, then the description once it shows what the alter set: Kafka answers the alter when
    its controller committed it and its broker's view follows a moment later."""
    altered = _alter(conn, name, configs)
    keys = {key for key, *_ in configs}
    deadline = time.monotonic() + 5
    described = _describe(conn, name)
    while (all(code == 0 for code, _ in altered) and time.monotonic() < deadline
           and any(entry[0] in keys and entry[3] == DEFAULT_CONFIG for entry in described[2])):
        time.sleep(0.1)
        described = _describe(conn, name)
    return altered, described


def _list(conn, version, types=()):
    response = conn.send(ListConfigResourcesRequest(resource_types=list(types)), version=version)
    return response.error_code, sorted((r.resource_type, r.resource_name) for r in response.config_resources)


def _list_once_gone(conn, name):
    """ListConfigResources v0 once `name` is no longer listed, or after 5 s: Kafka answers the delete when its
    controller committed it, and its broker's view follows a moment later (the clean-clone run met that race)."""
    deadline = time.monotonic() + 5
    listed = _list(conn, 0)
    while any(entry[1] == name for entry in listed[1]) and time.monotonic() < deadline:
        time.sleep(0.1)
        listed = _list(conn, 0)
    return listed


def session(bootstrap: str) -> dict:
    answers: dict = {}
    with KafkaConnection(bootstrap) as conn:
        answers["bad alters"] = [_alter(conn, "subs", configs) for configs in BAD_ALTERS]
        answers["list operations"] = [_probe(conn, f"probe-{i}", configs) for i, configs in enumerate(LIST_OPERATIONS)]
        answers["empty name"] = _alter(conn, "", [("interval.ms", SET, "1000")])
        answers["validate only"] = _alter(conn, "subs", [("interval.ms", SET, "1000")], validate_only=True)
        answers["list after validate only"] = _list(conn, 0)
        answers["set"] = _alter(conn, "subs", [("metrics", SET, "org.apache.kafka.producer., a.b"),
                                               ("interval.ms", SET, "1000"), ("match", SET, "client_id=x.*")])
        answers["append"] = _alter(conn, "subs", [("metrics", APPEND, "c.d"), ("match", SUBTRACT, "client_id=x.*")])
        answers["describe"] = _describe(conn, "subs")
        answers["describe keys"] = _describe(conn, "subs", ["interval.ms", "nope"])
        answers["describe unknown"] = _describe(conn, "no-such-subs")
        answers["describe empty name"] = _describe(conn, "")
        answers["list v0"] = _list(conn, 0)
        answers["list v1"] = _list(conn, 1, [CLIENT_METRICS])
        answers["list v1 unknown type"] = _list(conn, 1, [3])
        answers["delete all"] = _alter(conn, "subs", [("metrics", DELETE, None), ("interval.ms", DELETE, None),
                                                      ("match", DELETE, None)])
        answers["list after delete"] = _list_once_gone(conn, "subs")
        answers["describe after delete"] = _describe(conn, "subs")
    return answers


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    try:
        from compat_tests.kafka_dist import ApacheKafka, kafka_dist_is_built, missing_dist_message
    except ImportError:
        pytest.skip("compat_tests is not importable (run pytest from the repository root)")
    if not kafka_dist_is_built():
        if os.environ.get("CI"):
            pytest.fail(missing_dist_message())
        pytest.skip(missing_dist_message())
    from kbroker.testing import broker_config, run_broker_in_thread

    with ApacheKafka() as kafka:
        theirs = session(kafka.bootstrap)
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("client-metrics") / "logs")) as broker:
        ours = session(broker.bootstrap)
    return theirs, ours


@pytest.mark.parametrize("name", ["bad alters", "list operations", "empty name", "validate only", "list after validate only", "set",
                                  "append", "describe", "describe keys", "describe unknown", "describe empty name",
                                  "list v0", "list v1", "list v1 unknown type", "delete all", "list after delete",
                                  "describe after delete"])
def test_same_answers(answers, name):
    theirs, ours = answers
    assert ours[name] == theirs[name]
