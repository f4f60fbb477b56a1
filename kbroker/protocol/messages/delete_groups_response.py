"""DeleteGroupsResponse: generated from schemas/clients/DeleteGroupsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class DeletableGroupResult(Message):
    """The deletion results."""

    group_id: str = ''
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteGroupsResponse(Message):
    """The DeleteGroupsResponse struct of DeleteGroupsResponse."""

    API_KEY = 42
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    throttle_time_ms: int = 0
    results: list[DeletableGroupResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeletableGroupResult = DeletableGroupResult()
_DEFAULT_DeleteGroupsResponse = DeleteGroupsResponse()


def _enc_DeletableGroupResult_v0(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeletableGroupResult')


def _enc_DeletableGroupResult_v2(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeletableGroupResult_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return DeletableGroupResult(f_group_id, f_error_code, ()), p


def _dec_DeletableGroupResult_v2(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeletableGroupResult')
    return DeletableGroupResult(f_group_id, f_error_code, _u), p


def _enc_DeleteGroupsResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeletableGroupResult_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteGroupsResponse')


def _enc_DeleteGroupsResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeletableGroupResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteGroupsResponse_v0(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_DeletableGroupResult_v0(buf, p)
            f_results.append(_e)
    return DeleteGroupsResponse(f_throttle_time_ms, f_results, ()), p


def _dec_DeleteGroupsResponse_v2(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_DeletableGroupResult_v2(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteGroupsResponse')
    return DeleteGroupsResponse(f_throttle_time_ms, f_results, _u), p


DeletableGroupResult._ENCODERS = {0: _enc_DeletableGroupResult_v0, 1: _enc_DeletableGroupResult_v0, 2: _enc_DeletableGroupResult_v2}
DeletableGroupResult._DECODERS = {0: _dec_DeletableGroupResult_v0, 1: _dec_DeletableGroupResult_v0, 2: _dec_DeletableGroupResult_v2}
DeleteGroupsResponse._ENCODERS = {0: _enc_DeleteGroupsResponse_v0, 1: _enc_DeleteGroupsResponse_v0, 2: _enc_DeleteGroupsResponse_v2}
DeleteGroupsResponse._DECODERS = {0: _dec_DeleteGroupsResponse_v0, 1: _dec_DeleteGroupsResponse_v0, 2: _dec_DeleteGroupsResponse_v2}
