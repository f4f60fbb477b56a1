"""`connection.failed.authentication.delay.ms` on a SASL listener: Kafka answers a failed authentication and
closes the connection only after the delay (KafkaChannel's delayed close), and a frame size above
`sasl.server.max.receive.size` before authentication is a failed authentication too (SaslServerAuthenticator), so
its close waits as long. A client that reconnects as soon as it is closed cannot cycle connections faster than
the delay allows. Only lower bounds are asserted: the broker must not answer or close early."""

from __future__ import annotations

import socket
import struct
import time

import pytest

from kbroker.protocol import errors
from kbroker.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kbroker.testing import broker_config, run_broker_in_thread
from tests.security.helpers import read_frame, request_frame

DELAY_MS = 400
JAAS = ('org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" '
        'password="admin-secret" user_admin="admin-secret" user_alice="alice-secret";')


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    config = broker_config(tmp_path_factory.mktemp("auth-delay") / "logs", {
        "listeners": "SASL_PLAINTEXT://127.0.0.1:0",
        "inter.broker.listener.name": "SASL_PLAINTEXT",
        "sasl.enabled.mechanisms": "PLAIN",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": JAAS,
        "connection.failed.authentication.delay.ms": str(DELAY_MS),
    })
    with run_broker_in_thread(config) as running:
        yield running


def _connect(broker) -> socket.socket:
    return socket.create_connection((broker.host, broker.port), timeout=15)


def test_an_oversized_frame_before_authentication_is_closed_after_the_delay(broker):
    with _connect(broker) as sock:
        sent = time.monotonic()
        sock.sendall(struct.pack(">i", 2**31 - 1))
        assert read_frame(sock) is None
        assert time.monotonic() - sent >= DELAY_MS / 1000


def test_a_bad_password_is_answered_and_closed_after_the_delay(broker):
    with _connect(broker) as sock:
        sock.sendall(request_frame(17, 1, struct.pack(">h", 5) + b"PLAIN", correlation_id=7))
        assert read_frame(sock) is not None
        token = b"\0alice\0wrong"
        sent = time.monotonic()
        sock.sendall(request_frame(36, 1, struct.pack(">i", len(token)) + token, correlation_id=8))
        frame = read_frame(sock)
        assert time.monotonic() - sent >= DELAY_MS / 1000
        assert SaslAuthenticateResponse.decode(frame, 4, 1)[0].error_code == errors.SASL_AUTHENTICATION_FAILED.code
        assert read_frame(sock) is None
