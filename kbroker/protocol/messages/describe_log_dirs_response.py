"""DescribeLogDirsResponse: generated from schemas/clients/DescribeLogDirsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')
_S_ih = struct.Struct('>ih')
_S_iqqo = struct.Struct('>iqq?')
_S_qq = struct.Struct('>qq')
_S_qqo = struct.Struct('>qq?')


@attrs.define(eq=True, slots=True)
class DescribeLogDirsPartition(Message):
    """The partitions."""

    partition_index: int = 0
    partition_size: int = 0
    offset_lag: int = 0
    is_future_key: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeLogDirsTopic(Message):
    """The topics."""

    name: str = ''
    partitions: list[DescribeLogDirsPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeLogDirsResult(Message):
    """The log directories."""

    error_code: int = 0
    log_dir: str = ''
    topics: list[DescribeLogDirsTopic] = attrs.field(factory=list)
    total_bytes: int = -1
    usable_bytes: int = -1
    is_cordoned: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeLogDirsResponse(Message):
    """The DescribeLogDirsResponse struct of DescribeLogDirsResponse."""

    API_KEY = 35
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    results: list[DescribeLogDirsResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeLogDirsPartition = DescribeLogDirsPartition()
_DEFAULT_DescribeLogDirsTopic = DescribeLogDirsTopic()
_DEFAULT_DescribeLogDirsResult = DescribeLogDirsResult()
_DEFAULT_DescribeLogDirsResponse = DescribeLogDirsResponse()


def _enc_DescribeLogDirsPartition_v1(o, w):
    b = w.buf
    b += _S_iqqo.pack(o.partition_index, o.partition_size, o.offset_lag, o.is_future_key)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeLogDirsPartition')


def _enc_DescribeLogDirsPartition_v2(o, w):
    b = w.buf
    b += _S_iqqo.pack(o.partition_index, o.partition_size, o.offset_lag, o.is_future_key)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeLogDirsPartition_v1(buf, p):
    f_partition_index, f_partition_size, f_offset_lag, f_is_future_key = _S_iqqo.unpack_from(buf, p)
    p += 21
    return DescribeLogDirsPartition(f_partition_index, f_partition_size, f_offset_lag, f_is_future_key, ()), p


def _dec_DescribeLogDirsPartition_v2(buf, p):
    f_partition_index, f_partition_size, f_offset_lag, f_is_future_key = _S_iqqo.unpack_from(buf, p)
    p += 21
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsPartition')
    return DescribeLogDirsPartition(f_partition_index, f_partition_size, f_offset_lag, f_is_future_key, _u), p


def _enc_DescribeLogDirsTopic_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeLogDirsPartition_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeLogDirsTopic')


def _enc_DescribeLogDirsTopic_v2(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeLogDirsPartition_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeLogDirsTopic_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_DescribeLogDirsPartition_v1(buf, p)
            f_partitions.append(_e)
    return DescribeLogDirsTopic(f_name, f_partitions, ()), p


def _dec_DescribeLogDirsTopic_v2(buf, p):
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
            _e, p = _dec_DescribeLogDirsPartition_v2(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsTopic')
    return DescribeLogDirsTopic(f_name, f_partitions, _u), p


def _enc_DescribeLogDirsResult_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.log_dir, False, 'LogDir')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeLogDirsTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeLogDirsResult')


def _enc_DescribeLogDirsResult_v2(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.log_dir, False, 'LogDir')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeLogDirsTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeLogDirsResult_v4(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.log_dir, False, 'LogDir')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeLogDirsTopic_v2(_e, w)
    b += _S_qq.pack(o.total_bytes, o.usable_bytes)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeLogDirsResult_v5(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.log_dir, False, 'LogDir')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeLogDirsTopic_v2(_e, w)
    b += _S_qqo.pack(o.total_bytes, o.usable_bytes, o.is_cordoned)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeLogDirsResult_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_log_dir, p = read_string(buf, p, False, 'LogDir')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_DescribeLogDirsTopic_v1(buf, p)
            f_topics.append(_e)
    return DescribeLogDirsResult(f_error_code, f_log_dir, f_topics, -1, -1, False, ()), p


def _dec_DescribeLogDirsResult_v2(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_log_dir, p = read_compact_string(buf, p, False, 'LogDir')
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
            _e, p = _dec_DescribeLogDirsTopic_v2(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsResult')
    return DescribeLogDirsResult(f_error_code, f_log_dir, f_topics, -1, -1, False, _u), p


def _dec_DescribeLogDirsResult_v4(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_log_dir, p = read_compact_string(buf, p, False, 'LogDir')
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
            _e, p = _dec_DescribeLogDirsTopic_v2(buf, p)
            f_topics.append(_e)
    f_total_bytes, f_usable_bytes = _S_qq.unpack_from(buf, p)
    p += 16
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsResult')
    return DescribeLogDirsResult(f_error_code, f_log_dir, f_topics, f_total_bytes, f_usable_bytes, False, _u), p


def _dec_DescribeLogDirsResult_v5(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_log_dir, p = read_compact_string(buf, p, False, 'LogDir')
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
            _e, p = _dec_DescribeLogDirsTopic_v2(buf, p)
            f_topics.append(_e)
    f_total_bytes, f_usable_bytes, f_is_cordoned = _S_qqo.unpack_from(buf, p)
    p += 17
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsResult')
    return DescribeLogDirsResult(f_error_code, f_log_dir, f_topics, f_total_bytes, f_usable_bytes, f_is_cordoned, _u), p


def _enc_DescribeLogDirsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeLogDirsResult_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeLogDirsResponse')


def _enc_DescribeLogDirsResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeLogDirsResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeLogDirsResponse_v3(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeLogDirsResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeLogDirsResponse_v4(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeLogDirsResult_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeLogDirsResponse_v5(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeLogDirsResult_v5(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeLogDirsResponse_v1(buf, p):
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
            _e, p = _dec_DescribeLogDirsResult_v1(buf, p)
            f_results.append(_e)
    return DescribeLogDirsResponse(f_throttle_time_ms, 0, f_results, ()), p


def _dec_DescribeLogDirsResponse_v2(buf, p):
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
            _e, p = _dec_DescribeLogDirsResult_v2(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsResponse')
    return DescribeLogDirsResponse(f_throttle_time_ms, 0, f_results, _u), p


def _dec_DescribeLogDirsResponse_v3(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
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
            _e, p = _dec_DescribeLogDirsResult_v2(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsResponse')
    return DescribeLogDirsResponse(f_throttle_time_ms, f_error_code, f_results, _u), p


def _dec_DescribeLogDirsResponse_v4(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
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
            _e, p = _dec_DescribeLogDirsResult_v4(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsResponse')
    return DescribeLogDirsResponse(f_throttle_time_ms, f_error_code, f_results, _u), p


def _dec_DescribeLogDirsResponse_v5(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
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
            _e, p = _dec_DescribeLogDirsResult_v5(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeLogDirsResponse')
    return DescribeLogDirsResponse(f_throttle_time_ms, f_error_code, f_results, _u), p


DescribeLogDirsPartition._ENCODERS = {1: _enc_DescribeLogDirsPartition_v1, 2: _enc_DescribeLogDirsPartition_v2, 3: _enc_DescribeLogDirsPartition_v2, 4: _enc_DescribeLogDirsPartition_v2, 5: _enc_DescribeLogDirsPartition_v2}
DescribeLogDirsPartition._DECODERS = {1: _dec_DescribeLogDirsPartition_v1, 2: _dec_DescribeLogDirsPartition_v2, 3: _dec_DescribeLogDirsPartition_v2, 4: _dec_DescribeLogDirsPartition_v2, 5: _dec_DescribeLogDirsPartition_v2}
DescribeLogDirsTopic._ENCODERS = {1: _enc_DescribeLogDirsTopic_v1, 2: _enc_DescribeLogDirsTopic_v2, 3: _enc_DescribeLogDirsTopic_v2, 4: _enc_DescribeLogDirsTopic_v2, 5: _enc_DescribeLogDirsTopic_v2}
DescribeLogDirsTopic._DECODERS = {1: _dec_DescribeLogDirsTopic_v1, 2: _dec_DescribeLogDirsTopic_v2, 3: _dec_DescribeLogDirsTopic_v2, 4: _dec_DescribeLogDirsTopic_v2, 5: _dec_DescribeLogDirsTopic_v2}
DescribeLogDirsResult._ENCODERS = {1: _enc_DescribeLogDirsResult_v1, 2: _enc_DescribeLogDirsResult_v2, 3: _enc_DescribeLogDirsResult_v2, 4: _enc_DescribeLogDirsResult_v4, 5: _enc_DescribeLogDirsResult_v5}
DescribeLogDirsResult._DECODERS = {1: _dec_DescribeLogDirsResult_v1, 2: _dec_DescribeLogDirsResult_v2, 3: _dec_DescribeLogDirsResult_v2, 4: _dec_DescribeLogDirsResult_v4, 5: _dec_DescribeLogDirsResult_v5}
DescribeLogDirsResponse._ENCODERS = {1: _enc_DescribeLogDirsResponse_v1, 2: _enc_DescribeLogDirsResponse_v2, 3: _enc_DescribeLogDirsResponse_v3, 4: _enc_DescribeLogDirsResponse_v4, 5: _enc_DescribeLogDirsResponse_v5}
DescribeLogDirsResponse._DECODERS = {1: _dec_DescribeLogDirsResponse_v1, 2: _dec_DescribeLogDirsResponse_v2, 3: _dec_DescribeLogDirsResponse_v3, 4: _dec_DescribeLogDirsResponse_v4, 5: _dec_DescribeLogDirsResponse_v5}
