"""CreateAclsRequest: generated from schemas/clients/CreateAclsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_bb = struct.Struct('>bb')


@attrs.define(eq=True, slots=True)
class AclCreation(Message):
    """The ACLs that we want to create."""

    resource_type: int = 0
    resource_name: str = ''
    resource_pattern_type: int = 3
    principal: str = ''
    host: str = ''
    operation: int = 0
    permission_type: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreateAclsRequest(Message):
    """The CreateAclsRequest struct of CreateAclsRequest."""

    API_KEY = 30
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

    creations: list[AclCreation] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AclCreation = AclCreation()
_DEFAULT_CreateAclsRequest = CreateAclsRequest()


def _enc_AclCreation_v1(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_string(b, o.resource_name, False, 'ResourceName')
    b += _S_b.pack(o.resource_pattern_type)
    write_string(b, o.principal, False, 'Principal')
    write_string(b, o.host, False, 'Host')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AclCreation')


def _enc_AclCreation_v2(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    b += _S_b.pack(o.resource_pattern_type)
    write_compact_string(b, o.principal, False, 'Principal')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AclCreation_v1(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_string(buf, p, False, 'ResourceName')
    f_resource_pattern_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_principal, p = read_string(buf, p, False, 'Principal')
    f_host, p = read_string(buf, p, False, 'Host')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    return AclCreation(f_resource_type, f_resource_name, f_resource_pattern_type, f_principal, f_host, f_operation, f_permission_type, ()), p


def _dec_AclCreation_v2(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    f_resource_pattern_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_principal, p = read_compact_string(buf, p, False, 'Principal')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AclCreation')
    return AclCreation(f_resource_type, f_resource_name, f_resource_pattern_type, f_principal, f_host, f_operation, f_permission_type, _u), p


def _enc_CreateAclsRequest_v1(o, w):
    b = w.buf
    _a = o.creations
    if _a is None:
        raise EncodeError('Creations' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AclCreation_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreateAclsRequest')


def _enc_CreateAclsRequest_v2(o, w):
    b = w.buf
    _a = o.creations
    if _a is None:
        raise EncodeError('Creations' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AclCreation_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreateAclsRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Creations' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Creations')
        f_creations = []
        for _ in range(_n):
            _e, p = _dec_AclCreation_v1(buf, p)
            f_creations.append(_e)
    return CreateAclsRequest(f_creations, ()), p


def _dec_CreateAclsRequest_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Creations' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Creations')
        f_creations = []
        for _ in range(_n):
            _e, p = _dec_AclCreation_v2(buf, p)
            f_creations.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateAclsRequest')
    return CreateAclsRequest(f_creations, _u), p


AclCreation._ENCODERS = {1: _enc_AclCreation_v1, 2: _enc_AclCreation_v2, 3: _enc_AclCreation_v2}
AclCreation._DECODERS = {1: _dec_AclCreation_v1, 2: _dec_AclCreation_v2, 3: _dec_AclCreation_v2}
CreateAclsRequest._ENCODERS = {1: _enc_CreateAclsRequest_v1, 2: _enc_CreateAclsRequest_v2, 3: _enc_CreateAclsRequest_v2}
CreateAclsRequest._DECODERS = {1: _dec_CreateAclsRequest_v1, 2: _dec_CreateAclsRequest_v2, 3: _dec_CreateAclsRequest_v2}
