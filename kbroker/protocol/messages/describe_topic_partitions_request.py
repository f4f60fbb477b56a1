"""DescribeTopicPartitionsRequest: generated from schemas/clients/DescribeTopicPartitionsRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class TopicRequest(Message):
    """The topics to fetch details for."""

    name: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Cursor(Message):
    """The first topic and partition index to fetch details for."""

    topic_name: str = ''
    partition_index: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeTopicPartitionsRequest(Message):
    """The DescribeTopicPartitionsRequest struct of DescribeTopicPartitionsRequest."""

    API_KEY = 75
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    topics: list[TopicRequest] = attrs.field(factory=list)
    response_partition_limit: int = 2000
    cursor: Cursor | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicRequest = TopicRequest()
_DEFAULT_Cursor = Cursor()
_DEFAULT_DescribeTopicPartitionsRequest = DescribeTopicPartitionsRequest()


def _enc_TopicRequest_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicRequest_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicRequest')
    return TopicRequest(f_name, _u), p


def _enc_Cursor_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    b += _S_i.pack(o.partition_index)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Cursor_v0(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
    f_partition_index, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Cursor')
    return Cursor(f_topic_name, f_partition_index, _u), p


def _enc_DescribeTopicPartitionsRequest_v0(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicRequest_v0(_e, w)
    b += _S_i.pack(o.response_partition_limit)
    _v = o.cursor
    if _v is None:
        b.append(255)
    else:
        b.append(1)
        _enc_Cursor_v0(_v, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeTopicPartitionsRequest_v0(buf, p):
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
            _e, p = _dec_TopicRequest_v0(buf, p)
            f_topics.append(_e)
    f_response_partition_limit, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] >= 0x80:
        f_cursor = None
        p += 1
    else:
        f_cursor, p = _dec_Cursor_v0(buf, p + 1)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeTopicPartitionsRequest')
    return DescribeTopicPartitionsRequest(f_topics, f_response_partition_limit, f_cursor, _u), p


TopicRequest._ENCODERS = {0: _enc_TopicRequest_v0}
TopicRequest._DECODERS = {0: _dec_TopicRequest_v0}
Cursor._ENCODERS = {0: _enc_Cursor_v0}
Cursor._DECODERS = {0: _dec_Cursor_v0}
DescribeTopicPartitionsRequest._ENCODERS = {0: _enc_DescribeTopicPartitionsRequest_v0}
DescribeTopicPartitionsRequest._DECODERS = {0: _dec_DescribeTopicPartitionsRequest_v0}
