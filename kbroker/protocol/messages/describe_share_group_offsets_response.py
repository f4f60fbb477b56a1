"""DescribeShareGroupOffsetsResponse: generated from schemas/clients/DescribeShareGroupOffsetsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')
_S_iqih = struct.Struct('>iqih')
_S_iqiqh = struct.Struct('>iqiqh')


@attrs.define(eq=True, slots=True)
class DescribeShareGroupOffsetsResponsePartition(Message):
    """The DescribeShareGroupOffsetsResponsePartition struct of DescribeShareGroupOffsetsResponse."""

    partition_index: int = 0
    start_offset: int = 0
    leader_epoch: int = 0
    lag: int = -1
    error_code: int = 0
    error_message: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeShareGroupOffsetsResponseTopic(Message):
    """The results for each topic."""

    topic_name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[DescribeShareGroupOffsetsResponsePartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeShareGroupOffsetsResponseGroup(Message):
    """The results for each group."""

    group_id: str = ''
    topics: list[DescribeShareGroupOffsetsResponseTopic] = attrs.field(factory=list)
    error_code: int = 0
    error_message: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeShareGroupOffsetsResponse(Message):
    """The DescribeShareGroupOffsetsResponse struct of DescribeShareGroupOffsetsResponse."""

    API_KEY = 90
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    groups: list[DescribeShareGroupOffsetsResponseGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeShareGroupOffsetsResponsePartition = DescribeShareGroupOffsetsResponsePartition()
_DEFAULT_DescribeShareGroupOffsetsResponseTopic = DescribeShareGroupOffsetsResponseTopic()
_DEFAULT_DescribeShareGroupOffsetsResponseGroup = DescribeShareGroupOffsetsResponseGroup()
_DEFAULT_DescribeShareGroupOffsetsResponse = DescribeShareGroupOffsetsResponse()


def _enc_DescribeShareGroupOffsetsResponsePartition_v0(o, w):
    b = w.buf
    b += _S_iqih.pack(o.partition_index, o.start_offset, o.leader_epoch, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeShareGroupOffsetsResponsePartition_v1(o, w):
    b = w.buf
    b += _S_iqiqh.pack(o.partition_index, o.start_offset, o.leader_epoch, o.lag, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeShareGroupOffsetsResponsePartition_v0(buf, p):
    f_partition_index, f_start_offset, f_leader_epoch, f_error_code = _S_iqih.unpack_from(buf, p)
    p += 18
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsResponsePartition')
    return DescribeShareGroupOffsetsResponsePartition(f_partition_index, f_start_offset, f_leader_epoch, -1, f_error_code, f_error_message, _u), p


def _dec_DescribeShareGroupOffsetsResponsePartition_v1(buf, p):
    f_partition_index, f_start_offset, f_leader_epoch, f_lag, f_error_code = _S_iqiqh.unpack_from(buf, p)
    p += 26
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsResponsePartition')
    return DescribeShareGroupOffsetsResponsePartition(f_partition_index, f_start_offset, f_leader_epoch, f_lag, f_error_code, f_error_message, _u), p


def _enc_DescribeShareGroupOffsetsResponseTopic_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeShareGroupOffsetsResponsePartition_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeShareGroupOffsetsResponseTopic_v1(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeShareGroupOffsetsResponsePartition_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeShareGroupOffsetsResponseTopic_v0(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
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
            _e, p = _dec_DescribeShareGroupOffsetsResponsePartition_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsResponseTopic')
    return DescribeShareGroupOffsetsResponseTopic(f_topic_name, f_topic_id, f_partitions, _u), p


def _dec_DescribeShareGroupOffsetsResponseTopic_v1(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
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
            _e, p = _dec_DescribeShareGroupOffsetsResponsePartition_v1(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsResponseTopic')
    return DescribeShareGroupOffsetsResponseTopic(f_topic_name, f_topic_id, f_partitions, _u), p


def _enc_DescribeShareGroupOffsetsResponseGroup_v0(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeShareGroupOffsetsResponseTopic_v0(_e, w)
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeShareGroupOffsetsResponseGroup_v1(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeShareGroupOffsetsResponseTopic_v1(_e, w)
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeShareGroupOffsetsResponseGroup_v0(buf, p):
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
            _e, p = _dec_DescribeShareGroupOffsetsResponseTopic_v0(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsResponseGroup')
    return DescribeShareGroupOffsetsResponseGroup(f_group_id, f_topics, f_error_code, f_error_message, _u), p


def _dec_DescribeShareGroupOffsetsResponseGroup_v1(buf, p):
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
            _e, p = _dec_DescribeShareGroupOffsetsResponseTopic_v1(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsResponseGroup')
    return DescribeShareGroupOffsetsResponseGroup(f_group_id, f_topics, f_error_code, f_error_message, _u), p


def _enc_DescribeShareGroupOffsetsResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeShareGroupOffsetsResponseGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeShareGroupOffsetsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeShareGroupOffsetsResponseGroup_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeShareGroupOffsetsResponse_v0(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_DescribeShareGroupOffsetsResponseGroup_v0(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsResponse')
    return DescribeShareGroupOffsetsResponse(f_throttle_time_ms, f_groups, _u), p


def _dec_DescribeShareGroupOffsetsResponse_v1(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_DescribeShareGroupOffsetsResponseGroup_v1(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeShareGroupOffsetsResponse')
    return DescribeShareGroupOffsetsResponse(f_throttle_time_ms, f_groups, _u), p


DescribeShareGroupOffsetsResponsePartition._ENCODERS = {0: _enc_DescribeShareGroupOffsetsResponsePartition_v0, 1: _enc_DescribeShareGroupOffsetsResponsePartition_v1}
DescribeShareGroupOffsetsResponsePartition._DECODERS = {0: _dec_DescribeShareGroupOffsetsResponsePartition_v0, 1: _dec_DescribeShareGroupOffsetsResponsePartition_v1}
DescribeShareGroupOffsetsResponseTopic._ENCODERS = {0: _enc_DescribeShareGroupOffsetsResponseTopic_v0, 1: _enc_DescribeShareGroupOffsetsResponseTopic_v1}
DescribeShareGroupOffsetsResponseTopic._DECODERS = {0: _dec_DescribeShareGroupOffsetsResponseTopic_v0, 1: _dec_DescribeShareGroupOffsetsResponseTopic_v1}
DescribeShareGroupOffsetsResponseGroup._ENCODERS = {0: _enc_DescribeShareGroupOffsetsResponseGroup_v0, 1: _enc_DescribeShareGroupOffsetsResponseGroup_v1}
DescribeShareGroupOffsetsResponseGroup._DECODERS = {0: _dec_DescribeShareGroupOffsetsResponseGroup_v0, 1: _dec_DescribeShareGroupOffsetsResponseGroup_v1}
DescribeShareGroupOffsetsResponse._ENCODERS = {0: _enc_DescribeShareGroupOffsetsResponse_v0, 1: _enc_DescribeShareGroupOffsetsResponse_v1}
DescribeShareGroupOffsetsResponse._DECODERS = {0: _dec_DescribeShareGroupOffsetsResponse_v0, 1: _dec_DescribeShareGroupOffsetsResponse_v1}
