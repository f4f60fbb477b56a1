"""AddPartitionsToTxnResponse: generated from schemas/clients/AddPartitionsToTxnResponse.json by kbroker.protocol.codegen. Do not edit."""

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
class AddPartitionsToTxnPartitionResult(Message):
    """The AddPartitionsToTxnPartitionResult struct of AddPartitionsToTxnResponse."""

    partition_index: int = 0
    partition_error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AddPartitionsToTxnTopicResult(Message):
    """The AddPartitionsToTxnTopicResult struct of AddPartitionsToTxnResponse."""

    name: str = ''
    results_by_partition: list[AddPartitionsToTxnPartitionResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AddPartitionsToTxnResult(Message):
    """Results categorized by transactional ID."""

    transactional_id: str = ''
    topic_results: list[AddPartitionsToTxnTopicResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AddPartitionsToTxnResponse(Message):
    """The AddPartitionsToTxnResponse struct of AddPartitionsToTxnResponse."""

    API_KEY = 24
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
    error_code: int = 0
    results_by_transaction: list[AddPartitionsToTxnResult] = attrs.field(factory=list)
    results_by_topic_v3_and_below: list[AddPartitionsToTxnTopicResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AddPartitionsToTxnPartitionResult = AddPartitionsToTxnPartitionResult()
_DEFAULT_AddPartitionsToTxnTopicResult = AddPartitionsToTxnTopicResult()
_DEFAULT_AddPartitionsToTxnResult = AddPartitionsToTxnResult()
_DEFAULT_AddPartitionsToTxnResponse = AddPartitionsToTxnResponse()


def _enc_AddPartitionsToTxnPartitionResult_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.partition_error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AddPartitionsToTxnPartitionResult')


def _enc_AddPartitionsToTxnPartitionResult_v3(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.partition_error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AddPartitionsToTxnPartitionResult_v0(buf, p):
    f_partition_index, f_partition_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    return AddPartitionsToTxnPartitionResult(f_partition_index, f_partition_error_code, ()), p


def _dec_AddPartitionsToTxnPartitionResult_v3(buf, p):
    f_partition_index, f_partition_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnPartitionResult')
    return AddPartitionsToTxnPartitionResult(f_partition_index, f_partition_error_code, _u), p


def _enc_AddPartitionsToTxnTopicResult_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.results_by_partition
    if _a is None:
        raise EncodeError('ResultsByPartition' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AddPartitionsToTxnPartitionResult_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AddPartitionsToTxnTopicResult')


def _enc_AddPartitionsToTxnTopicResult_v3(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.results_by_partition
    if _a is None:
        raise EncodeError('ResultsByPartition' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AddPartitionsToTxnPartitionResult_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AddPartitionsToTxnTopicResult_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ResultsByPartition' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ResultsByPartition')
        f_results_by_partition = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnPartitionResult_v0(buf, p)
            f_results_by_partition.append(_e)
    return AddPartitionsToTxnTopicResult(f_name, f_results_by_partition, ()), p


def _dec_AddPartitionsToTxnTopicResult_v3(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ResultsByPartition' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ResultsByPartition')
        f_results_by_partition = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnPartitionResult_v3(buf, p)
            f_results_by_partition.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnTopicResult')
    return AddPartitionsToTxnTopicResult(f_name, f_results_by_partition, _u), p


def _enc_AddPartitionsToTxnResult_v0(o, w):
    if o.transactional_id != '':
        raise field_not_in_version('TransactionalId')
    if o.topic_results is None or len(o.topic_results) != 0:
        raise field_not_in_version('TopicResults')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AddPartitionsToTxnResult')


def _enc_AddPartitionsToTxnResult_v3(o, w):
    if o.transactional_id != '':
        raise field_not_in_version('TransactionalId')
    if o.topic_results is None or len(o.topic_results) != 0:
        raise field_not_in_version('TopicResults')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_AddPartitionsToTxnResult_v4(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, False, 'TransactionalId')
    _a = o.topic_results
    if _a is None:
        raise EncodeError('TopicResults' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AddPartitionsToTxnTopicResult_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AddPartitionsToTxnResult_v0(buf, p):
    return AddPartitionsToTxnResult('', [], ()), p


def _dec_AddPartitionsToTxnResult_v3(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnResult')
    return AddPartitionsToTxnResult('', [], _u), p


def _dec_AddPartitionsToTxnResult_v4(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, False, 'TransactionalId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TopicResults' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicResults')
        f_topic_results = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnTopicResult_v3(buf, p)
            f_topic_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnResult')
    return AddPartitionsToTxnResult(f_transactional_id, f_topic_results, _u), p


def _enc_AddPartitionsToTxnResponse_v0(o, w):
    if o.results_by_transaction is None or len(o.results_by_transaction) != 0:
        raise field_not_in_version('ResultsByTransaction')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results_by_topic_v3_and_below
    if _a is None:
        raise EncodeError('ResultsByTopicV3AndBelow' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AddPartitionsToTxnTopicResult_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AddPartitionsToTxnResponse')


def _enc_AddPartitionsToTxnResponse_v3(o, w):
    if o.results_by_transaction is None or len(o.results_by_transaction) != 0:
        raise field_not_in_version('ResultsByTransaction')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results_by_topic_v3_and_below
    if _a is None:
        raise EncodeError('ResultsByTopicV3AndBelow' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AddPartitionsToTxnTopicResult_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_AddPartitionsToTxnResponse_v4(o, w):
    if o.results_by_topic_v3_and_below is None or len(o.results_by_topic_v3_and_below) != 0:
        raise field_not_in_version('ResultsByTopicV3AndBelow')
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.results_by_transaction
    if _a is None:
        raise EncodeError('ResultsByTransaction' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AddPartitionsToTxnResult_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AddPartitionsToTxnResponse_v0(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ResultsByTopicV3AndBelow' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ResultsByTopicV3AndBelow')
        f_results_by_topic_v3_and_below = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnTopicResult_v0(buf, p)
            f_results_by_topic_v3_and_below.append(_e)
    return AddPartitionsToTxnResponse(f_throttle_time_ms, 0, [], f_results_by_topic_v3_and_below, ()), p


def _dec_AddPartitionsToTxnResponse_v3(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ResultsByTopicV3AndBelow' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ResultsByTopicV3AndBelow')
        f_results_by_topic_v3_and_below = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnTopicResult_v3(buf, p)
            f_results_by_topic_v3_and_below.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnResponse')
    return AddPartitionsToTxnResponse(f_throttle_time_ms, 0, [], f_results_by_topic_v3_and_below, _u), p


def _dec_AddPartitionsToTxnResponse_v4(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ResultsByTransaction' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ResultsByTransaction')
        f_results_by_transaction = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnResult_v4(buf, p)
            f_results_by_transaction.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnResponse')
    return AddPartitionsToTxnResponse(f_throttle_time_ms, f_error_code, f_results_by_transaction, [], _u), p


AddPartitionsToTxnPartitionResult._ENCODERS = {0: _enc_AddPartitionsToTxnPartitionResult_v0, 1: _enc_AddPartitionsToTxnPartitionResult_v0, 2: _enc_AddPartitionsToTxnPartitionResult_v0, 3: _enc_AddPartitionsToTxnPartitionResult_v3, 4: _enc_AddPartitionsToTxnPartitionResult_v3, 5: _enc_AddPartitionsToTxnPartitionResult_v3}
AddPartitionsToTxnPartitionResult._DECODERS = {0: _dec_AddPartitionsToTxnPartitionResult_v0, 1: _dec_AddPartitionsToTxnPartitionResult_v0, 2: _dec_AddPartitionsToTxnPartitionResult_v0, 3: _dec_AddPartitionsToTxnPartitionResult_v3, 4: _dec_AddPartitionsToTxnPartitionResult_v3, 5: _dec_AddPartitionsToTxnPartitionResult_v3}
AddPartitionsToTxnTopicResult._ENCODERS = {0: _enc_AddPartitionsToTxnTopicResult_v0, 1: _enc_AddPartitionsToTxnTopicResult_v0, 2: _enc_AddPartitionsToTxnTopicResult_v0, 3: _enc_AddPartitionsToTxnTopicResult_v3, 4: _enc_AddPartitionsToTxnTopicResult_v3, 5: _enc_AddPartitionsToTxnTopicResult_v3}
AddPartitionsToTxnTopicResult._DECODERS = {0: _dec_AddPartitionsToTxnTopicResult_v0, 1: _dec_AddPartitionsToTxnTopicResult_v0, 2: _dec_AddPartitionsToTxnTopicResult_v0, 3: _dec_AddPartitionsToTxnTopicResult_v3, 4: _dec_AddPartitionsToTxnTopicResult_v3, 5: _dec_AddPartitionsToTxnTopicResult_v3}
AddPartitionsToTxnResult._ENCODERS = {0: _enc_AddPartitionsToTxnResult_v0, 1: _enc_AddPartitionsToTxnResult_v0, 2: _enc_AddPartitionsToTxnResult_v0, 3: _enc_AddPartitionsToTxnResult_v3, 4: _enc_AddPartitionsToTxnResult_v4, 5: _enc_AddPartitionsToTxnResult_v4}
AddPartitionsToTxnResult._DECODERS = {0: _dec_AddPartitionsToTxnResult_v0, 1: _dec_AddPartitionsToTxnResult_v0, 2: _dec_AddPartitionsToTxnResult_v0, 3: _dec_AddPartitionsToTxnResult_v3, 4: _dec_AddPartitionsToTxnResult_v4, 5: _dec_AddPartitionsToTxnResult_v4}
AddPartitionsToTxnResponse._ENCODERS = {0: _enc_AddPartitionsToTxnResponse_v0, 1: _enc_AddPartitionsToTxnResponse_v0, 2: _enc_AddPartitionsToTxnResponse_v0, 3: _enc_AddPartitionsToTxnResponse_v3, 4: _enc_AddPartitionsToTxnResponse_v4, 5: _enc_AddPartitionsToTxnResponse_v4}
AddPartitionsToTxnResponse._DECODERS = {0: _dec_AddPartitionsToTxnResponse_v0, 1: _dec_AddPartitionsToTxnResponse_v0, 2: _dec_AddPartitionsToTxnResponse_v0, 3: _dec_AddPartitionsToTxnResponse_v3, 4: _dec_AddPartitionsToTxnResponse_v4, 5: _dec_AddPartitionsToTxnResponse_v4}
