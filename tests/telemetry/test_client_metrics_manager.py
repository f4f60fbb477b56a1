"""ClientMetricsManager: GetTelemetrySubscriptions and PushTelemetry checks in Kafka's order, subscription
changes, kept values, bounds and expiry (a fake clock: no waiting)."""

import uuid

import pytest

from kbroker.protocol import compression, errors
from kbroker.telemetry.manager import ClientMetricsManager, TelemetryRefused

ATTRS = {"client_id": "app-1", "client_software_name": "apache-kafka-java", "client_software_version": "4.3.1",
         "client_source_address": "127.0.0.1", "client_source_port": "5000"}


class Clock:
    def __init__(self):
        self.now = 1_000_000

    def __call__(self):
        return self.now


@pytest.fixture
def world():
    configs = {"sub": {"metrics": "org.apache.kafka.producer.", "interval.ms": "1000"}}
    clock = Clock()
    holder = {"configs": configs}
    manager = ClientMetricsManager(lambda: holder["configs"], clock, max_bytes=1024)
    return manager, clock, holder


def _refused(call, error):
    with pytest.raises(TelemetryRefused) as info:
        call()
    assert info.value.error == error
    return info.value


def test_get_assigns_an_id_and_throttles_a_second_get(world):
    manager, clock, _ = world
    instance = manager.get_subscriptions(uuid.UUID(int=0), ATTRS)
    assert instance.instance_id.int != 0
    assert instance.subscription.metrics == ("org.apache.kafka.producer.",)
    assert instance.subscription.interval_ms == 1000
    _refused(lambda: manager.get_subscriptions(instance.instance_id, ATTRS), errors.THROTTLING_QUOTA_EXCEEDED)
    clock.now += 1000
    assert manager.get_subscriptions(instance.instance_id, ATTRS) is instance


def test_push_checks_in_kafka_order(world, otlp_payload):
    manager, clock, _ = world
    inst = manager.get_subscriptions(uuid.UUID(int=0), ATTRS)
    sub_id = inst.subscription.subscription_id
    payload = otlp_payload([("org.apache.kafka.producer.record.send.total", "counter", 5, {"topic": "t"})])
    _refused(lambda: manager.push(uuid.UUID(int=0), ATTRS, sub_id, False, 0, payload), errors.INVALID_REQUEST)
    _refused(lambda: manager.push(uuid.UUID(int=1), ATTRS, sub_id, False, 0, payload), errors.INVALID_REQUEST)
    # The first push after a get is accepted at once; the wrong subscription id is checked after the interval.
    _refused(lambda: manager.push(inst.instance_id, ATTRS, sub_id + 1, False, 0, payload),
             errors.UNKNOWN_SUBSCRIPTION_ID)
    _refused(lambda: manager.push(inst.instance_id, ATTRS, sub_id, False, 0, payload),
             errors.THROTTLING_QUOTA_EXCEEDED)
    clock.now += 1000
    _refused(lambda: manager.push(inst.instance_id, ATTRS, sub_id, False, 9, payload),
             errors.UNSUPPORTED_COMPRESSION_TYPE)
    clock.now += 1000
    _refused(lambda: manager.push(inst.instance_id, ATTRS, sub_id, False, 0, b"x" * 1025), errors.TELEMETRY_TOO_LARGE)
    clock.now += 1000
    _refused(lambda: manager.push(inst.instance_id, ATTRS, sub_id, False, 0, b"\x0a\x05ab"), errors.INVALID_RECORD)
    clock.now += 1000
    manager.push(inst.instance_id, ATTRS, sub_id, False, compression.ZSTD, compression.compress(compression.ZSTD,
                                                                                                payload))
    assert inst.values == {("org.apache.kafka.producer.record.send.total", "counter", (("topic", "t"),)): 5}


def test_terminating_push_is_accepted_early_and_then_nothing(world, otlp_payload):
    manager, clock, _ = world
    inst = manager.get_subscriptions(uuid.UUID(int=0), ATTRS)
    sub_id = inst.subscription.subscription_id
    manager.push(inst.instance_id, ATTRS, sub_id, False, 0, b"")
    manager.push(inst.instance_id, ATTRS, sub_id, True, 0, b"")  # within the interval, but terminating
    clock.now += 5000
    _refused(lambda: manager.push(inst.instance_id, ATTRS, sub_id, False, 0, b""), errors.INVALID_REQUEST)


