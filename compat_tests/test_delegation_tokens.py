"""Delegation tokens (KIP-48), against kbroker and Apache Kafka 4.3.1 configured the same way: a SASL_PLAINTEXT
listener with SCRAM-SHA-512, delegation.token.secret.key set, StandardAuthorizer (admin and the PLAINTEXT
inter-node connections are super users; alice may use every topic and group).

kafka-delegation-tokens.sh creates, describes, renews and expires a token; Kafka's console producer and consumer
authenticate with it (SCRAM with tokenauth=true: the token id as user name, the base64 HMAC as password) and act as
its owner; a raw SCRAM client asserts the error codes of the four APIs and that an expired token is refused. A
second broker of each kind without a secret key answers DELEGATION_TOKEN_AUTH_DISABLED.
"""

from __future__ import annotations

import base64
import contextlib
import secrets
import time
import uuid

import pytest

from compat_tests.brokers import start_broker
from compat_tests.java_tools import check, console_consume, console_produce, write_properties
from compat_tests.kafka_dist import free_port, run_kafka_tool
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages import create_acls_request as cacl
from kbroker.protocol.messages import create_delegation_token_request as create
from kbroker.protocol.messages import describe_delegation_token_request as describe
from kbroker.protocol.messages.expire_delegation_token_request import ExpireDelegationTokenRequest
from kbroker.protocol.messages.renew_delegation_token_request import RenewDelegationTokenRequest
from kbroker.protocol.messages.sasl_authenticate_request import SaslAuthenticateRequest
from kbroker.protocol.messages.sasl_handshake_request import SaslHandshakeRequest
from kbroker.security import acls as A
from kbroker.security.scram_credentials import SCRAM_SHA_512
from tests.security.helpers import first_client_error

confluent_kafka = pytest.importorskip("confluent_kafka")

AUTHORIZER = "org.apache.kafka.metadata.authorizer.StandardAuthorizer"
SCRAM_JAAS = "org.apache.kafka.common.security.scram.ScramLoginModule required;"
TOKEN_TOOL = "org.apache.kafka.tools.DelegationTokenCommand"
CONFIG_TOOL = "kafka.admin.ConfigCommand"
USERS = ("admin", "alice", "bob")
NONE, SASL_AUTHENTICATION_FAILED = 0, 58
AUTH_DISABLED, NOT_FOUND, OWNER_MISMATCH, NOT_ALLOWED, AUTHORIZATION_FAILED, EXPIRED, INVALID_PRINCIPAL_TYPE = (
    61, 62, 63, 64, 65, 66, 67)
WAIT_S = 30.0


def _password(user: str) -> str:
    return f"{user}-secret"


@contextlib.contextmanager
def _scram_broker(broker_kind: str, overrides: dict, users=USERS):
    """A broker with a SASL_PLAINTEXT SCRAM-SHA-512 listener beside the PLAINTEXT one, `users` added with
    kafka-configs (each with the password "<user>-secret")."""
    port = free_port()
    broker = start_broker(broker_kind, {
        **overrides,
        "listener.name.sasl_plaintext.sasl.enabled.mechanisms": "SCRAM-SHA-512",
        "listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config": SCRAM_JAAS,
    }, {"SASL_PLAINTEXT": ("SASL_PLAINTEXT", port)})
    try:
        broker.sasl_bootstrap = f"127.0.0.1:{port}"
        for user in users:
            check(run_kafka_tool(CONFIG_TOOL, "--bootstrap-server", broker.bootstrap, "--alter", "--entity-type",
                                 "users", "--entity-name", user, "--add-config",
                                 f"SCRAM-SHA-512=[iterations=4096,password={_password(user)}]", timeout=90))
        yield broker
    finally:
        broker.close()


@pytest.fixture(scope="module")
def tokens_broker(broker_kind):
    overrides = {"authorizer.class.name": AUTHORIZER, "super.users": "User:admin;User:ANONYMOUS",
                 "delegation.token.secret.key": "compat-secret-key"}
    with _scram_broker(broker_kind, overrides) as broker:
        with _authenticated(broker, "admin") as admin:
            grants = [(A.TOPIC, "*", A.ALL), (A.GROUP, "*", A.ALL)]
            answer = admin.send(cacl.CreateAclsRequest(creations=[
                cacl.AclCreation(resource_type=kind, resource_name=name, resource_pattern_type=A.LITERAL,
                                 principal="User:alice", host="*", operation=operation, permission_type=A.ALLOW)
                for kind, name, operation in grants]), 3)
            assert [r.error_code for r in answer.results] == [NONE, NONE], answer
        yield broker


