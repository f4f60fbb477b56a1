"""BeginQuorumEpochRequest: generated from schemas/clients/BeginQuorumEpochRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_H = struct.Struct('>H')
_S_i = struct.Struct('>i')
_S_i16sii = struct.Struct('>i16sii')
_S_iii = struct.Struct('>iii')


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The partitions."""

    partition_index: int = 0
    voter_directory_id: uuid.UUID = ZERO_UUID
    leader_id: int = 0
    leader_epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicData(Message):
    """The topics."""

    topic_name: str = ''
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class LeaderEndpoint(Message):
    """Endpoints for the leader."""

    name: str = ''
    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class BeginQuorumEpochRequest(Message):
    """The BeginQuorumEpochRequest struct of BeginQuorumEpochRequest."""

    API_KEY = 53
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 2
        return 1

    cluster_id: str | None = None
    voter_id: int = -1
    topics: list[TopicData] = attrs.field(factory=list)
    leader_endpoints: list[LeaderEndpoint] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionData = PartitionData()
_DEFAULT_TopicData = TopicData()
_DEFAULT_LeaderEndpoint = LeaderEndpoint()
_DEFAULT_BeginQuorumEpochRequest = BeginQuorumEpochRequest()


def _enc_PartitionData_v0(o, w):
    b = w.buf
    b += _S_iii.pack(o.partition_index, o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionData')


def _enc_PartitionData_v1(o, w):
    b = w.buf
    b += _S_i16sii.pack(o.partition_index, o.voter_directory_id.bytes, o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v0(buf, p):
    f_partition_index, f_leader_id, f_leader_epoch = _S_iii.unpack_from(buf, p)
    p += 12
    return PartitionData(f_partition_index, ZERO_UUID, f_leader_id, f_leader_epoch, ()), p


def _dec_PartitionData_v1(buf, p):
    f_partition_index, f_voter_directory_id, f_leader_id, f_leader_epoch = _S_i16sii.unpack_from(buf, p)
    p += 28
    f_voter_directory_id = uuid.UUID(bytes=f_voter_directory_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_voter_directory_id, f_leader_id, f_leader_epoch, _u), p


def _enc_TopicData_v0(o, w):
    b = w.buf
    write_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionData_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TopicData')


def _enc_TopicData_v1(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicData_v0(buf, p):
    f_topic_name, p = read_string(buf, p, False, 'TopicName')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionData_v0(buf, p)
            f_partitions.append(_e)
    return TopicData(f_topic_name, f_partitions, ()), p


def _dec_TopicData_v1(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
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
            _e, p = _dec_PartitionData_v1(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_name, f_partitions, _u), p


def _enc_LeaderEndpoint_v0(o, w):
    if o.name != '':
        raise field_not_in_version('Name')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LeaderEndpoint')


def _enc_LeaderEndpoint_v1(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_H.pack(o.port)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LeaderEndpoint_v0(buf, p):
    return LeaderEndpoint('', '', 0, ()), p


def _dec_LeaderEndpoint_v1(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_H.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaderEndpoint')
    return LeaderEndpoint(f_name, f_host, f_port, _u), p


def _enc_BeginQuorumEpochRequest_v0(o, w):
    b = w.buf
    write_string(b, o.cluster_id, True, 'ClusterId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicData_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('BeginQuorumEpochRequest')


def _enc_BeginQuorumEpochRequest_v1(o, w):
    b = w.buf
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.voter_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v1(_e, w)
    _a = o.leader_endpoints
    if _a is None:
        raise EncodeError('LeaderEndpoints' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_LeaderEndpoint_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_BeginQuorumEpochRequest_v0(buf, p):
    f_cluster_id, p = read_string(buf, p, True, 'ClusterId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicData_v0(buf, p)
            f_topics.append(_e)
    return BeginQuorumEpochRequest(f_cluster_id, -1, f_topics, [], ()), p


def _dec_BeginQuorumEpochRequest_v1(buf, p):
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
    f_voter_id, = _S_i.unpack_from(buf, p)
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
            _e, p = _dec_TopicData_v1(buf, p)
            f_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('LeaderEndpoints' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'LeaderEndpoints')
        f_leader_endpoints = []
        for _ in range(_n):
            _e, p = _dec_LeaderEndpoint_v1(buf, p)
            f_leader_endpoints.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BeginQuorumEpochRequest')
    return BeginQuorumEpochRequest(f_cluster_id, f_voter_id, f_topics, f_leader_endpoints, _u), p


PartitionData._ENCODERS = {0: _enc_PartitionData_v0, 1: _enc_PartitionData_v1}
PartitionData._DECODERS = {0: _dec_PartitionData_v0, 1: _dec_PartitionData_v1}
TopicData._ENCODERS = {0: _enc_TopicData_v0, 1: _enc_TopicData_v1}
TopicData._DECODERS = {0: _dec_TopicData_v0, 1: _dec_TopicData_v1}
LeaderEndpoint._ENCODERS = {0: _enc_LeaderEndpoint_v0, 1: _enc_LeaderEndpoint_v1}
LeaderEndpoint._DECODERS = {0: _dec_LeaderEndpoint_v0, 1: _dec_LeaderEndpoint_v1}
BeginQuorumEpochRequest._ENCODERS = {0: _enc_BeginQuorumEpochRequest_v0, 1: _enc_BeginQuorumEpochRequest_v1}
BeginQuorumEpochRequest._DECODERS = {0: _dec_BeginQuorumEpochRequest_v0, 1: _dec_BeginQuorumEpochRequest_v1}
