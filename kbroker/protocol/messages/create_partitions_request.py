"""CreatePartitionsRequest: generated from schemas/clients/CreatePartitionsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class CreatePartitionsAssignment(Message):
    """The new partition assignments."""

    broker_ids: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreatePartitionsTopic(Message):
    """Each topic that we want to create new partitions inside."""

    name: str = ''
    count: int = 0
    assignments: list[CreatePartitionsAssignment] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreatePartitionsRequest(Message):
    """The CreatePartitionsRequest struct of CreatePartitionsRequest."""

    API_KEY = 37
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    topics: list[CreatePartitionsTopic] = attrs.field(factory=list)
    timeout_ms: int = 0
    validate_only: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_CreatePartitionsAssignment = CreatePartitionsAssignment()
_DEFAULT_CreatePartitionsTopic = CreatePartitionsTopic()
_DEFAULT_CreatePartitionsRequest = CreatePartitionsRequest()


def _enc_CreatePartitionsAssignment_v0(o, w):
    b = w.buf
    _a = o.broker_ids
    if _a is None:
        raise EncodeError('BrokerIds' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatePartitionsAssignment')


def _enc_CreatePartitionsAssignment_v2(o, w):
    b = w.buf
    _a = o.broker_ids
    if _a is None:
        raise EncodeError('BrokerIds' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreatePartitionsAssignment_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('BrokerIds' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'BrokerIds')
        f_broker_ids = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return CreatePartitionsAssignment(f_broker_ids, ()), p


def _dec_CreatePartitionsAssignment_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('BrokerIds' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'BrokerIds')
        f_broker_ids = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreatePartitionsAssignment')
    return CreatePartitionsAssignment(f_broker_ids, _u), p


def _enc_CreatePartitionsTopic_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    b += _S_i.pack(o.count)
    _a = o.assignments
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_CreatePartitionsAssignment_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatePartitionsTopic')


def _enc_CreatePartitionsTopic_v2(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_i.pack(o.count)
    _a = o.assignments
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatePartitionsAssignment_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreatePartitionsTopic_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_count, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_assignments = None
    else:
        check_count(_n, buf, p, 'Assignments')
        f_assignments = []
        for _ in range(_n):
            _e, p = _dec_CreatePartitionsAssignment_v0(buf, p)
            f_assignments.append(_e)
    return CreatePartitionsTopic(f_name, f_count, f_assignments, ()), p


def _dec_CreatePartitionsTopic_v2(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_count, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_assignments = None
    else:
        check_count(_n, buf, p, 'Assignments')
        f_assignments = []
        for _ in range(_n):
            _e, p = _dec_CreatePartitionsAssignment_v2(buf, p)
            f_assignments.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreatePartitionsTopic')
    return CreatePartitionsTopic(f_name, f_count, f_assignments, _u), p


def _enc_CreatePartitionsRequest_v0(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_CreatePartitionsTopic_v0(_e, w)
    b += _S_io.pack(o.timeout_ms, o.validate_only)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatePartitionsRequest')


def _enc_CreatePartitionsRequest_v2(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatePartitionsTopic_v2(_e, w)
    b += _S_io.pack(o.timeout_ms, o.validate_only)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreatePartitionsRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_CreatePartitionsTopic_v0(buf, p)
            f_topics.append(_e)
    f_timeout_ms, f_validate_only = _S_io.unpack_from(buf, p)
    p += 5
    return CreatePartitionsRequest(f_topics, f_timeout_ms, f_validate_only, ()), p


def _dec_CreatePartitionsRequest_v2(buf, p):
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
            _e, p = _dec_CreatePartitionsTopic_v2(buf, p)
            f_topics.append(_e)
    f_timeout_ms, f_validate_only = _S_io.unpack_from(buf, p)
    p += 5
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreatePartitionsRequest')
    return CreatePartitionsRequest(f_topics, f_timeout_ms, f_validate_only, _u), p


CreatePartitionsAssignment._ENCODERS = {0: _enc_CreatePartitionsAssignment_v0, 1: _enc_CreatePartitionsAssignment_v0, 2: _enc_CreatePartitionsAssignment_v2, 3: _enc_CreatePartitionsAssignment_v2}
CreatePartitionsAssignment._DECODERS = {0: _dec_CreatePartitionsAssignment_v0, 1: _dec_CreatePartitionsAssignment_v0, 2: _dec_CreatePartitionsAssignment_v2, 3: _dec_CreatePartitionsAssignment_v2}
CreatePartitionsTopic._ENCODERS = {0: _enc_CreatePartitionsTopic_v0, 1: _enc_CreatePartitionsTopic_v0, 2: _enc_CreatePartitionsTopic_v2, 3: _enc_CreatePartitionsTopic_v2}
CreatePartitionsTopic._DECODERS = {0: _dec_CreatePartitionsTopic_v0, 1: _dec_CreatePartitionsTopic_v0, 2: _dec_CreatePartitionsTopic_v2, 3: _dec_CreatePartitionsTopic_v2}
CreatePartitionsRequest._ENCODERS = {0: _enc_CreatePartitionsRequest_v0, 1: _enc_CreatePartitionsRequest_v0, 2: _enc_CreatePartitionsRequest_v2, 3: _enc_CreatePartitionsRequest_v2}
CreatePartitionsRequest._DECODERS = {0: _dec_CreatePartitionsRequest_v0, 1: _dec_CreatePartitionsRequest_v0, 2: _dec_CreatePartitionsRequest_v2, 3: _dec_CreatePartitionsRequest_v2}
