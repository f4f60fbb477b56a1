"""KIP-368 re-authentication on a SASL_PLAINTEXT listener with PLAIN (kbroker.security.sasl.authenticator): the
session lifetime in SaslAuthenticate v1+, a re-authentication on the same connection, the principal that must not
change, and the connection closed at its first request past the session's end."""

from __future__ import annotations

import logging
import socket
import struct
import time

import pytest

from kbroker.protocol import errors
from kbroker.testing import broker_config, run_broker_in_thread
from tests.security.helpers import api_versions_request, produce_and_consume
from tests.security.test_sasl_plain import JAAS, _authenticate, _handshake, _read_response

LIFETIME_MS = 1500
OVERRIDES = {
    "listeners": "SASL_PLAINTEXT://127.0.0.1:0",
    "inter.broker.listener.name": "SASL_PLAINTEXT",
    "sasl.enabled.mechanisms": "PLAIN",
    "listener.name.sasl_plaintext.plain.sasl.jaas.config": JAAS,
    "listener.name.sasl_plaintext.plain.connections.max.reauth.ms": str(LIFETIME_MS),
    "connection.failed.authentication.delay.ms": "0",
}


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    config = broker_config(tmp_path_factory.mktemp("reauth") / "logs", OVERRIDES)
    with run_broker_in_thread(config) as running:
        yield running


def _authenticated(broker, user: bytes = b"alice", password: bytes = b"alice-secret") -> socket.socket:
    sock = socket.create_connection((broker.host, broker.port), timeout=15)
    assert _handshake(sock, "PLAIN").error_code == 0
    response = _authenticate(sock, b"\0" + user + b"\0" + password)
    assert response.error_code == 0
    assert response.session_lifetime_ms == LIFETIME_MS
    return sock


def _served(sock: socket.socket, correlation_id: int) -> bool:
    sock.sendall(api_versions_request(correlation_id))
    frame = _read_response(sock)
    return frame is not None and struct.unpack_from(">i", frame)[0] == correlation_id


def _past_the_session(started: float) -> None:
    """Wait until the session (LIFETIME_MS from `started`, a monotonic time) has certainly ended."""
    while time.monotonic() - started < LIFETIME_MS / 1000 + 0.2:
        time.sleep(0.1)


def test_a_client_that_does_not_reauthenticate_is_closed_at_its_next_request(broker):
    started = time.monotonic()
    with _authenticated(broker) as sock:
        assert _served(sock, 20)
        _past_the_session(started)
        assert not _served(sock, 21)


def test_reauthentication_on_the_same_connection_renews_the_session(broker):
    started = time.monotonic()
    with _authenticated(broker) as sock:
        while time.monotonic() - started < 0.8:  # renew late, so the renewed session outlives the first one
            time.sleep(0.1)
        assert _handshake(sock, "PLAIN").error_code == 0
        renewed = time.monotonic()
        response = _authenticate(sock, b"\0alice\0alice-secret")
        assert (response.error_code, response.session_lifetime_ms) == (0, LIFETIME_MS)
        _past_the_session(started)
        assert time.monotonic() - renewed < LIFETIME_MS / 1000, "the machine stalled past the renewed session too"
        assert _served(sock, 22)


def test_the_principal_may_not_change(broker):
    with _authenticated(broker) as sock:
        assert _handshake(sock, "PLAIN").error_code == 0
        response = _authenticate(sock, b"\0admin\0admin-secret")
        assert response.error_code == errors.SASL_AUTHENTICATION_FAILED.code
        assert response.error_message == "Cannot change principals during re-authentication from User.alice: " \
                                         "User.admin"
        assert _read_response(sock) is None


def test_a_second_reauthentication_within_a_second_is_an_ordinary_handshake(broker):
    with _authenticated(broker) as sock:
        _handshake(sock, "PLAIN")
        _authenticate(sock, b"\0alice\0alice-secret")
        # Kafka re-authenticates at most once a second; sooner, the handshake is served as any request
        assert _handshake(sock, "PLAIN").error_code == errors.ILLEGAL_SASL_STATE.code


def test_a_client_keeps_producing_across_several_session_ends(broker, caplog):
    caplog.set_level(logging.DEBUG, logger="kbroker.server")
    client = {"bootstrap.servers": broker.bootstrap, "security.protocol": "SASL_PLAINTEXT",
              "sasl.mechanism": "PLAIN", "sasl.username": "alice", "sasl.password": "alice-secret"}
    confluent_kafka = pytest.importorskip("confluent_kafka")
    produce_and_consume(client, [b"before"])
    producer = confluent_kafka.Producer({**client, "error_cb": _fail})
    started = time.monotonic()
    sent = 0
    while time.monotonic() - started < 3 * LIFETIME_MS / 1000 + 0.5:  # three session ends
        producer.produce("reauth-topic", b"v%d" % sent)
        sent += 1
        assert producer.flush(15) == 0
        time.sleep(0.1)
    assert sent > 0
    assert any("re-authenticates" in record.getMessage() for record in caplog.records)


def _fail(error) -> None:
    raise AssertionError(f"client error across re-authentications: {error}")
