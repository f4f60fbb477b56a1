"""DeleteAclsRequest: generated from schemas/clients/DeleteAclsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class DeleteAclsFilter(Message):
    """The filters to use when deleting ACLs."""

    resource_type_filter: int = 0
    resource_name_filter: str | None = ''
    pattern_type_filter: int = 3
    principal_filter: str | None = ''
    host_filter: str | None = ''
    operation: int = 0
    permission_type: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteAclsRequest(Message):
    """The DeleteAclsRequest struct of DeleteAclsRequest."""

    API_KEY = 31
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

    filters: list[DeleteAclsFilter] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeleteAclsFilter = DeleteAclsFilter()
_DEFAULT_DeleteAclsRequest = DeleteAclsRequest()


def _enc_DeleteAclsFilter_v1(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type_filter)
    write_string(b, o.resource_name_filter, True, 'ResourceNameFilter')
    b += _S_b.pack(o.pattern_type_filter)
    write_string(b, o.principal_filter, True, 'PrincipalFilter')
    write_string(b, o.host_filter, True, 'HostFilter')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteAclsFilter')


def _enc_DeleteAclsFilter_v2(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type_filter)
    write_compact_string(b, o.resource_name_filter, True, 'ResourceNameFilter')
    b += _S_b.pack(o.pattern_type_filter)
    write_compact_string(b, o.principal_filter, True, 'PrincipalFilter')
    write_compact_string(b, o.host_filter, True, 'HostFilter')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteAclsFilter_v1(buf, p):
    f_resource_type_filter, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name_filter, p = read_string(buf, p, True, 'ResourceNameFilter')
    f_pattern_type_filter, = _S_b.unpack_from(buf, p)
    p += 1
    f_principal_filter, p = read_string(buf, p, True, 'PrincipalFilter')
    f_host_filter, p = read_string(buf, p, True, 'HostFilter')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    return DeleteAclsFilter(f_resource_type_filter, f_resource_name_filter, f_pattern_type_filter, f_principal_filter, f_host_filter, f_operation, f_permission_type, ()), p


def _dec_DeleteAclsFilter_v2(buf, p):
    f_resource_type_filter, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name_filter, p = read_compact_string(buf, p, True, 'ResourceNameFilter')
    f_pattern_type_filter, = _S_b.unpack_from(buf, p)
    p += 1
    f_principal_filter, p = read_compact_string(buf, p, True, 'PrincipalFilter')
    f_host_filter, p = read_compact_string(buf, p, True, 'HostFilter')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteAclsFilter')
    return DeleteAclsFilter(f_resource_type_filter, f_resource_name_filter, f_pattern_type_filter, f_principal_filter, f_host_filter, f_operation, f_permission_type, _u), p


def _enc_DeleteAclsRequest_v1(o, w):
    b = w.buf
    _a = o.filters
    if _a is None:
        raise EncodeError('Filters' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeleteAclsFilter_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteAclsRequest')


def _enc_DeleteAclsRequest_v2(o, w):
    b = w.buf
    _a = o.filters
    if _a is None:
        raise EncodeError('Filters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteAclsFilter_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteAclsRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Filters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Filters')
        f_filters = []
        for _ in range(_n):
            _e, p = _dec_DeleteAclsFilter_v1(buf, p)
            f_filters.append(_e)
    return DeleteAclsRequest(f_filters, ()), p


def _dec_DeleteAclsRequest_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Filters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Filters')
        f_filters = []
        for _ in range(_n):
            _e, p = _dec_DeleteAclsFilter_v2(buf, p)
            f_filters.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteAclsRequest')
    return DeleteAclsRequest(f_filters, _u), p


DeleteAclsFilter._ENCODERS = {1: _enc_DeleteAclsFilter_v1, 2: _enc_DeleteAclsFilter_v2, 3: _enc_DeleteAclsFilter_v2}
DeleteAclsFilter._DECODERS = {1: _dec_DeleteAclsFilter_v1, 2: _dec_DeleteAclsFilter_v2, 3: _dec_DeleteAclsFilter_v2}
DeleteAclsRequest._ENCODERS = {1: _enc_DeleteAclsRequest_v1, 2: _enc_DeleteAclsRequest_v2, 3: _enc_DeleteAclsRequest_v2}
DeleteAclsRequest._DECODERS = {1: _dec_DeleteAclsRequest_v1, 2: _dec_DeleteAclsRequest_v2, 3: _dec_DeleteAclsRequest_v2}
