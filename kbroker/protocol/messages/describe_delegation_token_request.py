"""DescribeDelegationTokenRequest: generated from schemas/clients/DescribeDelegationTokenRequest.json by kbroker.protocol.codegen. Do not edit."""

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



@attrs.define(eq=True, slots=True)
class DescribeDelegationTokenOwner(Message):
    """Each owner that we want to describe delegation tokens for, or null to describe all tokens."""

    principal_type: str = ''
    principal_name: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeDelegationTokenRequest(Message):
    """The DescribeDelegationTokenRequest struct of DescribeDelegationTokenRequest."""

    API_KEY = 41
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

    owners: list[DescribeDelegationTokenOwner] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeDelegationTokenOwner = DescribeDelegationTokenOwner()
_DEFAULT_DescribeDelegationTokenRequest = DescribeDelegationTokenRequest()


def _enc_DescribeDelegationTokenOwner_v1(o, w):
    b = w.buf
    write_string(b, o.principal_type, False, 'PrincipalType')
    write_string(b, o.principal_name, False, 'PrincipalName')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeDelegationTokenOwner')


def _enc_DescribeDelegationTokenOwner_v2(o, w):
    b = w.buf
    write_compact_string(b, o.principal_type, False, 'PrincipalType')
    write_compact_string(b, o.principal_name, False, 'PrincipalName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeDelegationTokenOwner_v1(buf, p):
    f_principal_type, p = read_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_string(buf, p, False, 'PrincipalName')
    return DescribeDelegationTokenOwner(f_principal_type, f_principal_name, ()), p


def _dec_DescribeDelegationTokenOwner_v2(buf, p):
    f_principal_type, p = read_compact_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_compact_string(buf, p, False, 'PrincipalName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeDelegationTokenOwner')
    return DescribeDelegationTokenOwner(f_principal_type, f_principal_name, _u), p


def _enc_DescribeDelegationTokenRequest_v1(o, w):
    b = w.buf
    _a = o.owners
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeDelegationTokenOwner_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeDelegationTokenRequest')


def _enc_DescribeDelegationTokenRequest_v2(o, w):
    b = w.buf
    _a = o.owners
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeDelegationTokenOwner_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeDelegationTokenRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_owners = None
    else:
        check_count(_n, buf, p, 'Owners')
        f_owners = []
        for _ in range(_n):
            _e, p = _dec_DescribeDelegationTokenOwner_v1(buf, p)
            f_owners.append(_e)
    return DescribeDelegationTokenRequest(f_owners, ()), p


def _dec_DescribeDelegationTokenRequest_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_owners = None
    else:
        check_count(_n, buf, p, 'Owners')
        f_owners = []
        for _ in range(_n):
            _e, p = _dec_DescribeDelegationTokenOwner_v2(buf, p)
            f_owners.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeDelegationTokenRequest')
    return DescribeDelegationTokenRequest(f_owners, _u), p


DescribeDelegationTokenOwner._ENCODERS = {1: _enc_DescribeDelegationTokenOwner_v1, 2: _enc_DescribeDelegationTokenOwner_v2, 3: _enc_DescribeDelegationTokenOwner_v2}
DescribeDelegationTokenOwner._DECODERS = {1: _dec_DescribeDelegationTokenOwner_v1, 2: _dec_DescribeDelegationTokenOwner_v2, 3: _dec_DescribeDelegationTokenOwner_v2}
DescribeDelegationTokenRequest._ENCODERS = {1: _enc_DescribeDelegationTokenRequest_v1, 2: _enc_DescribeDelegationTokenRequest_v2, 3: _enc_DescribeDelegationTokenRequest_v2}
DescribeDelegationTokenRequest._DECODERS = {1: _dec_DescribeDelegationTokenRequest_v1, 2: _dec_DescribeDelegationTokenRequest_v2, 3: _dec_DescribeDelegationTokenRequest_v2}
