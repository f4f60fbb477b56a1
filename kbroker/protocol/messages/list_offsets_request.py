"""ListOffsetsRequest: generated from schemas/clients/ListOffsetsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iiq = struct.Struct('>iiq')
_S_iq = struct.Struct('>iq')


@attrs.define(eq=True, slots=True)
class ListOffsetsPartition(Message):
    """Each partition in the request."""

    partition_index: int = 0
    current_leader_epoch: int = -1
    timestamp: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ListOffsetsTopic(Message):
    """Each topic in the request."""

    name: str = ''
    partitions: list[ListOffsetsPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ListOffsetsRequest(Message):
    """The ListOffsetsRequest struct of ListOffsetsRequest."""

    API_KEY = 2
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 11
    FLEXIBLE_VERSION = 6
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 6:
            return 2
        return 1

    replica_id: int = 0
    isolation_level: int = 0
    topics: list[ListOffsetsTopic] = attrs.field(factory=list)
    timeout_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ListOffsetsPartition = ListOffsetsPartition()
_DEFAULT_ListOffsetsTopic = ListOffsetsTopic()
_DEFAULT_ListOffsetsRequest = ListOffsetsRequest()


def _enc_ListOffsetsPartition_v1(o, w):
    b = w.buf
    b += _S_iq.pack(o.partition_index, o.timestamp)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsPartition')


def _enc_ListOffsetsPartition_v4(o, w):
    b = w.buf
    b += _S_iiq.pack(o.partition_index, o.current_leader_epoch, o.timestamp)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsPartition')


def _enc_ListOffsetsPartition_v6(o, w):
    b = w.buf
    b += _S_iiq.pack(o.partition_index, o.current_leader_epoch, o.timestamp)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListOffsetsPartition_v1(buf, p):
    f_partition_index, f_timestamp = _S_iq.unpack_from(buf, p)
    p += 12
    return ListOffsetsPartition(f_partition_index, -1, f_timestamp, ()), p


def _dec_ListOffsetsPartition_v4(buf, p):
    f_partition_index, f_current_leader_epoch, f_timestamp = _S_iiq.unpack_from(buf, p)
    p += 16
    return ListOffsetsPartition(f_partition_index, f_current_leader_epoch, f_timestamp, ()), p


def _dec_ListOffsetsPartition_v6(buf, p):
    f_partition_index, f_current_leader_epoch, f_timestamp = _S_iiq.unpack_from(buf, p)
    p += 16
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListOffsetsPartition')
    return ListOffsetsPartition(f_partition_index, f_current_leader_epoch, f_timestamp, _u), p


def _enc_ListOffsetsTopic_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsPartition_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsTopic')


def _enc_ListOffsetsTopic_v4(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsPartition_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsTopic')


def _enc_ListOffsetsTopic_v6(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ListOffsetsPartition_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListOffsetsTopic_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_ListOffsetsPartition_v1(buf, p)
            f_partitions.append(_e)
    return ListOffsetsTopic(f_name, f_partitions, ()), p


def _dec_ListOffsetsTopic_v4(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_ListOffsetsPartition_v4(buf, p)
            f_partitions.append(_e)
    return ListOffsetsTopic(f_name, f_partitions, ()), p


def _dec_ListOffsetsTopic_v6(buf, p):
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
            _e, p = _dec_ListOffsetsPartition_v6(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListOffsetsTopic')
    return ListOffsetsTopic(f_name, f_partitions, _u), p


def _enc_ListOffsetsRequest_v1(o, w):
    if o.isolation_level != 0:
        raise field_not_in_version('IsolationLevel')
    b = w.buf
    b += _S_i.pack(o.replica_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsRequest')


def _enc_ListOffsetsRequest_v2(o, w):
    b = w.buf
    b += _S_ib.pack(o.replica_id, o.isolation_level)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsRequest')


def _enc_ListOffsetsRequest_v4(o, w):
    b = w.buf
    b += _S_ib.pack(o.replica_id, o.isolation_level)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListOffsetsTopic_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListOffsetsRequest')


def _enc_ListOffsetsRequest_v6(o, w):
    b = w.buf
    b += _S_ib.pack(o.replica_id, o.isolation_level)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ListOffsetsTopic_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListOffsetsRequest_v10(o, w):
    b = w.buf
    b += _S_ib.pack(o.replica_id, o.isolation_level)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ListOffsetsTopic_v6(_e, w)
    b += _S_i.pack(o.timeout_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListOffsetsRequest_v1(buf, p):
    f_replica_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_ListOffsetsTopic_v1(buf, p)
            f_topics.append(_e)
    return ListOffsetsRequest(f_replica_id, 0, f_topics, 0, ()), p


def _dec_ListOffsetsRequest_v2(buf, p):
    f_replica_id, f_isolation_level = _S_ib.unpack_from(buf, p)
    p += 5
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_ListOffsetsTopic_v1(buf, p)
            f_topics.append(_e)
    return ListOffsetsRequest(f_replica_id, f_isolation_level, f_topics, 0, ()), p


def _dec_ListOffsetsRequest_v4(buf, p):
    f_replica_id, f_isolation_level = _S_ib.unpack_from(buf, p)
    p += 5
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_ListOffsetsTopic_v4(buf, p)
            f_topics.append(_e)
    return ListOffsetsRequest(f_replica_id, f_isolation_level, f_topics, 0, ()), p


def _dec_ListOffsetsRequest_v6(buf, p):
    f_replica_id, f_isolation_level = _S_ib.unpack_from(buf, p)
    p += 5
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
            _e, p = _dec_ListOffsetsTopic_v6(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListOffsetsRequest')
    return ListOffsetsRequest(f_replica_id, f_isolation_level, f_topics, 0, _u), p


def _dec_ListOffsetsRequest_v10(buf, p):
    f_replica_id, f_isolation_level = _S_ib.unpack_from(buf, p)
    p += 5
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
            _e, p = _dec_ListOffsetsTopic_v6(buf, p)
            f_topics.append(_e)
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListOffsetsRequest')
    return ListOffsetsRequest(f_replica_id, f_isolation_level, f_topics, f_timeout_ms, _u), p


ListOffsetsPartition._ENCODERS = {1: _enc_ListOffsetsPartition_v1, 2: _enc_ListOffsetsPartition_v1, 3: _enc_ListOffsetsPartition_v1, 4: _enc_ListOffsetsPartition_v4, 5: _enc_ListOffsetsPartition_v4, 6: _enc_ListOffsetsPartition_v6, 7: _enc_ListOffsetsPartition_v6, 8: _enc_ListOffsetsPartition_v6, 9: _enc_ListOffsetsPartition_v6, 10: _enc_ListOffsetsPartition_v6, 11: _enc_ListOffsetsPartition_v6}
ListOffsetsPartition._DECODERS = {1: _dec_ListOffsetsPartition_v1, 2: _dec_ListOffsetsPartition_v1, 3: _dec_ListOffsetsPartition_v1, 4: _dec_ListOffsetsPartition_v4, 5: _dec_ListOffsetsPartition_v4, 6: _dec_ListOffsetsPartition_v6, 7: _dec_ListOffsetsPartition_v6, 8: _dec_ListOffsetsPartition_v6, 9: _dec_ListOffsetsPartition_v6, 10: _dec_ListOffsetsPartition_v6, 11: _dec_ListOffsetsPartition_v6}
ListOffsetsTopic._ENCODERS = {1: _enc_ListOffsetsTopic_v1, 2: _enc_ListOffsetsTopic_v1, 3: _enc_ListOffsetsTopic_v1, 4: _enc_ListOffsetsTopic_v4, 5: _enc_ListOffsetsTopic_v4, 6: _enc_ListOffsetsTopic_v6, 7: _enc_ListOffsetsTopic_v6, 8: _enc_ListOffsetsTopic_v6, 9: _enc_ListOffsetsTopic_v6, 10: _enc_ListOffsetsTopic_v6, 11: _enc_ListOffsetsTopic_v6}
ListOffsetsTopic._DECODERS = {1: _dec_ListOffsetsTopic_v1, 2: _dec_ListOffsetsTopic_v1, 3: _dec_ListOffsetsTopic_v1, 4: _dec_ListOffsetsTopic_v4, 5: _dec_ListOffsetsTopic_v4, 6: _dec_ListOffsetsTopic_v6, 7: _dec_ListOffsetsTopic_v6, 8: _dec_ListOffsetsTopic_v6, 9: _dec_ListOffsetsTopic_v6, 10: _dec_ListOffsetsTopic_v6, 11: _dec_ListOffsetsTopic_v6}
ListOffsetsRequest._ENCODERS = {1: _enc_ListOffsetsRequest_v1, 2: _enc_ListOffsetsRequest_v2, 3: _enc_ListOffsetsRequest_v2, 4: _enc_ListOffsetsRequest_v4, 5: _enc_ListOffsetsRequest_v4, 6: _enc_ListOffsetsRequest_v6, 7: _enc_ListOffsetsRequest_v6, 8: _enc_ListOffsetsRequest_v6, 9: _enc_ListOffsetsRequest_v6, 10: _enc_ListOffsetsRequest_v10, 11: _enc_ListOffsetsRequest_v10}
ListOffsetsRequest._DECODERS = {1: _dec_ListOffsetsRequest_v1, 2: _dec_ListOffsetsRequest_v2, 3: _dec_ListOffsetsRequest_v2, 4: _dec_ListOffsetsRequest_v4, 5: _dec_ListOffsetsRequest_v4, 6: _dec_ListOffsetsRequest_v6, 7: _dec_ListOffsetsRequest_v6, 8: _dec_ListOffsetsRequest_v6, 9: _dec_ListOffsetsRequest_v6, 10: _dec_ListOffsetsRequest_v10, 11: _dec_ListOffsetsRequest_v10}
