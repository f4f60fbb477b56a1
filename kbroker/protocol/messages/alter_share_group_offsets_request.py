"""AlterShareGroupOffsetsRequest: generated from schemas/clients/AlterShareGroupOffsetsRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_iq = struct.Struct('>iq')


@attrs.define(eq=True, slots=True)
class AlterShareGroupOffsetsRequestPartition(Message):
    """Each partition to alter offsets for."""

    partition_index: int = 0
    start_offset: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterShareGroupOffsetsRequestTopic(Message):
    """The topics to alter offsets for."""

    topic_name: str = ''
    partitions: list[AlterShareGroupOffsetsRequestPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterShareGroupOffsetsRequest(Message):
    """The AlterShareGroupOffsetsRequest struct of AlterShareGroupOffsetsRequest."""

    API_KEY = 91
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
    topics: list[AlterShareGroupOffsetsRequestTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AlterShareGroupOffsetsRequestPartition = AlterShareGroupOffsetsRequestPartition()
_DEFAULT_AlterShareGroupOffsetsRequestTopic = AlterShareGroupOffsetsRequestTopic()
_DEFAULT_AlterShareGroupOffsetsRequest = AlterShareGroupOffsetsRequest()


def _enc_AlterShareGroupOffsetsRequestPartition_v0(o, w):
    b = w.buf
    b += _S_iq.pack(o.partition_index, o.start_offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterShareGroupOffsetsRequestPartition_v0(buf, p):
    f_partition_index, f_start_offset = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterShareGroupOffsetsRequestPartition')
    return AlterShareGroupOffsetsRequestPartition(f_partition_index, f_start_offset, _u), p


def _enc_AlterShareGroupOffsetsRequestTopic_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterShareGroupOffsetsRequestPartition_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterShareGroupOffsetsRequestTopic_v0(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_AlterShareGroupOffsetsRequestPartition_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterShareGroupOffsetsRequestTopic')
    return AlterShareGroupOffsetsRequestTopic(f_topic_name, f_partitions, _u), p


def _enc_AlterShareGroupOffsetsRequest_v0(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterShareGroupOffsetsRequestTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterShareGroupOffsetsRequest_v0(buf, p):
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
            _e, p = _dec_AlterShareGroupOffsetsRequestTopic_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterShareGroupOffsetsRequest')
    return AlterShareGroupOffsetsRequest(f_group_id, f_topics, _u), p


AlterShareGroupOffsetsRequestPartition._ENCODERS = {0: _enc_AlterShareGroupOffsetsRequestPartition_v0}
AlterShareGroupOffsetsRequestPartition._DECODERS = {0: _dec_AlterShareGroupOffsetsRequestPartition_v0}
AlterShareGroupOffsetsRequestTopic._ENCODERS = {0: _enc_AlterShareGroupOffsetsRequestTopic_v0}
AlterShareGroupOffsetsRequestTopic._DECODERS = {0: _dec_AlterShareGroupOffsetsRequestTopic_v0}
AlterShareGroupOffsetsRequest._ENCODERS = {0: _enc_AlterShareGroupOffsetsRequest_v0}
AlterShareGroupOffsetsRequest._DECODERS = {0: _dec_AlterShareGroupOffsetsRequest_v0}
