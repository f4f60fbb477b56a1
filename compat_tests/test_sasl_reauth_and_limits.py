"""KIP-368 re-authentication and connection limits, against kbroker and Apache Kafka 4.3.1 configured the same way:
a SASL_PLAINTEXT listener with PLAIN and a short connections.max.reauth.ms, and max.connections.per.ip.

- SaslAuthenticate v1 answers session_lifetime_ms = connections.max.reauth.ms;
- a raw client that does not re-authenticate is closed at its first request past the session's end;
- confluent-kafka (librdkafka) and Kafka's Java producer (VerifiableProducer) produce across several session ends
  with no error: they re-authenticate on the same connection;
- a connection past max.connections.per.ip is closed unanswered;
- connections from an address over its ip quota entity's connection_creation_rate (kafka-configs --entity-type
  ips) are closed unanswered."""

from __future__ import annotations

import socket
import struct
import time
import uuid

import pytest

from compat_tests.brokers import start_broker
from compat_tests.java_tools import check, json_events, verifiable_producer, write_properties
from compat_tests.kafka_dist import free_port
from compat_tests.test_client_quotas import described, kafka_configs
from kbroker.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kbroker.protocol.messages.sasl_handshake_response import SaslHandshakeResponse
from tests.security.helpers import api_versions_request, read_frame, request_frame

confluent_kafka = pytest.importorskip("confluent_kafka")

WAIT_S = 30.0
LIFETIME_MS = 2000
PER_IP = 12
PLAIN_JAAS = ('org.apache.kafka.common.security.plain.PlainLoginModule required '
              'user_alice="alice-secret" user_admin="admin-secret";')


@pytest.fixture(scope="module")
def reauth_broker(broker_kind):
    port = free_port()
    overrides = {
        "connections.max.reauth.ms": str(LIFETIME_MS),
        "max.connections.per.ip": str(PER_IP),
        "listener.name.sasl_plaintext.sasl.enabled.mechanisms": "PLAIN",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": PLAIN_JAAS,
        "connection.failed.authentication.delay.ms": "0",
    }
    broker = start_broker(broker_kind, overrides, {"SASL_PLAINTEXT": ("SASL_PLAINTEXT", port)})
    try:
        broker.sasl_port = port
        yield broker
    finally:
        broker.close()


def _client(broker) -> dict:
    return {"bootstrap.servers": f"127.0.0.1:{broker.sasl_port}", "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "PLAIN", "sasl.username": "alice", "sasl.password": "alice-secret"}


def _response(sock: socket.socket) -> bytes | None:
    return read_frame(sock)


def _authenticated(broker) -> tuple[socket.socket, SaslAuthenticateResponse]:
    sock = socket.create_connection(("127.0.0.1", broker.sasl_port), timeout=WAIT_S)
    sock.sendall(request_frame(17, 1, struct.pack(">h", 5) + b"PLAIN", correlation_id=7))
    assert SaslHandshakeResponse.decode(_response(sock), 4, 1)[0].error_code == 0
    token = b"\0alice\0alice-secret"
    sock.sendall(request_frame(36, 1, struct.pack(">i", len(token)) + token, correlation_id=8))
    return sock, SaslAuthenticateResponse.decode(_response(sock), 4, 1)[0]


def test_sasl_authenticate_answers_the_session_lifetime(reauth_broker):
    sock, response = _authenticated(reauth_broker)
    with sock:
        assert (response.error_code, response.session_lifetime_ms) == (0, LIFETIME_MS)


def test_a_connection_that_does_not_reauthenticate_is_closed_at_its_next_request(reauth_broker):
    started = time.monotonic()
    sock, _ = _authenticated(reauth_broker)
    with sock:
        sock.sendall(api_versions_request(30))
        assert _response(sock) is not None
        while time.monotonic() - started < LIFETIME_MS / 1000 + 0.3:
            time.sleep(0.1)
        sock.sendall(api_versions_request(31))
        assert _response(sock) is None


def _wait_past_sessions(seconds: float, step) -> None:
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        step()
        time.sleep(0.1)


def test_librdkafka_produces_across_several_session_ends(reauth_broker):
    errors_seen: list = []
    producer = confluent_kafka.Producer({**_client(reauth_broker), "error_cb": errors_seen.append,
                                         "acks": "all", "linger.ms": 0})
    topic = f"reauth-{uuid.uuid4().hex[:8]}"
    delivered: list = []

    def step():
        producer.produce(topic, b"v", on_delivery=lambda err, msg: delivered.append(err))
        assert producer.flush(WAIT_S) == 0

    _wait_past_sessions(3.5 * LIFETIME_MS / 1000, step)
    assert delivered and all(err is None for err in delivered), delivered
    assert errors_seen == []


def test_java_producer_produces_across_several_session_ends(reauth_broker, tmp_path):
    config = write_properties(tmp_path / "sasl.properties", {
        "security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": "PLAIN",
        "sasl.jaas.config": 'org.apache.kafka.common.security.plain.PlainLoginModule required '
                            'username="alice" password="alice-secret";'})
    topic = f"reauth-java-{uuid.uuid4().hex[:8]}"
    count = 40  # at 5 a second: 8 s, four session ends
    result = check(verifiable_producer(f"127.0.0.1:{reauth_broker.sasl_port}", topic, count,
                                       "--throughput", "5", "--acks", "-1", "--producer.config", str(config)))
    events = json_events(result.stdout)
    names = [event.get("name") for event in events]
    assert names.count("producer_send_success") == count, result.stdout[-3000:]
    assert "producer_send_error" not in names


def test_a_connection_past_max_connections_per_ip_is_closed(reauth_broker):
    held = []
    try:
        while True:
            sock = socket.create_connection(("127.0.0.1", reauth_broker.sasl_port), timeout=WAIT_S)
            sock.sendall(api_versions_request(40))
            if _response(sock) is None:
                sock.close()
                break
            held.append(sock)
            assert len(held) <= PER_IP, "no connection was refused"
        # the broker's own inter-broker / metadata connections from 127.0.0.1 may count, hence at most
        assert 0 < len(held) <= PER_IP
    finally:
        for sock in held:
            sock.close()


def test_an_address_over_its_connection_creation_rate_is_refused(reauth_broker):
    address = "127.0.0.2"  # its own entity, so other connections of the test are not counted
    entity = ("--entity-type", "ips", "--entity-name", address)
    check(kafka_configs(reauth_broker, "--alter", *entity, "--add-config", "connection_creation_rate=2"))
    try:
        assert "connection_creation_rate=2" in described(reauth_broker, *entity)
        answered = refused = 0
        for i in range(40):  # 2 a second measured over 10 s or more: about 20 go through at once, then refusals
            with socket.create_connection(("127.0.0.1", reauth_broker.sasl_port), timeout=WAIT_S,
                                          source_address=(address, 0)) as sock:
                sock.sendall(api_versions_request(50 + i))
                if _response(sock) is None:
                    refused += 1
                else:
                    answered += 1
        assert answered >= 10 and refused >= 10, (answered, refused)
    finally:
        check(kafka_configs(reauth_broker, "--alter", *entity, "--delete-config", "connection_creation_rate"))
