"""CreateTopicsRequest: generated from schemas/clients/CreateTopicsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_io = struct.Struct('>i?')


@attrs.define(eq=True, slots=True)
class CreatableReplicaAssignment(Message):
    """The manual partition assignment, or the empty array if we are using automatic assignment."""

    partition_index: int = 0
    broker_ids: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreatableTopicConfig(Message):
    """The custom topic configurations to set."""

    name: str = ''
    value: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreatableTopic(Message):
    """The topics to create."""

    name: str = ''
    num_partitions: int = 0
    replication_factor: int = 0
    assignments: list[CreatableReplicaAssignment] = attrs.field(factory=list)
    configs: list[CreatableTopicConfig] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreateTopicsRequest(Message):
    """The CreateTopicsRequest struct of CreateTopicsRequest."""

    API_KEY = 19
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 2
    HIGHEST_VERSION = 7
    FLEXIBLE_VERSION = 5
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 5:
            return 2
        return 1

    topics: list[CreatableTopic] = attrs.field(factory=list)
    timeout_ms: int = 60000
    validate_only: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_CreatableReplicaAssignment = CreatableReplicaAssignment()
_DEFAULT_CreatableTopicConfig = CreatableTopicConfig()
_DEFAULT_CreatableTopic = CreatableTopic()
_DEFAULT_CreateTopicsRequest = CreateTopicsRequest()


def _enc_CreatableReplicaAssignment_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.partition_index)
    _a = o.broker_ids
    if _a is None:
        raise EncodeError('BrokerIds' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatableReplicaAssignment')


def _enc_CreatableReplicaAssignment_v5(o, w):
    b = w.buf
    b += _S_i.pack(o.partition_index)
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


def _dec_CreatableReplicaAssignment_v2(buf, p):
    f_partition_index, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('BrokerIds' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'BrokerIds')
        f_broker_ids = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return CreatableReplicaAssignment(f_partition_index, f_broker_ids, ()), p


def _dec_CreatableReplicaAssignment_v5(buf, p):
    f_partition_index, = _S_i.unpack_from(buf, p)
    p += 4
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
        _u, p = read_unknown_tagged_fields(buf, p, 'CreatableReplicaAssignment')
    return CreatableReplicaAssignment(f_partition_index, f_broker_ids, _u), p


def _enc_CreatableTopicConfig_v2(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    write_string(b, o.value, True, 'Value')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatableTopicConfig')


def _enc_CreatableTopicConfig_v5(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.value, True, 'Value')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreatableTopicConfig_v2(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_value, p = read_string(buf, p, True, 'Value')
    return CreatableTopicConfig(f_name, f_value, ()), p


def _dec_CreatableTopicConfig_v5(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_value, p = read_compact_string(buf, p, True, 'Value')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreatableTopicConfig')
    return CreatableTopicConfig(f_name, f_value, _u), p


def _enc_CreatableTopic_v2(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    b += _S_ih.pack(o.num_partitions, o.replication_factor)
    _a = o.assignments
    if _a is None:
        raise EncodeError('Assignments' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_CreatableReplicaAssignment_v2(_e, w)
    _a = o.configs
    if _a is None:
        raise EncodeError('Configs' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_CreatableTopicConfig_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatableTopic')


def _enc_CreatableTopic_v5(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_ih.pack(o.num_partitions, o.replication_factor)
    _a = o.assignments
    if _a is None:
        raise EncodeError('Assignments' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableReplicaAssignment_v5(_e, w)
    _a = o.configs
    if _a is None:
        raise EncodeError('Configs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableTopicConfig_v5(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreatableTopic_v2(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_num_partitions, f_replication_factor = _S_ih.unpack_from(buf, p)
    p += 6
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Assignments' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Assignments')
        f_assignments = []
        for _ in range(_n):
            _e, p = _dec_CreatableReplicaAssignment_v2(buf, p)
            f_assignments.append(_e)
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Configs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Configs')
        f_configs = []
        for _ in range(_n):
            _e, p = _dec_CreatableTopicConfig_v2(buf, p)
            f_configs.append(_e)
    return CreatableTopic(f_name, f_num_partitions, f_replication_factor, f_assignments, f_configs, ()), p


def _dec_CreatableTopic_v5(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_num_partitions, f_replication_factor = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Assignments' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Assignments')
        f_assignments = []
        for _ in range(_n):
            _e, p = _dec_CreatableReplicaAssignment_v5(buf, p)
            f_assignments.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Configs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Configs')
        f_configs = []
        for _ in range(_n):
            _e, p = _dec_CreatableTopicConfig_v5(buf, p)
            f_configs.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreatableTopic')
    return CreatableTopic(f_name, f_num_partitions, f_replication_factor, f_assignments, f_configs, _u), p


def _enc_CreateTopicsRequest_v2(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_CreatableTopic_v2(_e, w)
    b += _S_io.pack(o.timeout_ms, o.validate_only)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreateTopicsRequest')


def _enc_CreateTopicsRequest_v5(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableTopic_v5(_e, w)
    b += _S_io.pack(o.timeout_ms, o.validate_only)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreateTopicsRequest_v2(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_CreatableTopic_v2(buf, p)
            f_topics.append(_e)
    f_timeout_ms, f_validate_only = _S_io.unpack_from(buf, p)
    p += 5
    return CreateTopicsRequest(f_topics, f_timeout_ms, f_validate_only, ()), p


def _dec_CreateTopicsRequest_v5(buf, p):
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
            _e, p = _dec_CreatableTopic_v5(buf, p)
            f_topics.append(_e)
    f_timeout_ms, f_validate_only = _S_io.unpack_from(buf, p)
    p += 5
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateTopicsRequest')
    return CreateTopicsRequest(f_topics, f_timeout_ms, f_validate_only, _u), p


CreatableReplicaAssignment._ENCODERS = {2: _enc_CreatableReplicaAssignment_v2, 3: _enc_CreatableReplicaAssignment_v2, 4: _enc_CreatableReplicaAssignment_v2, 5: _enc_CreatableReplicaAssignment_v5, 6: _enc_CreatableReplicaAssignment_v5, 7: _enc_CreatableReplicaAssignment_v5}
CreatableReplicaAssignment._DECODERS = {2: _dec_CreatableReplicaAssignment_v2, 3: _dec_CreatableReplicaAssignment_v2, 4: _dec_CreatableReplicaAssignment_v2, 5: _dec_CreatableReplicaAssignment_v5, 6: _dec_CreatableReplicaAssignment_v5, 7: _dec_CreatableReplicaAssignment_v5}
CreatableTopicConfig._ENCODERS = {2: _enc_CreatableTopicConfig_v2, 3: _enc_CreatableTopicConfig_v2, 4: _enc_CreatableTopicConfig_v2, 5: _enc_CreatableTopicConfig_v5, 6: _enc_CreatableTopicConfig_v5, 7: _enc_CreatableTopicConfig_v5}
CreatableTopicConfig._DECODERS = {2: _dec_CreatableTopicConfig_v2, 3: _dec_CreatableTopicConfig_v2, 4: _dec_CreatableTopicConfig_v2, 5: _dec_CreatableTopicConfig_v5, 6: _dec_CreatableTopicConfig_v5, 7: _dec_CreatableTopicConfig_v5}
CreatableTopic._ENCODERS = {2: _enc_CreatableTopic_v2, 3: _enc_CreatableTopic_v2, 4: _enc_CreatableTopic_v2, 5: _enc_CreatableTopic_v5, 6: _enc_CreatableTopic_v5, 7: _enc_CreatableTopic_v5}
CreatableTopic._DECODERS = {2: _dec_CreatableTopic_v2, 3: _dec_CreatableTopic_v2, 4: _dec_CreatableTopic_v2, 5: _dec_CreatableTopic_v5, 6: _dec_CreatableTopic_v5, 7: _dec_CreatableTopic_v5}
CreateTopicsRequest._ENCODERS = {2: _enc_CreateTopicsRequest_v2, 3: _enc_CreateTopicsRequest_v2, 4: _enc_CreateTopicsRequest_v2, 5: _enc_CreateTopicsRequest_v5, 6: _enc_CreateTopicsRequest_v5, 7: _enc_CreateTopicsRequest_v5}
CreateTopicsRequest._DECODERS = {2: _dec_CreateTopicsRequest_v2, 3: _dec_CreateTopicsRequest_v2, 4: _dec_CreateTopicsRequest_v2, 5: _dec_CreateTopicsRequest_v5, 6: _dec_CreateTopicsRequest_v5, 7: _dec_CreateTopicsRequest_v5}
