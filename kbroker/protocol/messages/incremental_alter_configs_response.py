"""IncrementalAlterConfigsResponse: generated from schemas/clients/IncrementalAlterConfigsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class AlterConfigsResourceResponse(Message):
    """The responses for each resource."""

    error_code: int = 0
    error_message: str | None = ''
    resource_type: int = 0
    resource_name: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class IncrementalAlterConfigsResponse(Message):
    """The IncrementalAlterConfigsResponse struct of IncrementalAlterConfigsResponse."""

    API_KEY = 44
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 1
        return 0

    throttle_time_ms: int = 0
    responses: list[AlterConfigsResourceResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AlterConfigsResourceResponse = AlterConfigsResourceResponse()
_DEFAULT_IncrementalAlterConfigsResponse = IncrementalAlterConfigsResponse()


def _enc_AlterConfigsResourceResponse_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.resource_type)
    write_string(b, o.resource_name, False, 'ResourceName')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterConfigsResourceResponse')


def _enc_AlterConfigsResourceResponse_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterConfigsResourceResponse_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_string(buf, p, False, 'ResourceName')
    return AlterConfigsResourceResponse(f_error_code, f_error_message, f_resource_type, f_resource_name, ()), p


def _dec_AlterConfigsResourceResponse_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterConfigsResourceResponse')
    return AlterConfigsResourceResponse(f_error_code, f_error_message, f_resource_type, f_resource_name, _u), p


def _enc_IncrementalAlterConfigsResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AlterConfigsResourceResponse_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('IncrementalAlterConfigsResponse')


def _enc_IncrementalAlterConfigsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterConfigsResourceResponse_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_IncrementalAlterConfigsResponse_v0(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_AlterConfigsResourceResponse_v0(buf, p)
            f_responses.append(_e)
    return IncrementalAlterConfigsResponse(f_throttle_time_ms, f_responses, ()), p


def _dec_IncrementalAlterConfigsResponse_v1(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_AlterConfigsResourceResponse_v1(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'IncrementalAlterConfigsResponse')
    return IncrementalAlterConfigsResponse(f_throttle_time_ms, f_responses, _u), p


AlterConfigsResourceResponse._ENCODERS = {0: _enc_AlterConfigsResourceResponse_v0, 1: _enc_AlterConfigsResourceResponse_v1}
AlterConfigsResourceResponse._DECODERS = {0: _dec_AlterConfigsResourceResponse_v0, 1: _dec_AlterConfigsResourceResponse_v1}
IncrementalAlterConfigsResponse._ENCODERS = {0: _enc_IncrementalAlterConfigsResponse_v0, 1: _enc_IncrementalAlterConfigsResponse_v1}
IncrementalAlterConfigsResponse._DECODERS = {0: _dec_IncrementalAlterConfigsResponse_v0, 1: _dec_IncrementalAlterConfigsResponse_v1}
