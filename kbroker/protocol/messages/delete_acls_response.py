"""DeleteAclsResponse: generated from schemas/clients/DeleteAclsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class DeleteAclsMatchingAcl(Message):
    """The ACLs which matched this filter."""

    error_code: int = 0
    error_message: str | None = ''
    resource_type: int = 0
    resource_name: str = ''
    pattern_type: int = 3
    principal: str = ''
    host: str = ''
    operation: int = 0
    permission_type: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteAclsFilterResult(Message):
    """The results for each filter."""

    error_code: int = 0
    error_message: str | None = ''
    matching_acls: list[DeleteAclsMatchingAcl] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteAclsResponse(Message):
    """The DeleteAclsResponse struct of DeleteAclsResponse."""

    API_KEY = 31
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
    filter_results: list[DeleteAclsFilterResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeleteAclsMatchingAcl = DeleteAclsMatchingAcl()
_DEFAULT_DeleteAclsFilterResult = DeleteAclsFilterResult()
_DEFAULT_DeleteAclsResponse = DeleteAclsResponse()


def _enc_DeleteAclsMatchingAcl_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.resource_type)
    write_string(b, o.resource_name, False, 'ResourceName')
    b += _S_b.pack(o.pattern_type)
    write_string(b, o.principal, False, 'Principal')
    write_string(b, o.host, False, 'Host')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteAclsMatchingAcl')


def _enc_DeleteAclsMatchingAcl_v2(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    b += _S_b.pack(o.pattern_type)
    write_compact_string(b, o.principal, False, 'Principal')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteAclsMatchingAcl_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_string(buf, p, False, 'ResourceName')
    f_pattern_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_principal, p = read_string(buf, p, False, 'Principal')
    f_host, p = read_string(buf, p, False, 'Host')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    return DeleteAclsMatchingAcl(f_error_code, f_error_message, f_resource_type, f_resource_name, f_pattern_type, f_principal, f_host, f_operation, f_permission_type, ()), p


def _dec_DeleteAclsMatchingAcl_v2(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    f_pattern_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_principal, p = read_compact_string(buf, p, False, 'Principal')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteAclsMatchingAcl')
    return DeleteAclsMatchingAcl(f_error_code, f_error_message, f_resource_type, f_resource_name, f_pattern_type, f_principal, f_host, f_operation, f_permission_type, _u), p


def _enc_DeleteAclsFilterResult_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.matching_acls
    if _a is None:
        raise EncodeError('MatchingAcls' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeleteAclsMatchingAcl_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteAclsFilterResult')


def _enc_DeleteAclsFilterResult_v2(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.matching_acls
    if _a is None:
        raise EncodeError('MatchingAcls' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteAclsMatchingAcl_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteAclsFilterResult_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('MatchingAcls' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'MatchingAcls')
        f_matching_acls = []
        for _ in range(_n):
            _e, p = _dec_DeleteAclsMatchingAcl_v1(buf, p)
            f_matching_acls.append(_e)
    return DeleteAclsFilterResult(f_error_code, f_error_message, f_matching_acls, ()), p


def _dec_DeleteAclsFilterResult_v2(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('MatchingAcls' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'MatchingAcls')
        f_matching_acls = []
        for _ in range(_n):
            _e, p = _dec_DeleteAclsMatchingAcl_v2(buf, p)
            f_matching_acls.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteAclsFilterResult')
    return DeleteAclsFilterResult(f_error_code, f_error_message, f_matching_acls, _u), p


def _enc_DeleteAclsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.filter_results
    if _a is None:
        raise EncodeError('FilterResults' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeleteAclsFilterResult_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteAclsResponse')


def _enc_DeleteAclsResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.filter_results
    if _a is None:
        raise EncodeError('FilterResults' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteAclsFilterResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteAclsResponse_v1(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('FilterResults' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'FilterResults')
        f_filter_results = []
        for _ in range(_n):
            _e, p = _dec_DeleteAclsFilterResult_v1(buf, p)
            f_filter_results.append(_e)
    return DeleteAclsResponse(f_throttle_time_ms, f_filter_results, ()), p


def _dec_DeleteAclsResponse_v2(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('FilterResults' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'FilterResults')
        f_filter_results = []
        for _ in range(_n):
            _e, p = _dec_DeleteAclsFilterResult_v2(buf, p)
            f_filter_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteAclsResponse')
    return DeleteAclsResponse(f_throttle_time_ms, f_filter_results, _u), p


DeleteAclsMatchingAcl._ENCODERS = {1: _enc_DeleteAclsMatchingAcl_v1, 2: _enc_DeleteAclsMatchingAcl_v2, 3: _enc_DeleteAclsMatchingAcl_v2}
DeleteAclsMatchingAcl._DECODERS = {1: _dec_DeleteAclsMatchingAcl_v1, 2: _dec_DeleteAclsMatchingAcl_v2, 3: _dec_DeleteAclsMatchingAcl_v2}
DeleteAclsFilterResult._ENCODERS = {1: _enc_DeleteAclsFilterResult_v1, 2: _enc_DeleteAclsFilterResult_v2, 3: _enc_DeleteAclsFilterResult_v2}
DeleteAclsFilterResult._DECODERS = {1: _dec_DeleteAclsFilterResult_v1, 2: _dec_DeleteAclsFilterResult_v2, 3: _dec_DeleteAclsFilterResult_v2}
DeleteAclsResponse._ENCODERS = {1: _enc_DeleteAclsResponse_v1, 2: _enc_DeleteAclsResponse_v2, 3: _enc_DeleteAclsResponse_v2}
DeleteAclsResponse._DECODERS = {1: _dec_DeleteAclsResponse_v1, 2: _dec_DeleteAclsResponse_v2, 3: _dec_DeleteAclsResponse_v2}
