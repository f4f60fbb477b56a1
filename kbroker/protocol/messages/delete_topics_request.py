"""DeleteTopicsRequest: generated from schemas/clients/DeleteTopicsRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16s = struct.Struct('>16s')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class DeleteTopicState(Message):
    """The name or topic ID of the topic."""

    name: str | None = None
    topic_id: uuid.UUID = ZERO_UUID
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteTopicsRequest(Message):
    """The DeleteTopicsRequest struct of DeleteTopicsRequest."""

    API_KEY = 20
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 6
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 4:
            return 2
        return 1

    topics: list[DeleteTopicState] = attrs.field(factory=list)
    topic_names: list[str] = attrs.field(factory=list)
    timeout_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeleteTopicState = DeleteTopicState()
_DEFAULT_DeleteTopicsRequest = DeleteTopicsRequest()


def _enc_DeleteTopicState_v1(o, w):
    if o.name is not None:
        raise field_not_in_version('Name')
    if o.topic_id != ZERO_UUID:
        raise field_not_in_version('TopicId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteTopicState')


def _enc_DeleteTopicState_v4(o, w):
    if o.name is not None:
        raise field_not_in_version('Name')
    if o.topic_id != ZERO_UUID:
        raise field_not_in_version('TopicId')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DeleteTopicState_v6(o, w):
    b = w.buf
    write_compact_string(b, o.name, True, 'Name')
    b += _S_16s.pack(o.topic_id.bytes)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteTopicState_v1(buf, p):
    return DeleteTopicState(None, ZERO_UUID, ()), p


def _dec_DeleteTopicState_v4(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteTopicState')
    return DeleteTopicState(None, ZERO_UUID, _u), p


def _dec_DeleteTopicState_v6(buf, p):
    f_name, p = read_compact_string(buf, p, True, 'Name')
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteTopicState')
    return DeleteTopicState(f_name, f_topic_id, _u), p


def _enc_DeleteTopicsRequest_v1(o, w):
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    _a = o.topic_names
    if _a is None:
        raise EncodeError('TopicNames' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'TopicNames')
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteTopicsRequest')


def _enc_DeleteTopicsRequest_v4(o, w):
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    _a = o.topic_names
    if _a is None:
        raise EncodeError('TopicNames' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'TopicNames')
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DeleteTopicsRequest_v6(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteTopicState_v6(_e, w)
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteTopicsRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('TopicNames' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicNames')
        f_topic_names = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'TopicNames')
            f_topic_names.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return DeleteTopicsRequest([], f_topic_names, f_timeout_ms, ()), p


def _dec_DeleteTopicsRequest_v4(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TopicNames' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicNames')
        f_topic_names = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'TopicNames')
            f_topic_names.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteTopicsRequest')
    return DeleteTopicsRequest([], f_topic_names, f_timeout_ms, _u), p


def _dec_DeleteTopicsRequest_v6(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_DeleteTopicState_v6(buf, p)
            f_topics.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteTopicsRequest')
    return DeleteTopicsRequest(f_topics, [], f_timeout_ms, _u), p


DeleteTopicState._ENCODERS = {1: _enc_DeleteTopicState_v1, 2: _enc_DeleteTopicState_v1, 3: _enc_DeleteTopicState_v1, 4: _enc_DeleteTopicState_v4, 5: _enc_DeleteTopicState_v4, 6: _enc_DeleteTopicState_v6}
DeleteTopicState._DECODERS = {1: _dec_DeleteTopicState_v1, 2: _dec_DeleteTopicState_v1, 3: _dec_DeleteTopicState_v1, 4: _dec_DeleteTopicState_v4, 5: _dec_DeleteTopicState_v4, 6: _dec_DeleteTopicState_v6}
DeleteTopicsRequest._ENCODERS = {1: _enc_DeleteTopicsRequest_v1, 2: _enc_DeleteTopicsRequest_v1, 3: _enc_DeleteTopicsRequest_v1, 4: _enc_DeleteTopicsRequest_v4, 5: _enc_DeleteTopicsRequest_v4, 6: _enc_DeleteTopicsRequest_v6}
DeleteTopicsRequest._DECODERS = {1: _dec_DeleteTopicsRequest_v1, 2: _dec_DeleteTopicsRequest_v1, 3: _dec_DeleteTopicsRequest_v1, 4: _dec_DeleteTopicsRequest_v4, 5: _dec_DeleteTopicsRequest_v4, 6: _dec_DeleteTopicsRequest_v6}
