"""OffsetCommitResponse: generated from schemas/clients/OffsetCommitResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i = struct.Struct('>i')
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class OffsetCommitResponsePartition(Message):
    """The responses for each partition in the topic."""

    partition_index: int = 0
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetCommitResponseTopic(Message):
    """The responses for each topic."""

    name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[OffsetCommitResponsePartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetCommitResponse(Message):
    """The OffsetCommitResponse struct of OffsetCommitResponse."""

    API_KEY = 8
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 2
    HIGHEST_VERSION = 10
    FLEXIBLE_VERSION = 8
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 8:
            return 1
        return 0

    throttle_time_ms: int = 0
    topics: list[OffsetCommitResponseTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OffsetCommitResponsePartition = OffsetCommitResponsePartition()
_DEFAULT_OffsetCommitResponseTopic = OffsetCommitResponseTopic()
_DEFAULT_OffsetCommitResponse = OffsetCommitResponse()


def _enc_OffsetCommitResponsePartition_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitResponsePartition')


def _enc_OffsetCommitResponsePartition_v8(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetCommitResponsePartition_v2(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    return OffsetCommitResponsePartition(f_partition_index, f_error_code, ()), p


def _dec_OffsetCommitResponsePartition_v8(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitResponsePartition')
    return OffsetCommitResponsePartition(f_partition_index, f_error_code, _u), p


def _enc_OffsetCommitResponseTopic_v2(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitResponsePartition_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitResponseTopic')


def _enc_OffsetCommitResponseTopic_v8(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetCommitResponsePartition_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetCommitResponseTopic_v10(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetCommitResponsePartition_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetCommitResponseTopic_v2(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetCommitResponsePartition_v2(buf, p)
            f_partitions.append(_e)
    return OffsetCommitResponseTopic(f_name, ZERO_UUID, f_partitions, ()), p


def _dec_OffsetCommitResponseTopic_v8(buf, p):
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
            _e, p = _dec_OffsetCommitResponsePartition_v8(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitResponseTopic')
    return OffsetCommitResponseTopic(f_name, ZERO_UUID, f_partitions, _u), p


def _dec_OffsetCommitResponseTopic_v10(buf, p):
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
            _e, p = _dec_OffsetCommitResponsePartition_v8(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitResponseTopic')
    return OffsetCommitResponseTopic('', f_topic_id, f_partitions, _u), p


def _enc_OffsetCommitResponse_v2(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitResponseTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitResponse')


def _enc_OffsetCommitResponse_v3(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitResponseTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitResponse')


def _enc_OffsetCommitResponse_v8(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetCommitResponseTopic_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetCommitResponse_v10(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetCommitResponseTopic_v10(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetCommitResponse_v2(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetCommitResponseTopic_v2(buf, p)
            f_topics.append(_e)
    return OffsetCommitResponse(0, f_topics, ()), p


def _dec_OffsetCommitResponse_v3(buf, p):
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
            _e, p = _dec_OffsetCommitResponseTopic_v2(buf, p)
            f_topics.append(_e)
    return OffsetCommitResponse(f_throttle_time_ms, f_topics, ()), p


def _dec_OffsetCommitResponse_v8(buf, p):
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
            _e, p = _dec_OffsetCommitResponseTopic_v8(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitResponse')
    return OffsetCommitResponse(f_throttle_time_ms, f_topics, _u), p


def _dec_OffsetCommitResponse_v10(buf, p):
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
            _e, p = _dec_OffsetCommitResponseTopic_v10(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitResponse')
    return OffsetCommitResponse(f_throttle_time_ms, f_topics, _u), p


OffsetCommitResponsePartition._ENCODERS = {2: _enc_OffsetCommitResponsePartition_v2, 3: _enc_OffsetCommitResponsePartition_v2, 4: _enc_OffsetCommitResponsePartition_v2, 5: _enc_OffsetCommitResponsePartition_v2, 6: _enc_OffsetCommitResponsePartition_v2, 7: _enc_OffsetCommitResponsePartition_v2, 8: _enc_OffsetCommitResponsePartition_v8, 9: _enc_OffsetCommitResponsePartition_v8, 10: _enc_OffsetCommitResponsePartition_v8}
OffsetCommitResponsePartition._DECODERS = {2: _dec_OffsetCommitResponsePartition_v2, 3: _dec_OffsetCommitResponsePartition_v2, 4: _dec_OffsetCommitResponsePartition_v2, 5: _dec_OffsetCommitResponsePartition_v2, 6: _dec_OffsetCommitResponsePartition_v2, 7: _dec_OffsetCommitResponsePartition_v2, 8: _dec_OffsetCommitResponsePartition_v8, 9: _dec_OffsetCommitResponsePartition_v8, 10: _dec_OffsetCommitResponsePartition_v8}
OffsetCommitResponseTopic._ENCODERS = {2: _enc_OffsetCommitResponseTopic_v2, 3: _enc_OffsetCommitResponseTopic_v2, 4: _enc_OffsetCommitResponseTopic_v2, 5: _enc_OffsetCommitResponseTopic_v2, 6: _enc_OffsetCommitResponseTopic_v2, 7: _enc_OffsetCommitResponseTopic_v2, 8: _enc_OffsetCommitResponseTopic_v8, 9: _enc_OffsetCommitResponseTopic_v8, 10: _enc_OffsetCommitResponseTopic_v10}
OffsetCommitResponseTopic._DECODERS = {2: _dec_OffsetCommitResponseTopic_v2, 3: _dec_OffsetCommitResponseTopic_v2, 4: _dec_OffsetCommitResponseTopic_v2, 5: _dec_OffsetCommitResponseTopic_v2, 6: _dec_OffsetCommitResponseTopic_v2, 7: _dec_OffsetCommitResponseTopic_v2, 8: _dec_OffsetCommitResponseTopic_v8, 9: _dec_OffsetCommitResponseTopic_v8, 10: _dec_OffsetCommitResponseTopic_v10}
OffsetCommitResponse._ENCODERS = {2: _enc_OffsetCommitResponse_v2, 3: _enc_OffsetCommitResponse_v3, 4: _enc_OffsetCommitResponse_v3, 5: _enc_OffsetCommitResponse_v3, 6: _enc_OffsetCommitResponse_v3, 7: _enc_OffsetCommitResponse_v3, 8: _enc_OffsetCommitResponse_v8, 9: _enc_OffsetCommitResponse_v8, 10: _enc_OffsetCommitResponse_v10}
OffsetCommitResponse._DECODERS = {2: _dec_OffsetCommitResponse_v2, 3: _dec_OffsetCommitResponse_v3, 4: _dec_OffsetCommitResponse_v3, 5: _dec_OffsetCommitResponse_v3, 6: _dec_OffsetCommitResponse_v3, 7: _dec_OffsetCommitResponse_v3, 8: _dec_OffsetCommitResponse_v8, 9: _dec_OffsetCommitResponse_v8, 10: _dec_OffsetCommitResponse_v10}
