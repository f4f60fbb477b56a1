"""DescribeProducersResponse: generated from schemas/clients/DescribeProducersResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_qiiqiq = struct.Struct('>qiiqiq')


@attrs.define(eq=True, slots=True)
class ProducerState(Message):
    """The active producers for the partition."""

    producer_id: int = 0
    producer_epoch: int = 0
    last_sequence: int = -1
    last_timestamp: int = -1
    coordinator_epoch: int = 0
    current_txn_start_offset: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionResponse(Message):
    """Each partition in the response."""

    partition_index: int = 0
    error_code: int = 0
    error_message: str | None = None
    active_producers: list[ProducerState] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicResponse(Message):
    """Each topic in the response."""

    name: str = ''
    partitions: list[PartitionResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeProducersResponse(Message):
    """The DescribeProducersResponse struct of DescribeProducersResponse."""

    API_KEY = 61
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    topics: list[TopicResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ProducerState = ProducerState()
_DEFAULT_PartitionResponse = PartitionResponse()
_DEFAULT_TopicResponse = TopicResponse()
_DEFAULT_DescribeProducersResponse = DescribeProducersResponse()


def _enc_ProducerState_v0(o, w):
    b = w.buf
    b += _S_qiiqiq.pack(o.producer_id, o.producer_epoch, o.last_sequence, o.last_timestamp, o.coordinator_epoch, o.current_txn_start_offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ProducerState_v0(buf, p):
    f_producer_id, f_producer_epoch, f_last_sequence, f_last_timestamp, f_coordinator_epoch, f_current_txn_start_offset = _S_qiiqiq.unpack_from(buf, p)
    p += 36
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ProducerState')
    return ProducerState(f_producer_id, f_producer_epoch, f_last_sequence, f_last_timestamp, f_coordinator_epoch, f_current_txn_start_offset, _u), p


def _enc_PartitionResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.active_producers
    if _a is None:
        raise EncodeError('ActiveProducers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ProducerState_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionResponse_v0(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ActiveProducers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ActiveProducers')
        f_active_producers = []
        for _ in range(_n):
            _e, p = _dec_ProducerState_v0(buf, p)
            f_active_producers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionResponse')
    return PartitionResponse(f_partition_index, f_error_code, f_error_message, f_active_producers, _u), p


def _enc_TopicResponse_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionResponse_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicResponse_v0(buf, p):
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
            _e, p = _dec_PartitionResponse_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicResponse')
    return TopicResponse(f_name, f_partitions, _u), p


def _enc_DescribeProducersResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicResponse_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeProducersResponse_v0(buf, p):
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
            _e, p = _dec_TopicResponse_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeProducersResponse')
    return DescribeProducersResponse(f_throttle_time_ms, f_topics, _u), p


ProducerState._ENCODERS = {0: _enc_ProducerState_v0}
ProducerState._DECODERS = {0: _dec_ProducerState_v0}
PartitionResponse._ENCODERS = {0: _enc_PartitionResponse_v0}
PartitionResponse._DECODERS = {0: _dec_PartitionResponse_v0}
TopicResponse._ENCODERS = {0: _enc_TopicResponse_v0}
TopicResponse._DECODERS = {0: _dec_TopicResponse_v0}
DescribeProducersResponse._ENCODERS = {0: _enc_DescribeProducersResponse_v0}
DescribeProducersResponse._DECODERS = {0: _dec_DescribeProducersResponse_v0}
