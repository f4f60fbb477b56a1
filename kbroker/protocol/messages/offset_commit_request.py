"""OffsetCommitRequest: generated from schemas/clients/OffsetCommitRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i = struct.Struct('>i')
_S_iq = struct.Struct('>iq')
_S_iqi = struct.Struct('>iqi')
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class OffsetCommitRequestPartition(Message):
    """Each partition to commit offsets for."""

    partition_index: int = 0
    committed_offset: int = 0
    committed_leader_epoch: int = -1
    committed_metadata: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetCommitRequestTopic(Message):
    """The topics to commit offsets for."""

    name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[OffsetCommitRequestPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetCommitRequest(Message):
    """The OffsetCommitRequest struct of OffsetCommitRequest."""

    API_KEY = 8
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 2
    HIGHEST_VERSION = 10
    FLEXIBLE_VERSION = 8
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 8:
            return 2
        return 1

    group_id: str = ''
    generation_id_or_member_epoch: int = -1
    member_id: str = ''
    group_instance_id: str | None = None
    retention_time_ms: int = -1
    topics: list[OffsetCommitRequestTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OffsetCommitRequestPartition = OffsetCommitRequestPartition()
_DEFAULT_OffsetCommitRequestTopic = OffsetCommitRequestTopic()
_DEFAULT_OffsetCommitRequest = OffsetCommitRequest()


def _enc_OffsetCommitRequestPartition_v2(o, w):
    b = w.buf
    b += _S_iq.pack(o.partition_index, o.committed_offset)
    write_string(b, o.committed_metadata, True, 'CommittedMetadata')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitRequestPartition')


def _enc_OffsetCommitRequestPartition_v6(o, w):
    b = w.buf
    b += _S_iqi.pack(o.partition_index, o.committed_offset, o.committed_leader_epoch)
    write_string(b, o.committed_metadata, True, 'CommittedMetadata')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitRequestPartition')


def _enc_OffsetCommitRequestPartition_v8(o, w):
    b = w.buf
    b += _S_iqi.pack(o.partition_index, o.committed_offset, o.committed_leader_epoch)
    write_compact_string(b, o.committed_metadata, True, 'CommittedMetadata')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetCommitRequestPartition_v2(buf, p):
    f_partition_index, f_committed_offset = _S_iq.unpack_from(buf, p)
    p += 12
    f_committed_metadata, p = read_string(buf, p, True, 'CommittedMetadata')
    return OffsetCommitRequestPartition(f_partition_index, f_committed_offset, -1, f_committed_metadata, ()), p


def _dec_OffsetCommitRequestPartition_v6(buf, p):
    f_partition_index, f_committed_offset, f_committed_leader_epoch = _S_iqi.unpack_from(buf, p)
    p += 16
    f_committed_metadata, p = read_string(buf, p, True, 'CommittedMetadata')
    return OffsetCommitRequestPartition(f_partition_index, f_committed_offset, f_committed_leader_epoch, f_committed_metadata, ()), p


def _dec_OffsetCommitRequestPartition_v8(buf, p):
    f_partition_index, f_committed_offset, f_committed_leader_epoch = _S_iqi.unpack_from(buf, p)
    p += 16
    f_committed_metadata, p = read_compact_string(buf, p, True, 'CommittedMetadata')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitRequestPartition')
    return OffsetCommitRequestPartition(f_partition_index, f_committed_offset, f_committed_leader_epoch, f_committed_metadata, _u), p


def _enc_OffsetCommitRequestTopic_v2(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitRequestPartition_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitRequestTopic')


def _enc_OffsetCommitRequestTopic_v6(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitRequestPartition_v6(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitRequestTopic')


def _enc_OffsetCommitRequestTopic_v8(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetCommitRequestPartition_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetCommitRequestTopic_v10(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetCommitRequestPartition_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetCommitRequestTopic_v2(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetCommitRequestPartition_v2(buf, p)
            f_partitions.append(_e)
    return OffsetCommitRequestTopic(f_name, ZERO_UUID, f_partitions, ()), p


def _dec_OffsetCommitRequestTopic_v6(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetCommitRequestPartition_v6(buf, p)
            f_partitions.append(_e)
    return OffsetCommitRequestTopic(f_name, ZERO_UUID, f_partitions, ()), p


def _dec_OffsetCommitRequestTopic_v8(buf, p):
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
            _e, p = _dec_OffsetCommitRequestPartition_v8(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitRequestTopic')
    return OffsetCommitRequestTopic(f_name, ZERO_UUID, f_partitions, _u), p


def _dec_OffsetCommitRequestTopic_v10(buf, p):
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
            _e, p = _dec_OffsetCommitRequestPartition_v8(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitRequestTopic')
    return OffsetCommitRequestTopic('', f_topic_id, f_partitions, _u), p


def _enc_OffsetCommitRequest_v2(o, w):
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id_or_member_epoch)
    write_string(b, o.member_id, False, 'MemberId')
    b += _S_q.pack(o.retention_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitRequestTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitRequest')


def _enc_OffsetCommitRequest_v5(o, w):
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id_or_member_epoch)
    write_string(b, o.member_id, False, 'MemberId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitRequestTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitRequest')


def _enc_OffsetCommitRequest_v6(o, w):
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id_or_member_epoch)
    write_string(b, o.member_id, False, 'MemberId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitRequestTopic_v6(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitRequest')


def _enc_OffsetCommitRequest_v7(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id_or_member_epoch)
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.group_instance_id, True, 'GroupInstanceId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetCommitRequestTopic_v6(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitRequest')


def _enc_OffsetCommitRequest_v8(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id_or_member_epoch)
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetCommitRequestTopic_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetCommitRequest_v10(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id_or_member_epoch)
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetCommitRequestTopic_v10(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetCommitRequest_v2(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_generation_id_or_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_retention_time_ms, = _S_q.unpack_from(buf, p)
    p += 8
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetCommitRequestTopic_v2(buf, p)
            f_topics.append(_e)
    return OffsetCommitRequest(f_group_id, f_generation_id_or_member_epoch, f_member_id, None, f_retention_time_ms, f_topics, ()), p


def _dec_OffsetCommitRequest_v5(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_generation_id_or_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetCommitRequestTopic_v2(buf, p)
            f_topics.append(_e)
    return OffsetCommitRequest(f_group_id, f_generation_id_or_member_epoch, f_member_id, None, -1, f_topics, ()), p


def _dec_OffsetCommitRequest_v6(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_generation_id_or_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetCommitRequestTopic_v6(buf, p)
            f_topics.append(_e)
    return OffsetCommitRequest(f_group_id, f_generation_id_or_member_epoch, f_member_id, None, -1, f_topics, ()), p


def _dec_OffsetCommitRequest_v7(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_generation_id_or_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_string(buf, p, True, 'GroupInstanceId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetCommitRequestTopic_v6(buf, p)
            f_topics.append(_e)
    return OffsetCommitRequest(f_group_id, f_generation_id_or_member_epoch, f_member_id, f_group_instance_id, -1, f_topics, ()), p


def _dec_OffsetCommitRequest_v8(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_generation_id_or_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
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
            _e, p = _dec_OffsetCommitRequestTopic_v8(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitRequest')
    return OffsetCommitRequest(f_group_id, f_generation_id_or_member_epoch, f_member_id, f_group_instance_id, -1, f_topics, _u), p


def _dec_OffsetCommitRequest_v10(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_generation_id_or_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
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
            _e, p = _dec_OffsetCommitRequestTopic_v10(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetCommitRequest')
    return OffsetCommitRequest(f_group_id, f_generation_id_or_member_epoch, f_member_id, f_group_instance_id, -1, f_topics, _u), p


OffsetCommitRequestPartition._ENCODERS = {2: _enc_OffsetCommitRequestPartition_v2, 3: _enc_OffsetCommitRequestPartition_v2, 4: _enc_OffsetCommitRequestPartition_v2, 5: _enc_OffsetCommitRequestPartition_v2, 6: _enc_OffsetCommitRequestPartition_v6, 7: _enc_OffsetCommitRequestPartition_v6, 8: _enc_OffsetCommitRequestPartition_v8, 9: _enc_OffsetCommitRequestPartition_v8, 10: _enc_OffsetCommitRequestPartition_v8}
OffsetCommitRequestPartition._DECODERS = {2: _dec_OffsetCommitRequestPartition_v2, 3: _dec_OffsetCommitRequestPartition_v2, 4: _dec_OffsetCommitRequestPartition_v2, 5: _dec_OffsetCommitRequestPartition_v2, 6: _dec_OffsetCommitRequestPartition_v6, 7: _dec_OffsetCommitRequestPartition_v6, 8: _dec_OffsetCommitRequestPartition_v8, 9: _dec_OffsetCommitRequestPartition_v8, 10: _dec_OffsetCommitRequestPartition_v8}
OffsetCommitRequestTopic._ENCODERS = {2: _enc_OffsetCommitRequestTopic_v2, 3: _enc_OffsetCommitRequestTopic_v2, 4: _enc_OffsetCommitRequestTopic_v2, 5: _enc_OffsetCommitRequestTopic_v2, 6: _enc_OffsetCommitRequestTopic_v6, 7: _enc_OffsetCommitRequestTopic_v6, 8: _enc_OffsetCommitRequestTopic_v8, 9: _enc_OffsetCommitRequestTopic_v8, 10: _enc_OffsetCommitRequestTopic_v10}
OffsetCommitRequestTopic._DECODERS = {2: _dec_OffsetCommitRequestTopic_v2, 3: _dec_OffsetCommitRequestTopic_v2, 4: _dec_OffsetCommitRequestTopic_v2, 5: _dec_OffsetCommitRequestTopic_v2, 6: _dec_OffsetCommitRequestTopic_v6, 7: _dec_OffsetCommitRequestTopic_v6, 8: _dec_OffsetCommitRequestTopic_v8, 9: _dec_OffsetCommitRequestTopic_v8, 10: _dec_OffsetCommitRequestTopic_v10}
OffsetCommitRequest._ENCODERS = {2: _enc_OffsetCommitRequest_v2, 3: _enc_OffsetCommitRequest_v2, 4: _enc_OffsetCommitRequest_v2, 5: _enc_OffsetCommitRequest_v5, 6: _enc_OffsetCommitRequest_v6, 7: _enc_OffsetCommitRequest_v7, 8: _enc_OffsetCommitRequest_v8, 9: _enc_OffsetCommitRequest_v8, 10: _enc_OffsetCommitRequest_v10}
OffsetCommitRequest._DECODERS = {2: _dec_OffsetCommitRequest_v2, 3: _dec_OffsetCommitRequest_v2, 4: _dec_OffsetCommitRequest_v2, 5: _dec_OffsetCommitRequest_v5, 6: _dec_OffsetCommitRequest_v6, 7: _dec_OffsetCommitRequest_v7, 8: _dec_OffsetCommitRequest_v8, 9: _dec_OffsetCommitRequest_v8, 10: _dec_OffsetCommitRequest_v10}
