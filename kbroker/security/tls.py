"""The server-side TLS context of a listener, from Kafka's ssl.* configs (DefaultSslEngineFactory's settings).

- Keystore (the broker's certificate and key): `ssl.keystore.type` PEM, either a file at `ssl.keystore.location`
  holding the private key and the certificate chain, or the PEM text itself in `ssl.keystore.key` and
  `ssl.keystore.certificate.chain`; an encrypted key takes `ssl.key.password`. PKCS12 at `ssl.keystore.location`
  with `ssl.keystore.password` (and `ssl.key.password` when it differs), read with the `cryptography` package.
- Truststore (the CAs client certificates are checked against): PEM (`ssl.truststore.location` or the
  certificates in `ssl.truststore.certificates`) or PKCS12 (`ssl.truststore.location`, `ssl.truststore.password`).
- `ssl.client.auth`: none (no certificate asked), requested (asked, checked when given), required.
- `ssl.enabled.protocols`: TLSv1.2 and/or TLSv1.3 (the lowest enabled one is the minimum, the highest the
  maximum).
JKS stores (Kafka's default type) are Java's own format and are refused with one line naming the alternatives.
`ssl.cipher.suites` takes Java's suite names, which OpenSSL does not share; it is not applied (OpenSSL's defaults).
"""

from __future__ import annotations

import os
import ssl
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from kbroker.security.listener_config import ListenerSecurityConfig

CLIENT_AUTH = {"none": ssl.CERT_NONE, "requested": ssl.CERT_OPTIONAL, "required": ssl.CERT_REQUIRED}
_PROTOCOLS = {"TLSv1.2": ssl.TLSVersion.TLSv1_2, "TLSv1.3": ssl.TLSVersion.TLSv1_3}


class TlsConfigError(ValueError):
    """A listener's ssl.* configs cannot make a TLS context; the message names the config."""


@contextmanager
def _private_file(data: bytes) -> Iterator[str]:
    """A file only this process can read, holding `data` for the time ssl needs a path; removed at once after."""
    fd, path = tempfile.mkstemp(prefix="kbroker-tls-", suffix=".pem")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        yield path
    finally:
        os.unlink(path)


def _read(path: str, key: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise TlsConfigError(f"cannot read {key} {path}: {e.strerror}") from None


def _pkcs12(data: bytes, password: str | None, key: str):
    try:
        from cryptography.hazmat.primitives.serialization import pkcs12
    except ImportError:
        raise TlsConfigError(f"{key} of type PKCS12 needs the Python package `cryptography`; install it or use "
                             "PEM") from None
    try:
        return pkcs12.load_key_and_certificates(data, password.encode() if password else None)
    except ValueError as e:
        raise TlsConfigError(f"cannot open the PKCS12 store of {key} (wrong password or not PKCS12): {e}") from None


def _pem(obj) -> bytes:
    from cryptography.hazmat.primitives import serialization

    if hasattr(obj, "private_bytes"):
        return obj.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                 serialization.NoEncryption())
    return obj.public_bytes(serialization.Encoding.PEM)


def _load_keystore(context: ssl.SSLContext, cfg: ListenerSecurityConfig) -> None:
    kind = (cfg.get_str("ssl.keystore.type", "JKS") or "JKS").upper()
    location = cfg.get_str("ssl.keystore.location")
    key_password = cfg.get_str("ssl.key.password")
    if kind == "PEM":
        chain, key = cfg.get_str("ssl.keystore.certificate.chain"), cfg.get_str("ssl.keystore.key")
        if location and (chain or key):
            raise TlsConfigError("ssl.keystore.location and ssl.keystore.certificate.chain/ssl.keystore.key are "
                                 "mutually exclusive for a PEM keystore")
        if location:
            pem = _read(location, "ssl.keystore.location")
        elif chain and key:
            pem = key.encode() + b"\n" + chain.encode() + b"\n"
        else:
            raise TlsConfigError("a PEM keystore needs ssl.keystore.location, or both ssl.keystore.key and "
                                 "ssl.keystore.certificate.chain")
    elif kind == "PKCS12":
        if not location:
            raise TlsConfigError("a PKCS12 keystore needs ssl.keystore.location")
        password = cfg.get_str("ssl.keystore.password")
        private_key, cert, extra = _pkcs12(_read(location, "ssl.keystore.location"), password,
                                           "ssl.keystore.location")
        if private_key is None or cert is None:
            raise TlsConfigError(f"the PKCS12 keystore {location} holds no private key with its certificate")
        pem = _pem(private_key) + _pem(cert) + b"".join(_pem(c) for c in extra or ())
        key_password = None
    else:
        raise TlsConfigError(f"ssl.keystore.type {kind} is not supported by kbroker; use PEM or PKCS12")
    with _private_file(pem) as path:
        try:
            context.load_cert_chain(path, password=key_password)
        except ssl.SSLError as e:
            raise TlsConfigError(f"cannot load the keystore's key and certificates ({e.reason}); an encrypted key "
                                 "needs ssl.key.password") from None


def _load_truststore(context: ssl.SSLContext, cfg: ListenerSecurityConfig) -> bool:
    """Load the trusted CAs; whether any truststore was configured."""
    kind = (cfg.get_str("ssl.truststore.type", "JKS") or "JKS").upper()
    location = cfg.get_str("ssl.truststore.location")
    inline = cfg.get_str("ssl.truststore.certificates")
    if not location and not inline:
        return False
    if kind == "PEM":
        if location and inline:
            raise TlsConfigError("ssl.truststore.location and ssl.truststore.certificates are mutually exclusive")
        pem = _read(location, "ssl.truststore.location").decode("ascii", "replace") if location else inline
    elif kind == "PKCS12":
        if not location:
            raise TlsConfigError("a PKCS12 truststore needs ssl.truststore.location")
        _, cert, extra = _pkcs12(_read(location, "ssl.truststore.location"),
                                 cfg.get_str("ssl.truststore.password"), "ssl.truststore.location")
        pem = b"".join(_pem(c) for c in ([cert] if cert else []) + list(extra or ())).decode()
    else:
        raise TlsConfigError(f"ssl.truststore.type {kind} is not supported by kbroker; use PEM or PKCS12")
    try:
        context.load_verify_locations(cadata=pem)
    except (ssl.SSLError, ValueError) as e:
        raise TlsConfigError(f"cannot load the truststore's certificates: {e}") from None
    return True


def server_context(cfg: ListenerSecurityConfig) -> ssl.SSLContext:
    """The TLS context a listener's connections are served with."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    protocols = cfg.get_list("ssl.enabled.protocols", "TLSv1.2,TLSv1.3")
    unknown = [p for p in protocols if p not in _PROTOCOLS]
    if unknown or not protocols:
        raise TlsConfigError(f"ssl.enabled.protocols {protocols}: kbroker supports TLSv1.2 and TLSv1.3")
    versions = sorted(_PROTOCOLS[p] for p in protocols)
    context.minimum_version, context.maximum_version = versions[0], versions[-1]
    _load_keystore(context, cfg)
    client_auth = (cfg.get_str("ssl.client.auth", "none") or "none").lower()
    if client_auth not in CLIENT_AUTH:
        raise TlsConfigError(f"Invalid value {client_auth} for configuration ssl.client.auth: String must be one "
                             "of: required, requested, none")
    trusted = _load_truststore(context, cfg)
    if client_auth != "none" and not trusted:
        raise TlsConfigError(f"ssl.client.auth={client_auth} needs a truststore (ssl.truststore.location or "
                             "ssl.truststore.certificates)")
    context.verify_mode = CLIENT_AUTH[client_auth]
    return context
