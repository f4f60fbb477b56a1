"""ConsumerProtocolAssignment: generated from schemas/clients/ConsumerProtocolAssignment.json by kbroker.protocol.codegen. Do not edit."""

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
class TopicPartition(Message):
    """The list of topics and partitions assigned to this consumer."""

    topic: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ConsumerProtocolAssignment(Message):
    """The ConsumerProtocolAssignment struct of ConsumerProtocolAssignment."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    assigned_partitions: list[TopicPartition] = attrs.field(factory=list)
    user_data: bytes | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicPartition = TopicPartition()
_DEFAULT_ConsumerProtocolAssignment = ConsumerProtocolAssignment()


def _enc_TopicPartition_v0(o, w):
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


def _enc_ConsumerProtocolAssignment_v0(o, w):
    b = w.buf
    _a = o.assigned_partitions
    if _a is None:
        raise EncodeError('AssignedPartitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicPartition_v0(_e, w)
    write_bytes(b, o.user_data, True, 'UserData')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ConsumerProtocolAssignment')


def _dec_ConsumerProtocolAssignment_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('AssignedPartitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'AssignedPartitions')
        f_assigned_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartition_v0(buf, p)
            f_assigned_partitions.append(_e)
    f_user_data, p = read_bytes(buf, p, True, 'UserData')
    return ConsumerProtocolAssignment(f_assigned_partitions, f_user_data, ()), p


TopicPartition._ENCODERS = {0: _enc_TopicPartition_v0, 1: _enc_TopicPartition_v0, 2: _enc_TopicPartition_v0, 3: _enc_TopicPartition_v0}
TopicPartition._DECODERS = {0: _dec_TopicPartition_v0, 1: _dec_TopicPartition_v0, 2: _dec_TopicPartition_v0, 3: _dec_TopicPartition_v0}
ConsumerProtocolAssignment._ENCODERS = {0: _enc_ConsumerProtocolAssignment_v0, 1: _enc_ConsumerProtocolAssignment_v0, 2: _enc_ConsumerProtocolAssignment_v0, 3: _enc_ConsumerProtocolAssignment_v0}
ConsumerProtocolAssignment._DECODERS = {0: _dec_ConsumerProtocolAssignment_v0, 1: _dec_ConsumerProtocolAssignment_v0, 2: _dec_ConsumerProtocolAssignment_v0, 3: _dec_ConsumerProtocolAssignment_v0}