# --- a raw SCRAM-SHA-512 client ------------------------------------------------------------------------------
def _scram_exchange(conn: RawConnection, user: str, password: str, *, token: bool = False):
    """SaslHandshake v1 and a SCRAM-SHA-512 exchange (with tokenauth=true for a token); the last
    SaslAuthenticate response."""
    handshake = conn.send(SaslHandshakeRequest(mechanism="SCRAM-SHA-512"), 1)
    assert handshake.error_code == NONE, handshake
    nonce = secrets.token_hex(12)
    bare = f"n={user},r={nonce}" + (",tokenauth=true" if token else "")
    first = conn.send(SaslAuthenticateRequest(auth_bytes=f"n,,{bare}".encode()), 2)
    if first.error_code != NONE:
        return first
    server_first = bytes(first.auth_bytes).decode()
    fields = dict(item.split("=", 1) for item in server_first.split(","))
    scram = SCRAM_SHA_512
    salted = scram.salted_password(password.encode(), base64.b64decode(fields["s"]), int(fields["i"]))
    client_key = scram.client_key(salted)
    without_proof = f"c=biws,r={fields['r']}"
    signature = scram.hmac(scram.stored_key(client_key), f"{bare},{server_first},{without_proof}".encode())
    proof = base64.b64encode(bytes(a ^ b for a, b in zip(client_key, signature, strict=True))).decode()
    return conn.send(SaslAuthenticateRequest(auth_bytes=f"{without_proof},p={proof}".encode()), 2)


def _authenticated(broker, user: str, password: str | None = None, *, token: bool = False) -> RawConnection:
    conn = RawConnection(broker.sasl_bootstrap)
    answer = _scram_exchange(conn, user, password if password is not None else _password(user), token=token)
    assert answer.error_code == NONE, answer
    return conn


def _create(conn: RawConnection, *, owner: tuple[str, str] | None = None, renewers=(), max_lifetime_ms=-1):
    request = create.CreateDelegationTokenRequest(
        owner_principal_type=owner[0] if owner else None, owner_principal_name=owner[1] if owner else None,
        renewers=[create.CreatableRenewers(principal_type=t, principal_name=n) for t, n in renewers],
        max_lifetime_ms=max_lifetime_ms)
    return conn.send(request, 3)


def _describe(conn: RawConnection, owners=None):
    request = describe.DescribeDelegationTokenRequest(owners=None if owners is None else [
        describe.DescribeDelegationTokenOwner(principal_type=t, principal_name=n) for t, n in owners])
    return conn.send(request, 3)


def _described_ids(conn: RawConnection, owners=None) -> set[str]:
    answer = _describe(conn, owners)
    assert answer.error_code == NONE, answer
    return {t.token_id for t in answer.tokens}


# --- the tool and the Java clients -----------------------------------------------------------------------------
def _client_properties(path, user: str, password: str, *, token: bool = False):
    extension = " tokenauth=true" if token else ""
    return write_properties(path, {
        "security.protocol": "SASL_PLAINTEXT", "sasl.mechanism": "SCRAM-SHA-512",
        "sasl.jaas.config": f'org.apache.kafka.common.security.scram.ScramLoginModule required '
                            f'username="{user}" password="{password}"{extension};'})


def _token_tool(broker, config, *args):
    return run_kafka_tool(TOKEN_TOOL, "--bootstrap-server", broker.sasl_bootstrap, "--command-config", str(config),
                          *args, timeout=90)


def _token_rows(stdout: str) -> list[list[str]]:
    """The table the tool prints (TOKENID HMAC OWNER ...), one list of columns per token."""
    lines = stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["TOKENID", "HMAC"])
    return [line.split() for line in lines[header + 1:] if line.strip() and not line.startswith("-")]


