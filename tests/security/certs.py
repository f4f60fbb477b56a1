"""Test certificates made with trustme: a CA, the broker's certificate for 127.0.0.1, a client certificate, written
as the PEM and PKCS12 files Kafka's ssl.* configs name."""

from __future__ import annotations

from pathlib import Path

import attrs
import trustme
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509 import load_pem_x509_certificate

STORE_PASSWORD = "store-secret"


@attrs.frozen
class TestCerts:
    ca_pem: Path
    server_pem: Path  # PKCS#8 key + chain, Kafka's PEM keystore file
    server_p12: Path
    client_pem: Path
    client_key: Path
    client_cert: Path
    truststore_p12: Path


def _p12(path: Path, issued: trustme.LeafCert | None, ca: trustme.CA) -> None:
    ca_cert = load_pem_x509_certificate(ca.cert_pem.bytes())
    encryption = serialization.BestAvailableEncryption(STORE_PASSWORD.encode())
    if issued is None:
        data = pkcs12.serialize_key_and_certificates(b"trust", None, None, [ca_cert], encryption)
    else:
        key = serialization.load_pem_private_key(issued.private_key_pem.bytes(), None)
        cert = load_pem_x509_certificate(issued.cert_chain_pems[0].bytes())
        data = pkcs12.serialize_key_and_certificates(b"kbroker", key, cert, [ca_cert], encryption)
    path.write_bytes(data)


def _pkcs8(issued: trustme.LeafCert) -> bytes:
    key = serialization.load_pem_private_key(issued.private_key_pem.bytes(), None)
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def make_certs(directory: Path, client_common_name: str = "client") -> TestCerts:
    ca = trustme.CA(organization_name="kbroker tests")
    server = ca.issue_cert("127.0.0.1", "localhost", common_name="broker")
    client = ca.issue_cert(client_common_name, common_name=client_common_name,
                           organization_unit_name="eng")
    directory.mkdir(parents=True, exist_ok=True)
    certs = TestCerts(
        ca_pem=directory / "ca.pem", server_pem=directory / "server.pem", server_p12=directory / "server.p12",
        client_pem=directory / "client.pem", client_key=directory / "client.key",
        client_cert=directory / "client.crt", truststore_p12=directory / "truststore.p12")
    ca.cert_pem.write_to_path(certs.ca_pem)
    # Kafka's PEM keystore reads PKCS#8 keys only (trustme writes EC keys in their SEC1 form)
    certs.server_pem.write_bytes(_pkcs8(server) + b"".join(pem.bytes() for pem in server.cert_chain_pems))
    certs.client_pem.write_bytes(_pkcs8(client) + b"".join(pem.bytes() for pem in client.cert_chain_pems))
    certs.client_key.write_bytes(_pkcs8(client))
    client.cert_chain_pems[0].write_to_path(certs.client_cert)
    _p12(certs.server_p12, server, ca)
    _p12(certs.truststore_p12, None, ca)
    return certs
