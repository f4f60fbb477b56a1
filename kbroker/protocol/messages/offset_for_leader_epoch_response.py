"""OffsetForLeaderEpochResponse: generated from schemas/clients/OffsetForLeaderEpochResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hiiq = struct.Struct('>hiiq')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class EpochEndOffset(Message):
    """Each partition in the topic we fetched offsets for."""

    error_code: int = 0
    partition: int = 0
    leader_epoch: int = -1
    end_offset: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetForLeaderTopicResult(Message):
    """Each topic we fetched offsets for."""

    topic: str = ''
    partitions: list[EpochEndOffset] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetForLeaderEpochResponse(Message):
    """The OffsetForLeaderEpochResponse struct of OffsetForLeaderEpochResponse."""

    API_KEY = 23
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 2
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 4:
            return 1
        return 0

    throttle_time_ms: int = 0
    topics: list[OffsetForLeaderTopicResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EpochEndOffset = EpochEndOffset()
_DEFAULT_OffsetForLeaderTopicResult = OffsetForLeaderTopicResult()
_DEFAULT_OffsetForLeaderEpochResponse = OffsetForLeaderEpochResponse()


def _enc_EpochEndOffset_v2(o, w):
    b = w.buf
    b += _S_hiiq.pack(o.error_code, o.partition, o.leader_epoch, o.end_offset)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('EpochEndOffset')


def _enc_EpochEndOffset_v4(o, w):
    b = w.buf
    b += _S_hiiq.pack(o.error_code, o.partition, o.leader_epoch, o.end_offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EpochEndOffset_v2(buf, p):
    f_error_code, f_partition, f_leader_epoch, f_end_offset = _S_hiiq.unpack_from(buf, p)
    p += 18
    return EpochEndOffset(f_error_code, f_partition, f_leader_epoch, f_end_offset, ()), p


def _dec_EpochEndOffset_v4(buf, p):
    f_error_code, f_partition, f_leader_epoch, f_end_offset = _S_hiiq.unpack_from(buf, p)
    p += 18
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EpochEndOffset')
    return EpochEndOffset(f_error_code, f_partition, f_leader_epoch, f_end_offset, _u), p


def _enc_OffsetForLeaderTopicResult_v2(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_EpochEndOffset_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetForLeaderTopicResult')


def _enc_OffsetForLeaderTopicResult_v4(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_EpochEndOffset_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetForLeaderTopicResult_v2(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_EpochEndOffset_v2(buf, p)
            f_partitions.append(_e)
    return OffsetForLeaderTopicResult(f_topic, f_partitions, ()), p


def _dec_OffsetForLeaderTopicResult_v4(buf, p):
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
            _e, p = _dec_EpochEndOffset_v4(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetForLeaderTopicResult')
    return OffsetForLeaderTopicResult(f_topic, f_partitions, _u), p


def _enc_OffsetForLeaderEpochResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetForLeaderTopicResult_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetForLeaderEpochResponse')


def _enc_OffsetForLeaderEpochResponse_v4(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetForLeaderTopicResult_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetForLeaderEpochResponse_v2(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetForLeaderTopicResult_v2(buf, p)
            f_topics.append(_e)
    return OffsetForLeaderEpochResponse(f_throttle_time_ms, f_topics, ()), p


def _dec_OffsetForLeaderEpochResponse_v4(buf, p):
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
            _e, p = _dec_OffsetForLeaderTopicResult_v4(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetForLeaderEpochResponse')
    return OffsetForLeaderEpochResponse(f_throttle_time_ms, f_topics, _u), p


EpochEndOffset._ENCODERS = {2: _enc_EpochEndOffset_v2, 3: _enc_EpochEndOffset_v2, 4: _enc_EpochEndOffset_v4}
EpochEndOffset._DECODERS = {2: _dec_EpochEndOffset_v2, 3: _dec_EpochEndOffset_v2, 4: _dec_EpochEndOffset_v4}
OffsetForLeaderTopicResult._ENCODERS = {2: _enc_OffsetForLeaderTopicResult_v2, 3: _enc_OffsetForLeaderTopicResult_v2, 4: _enc_OffsetForLeaderTopicResult_v4}
OffsetForLeaderTopicResult._DECODERS = {2: _dec_OffsetForLeaderTopicResult_v2, 3: _dec_OffsetForLeaderTopicResult_v2, 4: _dec_OffsetForLeaderTopicResult_v4}
OffsetForLeaderEpochResponse._ENCODERS = {2: _enc_OffsetForLeaderEpochResponse_v2, 3: _enc_OffsetForLeaderEpochResponse_v2, 4: _enc_OffsetForLeaderEpochResponse_v4}
OffsetForLeaderEpochResponse._DECODERS = {2: _dec_OffsetForLeaderEpochResponse_v2, 3: _dec_OffsetForLeaderEpochResponse_v2, 4: _dec_OffsetForLeaderEpochResponse_v4}
