"""TLS and SASL listeners, against kbroker and Apache Kafka 4.3.1 configured the same way (one broker of each kind
for the module): beside the PLAINTEXT listener, SSL with client certificates required (a per-listener
listener.name.ssl.ssl.client.auth), SASL_PLAINTEXT with PLAIN (JAAS users), SASL_SSL with SCRAM-SHA-512 (a user
added with kafka-configs). confluent-kafka, kafka-python, kcat and Kafka's console clients produce and consume; a bad
password gets SASL_AUTHENTICATION_FAILED, an unknown mechanism UNSUPPORTED_SASL_MECHANISM with the enabled list,
a request before authentication a closed connection. Certificates are made by the test (trustme)."""

from __future__ import annotations

import base64
import socket
import ssl
import struct
import time
import uuid

import pytest

from compat_tests.brokers import start_broker
from compat_tests.java_tools import check, console_consume, console_produce, write_properties
from compat_tests.kafka_dist import free_port, run_kafka_tool
from kbroker.protocol import errors
from kbroker.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kbroker.protocol.messages.sasl_handshake_response import SaslHandshakeResponse
from kbroker.security import scram_credentials
from tests.security.helpers import first_client_error, produce_and_consume, read_frame, request_frame

confluent_kafka = pytest.importorskip("confluent_kafka")
kafka = pytest.importorskip("kafka")
certs_module = pytest.importorskip("tests.security.certs")

WAIT_S = 30.0
PLAIN_JAAS = ('org.apache.kafka.common.security.plain.PlainLoginModule required '
              'user_alice="alice-secret" user_admin="admin-secret";')
SCRAM_JAAS = "org.apache.kafka.common.security.scram.ScramLoginModule required;"


@pytest.fixture(scope="module")
def secured(broker_kind, tmp_path_factory):
    certs = certs_module.make_certs(tmp_path_factory.mktemp("certs"))
    ports = {"SSL": free_port(), "SASL_PLAINTEXT": free_port(), "SASL_SSL": free_port()}
    overrides = {
        "ssl.keystore.type": "PEM", "ssl.keystore.location": str(certs.server_pem),
        "ssl.truststore.type": "PEM", "ssl.truststore.location": str(certs.ca_pem),
        "listener.name.ssl.ssl.client.auth": "required",
        "listener.name.sasl_plaintext.sasl.enabled.mechanisms": "PLAIN",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": PLAIN_JAAS,
        "listener.name.sasl_ssl.sasl.enabled.mechanisms": "SCRAM-SHA-512",
        "listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config": SCRAM_JAAS,
    }
    broker = start_broker(broker_kind, overrides, {name: (name, port) for name, port in ports.items()})
    try:
        broker.certs = certs
        broker.ports = ports
        yield broker
    finally:
        broker.close()


def _address(broker, listener: str) -> str:
    return f"127.0.0.1:{broker.ports[listener]}"


def _ssl_client(broker) -> dict:
    certs = broker.certs
    return {"bootstrap.servers": _address(broker, "SSL"), "security.protocol": "SSL",
            "ssl.ca.location": str(certs.ca_pem), "ssl.certificate.location": str(certs.client_cert),
            "ssl.key.location": str(certs.client_key)}


