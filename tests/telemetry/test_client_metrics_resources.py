"""CLIENT_METRICS config resources and the telemetry APIs against an in-process broker: IncrementalAlterConfigs
(set, append, delete, Kafka's validation errors), DescribeConfigs, ListConfigResources v0/v1, and a
GetTelemetrySubscriptions / PushTelemetry round whose values appear on /metrics' telemetry families."""

import uuid

import pytest

from kbroker.http.exposition import render
from kbroker.http.families_telemetry import telemetry_families
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages import create_topics_request as create
from kbroker.protocol.messages import describe_configs_request as describe_req
from kbroker.protocol.messages import incremental_alter_configs_request as incremental
from kbroker.protocol.messages.get_telemetry_subscriptions_request import GetTelemetrySubscriptionsRequest
from kbroker.protocol.messages.list_config_resources_request import ListConfigResourcesRequest
from kbroker.protocol.messages.push_telemetry_request import PushTelemetryRequest
from kbroker.testing import broker_config, run_broker_in_thread

TOPIC, CLIENT_METRICS = 2, 16
SET, DELETE, APPEND = 0, 1, 2


def alter_incremental(conn, resources):
    request = incremental.IncrementalAlterConfigsRequest(resources=[
        incremental.AlterConfigsResource(resource_type=t, resource_name=n, configs=[
            incremental.AlterableConfig(name=c, config_operation=op, value=v) for c, op, v in configs])
        for t, n, configs in resources])
    return [(r.error_code, r.error_message) for r in conn.send(request, version=1).responses]


def describe(conn, kind, name):
    request = describe_req.DescribeConfigsRequest(resources=[describe_req.DescribeConfigsResource(
        resource_type=kind, resource_name=name, configuration_keys=None)])
    (result,) = conn.send(request, version=4).results
    assert result.error_code == 0, result.error_message
    return {c.name: {"value": c.value, "source": c.config_source} for c in result.configs}


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("client-metrics") / "logs")) as running:
        with KafkaConnection(running.bootstrap) as conn:
            conn.send(create.CreateTopicsRequest(topics=[create.CreatableTopic(
                name="cm-topic", num_partitions=1, replication_factor=1)], timeout_ms=10000), version=7)
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap, client_id="app-1") as connection:
        yield connection


def _list(conn, version, types=()):
    response = conn.send(ListConfigResourcesRequest(resource_types=list(types)), version=version)
    return response.error_code, [(r.resource_type, r.resource_name) for r in response.config_resources]


def test_alter_describe_list_delete(conn):
    assert alter_incremental(conn, [(CLIENT_METRICS, "subs-a", [
        ("metrics", SET, "org.apache.kafka.producer."), ("interval.ms", SET, "2000")])]) == [(0, None)]
    assert alter_incremental(conn, [(CLIENT_METRICS, "subs-a", [
        ("metrics", SET, "org.apache.kafka.producer., org.apache.kafka.consumer.")])]) == [(0, None)]
    configs = describe(conn, CLIENT_METRICS, "subs-a")
    assert {name: (e["value"], e["source"]) for name, e in configs.items()} == {
        "metrics": ("org.apache.kafka.producer.,org.apache.kafka.consumer.", 7), "interval.ms": ("2000", 7),
        "match": ("", 5)}
    assert _list(conn, 0) == (0, [(CLIENT_METRICS, "subs-a")])
    assert _list(conn, 1, [CLIENT_METRICS]) == (0, [(CLIENT_METRICS, "subs-a")])
    assert (TOPIC, "cm-topic") in _list(conn, 1)[1]
    assert _list(conn, 1, [5])[0] == 35  # UNSUPPORTED_VERSION
    assert alter_incremental(conn, [(CLIENT_METRICS, "subs-a", [
        ("metrics", DELETE, None), ("interval.ms", DELETE, None), ("match", DELETE, None)])]) == [(0, None)]
    assert {e["source"] for e in describe(conn, CLIENT_METRICS, "subs-a").values()} == {5}
    assert _list(conn, 0) == (0, [])


@pytest.mark.parametrize("configs, code, message", [
    ([("bogus", SET, "1")], 42, "Unknown client metrics configuration: bogus"),
    ([("interval.ms", SET, "50")], 42, "Invalid value 50 for interval.ms, interval must be between 100 and "
                                       "3600000 (1 hour)"),
    ([("match", SET, "hostname=x")], 40, "Illegal client matching pattern: hostname=x"),
    ([("metrics", APPEND, "a.b")], 40, "Can't APPEND to key metrics because its type is not LIST."),
])
def test_alter_errors(conn, configs, code, message):
    assert alter_incremental(conn, [(CLIENT_METRICS, "bad-subs", configs)]) == [(code, message)]
    assert _list(conn, 0) == (0, [])


def test_get_and_push_telemetry_end_up_on_metrics(broker, conn, otlp_payload):
    otlp_bytes = otlp_payload([("org.apache.kafka.producer.record.send.total", "counter", 7, {"topic": "t"})])
    assert alter_incremental(conn, [(CLIENT_METRICS, "subs-b", [
        ("metrics", SET, "org.apache.kafka."), ("interval.ms", SET, "100000"),
        ("match", SET, "client_id=app-1")])]) == [(0, None)]
    try:
        got = conn.send(GetTelemetrySubscriptionsRequest(client_instance_id=uuid.UUID(int=0)), version=0)
        assert got.error_code == 0
        assert got.requested_metrics == ["org.apache.kafka."]
        assert (got.push_interval_ms, got.telemetry_max_bytes, got.delta_temporality) == (100000, 1048576, True)
        assert got.accepted_compression_types == [4, 3, 1, 2]
        again = conn.send(GetTelemetrySubscriptionsRequest(client_instance_id=got.client_instance_id), version=0)
        assert again.error_code == 89  # THROTTLING_QUOTA_EXCEEDED
        wrong = conn.send(PushTelemetryRequest(client_instance_id=got.client_instance_id,
                                               subscription_id=got.subscription_id + 1, metrics=b""), version=0)
        assert wrong.error_code == 117  # UNKNOWN_SUBSCRIPTION_ID
        # The refused push counted as this interval's: only a terminating push gets in now.
        pushed = conn.send(PushTelemetryRequest(client_instance_id=got.client_instance_id,
                                                subscription_id=got.subscription_id, terminating=True,
                                                metrics=otlp_bytes), version=0)
        assert pushed.error_code == 0
        page = render(telemetry_families(broker.state.client_metrics)).decode()
        assert (f'org_apache_kafka_producer_record_send_total{{topic="t",client_instance_id='
                f'"{got.client_instance_id}"}} 7') in page
    finally:
        alter_incremental(conn, [(CLIENT_METRICS, "subs-b", [
            ("metrics", DELETE, None), ("interval.ms", DELETE, None), ("match", DELETE, None)])])

