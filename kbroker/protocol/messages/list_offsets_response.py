"""ListOffsetsResponse: generated from schemas/clients/ListOffsetsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ihqq = struct.Struct('>ihqq')
_S_ihqqi = struct.Struct('>ihqqi')


@attrs.define(eq=True, slots=True)
class ListOffsetsPartitionResponse(Message):
    """Each partition in the response."""

    partition_index: int = 0
    error_code: int = 0
    timestamp: int = -1
    offset: int = -1
    leader_epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ListOffsetsTopicResponse(Message):
    """Each topic in the response."""

    name: str = ''
    partitions: list[ListOffsetsPartitionResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ListOffsetsResponse(Message):
    """The ListOffsetsResponse struct of ListOffsetsResponse."""

    API_KEY = 2
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 11
    FLEXIBLE_VERSION = 6
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 6:
            return 1
        return 0

    throttle_time_ms: int = 0
    topics: list[ListOffsetsTopicResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ListOffsetsPartitionResponse = ListOffsetsPartitionResponse()
_DEFAULT_ListOffsetsTopicResponse = ListOffsetsTopicResponse()
_DEFAULT_ListOffsetsResponse = ListOffsetsResponse()


def _enc_ListOffsetsPartitionResponse_v1(o, w):
    if o.leader_epoch != -1:
        raise field_not_in_version('LeaderEpoch')
    b = w.buf
    b += _S_ihqq.pack(o.partition_index, o.error_code, o.timestamp, o.offset)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsPartitionResponse')


def _enc_ListOffsetsPartitionResponse_v4(o, w):
    b = w.buf
    b += _S_ihqqi.pack(o.partition_index, o.error_code, o.timestamp, o.offset, o.leader_epoch)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsPartitionResponse')


def _enc_ListOffsetsPartitionResponse_v6(o, w):
    b = w.buf
    b += _S_ihqqi.pack(o.partition_index, o.error_code, o.timestamp, o.offset, o.leader_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListOffsetsPartitionResponse_v1(buf, p):
    f_partition_index, f_error_code, f_timestamp, f_offset = _S_ihqq.unpack_from(buf, p)
    p += 22
    return ListOffsetsPartitionResponse(f_partition_index, f_error_code, f_timestamp, f_offset, -1, ()), p


def _dec_ListOffsetsPartitionResponse_v4(buf, p):
    f_partition_index, f_error_code, f_timestamp, f_offset, f_leader_epoch = _S_ihqqi.unpack_from(buf, p)
    p += 26
    return ListOffsetsPartitionResponse(f_partition_index, f_error_code, f_timestamp, f_offset, f_leader_epoch, ()), p


def _dec_ListOffsetsPartitionResponse_v6(buf, p):
    f_partition_index, f_error_code, f_timestamp, f_offset, f_leader_epoch = _S_ihqqi.unpack_from(buf, p)
    p += 26
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListOffsetsPartitionResponse')
    return ListOffsetsPartitionResponse(f_partition_index, f_error_code, f_timestamp, f_offset, f_leader_epoch, _u), p


def _enc_ListOffsetsTopicResponse_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsPartitionResponse_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsTopicResponse')


def _enc_ListOffsetsTopicResponse_v4(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsPartitionResponse_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsTopicResponse')


def _enc_ListOffsetsTopicResponse_v6(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ListOffsetsPartitionResponse_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListOffsetsTopicResponse_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_ListOffsetsPartitionResponse_v1(buf, p)
            f_partitions.append(_e)
    return ListOffsetsTopicResponse(f_name, f_partitions, ()), p


def _dec_ListOffsetsTopicResponse_v4(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_ListOffsetsPartitionResponse_v4(buf, p)
            f_partitions.append(_e)
    return ListOffsetsTopicResponse(f_name, f_partitions, ()), p


def _dec_ListOffsetsTopicResponse_v6(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
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
            _e, p = _dec_ListOffsetsPartitionResponse_v6(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListOffsetsTopicResponse')
    return ListOffsetsTopicResponse(f_name, f_partitions, _u), p


def _enc_ListOffsetsResponse_v1(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsTopicResponse_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsResponse')


def _enc_ListOffsetsResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsTopicResponse_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsResponse')


def _enc_ListOffsetsResponse_v4(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsTopicResponse_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsResponse')


def _enc_ListOffsetsResponse_v6(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ListOffsetsTopicResponse_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListOffsetsResponse_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_ListOffsetsTopicResponse_v1(buf, p)
            f_topics.append(_e)
    return ListOffsetsResponse(0, f_topics, ()), p


def _dec_ListOffsetsResponse_v2(buf, p):
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
            _e, p = _dec_ListOffsetsTopicResponse_v1(buf, p)
            f_topics.append(_e)
    return ListOffsetsResponse(f_throttle_time_ms, f_topics, ()), p


def _dec_ListOffsetsResponse_v4(buf, p):
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
            _e, p = _dec_ListOffsetsTopicResponse_v4(buf, p)
            f_topics.append(_e)
    return ListOffsetsResponse(f_throttle_time_ms, f_topics, ()), p


def _dec_ListOffsetsResponse_v6(buf, p):
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
            _e, p = _dec_ListOffsetsTopicResponse_v6(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListOffsetsResponse')
    return ListOffsetsResponse(f_throttle_time_ms, f_topics, _u), p


ListOffsetsPartitionResponse._ENCODERS = {1: _enc_ListOffsetsPartitionResponse_v1, 2: _enc_ListOffsetsPartitionResponse_v1, 3: _enc_ListOffsetsPartitionResponse_v1, 4: _enc_ListOffsetsPartitionResponse_v4, 5: _enc_ListOffsetsPartitionResponse_v4, 6: _enc_ListOffsetsPartitionResponse_v6, 7: _enc_ListOffsetsPartitionResponse_v6, 8: _enc_ListOffsetsPartitionResponse_v6, 9: _enc_ListOffsetsPartitionResponse_v6, 10: _enc_ListOffsetsPartitionResponse_v6, 11: _enc_ListOffsetsPartitionResponse_v6}
ListOffsetsPartitionResponse._DECODERS = {1: _dec_ListOffsetsPartitionResponse_v1, 2: _dec_ListOffsetsPartitionResponse_v1, 3: _dec_ListOffsetsPartitionResponse_v1, 4: _dec_ListOffsetsPartitionResponse_v4, 5: _dec_ListOffsetsPartitionResponse_v4, 6: _dec_ListOffsetsPartitionResponse_v6, 7: _dec_ListOffsetsPartitionResponse_v6, 8: _dec_ListOffsetsPartitionResponse_v6, 9: _dec_ListOffsetsPartitionResponse_v6, 10: _dec_ListOffsetsPartitionResponse_v6, 11: _dec_ListOffsetsPartitionResponse_v6}
ListOffsetsTopicResponse._ENCODERS = {1: _enc_ListOffsetsTopicResponse_v1, 2: _enc_ListOffsetsTopicResponse_v1, 3: _enc_ListOffsetsTopicResponse_v1, 4: _enc_ListOffsetsTopicResponse_v4, 5: _enc_ListOffsetsTopicResponse_v4, 6: _enc_ListOffsetsTopicResponse_v6, 7: _enc_ListOffsetsTopicResponse_v6, 8: _enc_ListOffsetsTopicResponse_v6, 9: _enc_ListOffsetsTopicResponse_v6, 10: _enc_ListOffsetsTopicResponse_v6, 11: _enc_ListOffsetsTopicResponse_v6}
ListOffsetsTopicResponse._DECODERS = {1: _dec_ListOffsetsTopicResponse_v1, 2: _dec_ListOffsetsTopicResponse_v1, 3: _dec_ListOffsetsTopicResponse_v1, 4: _dec_ListOffsetsTopicResponse_v4, 5: _dec_ListOffsetsTopicResponse_v4, 6: _dec_ListOffsetsTopicResponse_v6, 7: _dec_ListOffsetsTopicResponse_v6, 8: _dec_ListOffsetsTopicResponse_v6, 9: _dec_ListOffsetsTopicResponse_v6, 10: _dec_ListOffsetsTopicResponse_v6, 11: _dec_ListOffsetsTopicResponse_v6}
ListOffsetsResponse._ENCODERS = {1: _enc_ListOffsetsResponse_v1, 2: _enc_ListOffsetsResponse_v2, 3: _enc_ListOffsetsResponse_v2, 4: _enc_ListOffsetsResponse_v4, 5: _enc_ListOffsetsResponse_v4, 6: _enc_ListOffsetsResponse_v6, 7: _enc_ListOffsetsResponse_v6, 8: _enc_ListOffsetsResponse_v6, 9: _enc_ListOffsetsResponse_v6, 10: _enc_ListOffsetsResponse_v6, 11: _enc_ListOffsetsResponse_v6}
ListOffsetsResponse._DECODERS = {1: _dec_ListOffsetsResponse_v1, 2: _dec_ListOffsetsResponse_v2, 3: _dec_ListOffsetsResponse_v2, 4: _dec_ListOffsetsResponse_v4, 5: _dec_ListOffsetsResponse_v4, 6: _dec_ListOffsetsResponse_v6, 7: _dec_ListOffsetsResponse_v6, 8: _dec_ListOffsetsResponse_v6, 9: _dec_ListOffsetsResponse_v6, 10: _dec_ListOffsetsResponse_v6, 11: _dec_ListOffsetsResponse_v6}
