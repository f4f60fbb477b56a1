"""WriteShareGroupStateRequest: generated from schemas/clients/WriteShareGroupStateRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iiiq = struct.Struct('>iiiq')
_S_iiiqi = struct.Struct('>iiiqi')
_S_qqbh = struct.Struct('>qqbh')


@attrs.define(eq=True, slots=True)
class StateBatch(Message):
    """The state batches for the share-partition."""

    first_offset: int = 0
    last_offset: int = 0
    delivery_state: int = 0
    delivery_count: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The data for the partitions."""

    partition: int = 0
    state_epoch: int = 0
    leader_epoch: int = 0
    start_offset: int = 0
    delivery_complete_count: int = -1
    state_batches: list[StateBatch] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WriteStateData(Message):
    """The data for the topics."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WriteShareGroupStateRequest(Message):
    """The WriteShareGroupStateRequest struct of WriteShareGroupStateRequest."""

    API_KEY = 85
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

    group_id: str = ''
    topics: list[WriteStateData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_StateBatch = StateBatch()
_DEFAULT_PartitionData = PartitionData()
_DEFAULT_WriteStateData = WriteStateData()
_DEFAULT_WriteShareGroupStateRequest = WriteShareGroupStateRequest()


def _enc_StateBatch_v0(o, w):
    b = w.buf
    b += _S_qqbh.pack(o.first_offset, o.last_offset, o.delivery_state, o.delivery_count)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_StateBatch_v0(buf, p):
    f_first_offset, f_last_offset, f_delivery_state, f_delivery_count = _S_qqbh.unpack_from(buf, p)
    p += 19
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'StateBatch')
    return StateBatch(f_first_offset, f_last_offset, f_delivery_state, f_delivery_count, _u), p


def _enc_PartitionData_v0(o, w):
    b = w.buf
    b += _S_iiiq.pack(o.partition, o.state_epoch, o.leader_epoch, o.start_offset)
    _a = o.state_batches
    if _a is None:
        raise EncodeError('StateBatches' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_StateBatch_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_PartitionData_v1(o, w):
    b = w.buf
    b += _S_iiiqi.pack(o.partition, o.state_epoch, o.leader_epoch, o.start_offset, o.delivery_complete_count)
    _a = o.state_batches
    if _a is None:
        raise EncodeError('StateBatches' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_StateBatch_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v0(buf, p):
    f_partition, f_state_epoch, f_leader_epoch, f_start_offset = _S_iiiq.unpack_from(buf, p)
    p += 20
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StateBatches' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StateBatches')
        f_state_batches = []
        for _ in range(_n):
            _e, p = _dec_StateBatch_v0(buf, p)
            f_state_batches.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition, f_state_epoch, f_leader_epoch, f_start_offset, -1, f_state_batches, _u), p


def _dec_PartitionData_v1(buf, p):
    f_partition, f_state_epoch, f_leader_epoch, f_start_offset, f_delivery_complete_count = _S_iiiqi.unpack_from(buf, p)
    p += 24
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StateBatches' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StateBatches')
        f_state_batches = []
        for _ in range(_n):
            _e, p = _dec_StateBatch_v0(buf, p)
            f_state_batches.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition, f_state_epoch, f_leader_epoch, f_start_offset, f_delivery_complete_count, f_state_batches, _u), p


def _enc_WriteStateData_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_WriteStateData_v1(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WriteStateData_v0(buf, p):
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
            _e, p = _dec_PartitionData_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteStateData')
    return WriteStateData(f_topic_id, f_partitions, _u), p


def _dec_WriteStateData_v1(buf, p):
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
            _e, p = _dec_PartitionData_v1(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteStateData')
    return WriteStateData(f_topic_id, f_partitions, _u), p


def _enc_WriteShareGroupStateRequest_v0(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WriteStateData_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_WriteShareGroupStateRequest_v1(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WriteStateData_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WriteShareGroupStateRequest_v0(buf, p):
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
            _e, p = _dec_WriteStateData_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteShareGroupStateRequest')
    return WriteShareGroupStateRequest(f_group_id, f_topics, _u), p


def _dec_WriteShareGroupStateRequest_v1(buf, p):
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
            _e, p = _dec_WriteStateData_v1(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteShareGroupStateRequest')
    return WriteShareGroupStateRequest(f_group_id, f_topics, _u), p


StateBatch._ENCODERS = {0: _enc_StateBatch_v0, 1: _enc_StateBatch_v0}
StateBatch._DECODERS = {0: _dec_StateBatch_v0, 1: _dec_StateBatch_v0}
PartitionData._ENCODERS = {0: _enc_PartitionData_v0, 1: _enc_PartitionData_v1}
PartitionData._DECODERS = {0: _dec_PartitionData_v0, 1: _dec_PartitionData_v1}
WriteStateData._ENCODERS = {0: _enc_WriteStateData_v0, 1: _enc_WriteStateData_v1}
WriteStateData._DECODERS = {0: _dec_WriteStateData_v0, 1: _dec_WriteStateData_v1}
WriteShareGroupStateRequest._ENCODERS = {0: _enc_WriteShareGroupStateRequest_v0, 1: _enc_WriteShareGroupStateRequest_v1}
WriteShareGroupStateRequest._DECODERS = {0: _dec_WriteShareGroupStateRequest_v0, 1: _dec_WriteShareGroupStateRequest_v1}
