"""VoteRequest: generated from schemas/clients/VoteRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iii16s16siq = struct.Struct('>iii16s16siq')
_S_iii16s16siqo = struct.Struct('>iii16s16siq?')
_S_iiiiq = struct.Struct('>iiiiq')


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The partition data."""

    partition_index: int = 0
    replica_epoch: int = 0
    replica_id: int = 0
    replica_directory_id: uuid.UUID = ZERO_UUID
    voter_directory_id: uuid.UUID = ZERO_UUID
    last_offset_epoch: int = 0
    last_offset: int = 0
    pre_vote: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicData(Message):
    """The topic data."""

    topic_name: str = ''
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class VoteRequest(Message):
    """The VoteRequest struct of VoteRequest."""

    API_KEY = 52
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    cluster_id: str | None = None
    voter_id: int = -1
    topics: list[TopicData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionData = PartitionData()
_DEFAULT_TopicData = TopicData()
_DEFAULT_VoteRequest = VoteRequest()


def _enc_PartitionData_v0(o, w):
    if bool(o.pre_vote):
        raise field_not_in_version('PreVote')
    b = w.buf
    b += _S_iiiiq.pack(o.partition_index, o.replica_epoch, o.replica_id, o.last_offset_epoch, o.last_offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_PartitionData_v1(o, w):
    if bool(o.pre_vote):
        raise field_not_in_version('PreVote')
    b = w.buf
    b += _S_iii16s16siq.pack(o.partition_index, o.replica_epoch, o.replica_id, o.replica_directory_id.bytes, o.voter_directory_id.bytes, o.last_offset_epoch, o.last_offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_PartitionData_v2(o, w):
    b = w.buf
    b += _S_iii16s16siqo.pack(o.partition_index, o.replica_epoch, o.replica_id, o.replica_directory_id.bytes, o.voter_directory_id.bytes, o.last_offset_epoch, o.last_offset, o.pre_vote)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v0(buf, p):
    f_partition_index, f_replica_epoch, f_replica_id, f_last_offset_epoch, f_last_offset = _S_iiiiq.unpack_from(buf, p)
    p += 24
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_replica_epoch, f_replica_id, ZERO_UUID, ZERO_UUID, f_last_offset_epoch, f_last_offset, False, _u), p


def _dec_PartitionData_v1(buf, p):
    f_partition_index, f_replica_epoch, f_replica_id, f_replica_directory_id, f_voter_directory_id, f_last_offset_epoch, f_last_offset = _S_iii16s16siq.unpack_from(buf, p)
    p += 56
    f_replica_directory_id = uuid.UUID(bytes=f_replica_directory_id)
    f_voter_directory_id = uuid.UUID(bytes=f_voter_directory_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_replica_epoch, f_replica_id, f_replica_directory_id, f_voter_directory_id, f_last_offset_epoch, f_last_offset, False, _u), p


def _dec_PartitionData_v2(buf, p):
    f_partition_index, f_replica_epoch, f_replica_id, f_replica_directory_id, f_voter_directory_id, f_last_offset_epoch, f_last_offset, f_pre_vote = _S_iii16s16siqo.unpack_from(buf, p)
    p += 57
    f_replica_directory_id = uuid.UUID(bytes=f_replica_directory_id)
    f_voter_directory_id = uuid.UUID(bytes=f_voter_directory_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_replica_epoch, f_replica_id, f_replica_directory_id, f_voter_directory_id, f_last_offset_epoch, f_last_offset, f_pre_vote, _u), p


def _enc_TopicData_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
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


def _enc_TopicData_v2(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicData_v0(buf, p):
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
            _e, p = _dec_PartitionData_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_name, f_partitions, _u), p


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


def _dec_TopicData_v2(buf, p):
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
            _e, p = _dec_PartitionData_v2(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_name, f_partitions, _u), p


def _enc_VoteRequest_v0(o, w):
    b = w.buf
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
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


def _enc_VoteRequest_v1(o, w):
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
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_VoteRequest_v2(o, w):
    b = w.buf
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.voter_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_VoteRequest_v0(buf, p):
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
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
        _u, p = read_unknown_tagged_fields(buf, p, 'VoteRequest')
    return VoteRequest(f_cluster_id, -1, f_topics, _u), p


def _dec_VoteRequest_v1(buf, p):
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
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'VoteRequest')
    return VoteRequest(f_cluster_id, f_voter_id, f_topics, _u), p


def _dec_VoteRequest_v2(buf, p):
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
            _e, p = _dec_TopicData_v2(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'VoteRequest')
    return VoteRequest(f_cluster_id, f_voter_id, f_topics, _u), p


PartitionData._ENCODERS = {0: _enc_PartitionData_v0, 1: _enc_PartitionData_v1, 2: _enc_PartitionData_v2}
PartitionData._DECODERS = {0: _dec_PartitionData_v0, 1: _dec_PartitionData_v1, 2: _dec_PartitionData_v2}
TopicData._ENCODERS = {0: _enc_TopicData_v0, 1: _enc_TopicData_v1, 2: _enc_TopicData_v2}
TopicData._DECODERS = {0: _dec_TopicData_v0, 1: _dec_TopicData_v1, 2: _dec_TopicData_v2}
VoteRequest._ENCODERS = {0: _enc_VoteRequest_v0, 1: _enc_VoteRequest_v1, 2: _enc_VoteRequest_v2}
VoteRequest._DECODERS = {0: _dec_VoteRequest_v0, 1: _dec_VoteRequest_v1, 2: _dec_VoteRequest_v2}
