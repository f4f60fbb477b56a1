"""DeleteRecordsRequest: generated from schemas/clients/DeleteRecordsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iq = struct.Struct('>iq')


@attrs.define(eq=True, slots=True)
class DeleteRecordsPartition(Message):
    """Each partition that we want to delete records from."""

    partition_index: int = 0
    offset: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteRecordsTopic(Message):
    """Each topic that we want to delete records from."""

    name: str = ''
    partitions: list[DeleteRecordsPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DeleteRecordsRequest(Message):
    """The DeleteRecordsRequest struct of DeleteRecordsRequest."""

    API_KEY = 21
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

    topics: list[DeleteRecordsTopic] = attrs.field(factory=list)
    timeout_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeleteRecordsPartition = DeleteRecordsPartition()
_DEFAULT_DeleteRecordsTopic = DeleteRecordsTopic()
_DEFAULT_DeleteRecordsRequest = DeleteRecordsRequest()


def _enc_DeleteRecordsPartition_v0(o, w):
    b = w.buf
    b += _S_iq.pack(o.partition_index, o.offset)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteRecordsPartition')


def _enc_DeleteRecordsPartition_v2(o, w):
    b = w.buf
    b += _S_iq.pack(o.partition_index, o.offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteRecordsPartition_v0(buf, p):
    f_partition_index, f_offset = _S_iq.unpack_from(buf, p)
    p += 12
    return DeleteRecordsPartition(f_partition_index, f_offset, ()), p


def _dec_DeleteRecordsPartition_v2(buf, p):
    f_partition_index, f_offset = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteRecordsPartition')
    return DeleteRecordsPartition(f_partition_index, f_offset, _u), p


def _enc_DeleteRecordsTopic_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeleteRecordsPartition_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteRecordsTopic')


def _enc_DeleteRecordsTopic_v2(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteRecordsPartition_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteRecordsTopic_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_DeleteRecordsPartition_v0(buf, p)
            f_partitions.append(_e)
    return DeleteRecordsTopic(f_name, f_partitions, ()), p


def _dec_DeleteRecordsTopic_v2(buf, p):
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
            _e, p = _dec_DeleteRecordsPartition_v2(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteRecordsTopic')
    return DeleteRecordsTopic(f_name, f_partitions, _u), p


def _enc_DeleteRecordsRequest_v0(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DeleteRecordsTopic_v0(_e, w)
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteRecordsRequest')


def _enc_DeleteRecordsRequest_v2(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DeleteRecordsTopic_v2(_e, w)
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteRecordsRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_DeleteRecordsTopic_v0(buf, p)
            f_topics.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return DeleteRecordsRequest(f_topics, f_timeout_ms, ()), p


def _dec_DeleteRecordsRequest_v2(buf, p):
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
            _e, p = _dec_DeleteRecordsTopic_v2(buf, p)
            f_topics.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteRecordsRequest')
    return DeleteRecordsRequest(f_topics, f_timeout_ms, _u), p


DeleteRecordsPartition._ENCODERS = {0: _enc_DeleteRecordsPartition_v0, 1: _enc_DeleteRecordsPartition_v0, 2: _enc_DeleteRecordsPartition_v2}
DeleteRecordsPartition._DECODERS = {0: _dec_DeleteRecordsPartition_v0, 1: _dec_DeleteRecordsPartition_v0, 2: _dec_DeleteRecordsPartition_v2}
DeleteRecordsTopic._ENCODERS = {0: _enc_DeleteRecordsTopic_v0, 1: _enc_DeleteRecordsTopic_v0, 2: _enc_DeleteRecordsTopic_v2}
DeleteRecordsTopic._DECODERS = {0: _dec_DeleteRecordsTopic_v0, 1: _dec_DeleteRecordsTopic_v0, 2: _dec_DeleteRecordsTopic_v2}
DeleteRecordsRequest._ENCODERS = {0: _enc_DeleteRecordsRequest_v0, 1: _enc_DeleteRecordsRequest_v0, 2: _enc_DeleteRecordsRequest_v2}
DeleteRecordsRequest._DECODERS = {0: _dec_DeleteRecordsRequest_v0, 1: _dec_DeleteRecordsRequest_v0, 2: _dec_DeleteRecordsRequest_v2}
