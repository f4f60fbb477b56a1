"""OffsetForLeaderEpochRequest: generated from schemas/clients/OffsetForLeaderEpochRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iii = struct.Struct('>iii')


@attrs.define(eq=True, slots=True)
class OffsetForLeaderPartition(Message):
    """Each partition to get offsets for."""

    partition: int = 0
    current_leader_epoch: int = -1
    leader_epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetForLeaderTopic(Message):
    """Each topic to get offsets for."""

    topic: str = ''
    partitions: list[OffsetForLeaderPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetForLeaderEpochRequest(Message):
    """The OffsetForLeaderEpochRequest struct of OffsetForLeaderEpochRequest."""

    API_KEY = 23
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 2
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 4:
            return 2
        return 1

    replica_id: int = -2
    topics: list[OffsetForLeaderTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OffsetForLeaderPartition = OffsetForLeaderPartition()
_DEFAULT_OffsetForLeaderTopic = OffsetForLeaderTopic()
_DEFAULT_OffsetForLeaderEpochRequest = OffsetForLeaderEpochRequest()


def _enc_OffsetForLeaderPartition_v2(o, w):
    b = w.buf
    b += _S_iii.pack(o.partition, o.current_leader_epoch, o.leader_epoch)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetForLeaderPartition')


def _enc_OffsetForLeaderPartition_v4(o, w):
    b = w.buf
    b += _S_iii.pack(o.partition, o.current_leader_epoch, o.leader_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetForLeaderPartition_v2(buf, p):
    f_partition, f_current_leader_epoch, f_leader_epoch = _S_iii.unpack_from(buf, p)
    p += 12
    return OffsetForLeaderPartition(f_partition, f_current_leader_epoch, f_leader_epoch, ()), p


def _dec_OffsetForLeaderPartition_v4(buf, p):
    f_partition, f_current_leader_epoch, f_leader_epoch = _S_iii.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetForLeaderPartition')
    return OffsetForLeaderPartition(f_partition, f_current_leader_epoch, f_leader_epoch, _u), p


def _enc_OffsetForLeaderTopic_v2(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetForLeaderPartition_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetForLeaderTopic')


def _enc_OffsetForLeaderTopic_v4(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetForLeaderPartition_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetForLeaderTopic_v2(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetForLeaderPartition_v2(buf, p)
            f_partitions.append(_e)
    return OffsetForLeaderTopic(f_topic, f_partitions, ()), p


def _dec_OffsetForLeaderTopic_v4(buf, p):
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
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetForLeaderPartition_v4(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetForLeaderTopic')
    return OffsetForLeaderTopic(f_topic, f_partitions, _u), p


def _enc_OffsetForLeaderEpochRequest_v2(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetForLeaderTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetForLeaderEpochRequest')


def _enc_OffsetForLeaderEpochRequest_v3(o, w):
    b = w.buf
    b += _S_i.pack(o.replica_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetForLeaderTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetForLeaderEpochRequest')


def _enc_OffsetForLeaderEpochRequest_v4(o, w):
    b = w.buf
    b += _S_i.pack(o.replica_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetForLeaderTopic_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetForLeaderEpochRequest_v2(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetForLeaderTopic_v2(buf, p)
            f_topics.append(_e)
    return OffsetForLeaderEpochRequest(-2, f_topics, ()), p


def _dec_OffsetForLeaderEpochRequest_v3(buf, p):
    f_replica_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetForLeaderTopic_v2(buf, p)
            f_topics.append(_e)
    return OffsetForLeaderEpochRequest(f_replica_id, f_topics, ()), p


def _dec_OffsetForLeaderEpochRequest_v4(buf, p):
    f_replica_id, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_OffsetForLeaderTopic_v4(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetForLeaderEpochRequest')
    return OffsetForLeaderEpochRequest(f_replica_id, f_topics, _u), p


OffsetForLeaderPartition._ENCODERS = {2: _enc_OffsetForLeaderPartition_v2, 3: _enc_OffsetForLeaderPartition_v2, 4: _enc_OffsetForLeaderPartition_v4}
OffsetForLeaderPartition._DECODERS = {2: _dec_OffsetForLeaderPartition_v2, 3: _dec_OffsetForLeaderPartition_v2, 4: _dec_OffsetForLeaderPartition_v4}
OffsetForLeaderTopic._ENCODERS = {2: _enc_OffsetForLeaderTopic_v2, 3: _enc_OffsetForLeaderTopic_v2, 4: _enc_OffsetForLeaderTopic_v4}
OffsetForLeaderTopic._DECODERS = {2: _dec_OffsetForLeaderTopic_v2, 3: _dec_OffsetForLeaderTopic_v2, 4: _dec_OffsetForLeaderTopic_v4}
OffsetForLeaderEpochRequest._ENCODERS = {2: _enc_OffsetForLeaderEpochRequest_v2, 3: _enc_OffsetForLeaderEpochRequest_v3, 4: _enc_OffsetForLeaderEpochRequest_v4}
OffsetForLeaderEpochRequest._DECODERS = {2: _dec_OffsetForLeaderEpochRequest_v2, 3: _dec_OffsetForLeaderEpochRequest_v3, 4: _dec_OffsetForLeaderEpochRequest_v4}
