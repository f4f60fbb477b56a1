"""ProduceRequest: generated from schemas/clients/ProduceRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_hi = struct.Struct('>hi')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class PartitionProduceData(Message):
    """Each partition to produce to."""

    index: int = 0
    records: object = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicProduceData(Message):
    """Each topic to produce to."""

    name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partition_data: list[PartitionProduceData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ProduceRequest(Message):
    """The ProduceRequest struct of ProduceRequest."""

    API_KEY = 0
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 3
    HIGHEST_VERSION = 13
    FLEXIBLE_VERSION = 9
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 9:
            return 2
        return 1

    transactional_id: str | None = None
    acks: int = 0
    timeout_ms: int = 0
    topic_data: list[TopicProduceData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionProduceData = PartitionProduceData()
_DEFAULT_TopicProduceData = TopicProduceData()
_DEFAULT_ProduceRequest = ProduceRequest()


def _enc_PartitionProduceData_v3(o, w):
    b = w.buf
    b += _S_i.pack(o.index)
    write_records(w, o.records, True, 'Records')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionProduceData')


def _enc_PartitionProduceData_v9(o, w):
    b = w.buf
    b += _S_i.pack(o.index)
    write_compact_records(w, o.records, True, 'Records')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionProduceData_v3(buf, p):
    f_index, = _S_i.unpack_from(buf, p)
    p += 4
    f_records, p = read_records(buf, p, True, 'Records')
    return PartitionProduceData(f_index, f_records, ()), p


def _dec_PartitionProduceData_v9(buf, p):
    f_index, = _S_i.unpack_from(buf, p)
    p += 4
    f_records, p = read_compact_records(buf, p, True, 'Records')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionProduceData')
    return PartitionProduceData(f_index, f_records, _u), p


def _enc_TopicProduceData_v3(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partition_data
    if _a is None:
        raise EncodeError('PartitionData' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionProduceData_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TopicProduceData')


def _enc_TopicProduceData_v9(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partition_data
    if _a is None:
        raise EncodeError('PartitionData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionProduceData_v9(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_TopicProduceData_v13(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partition_data
    if _a is None:
        raise EncodeError('PartitionData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionProduceData_v9(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicProduceData_v3(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('PartitionData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionData')
        f_partition_data = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceData_v3(buf, p)
            f_partition_data.append(_e)
    return TopicProduceData(f_name, ZERO_UUID, f_partition_data, ()), p


def _dec_TopicProduceData_v9(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionData')
        f_partition_data = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceData_v9(buf, p)
            f_partition_data.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicProduceData')
    return TopicProduceData(f_name, ZERO_UUID, f_partition_data, _u), p


def _dec_TopicProduceData_v13(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionData')
        f_partition_data = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceData_v9(buf, p)
            f_partition_data.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicProduceData')
    return TopicProduceData('', f_topic_id, f_partition_data, _u), p


def _enc_ProduceRequest_v3(o, w):
    b = w.buf
    write_string(b, o.transactional_id, True, 'TransactionalId')
    b += _S_hi.pack(o.acks, o.timeout_ms)
    _a = o.topic_data
    if _a is None:
        raise EncodeError('TopicData' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicProduceData_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ProduceRequest')


def _enc_ProduceRequest_v9(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, True, 'TransactionalId')
    b += _S_hi.pack(o.acks, o.timeout_ms)
    _a = o.topic_data
    if _a is None:
        raise EncodeError('TopicData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicProduceData_v9(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ProduceRequest_v13(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, True, 'TransactionalId')
    b += _S_hi.pack(o.acks, o.timeout_ms)
    _a = o.topic_data
    if _a is None:
        raise EncodeError('TopicData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicProduceData_v13(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ProduceRequest_v3(buf, p):
    f_transactional_id, p = read_string(buf, p, True, 'TransactionalId')
    f_acks, f_timeout_ms = _S_hi.unpack_from(buf, p)
    p += 6
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('TopicData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicData')
        f_topic_data = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceData_v3(buf, p)
            f_topic_data.append(_e)
    return ProduceRequest(f_transactional_id, f_acks, f_timeout_ms, f_topic_data, ()), p


def _dec_ProduceRequest_v9(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, True, 'TransactionalId')
    f_acks, f_timeout_ms = _S_hi.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TopicData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicData')
        f_topic_data = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceData_v9(buf, p)
            f_topic_data.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ProduceRequest')
    return ProduceRequest(f_transactional_id, f_acks, f_timeout_ms, f_topic_data, _u), p


def _dec_ProduceRequest_v13(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, True, 'TransactionalId')
    f_acks, f_timeout_ms = _S_hi.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TopicData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicData')
        f_topic_data = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceData_v13(buf, p)
            f_topic_data.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ProduceRequest')
    return ProduceRequest(f_transactional_id, f_acks, f_timeout_ms, f_topic_data, _u), p


PartitionProduceData._ENCODERS = {3: _enc_PartitionProduceData_v3, 4: _enc_PartitionProduceData_v3, 5: _enc_PartitionProduceData_v3, 6: _enc_PartitionProduceData_v3, 7: _enc_PartitionProduceData_v3, 8: _enc_PartitionProduceData_v3, 9: _enc_PartitionProduceData_v9, 10: _enc_PartitionProduceData_v9, 11: _enc_PartitionProduceData_v9, 12: _enc_PartitionProduceData_v9, 13: _enc_PartitionProduceData_v9}
PartitionProduceData._DECODERS = {3: _dec_PartitionProduceData_v3, 4: _dec_PartitionProduceData_v3, 5: _dec_PartitionProduceData_v3, 6: _dec_PartitionProduceData_v3, 7: _dec_PartitionProduceData_v3, 8: _dec_PartitionProduceData_v3, 9: _dec_PartitionProduceData_v9, 10: _dec_PartitionProduceData_v9, 11: _dec_PartitionProduceData_v9, 12: _dec_PartitionProduceData_v9, 13: _dec_PartitionProduceData_v9}
TopicProduceData._ENCODERS = {3: _enc_TopicProduceData_v3, 4: _enc_TopicProduceData_v3, 5: _enc_TopicProduceData_v3, 6: _enc_TopicProduceData_v3, 7: _enc_TopicProduceData_v3, 8: _enc_TopicProduceData_v3, 9: _enc_TopicProduceData_v9, 10: _enc_TopicProduceData_v9, 11: _enc_TopicProduceData_v9, 12: _enc_TopicProduceData_v9, 13: _enc_TopicProduceData_v13}
TopicProduceData._DECODERS = {3: _dec_TopicProduceData_v3, 4: _dec_TopicProduceData_v3, 5: _dec_TopicProduceData_v3, 6: _dec_TopicProduceData_v3, 7: _dec_TopicProduceData_v3, 8: _dec_TopicProduceData_v3, 9: _dec_TopicProduceData_v9, 10: _dec_TopicProduceData_v9, 11: _dec_TopicProduceData_v9, 12: _dec_TopicProduceData_v9, 13: _dec_TopicProduceData_v13}
ProduceRequest._ENCODERS = {3: _enc_ProduceRequest_v3, 4: _enc_ProduceRequest_v3, 5: _enc_ProduceRequest_v3, 6: _enc_ProduceRequest_v3, 7: _enc_ProduceRequest_v3, 8: _enc_ProduceRequest_v3, 9: _enc_ProduceRequest_v9, 10: _enc_ProduceRequest_v9, 11: _enc_ProduceRequest_v9, 12: _enc_ProduceRequest_v9, 13: _enc_ProduceRequest_v13}
ProduceRequest._DECODERS = {3: _dec_ProduceRequest_v3, 4: _dec_ProduceRequest_v3, 5: _dec_ProduceRequest_v3, 6: _dec_ProduceRequest_v3, 7: _dec_ProduceRequest_v3, 8: _dec_ProduceRequest_v3, 9: _dec_ProduceRequest_v9, 10: _dec_ProduceRequest_v9, 11: _dec_ProduceRequest_v9, 12: _dec_ProduceRequest_v9, 13: _dec_ProduceRequest_v13}
