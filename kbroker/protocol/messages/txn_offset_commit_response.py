"""TxnOffsetCommitResponse: generated from schemas/clients/TxnOffsetCommitResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class TxnOffsetCommitResponsePartition(Message):
    """The responses for each partition in the topic."""

    partition_index: int = 0
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TxnOffsetCommitResponseTopic(Message):
    """The responses for each topic."""

    name: str = ''
    partitions: list[TxnOffsetCommitResponsePartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TxnOffsetCommitResponse(Message):
    """The TxnOffsetCommitResponse struct of TxnOffsetCommitResponse."""

    API_KEY = 28
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 3:
            return 1
        return 0

    throttle_time_ms: int = 0
    topics: list[TxnOffsetCommitResponseTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TxnOffsetCommitResponsePartition = TxnOffsetCommitResponsePartition()
_DEFAULT_TxnOffsetCommitResponseTopic = TxnOffsetCommitResponseTopic()
_DEFAULT_TxnOffsetCommitResponse = TxnOffsetCommitResponse()


def _enc_TxnOffsetCommitResponsePartition_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitResponsePartition')


def _enc_TxnOffsetCommitResponsePartition_v3(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TxnOffsetCommitResponsePartition_v0(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    return TxnOffsetCommitResponsePartition(f_partition_index, f_error_code, ()), p


def _dec_TxnOffsetCommitResponsePartition_v3(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TxnOffsetCommitResponsePartition')
    return TxnOffsetCommitResponsePartition(f_partition_index, f_error_code, _u), p


def _enc_TxnOffsetCommitResponseTopic_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TxnOffsetCommitResponsePartition_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitResponseTopic')


def _enc_TxnOffsetCommitResponseTopic_v3(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TxnOffsetCommitResponsePartition_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TxnOffsetCommitResponseTopic_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_TxnOffsetCommitResponsePartition_v0(buf, p)
            f_partitions.append(_e)
    return TxnOffsetCommitResponseTopic(f_name, f_partitions, ()), p


def _dec_TxnOffsetCommitResponseTopic_v3(buf, p):
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
            _e, p = _dec_TxnOffsetCommitResponsePartition_v3(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TxnOffsetCommitResponseTopic')
    return TxnOffsetCommitResponseTopic(f_name, f_partitions, _u), p


def _enc_TxnOffsetCommitResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TxnOffsetCommitResponseTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitResponse')


def _enc_TxnOffsetCommitResponse_v3(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TxnOffsetCommitResponseTopic_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TxnOffsetCommitResponse_v0(buf, p):
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
            _e, p = _dec_TxnOffsetCommitResponseTopic_v0(buf, p)
            f_topics.append(_e)
    return TxnOffsetCommitResponse(f_throttle_time_ms, f_topics, ()), p


def _dec_TxnOffsetCommitResponse_v3(buf, p):
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
            _e, p = _dec_TxnOffsetCommitResponseTopic_v3(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TxnOffsetCommitResponse')
    return TxnOffsetCommitResponse(f_throttle_time_ms, f_topics, _u), p


TxnOffsetCommitResponsePartition._ENCODERS = {0: _enc_TxnOffsetCommitResponsePartition_v0, 1: _enc_TxnOffsetCommitResponsePartition_v0, 2: _enc_TxnOffsetCommitResponsePartition_v0, 3: _enc_TxnOffsetCommitResponsePartition_v3, 4: _enc_TxnOffsetCommitResponsePartition_v3, 5: _enc_TxnOffsetCommitResponsePartition_v3}
TxnOffsetCommitResponsePartition._DECODERS = {0: _dec_TxnOffsetCommitResponsePartition_v0, 1: _dec_TxnOffsetCommitResponsePartition_v0, 2: _dec_TxnOffsetCommitResponsePartition_v0, 3: _dec_TxnOffsetCommitResponsePartition_v3, 4: _dec_TxnOffsetCommitResponsePartition_v3, 5: _dec_TxnOffsetCommitResponsePartition_v3}
TxnOffsetCommitResponseTopic._ENCODERS = {0: _enc_TxnOffsetCommitResponseTopic_v0, 1: _enc_TxnOffsetCommitResponseTopic_v0, 2: _enc_TxnOffsetCommitResponseTopic_v0, 3: _enc_TxnOffsetCommitResponseTopic_v3, 4: _enc_TxnOffsetCommitResponseTopic_v3, 5: _enc_TxnOffsetCommitResponseTopic_v3}
TxnOffsetCommitResponseTopic._DECODERS = {0: _dec_TxnOffsetCommitResponseTopic_v0, 1: _dec_TxnOffsetCommitResponseTopic_v0, 2: _dec_TxnOffsetCommitResponseTopic_v0, 3: _dec_TxnOffsetCommitResponseTopic_v3, 4: _dec_TxnOffsetCommitResponseTopic_v3, 5: _dec_TxnOffsetCommitResponseTopic_v3}
TxnOffsetCommitResponse._ENCODERS = {0: _enc_TxnOffsetCommitResponse_v0, 1: _enc_TxnOffsetCommitResponse_v0, 2: _enc_TxnOffsetCommitResponse_v0, 3: _enc_TxnOffsetCommitResponse_v3, 4: _enc_TxnOffsetCommitResponse_v3, 5: _enc_TxnOffsetCommitResponse_v3}
TxnOffsetCommitResponse._DECODERS = {0: _dec_TxnOffsetCommitResponse_v0, 1: _dec_TxnOffsetCommitResponse_v0, 2: _dec_TxnOffsetCommitResponse_v0, 3: _dec_TxnOffsetCommitResponse_v3, 4: _dec_TxnOffsetCommitResponse_v3, 5: _dec_TxnOffsetCommitResponse_v3}
