"""KIP-848 consumers (group.protocol=consumer) against `--emulate-kafka 3.6`, where ConsumerGroupHeartbeat is not
advertised: they fail as against Apache Kafka 3.6. The Java consumer (Kafka 4.3.1's, through ConsoleConsumer)
fails with UnsupportedVersionException before sending any ConsumerGroupHeartbeat; librdkafka reports that the
broker lacks ConsumerGroupHeartbeatRequest and never joins. Under 3.8, whose brokers advertised
ConsumerGroupHeartbeat but kept the protocol off by default, the Java consumer sends it, gets UNSUPPORTED_VERSION and
fails the same way. Unemulated, the same clients use the API (covered by test_consumer_protocol_clients.py)."""

from __future__ import annotations

import logging
import time

import confluent_kafka
import pytest
from kafka import KafkaAdminClient
from kafka.admin import NewTopic

from compat_tests.kafka_dist import kafka_dist_is_built, missing_dist_message, run_kafka_tool
from kbroker.testing import broker_config, run_broker_in_thread

CONSUMER_GROUP_HEARTBEAT = 68
# Upper bound on waiting for librdkafka's verdict; reaching it fails the test, it is not a speed check.
VERDICT_BOUND_S = 30.0


def emulated(tmp_path, name: str):
    config = broker_config(tmp_path / "kafka-logs", {"kbroker.emulate.kafka.version": name})
    with run_broker_in_thread(config) as broker:
        admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap)
        try:
            admin.create_topics([NewTopic("kip848", 1, 1)])
        finally:
            admin.close()
        yield broker


@pytest.fixture
def emulated_3_6(tmp_path):
    yield from emulated(tmp_path, "3.6")


@pytest.fixture
def emulated_3_8(tmp_path):
    yield from emulated(tmp_path, "3.8")


def java_consumer_protocol_fails(broker) -> None:
    if not kafka_dist_is_built():
        pytest.skip(missing_dist_message())
    result = run_kafka_tool("org.apache.kafka.tools.consumer.ConsoleConsumer", "--bootstrap-server",
                            broker.bootstrap, "--topic", "kip848", "--group", "kip848-java",
                            "--command-property", "group.protocol=consumer", "--timeout-ms", "30000")
    assert ("UnsupportedVersionException: The cluster does not support the new CONSUMER group protocol"
            in result.stderr), result.stderr
    assert "Processed a total of 0 messages" in result.stderr


def test_java_consumer_protocol_fails_with_unsupported_version(emulated_3_6):
    java_consumer_protocol_fails(emulated_3_6)
    assert CONSUMER_GROUP_HEARTBEAT not in emulated_3_6.state.request_stats.apis


def test_java_consumer_protocol_is_refused_by_a_3_8_broker(emulated_3_8):
    java_consumer_protocol_fails(emulated_3_8)
    # Sent (advertised at v0) and answered UNSUPPORTED_VERSION, as a default 3.8 broker did.
    assert set(emulated_3_8.state.request_stats.apis[CONSUMER_GROUP_HEARTBEAT].versions) == {0}


class ListHandler(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture(params=["3.6", "3.8"])
def emulated_release(request, tmp_path):
    yield from emulated(tmp_path, request.param)


def test_librdkafka_consumer_protocol_reports_the_missing_api(emulated_release):
    """3.6 lacked ConsumerGroupHeartbeat; 3.8 advertised only its v0, which librdkafka 2.16 does not take as support."""
    logger = logging.getLogger("test.emulate.librdkafka")
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    handler = ListHandler()
    logger.addHandler(handler)
    verdict = "ConsumerGroupHeartbeatRequest not supported by broker"
    consumer = confluent_kafka.Consumer({"bootstrap.servers": emulated_release.bootstrap, "group.id": "kip848-rdk",
                                         "group.protocol": "consumer", "debug": "cgrp", "logger": logger})
    try:
        consumer.subscribe(["kip848"])
        deadline = time.monotonic() + VERDICT_BOUND_S
        messages = []
        while time.monotonic() < deadline and not any(verdict in line for line in handler.lines):
            message = consumer.poll(0.2)
            if message is not None and message.error() is None:
                messages.append(message)
        assert any(verdict in line for line in handler.lines), handler.lines[-20:]
        assert messages == [] and consumer.assignment() == []
    finally:
        consumer.close()
        logger.removeHandler(handler)
    assert CONSUMER_GROUP_HEARTBEAT not in emulated_release.state.request_stats.apis
