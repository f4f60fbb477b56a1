"""CreateDelegationTokenRequest: generated from schemas/clients/CreateDelegationTokenRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class CreatableRenewers(Message):
    """A list of those who are allowed to renew this token before it expires."""

    principal_type: str = ''
    principal_name: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreateDelegationTokenRequest(Message):
    """The CreateDelegationTokenRequest struct of CreateDelegationTokenRequest."""

    API_KEY = 38
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    owner_principal_type: str | None = ''
    owner_principal_name: str | None = ''
    renewers: list[CreatableRenewers] = attrs.field(factory=list)
    max_lifetime_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_CreatableRenewers = CreatableRenewers()
_DEFAULT_CreateDelegationTokenRequest = CreateDelegationTokenRequest()


def _enc_CreatableRenewers_v1(o, w):
    b = w.buf
    write_string(b, o.principal_type, False, 'PrincipalType')
    write_string(b, o.principal_name, False, 'PrincipalName')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatableRenewers')


def _enc_CreatableRenewers_v2(o, w):
    b = w.buf
    write_compact_string(b, o.principal_type, False, 'PrincipalType')
    write_compact_string(b, o.principal_name, False, 'PrincipalName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreatableRenewers_v1(buf, p):
    f_principal_type, p = read_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_string(buf, p, False, 'PrincipalName')
    return CreatableRenewers(f_principal_type, f_principal_name, ()), p


def _dec_CreatableRenewers_v2(buf, p):
    f_principal_type, p = read_compact_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_compact_string(buf, p, False, 'PrincipalName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreatableRenewers')
    return CreatableRenewers(f_principal_type, f_principal_name, _u), p


def _enc_CreateDelegationTokenRequest_v1(o, w):
    if o.owner_principal_type != '':
        raise field_not_in_version('OwnerPrincipalType')
    if o.owner_principal_name != '':
        raise field_not_in_version('OwnerPrincipalName')
    b = w.buf
    _a = o.renewers
    if _a is None:
        raise EncodeError('Renewers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_CreatableRenewers_v1(_e, w)
    b += _S_q.pack(o.max_lifetime_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreateDelegationTokenRequest')


def _enc_CreateDelegationTokenRequest_v2(o, w):
    if o.owner_principal_type != '':
        raise field_not_in_version('OwnerPrincipalType')
    if o.owner_principal_name != '':
        raise field_not_in_version('OwnerPrincipalName')
    b = w.buf
    _a = o.renewers
    if _a is None:
        raise EncodeError('Renewers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableRenewers_v2(_e, w)
    b += _S_q.pack(o.max_lifetime_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_CreateDelegationTokenRequest_v3(o, w):
    b = w.buf
    write_compact_string(b, o.owner_principal_type, True, 'OwnerPrincipalType')
    write_compact_string(b, o.owner_principal_name, True, 'OwnerPrincipalName')
    _a = o.renewers
    if _a is None:
        raise EncodeError('Renewers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableRenewers_v2(_e, w)
    b += _S_q.pack(o.max_lifetime_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreateDelegationTokenRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Renewers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Renewers')
        f_renewers = []
        for _ in range(_n):
            _e, p = _dec_CreatableRenewers_v1(buf, p)
            f_renewers.append(_e)
    f_max_lifetime_ms, = _S_q.unpack_from(buf, p)
    p += 8
    return CreateDelegationTokenRequest('', '', f_renewers, f_max_lifetime_ms, ()), p


def _dec_CreateDelegationTokenRequest_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Renewers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Renewers')
        f_renewers = []
        for _ in range(_n):
            _e, p = _dec_CreatableRenewers_v2(buf, p)
            f_renewers.append(_e)
    f_max_lifetime_ms, = _S_q.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateDelegationTokenRequest')
    return CreateDelegationTokenRequest('', '', f_renewers, f_max_lifetime_ms, _u), p


def _dec_CreateDelegationTokenRequest_v3(buf, p):
    f_owner_principal_type, p = read_compact_string(buf, p, True, 'OwnerPrincipalType')
    f_owner_principal_name, p = read_compact_string(buf, p, True, 'OwnerPrincipalName')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Renewers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Renewers')
        f_renewers = []
        for _ in range(_n):
            _e, p = _dec_CreatableRenewers_v2(buf, p)
            f_renewers.append(_e)
    f_max_lifetime_ms, = _S_q.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateDelegationTokenRequest')
    return CreateDelegationTokenRequest(f_owner_principal_type, f_owner_principal_name, f_renewers, f_max_lifetime_ms, _u), p


CreatableRenewers._ENCODERS = {1: _enc_CreatableRenewers_v1, 2: _enc_CreatableRenewers_v2, 3: _enc_CreatableRenewers_v2}
CreatableRenewers._DECODERS = {1: _dec_CreatableRenewers_v1, 2: _dec_CreatableRenewers_v2, 3: _dec_CreatableRenewers_v2}
CreateDelegationTokenRequest._ENCODERS = {1: _enc_CreateDelegationTokenRequest_v1, 2: _enc_CreateDelegationTokenRequest_v2, 3: _enc_CreateDelegationTokenRequest_v3}
CreateDelegationTokenRequest._DECODERS = {1: _dec_CreateDelegationTokenRequest_v1, 2: _dec_CreateDelegationTokenRequest_v2, 3: _dec_CreateDelegationTokenRequest_v3}
