"""DescribeTopicPartitionsResponse: generated from schemas/clients/DescribeTopicPartitionsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16so = struct.Struct('>16s?')
_S_h = struct.Struct('>h')
_S_hiii = struct.Struct('>hiii')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class DescribeTopicPartitionsResponsePartition(Message):
    """Each partition in the topic."""

    error_code: int = 0
    partition_index: int = 0
    leader_id: int = 0
    leader_epoch: int = -1
    replica_nodes: list[int] = attrs.field(factory=list)
    isr_nodes: list[int] = attrs.field(factory=list)
    eligible_leader_replicas: list[int] | None = None
    last_known_elr: list[int] | None = None
    offline_replicas: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeTopicPartitionsResponseTopic(Message):
    """Each topic in the response."""

    error_code: int = 0
    name: str | None = ''
    topic_id: uuid.UUID = ZERO_UUID
    is_internal: bool = False
    partitions: list[DescribeTopicPartitionsResponsePartition] = attrs.field(factory=list)
    topic_authorized_operations: int = -2147483648
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Cursor(Message):
    """The next topic and partition index to fetch details for."""

    topic_name: str = ''
    partition_index: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeTopicPartitionsResponse(Message):
    """The DescribeTopicPartitionsResponse struct of DescribeTopicPartitionsResponse."""

    API_KEY = 75
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
    topics: list[DescribeTopicPartitionsResponseTopic] = attrs.field(factory=list)
    next_cursor: Cursor | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeTopicPartitionsResponsePartition = DescribeTopicPartitionsResponsePartition()
_DEFAULT_DescribeTopicPartitionsResponseTopic = DescribeTopicPartitionsResponseTopic()
_DEFAULT_Cursor = Cursor()
_DEFAULT_DescribeTopicPartitionsResponse = DescribeTopicPartitionsResponse()


def _enc_DescribeTopicPartitionsResponsePartition_v0(o, w):
    b = w.buf
    b += _S_hiii.pack(o.error_code, o.partition_index, o.leader_id, o.leader_epoch)
    _a = o.replica_nodes
    if _a is None:
        raise EncodeError('ReplicaNodes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.isr_nodes
    if _a is None:
        raise EncodeError('IsrNodes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.eligible_leader_replicas
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.last_known_elr
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.offline_replicas
    if _a is None:
        raise EncodeError('OfflineReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeTopicPartitionsResponsePartition_v0(buf, p):
    f_error_code, f_partition_index, f_leader_id, f_leader_epoch = _S_hiii.unpack_from(buf, p)
    p += 14
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ReplicaNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ReplicaNodes')
        f_replica_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('IsrNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'IsrNodes')
        f_isr_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_eligible_leader_replicas = None
    else:
        check_count(_n, buf, p, 'EligibleLeaderReplicas')
        f_eligible_leader_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_last_known_elr = None
    else:
        check_count(_n, buf, p, 'LastKnownElr')
        f_last_known_elr = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('OfflineReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'OfflineReplicas')
        f_offline_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeTopicPartitionsResponsePartition')
    return DescribeTopicPartitionsResponsePartition(f_error_code, f_partition_index, f_leader_id, f_leader_epoch, f_replica_nodes, f_isr_nodes, f_eligible_leader_replicas, f_last_known_elr, f_offline_replicas, _u), p


def _enc_DescribeTopicPartitionsResponseTopic_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.name, True, 'Name')
    b += _S_16so.pack(o.topic_id.bytes, o.is_internal)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeTopicPartitionsResponsePartition_v0(_e, w)
    b += _S_i.pack(o.topic_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeTopicPartitionsResponseTopic_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_compact_string(buf, p, True, 'Name')
    f_topic_id, f_is_internal = _S_16so.unpack_from(buf, p)
    p += 17
    f_topic_id = uuid.UUID(bytes=f_topic_id)
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
            _e, p = _dec_DescribeTopicPartitionsResponsePartition_v0(buf, p)
            f_partitions.append(_e)
    f_topic_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeTopicPartitionsResponseTopic')
    return DescribeTopicPartitionsResponseTopic(f_error_code, f_name, f_topic_id, f_is_internal, f_partitions, f_topic_authorized_operations, _u), p


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


def _enc_DescribeTopicPartitionsResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeTopicPartitionsResponseTopic_v0(_e, w)
    _v = o.next_cursor
    if _v is None:
        b.append(255)
    else:
        b.append(1)
        _enc_Cursor_v0(_v, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeTopicPartitionsResponse_v0(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
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
            _e, p = _dec_DescribeTopicPartitionsResponseTopic_v0(buf, p)
            f_topics.append(_e)
    if buf[p] >= 0x80:
        f_next_cursor = None
        p += 1
    else:
        f_next_cursor, p = _dec_Cursor_v0(buf, p + 1)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeTopicPartitionsResponse')
    return DescribeTopicPartitionsResponse(f_throttle_time_ms, f_topics, f_next_cursor, _u), p


DescribeTopicPartitionsResponsePartition._ENCODERS = {0: _enc_DescribeTopicPartitionsResponsePartition_v0}
DescribeTopicPartitionsResponsePartition._DECODERS = {0: _dec_DescribeTopicPartitionsResponsePartition_v0}
DescribeTopicPartitionsResponseTopic._ENCODERS = {0: _enc_DescribeTopicPartitionsResponseTopic_v0}
DescribeTopicPartitionsResponseTopic._DECODERS = {0: _dec_DescribeTopicPartitionsResponseTopic_v0}
Cursor._ENCODERS = {0: _enc_Cursor_v0}
Cursor._DECODERS = {0: _dec_Cursor_v0}
DescribeTopicPartitionsResponse._ENCODERS = {0: _enc_DescribeTopicPartitionsResponse_v0}
DescribeTopicPartitionsResponse._DECODERS = {0: _dec_DescribeTopicPartitionsResponse_v0}
