"""A SASL_SSL listener with SCRAM-SHA-512 (and PLAIN for the admin), served by an in-process broker: an admin adds
a SCRAM user with AlterUserScramCredentials, DescribeUserScramCredentials lists it, and a client authenticating
as that user produces and consumes through TLS; a wrong password fails."""

from __future__ import annotations

import pytest

from kbroker.testing import broker_config, run_broker_in_thread
from tests.security.certs import make_certs
from tests.security.helpers import first_client_error, produce_and_consume, recording_registry

confluent_kafka = pytest.importorskip("confluent_kafka")
admin_module = pytest.importorskip("confluent_kafka.admin")

JAAS = ('org.apache.kafka.common.security.plain.PlainLoginModule required username="admin" '
        'password="admin-secret" user_admin="admin-secret";')


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    certs = make_certs(tmp_path_factory.mktemp("certs"))
    overrides = {
        "listeners": "SASL_SSL://127.0.0.1:0",
        "inter.broker.listener.name": "SASL_SSL",
        "sasl.enabled.mechanisms": "SCRAM-SHA-512,PLAIN",
        "listener.name.sasl_ssl.plain.sasl.jaas.config": JAAS,
        "ssl.keystore.type": "PEM", "ssl.keystore.location": str(certs.server_pem),
        "connection.failed.authentication.delay.ms": "0",
    }
    seen: list = []
    config = broker_config(tmp_path_factory.mktemp("scram") / "logs", overrides)
    with run_broker_in_thread(config, registry=recording_registry(seen)) as running:
        running.certs = certs
        running.principals = seen
        yield running


def _client(broker, mechanism, user, password) -> dict:
    return {"bootstrap.servers": broker.bootstrap, "security.protocol": "SASL_SSL",
            "ssl.ca.location": str(broker.certs.ca_pem), "sasl.mechanism": mechanism, "sasl.username": user,
            "sasl.password": password, "socket.timeout.ms": 15000}


def _add_scram_user(broker, user, password):
    admin = admin_module.AdminClient(_client(broker, "PLAIN", "admin", "admin-secret"))
    info = admin_module.ScramCredentialInfo(admin_module.ScramMechanism.SCRAM_SHA_512, 8192)
    futures = admin.alter_user_scram_credentials(
        [admin_module.UserScramCredentialUpsertion(user, info, password.encode())])
    for future in futures.values():
        future.result(30)
    described = admin.describe_user_scram_credentials([user])
    return {name: f.result(30) for name, f in described.items()}


def test_scram_user_added_by_an_admin_produces_and_consumes(broker):
    described = _add_scram_user(broker, "alice", "alice-secret")
    infos = described["alice"].scram_credential_infos
    assert [(i.mechanism, i.iterations) for i in infos] == [(admin_module.ScramMechanism.SCRAM_SHA_512, 8192)]
    produce_and_consume(_client(broker, "SCRAM-SHA-512", "alice", "alice-secret"),
                        [f"v{i}".encode() for i in range(20)])
    assert ("User", "alice") in broker.principals


def test_a_wrong_scram_password_fails(broker):
    _add_scram_user(broker, "bob", "bob-secret")
    error = first_client_error(_client(broker, "SCRAM-SHA-512", "bob", "nope"))
    assert error.code() == confluent_kafka.KafkaError._AUTHENTICATION
    assert "invalid credentials with SASL mechanism SCRAM-SHA-512" in error.str()
