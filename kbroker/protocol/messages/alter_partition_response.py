"""AlterPartitionResponse: generated from schemas/clients/AlterPartitionResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_bi = struct.Struct('>bi')
_S_ih = struct.Struct('>ih')
_S_ihii = struct.Struct('>ihii')


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The responses for each partition."""

    partition_index: int = 0
    error_code: int = 0
    leader_id: int = 0
    leader_epoch: int = 0
    isr: list[int] = attrs.field(factory=list)
    leader_recovery_state: int = 0
    partition_epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicData(Message):
    """The responses for each topic."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterPartitionResponse(Message):
    """The AlterPartitionResponse struct of AlterPartitionResponse."""

    API_KEY = 56
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 2
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    topics: list[TopicData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionData = PartitionData()
_DEFAULT_TopicData = TopicData()
_DEFAULT_AlterPartitionResponse = AlterPartitionResponse()


def _enc_PartitionData_v2(o, w):
    b = w.buf
    b += _S_ihii.pack(o.partition_index, o.error_code, o.leader_id, o.leader_epoch)
    _a = o.isr
    if _a is None:
        raise EncodeError('Isr' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    b += _S_bi.pack(o.leader_recovery_state, o.partition_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v2(buf, p):
    f_partition_index, f_error_code, f_leader_id, f_leader_epoch = _S_ihii.unpack_from(buf, p)
    p += 14
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Isr' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Isr')
        f_isr = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    f_leader_recovery_state, f_partition_epoch = _S_bi.unpack_from(buf, p)
    p += 5
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_error_code, f_leader_id, f_leader_epoch, f_isr, f_leader_recovery_state, f_partition_epoch, _u), p


def _enc_TopicData_v2(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicData_v2(buf, p):
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
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionData_v2(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_id, f_partitions, _u), p


def _enc_AlterPartitionResponse_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterPartitionResponse_v2(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
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
            _e, p = _dec_TopicData_v2(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterPartitionResponse')
    return AlterPartitionResponse(f_throttle_time_ms, f_error_code, f_topics, _u), p


PartitionData._ENCODERS = {2: _enc_PartitionData_v2, 3: _enc_PartitionData_v2}
PartitionData._DECODERS = {2: _dec_PartitionData_v2, 3: _dec_PartitionData_v2}
TopicData._ENCODERS = {2: _enc_TopicData_v2, 3: _enc_TopicData_v2}
TopicData._DECODERS = {2: _dec_TopicData_v2, 3: _dec_TopicData_v2}
AlterPartitionResponse._ENCODERS = {2: _enc_AlterPartitionResponse_v2, 3: _enc_AlterPartitionResponse_v2}
AlterPartitionResponse._DECODERS = {2: _dec_AlterPartitionResponse_v2, 3: _dec_AlterPartitionResponse_v2}
