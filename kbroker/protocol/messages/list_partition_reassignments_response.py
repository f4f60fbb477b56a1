"""ListPartitionReassignmentsResponse: generated from schemas/clients/ListPartitionReassignmentsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
class OngoingPartitionReassignment(Message):
    """The ongoing reassignments for each partition."""

    partition_index: int = 0
    replicas: list[int] = attrs.field(factory=list)
    adding_replicas: list[int] = attrs.field(factory=list)
    removing_replicas: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OngoingTopicReassignment(Message):
    """The ongoing reassignments for each topic."""

    name: str = ''
    partitions: list[OngoingPartitionReassignment] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ListPartitionReassignmentsResponse(Message):
    """The ListPartitionReassignmentsResponse struct of ListPartitionReassignmentsResponse."""

    API_KEY = 46
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
    error_code: int = 0
    error_message: str | None = ''
    topics: list[OngoingTopicReassignment] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OngoingPartitionReassignment = OngoingPartitionReassignment()
_DEFAULT_OngoingTopicReassignment = OngoingTopicReassignment()
_DEFAULT_ListPartitionReassignmentsResponse = ListPartitionReassignmentsResponse()


def _enc_OngoingPartitionReassignment_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.partition_index)
    _a = o.replicas
    if _a is None:
        raise EncodeError('Replicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.adding_replicas
    if _a is None:
        raise EncodeError('AddingReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.removing_replicas
    if _a is None:
        raise EncodeError('RemovingReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OngoingPartitionReassignment_v0(buf, p):
    f_partition_index, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Replicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Replicas')
        f_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('AddingReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'AddingReplicas')
        f_adding_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RemovingReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RemovingReplicas')
        f_removing_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OngoingPartitionReassignment')
    return OngoingPartitionReassignment(f_partition_index, f_replicas, f_adding_replicas, f_removing_replicas, _u), p


def _enc_OngoingTopicReassignment_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OngoingPartitionReassignment_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OngoingTopicReassignment_v0(buf, p):
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
            _e, p = _dec_OngoingPartitionReassignment_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OngoingTopicReassignment')
    return OngoingTopicReassignment(f_name, f_partitions, _u), p


def _enc_ListPartitionReassignmentsResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OngoingTopicReassignment_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListPartitionReassignmentsResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
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
            _e, p = _dec_OngoingTopicReassignment_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListPartitionReassignmentsResponse')
    return ListPartitionReassignmentsResponse(f_throttle_time_ms, f_error_code, f_error_message, f_topics, _u), p


OngoingPartitionReassignment._ENCODERS = {0: _enc_OngoingPartitionReassignment_v0}
OngoingPartitionReassignment._DECODERS = {0: _dec_OngoingPartitionReassignment_v0}
OngoingTopicReassignment._ENCODERS = {0: _enc_OngoingTopicReassignment_v0}
OngoingTopicReassignment._DECODERS = {0: _dec_OngoingTopicReassignment_v0}
ListPartitionReassignmentsResponse._ENCODERS = {0: _enc_ListPartitionReassignmentsResponse_v0}
ListPartitionReassignmentsResponse._DECODERS = {0: _dec_ListPartitionReassignmentsResponse_v0}
