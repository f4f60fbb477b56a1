"""CreateAclsResponse: generated from schemas/clients/CreateAclsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
class AclCreationResult(Message):
    """The results for each ACL creation."""

    error_code: int = 0
    error_message: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreateAclsResponse(Message):
    """The CreateAclsResponse struct of CreateAclsResponse."""

    API_KEY = 30
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
    results: list[AclCreationResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AclCreationResult = AclCreationResult()
_DEFAULT_CreateAclsResponse = CreateAclsResponse()


def _enc_AclCreationResult_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AclCreationResult')


def _enc_AclCreationResult_v2(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AclCreationResult_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    return AclCreationResult(f_error_code, f_error_message, ()), p


def _dec_AclCreationResult_v2(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AclCreationResult')
    return AclCreationResult(f_error_code, f_error_message, _u), p


def _enc_CreateAclsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AclCreationResult_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreateAclsResponse')


def _enc_CreateAclsResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AclCreationResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreateAclsResponse_v1(buf, p):
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
            _e, p = _dec_AclCreationResult_v1(buf, p)
            f_results.append(_e)
    return CreateAclsResponse(f_throttle_time_ms, f_results, ()), p


def _dec_CreateAclsResponse_v2(buf, p):
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
            _e, p = _dec_AclCreationResult_v2(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateAclsResponse')
    return CreateAclsResponse(f_throttle_time_ms, f_results, _u), p


AclCreationResult._ENCODERS = {1: _enc_AclCreationResult_v1, 2: _enc_AclCreationResult_v2, 3: _enc_AclCreationResult_v2}
AclCreationResult._DECODERS = {1: _dec_AclCreationResult_v1, 2: _dec_AclCreationResult_v2, 3: _dec_AclCreationResult_v2}
CreateAclsResponse._ENCODERS = {1: _enc_CreateAclsResponse_v1, 2: _enc_CreateAclsResponse_v2, 3: _enc_CreateAclsResponse_v2}
CreateAclsResponse._DECODERS = {1: _dec_CreateAclsResponse_v1, 2: _dec_CreateAclsResponse_v2, 3: _dec_CreateAclsResponse_v2}
