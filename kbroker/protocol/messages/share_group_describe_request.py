"""ShareGroupDescribeRequest: generated from schemas/clients/ShareGroupDescribeRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class ShareGroupDescribeRequest(Message):
    """The ShareGroupDescribeRequest struct of ShareGroupDescribeRequest."""

    API_KEY = 77
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 2
        return 1

    group_ids: list[str] = attrs.field(factory=list)
    include_authorized_operations: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ShareGroupDescribeRequest = ShareGroupDescribeRequest()


def _enc_ShareGroupDescribeRequest_v1(o, w):
    b = w.buf
    _a = o.group_ids
    if _a is None:
        raise EncodeError('GroupIds' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'GroupIds')
    b += _S_o.pack(o.include_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareGroupDescribeRequest_v1(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('GroupIds' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'GroupIds')
        f_group_ids = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'GroupIds')
            f_group_ids.append(_e)
    f_include_authorized_operations, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareGroupDescribeRequest')
    return ShareGroupDescribeRequest(f_group_ids, f_include_authorized_operations, _u), p


ShareGroupDescribeRequest._ENCODERS = {1: _enc_ShareGroupDescribeRequest_v1}
ShareGroupDescribeRequest._DECODERS = {1: _dec_ShareGroupDescribeRequest_v1}