def _plain_client(broker, password="alice-secret") -> dict:
    return {"bootstrap.servers": _address(broker, "SASL_PLAINTEXT"), "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "PLAIN", "sasl.username": "alice", "sasl.password": password}


def _scram_client(broker, password) -> dict:
    return {"bootstrap.servers": _address(broker, "SASL_SSL"), "security.protocol": "SASL_SSL",
            "ssl.ca.location": str(broker.certs.ca_pem), "sasl.mechanism": "SCRAM-SHA-512",
            "sasl.username": "carol", "sasl.password": password}


def _produce_and_consume(client: dict, count: int = 30) -> None:
    produce_and_consume(client, [f"record-{i}".encode() * 20 for i in range(count)])


def _first_error(client: dict):
    return first_client_error(client)


def test_ssl_with_client_certificates(secured):
    _produce_and_consume(_ssl_client(secured))


def _kafka_python_round_trip(options: dict, value: bytes) -> None:
    topic = f"kp-{uuid.uuid4().hex[:10]}"
    producer = kafka.KafkaProducer(request_timeout_ms=20000, **options)
    producer.send(topic, value).get(timeout=WAIT_S)
    producer.close()
    consumer = kafka.KafkaConsumer(topic, auto_offset_reset="earliest", consumer_timeout_ms=20000,
                                   request_timeout_ms=20000, **options)
    try:
        first = next(consumer, None)  # the iterator ends after consumer_timeout_ms with nothing read
        assert first is not None and first.value == value
    finally:
        consumer.close()


def test_kafka_python_over_ssl_with_a_client_certificate(secured):
    certs = secured.certs
    _kafka_python_round_trip(dict(bootstrap_servers=_address(secured, "SSL"), security_protocol="SSL",
                                  ssl_cafile=str(certs.ca_pem), ssl_certfile=str(certs.client_cert),
                                  ssl_keyfile=str(certs.client_key), ssl_check_hostname=False), b"through tls")


def test_ssl_without_a_client_certificate_fails(secured):
    client = _ssl_client(secured)
    del client["ssl.certificate.location"], client["ssl.key.location"]
    assert _first_error(client).code() in (confluent_kafka.KafkaError._SSL, confluent_kafka.KafkaError._TRANSPORT,
                                           confluent_kafka.KafkaError._ALL_BROKERS_DOWN)


def test_sasl_plaintext_with_plain(secured):
    _produce_and_consume(_plain_client(secured))


def test_kafka_python_with_plain(secured):
    _kafka_python_round_trip(dict(bootstrap_servers=_address(secured, "SASL_PLAINTEXT"),
                                  security_protocol="SASL_PLAINTEXT", sasl_mechanism="PLAIN",
                                  sasl_plain_username="alice", sasl_plain_password="alice-secret"), b"plain")


def test_a_bad_plain_password_fails(secured):
    error = _first_error(_plain_client(secured, password="wrong"))
    assert error.code() == confluent_kafka.KafkaError._AUTHENTICATION
    assert "Invalid username or password" in error.str()


def _kafka_configs(broker, *args):
    return run_kafka_tool("kafka.admin.ConfigCommand", "--bootstrap-server", broker.bootstrap, *args, timeout=90)


def test_scram_user_added_with_kafka_configs_over_sasl_ssl(secured, tmp_path):
    check(_kafka_configs(secured, "--alter", "--entity-type", "users", "--entity-name", "carol",
                         "--add-config", "SCRAM-SHA-512=[iterations=8192,password=carol-secret]"))
    from confluent_kafka.admin import AdminClient, ScramMechanism

    admin = AdminClient({"bootstrap.servers": secured.bootstrap})
    described = admin.describe_user_scram_credentials(["carol"])["carol"].result(WAIT_S)
    assert [(i.mechanism, i.iterations) for i in described.scram_credential_infos] == [
        (ScramMechanism.SCRAM_SHA_512, 8192)]
    _produce_and_consume(_scram_client(secured, "carol-secret"))
    # Kafka's own console clients, with the same SCRAM credentials
    config = write_properties(tmp_path / "client.properties", {
        "security.protocol": "SASL_SSL", "sasl.mechanism": "SCRAM-SHA-512",
        "ssl.truststore.type": "PEM", "ssl.truststore.location": str(secured.certs.ca_pem),
        "sasl.jaas.config": 'org.apache.kafka.common.security.scram.ScramLoginModule required '
                            'username="carol" password="carol-secret";'})
    topic = f"java-{uuid.uuid4().hex[:10]}"
    address = _address(secured, "SASL_SSL")
    check(console_produce(address, topic, ["one", "two"], "--command-config", str(config)))
    consumed = check(console_consume(address, topic, 2, "--command-config", str(config)))
    assert consumed.stdout.split() == ["one", "two"]
    error = _first_error(_scram_client(secured, "not-carols"))
    assert error.code() == confluent_kafka.KafkaError._AUTHENTICATION
    assert "invalid credentials with SASL mechanism SCRAM-SHA-512" in error.str()


def _frame(api_key: int, version: int, body: bytes, correlation_id: int = 7) -> bytes:
    return request_frame(api_key, version, body, correlation_id)


def _response(sock: socket.socket) -> bytes | None:
    return read_frame(sock)


def test_an_unknown_mechanism_gets_the_enabled_list(secured):
    with socket.create_connection(("127.0.0.1", secured.ports["SASL_PLAINTEXT"]), timeout=WAIT_S) as sock:
        sock.sendall(_frame(17, 1, struct.pack(">h", 13) + b"SCRAM-SHA-256"))
        response, _ = SaslHandshakeResponse.decode(_response(sock), 4, 1)
        assert response.error_code == errors.UNSUPPORTED_SASL_MECHANISM.code
        assert response.mechanisms == ["PLAIN"]
        assert _response(sock) is None


def test_a_request_before_authentication_closes_the_connection(secured):
    with socket.create_connection(("127.0.0.1", secured.ports["SASL_PLAINTEXT"]), timeout=WAIT_S) as sock:
        sock.sendall(_frame(3, 1, struct.pack(">i", 0)))  # Metadata v1 for no topics
        assert _response(sock) is None


def test_kcat_over_ssl_and_sasl(secured):
    from compat_tests import kcat

    certs = secured.certs
    over_ssl = ["-X", "security.protocol=SSL", "-X", f"ssl.ca.location={certs.ca_pem}",
                "-X", f"ssl.certificate.location={certs.client_cert}", "-X", f"ssl.key.location={certs.client_key}"]
    over_plain = ["-X", "security.protocol=SASL_PLAINTEXT", "-X", "sasl.mechanisms=PLAIN",
                  "-X", "sasl.username=alice", "-X", "sasl.password=alice-secret"]
    for listener, args in (("SSL", over_ssl), ("SASL_PLAINTEXT", over_plain)):
        topic = f"kcat-{uuid.uuid4().hex[:10]}"
        kcat.check(kcat.produce(_address(secured, listener), topic, ["a", "b"], *args))
        assert kcat.consume(_address(secured, listener), topic, 2, "%s", *args) == ["a", "b"]


def test_java_console_clients_over_ssl_with_a_client_certificate(secured, tmp_path):
    certs = secured.certs
    config = write_properties(tmp_path / "ssl.properties", {
        "security.protocol": "SSL", "ssl.truststore.type": "PEM", "ssl.truststore.location": str(certs.ca_pem),
        "ssl.keystore.type": "PEM", "ssl.keystore.location": str(certs.client_pem)})
    topic = f"java-ssl-{uuid.uuid4().hex[:10]}"
    address = _address(secured, "SSL")
    check(console_produce(address, topic, ["x", "y"], "--command-config", str(config)))
    assert check(console_consume(address, topic, 2, "--command-config", str(config))).stdout.split() == ["x", "y"]


class _ScramClient:
    """One SCRAM-SHA-512 exchange over a raw TLS connection to the SASL_SSL listener (SaslHandshake v1, then
    SaslAuthenticate v1), so a test can send what no client library would: a forged nonce, a replayed message."""

    def __init__(self, broker, user: str, client_nonce: str):
        context = ssl.create_default_context(cafile=str(broker.certs.ca_pem))
        raw = socket.create_connection(("127.0.0.1", broker.ports["SASL_SSL"]), timeout=WAIT_S)
        self.sock = context.wrap_socket(raw, server_hostname="127.0.0.1")
        self.user, self.client_nonce = user, client_nonce
        self.sock.sendall(_frame(17, 1, struct.pack(">h", 13) + b"SCRAM-SHA-512"))
        assert SaslHandshakeResponse.decode(_response(self.sock), 4, 1)[0].error_code == 0

    def authenticate(self, token: bytes) -> SaslAuthenticateResponse:
        self.sock.sendall(_frame(36, 1, struct.pack(">i", len(token)) + token, correlation_id=8))
        frame = _response(self.sock)
        assert frame is not None, "the broker closed the connection without an answer"
        return SaslAuthenticateResponse.decode(frame, 4, 1)[0]

    def first(self) -> str:
        response = self.authenticate(f"n,,n={self.user},r={self.client_nonce}".encode())
        assert response.error_code == 0, response
        return bytes(response.auth_bytes).decode()

    def final(self, server_first: str, password: str, nonce: str | None = None) -> bytes:
        """The client-final message for `password` (a valid proof), naming `nonce` (default: the server's)."""
        fields = dict(item.split("=", 1) for item in server_first.split(","))
        nonce = fields["r"] if nonce is None else nonce
        scram = scram_credentials.SCRAM_SHA_512
        salted = scram.salted_password(password.encode(), base64.b64decode(fields["s"]), int(fields["i"]))
        without_proof = f"c=biws,r={nonce}"
        auth_message = f"n={self.user},r={self.client_nonce},{server_first},{without_proof}".encode()
        client_key = scram.client_key(salted)
        signature = scram.hmac(scram.stored_key(client_key), auth_message)
        proof = bytes(a ^ b for a, b in zip(client_key, signature, strict=True))
        return f"{without_proof},p={base64.b64encode(proof).decode()}".encode()

    def close(self):
        self.sock.close()


def _add_scram_user(broker, user: str, password: str) -> None:
    from confluent_kafka.admin import (
        AdminClient,
        ScramCredentialInfo,
        ScramMechanism,
        UserScramCredentialUpsertion,
    )

    admin = AdminClient({"bootstrap.servers": broker.bootstrap})
    info = ScramCredentialInfo(ScramMechanism.SCRAM_SHA_512, 4096)
    for future in admin.alter_user_scram_credentials(
            [UserScramCredentialUpsertion(user, info, password.encode())]).values():
        future.result(WAIT_S)


def _valid_exchange(broker, user: str, password: str) -> tuple[str, bytes, SaslAuthenticateResponse]:
    client = _ScramClient(broker, user, "fyko+d2lbbFgONRv9qkxdawL")
    try:
        server_first = client.first()
        final = client.final(server_first, password)
        return server_first, final, client.authenticate(final)
    finally:
        client.close()


def test_scram_refuses_a_forged_nonce_and_a_replayed_final_message(secured):
    _add_scram_user(secured, "dave", "dave-secret")
    deadline = time.monotonic() + WAIT_S  # Kafka's brokers learn new credentials from the metadata log
    while True:
        server_first, replayable, answer = _valid_exchange(secured, "dave", "dave-secret")
        if answer.error_code == 0 or time.monotonic() > deadline:
            break
    assert answer.error_code == 0 and bytes(answer.auth_bytes).startswith(b"v=")
    forged = _ScramClient(secured, "dave", "fyko+d2lbbFgONRv9qkxdawL")
    try:
        first = forged.first()
        # Kafka before CVE-2024-56128's fix accepted any nonce that ended with the server's.
        answer = forged.authenticate(forged.final(first, "dave-secret", nonce="x" + first.split(",")[0][2:]))
        assert answer.error_code == errors.SASL_AUTHENTICATION_FAILED.code
        assert _response(forged.sock) is None
    finally:
        forged.close()
    replay = _ScramClient(secured, "dave", "fyko+d2lbbFgONRv9qkxdawL")
    try:
        assert replay.first() != server_first  # a new server nonce
        answer = replay.authenticate(replayable)
        assert answer.error_code == errors.SASL_AUTHENTICATION_FAILED.code
        assert answer.error_message == ("Authentication failed during authentication due to invalid credentials "
                                        "with SASL mechanism SCRAM-SHA-512")
    finally:
        replay.close()


def test_a_frame_above_sasl_server_max_receive_size_closes_before_authentication(secured):
    with socket.create_connection(("127.0.0.1", secured.ports["SASL_PLAINTEXT"]), timeout=WAIT_S) as sock:
        sock.sendall(struct.pack(">i", 512 * 1024 + 1) + b"\0" * 1024)
        assert _response(sock) is None
