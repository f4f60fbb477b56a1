"""Delegation tokens through a kbroker broker whose controller is remote (`process.roles=broker`): the broker checks
each token write and forwards it in an Envelope to the active controller, a kbroker controller or an Apache Kafka
4.3.1 controller (the same steps on both); the token then reaches the broker's image through the metadata log, and
the broker authenticates with it (SCRAM tokenauth=true) and refuses token writes from a token-authenticated
connection; an expired-at-once token is refused; the active controller's sweep removes a token past its max."""

from __future__ import annotations

import base64
import time

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KAFKA, KBROKER
from compat_tests.cluster.nodes import KBrokerNode
from compat_tests.java_tools import check
from compat_tests.kafka_dist import free_port, run_kafka_tool
from compat_tests.raw_client import RawConnection
from compat_tests.test_controller_quorum import running_controllers
from compat_tests.test_delegation_tokens import (
    CONFIG_TOOL,
    NONE,
    NOT_ALLOWED,
    NOT_FOUND,
    SASL_AUTHENTICATION_FAILED,
    SCRAM_JAAS,
    WAIT_S,
    _create,
    _described_ids,
    _password,
    _scram_exchange,
    _wait_until_described,
)
from compat_tests.test_kafka_broker_on_kbroker_controllers import ready_kafka_broker
from compat_tests.test_kbroker_broker import FEATURES_OFF
from kbroker.protocol.messages.expire_delegation_token_request import ExpireDelegationTokenRequest
from kbroker.protocol.messages.renew_delegation_token_request import RenewDelegationTokenRequest

SECRET = {"delegation.token.secret.key": "forwarded-secret"}
BROKER_ID = 10


def _kbroker_broker(cluster_id: str, ports: dict[int, int], tmp_path, sasl_port: int):
    """A kbroker broker with a PLAINTEXT and a SASL_PLAINTEXT (SCRAM-SHA-512) listener, registered and unfenced."""
    client_port = free_port()
    return ready_kafka_broker(cluster_id, ports, tmp_path, BROKER_ID, {
        **SECRET,
        "listeners": f"PLAINTEXT://127.0.0.1:{client_port},SASL_PLAINTEXT://127.0.0.1:{sasl_port}",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT",
        "listener.name.sasl_plaintext.sasl.enabled.mechanisms": "SCRAM-SHA-512",
        "listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config": SCRAM_JAAS,
    }, node_class=KBrokerNode, client_port=client_port)


def _authenticate_when_known(address: str, user: str, password: str, *, token: bool = False) -> RawConnection:
    """A connection authenticated as `user` once the broker's image holds the credential (a moment after the
    controller committed it)."""
    deadline = time.monotonic() + WAIT_S
    while True:
        conn = RawConnection(address)
        if _scram_exchange(conn, user, password, token=token).error_code == NONE:
            return conn
        conn.close()
        assert time.monotonic() < deadline, f"{user} never authenticated"
        time.sleep(0.2)


@pytest.mark.parametrize("controller_kind", [KBROKER, KAFKA])
def test_token_writes_forwarded_to_the_controller(controller_kind, tmp_path):
    require_kafka_dist()
    flags = {1: tuple(f for feature in FEATURES_OFF for f in ("--feature", f"{feature}=0"))} \
        if controller_kind == KAFKA else None
    controller_configs = {**SECRET, "delegation.token.expiry.check.interval.ms": "500"}
    with running_controllers({1: controller_kind}, tmp_path, controller_configs, format_flags=flags) as (
            cluster_id, ports, _):
        sasl_port = free_port()
        with _kbroker_broker(cluster_id, ports, tmp_path, sasl_port) as broker:
            address = f"127.0.0.1:{sasl_port}"
            check(run_kafka_tool(CONFIG_TOOL, "--bootstrap-server", f"127.0.0.1:{broker.client_port}", "--alter",
                                 "--entity-type", "users", "--entity-name", "alice", "--add-config",
                                 f"SCRAM-SHA-512=[iterations=4096,password={_password('alice')}]", timeout=90))
            with _authenticate_when_known(address, "alice", _password("alice")) as alice:
                created = _create(alice)
                assert (created.error_code, created.principal_name) == (NONE, "alice"), created
                password = base64.b64encode(bytes(created.hmac)).decode()
                _wait_until_described(alice, created.token_id)
                with _authenticate_when_known(address, created.token_id, password, token=True) as by_token:
                    assert _create(by_token).error_code == NOT_ALLOWED
                # Kafka's controller finds tokens in a cache it fills from the metadata log a moment after the
                # commit (NOT_FOUND until then); kbroker's controller reads its image.
                deadline = time.monotonic() + WAIT_S
                while (expired := alice.send(ExpireDelegationTokenRequest(
                        hmac=created.hmac, expiry_time_period_ms=-1), 2)).error_code != NONE:
                    assert expired.error_code == NOT_FOUND and time.monotonic() < deadline, expired
                    time.sleep(0.2)
                deadline = time.monotonic() + WAIT_S
                while created.token_id in _described_ids(alice):
                    assert time.monotonic() < deadline, "the expired token is still described"
                    time.sleep(0.1)
            with RawConnection(address) as conn:
                assert _scram_exchange(conn, created.token_id, password, token=True).error_code == \
                    SASL_AUTHENTICATION_FAILED
            # The active controller's sweep removes a token past its max: Renew finds it EXPIRED until then.
            with _authenticate_when_known(address, "alice", _password("alice")) as alice:
                short = _create(alice, max_lifetime_ms=1000)
                assert short.error_code == NONE, short
                deadline = time.monotonic() + WAIT_S
                while time.time() * 1000 <= short.max_timestamp_ms + 1 or alice.send(RenewDelegationTokenRequest(
                        hmac=short.hmac, renew_period_ms=-1), 2).error_code != NOT_FOUND:
                    assert time.monotonic() < deadline, "the expired token was never removed"
                    time.sleep(0.1)