def test_the_token_tool_creates_describes_renews_and_expires(tokens_broker, tmp_path):
    alice = _client_properties(tmp_path / "alice.properties", "alice", _password("alice"))
    created = check(_token_tool(tokens_broker, alice, "--create", "--max-life-time-period", "-1",
                                "--renewer-principal", "User:bob"))
    [[token_id, hmac, owner, requester, renewers, *_]] = _token_rows(created.stdout)
    assert (owner, requester, renewers) == ("User:alice", "User:alice", "[User:bob]")
    # Without --owner-principal the tool asks for an empty owner list, which both brokers answer with no token.
    assert _token_rows(check(_token_tool(tokens_broker, alice, "--describe")).stdout) == []
    described = check(_token_tool(tokens_broker, alice, "--describe", "--owner-principal", "User:alice"))
    assert [row[:2] for row in _token_rows(described.stdout)] == [[token_id, hmac]]
    renewed = check(_token_tool(tokens_broker, alice, "--renew", "--hmac", hmac, "--renew-time-period", "-1"))
    assert "Completed renew operation" in renewed.stdout, renewed.stdout
    bob = _client_properties(tmp_path / "bob.properties", "bob", _password("bob"))
    check(_token_tool(tokens_broker, bob, "--renew", "--hmac", hmac, "--renew-time-period", "60000"))
    expired = check(_token_tool(tokens_broker, alice, "--expire", "--hmac", hmac, "--expiry-time-period", "-1"))
    assert "Completed expire operation" in expired.stdout, expired.stdout
    _wait_until_gone(tokens_broker, alice, token_id)


def test_java_clients_produce_and_consume_with_a_token(tokens_broker, tmp_path):
    alice = _client_properties(tmp_path / "alice.properties", "alice", _password("alice"))
    [[token_id, hmac, *_]] = _token_rows(check(_token_tool(tokens_broker, alice, "--create", "--max-life-time-period", "-1")).stdout)
    with _authenticated(tokens_broker, "alice") as conn:
        _wait_until_described(conn, token_id)
    with_token = _client_properties(tmp_path / "token.properties", token_id, hmac, token=True)
    topic = f"token-{uuid.uuid4().hex[:10]}"
    check(console_produce(tokens_broker.sasl_bootstrap, topic, ["one", "two"], "--command-config", str(with_token)))
    consumed = check(console_consume(tokens_broker.sasl_bootstrap, topic, 2, "--command-config", str(with_token)))
    assert consumed.stdout.split() == ["one", "two"]
    # confluent-kafka (librdkafka) sends no tokenauth extension, so the token id is an unknown SCRAM user to both.
    error = first_client_error({"bootstrap.servers": tokens_broker.sasl_bootstrap, "security.protocol": "SASL_PLAINTEXT",
                                "sasl.mechanism": "SCRAM-SHA-512", "sasl.username": token_id, "sasl.password": hmac})
    assert error.code() == confluent_kafka.KafkaError._AUTHENTICATION, error
    # A token-authenticated connection may not make tokens: the tool reports Kafka's error.
    refused = _token_tool(tokens_broker, with_token, "--create", "--max-life-time-period", "-1")
    assert refused.returncode != 0
    assert "DelegationTokenRequestNotAllowed" in refused.stdout + refused.stderr or \
        "not allowed" in (refused.stdout + refused.stderr)


def test_a_token_authenticates_as_its_owner_until_it_is_expired(tokens_broker):
    with _authenticated(tokens_broker, "alice") as alice:
        created = _create(alice)
        assert created.error_code == NONE, created
        password = base64.b64encode(bytes(created.hmac)).decode()
        _wait_until_described(alice, created.token_id)
        with _authenticated(tokens_broker, created.token_id, password, token=True) as by_token:
            # the token's owner sees the token; a token-authenticated connection may not describe
            assert _describe(by_token).error_code == NOT_ALLOWED
            for answer in (_create(by_token), by_token.send(RenewDelegationTokenRequest(
                    hmac=created.hmac, renew_period_ms=-1), 2), by_token.send(ExpireDelegationTokenRequest(
                    hmac=created.hmac, expiry_time_period_ms=-1), 2)):
                assert answer.error_code == NOT_ALLOWED, answer
        with RawConnection(tokens_broker.sasl_bootstrap) as conn:  # the token's password is not the user's
            assert _scram_exchange(conn, created.token_id, "wrong", token=True).error_code == \
                SASL_AUTHENTICATION_FAILED
        with RawConnection(tokens_broker.sasl_bootstrap) as conn:  # without tokenauth the id is no user
            assert _scram_exchange(conn, created.token_id, password).error_code == SASL_AUTHENTICATION_FAILED
        expired = alice.send(ExpireDelegationTokenRequest(hmac=created.hmac, expiry_time_period_ms=-1), 2)
        # Kafka 4.3.1 answers the time of the removal (its source once answered the negative period itself)
        assert expired.error_code == NONE and expired.expiry_timestamp_ms >= created.issue_timestamp_ms
        _wait_until_gone(tokens_broker, alice, created.token_id)
    with RawConnection(tokens_broker.sasl_bootstrap) as conn:
        assert _scram_exchange(conn, created.token_id, password, token=True).error_code == \
            SASL_AUTHENTICATION_FAILED


