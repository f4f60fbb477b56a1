"""WriteTxnMarkersResponse: generated from schemas/clients/WriteTxnMarkersResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_ih = struct.Struct('>ih')
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class WritableTxnMarkerPartitionResult(Message):
    """The results by partition."""

    partition_index: int = 0
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WritableTxnMarkerTopicResult(Message):
    """The results by topic."""

    name: str = ''
    partitions: list[WritableTxnMarkerPartitionResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WritableTxnMarkerResult(Message):
    """The results for writing makers."""

    producer_id: int = 0
    topics: list[WritableTxnMarkerTopicResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WriteTxnMarkersResponse(Message):
    """The WriteTxnMarkersResponse struct of WriteTxnMarkersResponse."""

    API_KEY = 27
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 1
        return 0

    markers: list[WritableTxnMarkerResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_WritableTxnMarkerPartitionResult = WritableTxnMarkerPartitionResult()
_DEFAULT_WritableTxnMarkerTopicResult = WritableTxnMarkerTopicResult()
_DEFAULT_WritableTxnMarkerResult = WritableTxnMarkerResult()
_DEFAULT_WriteTxnMarkersResponse = WriteTxnMarkersResponse()


def _enc_WritableTxnMarkerPartitionResult_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WritableTxnMarkerPartitionResult_v1(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WritableTxnMarkerPartitionResult')
    return WritableTxnMarkerPartitionResult(f_partition_index, f_error_code, _u), p


def _enc_WritableTxnMarkerTopicResult_v1(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WritableTxnMarkerPartitionResult_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WritableTxnMarkerTopicResult_v1(buf, p):
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
            _e, p = _dec_WritableTxnMarkerPartitionResult_v1(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WritableTxnMarkerTopicResult')
    return WritableTxnMarkerTopicResult(f_name, f_partitions, _u), p


def _enc_WritableTxnMarkerResult_v1(o, w):
    b = w.buf
    b += _S_q.pack(o.producer_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WritableTxnMarkerTopicResult_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WritableTxnMarkerResult_v1(buf, p):
    f_producer_id, = _S_q.unpack_from(buf, p)
    p += 8
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
            _e, p = _dec_WritableTxnMarkerTopicResult_v1(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WritableTxnMarkerResult')
    return WritableTxnMarkerResult(f_producer_id, f_topics, _u), p


def _enc_WriteTxnMarkersResponse_v1(o, w):
    b = w.buf
    _a = o.markers
    if _a is None:
        raise EncodeError('Markers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WritableTxnMarkerResult_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WriteTxnMarkersResponse_v1(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Markers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Markers')
        f_markers = []
        for _ in range(_n):
            _e, p = _dec_WritableTxnMarkerResult_v1(buf, p)
            f_markers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteTxnMarkersResponse')
    return WriteTxnMarkersResponse(f_markers, _u), p


WritableTxnMarkerPartitionResult._ENCODERS = {1: _enc_WritableTxnMarkerPartitionResult_v1, 2: _enc_WritableTxnMarkerPartitionResult_v1}
WritableTxnMarkerPartitionResult._DECODERS = {1: _dec_WritableTxnMarkerPartitionResult_v1, 2: _dec_WritableTxnMarkerPartitionResult_v1}
WritableTxnMarkerTopicResult._ENCODERS = {1: _enc_WritableTxnMarkerTopicResult_v1, 2: _enc_WritableTxnMarkerTopicResult_v1}
WritableTxnMarkerTopicResult._DECODERS = {1: _dec_WritableTxnMarkerTopicResult_v1, 2: _dec_WritableTxnMarkerTopicResult_v1}
WritableTxnMarkerResult._ENCODERS = {1: _enc_WritableTxnMarkerResult_v1, 2: _enc_WritableTxnMarkerResult_v1}
WritableTxnMarkerResult._DECODERS = {1: _dec_WritableTxnMarkerResult_v1, 2: _dec_WritableTxnMarkerResult_v1}
WriteTxnMarkersResponse._ENCODERS = {1: _enc_WriteTxnMarkersResponse_v1, 2: _enc_WriteTxnMarkersResponse_v1}
WriteTxnMarkersResponse._DECODERS = {1: _dec_WriteTxnMarkersResponse_v1, 2: _dec_WriteTxnMarkersResponse_v1}
