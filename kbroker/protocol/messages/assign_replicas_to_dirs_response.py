"""AssignReplicasToDirsResponse: generated from schemas/clients/AssignReplicasToDirsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The list of assigned partitions."""

    partition_index: int = 0
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicData(Message):
    """The list of topics and their assigned partitions."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DirectoryData(Message):
    """The list of directories and their assigned partitions."""

    id: uuid.UUID = ZERO_UUID
    topics: list[TopicData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AssignReplicasToDirsResponse(Message):
    """The AssignReplicasToDirsResponse struct of AssignReplicasToDirsResponse."""

    API_KEY = 73
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
    directories: list[DirectoryData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionData = PartitionData()
_DEFAULT_TopicData = TopicData()
_DEFAULT_DirectoryData = DirectoryData()
_DEFAULT_AssignReplicasToDirsResponse = AssignReplicasToDirsResponse()


def _enc_PartitionData_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v0(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_error_code, _u), p


def _enc_TopicData_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicData_v0(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
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
            _e, p = _dec_PartitionData_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_id, f_partitions, _u), p


def _enc_DirectoryData_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.id.bytes)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DirectoryData_v0(buf, p):
    f_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_id = uuid.UUID(bytes=f_id)
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
            _e, p = _dec_TopicData_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DirectoryData')
    return DirectoryData(f_id, f_topics, _u), p


def _enc_AssignReplicasToDirsResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.directories
    if _a is None:
        raise EncodeError('Directories' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DirectoryData_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AssignReplicasToDirsResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Directories' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Directories')
        f_directories = []
        for _ in range(_n):
            _e, p = _dec_DirectoryData_v0(buf, p)
            f_directories.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AssignReplicasToDirsResponse')
    return AssignReplicasToDirsResponse(f_throttle_time_ms, f_error_code, f_directories, _u), p


PartitionData._ENCODERS = {0: _enc_PartitionData_v0}
PartitionData._DECODERS = {0: _dec_PartitionData_v0}
TopicData._ENCODERS = {0: _enc_TopicData_v0}
TopicData._DECODERS = {0: _dec_TopicData_v0}
DirectoryData._ENCODERS = {0: _enc_DirectoryData_v0}
DirectoryData._DECODERS = {0: _dec_DirectoryData_v0}
AssignReplicasToDirsResponse._ENCODERS = {0: _enc_AssignReplicasToDirsResponse_v0}
AssignReplicasToDirsResponse._DECODERS = {0: _dec_AssignReplicasToDirsResponse_v0}
