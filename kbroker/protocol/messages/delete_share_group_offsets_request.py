"""DeleteShareGroupOffsetsRequest: generated from schemas/clients/DeleteShareGroupOffsetsRequest.json by kbroker.protocol.codegen. Do not edit."""

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



@attrs.define(eq=True, slots=True)
class DeleteShareGroupOffsetsRequestTopic(Message):
    """The topics to delete offsets for."""

    topic_name: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteShareGroupOffsetsRequest(Message):
    """The DeleteShareGroupOffsetsRequest struct of DeleteShareGroupOffsetsRequest."""

    API_KEY = 92
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

    group_id: str = ''
    topics: list[DeleteShareGroupOffsetsRequestTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeleteShareGroupOffsetsRequestTopic = DeleteShareGroupOffsetsRequestTopic()
_DEFAULT_DeleteShareGroupOffsetsRequest = DeleteShareGroupOffsetsRequest()


def _enc_DeleteShareGroupOffsetsRequestTopic_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteShareGroupOffsetsRequestTopic_v0(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteShareGroupOffsetsRequestTopic')
    return DeleteShareGroupOffsetsRequestTopic(f_topic_name, _u), p


def _enc_DeleteShareGroupOffsetsRequest_v0(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteShareGroupOffsetsRequestTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteShareGroupOffsetsRequest_v0(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
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
            _e, p = _dec_DeleteShareGroupOffsetsRequestTopic_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteShareGroupOffsetsRequest')
    return DeleteShareGroupOffsetsRequest(f_group_id, f_topics, _u), p


DeleteShareGroupOffsetsRequestTopic._ENCODERS = {0: _enc_DeleteShareGroupOffsetsRequestTopic_v0}
DeleteShareGroupOffsetsRequestTopic._DECODERS = {0: _dec_DeleteShareGroupOffsetsRequestTopic_v0}
DeleteShareGroupOffsetsRequest._ENCODERS = {0: _enc_DeleteShareGroupOffsetsRequest_v0}
DeleteShareGroupOffsetsRequest._DECODERS = {0: _dec_DeleteShareGroupOffsetsRequest_v0}
