"""OffsetFetchResponse: generated from schemas/clients/OffsetFetchResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')
_S_iq = struct.Struct('>iq')
_S_iqi = struct.Struct('>iqi')


@attrs.define(eq=True, slots=True)
class OffsetFetchResponsePartition(Message):
    """The responses per partition."""

    partition_index: int = 0
    committed_offset: int = 0
    committed_leader_epoch: int = -1
    metadata: str | None = ''
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetFetchResponseTopic(Message):
    """The responses per topic."""

    name: str = ''
    partitions: list[OffsetFetchResponsePartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetFetchResponsePartitions(Message):
    """The responses per partition."""

    partition_index: int = 0
    committed_offset: int = 0
    committed_leader_epoch: int = -1
    metadata: str | None = ''
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetFetchResponseTopics(Message):
    """The responses per topic."""

    name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[OffsetFetchResponsePartitions] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetFetchResponseGroup(Message):
    """The responses per group id."""

    group_id: str = ''
    topics: list[OffsetFetchResponseTopics] = attrs.field(factory=list)
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetFetchResponse(Message):
    """The OffsetFetchResponse struct of OffsetFetchResponse."""

    API_KEY = 9
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 10
    FLEXIBLE_VERSION = 6
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 6:
            return 1
        return 0

    throttle_time_ms: int = 0
    topics: list[OffsetFetchResponseTopic] = attrs.field(factory=list)
    error_code: int = 0
    groups: list[OffsetFetchResponseGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OffsetFetchResponsePartition = OffsetFetchResponsePartition()
_DEFAULT_OffsetFetchResponseTopic = OffsetFetchResponseTopic()
_DEFAULT_OffsetFetchResponsePartitions = OffsetFetchResponsePartitions()
_DEFAULT_OffsetFetchResponseTopics = OffsetFetchResponseTopics()
_DEFAULT_OffsetFetchResponseGroup = OffsetFetchResponseGroup()
_DEFAULT_OffsetFetchResponse = OffsetFetchResponse()


def _enc_OffsetFetchResponsePartition_v1(o, w):
    b = w.buf
    b += _S_iq.pack(o.partition_index, o.committed_offset)
    write_string(b, o.metadata, True, 'Metadata')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponsePartition')


def _enc_OffsetFetchResponsePartition_v5(o, w):
    b = w.buf
    b += _S_iqi.pack(o.partition_index, o.committed_offset, o.committed_leader_epoch)
    write_string(b, o.metadata, True, 'Metadata')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponsePartition')


def _enc_OffsetFetchResponsePartition_v6(o, w):
    b = w.buf
    b += _S_iqi.pack(o.partition_index, o.committed_offset, o.committed_leader_epoch)
    write_compact_string(b, o.metadata, True, 'Metadata')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponsePartition_v8(o, w):
    if o.partition_index != 0:
        raise field_not_in_version('PartitionIndex')
    if o.committed_offset != 0:
        raise field_not_in_version('CommittedOffset')
    if o.metadata != '':
        raise field_not_in_version('Metadata')
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchResponsePartition_v1(buf, p):
    f_partition_index, f_committed_offset = _S_iq.unpack_from(buf, p)
    p += 12
    f_metadata, p = read_string(buf, p, True, 'Metadata')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return OffsetFetchResponsePartition(f_partition_index, f_committed_offset, -1, f_metadata, f_error_code, ()), p


def _dec_OffsetFetchResponsePartition_v5(buf, p):
    f_partition_index, f_committed_offset, f_committed_leader_epoch = _S_iqi.unpack_from(buf, p)
    p += 16
    f_metadata, p = read_string(buf, p, True, 'Metadata')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return OffsetFetchResponsePartition(f_partition_index, f_committed_offset, f_committed_leader_epoch, f_metadata, f_error_code, ()), p


def _dec_OffsetFetchResponsePartition_v6(buf, p):
    f_partition_index, f_committed_offset, f_committed_leader_epoch = _S_iqi.unpack_from(buf, p)
    p += 16
    f_metadata, p = read_compact_string(buf, p, True, 'Metadata')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponsePartition')
    return OffsetFetchResponsePartition(f_partition_index, f_committed_offset, f_committed_leader_epoch, f_metadata, f_error_code, _u), p


def _dec_OffsetFetchResponsePartition_v8(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponsePartition')
    return OffsetFetchResponsePartition(0, 0, -1, '', 0, _u), p


def _enc_OffsetFetchResponseTopic_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetFetchResponsePartition_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponseTopic')


def _enc_OffsetFetchResponseTopic_v5(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetFetchResponsePartition_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponseTopic')


def _enc_OffsetFetchResponseTopic_v6(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchResponsePartition_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponseTopic_v8(o, w):
    if o.name != '':
        raise field_not_in_version('Name')
    if o.partitions is None or len(o.partitions) != 0:
        raise field_not_in_version('Partitions')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchResponseTopic_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchResponsePartition_v1(buf, p)
            f_partitions.append(_e)
    return OffsetFetchResponseTopic(f_name, f_partitions, ()), p


def _dec_OffsetFetchResponseTopic_v5(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchResponsePartition_v5(buf, p)
            f_partitions.append(_e)
    return OffsetFetchResponseTopic(f_name, f_partitions, ()), p


def _dec_OffsetFetchResponseTopic_v6(buf, p):
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
            _e, p = _dec_OffsetFetchResponsePartition_v6(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponseTopic')
    return OffsetFetchResponseTopic(f_name, f_partitions, _u), p


def _dec_OffsetFetchResponseTopic_v8(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponseTopic')
    return OffsetFetchResponseTopic('', [], _u), p


def _enc_OffsetFetchResponsePartitions_v1(o, w):
    if o.partition_index != 0:
        raise field_not_in_version('PartitionIndex')
    if o.committed_offset != 0:
        raise field_not_in_version('CommittedOffset')
    if o.metadata != '':
        raise field_not_in_version('Metadata')
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponsePartitions')


def _enc_OffsetFetchResponsePartitions_v6(o, w):
    if o.partition_index != 0:
        raise field_not_in_version('PartitionIndex')
    if o.committed_offset != 0:
        raise field_not_in_version('CommittedOffset')
    if o.metadata != '':
        raise field_not_in_version('Metadata')
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponsePartitions_v8(o, w):
    b = w.buf
    b += _S_iqi.pack(o.partition_index, o.committed_offset, o.committed_leader_epoch)
    write_compact_string(b, o.metadata, True, 'Metadata')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchResponsePartitions_v1(buf, p):
    return OffsetFetchResponsePartitions(0, 0, -1, '', 0, ()), p


def _dec_OffsetFetchResponsePartitions_v6(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponsePartitions')
    return OffsetFetchResponsePartitions(0, 0, -1, '', 0, _u), p


def _dec_OffsetFetchResponsePartitions_v8(buf, p):
    f_partition_index, f_committed_offset, f_committed_leader_epoch = _S_iqi.unpack_from(buf, p)
    p += 16
    f_metadata, p = read_compact_string(buf, p, True, 'Metadata')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponsePartitions')
    return OffsetFetchResponsePartitions(f_partition_index, f_committed_offset, f_committed_leader_epoch, f_metadata, f_error_code, _u), p


def _enc_OffsetFetchResponseTopics_v1(o, w):
    if o.partitions is None or len(o.partitions) != 0:
        raise field_not_in_version('Partitions')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponseTopics')


def _enc_OffsetFetchResponseTopics_v6(o, w):
    if o.partitions is None or len(o.partitions) != 0:
        raise field_not_in_version('Partitions')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponseTopics_v8(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchResponsePartitions_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponseTopics_v10(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchResponsePartitions_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchResponseTopics_v1(buf, p):
    return OffsetFetchResponseTopics('', ZERO_UUID, [], ()), p


def _dec_OffsetFetchResponseTopics_v6(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponseTopics')
    return OffsetFetchResponseTopics('', ZERO_UUID, [], _u), p


def _dec_OffsetFetchResponseTopics_v8(buf, p):
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
            _e, p = _dec_OffsetFetchResponsePartitions_v8(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponseTopics')
    return OffsetFetchResponseTopics(f_name, ZERO_UUID, f_partitions, _u), p


def _dec_OffsetFetchResponseTopics_v10(buf, p):
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
            _e, p = _dec_OffsetFetchResponsePartitions_v8(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponseTopics')
    return OffsetFetchResponseTopics('', f_topic_id, f_partitions, _u), p


def _enc_OffsetFetchResponseGroup_v1(o, w):
    if o.group_id != '':
        raise field_not_in_version('GroupId')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponseGroup')


def _enc_OffsetFetchResponseGroup_v6(o, w):
    if o.group_id != '':
        raise field_not_in_version('GroupId')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponseGroup_v8(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchResponseTopics_v8(_e, w)
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponseGroup_v10(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchResponseTopics_v10(_e, w)
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchResponseGroup_v1(buf, p):
    return OffsetFetchResponseGroup('', [], 0, ()), p


def _dec_OffsetFetchResponseGroup_v6(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponseGroup')
    return OffsetFetchResponseGroup('', [], 0, _u), p


def _dec_OffsetFetchResponseGroup_v8(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
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
            _e, p = _dec_OffsetFetchResponseTopics_v8(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponseGroup')
    return OffsetFetchResponseGroup(f_group_id, f_topics, f_error_code, _u), p


def _dec_OffsetFetchResponseGroup_v10(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
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
            _e, p = _dec_OffsetFetchResponseTopics_v10(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponseGroup')
    return OffsetFetchResponseGroup(f_group_id, f_topics, f_error_code, _u), p


def _enc_OffsetFetchResponse_v1(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetFetchResponseTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponse')


def _enc_OffsetFetchResponse_v2(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetFetchResponseTopic_v1(_e, w)
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponse')


def _enc_OffsetFetchResponse_v3(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetFetchResponseTopic_v1(_e, w)
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponse')


def _enc_OffsetFetchResponse_v5(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetFetchResponseTopic_v5(_e, w)
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchResponse')


def _enc_OffsetFetchResponse_v6(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchResponseTopic_v6(_e, w)
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponse_v8(o, w):
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchResponseGroup_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchResponse_v10(o, w):
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchResponseGroup_v10(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchResponse_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchResponseTopic_v1(buf, p)
            f_topics.append(_e)
    return OffsetFetchResponse(0, f_topics, 0, [], ()), p


def _dec_OffsetFetchResponse_v2(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchResponseTopic_v1(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return OffsetFetchResponse(0, f_topics, f_error_code, [], ()), p


def _dec_OffsetFetchResponse_v3(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchResponseTopic_v1(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return OffsetFetchResponse(f_throttle_time_ms, f_topics, f_error_code, [], ()), p


def _dec_OffsetFetchResponse_v5(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchResponseTopic_v5(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return OffsetFetchResponse(f_throttle_time_ms, f_topics, f_error_code, [], ()), p


def _dec_OffsetFetchResponse_v6(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
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
            _e, p = _dec_OffsetFetchResponseTopic_v6(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponse')
    return OffsetFetchResponse(f_throttle_time_ms, f_topics, f_error_code, [], _u), p


def _dec_OffsetFetchResponse_v8(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchResponseGroup_v8(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponse')
    return OffsetFetchResponse(f_throttle_time_ms, [], 0, f_groups, _u), p


def _dec_OffsetFetchResponse_v10(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchResponseGroup_v10(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchResponse')
    return OffsetFetchResponse(f_throttle_time_ms, [], 0, f_groups, _u), p


OffsetFetchResponsePartition._ENCODERS = {1: _enc_OffsetFetchResponsePartition_v1, 2: _enc_OffsetFetchResponsePartition_v1, 3: _enc_OffsetFetchResponsePartition_v1, 4: _enc_OffsetFetchResponsePartition_v1, 5: _enc_OffsetFetchResponsePartition_v5, 6: _enc_OffsetFetchResponsePartition_v6, 7: _enc_OffsetFetchResponsePartition_v6, 8: _enc_OffsetFetchResponsePartition_v8, 9: _enc_OffsetFetchResponsePartition_v8, 10: _enc_OffsetFetchResponsePartition_v8}
OffsetFetchResponsePartition._DECODERS = {1: _dec_OffsetFetchResponsePartition_v1, 2: _dec_OffsetFetchResponsePartition_v1, 3: _dec_OffsetFetchResponsePartition_v1, 4: _dec_OffsetFetchResponsePartition_v1, 5: _dec_OffsetFetchResponsePartition_v5, 6: _dec_OffsetFetchResponsePartition_v6, 7: _dec_OffsetFetchResponsePartition_v6, 8: _dec_OffsetFetchResponsePartition_v8, 9: _dec_OffsetFetchResponsePartition_v8, 10: _dec_OffsetFetchResponsePartition_v8}
OffsetFetchResponseTopic._ENCODERS = {1: _enc_OffsetFetchResponseTopic_v1, 2: _enc_OffsetFetchResponseTopic_v1, 3: _enc_OffsetFetchResponseTopic_v1, 4: _enc_OffsetFetchResponseTopic_v1, 5: _enc_OffsetFetchResponseTopic_v5, 6: _enc_OffsetFetchResponseTopic_v6, 7: _enc_OffsetFetchResponseTopic_v6, 8: _enc_OffsetFetchResponseTopic_v8, 9: _enc_OffsetFetchResponseTopic_v8, 10: _enc_OffsetFetchResponseTopic_v8}
OffsetFetchResponseTopic._DECODERS = {1: _dec_OffsetFetchResponseTopic_v1, 2: _dec_OffsetFetchResponseTopic_v1, 3: _dec_OffsetFetchResponseTopic_v1, 4: _dec_OffsetFetchResponseTopic_v1, 5: _dec_OffsetFetchResponseTopic_v5, 6: _dec_OffsetFetchResponseTopic_v6, 7: _dec_OffsetFetchResponseTopic_v6, 8: _dec_OffsetFetchResponseTopic_v8, 9: _dec_OffsetFetchResponseTopic_v8, 10: _dec_OffsetFetchResponseTopic_v8}
OffsetFetchResponsePartitions._ENCODERS = {1: _enc_OffsetFetchResponsePartitions_v1, 2: _enc_OffsetFetchResponsePartitions_v1, 3: _enc_OffsetFetchResponsePartitions_v1, 4: _enc_OffsetFetchResponsePartitions_v1, 5: _enc_OffsetFetchResponsePartitions_v1, 6: _enc_OffsetFetchResponsePartitions_v6, 7: _enc_OffsetFetchResponsePartitions_v6, 8: _enc_OffsetFetchResponsePartitions_v8, 9: _enc_OffsetFetchResponsePartitions_v8, 10: _enc_OffsetFetchResponsePartitions_v8}
OffsetFetchResponsePartitions._DECODERS = {1: _dec_OffsetFetchResponsePartitions_v1, 2: _dec_OffsetFetchResponsePartitions_v1, 3: _dec_OffsetFetchResponsePartitions_v1, 4: _dec_OffsetFetchResponsePartitions_v1, 5: _dec_OffsetFetchResponsePartitions_v1, 6: _dec_OffsetFetchResponsePartitions_v6, 7: _dec_OffsetFetchResponsePartitions_v6, 8: _dec_OffsetFetchResponsePartitions_v8, 9: _dec_OffsetFetchResponsePartitions_v8, 10: _dec_OffsetFetchResponsePartitions_v8}
OffsetFetchResponseTopics._ENCODERS = {1: _enc_OffsetFetchResponseTopics_v1, 2: _enc_OffsetFetchResponseTopics_v1, 3: _enc_OffsetFetchResponseTopics_v1, 4: _enc_OffsetFetchResponseTopics_v1, 5: _enc_OffsetFetchResponseTopics_v1, 6: _enc_OffsetFetchResponseTopics_v6, 7: _enc_OffsetFetchResponseTopics_v6, 8: _enc_OffsetFetchResponseTopics_v8, 9: _enc_OffsetFetchResponseTopics_v8, 10: _enc_OffsetFetchResponseTopics_v10}
OffsetFetchResponseTopics._DECODERS = {1: _dec_OffsetFetchResponseTopics_v1, 2: _dec_OffsetFetchResponseTopics_v1, 3: _dec_OffsetFetchResponseTopics_v1, 4: _dec_OffsetFetchResponseTopics_v1, 5: _dec_OffsetFetchResponseTopics_v1, 6: _dec_OffsetFetchResponseTopics_v6, 7: _dec_OffsetFetchResponseTopics_v6, 8: _dec_OffsetFetchResponseTopics_v8, 9: _dec_OffsetFetchResponseTopics_v8, 10: _dec_OffsetFetchResponseTopics_v10}
OffsetFetchResponseGroup._ENCODERS = {1: _enc_OffsetFetchResponseGroup_v1, 2: _enc_OffsetFetchResponseGroup_v1, 3: _enc_OffsetFetchResponseGroup_v1, 4: _enc_OffsetFetchResponseGroup_v1, 5: _enc_OffsetFetchResponseGroup_v1, 6: _enc_OffsetFetchResponseGroup_v6, 7: _enc_OffsetFetchResponseGroup_v6, 8: _enc_OffsetFetchResponseGroup_v8, 9: _enc_OffsetFetchResponseGroup_v8, 10: _enc_OffsetFetchResponseGroup_v10}
OffsetFetchResponseGroup._DECODERS = {1: _dec_OffsetFetchResponseGroup_v1, 2: _dec_OffsetFetchResponseGroup_v1, 3: _dec_OffsetFetchResponseGroup_v1, 4: _dec_OffsetFetchResponseGroup_v1, 5: _dec_OffsetFetchResponseGroup_v1, 6: _dec_OffsetFetchResponseGroup_v6, 7: _dec_OffsetFetchResponseGroup_v6, 8: _dec_OffsetFetchResponseGroup_v8, 9: _dec_OffsetFetchResponseGroup_v8, 10: _dec_OffsetFetchResponseGroup_v10}
OffsetFetchResponse._ENCODERS = {1: _enc_OffsetFetchResponse_v1, 2: _enc_OffsetFetchResponse_v2, 3: _enc_OffsetFetchResponse_v3, 4: _enc_OffsetFetchResponse_v3, 5: _enc_OffsetFetchResponse_v5, 6: _enc_OffsetFetchResponse_v6, 7: _enc_OffsetFetchResponse_v6, 8: _enc_OffsetFetchResponse_v8, 9: _enc_OffsetFetchResponse_v8, 10: _enc_OffsetFetchResponse_v10}
OffsetFetchResponse._DECODERS = {1: _dec_OffsetFetchResponse_v1, 2: _dec_OffsetFetchResponse_v2, 3: _dec_OffsetFetchResponse_v3, 4: _dec_OffsetFetchResponse_v3, 5: _dec_OffsetFetchResponse_v5, 6: _dec_OffsetFetchResponse_v6, 7: _dec_OffsetFetchResponse_v6, 8: _dec_OffsetFetchResponse_v8, 9: _dec_OffsetFetchResponse_v8, 10: _dec_OffsetFetchResponse_v10}
