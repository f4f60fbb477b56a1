"""DeleteShareGroupOffsetsResponse: generated from schemas/clients/DeleteShareGroupOffsetsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class DeleteShareGroupOffsetsResponseTopic(Message):
    """The results for each topic."""

    topic_name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    error_code: int = 0
    error_message: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteShareGroupOffsetsResponse(Message):
    """The DeleteShareGroupOffsetsResponse struct of DeleteShareGroupOffsetsResponse."""

    API_KEY = 92
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = None
    responses: list[DeleteShareGroupOffsetsResponseTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeleteShareGroupOffsetsResponseTopic = DeleteShareGroupOffsetsResponseTopic()
_DEFAULT_DeleteShareGroupOffsetsResponse = DeleteShareGroupOffsetsResponse()


def _enc_DeleteShareGroupOffsetsResponseTopic_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    b += _S_16sh.pack(o.topic_id.bytes, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteShareGroupOffsetsResponseTopic_v0(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
    f_topic_id, f_error_code = _S_16sh.unpack_from(buf, p)
    p += 18
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteShareGroupOffsetsResponseTopic')
    return DeleteShareGroupOffsetsResponseTopic(f_topic_name, f_topic_id, f_error_code, f_error_message, _u), p


def _enc_DeleteShareGroupOffsetsResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteShareGroupOffsetsResponseTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteShareGroupOffsetsResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
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
            _e, p = _dec_DeleteShareGroupOffsetsResponseTopic_v0(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteShareGroupOffsetsResponse')
    return DeleteShareGroupOffsetsResponse(f_throttle_time_ms, f_error_code, f_error_message, f_responses, _u), p


DeleteShareGroupOffsetsResponseTopic._ENCODERS = {0: _enc_DeleteShareGroupOffsetsResponseTopic_v0}
DeleteShareGroupOffsetsResponseTopic._DECODERS = {0: _dec_DeleteShareGroupOffsetsResponseTopic_v0}
DeleteShareGroupOffsetsResponse._ENCODERS = {0: _enc_DeleteShareGroupOffsetsResponse_v0}
DeleteShareGroupOffsetsResponse._DECODERS = {0: _dec_DeleteShareGroupOffsetsResponse_v0}
