"""An SSL listener served by an in-process broker: PEM and PKCS12 keystores, client certificates required, the
principal from the certificate, and confluent-kafka producing and consuming through TLS (Fetch's record data
read from the segment and written through TLS)."""

from __future__ import annotations

import socket
import ssl

import pytest

from kbroker.testing import broker_config, run_broker_in_thread
from tests.security.certs import STORE_PASSWORD, make_certs
from tests.security.helpers import api_versions_request, produce_and_consume, recording_registry

confluent_kafka = pytest.importorskip("confluent_kafka")


def _tls_overrides(certs, keystore: str) -> dict:
    overrides = {
        "listeners": "SSL://127.0.0.1:0",
        "listener.security.protocol.map": "SSL:SSL,CONTROLLER:PLAINTEXT",
        "inter.broker.listener.name": "SSL",
        "ssl.client.auth": "required",
        "ssl.truststore.type": "PEM",
        "ssl.truststore.location": str(certs.ca_pem),
        "ssl.principal.mapping.rules": "RULE:^CN=([^,]*),.*$/$1/U,DEFAULT",
    }
    if keystore == "PEM":
        overrides.update({"ssl.keystore.type": "PEM", "ssl.keystore.location": str(certs.server_pem)})
    else:
        overrides.update({"ssl.keystore.type": "PKCS12", "ssl.keystore.location": str(certs.server_p12),
                          "ssl.keystore.password": STORE_PASSWORD, "ssl.key.password": STORE_PASSWORD})
    return overrides


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    return make_certs(tmp_path_factory.mktemp("certs"))


def _client_config(broker, certs) -> dict:
    return {"bootstrap.servers": broker.bootstrap, "security.protocol": "SSL",
            "ssl.ca.location": str(certs.ca_pem), "ssl.certificate.location": str(certs.client_cert),
            "ssl.key.location": str(certs.client_key), "socket.timeout.ms": 15000}


@pytest.mark.parametrize("keystore", ["PEM", "PKCS12"])
def test_produce_and_consume_over_tls(tmp_path, certs, keystore):
    config = broker_config(tmp_path / "logs", _tls_overrides(certs, keystore))
    with run_broker_in_thread(config) as broker:
        # ~2 MiB of records: fetched file regions of up to fetch.max.bytes, several TLS chunks (tls_io.REGION_CHUNK)
        produce_and_consume(_client_config(broker, certs), [f"value-{i:04}".encode() * 700 for i in range(300)],
                            **{"fetch.max.bytes": 1 << 20, "max.partition.fetch.bytes": 1 << 20})


def test_a_client_without_a_certificate_is_refused(tmp_path, certs):
    config = broker_config(tmp_path / "logs", _tls_overrides(certs, "PEM"))
    with run_broker_in_thread(config) as broker:
        context = ssl.create_default_context(cafile=str(certs.ca_pem))
        with socket.create_connection((broker.host, broker.port), timeout=15) as raw:
            try:
                with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
                    # TLS 1.3 finishes the client's handshake before the server checks its certificate: the
                    # refusal arrives as an alert (or the end of the stream) on the first read.
                    tls.sendall(api_versions_request())
                    assert tls.recv(1) == b""
            except (ssl.SSLError, ConnectionResetError, BrokenPipeError):
                pass


def test_the_principal_comes_from_the_certificate(tmp_path, certs):
    seen = []
    registry = recording_registry(seen)
    config = broker_config(tmp_path / "logs", _tls_overrides(certs, "PEM"))
    with run_broker_in_thread(config, registry=registry) as broker:
        producer = confluent_kafka.Producer(_client_config(broker, certs))
        producer.list_topics(timeout=30)
    # ssl.principal.mapping.rules above: the CN, upper-cased
    assert ("User", "CLIENT") in seen


def test_requested_client_auth_serves_clients_without_a_certificate_as_anonymous(tmp_path, certs):
    seen = []
    overrides = {**_tls_overrides(certs, "PEM"), "listener.name.ssl.ssl.client.auth": "requested"}
    with run_broker_in_thread(broker_config(tmp_path / "logs", overrides),
                              registry=recording_registry(seen)) as broker:
        anonymous = _client_config(broker, certs)
        del anonymous["ssl.certificate.location"], anonymous["ssl.key.location"]
        confluent_kafka.Producer(anonymous).list_topics(timeout=30)
        assert seen and set(seen) == {("User", "ANONYMOUS")}
        confluent_kafka.Producer(_client_config(broker, certs)).list_topics(timeout=30)
    assert ("User", "CLIENT") in seen


def test_an_idle_tls_connection_is_closed_and_the_broker_keeps_serving(tmp_path, certs):
    overrides = {**_tls_overrides(certs, "PEM"), "connections.max.idle.ms": "300"}
    with run_broker_in_thread(broker_config(tmp_path / "logs", overrides)) as broker:
        context = ssl.create_default_context(cafile=str(certs.ca_pem))
        context.load_cert_chain(str(certs.client_cert), str(certs.client_key))
        with socket.create_connection((broker.host, broker.port), timeout=15) as raw:
            with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
                tls.sendall(b"\0\0")  # half a frame size, then silence: the idle deadline cancels the TLS read
                try:
                    assert tls.recv(1) == b""
                except (ssl.SSLError, ConnectionResetError):
                    pass
        confluent_kafka.Producer(_client_config(broker, certs)).list_topics(timeout=30)
