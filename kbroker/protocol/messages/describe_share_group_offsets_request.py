"""DescribeShareGroupOffsetsRequest: generated from schemas/clients/DescribeShareGroupOffsetsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class DescribeShareGroupOffsetsRequestTopic(Message):
    """The topics to describe offsets for, or null for all topic-partitions."""

    topic_name: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeShareGroupOffsetsRequestGroup(Message):
    """The groups to describe offsets for."""

    group_id: str = ''
    topics: list[DescribeShareGroupOffsetsRequestTopic] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeShareGroupOffsetsRequest(Message):
    """The DescribeShareGroupOffsetsRequest struct of DescribeShareGroupOffsetsRequest."""

    API_KEY = 90
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    groups: list[DescribeShareGroupOffsetsRequestGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeShareGroupOffsetsRequestTopic = DescribeShareGroupOffsetsRequestTopic()
_DEFAULT_DescribeShareGroupOffsetsRequestGroup = DescribeShareGroupOffsetsRequestGroup()
_DEFAULT_DescribeShareGroupOffsetsRequest = DescribeShareGroupOffsetsRequest()


def _enc_DescribeShareGroupOffsetsRequestTopic_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeShareGroupOffsetsRequestTopic_v0(buf, p):
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
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsRequestTopic')
    return DescribeShareGroupOffsetsRequestTopic(f_topic_name, f_partitions, _u), p


def _enc_DescribeShareGroupOffsetsRequestGroup_v0(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeShareGroupOffsetsRequestTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeShareGroupOffsetsRequestGroup_v0(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_DescribeShareGroupOffsetsRequestTopic_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsRequestGroup')
    return DescribeShareGroupOffsetsRequestGroup(f_group_id, f_topics, _u), p


def _enc_DescribeShareGroupOffsetsRequest_v0(o, w):
    b = w.buf
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeShareGroupOffsetsRequestGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeShareGroupOffsetsRequest_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_DescribeShareGroupOffsetsRequestGroup_v0(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsRequest')
    return DescribeShareGroupOffsetsRequest(f_groups, _u), p


DescribeShareGroupOffsetsRequestTopic._ENCODERS = {0: _enc_DescribeShareGroupOffsetsRequestTopic_v0, 1: _enc_DescribeShareGroupOffsetsRequestTopic_v0}
DescribeShareGroupOffsetsRequestTopic._DECODERS = {0: _dec_DescribeShareGroupOffsetsRequestTopic_v0, 1: _dec_DescribeShareGroupOffsetsRequestTopic_v0}
DescribeShareGroupOffsetsRequestGroup._ENCODERS = {0: _enc_DescribeShareGroupOffsetsRequestGroup_v0, 1: _enc_DescribeShareGroupOffsetsRequestGroup_v0}
DescribeShareGroupOffsetsRequestGroup._DECODERS = {0: _dec_DescribeShareGroupOffsetsRequestGroup_v0, 1: _dec_DescribeShareGroupOffsetsRequestGroup_v0}
DescribeShareGroupOffsetsRequest._ENCODERS = {0: _enc_DescribeShareGroupOffsetsRequest_v0, 1: _enc_DescribeShareGroupOffsetsRequest_v0}
DescribeShareGroupOffsetsRequest._DECODERS = {0: _dec_DescribeShareGroupOffsetsRequest_v0, 1: _dec_DescribeShareGroupOffsetsRequest_v0}
