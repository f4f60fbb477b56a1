"""ShareGroupHeartbeatResponse: generated from schemas/clients/ShareGroupHeartbeatResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')
_S_ii = struct.Struct('>ii')


@attrs.define(eq=True, slots=True)
class TopicPartitions(Message):
    """The TopicPartitions struct of ShareGroupHeartbeatResponse."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Assignment(Message):
    """null if not provided; the assignment otherwise."""

    topic_partitions: list[TopicPartitions] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ShareGroupHeartbeatResponse(Message):
    """The ShareGroupHeartbeatResponse struct of ShareGroupHeartbeatResponse."""

    API_KEY = 76
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = None
    member_id: str | None = None
    member_epoch: int = 0
    heartbeat_interval_ms: int = 0
    assignment: Assignment | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicPartitions = TopicPartitions()
_DEFAULT_Assignment = Assignment()
_DEFAULT_ShareGroupHeartbeatResponse = ShareGroupHeartbeatResponse()


def _enc_TopicPartitions_v1(o, w):
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


def _dec_TopicPartitions_v1(buf, p):
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
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicPartitions')
    return TopicPartitions(f_topic_id, f_partitions, _u), p


def _enc_Assignment_v1(o, w):
    b = w.buf
    _a = o.topic_partitions
    if _a is None:
        raise EncodeError('TopicPartitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartitions_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Assignment_v1(buf, p):
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
            _e, p = _dec_TopicPartitions_v1(buf, p)
            f_topic_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Assignment')
    return Assignment(f_topic_partitions, _u), p


def _enc_ShareGroupHeartbeatResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    write_compact_string(b, o.member_id, True, 'MemberId')
    b += _S_ii.pack(o.member_epoch, o.heartbeat_interval_ms)
    _v = o.assignment
    if _v is None:
        b.append(255)
    else:
        b.append(1)
        _enc_Assignment_v1(_v, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareGroupHeartbeatResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_member_id, p = read_compact_string(buf, p, True, 'MemberId')
    f_member_epoch, f_heartbeat_interval_ms = _S_ii.unpack_from(buf, p)
    p += 8
    if buf[p] >= 0x80:
        f_assignment = None
        p += 1
    else:
        f_assignment, p = _dec_Assignment_v1(buf, p + 1)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareGroupHeartbeatResponse')
    return ShareGroupHeartbeatResponse(f_throttle_time_ms, f_error_code, f_error_message, f_member_id, f_member_epoch, f_heartbeat_interval_ms, f_assignment, _u), p


TopicPartitions._ENCODERS = {1: _enc_TopicPartitions_v1}
TopicPartitions._DECODERS = {1: _dec_TopicPartitions_v1}
Assignment._ENCODERS = {1: _enc_Assignment_v1}
Assignment._DECODERS = {1: _dec_Assignment_v1}
ShareGroupHeartbeatResponse._ENCODERS = {1: _enc_ShareGroupHeartbeatResponse_v1}
ShareGroupHeartbeatResponse._DECODERS = {1: _dec_ShareGroupHeartbeatResponse_v1}
