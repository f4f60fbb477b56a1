"""Client telemetry (KIP-714) with Kafka 4.3.1's own tools, against kbroker and Apache Kafka alike.

`kafka-client-metrics` (org.apache.kafka.tools.ClientMetricsCommand) alters, describes, lists and deletes a
CLIENT_METRICS subscription on both brokers (IncrementalAlterConfigs, DescribeConfigs, ListConfigResources).

A Java producer (kafka-clients 4.3.1, `enable.metrics.push=true` as by default) matched by a subscription: on
kbroker it gets the subscription and pushes, and its org.apache.kafka.producer.* metrics appear on /metrics
labelled with its client_instance_id. Apache Kafka without a ClientTelemetryReceiver plugin (its default) does not
advertise GetTelemetrySubscriptions and PushTelemetry, so the same producer pushes nothing there: the test checks
that difference (SKIPPED_FEATURES.md) instead.
"""

from __future__ import annotations

import time
import urllib.request
import uuid

from compat_tests.java_tools import check, producer_performance
from compat_tests.kafka_dist import run_kafka_tool
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest

CLIENT_METRICS_COMMAND = "org.apache.kafka.tools.ClientMetricsCommand"
GET_TELEMETRY_SUBSCRIPTIONS, PUSH_TELEMETRY = 71, 72


def client_metrics(broker, *args: str):
    return run_kafka_tool(CLIENT_METRICS_COMMAND, "--bootstrap-server", broker.bootstrap, *args, timeout=90)


def settled(broker, *args: str) -> str:
    """The tool's output once two runs in a row agree (Kafka's brokers apply the controller's records a moment
    after it answers)."""
    last = None
    for _ in range(100):
        out = check(client_metrics(broker, *args)).stdout.strip()
        if out == last:
            return out
        last = out
        time.sleep(0.2)
    return last


def test_kafka_client_metrics_alter_describe_list_delete(broker):
    name = f"subs-{uuid.uuid4().hex[:8]}"
    out = check(client_metrics(broker, "--alter", "--name", name, "--metrics",
                               "org.apache.kafka.producer.,org.apache.kafka.consumer.coordinator.",
                               "--interval", "10000", "--match", "client_software_name=apache-kafka-java")).stdout
    assert f"Altered client metrics config for {name}." in out
    try:
        described = settled(broker, "--describe", "--name", name)
        assert described.splitlines()[0] == f"Client metrics configs for {name} are:"
        assert sorted(line.strip() for line in described.splitlines()[1:]) == [
            "interval.ms=10000", "match=client_software_name=apache-kafka-java",
            "metrics=org.apache.kafka.producer.,org.apache.kafka.consumer.coordinator."]
        assert name in settled(broker, "--list").splitlines()
        assert f"Client metrics configs for {name} are:" in settled(broker, "--describe")
        check(client_metrics(broker, "--alter", "--name", name, "--interval", "20000"))
        assert "interval.ms=20000" in settled(broker, "--describe", "--name", name)
    finally:
        check(client_metrics(broker, "--delete", "--name", name))
    assert name not in settled(broker, "--list").splitlines()


def _telemetry_advertised(broker) -> bool:
    with KafkaConnection(broker.bootstrap) as conn:
        keys = {k.api_key for k in conn.send(ApiVersionsRequest(client_software_name="kbroker-compat",
                                                                client_software_version="1"), version=3).api_keys}
    return {GET_TELEMETRY_SUBSCRIPTIONS, PUSH_TELEMETRY} <= keys


def test_java_producer_pushes_telemetry_that_appears_on_metrics(broker, topic):
    client_id = f"telemetry-{uuid.uuid4().hex[:8]}"
    name = f"subs-{uuid.uuid4().hex[:8]}"
    check(client_metrics(broker, "--alter", "--name", name, "--metrics", "org.apache.kafka.producer.",
                         "--interval", "500", "--match", f"client_id={client_id}"))
    try:
        settled(broker, "--describe", "--name", name)
        # About three seconds of sending: the producer asks for its subscription and pushes every 500 ms.
        result = check(producer_performance(broker.bootstrap, topic, 3000, 100, f"client.id={client_id}",
                                            "enable.metrics.push=true", "--throughput", "1000"))
        assert "3000 records sent" in result.stdout
        if broker.name == "kafka":
            assert not _telemetry_advertised(broker)  # no ClientTelemetryReceiver plugin: nothing to push to
            return
        assert _telemetry_advertised(broker)
        page = urllib.request.urlopen(broker.metrics_url, timeout=30).read().decode()
        series = [line for line in page.splitlines() if line.startswith("org_apache_kafka_producer_")]
        assert series, "no pushed producer metric on /metrics"
        assert all('client_instance_id="' in line for line in series)
        assert any(line.startswith("org_apache_kafka_producer_record_send_total{") for line in series)
        assert any(line.startswith("org_apache_kafka_producer_node_request_latency_avg{") or
                   line.startswith("org_apache_kafka_producer_topic_record_send_total{") or
                   line.startswith("org_apache_kafka_producer_bufferpool_wait_ratio{") for line in series)
        assert not any(line.startswith("org_apache_kafka_consumer_") for line in page.splitlines())
    finally:
        check(client_metrics(broker, "--delete", "--name", name))
