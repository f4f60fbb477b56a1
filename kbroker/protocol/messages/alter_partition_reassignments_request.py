"""AlterPartitionReassignmentsRequest: generated from schemas/clients/AlterPartitionReassignmentsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_io = struct.Struct('>i?')


@attrs.define(eq=True, slots=True)
class ReassignablePartition(Message):
    """The partitions to reassign."""

    partition_index: int = 0
    replicas: list[int] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ReassignableTopic(Message):
    """The topics to reassign."""

    name: str = ''
    partitions: list[ReassignablePartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterPartitionReassignmentsRequest(Message):
    """The AlterPartitionReassignmentsRequest struct of AlterPartitionReassignmentsRequest."""

    API_KEY = 45
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    timeout_ms: int = 60000
    allow_replication_factor_change: bool = True
    topics: list[ReassignableTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ReassignablePartition = ReassignablePartition()
_DEFAULT_ReassignableTopic = ReassignableTopic()
_DEFAULT_AlterPartitionReassignmentsRequest = AlterPartitionReassignmentsRequest()


def _enc_ReassignablePartition_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.partition_index)
    _a = o.replicas
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ReassignablePartition_v0(buf, p):
    f_partition_index, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_replicas = None
    else:
        check_count(_n, buf, p, 'Replicas')
        f_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReassignablePartition')
    return ReassignablePartition(f_partition_index, f_replicas, _u), p


def _enc_ReassignableTopic_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReassignablePartition_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ReassignableTopic_v0(buf, p):
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
            _e, p = _dec_ReassignablePartition_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReassignableTopic')
    return ReassignableTopic(f_name, f_partitions, _u), p


def _enc_AlterPartitionReassignmentsRequest_v0(o, w):
    if not o.allow_replication_factor_change:
        raise field_not_in_version('AllowReplicationFactorChange')
    b = w.buf
    b += _S_i.pack(o.timeout_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReassignableTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_AlterPartitionReassignmentsRequest_v1(o, w):
    b = w.buf
    b += _S_io.pack(o.timeout_ms, o.allow_replication_factor_change)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReassignableTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterPartitionReassignmentsRequest_v0(buf, p):
    f_timeout_ms, = _S_i.unpack_from(buf, p)
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
            _e, p = _dec_ReassignableTopic_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterPartitionReassignmentsRequest')
    return AlterPartitionReassignmentsRequest(f_timeout_ms, True, f_topics, _u), p


def _dec_AlterPartitionReassignmentsRequest_v1(buf, p):
    f_timeout_ms, f_allow_replication_factor_change = _S_io.unpack_from(buf, p)
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
            _e, p = _dec_ReassignableTopic_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterPartitionReassignmentsRequest')
    return AlterPartitionReassignmentsRequest(f_timeout_ms, f_allow_replication_factor_change, f_topics, _u), p


ReassignablePartition._ENCODERS = {0: _enc_ReassignablePartition_v0, 1: _enc_ReassignablePartition_v0}
ReassignablePartition._DECODERS = {0: _dec_ReassignablePartition_v0, 1: _dec_ReassignablePartition_v0}
ReassignableTopic._ENCODERS = {0: _enc_ReassignableTopic_v0, 1: _enc_ReassignableTopic_v0}
ReassignableTopic._DECODERS = {0: _dec_ReassignableTopic_v0, 1: _dec_ReassignableTopic_v0}
AlterPartitionReassignmentsRequest._ENCODERS = {0: _enc_AlterPartitionReassignmentsRequest_v0, 1: _enc_AlterPartitionReassignmentsRequest_v1}
AlterPartitionReassignmentsRequest._DECODERS = {0: _dec_AlterPartitionReassignmentsRequest_v0, 1: _dec_AlterPartitionReassignmentsRequest_v1}
