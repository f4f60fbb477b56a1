"""ShareGroupTargetAssignmentMemberValue: generated from schemas/group-coordinator/ShareGroupTargetAssignmentMemberValue.json by kbroker.protocol.codegen. Do not edit."""

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
class TopicPartition(Message):
    """The assigned partitions."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ShareGroupTargetAssignmentMemberValue(Message):
    """The ShareGroupTargetAssignmentMemberValue struct of ShareGroupTargetAssignmentMemberValue."""

    API_KEY = 13
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    topic_partitions: list[TopicPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicPartition = TopicPartition()
_DEFAULT_ShareGroupTargetAssignmentMemberValue = ShareGroupTargetAssignmentMemberValue()


def _enc_TopicPartition_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
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


def _dec_TopicPartition_v0(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
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
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicPartition')
    return TopicPartition(f_topic_id, f_partitions, _u), p


def _enc_ShareGroupTargetAssignmentMemberValue_v0(o, w):
    b = w.buf
    _a = o.topic_partitions
    if _a is None:
        raise EncodeError('TopicPartitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartition_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareGroupTargetAssignmentMemberValue_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TopicPartitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicPartitions')
        f_topic_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartition_v0(buf, p)
            f_topic_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareGroupTargetAssignmentMemberValue')
    return ShareGroupTargetAssignmentMemberValue(f_topic_partitions, _u), p


TopicPartition._ENCODERS = {0: _enc_TopicPartition_v0}
TopicPartition._DECODERS = {0: _dec_TopicPartition_v0}
ShareGroupTargetAssignmentMemberValue._ENCODERS = {0: _enc_ShareGroupTargetAssignmentMemberValue_v0}
ShareGroupTargetAssignmentMemberValue._DECODERS = {0: _dec_ShareGroupTargetAssignmentMemberValue_v0}
