"""A SASL_PLAINTEXT listener with PLAIN, served by an in-process broker: clients authenticate and produce/consume;
bad credentials, an unknown mechanism, requests before authentication and oversized frames are refused as Kafka
refuses them (kbroker.security.sasl.authenticator)."""

from __future__ import annotations

import logging
import socket
import struct

import pytest

from kbroker.protocol import errors
from kbroker.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kbroker.protocol.messages.sasl_handshake_response import SaslHandshakeResponse
from kbroker.testing import broker_config, run_broker_in_thread
from tests.security.helpers import (
    api_versions_request,
    first_client_error,
    produce_and_consume,
    read_frame,
    recording_registry,
    request_frame,
)

confluent_kafka = pytest.importorskip("confluent_kafka")

JAAS = ('org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" '
        'password="admin-secret" user_admin="admin-secret" user_alice="alice-secret";')
OVERRIDES = {
    "listeners": "SASL_PLAINTEXT://127.0.0.1:0",
    "inter.broker.listener.name": "SASL_PLAINTEXT",
    "sasl.enabled.mechanisms": "PLAIN",
    "listener.name.sasl_plaintext.plain.sasl.jaas.config": JAAS,
    "connection.failed.authentication.delay.ms": "0",
}


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    seen: list = []
    config = broker_config(tmp_path_factory.mktemp("sasl") / "logs", OVERRIDES)
    with run_broker_in_thread(config, registry=recording_registry(seen)) as running:
        running.principals = seen
        yield running


def _client(broker, password="alice-secret", mechanism="PLAIN") -> dict:
    return {"bootstrap.servers": broker.bootstrap, "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": mechanism, "sasl.username": "alice", "sasl.password": password,
            "socket.timeout.ms": 15000}


def test_plain_clients_produce_and_consume(broker):
    produce_and_consume(_client(broker), [f"v{i}".encode() for i in range(50)])
    assert ("User", "alice") in broker.principals


def test_kafka_python_authenticates_with_plain(broker):
    kafka = pytest.importorskip("kafka")
    admin = kafka.KafkaAdminClient(bootstrap_servers=broker.bootstrap, security_protocol="SASL_PLAINTEXT",
                                   sasl_mechanism="PLAIN", sasl_plain_username="admin",
                                   sasl_plain_password="admin-secret", request_timeout_ms=15000)
    try:
        assert admin.describe_cluster()["cluster_id"]
    finally:
        admin.close()


def _connect(broker) -> socket.socket:
    return socket.create_connection((broker.host, broker.port), timeout=15)


def _read_response(sock: socket.socket) -> bytes | None:
    return read_frame(sock)


def _handshake(sock, mechanism: str, version: int = 1) -> SaslHandshakeResponse:
    name = mechanism.encode()
    sock.sendall(request_frame(17, version, struct.pack(">h", len(name)) + name, correlation_id=7))
    frame = _read_response(sock)
    assert struct.unpack_from(">i", frame)[0] == 7
    return SaslHandshakeResponse.decode(frame, 4, version)[0]


def _authenticate(sock, token: bytes) -> SaslAuthenticateResponse | None:
    sock.sendall(request_frame(36, 1, struct.pack(">i", len(token)) + token, correlation_id=8))
    frame = _read_response(sock)
    return None if frame is None else SaslAuthenticateResponse.decode(frame, 4, 1)[0]


def test_a_bad_password_fails_and_closes(broker):
    with _connect(broker) as sock:
        assert _handshake(sock, "PLAIN").error_code == 0
        response = _authenticate(sock, b"\0alice\0wrong")
        assert response.error_code == errors.SASL_AUTHENTICATION_FAILED.code
        assert response.error_message == "Authentication failed: Invalid username or password"
        assert _read_response(sock) is None


def test_an_unknown_user_fails_like_a_bad_password(broker):
    with _connect(broker) as sock:
        _handshake(sock, "PLAIN")
        response = _authenticate(sock, b"\0mallory\0alice-secret")
        assert response.error_message == "Authentication failed: Invalid username or password"


def test_another_authorization_id_is_refused(broker):
    with _connect(broker) as sock:
        _handshake(sock, "PLAIN")
        response = _authenticate(sock, b"admin\0alice\0alice-secret")
        assert response.error_code == errors.SASL_AUTHENTICATION_FAILED.code
        assert "authorization id" in response.error_message