def _wait_until_described(conn: RawConnection, token_id: str) -> None:
    """Kafka's broker authenticates with, and its controller finds, the tokens of the cache the broker fills from
    the metadata log a moment after the controller answered (kbroker's image has them at once)."""
    deadline = time.monotonic() + WAIT_S
    while token_id not in _described_ids(conn, owners=[("User", "alice")]):
        assert time.monotonic() < deadline, f"token {token_id} never described"
        time.sleep(0.1)


def _wait_until_gone(broker, conn, token_id: str) -> None:
    """Until `token_id` is no longer described: a broker follows its controller's commit a moment later (Kafka's
    broker; kbroker's has it at once). `conn`: a properties file for the tool, or a raw connection."""
    deadline = time.monotonic() + WAIT_S
    while token_id in (_described_ids(conn) if isinstance(conn, RawConnection) else {row[0] for row in _token_rows(
            check(_token_tool(broker, conn, "--describe", "--owner-principal", "User:alice")).stdout)}):
        assert time.monotonic() < deadline, f"token {token_id} still described"
        time.sleep(0.1)


def test_renew_and_expire_error_codes(tokens_broker):
    with _authenticated(tokens_broker, "alice") as alice, _authenticated(tokens_broker, "bob") as bob:
        unknown = secrets.token_bytes(64)
        assert alice.send(RenewDelegationTokenRequest(hmac=unknown, renew_period_ms=-1), 2).error_code == NOT_FOUND
        assert alice.send(ExpireDelegationTokenRequest(hmac=unknown, expiry_time_period_ms=1), 2).error_code == \
            NOT_FOUND
        created = _create(alice)
        assert created.error_code == NONE
        _wait_until_described(alice, created.token_id)
        assert bob.send(RenewDelegationTokenRequest(hmac=created.hmac, renew_period_ms=-1), 2).error_code == \
            OWNER_MISMATCH
        assert bob.send(ExpireDelegationTokenRequest(hmac=created.hmac, expiry_time_period_ms=-1), 2).error_code == \
            OWNER_MISMATCH
        renewed = alice.send(RenewDelegationTokenRequest(hmac=created.hmac, renew_period_ms=1000), 2)
        assert renewed.error_code == NONE and created.issue_timestamp_ms < renewed.expiry_timestamp_ms <= \
            created.max_timestamp_ms
        short = _create(alice, max_lifetime_ms=1)
        assert short.error_code == NONE and short.max_timestamp_ms == short.issue_timestamp_ms + 1
        _wait_until_described(alice, short.token_id)
        while time.time() * 1000 <= short.max_timestamp_ms + 1:  # wait out the one millisecond it lives
            time.sleep(0.01)
        assert alice.send(RenewDelegationTokenRequest(hmac=short.hmac, renew_period_ms=-1), 2).error_code == EXPIRED
        assert alice.send(ExpireDelegationTokenRequest(hmac=short.hmac, expiry_time_period_ms=5), 2).error_code == \
            EXPIRED
        # the owner check comes first in Expire, and a negative period removes even an expired token
        assert bob.send(ExpireDelegationTokenRequest(hmac=short.hmac, expiry_time_period_ms=5), 2).error_code == \
            OWNER_MISMATCH
        assert alice.send(ExpireDelegationTokenRequest(hmac=short.hmac, expiry_time_period_ms=-1), 2).error_code == \
            NONE


