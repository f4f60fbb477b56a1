"""ShareGroupStatePartitionMetadataValue: generated from schemas/group-coordinator/ShareGroupStatePartitionMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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


@attrs.define(eq=True, slots=True)
class TopicPartitionsInfo(Message):
    """The TopicPartitionsInfo struct of ShareGroupStatePartitionMetadataValue."""

    topic_id: uuid.UUID = ZERO_UUID
    topic_name: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicInfo(Message):
    """The TopicInfo struct of ShareGroupStatePartitionMetadataValue."""

    topic_id: uuid.UUID = ZERO_UUID
    topic_name: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ShareGroupStatePartitionMetadataValue(Message):
    """The ShareGroupStatePartitionMetadataValue struct of ShareGroupStatePartitionMetadataValue."""

    API_KEY = 15
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    initializing_topics: list[TopicPartitionsInfo] = attrs.field(factory=list)
    initialized_topics: list[TopicPartitionsInfo] = attrs.field(factory=list)
    deleting_topics: list[TopicInfo] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicPartitionsInfo = TopicPartitionsInfo()
_DEFAULT_TopicInfo = TopicInfo()
_DEFAULT_ShareGroupStatePartitionMetadataValue = ShareGroupStatePartitionMetadataValue()


def _enc_TopicPartitionsInfo_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
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


def _dec_TopicPartitionsInfo_v0(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
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
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicPartitionsInfo')
    return TopicPartitionsInfo(f_topic_id, f_topic_name, f_partitions, _u), p


def _enc_TopicInfo_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    write_compact_string(b, o.topic_name, False, 'TopicName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicInfo_v0(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicInfo')
    return TopicInfo(f_topic_id, f_topic_name, _u), p


def _enc_ShareGroupStatePartitionMetadataValue_v0(o, w):
    b = w.buf
    _a = o.initializing_topics
    if _a is None:
        raise EncodeError('InitializingTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartitionsInfo_v0(_e, w)
    _a = o.initialized_topics
    if _a is None:
        raise EncodeError('InitializedTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartitionsInfo_v0(_e, w)
    _a = o.deleting_topics
    if _a is None:
        raise EncodeError('DeletingTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicInfo_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareGroupStatePartitionMetadataValue_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('InitializingTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'InitializingTopics')
        f_initializing_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicPartitionsInfo_v0(buf, p)
            f_initializing_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('InitializedTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'InitializedTopics')
        f_initialized_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicPartitionsInfo_v0(buf, p)
            f_initialized_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('DeletingTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'DeletingTopics')
        f_deleting_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicInfo_v0(buf, p)
            f_deleting_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareGroupStatePartitionMetadataValue')
    return ShareGroupStatePartitionMetadataValue(f_initializing_topics, f_initialized_topics, f_deleting_topics, _u), p


TopicPartitionsInfo._ENCODERS = {0: _enc_TopicPartitionsInfo_v0}
TopicPartitionsInfo._DECODERS = {0: _dec_TopicPartitionsInfo_v0}
TopicInfo._ENCODERS = {0: _enc_TopicInfo_v0}
TopicInfo._DECODERS = {0: _dec_TopicInfo_v0}
ShareGroupStatePartitionMetadataValue._ENCODERS = {0: _enc_ShareGroupStatePartitionMetadataValue_v0}
ShareGroupStatePartitionMetadataValue._DECODERS = {0: _dec_ShareGroupStatePartitionMetadataValue_v0}
