"""AlterReplicaLogDirsResponse: generated from schemas/clients/AlterReplicaLogDirsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
class AlterReplicaLogDirPartitionResult(Message):
    """The results for each partition."""

    partition_index: int = 0
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterReplicaLogDirTopicResult(Message):
    """The results for each topic."""

    topic_name: str = ''
    partitions: list[AlterReplicaLogDirPartitionResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterReplicaLogDirsResponse(Message):
    """The AlterReplicaLogDirsResponse struct of AlterReplicaLogDirsResponse."""

    API_KEY = 34
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    throttle_time_ms: int = 0
    results: list[AlterReplicaLogDirTopicResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AlterReplicaLogDirPartitionResult = AlterReplicaLogDirPartitionResult()
_DEFAULT_AlterReplicaLogDirTopicResult = AlterReplicaLogDirTopicResult()
_DEFAULT_AlterReplicaLogDirsResponse = AlterReplicaLogDirsResponse()


def _enc_AlterReplicaLogDirPartitionResult_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterReplicaLogDirPartitionResult')


def _enc_AlterReplicaLogDirPartitionResult_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterReplicaLogDirPartitionResult_v1(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    return AlterReplicaLogDirPartitionResult(f_partition_index, f_error_code, ()), p


def _dec_AlterReplicaLogDirPartitionResult_v2(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterReplicaLogDirPartitionResult')
    return AlterReplicaLogDirPartitionResult(f_partition_index, f_error_code, _u), p


def _enc_AlterReplicaLogDirTopicResult_v1(o, w):
    b = w.buf
    write_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AlterReplicaLogDirPartitionResult_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterReplicaLogDirTopicResult')


def _enc_AlterReplicaLogDirTopicResult_v2(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterReplicaLogDirPartitionResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterReplicaLogDirTopicResult_v1(buf, p):
    f_topic_name, p = read_string(buf, p, False, 'TopicName')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_AlterReplicaLogDirPartitionResult_v1(buf, p)
            f_partitions.append(_e)
    return AlterReplicaLogDirTopicResult(f_topic_name, f_partitions, ()), p


def _dec_AlterReplicaLogDirTopicResult_v2(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
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
            _e, p = _dec_AlterReplicaLogDirPartitionResult_v2(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterReplicaLogDirTopicResult')
    return AlterReplicaLogDirTopicResult(f_topic_name, f_partitions, _u), p


def _enc_AlterReplicaLogDirsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AlterReplicaLogDirTopicResult_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterReplicaLogDirsResponse')


def _enc_AlterReplicaLogDirsResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterReplicaLogDirTopicResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterReplicaLogDirsResponse_v1(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_AlterReplicaLogDirTopicResult_v1(buf, p)
            f_results.append(_e)
    return AlterReplicaLogDirsResponse(f_throttle_time_ms, f_results, ()), p


def _dec_AlterReplicaLogDirsResponse_v2(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_AlterReplicaLogDirTopicResult_v2(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterReplicaLogDirsResponse')
    return AlterReplicaLogDirsResponse(f_throttle_time_ms, f_results, _u), p


AlterReplicaLogDirPartitionResult._ENCODERS = {1: _enc_AlterReplicaLogDirPartitionResult_v1, 2: _enc_AlterReplicaLogDirPartitionResult_v2}
AlterReplicaLogDirPartitionResult._DECODERS = {1: _dec_AlterReplicaLogDirPartitionResult_v1, 2: _dec_AlterReplicaLogDirPartitionResult_v2}
AlterReplicaLogDirTopicResult._ENCODERS = {1: _enc_AlterReplicaLogDirTopicResult_v1, 2: _enc_AlterReplicaLogDirTopicResult_v2}
AlterReplicaLogDirTopicResult._DECODERS = {1: _dec_AlterReplicaLogDirTopicResult_v1, 2: _dec_AlterReplicaLogDirTopicResult_v2}
AlterReplicaLogDirsResponse._ENCODERS = {1: _enc_AlterReplicaLogDirsResponse_v1, 2: _enc_AlterReplicaLogDirsResponse_v2}
AlterReplicaLogDirsResponse._DECODERS = {1: _dec_AlterReplicaLogDirsResponse_v1, 2: _dec_AlterReplicaLogDirsResponse_v2}
