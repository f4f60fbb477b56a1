"""ElectLeadersRequest: generated from schemas/clients/ElectLeadersRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_b = struct.Struct('>b')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class TopicPartitions(Message):
    """The topic partitions to elect leaders."""

    topic: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ElectLeadersRequest(Message):
    """The ElectLeadersRequest struct of ElectLeadersRequest."""

    API_KEY = 43
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    election_type: int = 0
    topic_partitions: list[TopicPartitions] | None = attrs.field(factory=list)
    timeout_ms: int = 60000
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicPartitions = TopicPartitions()
_DEFAULT_ElectLeadersRequest = ElectLeadersRequest()


def _enc_TopicPartitions_v0(o, w):
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
        raise unknown_tags_in_rigid_version('TopicPartitions')


def _enc_TopicPartitions_v2(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
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


def _dec_TopicPartitions_v0(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return TopicPartitions(f_topic, f_partitions, ()), p


def _dec_TopicPartitions_v2(buf, p):
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
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicPartitions')
    return TopicPartitions(f_topic, f_partitions, _u), p


def _enc_ElectLeadersRequest_v0(o, w):
    if o.election_type != 0:
        raise field_not_in_version('ElectionType')
    b = w.buf
    _a = o.topic_partitions
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicPartitions_v0(_e, w)
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ElectLeadersRequest')


def _enc_ElectLeadersRequest_v1(o, w):
    b = w.buf
    b += _S_b.pack(o.election_type)
    _a = o.topic_partitions
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicPartitions_v0(_e, w)
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ElectLeadersRequest')


def _enc_ElectLeadersRequest_v2(o, w):
    b = w.buf
    b += _S_b.pack(o.election_type)
    _a = o.topic_partitions
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartitions_v2(_e, w)
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ElectLeadersRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_topic_partitions = None
    else:
        check_count(_n, buf, p, 'TopicPartitions')
        f_topic_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartitions_v0(buf, p)
            f_topic_partitions.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return ElectLeadersRequest(0, f_topic_partitions, f_timeout_ms, ()), p


def _dec_ElectLeadersRequest_v1(buf, p):
    f_election_type, = _S_b.unpack_from(buf, p)
    p += 1
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_topic_partitions = None
    else:
        check_count(_n, buf, p, 'TopicPartitions')
        f_topic_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartitions_v0(buf, p)
            f_topic_partitions.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return ElectLeadersRequest(f_election_type, f_topic_partitions, f_timeout_ms, ()), p


def _dec_ElectLeadersRequest_v2(buf, p):
    f_election_type, = _S_b.unpack_from(buf, p)
    p += 1
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topic_partitions = None
    else:
        check_count(_n, buf, p, 'TopicPartitions')
        f_topic_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartitions_v2(buf, p)
            f_topic_partitions.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ElectLeadersRequest')
    return ElectLeadersRequest(f_election_type, f_topic_partitions, f_timeout_ms, _u), p


TopicPartitions._ENCODERS = {0: _enc_TopicPartitions_v0, 1: _enc_TopicPartitions_v0, 2: _enc_TopicPartitions_v2}
TopicPartitions._DECODERS = {0: _dec_TopicPartitions_v0, 1: _dec_TopicPartitions_v0, 2: _dec_TopicPartitions_v2}
ElectLeadersRequest._ENCODERS = {0: _enc_ElectLeadersRequest_v0, 1: _enc_ElectLeadersRequest_v1, 2: _enc_ElectLeadersRequest_v2}
ElectLeadersRequest._DECODERS = {0: _dec_ElectLeadersRequest_v0, 1: _dec_ElectLeadersRequest_v1, 2: _dec_ElectLeadersRequest_v2}