def test_changed_subscription_gives_a_new_id_and_the_old_one_is_unknown(world):
    manager, clock, holder = world
    inst = manager.get_subscriptions(uuid.UUID(int=0), ATTRS)
    old = inst.subscription.subscription_id
    holder["configs"] = {"sub": {"metrics": "org.apache.kafka.consumer.", "interval.ms": "500"}}
    clock.now += 200
    _refused(lambda: manager.push(inst.instance_id, ATTRS, old, False, 0, b""), errors.UNKNOWN_SUBSCRIPTION_ID)
    # As in Kafka, the refused push still counts as this interval's request.
    _refused(lambda: manager.get_subscriptions(inst.instance_id, ATTRS), errors.THROTTLING_QUOTA_EXCEEDED)
    clock.now += 500
    renewed = manager.get_subscriptions(inst.instance_id, ATTRS)
    assert renewed.subscription.metrics == ("org.apache.kafka.consumer.",)
    assert renewed.subscription.subscription_id != old


def test_unmatched_client_gets_no_metrics_and_the_default_interval(world):
    manager, _, holder = world
    holder["configs"] = {"sub": {"metrics": "*", "match": "client_id=nobody"}}
    inst = manager.get_subscriptions(uuid.UUID(int=0), ATTRS)
    assert inst.subscription.metrics == ()
    assert inst.subscription.interval_ms == 300000


def test_idle_instances_expire_with_their_values(world, otlp_payload):
    manager, clock, _ = world
    inst = manager.get_subscriptions(uuid.UUID(int=0), ATTRS)
    manager.push(inst.instance_id, ATTRS, inst.subscription.subscription_id, False, 0,
                 otlp_payload([("m", "gauge", 1.0, {})]))
    clock.now += 60_000
    manager.expire()
    assert inst.instance_id in manager.instances
    clock.now += 1
    manager.expire()
    assert manager.instances == {}


def test_metrics_page_names_pass_prometheus_lint_rules():
    from kbroker.http.families_telemetry import prometheus_name
    assert prometheus_name("org.apache.kafka.producer.record.send.rate", "gauge") == (
        "org_apache_kafka_producer_record_send_rate", 1.0)
    assert prometheus_name("org.apache.kafka.producer.io.time.ns.avg", "gauge") == (
        "org_apache_kafka_producer_io_time_seconds_avg", 1e-9)
    assert prometheus_name("org.apache.kafka.producer.connection.count", "gauge") == (
        "org_apache_kafka_producer_connection_count_value", 1.0)
    assert prometheus_name("org.apache.kafka.producer.record.send.total", "counter") == (
        "org_apache_kafka_producer_record_send_total", 1.0)
    assert prometheus_name("org.apache.kafka.consumer.fetch", "counter") == ("org_apache_kafka_consumer_fetch_total",
                                                                           1.0)
    assert prometheus_name("1st.metric-x", "gauge") == ("_1st_metric_x", 1.0)


def test_families_label_every_series_with_the_instance(world, otlp_payload):
    from kbroker.http.exposition import render
    from kbroker.http.families_telemetry import telemetry_families
    manager, _, _ = world
    inst = manager.get_subscriptions(uuid.UUID(int=0), ATTRS)
    manager.push(inst.instance_id, ATTRS, inst.subscription.subscription_id, False, 0, otlp_payload([
        ("org.apache.kafka.producer.io.wait.time.ns.avg", "gauge", 2500.0, {"client_instance_id": "spoof"}),
        ("org.apache.kafka.producer.record.send.total", "counter", 7, {"topic": "a\"b"})]))
    page = render(telemetry_families(manager)).decode()
    assert "kafka_server_client_metrics_instances 1\n" in page
    assert (f'org_apache_kafka_producer_io_wait_time_seconds_avg{{client_client_instance_id="spoof",'
            f'client_instance_id="{inst.instance_id}"}} 2.5e-06') in page
    assert f'org_apache_kafka_producer_record_send_total{{topic="a\\"b",client_instance_id="{inst.instance_id}"}} 7' \
        in page
    assert "# TYPE org_apache_kafka_producer_record_send_total counter" in page
