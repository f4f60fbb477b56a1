"""SASL/OAUTHBEARER, against kbroker and Apache Kafka 4.3.1 configured the same way (one broker of each kind for the
module), with StandardAuthorizer on (ACLs absent means allowed, so a grant on one topic shows whom it names):
- UNSECURED (SASL_PLAINTEXT): Kafka's default unsecured JWS validator, requiring the scope `kafka`;
- JWKS (SASL_PLAINTEXT): OAuthBearerValidatorCallbackHandler with keys (RSA and EC P-256, made by the test)
  served by a local HTTP server the test starts, an expected audience and issuer. Kafka 4 reads the endpoint only
  when the JVM system property org.apache.kafka.sasl.oauthbearer.allowed.urls lists it; both brokers get it.
The Java console clients (unsecured login from unsecuredLoginStringClaim_sub; a signed token read from a file by
OAuthBearerLoginCallbackHandler), confluent-kafka (`sasl.oauthbearer.
config` unsecured tokens; an oauth_cb returning signed tokens) kafka-python (sasl_oauth_token_provider) and kcat
(unsecured tokens) produce and consume. Bad tokens (expired, signed by another key, another audience, missing the required scope) get the JSON
status, then SASL_AUTHENTICATION_FAILED carrying it once the client acknowledges, then a closed connection."""

from __future__ import annotations

import http.server
import socket
import struct
import subprocess
import threading
import time
import uuid

import pytest

from compat_tests.brokers import start_broker
from compat_tests.java_tools import (
    CONSOLE_CONSUMER,
    CONSOLE_PRODUCER,
    TOOL_TIMEOUT_S,
    check,
    console_consume,
    console_produce,
    write_properties,
)
from compat_tests.kafka_dist import free_port, kafka_tool_command
from kbroker.protocol import errors
from kbroker.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kbroker.protocol.messages.sasl_handshake_response import SaslHandshakeResponse
from tests.security.helpers import first_client_error, produce_and_consume, read_frame, request_frame
from tests.security.oauth_tokens import SigningKey, client_first, jwks_document, unsecured_token

confluent_kafka = pytest.importorskip("confluent_kafka")
kafka = pytest.importorskip("kafka")

WAIT_S = 30.0
# Kafka's broker logs itself in with the unsecured login too (its JAAS must name a subject), then validates clients.
UNSECURED_JAAS = ("org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required "
                  'unsecuredLoginStringClaim_sub="broker" unsecuredValidatorRequiredScope="kafka";')
JWKS_JAAS = ("org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required "
             'unsecuredLoginStringClaim_sub="broker";')
JWKS_HANDLER = "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler"
AUDIENCE, ISSUER = "kafka-broker", "https://idp.test"
GRANTED_TOPIC = "oauth-granted"


