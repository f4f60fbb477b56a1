"""AlterUserScramCredentials on the controller (Kafka's ScramControlManager.alterCredentials) and
DescribeUserScramCredentials from an image (Kafka's ScramImage.describe).

Alter: each user may appear once across deletions and upsertions (else DUPLICATE_RESOURCE "A user credential cannot
be altered twice in the same request"); an empty name is UNACCEPTABLE_CREDENTIAL, a mechanism other than 1
(SCRAM-SHA-256) or 2 (SCRAM-SHA-512) UNSUPPORTED_SASL_MECHANISM, iterations below 4096 or above 16384
UNACCEPTABLE_CREDENTIAL, deleting a credential the image lacks RESOURCE_NOT_FOUND. Upsertions carry the salted
password; the record holds StoredKey and ServerKey derived from it (kbroker.security.scram_credentials, a leaf
module of pure functions). Results come deletions first, then upsertions, then failures, as Kafka builds them.

Describe: no users (or an empty list) lists every user with a credential; a user named twice gets one
DUPLICATE_RESOURCE result, an unknown one RESOURCE_NOT_FOUND, with Kafka's messages.

`parse_add_scram` reads `kbroker format --add-scram` (kafka-storage's syntax) into a bootstrap credential record.
"""

from __future__ import annotations

import base64
import binascii
import re
import secrets

from kbroker.metadata import record_versions as V
from kbroker.metadata.image import MetadataImage
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_user_scram_credentials_response import (
    CredentialInfo,
    DescribeUserScramCredentialsResult,
)
from kbroker.protocol.messages.metadata.remove_user_scram_credential_record import (
    RemoveUserScramCredentialRecord,
)
from kbroker.protocol.messages.metadata.user_scram_credential_record import UserScramCredentialRecord
from kbroker.security.scram_credentials import (
    BY_NAME,
    BY_TYPE,
    MAX_ITERATIONS,
    MIN_ITERATIONS,
    from_salted_password,
)

_TWICE = "A user credential cannot be altered twice in the same request"


def _name_and_mechanism_error(name: str, mechanism: int) -> tuple[errors.KafkaError, str] | None:
    if not name:
        return errors.UNACCEPTABLE_CREDENTIAL, "Username must not be empty"
    if mechanism not in BY_TYPE:
        return errors.UNSUPPORTED_SASL_MECHANISM, "Unknown SCRAM mechanism"
    return None


def alter_credentials(image: MetadataImage, request) -> tuple[list[tuple[str, int, str | None]], list]:
    """((user, error code, message) per user in Kafka's order, the records to append)."""
    deletions: dict[str, object] = {}
    upserts: dict[str, object] = {}
    failed: dict[str, tuple[errors.KafkaError, str]] = {}
    for deletion in request.deletions:
        name = deletion.name
        if name in failed:
            continue
        if deletions.pop(name, None) is not None:
            failed[name] = (errors.DUPLICATE_RESOURCE, _TWICE)
            continue
        error = _name_and_mechanism_error(name, deletion.mechanism)
        if error is None and deletion.mechanism not in image.scram_credentials.get(name, {}):
            error = (errors.RESOURCE_NOT_FOUND, "Attempt to delete a user credential that does not exist")
        if error is not None:
            failed[name] = error
        else:
            deletions[name] = deletion
    for upsertion in request.upsertions:
        name = upsertion.name
        if name in failed:
            continue
        if deletions.pop(name, None) is not None or upserts.pop(name, None) is not None:
            failed[name] = (errors.DUPLICATE_RESOURCE, _TWICE)
            continue
        error = _name_and_mechanism_error(name, upsertion.mechanism)
        if error is None and upsertion.iterations < MIN_ITERATIONS:
            error = (errors.UNACCEPTABLE_CREDENTIAL, "Too few iterations")
        elif error is None and upsertion.iterations > MAX_ITERATIONS:
            error = (errors.UNACCEPTABLE_CREDENTIAL, "Too many iterations")
        if error is not None:
            failed[name] = error
        else:
            upserts[name] = upsertion
    results: list[tuple[str, int, str | None]] = []
    records: list[MetadataRecord] = []
    for name, deletion in deletions.items():
        results.append((name, errors.NONE.code, None))
        records.append(MetadataRecord(RemoveUserScramCredentialRecord(name=name, mechanism=deletion.mechanism),
                                      V.REMOVE_USER_SCRAM_CREDENTIAL_RECORD))
    for name, upsertion in upserts.items():
        results.append((name, errors.NONE.code, None))
        records.append(MetadataRecord(credential_record(name, upsertion.mechanism, bytes(upsertion.salt),
                                                        bytes(upsertion.salted_password), upsertion.iterations),
                                      V.USER_SCRAM_CREDENTIAL_RECORD))
    results += [(name, error.code, message) for name, (error, message) in failed.items()]
    return results, records


