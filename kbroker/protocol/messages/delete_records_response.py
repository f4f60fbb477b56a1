"""DeleteRecordsResponse: generated from schemas/clients/DeleteRecordsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iqh = struct.Struct('>iqh')


@attrs.define(eq=True, slots=True)
class DeleteRecordsPartitionResult(Message):
    """Each partition that we wanted to delete records from."""

    partition_index: int = 0
    low_watermark: int = 0
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteRecordsTopicResult(Message):
    """Each topic that we wanted to delete records from."""

    name: str = ''
    partitions: list[DeleteRecordsPartitionResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteRecordsResponse(Message):
    """The DeleteRecordsResponse struct of DeleteRecordsResponse."""

    API_KEY = 21
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    throttle_time_ms: int = 0
    topics: list[DeleteRecordsTopicResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeleteRecordsPartitionResult = DeleteRecordsPartitionResult()
_DEFAULT_DeleteRecordsTopicResult = DeleteRecordsTopicResult()
_DEFAULT_DeleteRecordsResponse = DeleteRecordsResponse()


def _enc_DeleteRecordsPartitionResult_v0(o, w):
    b = w.buf
    b += _S_iqh.pack(o.partition_index, o.low_watermark, o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteRecordsPartitionResult')


def _enc_DeleteRecordsPartitionResult_v2(o, w):
    b = w.buf
    b += _S_iqh.pack(o.partition_index, o.low_watermark, o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteRecordsPartitionResult_v0(buf, p):
    f_partition_index, f_low_watermark, f_error_code = _S_iqh.unpack_from(buf, p)
    p += 14
    return DeleteRecordsPartitionResult(f_partition_index, f_low_watermark, f_error_code, ()), p


def _dec_DeleteRecordsPartitionResult_v2(buf, p):
    f_partition_index, f_low_watermark, f_error_code = _S_iqh.unpack_from(buf, p)
    p += 14
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteRecordsPartitionResult')
    return DeleteRecordsPartitionResult(f_partition_index, f_low_watermark, f_error_code, _u), p


def _enc_DeleteRecordsTopicResult_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeleteRecordsPartitionResult_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteRecordsTopicResult')


def _enc_DeleteRecordsTopicResult_v2(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteRecordsPartitionResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteRecordsTopicResult_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_DeleteRecordsPartitionResult_v0(buf, p)
            f_partitions.append(_e)
    return DeleteRecordsTopicResult(f_name, f_partitions, ()), p


def _dec_DeleteRecordsTopicResult_v2(buf, p):
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
            _e, p = _dec_DeleteRecordsPartitionResult_v2(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteRecordsTopicResult')
    return DeleteRecordsTopicResult(f_name, f_partitions, _u), p


def _enc_DeleteRecordsResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeleteRecordsTopicResult_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteRecordsResponse')


def _enc_DeleteRecordsResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteRecordsTopicResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteRecordsResponse_v0(buf, p):
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
            _e, p = _dec_DeleteRecordsTopicResult_v0(buf, p)
            f_topics.append(_e)
    return DeleteRecordsResponse(f_throttle_time_ms, f_topics, ()), p


def _dec_DeleteRecordsResponse_v2(buf, p):
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
            _e, p = _dec_DeleteRecordsTopicResult_v2(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteRecordsResponse')
    return DeleteRecordsResponse(f_throttle_time_ms, f_topics, _u), p


DeleteRecordsPartitionResult._ENCODERS = {0: _enc_DeleteRecordsPartitionResult_v0, 1: _enc_DeleteRecordsPartitionResult_v0, 2: _enc_DeleteRecordsPartitionResult_v2}
DeleteRecordsPartitionResult._DECODERS = {0: _dec_DeleteRecordsPartitionResult_v0, 1: _dec_DeleteRecordsPartitionResult_v0, 2: _dec_DeleteRecordsPartitionResult_v2}
DeleteRecordsTopicResult._ENCODERS = {0: _enc_DeleteRecordsTopicResult_v0, 1: _enc_DeleteRecordsTopicResult_v0, 2: _enc_DeleteRecordsTopicResult_v2}
DeleteRecordsTopicResult._DECODERS = {0: _dec_DeleteRecordsTopicResult_v0, 1: _dec_DeleteRecordsTopicResult_v0, 2: _dec_DeleteRecordsTopicResult_v2}
DeleteRecordsResponse._ENCODERS = {0: _enc_DeleteRecordsResponse_v0, 1: _enc_DeleteRecordsResponse_v0, 2: _enc_DeleteRecordsResponse_v2}
DeleteRecordsResponse._DECODERS = {0: _dec_DeleteRecordsResponse_v0, 1: _dec_DeleteRecordsResponse_v0, 2: _dec_DeleteRecordsResponse_v2}