class _JwksServer:
    """A local HTTP server answering GET /jwks with the test's keys (`keys`, which a test may change)."""

    def __init__(self, *keys: SigningKey):
        self.keys = list(keys)  # what the next GET publishes: a test may rotate keys in
        published = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (http.server's name)
                body = jwks_document(*published.keys)
                status, payload = (200, body) if self.path == "/jwks" else (404, b"")
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/jwks"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()


@pytest.fixture(scope="module")
def oauth(broker_kind):
    keys = {"rsa": SigningKey("rsa-1"), "ec": SigningKey("ec-1", "EC")}
    jwks_server = _JwksServer(*keys.values())
    ports = {"UNSECURED": free_port(), "JWKS": free_port()}
    overrides = {
        "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
        "allow.everyone.if.no.acl.found": "true",
        "super.users": "User:ANONYMOUS",  # the PLAINTEXT listener (the test's admin, Kafka's own controller)
        "listener.name.unsecured.sasl.enabled.mechanisms": "OAUTHBEARER",
        "listener.name.unsecured.oauthbearer.sasl.jaas.config": UNSECURED_JAAS,
        "listener.name.jwks.sasl.enabled.mechanisms": "OAUTHBEARER",
        "listener.name.jwks.oauthbearer.sasl.jaas.config": JWKS_JAAS,
        "listener.name.jwks.oauthbearer.sasl.server.callback.handler.class": JWKS_HANDLER,
        "listener.name.jwks.sasl.oauthbearer.jwks.endpoint.url": jwks_server.url,
        "listener.name.jwks.sasl.oauthbearer.expected.audience": AUDIENCE,
        "listener.name.jwks.sasl.oauthbearer.expected.issuer": ISSUER,
    }
    try:
        broker = start_broker(broker_kind, overrides, {name: ("SASL_PLAINTEXT", port) for name, port in ports.items()},
                              system_properties={"org.apache.kafka.sasl.oauthbearer.allowed.urls": jwks_server.url})
    except BaseException:
        jwks_server.close()
        raise
    try:
        broker.ports, broker.keys, broker.jwks_server = ports, keys, jwks_server
        _grant_alice(broker)
        yield broker
    finally:
        broker.close()
        jwks_server.close()


def _address(broker, listener: str) -> str:
    return f"127.0.0.1:{broker.ports[listener]}"


def _signed(broker, sub: str = "alice", key: str = "rsa", **claims) -> str:
    return broker.keys[key].token(sub=sub, **{"aud": AUDIENCE, "iss": ISSUER, **claims})


def _unsecured_client(broker, principal: str = "alice", scope: str = "kafka") -> dict:
    return {"bootstrap.servers": _address(broker, "UNSECURED"), "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "OAUTHBEARER", "enable.sasl.oauthbearer.unsecure.jwt": True,
            "sasl.oauthbearer.config": f"principal={principal} scope={scope}"}


def _jwks_client(broker, token_for) -> dict:
    return {"bootstrap.servers": _address(broker, "JWKS"), "security.protocol": "SASL_PLAINTEXT",
            "sasl.mechanism": "OAUTHBEARER", "oauth_cb": lambda _config: (token_for(), time.time() + 3000)}


def _values(count: int = 20) -> list[bytes]:
    return [f"oauth-{i}".encode() * 10 for i in range(count)]


def test_confluent_kafka_with_unsecured_tokens(oauth):
    produce_and_consume(_unsecured_client(oauth), _values())


@pytest.mark.parametrize("key", ["rsa", "ec"])
def test_confluent_kafka_with_signed_tokens_from_oauth_cb(oauth, key):
    produce_and_consume(_jwks_client(oauth, lambda: _signed(oauth, key=key)), _values())


def test_kcat_with_unsecured_tokens(oauth):
    """kcat (librdkafka's built-in unsecured JWT) produces and consumes through the UNSECURED listener."""
    from compat_tests import kcat

    args = [arg for name, value in _unsecured_client(oauth).items() if name != "bootstrap.servers"
            for arg in ("-X", f"{name}={str(value).lower() if isinstance(value, bool) else value}")]
    topic = f"kcat-oauth-{uuid.uuid4().hex[:8]}"
    kcat.check(kcat.produce(_address(oauth, "UNSECURED"), topic, ["first", "second"], *args))
    assert kcat.consume(_address(oauth, "UNSECURED"), topic, 2, "%s", *args) == ["first", "second"]


class _TokenProvider(kafka.net.sasl.oauth.AbstractTokenProvider):
    def __init__(self, make):
        super().__init__()
        self.make = make

    def token(self):
        return self.make()


def _kafka_python_round_trip(address: str, provider) -> None:
    options = dict(bootstrap_servers=address, security_protocol="SASL_PLAINTEXT", sasl_mechanism="OAUTHBEARER",
                   sasl_oauth_token_provider=provider, request_timeout_ms=20000)
    topic = f"kp-{uuid.uuid4().hex[:10]}"
    producer = kafka.KafkaProducer(**options)
    producer.send(topic, b"bearer").get(timeout=WAIT_S)
    producer.close()
    consumer = kafka.KafkaConsumer(topic, auto_offset_reset="earliest", consumer_timeout_ms=20000, **options)
    try:
        first = next(consumer, None)  # the iterator ends after consumer_timeout_ms with nothing read
        assert first is not None and first.value == b"bearer"
    finally:
        consumer.close()


def test_kafka_python_with_an_unsecured_token(oauth):
    _kafka_python_round_trip(_address(oauth, "UNSECURED"),
                             _TokenProvider(lambda: unsecured_token({"scope": ["kafka"]}, sub="alice")))


def test_kafka_python_with_a_signed_token(oauth):
    _kafka_python_round_trip(_address(oauth, "JWKS"), _TokenProvider(lambda: _signed(oauth, key="ec")))


def test_java_console_clients_with_the_unsecured_login(oauth, tmp_path):
    config = write_properties(tmp_path / "oauth.properties", {
        "security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": "OAUTHBEARER",
        "sasl.jaas.config": "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required "
                            'unsecuredLoginStringClaim_sub="alice" unsecuredLoginListClaim_scope=",kafka";'})
    topic = f"java-oauth-{uuid.uuid4().hex[:10]}"
    address = _address(oauth, "UNSECURED")
    check(console_produce(address, topic, ["one", "two"], "--command-config", str(config)))
    assert check(console_consume(address, topic, 2, "--command-config", str(config))).stdout.split() == ["one", "two"]


def _java_tool_with_properties(main_class: str, system_properties: dict, *args: str,
                               input: str | None = None) -> subprocess.CompletedProcess[str]:
    """A Kafka tool run as run_kafka_tool runs it, with JVM system properties (Kafka 4's OAuth allow-lists)."""
    command = kafka_tool_command(main_class, *args)
    command[1:1] = [f"-D{name}={value}" for name, value in system_properties.items()]
    return subprocess.run(command, capture_output=True, text=True, timeout=TOOL_TIMEOUT_S, input=input,
                          stdin=None if input is not None else subprocess.DEVNULL)


def test_java_console_clients_with_a_signed_token_from_a_file(oauth, tmp_path):
    token_file = tmp_path / "token.jwt"
    token_file.write_text(_signed(oauth, key="ec"))
    config = write_properties(tmp_path / "jwt.properties", {
        "security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": "OAUTHBEARER",
        "sasl.login.callback.handler.class":
            "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginCallbackHandler",
        "sasl.oauthbearer.token.endpoint.url": token_file.as_uri(),
        "sasl.jaas.config": "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;"})
    allowed = {"org.apache.kafka.sasl.oauthbearer.allowed.files": str(token_file),
               "org.apache.kafka.sasl.oauthbearer.allowed.urls": token_file.as_uri()}
    topic = f"java-jwt-{uuid.uuid4().hex[:10]}"
    address = _address(oauth, "JWKS")
    check(_java_tool_with_properties(
        CONSOLE_PRODUCER, allowed, "--bootstrap-server", address, "--topic", topic, "--command-property",
        "linger.ms=5", "--command-config", str(config), input="one\ntwo\n"))
    consumed = check(_java_tool_with_properties(
        CONSOLE_CONSUMER, allowed, "--bootstrap-server", address, "--topic", topic, "--partition", "0",
        "--offset", "earliest", "--max-messages", "2", "--timeout-ms", "20000", "--command-config", str(config)))
    assert consumed.stdout.split() == ["one", "two"]


# --- bad tokens, over a raw connection: the JSON status, the client's \x01, then the failure


def _frame(api_key: int, version: int, body: bytes, correlation_id: int = 7) -> bytes:
    return request_frame(api_key, version, body, correlation_id)


def _response(sock: socket.socket) -> bytes | None:
    return read_frame(sock)


def _authenticate(sock: socket.socket, token: bytes, correlation_id: int) -> SaslAuthenticateResponse:
    sock.sendall(_frame(36, 1, struct.pack(">i", len(token)) + token, correlation_id))
    frame = _response(sock)
    assert frame is not None, "the broker closed the connection without an answer"
    return SaslAuthenticateResponse.decode(frame, 4, 1)[0]


def _handshake(broker, listener: str) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", broker.ports[listener]), timeout=WAIT_S)
    sock.sendall(_frame(17, 1, struct.pack(">h", 11) + b"OAUTHBEARER", 1))
    assert SaslHandshakeResponse.decode(_response(sock), 4, 1)[0].error_code == 0
    return sock


def _first_answer(broker, listener: str, message: bytes) -> SaslAuthenticateResponse:
    with _handshake(broker, listener) as sock:
        return _authenticate(sock, message, 2)


def _refused(broker, listener: str, token: str) -> tuple[bytes, SaslAuthenticateResponse]:
    """The status answered to `token`, and the answer to the client's \\x01; the connection then closes."""
    with _handshake(broker, listener) as sock:
        first = _authenticate(sock, client_first(token), 2)
        assert first.error_code == 0, first
        final = _authenticate(sock, b"\x01", 3)
        assert _response(sock) is None
        return bytes(first.auth_bytes), final


INVALID = b'{"status":"invalid_token"}'


def _assert_failed_with(final: SaslAuthenticateResponse, status: bytes) -> None:
    assert final.error_code == errors.SASL_AUTHENTICATION_FAILED.code
    assert final.error_message == status.decode()


def test_an_expired_signed_token_is_refused(oauth):
    status, final = _refused(oauth, "JWKS", _signed(oauth, lifetime_s=-3600))
    assert status == INVALID
    _assert_failed_with(final, INVALID)


def test_a_token_signed_by_another_key_is_refused(oauth):
    impostor = SigningKey("rsa-1")
    status, final = _refused(oauth, "JWKS", impostor.token(aud=AUDIENCE, iss=ISSUER))
    assert status == INVALID
    _assert_failed_with(final, INVALID)


def test_a_token_for_another_audience_is_refused(oauth):
    status, final = _refused(oauth, "JWKS", _signed(oauth, aud="another-service"))
    assert status == INVALID
    _assert_failed_with(final, INVALID)


def test_an_unsecured_token_on_the_jwks_listener_is_refused(oauth):
    status, _ = _refused(oauth, "JWKS", unsecured_token({"aud": AUDIENCE, "iss": ISSUER}))
    assert status == INVALID


def test_an_unsecured_token_missing_the_required_scope_is_refused(oauth):
    status, final = _refused(oauth, "UNSECURED", unsecured_token({"scope": ["other"]}))
    expected = b'{"status":"insufficient_scope", "scope":"[kafka]"}'
    assert status == expected
    _assert_failed_with(final, expected)


def test_an_expired_unsecured_token_is_refused(oauth):
    status, final = _refused(oauth, "UNSECURED",
                             unsecured_token({"scope": "kafka", "iat": time.time() - 7200}, lifetime_s=-3600))
    assert status == INVALID
    _assert_failed_with(final, INVALID)


def test_a_malformed_first_message_fails_at_once_with_the_generic_message(oauth):
    with _handshake(oauth, "UNSECURED") as sock:
        answer = _authenticate(sock, b"n,,\x01auth=Bearer not a token\x01\x01", 2)
        assert answer.error_code == errors.SASL_AUTHENTICATION_FAILED.code
        assert answer.error_message == ("Authentication failed during authentication due to invalid credentials "
                                        "with SASL mechanism OAUTHBEARER")
        assert _response(sock) is None


def test_an_authorization_id_other_than_the_sub_is_refused(oauth):
    answer = _first_answer(oauth, "JWKS", client_first(_signed(oauth, sub="alice"), authzid="admin"))
    assert answer.error_code == errors.SASL_AUTHENTICATION_FAILED.code
    assert answer.error_message == ("Authentication failed: Client requested an authorization id (admin) that is "
                                    "different from the token's principal name (alice)")


def test_a_key_rotated_into_the_jwks_is_found_by_an_early_refresh(oauth):
    rotated = SigningKey("rsa-rotated")
    oauth.jwks_server.keys.append(rotated)
    token = rotated.token(aud=AUDIENCE, iss=ISSUER)
    deadline = time.monotonic() + WAIT_S  # the first try is refused and asks the broker to refresh its JWKS
    while (answer := _first_answer(oauth, "JWKS", client_first(token))).auth_bytes != b"" \
            and time.monotonic() < deadline:
        time.sleep(0.2)
    assert (answer.error_code, bytes(answer.auth_bytes)) == (0, b"")


def test_confluent_kafka_reports_the_status_of_a_refused_token(oauth):
    error = first_client_error(_jwks_client(oauth, lambda: _signed(oauth, aud="another-service")))
    assert error.code() == confluent_kafka.KafkaError._AUTHENTICATION
    assert "invalid_token" in error.str()


# --- the principal is User:<sub>


def _grant_alice(broker) -> None:
    from confluent_kafka.admin import (
        AclBinding,
        AclOperation,
        AclPermissionType,
        AdminClient,
        ResourcePatternType,
    )
    from confluent_kafka.admin import ResourceType as RT

    admin = AdminClient({"bootstrap.servers": broker.bootstrap})
    bindings = [AclBinding(RT.TOPIC, GRANTED_TOPIC, ResourcePatternType.LITERAL, "User:alice", "*", operation,
                           AclPermissionType.ALLOW)
                for operation in (AclOperation.WRITE, AclOperation.DESCRIBE, AclOperation.CREATE)]
    for future in admin.create_acls(bindings).values():
        future.result(WAIT_S)


def _produce_status(client: dict) -> str | None:
    """None when one record to the granted topic is acknowledged, else the error's name: from the delivery
    report, or from produce() itself, which librdkafka fails at once when a Metadata answer it already holds
    refused the topic (seen once in a clean-clone run: it depends on the client's thread timing, and the
    broker's answer is the same either way)."""
    producer = confluent_kafka.Producer({**client, "message.timeout.ms": 15000})
    outcome: list = []
    try:
        producer.produce(GRANTED_TOPIC, b"x", on_delivery=lambda err, _msg: outcome.append(err))
    except confluent_kafka.KafkaException as refused:
        return refused.args[0].name()
    producer.flush(30)
    assert outcome, "no delivery report"
    return None if outcome[0] is None else outcome[0].name()


def test_the_principal_is_user_sub_for_the_authorizer(oauth):
    deadline = time.monotonic() + WAIT_S  # ACLs reach Kafka's authorizer through its metadata log
    while (status := _produce_status(_jwks_client(oauth, lambda: _signed(oauth, sub="bob")))) is None \
            and time.monotonic() < deadline:
        time.sleep(0.2)
    assert status == "TOPIC_AUTHORIZATION_FAILED"
    assert _produce_status(_jwks_client(oauth, lambda: _signed(oauth, sub="alice"))) is None
    assert _produce_status(_unsecured_client(oauth, principal="alice")) is None
    assert _produce_status(_unsecured_client(oauth, principal="bob")) == "TOPIC_AUTHORIZATION_FAILED"
