"""DescribeAclsResponse: generated from schemas/clients/DescribeAclsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class AclDescription(Message):
    """The ACLs."""

    principal: str = ''
    host: str = ''
    operation: int = 0
    permission_type: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeAclsResource(Message):
    """Each Resource that is referenced in an ACL."""

    resource_type: int = 0
    resource_name: str = ''
    pattern_type: int = 3
    acls: list[AclDescription] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeAclsResponse(Message):
    """The DescribeAclsResponse struct of DescribeAclsResponse."""

    API_KEY = 29
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = ''
    resources: list[DescribeAclsResource] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AclDescription = AclDescription()
_DEFAULT_DescribeAclsResource = DescribeAclsResource()
_DEFAULT_DescribeAclsResponse = DescribeAclsResponse()


def _enc_AclDescription_v1(o, w):
    b = w.buf
    write_string(b, o.principal, False, 'Principal')
    write_string(b, o.host, False, 'Host')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AclDescription')


def _enc_AclDescription_v2(o, w):
    b = w.buf
    write_compact_string(b, o.principal, False, 'Principal')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AclDescription_v1(buf, p):
    f_principal, p = read_string(buf, p, False, 'Principal')
    f_host, p = read_string(buf, p, False, 'Host')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    return AclDescription(f_principal, f_host, f_operation, f_permission_type, ()), p


def _dec_AclDescription_v2(buf, p):
    f_principal, p = read_compact_string(buf, p, False, 'Principal')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AclDescription')
    return AclDescription(f_principal, f_host, f_operation, f_permission_type, _u), p


def _enc_DescribeAclsResource_v1(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_string(b, o.resource_name, False, 'ResourceName')
    b += _S_b.pack(o.pattern_type)
    _a = o.acls
    if _a is None:
        raise EncodeError('Acls' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AclDescription_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeAclsResource')


def _enc_DescribeAclsResource_v2(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    b += _S_b.pack(o.pattern_type)
    _a = o.acls
    if _a is None:
        raise EncodeError('Acls' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AclDescription_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeAclsResource_v1(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_string(buf, p, False, 'ResourceName')
    f_pattern_type, = _S_b.unpack_from(buf, p)
    p += 1
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Acls' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Acls')
        f_acls = []
        for _ in range(_n):
            _e, p = _dec_AclDescription_v1(buf, p)
            f_acls.append(_e)
    return DescribeAclsResource(f_resource_type, f_resource_name, f_pattern_type, f_acls, ()), p


def _dec_DescribeAclsResource_v2(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    f_pattern_type, = _S_b.unpack_from(buf, p)
    p += 1
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Acls' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Acls')
        f_acls = []
        for _ in range(_n):
            _e, p = _dec_AclDescription_v2(buf, p)
            f_acls.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeAclsResource')
    return DescribeAclsResource(f_resource_type, f_resource_name, f_pattern_type, f_acls, _u), p


def _enc_DescribeAclsResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.resources
    if _a is None:
        raise EncodeError('Resources' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeAclsResource_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeAclsResponse')


def _enc_DescribeAclsResponse_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.resources
    if _a is None:
        raise EncodeError('Resources' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeAclsResource_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeAclsResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Resources' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Resources')
        f_resources = []
        for _ in range(_n):
            _e, p = _dec_DescribeAclsResource_v1(buf, p)
            f_resources.append(_e)
    return DescribeAclsResponse(f_throttle_time_ms, f_error_code, f_error_message, f_resources, ()), p


def _dec_DescribeAclsResponse_v2(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Resources' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Resources')
        f_resources = []
        for _ in range(_n):
            _e, p = _dec_DescribeAclsResource_v2(buf, p)
            f_resources.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeAclsResponse')
    return DescribeAclsResponse(f_throttle_time_ms, f_error_code, f_error_message, f_resources, _u), p


AclDescription._ENCODERS = {1: _enc_AclDescription_v1, 2: _enc_AclDescription_v2, 3: _enc_AclDescription_v2}
AclDescription._DECODERS = {1: _dec_AclDescription_v1, 2: _dec_AclDescription_v2, 3: _dec_AclDescription_v2}
DescribeAclsResource._ENCODERS = {1: _enc_DescribeAclsResource_v1, 2: _enc_DescribeAclsResource_v2, 3: _enc_DescribeAclsResource_v2}
DescribeAclsResource._DECODERS = {1: _dec_DescribeAclsResource_v1, 2: _dec_DescribeAclsResource_v2, 3: _dec_DescribeAclsResource_v2}
DescribeAclsResponse._ENCODERS = {1: _enc_DescribeAclsResponse_v1, 2: _enc_DescribeAclsResponse_v2, 3: _enc_DescribeAclsResponse_v2}
DescribeAclsResponse._DECODERS = {1: _dec_DescribeAclsResponse_v1, 2: _dec_DescribeAclsResponse_v2, 3: _dec_DescribeAclsResponse_v2}
