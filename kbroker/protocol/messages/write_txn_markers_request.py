"""WriteTxnMarkersRequest: generated from schemas/clients/WriteTxnMarkersRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ib = struct.Struct('>ib')
_S_qho = struct.Struct('>qh?')


@attrs.define(eq=True, slots=True)
class WritableTxnMarkerTopic(Message):
    """Each topic that we want to write transaction marker(s) for."""

    name: str = ''
    partition_indexes: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WritableTxnMarker(Message):
    """The transaction markers to be written."""

    producer_id: int = 0
    producer_epoch: int = 0
    transaction_result: bool = False
    topics: list[WritableTxnMarkerTopic] = attrs.field(factory=list)
    coordinator_epoch: int = 0
    transaction_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WriteTxnMarkersRequest(Message):
    """The WriteTxnMarkersRequest struct of WriteTxnMarkersRequest."""

    API_KEY = 27
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 2
        return 1

    markers: list[WritableTxnMarker] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_WritableTxnMarkerTopic = WritableTxnMarkerTopic()
_DEFAULT_WritableTxnMarker = WritableTxnMarker()
_DEFAULT_WriteTxnMarkersRequest = WriteTxnMarkersRequest()


def _enc_WritableTxnMarkerTopic_v1(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partition_indexes
    if _a is None:
        raise EncodeError('PartitionIndexes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WritableTxnMarkerTopic_v1(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionIndexes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionIndexes')
        f_partition_indexes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WritableTxnMarkerTopic')
    return WritableTxnMarkerTopic(f_name, f_partition_indexes, _u), p


def _enc_WritableTxnMarker_v1(o, w):
    b = w.buf
    b += _S_qho.pack(o.producer_id, o.producer_epoch, o.transaction_result)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WritableTxnMarkerTopic_v1(_e, w)
    b += _S_i.pack(o.coordinator_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_WritableTxnMarker_v2(o, w):
    b = w.buf
    b += _S_qho.pack(o.producer_id, o.producer_epoch, o.transaction_result)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WritableTxnMarkerTopic_v1(_e, w)
    b += _S_ib.pack(o.coordinator_epoch, o.transaction_version)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WritableTxnMarker_v1(buf, p):
    f_producer_id, f_producer_epoch, f_transaction_result = _S_qho.unpack_from(buf, p)
    p += 11
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
            _e, p = _dec_WritableTxnMarkerTopic_v1(buf, p)
            f_topics.append(_e)
    f_coordinator_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WritableTxnMarker')
    return WritableTxnMarker(f_producer_id, f_producer_epoch, f_transaction_result, f_topics, f_coordinator_epoch, 0, _u), p


def _dec_WritableTxnMarker_v2(buf, p):
    f_producer_id, f_producer_epoch, f_transaction_result = _S_qho.unpack_from(buf, p)
    p += 11
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
            _e, p = _dec_WritableTxnMarkerTopic_v1(buf, p)
            f_topics.append(_e)
    f_coordinator_epoch, f_transaction_version = _S_ib.unpack_from(buf, p)
    p += 5
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WritableTxnMarker')
    return WritableTxnMarker(f_producer_id, f_producer_epoch, f_transaction_result, f_topics, f_coordinator_epoch, f_transaction_version, _u), p


def _enc_WriteTxnMarkersRequest_v1(o, w):
    b = w.buf
    _a = o.markers
    if _a is None:
        raise EncodeError('Markers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WritableTxnMarker_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_WriteTxnMarkersRequest_v2(o, w):
    b = w.buf
    _a = o.markers
    if _a is None:
        raise EncodeError('Markers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WritableTxnMarker_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WriteTxnMarkersRequest_v1(buf, p):
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
            _e, p = _dec_WritableTxnMarker_v1(buf, p)
            f_markers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteTxnMarkersRequest')
    return WriteTxnMarkersRequest(f_markers, _u), p


def _dec_WriteTxnMarkersRequest_v2(buf, p):
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
            _e, p = _dec_WritableTxnMarker_v2(buf, p)
            f_markers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteTxnMarkersRequest')
    return WriteTxnMarkersRequest(f_markers, _u), p


WritableTxnMarkerTopic._ENCODERS = {1: _enc_WritableTxnMarkerTopic_v1, 2: _enc_WritableTxnMarkerTopic_v1}
WritableTxnMarkerTopic._DECODERS = {1: _dec_WritableTxnMarkerTopic_v1, 2: _dec_WritableTxnMarkerTopic_v1}
WritableTxnMarker._ENCODERS = {1: _enc_WritableTxnMarker_v1, 2: _enc_WritableTxnMarker_v2}
WritableTxnMarker._DECODERS = {1: _dec_WritableTxnMarker_v1, 2: _dec_WritableTxnMarker_v2}
WriteTxnMarkersRequest._ENCODERS = {1: _enc_WriteTxnMarkersRequest_v1, 2: _enc_WriteTxnMarkersRequest_v2}
WriteTxnMarkersRequest._DECODERS = {1: _dec_WriteTxnMarkersRequest_v1, 2: _dec_WriteTxnMarkersRequest_v2}