def credential_record(name: str, mechanism: int, salt: bytes, salted_password: bytes,
                      iterations: int) -> UserScramCredentialRecord:
    credential = from_salted_password(BY_TYPE[mechanism], salt, salted_password, iterations)
    return UserScramCredentialRecord(name=name, mechanism=mechanism, salt=salt, stored_key=credential.stored_key,
                                     server_key=credential.server_key, iterations=iterations)


def describe_credentials(image: MetadataImage, users) -> list[DescribeUserScramCredentialsResult]:
    scram = image.scram_credentials
    if not users:
        wanted = {name: False for name in sorted(scram)}
    else:
        wanted: dict[str, bool] = {}
        for user in users:
            wanted[user.name] = user.name in wanted
    results = []
    for name, twice in wanted.items():
        if twice:
            results.append(DescribeUserScramCredentialsResult(
                user=name, error_code=errors.DUPLICATE_RESOURCE.code,
                error_message=f"Cannot describe SCRAM credentials for the same user twice in a single request: "
                              f"{name}", credential_infos=[]))
        elif name not in scram:
            results.append(DescribeUserScramCredentialsResult(
                user=name, error_code=errors.RESOURCE_NOT_FOUND.code,
                error_message=f"Attempt to describe a user credential that does not exist: {name}",
                credential_infos=[]))
        else:
            results.append(DescribeUserScramCredentialsResult(
                user=name, error_code=errors.NONE.code, error_message=None, credential_infos=[
                    CredentialInfo(mechanism=mechanism, iterations=c.iterations)
                    for mechanism, c in sorted(scram[name].items())]))
    return results


class AddScramError(ValueError):
    """An --add-scram argument `kbroker format` cannot use (the message never quotes a password)."""


_ADD_SCRAM = re.compile(r"(?P<mechanism>[A-Z0-9-]+)=\[(?P<body>.*)\]", re.S)


def parse_add_scram(text: str) -> MetadataRecord:
    """`kafka-storage format --add-scram 'SCRAM-SHA-256=[name=alice,password=alice-secret]'`: the credential
    record it bootstraps. Keys: name, password or saltedpassword (base64) with salt (base64, else random),
    iterations (default 4096); values may be double-quoted."""
    match = _ADD_SCRAM.fullmatch(text.strip())
    if match is None:
        raise AddScramError("--add-scram takes MECHANISM=[name=...,password=...]")
    mechanism = BY_NAME.get(match.group("mechanism"))
    if mechanism is None:
        raise AddScramError(f"--add-scram: unknown SCRAM mechanism {match.group('mechanism')}; use "
                            f"{' or '.join(BY_NAME)}")
    fields: dict[str, str] = {}
    for item in match.group("body").split(","):
        key, sep, value = item.partition("=")
        if not sep:
            raise AddScramError(f"--add-scram: {key.strip()!r} is not key=value")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] == '"':
            value = value[1:-1]
        fields[key.strip().lower()] = value
    name = fields.get("name")
    if not name:
        raise AddScramError("--add-scram: a name is required")
    try:
        iterations = int(fields.get("iterations", MIN_ITERATIONS))
        salt = base64.b64decode(fields["salt"], validate=True) if "salt" in fields else secrets.token_bytes(32)
        if "saltedpassword" in fields:
            salted = base64.b64decode(fields["saltedpassword"], validate=True)
        elif "password" in fields:
            salted = mechanism.salted_password(fields["password"].encode(), salt, iterations)
        else:
            raise AddScramError(f"--add-scram for {name}: a password or saltedpassword is required")
    except (ValueError, binascii.Error) as e:
        if isinstance(e, AddScramError):
            raise
        raise AddScramError(f"--add-scram for {name}: iterations must be a number and salt base64") from None
    if not MIN_ITERATIONS <= iterations <= MAX_ITERATIONS:
        raise AddScramError(f"--add-scram for {name}: iterations must be between {MIN_ITERATIONS} and "
                            f"{MAX_ITERATIONS}")
    return MetadataRecord(credential_record(name, mechanism.type, salt, salted, iterations),
                          V.USER_SCRAM_CREDENTIAL_RECORD)
