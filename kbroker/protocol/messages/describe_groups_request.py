"""DescribeGroupsRequest: generated from schemas/clients/DescribeGroupsRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class DescribeGroupsRequest(Message):
    """The DescribeGroupsRequest struct of DescribeGroupsRequest."""

    API_KEY = 15
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 6
    FLEXIBLE_VERSION = 5
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 5:
            return 2
        return 1

    groups: list[str] = attrs.field(factory=list)
    include_authorized_operations: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeGroupsRequest = DescribeGroupsRequest()


def _enc_DescribeGroupsRequest_v0(o, w):
    if bool(o.include_authorized_operations):
        raise field_not_in_version('IncludeAuthorizedOperations')
    b = w.buf
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'Groups')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeGroupsRequest')


def _enc_DescribeGroupsRequest_v3(o, w):
    b = w.buf
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'Groups')
    b += _S_o.pack(o.include_authorized_operations)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeGroupsRequest')


def _enc_DescribeGroupsRequest_v5(o, w):
    b = w.buf
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'Groups')
    b += _S_o.pack(o.include_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeGroupsRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'Groups')
            f_groups.append(_e)
    return DescribeGroupsRequest(f_groups, False, ()), p


def _dec_DescribeGroupsRequest_v3(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'Groups')
            f_groups.append(_e)
    f_include_authorized_operations, = _S_o.unpack_from(buf, p)
    p += 1
    return DescribeGroupsRequest(f_groups, f_include_authorized_operations, ()), p


def _dec_DescribeGroupsRequest_v5(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'Groups')
            f_groups.append(_e)
    f_include_authorized_operations, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeGroupsRequest')
    return DescribeGroupsRequest(f_groups, f_include_authorized_operations, _u), p


DescribeGroupsRequest._ENCODERS = {0: _enc_DescribeGroupsRequest_v0, 1: _enc_DescribeGroupsRequest_v0, 2: _enc_DescribeGroupsRequest_v0, 3: _enc_DescribeGroupsRequest_v3, 4: _enc_DescribeGroupsRequest_v3, 5: _enc_DescribeGroupsRequest_v5, 6: _enc_DescribeGroupsRequest_v5}
DescribeGroupsRequest._DECODERS = {0: _dec_DescribeGroupsRequest_v0, 1: _dec_DescribeGroupsRequest_v0, 2: _dec_DescribeGroupsRequest_v0, 3: _dec_DescribeGroupsRequest_v3, 4: _dec_DescribeGroupsRequest_v3, 5: _dec_DescribeGroupsRequest_v5, 6: _dec_DescribeGroupsRequest_v5}
