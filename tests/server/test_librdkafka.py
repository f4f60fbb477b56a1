"""librdkafka (confluent-kafka) completes the ApiVersions exchange with kbroker: the v3 response (flexible body,
v0 header) parses and the broker goes UP. Later requests (Metadata) are not served yet and are not asserted."""

import logging
import time

import pytest

confluent_kafka = pytest.importorskip("confluent_kafka")

# Upper bound on waiting for the exchange; reaching it fails the test, it is not a speed check.
EXCHANGE_BOUND_S = 20.0


class ListHandler(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


def test_librdkafka_parses_the_api_versions_response(kafka_broker):
    logger = logging.getLogger("test.librdkafka")
    logger.setLevel(logging.DEBUG)
    logger.propagate = False
    handler = ListHandler()
    logger.addHandler(handler)
    producer = confluent_kafka.Producer({
        "bootstrap.servers": kafka_broker.bootstrap,
        "debug": "protocol,broker,feature",
        "logger": logger,
        "socket.timeout.ms": 10000,
    })
    try:
        deadline = time.monotonic() + EXCHANGE_BOUND_S
        while time.monotonic() < deadline and not any("APIVERSION_QUERY -> UP" in line for line in handler.lines):
            producer.poll(0.1)
    finally:
        logger.removeHandler(handler)
        del producer
    lines = handler.lines
    assert any("Sent ApiVersionRequest (v3" in line for line in lines), lines
    assert any("Received ApiVersionResponse (v3" in line for line in lines), lines
    assert any("APIVERSION_QUERY -> UP" in line for line in lines), lines
    assert not any("parse failure" in line.lower() for line in lines), lines
    # No fallback to an older ApiVersions or to broker.version.fallback.
    assert not any("ApiVersionRequest (v0" in line for line in lines), lines
    assert not any("ApiVersionRequest failed" in line for line in lines), lines