def test_an_unknown_mechanism_gets_the_enabled_list(broker):
    with _connect(broker) as sock:
        response = _handshake(sock, "SCRAM-SHA-512")
        assert response.error_code == errors.UNSUPPORTED_SASL_MECHANISM.code
        assert response.mechanisms == ["PLAIN"]
        assert _read_response(sock) is None


def test_a_request_before_authentication_closes_the_connection(broker):
    with _connect(broker) as sock:
        sock.sendall(request_frame(3, 1, struct.pack(">i", 0)))  # Metadata v1, no topics
        assert _read_response(sock) is None


def test_after_the_handshake_another_request_gets_illegal_sasl_state_then_the_connection_closes(broker):
    with _connect(broker) as sock:
        _handshake(sock, "PLAIN")
        sock.sendall(api_versions_request(correlation_id=11))
        frame = _read_response(sock)
        assert struct.unpack_from(">ih", frame) == (11, errors.ILLEGAL_SASL_STATE.code)
        assert _read_response(sock) is None
    with _connect(broker) as sock:
        _handshake(sock, "PLAIN")
        group, member = b"g", b"m"  # Heartbeat v0: group id, generation, member id
        body = struct.pack(">h", len(group)) + group + struct.pack(">ih", 1, len(member)) + member
        sock.sendall(request_frame(12, 0, body, correlation_id=12))
        assert struct.unpack_from(">ih", _read_response(sock)) == (12, errors.ILLEGAL_SASL_STATE.code)
        assert _read_response(sock) is None


def test_after_a_handshake_v1_produce_is_closed_unanswered(broker):
    with _connect(broker) as sock:
        _handshake(sock, "PLAIN")
        sock.sendall(request_frame(0, 3, struct.pack(">hhii", -1, 1, 1000, 0)))  # Produce v3, no topics
        assert _read_response(sock) is None


def test_api_versions_then_handshake_v0_and_a_bare_token(broker):
    with _connect(broker) as sock:
        sock.sendall(api_versions_request())
        assert _read_response(sock) is not None
        assert _handshake(sock, "PLAIN", version=0).error_code == 0
        token = b"\0alice\0alice-secret"
        sock.sendall(struct.pack(">i", len(token)) + token)
        assert _read_response(sock) == b""  # PLAIN's empty challenge, as a bare empty frame
        sock.sendall(api_versions_request(correlation_id=9))
        assert struct.unpack_from(">i", _read_response(sock))[0] == 9  # authenticated: served as usual


def test_a_frame_above_sasl_server_max_receive_size_closes_before_authentication(broker):
    with _connect(broker) as sock:
        sock.sendall(struct.pack(">i", 524288 + 1) + b"\0" * 64)
        assert _read_response(sock) is None


def test_after_authentication_handshake_and_authenticate_get_illegal_sasl_state(broker):
    with _connect(broker) as sock:
        _handshake(sock, "PLAIN")
        assert _authenticate(sock, b"\0alice\0alice-secret").error_code == 0
        assert _handshake(sock, "PLAIN").error_code == errors.ILLEGAL_SASL_STATE.code
        assert _authenticate(sock, b"\0alice\0alice-secret").error_code == errors.ILLEGAL_SASL_STATE.code


def test_a_wrong_password_fails_a_client(broker):
    error = first_client_error(_client(broker, password="nope"))
    assert error.code() == confluent_kafka.KafkaError._AUTHENTICATION
    assert "Invalid username or password" in error.str()


def test_describe_configs_never_shows_the_jaas_config(broker):
    from confluent_kafka.admin import AdminClient, ConfigResource, ResourceType

    admin = AdminClient(_client(broker))
    resource = ConfigResource(ResourceType.BROKER, "1")
    configs = admin.describe_configs([resource])[resource].result(30)
    entry = configs["listener.name.sasl_plaintext.plain.sasl.jaas.config"]
    assert entry.is_sensitive and entry.value is None


def test_no_secret_reaches_the_log(broker, caplog):
    caplog.set_level(logging.DEBUG)
    with _connect(broker) as sock:
        _handshake(sock, "PLAIN")
        _authenticate(sock, b"\0alice\0Wr0ng-Pa55word")
        _read_response(sock)
    with _connect(broker) as sock:
        _handshake(sock, "PLAIN")
        _authenticate(sock, b"\0alice\0alice-secret")
    assert "authentication failed" in caplog.text  # the failure is logged...
    assert "Wr0ng-Pa55word" not in caplog.text and "alice-secret" not in caplog.text  # ...never a password
