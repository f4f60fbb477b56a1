"""DescribeLogDirsRequest: generated from schemas/clients/DescribeLogDirsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class DescribableLogDirTopic(Message):
    """Each topic that we want to describe log directories for, or null for all topics."""

    topic: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeLogDirsRequest(Message):
    """The DescribeLogDirsRequest struct of DescribeLogDirsRequest."""

    API_KEY = 35
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    topics: list[DescribableLogDirTopic] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribableLogDirTopic = DescribableLogDirTopic()
_DEFAULT_DescribeLogDirsRequest = DescribeLogDirsRequest()


def _enc_DescribableLogDirTopic_v1(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribableLogDirTopic')


def _enc_DescribableLogDirTopic_v2(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
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


def _dec_DescribableLogDirTopic_v1(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return DescribableLogDirTopic(f_topic, f_partitions, ()), p


def _dec_DescribableLogDirTopic_v2(buf, p):
    f_topic, p = read_compact_string(buf, p, False, 'Topic')
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
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribableLogDirTopic')
    return DescribableLogDirTopic(f_topic, f_partitions, _u), p


def _enc_DescribeLogDirsRequest_v1(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribableLogDirTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeLogDirsRequest')


def _enc_DescribeLogDirsRequest_v2(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribableLogDirTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeLogDirsRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_DescribableLogDirTopic_v1(buf, p)
            f_topics.append(_e)
    return DescribeLogDirsRequest(f_topics, ()), p


def _dec_DescribeLogDirsRequest_v2(buf, p):
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
            _e, p = _dec_DescribableLogDirTopic_v2(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsRequest')
    return DescribeLogDirsRequest(f_topics, _u), p


DescribableLogDirTopic._ENCODERS = {1: _enc_DescribableLogDirTopic_v1, 2: _enc_DescribableLogDirTopic_v2, 3: _enc_DescribableLogDirTopic_v2, 4: _enc_DescribableLogDirTopic_v2, 5: _enc_DescribableLogDirTopic_v2}
DescribableLogDirTopic._DECODERS = {1: _dec_DescribableLogDirTopic_v1, 2: _dec_DescribableLogDirTopic_v2, 3: _dec_DescribableLogDirTopic_v2, 4: _dec_DescribableLogDirTopic_v2, 5: _dec_DescribableLogDirTopic_v2}
DescribeLogDirsRequest._ENCODERS = {1: _enc_DescribeLogDirsRequest_v1, 2: _enc_DescribeLogDirsRequest_v2, 3: _enc_DescribeLogDirsRequest_v2, 4: _enc_DescribeLogDirsRequest_v2, 5: _enc_DescribeLogDirsRequest_v2}
DescribeLogDirsRequest._DECODERS = {1: _dec_DescribeLogDirsRequest_v1, 2: _dec_DescribeLogDirsRequest_v2, 3: _dec_DescribeLogDirsRequest_v2, 4: _dec_DescribeLogDirsRequest_v2, 5: _dec_DescribeLogDirsRequest_v2}