def test_create_for_another_owner_needs_create_tokens_on_the_user(tokens_broker):
    with _authenticated(tokens_broker, "alice") as alice:
        refused = _create(alice, owner=("User", "bob"))
        assert (refused.error_code, refused.principal_name, refused.token_requester_principal_name) == (
            AUTHORIZATION_FAILED, "bob", "alice")
        assert _create(alice, renewers=[("Group", "ops")]).error_code == INVALID_PRINCIPAL_TYPE
    with _authenticated(tokens_broker, "admin") as admin:
        for operation, user in ((A.CREATE_TOKENS, "User:bob"), (A.DESCRIBE_TOKENS, "User:alice")):
            answer = admin.send(cacl.CreateAclsRequest(creations=[cacl.AclCreation(
                resource_type=A.USER, resource_name=user, resource_pattern_type=A.LITERAL,
                principal="User:alice" if user == "User:bob" else "User:bob", host="*", operation=operation,
                permission_type=A.ALLOW)]), 3)
            assert answer.results[0].error_code == NONE, answer
    with _authenticated(tokens_broker, "alice") as alice, _authenticated(tokens_broker, "bob") as bob:
        deadline = time.monotonic() + WAIT_S
        while (made := _create(alice, owner=("User", "bob"))).error_code == AUTHORIZATION_FAILED:
            assert time.monotonic() < deadline, "CREATE_TOKENS on User:bob never took effect"
            time.sleep(0.2)
        assert (made.error_code, made.principal_name, made.token_requester_principal_name) == (NONE, "bob", "alice")
        own = _create(alice)
        # alice requested bob's token, so she sees it; bob owns it and may DESCRIBE_TOKENS alice's
        deadline = time.monotonic() + WAIT_S
        while not {made.token_id, own.token_id} <= _described_ids(bob):
            assert time.monotonic() < deadline, "bob never saw the tokens"
            time.sleep(0.2)
        assert {made.token_id, own.token_id} <= _described_ids(alice)
        assert _described_ids(alice, owners=[]) == set()
        assert own.token_id not in _described_ids(alice, owners=[("User", "bob")])
        assert made.token_id in _described_ids(alice, owners=[("User", "bob")])


def test_plaintext_requests_are_not_allowed(tokens_broker):
    with RawConnection(tokens_broker.bootstrap) as conn:
        created = _create(conn)
        assert (created.error_code, created.principal_name, created.issue_timestamp_ms) == (
            NOT_ALLOWED, "ANONYMOUS", -1)
        for answer in (conn.send(RenewDelegationTokenRequest(hmac=b"x", renew_period_ms=-1), 2),
                       conn.send(ExpireDelegationTokenRequest(hmac=b"x", expiry_time_period_ms=-1), 2)):
            assert (answer.error_code, answer.expiry_timestamp_ms) == (NOT_ALLOWED, -1)
        assert _describe(conn).error_code == NOT_ALLOWED


@pytest.fixture(scope="module")
def disabled_broker(broker_kind):
    with _scram_broker(broker_kind, {}, users=["alice"]) as broker:
        yield broker


def test_without_a_secret_key_tokens_are_disabled(disabled_broker):
    with _authenticated(disabled_broker, "alice") as conn:
        assert _create(conn).error_code == AUTH_DISABLED
        assert conn.send(RenewDelegationTokenRequest(hmac=b"x", renew_period_ms=-1), 2).error_code == AUTH_DISABLED
        assert conn.send(ExpireDelegationTokenRequest(hmac=b"x", expiry_time_period_ms=-1), 2).error_code == \
            AUTH_DISABLED
        assert _describe(conn).error_code == AUTH_DISABLED


@pytest.fixture(scope="module")
def sweeping_broker(broker_kind):
    overrides = {"delegation.token.secret.key": "compat-secret-key", "delegation.token.expiry.check.interval.ms": "500"}
    with _scram_broker(broker_kind, overrides, users=["alice"]) as broker:
        yield broker


def test_the_controller_removes_expired_tokens(sweeping_broker):
    """delegation.token.expiry.check.interval.ms: a token past its expiry is removed, and then refused."""
    with _authenticated(sweeping_broker, "alice") as alice:
        created = _create(alice, max_lifetime_ms=2000)
        assert created.error_code == NONE, created
        password = base64.b64encode(bytes(created.hmac)).decode()
        # Past its max the token is EXPIRED to Renew until the sweep removes it; then it is NOT_FOUND.
        deadline = time.monotonic() + WAIT_S
        while time.time() * 1000 <= created.max_timestamp_ms + 1 or alice.send(RenewDelegationTokenRequest(
                hmac=created.hmac, renew_period_ms=-1), 2).error_code != NOT_FOUND:
            assert time.monotonic() < deadline, "the expired token was never removed"
            time.sleep(0.1)
        assert created.token_id not in _described_ids(alice)
    with RawConnection(sweeping_broker.sasl_bootstrap) as conn:
        assert _scram_exchange(conn, created.token_id, password, token=True).error_code == \
            SASL_AUTHENTICATION_FAILED
