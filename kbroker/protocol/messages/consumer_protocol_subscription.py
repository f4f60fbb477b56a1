"""ConsumerProtocolSubscription: generated from schemas/clients/ConsumerProtocolSubscription.json by kbroker.protocol.codegen. Do not edit."""

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
class TopicPartition(Message):
    """The partitions that the member owns."""

    topic: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ConsumerProtocolSubscription(Message):
    """The ConsumerProtocolSubscription struct of ConsumerProtocolSubscription."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    topics: list[str] = attrs.field(factory=list)
    user_data: bytes | None = None
    owned_partitions: list[TopicPartition] = attrs.field(factory=list)
    generation_id: int = -1
    rack_id: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicPartition = TopicPartition()
_DEFAULT_ConsumerProtocolSubscription = ConsumerProtocolSubscription()


def _enc_TopicPartition_v0(o, w):
    if o.topic != '':
        raise field_not_in_version('Topic')
    if o.partitions is None or len(o.partitions) != 0:
        raise field_not_in_version('Partitions')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TopicPartition')


def _enc_TopicPartition_v1(o, w):
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
        raise unknown_tags_in_rigid_version('TopicPartition')


def _dec_TopicPartition_v0(buf, p):
    return TopicPartition('', [], ()), p


def _dec_TopicPartition_v1(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return TopicPartition(f_topic, f_partitions, ()), p


def _enc_ConsumerProtocolSubscription_v0(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'Topics')
    write_bytes(b, o.user_data, True, 'UserData')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ConsumerProtocolSubscription')


def _enc_ConsumerProtocolSubscription_v1(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'Topics')
    write_bytes(b, o.user_data, True, 'UserData')
    _a = o.owned_partitions
    if _a is None:
        raise EncodeError('OwnedPartitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicPartition_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ConsumerProtocolSubscription')


def _enc_ConsumerProtocolSubscription_v2(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'Topics')
    write_bytes(b, o.user_data, True, 'UserData')
    _a = o.owned_partitions
    if _a is None:
        raise EncodeError('OwnedPartitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicPartition_v1(_e, w)
    b += _S_i.pack(o.generation_id)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ConsumerProtocolSubscription')


def _enc_ConsumerProtocolSubscription_v3(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'Topics')
    write_bytes(b, o.user_data, True, 'UserData')
    _a = o.owned_partitions
    if _a is None:
        raise EncodeError('OwnedPartitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicPartition_v1(_e, w)
    b += _S_i.pack(o.generation_id)
    write_string(b, o.rack_id, True, 'RackId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ConsumerProtocolSubscription')


def _dec_ConsumerProtocolSubscription_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'Topics')
            f_topics.append(_e)
    f_user_data, p = read_bytes(buf, p, True, 'UserData')
    return ConsumerProtocolSubscription(f_topics, f_user_data, [], -1, None, ()), p


def _dec_ConsumerProtocolSubscription_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'Topics')
            f_topics.append(_e)
    f_user_data, p = read_bytes(buf, p, True, 'UserData')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('OwnedPartitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'OwnedPartitions')
        f_owned_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartition_v1(buf, p)
            f_owned_partitions.append(_e)
    return ConsumerProtocolSubscription(f_topics, f_user_data, f_owned_partitions, -1, None, ()), p


def _dec_ConsumerProtocolSubscription_v2(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'Topics')
            f_topics.append(_e)
    f_user_data, p = read_bytes(buf, p, True, 'UserData')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('OwnedPartitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'OwnedPartitions')
        f_owned_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartition_v1(buf, p)
            f_owned_partitions.append(_e)
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    return ConsumerProtocolSubscription(f_topics, f_user_data, f_owned_partitions, f_generation_id, None, ()), p


def _dec_ConsumerProtocolSubscription_v3(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'Topics')
            f_topics.append(_e)
    f_user_data, p = read_bytes(buf, p, True, 'UserData')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('OwnedPartitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'OwnedPartitions')
        f_owned_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartition_v1(buf, p)
            f_owned_partitions.append(_e)
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_rack_id, p = read_string(buf, p, True, 'RackId')
    return ConsumerProtocolSubscription(f_topics, f_user_data, f_owned_partitions, f_generation_id, f_rack_id, ()), p


TopicPartition._ENCODERS = {0: _enc_TopicPartition_v0, 1: _enc_TopicPartition_v1, 2: _enc_TopicPartition_v1, 3: _enc_TopicPartition_v1}
TopicPartition._DECODERS = {0: _dec_TopicPartition_v0, 1: _dec_TopicPartition_v1, 2: _dec_TopicPartition_v1, 3: _dec_TopicPartition_v1}
ConsumerProtocolSubscription._ENCODERS = {0: _enc_ConsumerProtocolSubscription_v0, 1: _enc_ConsumerProtocolSubscription_v1, 2: _enc_ConsumerProtocolSubscription_v2, 3: _enc_ConsumerProtocolSubscription_v3}
ConsumerProtocolSubscription._DECODERS = {0: _dec_ConsumerProtocolSubscription_v0, 1: _dec_ConsumerProtocolSubscription_v1, 2: _dec_ConsumerProtocolSubscription_v2, 3: _dec_ConsumerProtocolSubscription_v3}
