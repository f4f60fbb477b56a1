"""DeleteTopicsResponse: generated from schemas/clients/DeleteTopicsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16sh = struct.Struct('>16sh')
_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class DeletableTopicResult(Message):
    """The results for each topic we tried to delete."""

    name: str | None = ''
    topic_id: uuid.UUID = ZERO_UUID
    error_code: int = 0
    error_message: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteTopicsResponse(Message):
    """The DeleteTopicsResponse struct of DeleteTopicsResponse."""

    API_KEY = 20
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 6
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 4:
            return 1
        return 0

    throttle_time_ms: int = 0
    responses: list[DeletableTopicResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeletableTopicResult = DeletableTopicResult()
_DEFAULT_DeleteTopicsResponse = DeleteTopicsResponse()


def _enc_DeletableTopicResult_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeletableTopicResult')


def _enc_DeletableTopicResult_v4(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DeletableTopicResult_v5(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DeletableTopicResult_v6(o, w):
    b = w.buf
    write_compact_string(b, o.name, True, 'Name')
    b += _S_16sh.pack(o.topic_id.bytes, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeletableTopicResult_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return DeletableTopicResult(f_name, ZERO_UUID, f_error_code, None, ()), p


def _dec_DeletableTopicResult_v4(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeletableTopicResult')
    return DeletableTopicResult(f_name, ZERO_UUID, f_error_code, None, _u), p


def _dec_DeletableTopicResult_v5(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeletableTopicResult')
    return DeletableTopicResult(f_name, ZERO_UUID, f_error_code, f_error_message, _u), p


def _dec_DeletableTopicResult_v6(buf, p):
    f_name, p = read_compact_string(buf, p, True, 'Name')
    f_topic_id, f_error_code = _S_16sh.unpack_from(buf, p)
    p += 18
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeletableTopicResult')
    return DeletableTopicResult(f_name, f_topic_id, f_error_code, f_error_message, _u), p


def _enc_DeleteTopicsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeletableTopicResult_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteTopicsResponse')


def _enc_DeleteTopicsResponse_v4(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeletableTopicResult_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DeleteTopicsResponse_v5(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeletableTopicResult_v5(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DeleteTopicsResponse_v6(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeletableTopicResult_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteTopicsResponse_v1(buf, p):
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
            _e, p = _dec_DeletableTopicResult_v1(buf, p)
            f_responses.append(_e)
    return DeleteTopicsResponse(f_throttle_time_ms, f_responses, ()), p


def _dec_DeleteTopicsResponse_v4(buf, p):
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
            _e, p = _dec_DeletableTopicResult_v4(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteTopicsResponse')
    return DeleteTopicsResponse(f_throttle_time_ms, f_responses, _u), p


def _dec_DeleteTopicsResponse_v5(buf, p):
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
            _e, p = _dec_DeletableTopicResult_v5(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteTopicsResponse')
    return DeleteTopicsResponse(f_throttle_time_ms, f_responses, _u), p


def _dec_DeleteTopicsResponse_v6(buf, p):
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
            _e, p = _dec_DeletableTopicResult_v6(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteTopicsResponse')
    return DeleteTopicsResponse(f_throttle_time_ms, f_responses, _u), p


DeletableTopicResult._ENCODERS = {1: _enc_DeletableTopicResult_v1, 2: _enc_DeletableTopicResult_v1, 3: _enc_DeletableTopicResult_v1, 4: _enc_DeletableTopicResult_v4, 5: _enc_DeletableTopicResult_v5, 6: _enc_DeletableTopicResult_v6}
DeletableTopicResult._DECODERS = {1: _dec_DeletableTopicResult_v1, 2: _dec_DeletableTopicResult_v1, 3: _dec_DeletableTopicResult_v1, 4: _dec_DeletableTopicResult_v4, 5: _dec_DeletableTopicResult_v5, 6: _dec_DeletableTopicResult_v6}
DeleteTopicsResponse._ENCODERS = {1: _enc_DeleteTopicsResponse_v1, 2: _enc_DeleteTopicsResponse_v1, 3: _enc_DeleteTopicsResponse_v1, 4: _enc_DeleteTopicsResponse_v4, 5: _enc_DeleteTopicsResponse_v5, 6: _enc_DeleteTopicsResponse_v6}
DeleteTopicsResponse._DECODERS = {1: _dec_DeleteTopicsResponse_v1, 2: _dec_DeleteTopicsResponse_v1, 3: _dec_DeleteTopicsResponse_v1, 4: _dec_DeleteTopicsResponse_v4, 5: _dec_DeleteTopicsResponse_v5, 6: _dec_DeleteTopicsResponse_v6}
