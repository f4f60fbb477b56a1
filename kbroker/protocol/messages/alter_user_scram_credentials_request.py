"""AlterUserScramCredentialsRequest: generated from schemas/clients/AlterUserScramCredentialsRequest.json by kbroker.protocol.codegen. Do not edit."""

# ruff: noqa
from __future__ import annotations

import struct
import uuid
from collections.abc import Sequence

import attrs

from kbroker.protocol.wire import (
    INT32,
    NULL_INT32,
    ZERO_UUID,
    DecodeError,
    EncodeError,
    Message,
    Writer,
    check_count,
    field_not_in_version,
    read_bytes,
    read_compact_bytes,
    read_compact_length,
    read_compact_records,
    read_compact_string,
    read_records,
    read_string,
    read_unknown_tagged_fields,
    read_uuid,
    read_uvarint,
    unknown_tags_in_rigid_version,
    write_bytes,
    write_compact_bytes,
    write_compact_records,
    write_compact_string,
    write_records,
    write_string,
    write_tagged_fields,
    write_uvarint,
)

_S_b = struct.Struct('>b')
_S_bi = struct.Struct('>bi')


@attrs.define(eq=True, slots=True)
class ScramCredentialDeletion(Message):
    """The SCRAM credentials to remove."""

    name: str = ''
    mechanism: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ScramCredentialUpsertion(Message):
    """The SCRAM credentials to update/insert."""

    name: str = ''
    mechanism: int = 0
    iterations: int = 0
    salt: bytes = b''
    salted_password: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterUserScramCredentialsRequest(Message):
    """The AlterUserScramCredentialsRequest struct of AlterUserScramCredentialsRequest."""

    API_KEY = 51
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    deletions: list[ScramCredentialDeletion] = attrs.field(factory=list)
    upsertions: list[ScramCredentialUpsertion] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ScramCredentialDeletion = ScramCredentialDeletion()
_DEFAULT_ScramCredentialUpsertion = ScramCredentialUpsertion()
_DEFAULT_AlterUserScramCredentialsRequest = AlterUserScramCredentialsRequest()


def _enc_ScramCredentialDeletion_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_b.pack(o.mechanism)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ScramCredentialDeletion_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_mechanism, = _S_b.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ScramCredentialDeletion')
    return ScramCredentialDeletion(f_name, f_mechanism, _u), p


def _enc_ScramCredentialUpsertion_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_bi.pack(o.mechanism, o.iterations)
    write_compact_bytes(b, o.salt, False, 'Salt')
    write_compact_bytes(b, o.salted_password, False, 'SaltedPassword')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ScramCredentialUpsertion_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_mechanism, f_iterations = _S_bi.unpack_from(buf, p)
    p += 5
    f_salt, p = read_compact_bytes(buf, p, False, 'Salt')
    f_salted_password, p = read_compact_bytes(buf, p, False, 'SaltedPassword')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ScramCredentialUpsertion')
    return ScramCredentialUpsertion(f_name, f_mechanism, f_iterations, f_salt, f_salted_password, _u), p


def _enc_AlterUserScramCredentialsRequest_v0(o, w):
    b = w.buf
    _a = o.deletions
    if _a is None:
        raise EncodeError('Deletions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ScramCredentialDeletion_v0(_e, w)
    _a = o.upsertions
    if _a is None:
        raise EncodeError('Upsertions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ScramCredentialUpsertion_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterUserScramCredentialsRequest_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Deletions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Deletions')
        f_deletions = []
        for _ in range(_n):
            _e, p = _dec_ScramCredentialDeletion_v0(buf, p)
            f_deletions.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Upsertions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Upsertions')
        f_upsertions = []
        for _ in range(_n):
            _e, p = _dec_ScramCredentialUpsertion_v0(buf, p)
            f_upsertions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterUserScramCredentialsRequest')
    return AlterUserScramCredentialsRequest(f_deletions, f_upsertions, _u), p


ScramCredentialDeletion._ENCODERS = {0: _enc_ScramCredentialDeletion_v0}
ScramCredentialDeletion._DECODERS = {0: _dec_ScramCredentialDeletion_v0}
ScramCredentialUpsertion._ENCODERS = {0: _enc_ScramCredentialUpsertion_v0}
ScramCredentialUpsertion._DECODERS = {0: _dec_ScramCredentialUpsertion_v0}
AlterUserScramCredentialsRequest._ENCODERS = {0: _enc_AlterUserScramCredentialsRequest_v0}
AlterUserScramCredentialsRequest._DECODERS = {0: _dec_AlterUserScramCredentialsRequest_v0}
