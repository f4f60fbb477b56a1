"""SCRAM: RFC 7677's SCRAM-SHA-256 exchange, the server's refusals (forged nonce, replayed final message, bad proof,
authorization id of another user, unknown user), and the credentials' life in the metadata image."""

from __future__ import annotations

import base64

import pytest

from kbroker.metadata.image import MetadataImage, apply_records, image_records
from kbroker.metadata.scram_control import alter_credentials, describe_credentials
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_user_scram_credentials_request import (
    AlterUserScramCredentialsRequest,
    ScramCredentialDeletion,
    ScramCredentialUpsertion,
)
from kbroker.protocol.messages.describe_user_scram_credentials_request import UserName
from kbroker.security import scram_credentials as sc
from kbroker.security.sasl.mechanism import SaslFailure
from kbroker.security.sasl.scram import ScramServer

# RFC 7677 section 3
SALT = base64.b64decode("W22ZaJ0SNY7soEsUEjb6gQ==")
CLIENT_FIRST = b"n,,n=user,r=rOprNGfwEbeRWgbNEkqO"
SERVER_NONCE = "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0"
SERVER_FIRST = b"r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"
CLIENT_FINAL = (b"c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,"
                b"p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ=")
SERVER_FINAL = b"v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="


def _lookup(users):
    return lambda user, mechanism: users.get((user, mechanism.name))


PENCIL = {("user", "SCRAM-SHA-256"): sc.from_password(sc.SCRAM_SHA_256, "pencil", 4096, SALT)}


def _server(nonce=SERVER_NONCE, users=PENCIL):
    return ScramServer(sc.SCRAM_SHA_256, _lookup(users), nonce_factory=lambda: nonce)


def test_rfc7677_exchange():
    server = _server()
    assert server.evaluate(CLIENT_FIRST) == SERVER_FIRST
    assert not server.complete
    assert server.evaluate(CLIENT_FINAL) == SERVER_FINAL
    assert server.complete and server.authorization_id == "user"


def test_a_forged_nonce_fails():
    server = _server()
    server.evaluate(CLIENT_FIRST)
    # The client's nonce followed by the server's, with something in between: Kafka before CVE-2024-56128's fix
    # only checked the ending.
    forged = CLIENT_FINAL.replace(b"r=rOprNGfwEbeRWgbNEkqO", b"r=XrOprNGfwEbeRWgbNEkqO")
    with pytest.raises(SaslFailure, match="nonce"):
        server.evaluate(forged)


def test_a_replayed_final_message_fails_on_a_new_exchange():
    server = _server(nonce="another-server-nonce")
    server.evaluate(CLIENT_FIRST)
    with pytest.raises(SaslFailure):
        server.evaluate(CLIENT_FINAL)


def test_a_message_after_completion_fails():
    server = _server()
    server.evaluate(CLIENT_FIRST)
    server.evaluate(CLIENT_FINAL)
    with pytest.raises(SaslFailure):
        server.evaluate(CLIENT_FINAL)


def test_a_wrong_password_fails():
    users = {("user", "SCRAM-SHA-256"): sc.from_password(sc.SCRAM_SHA_256, "not-pencil", 4096, SALT)}
    server = _server(users=users)
    server.evaluate(CLIENT_FIRST)
    with pytest.raises(SaslFailure) as failed:
        server.evaluate(CLIENT_FINAL)
    assert not failed.value.public  # the client gets the generic message


def test_unknown_user_and_other_authorization_id_fail():
    with pytest.raises(SaslFailure):
        _server().evaluate(b"n,,n=nobody,r=abc")
    with pytest.raises(SaslFailure, match="authorization id"):
        _server().evaluate(b"n,a=admin,n=user,r=abc")
    with pytest.raises(SaslFailure):
        _server().evaluate(b"p=tls-unique,,n=user,r=abc")  # channel binding is not offered


def _upsert(name, mechanism=2, iterations=8192, password=b"secret"):
    salt = b"salt-" + name.encode()
    scram = sc.BY_TYPE.get(mechanism, sc.SCRAM_SHA_512)
    return ScramCredentialUpsertion(name=name, mechanism=mechanism, iterations=iterations, salt=salt,
                                    salted_password=scram.salted_password(password, salt, iterations))


def test_alter_and_describe_credentials_through_the_image():
    request = AlterUserScramCredentialsRequest(deletions=[], upsertions=[
        _upsert("alice"), _upsert("bob", iterations=100), _upsert("carol", mechanism=7), _upsert("", iterations=4096),
        _upsert("dave"), _upsert("dave")])
    results, records = alter_credentials(MetadataImage(), request)
    assert [(user, code) for user, code, _ in results] == [
        ("alice", 0), ("bob", errors.UNACCEPTABLE_CREDENTIAL.code), ("carol", errors.UNSUPPORTED_SASL_MECHANISM.code),
        ("", errors.UNACCEPTABLE_CREDENTIAL.code), ("dave", errors.DUPLICATE_RESOURCE.code)]
    image = apply_records(MetadataImage(), records, 0, 1)
    credential = image.scram_credentials["alice"][2]
    expected = sc.from_password(sc.SCRAM_SHA_512, "secret", 8192, b"salt-alice")
    assert credential == expected
    again = apply_records(MetadataImage(), list(image_records(image)), 0, 1)  # a snapshot keeps them
    assert again.scram_credentials == image.scram_credentials
    described = describe_credentials(image, [UserName(name="alice"), UserName(name="zed"), UserName(name="zed")])
    assert [(r.user, r.error_code) for r in described] == [("alice", 0), ("zed", errors.DUPLICATE_RESOURCE.code)]
    assert [(i.mechanism, i.iterations) for i in described[0].credential_infos] == [(2, 8192)]
    assert describe_credentials(image, [UserName(name="zed")])[0].error_message == \
        "Attempt to describe a user credential that does not exist: zed"
    deletion = AlterUserScramCredentialsRequest(deletions=[
        ScramCredentialDeletion(name="alice", mechanism=2), ScramCredentialDeletion(name="alice2", mechanism=2)],
        upsertions=[])
    results, records = alter_credentials(image, deletion)
    assert [(user, code) for user, code, _ in results] == [("alice", 0), ("alice2", errors.RESOURCE_NOT_FOUND.code)]
    assert apply_records(image, records, 1, 1).scram_credentials == {}
    assert "secret" not in repr(credential) and "salt" not in repr(credential)
