"""OffsetFetchRequest: generated from schemas/clients/OffsetFetchRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class OffsetFetchRequestTopic(Message):
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics."""

    name: str = ''
    partition_indexes: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetFetchRequestTopics(Message):
    """Each topic we would like to fetch offsets for, or null to fetch offsets for all topics."""

    name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partition_indexes: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetFetchRequestGroup(Message):
    """Each group we would like to fetch offsets for."""

    group_id: str = ''
    member_id: str | None = None
    member_epoch: int = -1
    topics: list[OffsetFetchRequestTopics] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetFetchRequest(Message):
    """The OffsetFetchRequest struct of OffsetFetchRequest."""

    API_KEY = 9
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 10
    FLEXIBLE_VERSION = 6
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 6:
            return 2
        return 1

    group_id: str = ''
    topics: list[OffsetFetchRequestTopic] | None = attrs.field(factory=list)
    groups: list[OffsetFetchRequestGroup] = attrs.field(factory=list)
    require_stable: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OffsetFetchRequestTopic = OffsetFetchRequestTopic()
_DEFAULT_OffsetFetchRequestTopics = OffsetFetchRequestTopics()
_DEFAULT_OffsetFetchRequestGroup = OffsetFetchRequestGroup()
_DEFAULT_OffsetFetchRequest = OffsetFetchRequest()


def _enc_OffsetFetchRequestTopic_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partition_indexes
    if _a is None:
        raise EncodeError('PartitionIndexes' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchRequestTopic')


def _enc_OffsetFetchRequestTopic_v6(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partition_indexes
    if _a is None:
        raise EncodeError('PartitionIndexes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequestTopic_v8(o, w):
    if o.name != '':
        raise field_not_in_version('Name')
    if o.partition_indexes is None or len(o.partition_indexes) != 0:
        raise field_not_in_version('PartitionIndexes')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchRequestTopic_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('PartitionIndexes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionIndexes')
        f_partition_indexes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return OffsetFetchRequestTopic(f_name, f_partition_indexes, ()), p


def _dec_OffsetFetchRequestTopic_v6(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionIndexes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionIndexes')
        f_partition_indexes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestTopic')
    return OffsetFetchRequestTopic(f_name, f_partition_indexes, _u), p


def _dec_OffsetFetchRequestTopic_v8(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestTopic')
    return OffsetFetchRequestTopic('', [], _u), p


def _enc_OffsetFetchRequestTopics_v1(o, w):
    if o.partition_indexes is None or len(o.partition_indexes) != 0:
        raise field_not_in_version('PartitionIndexes')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchRequestTopics')


def _enc_OffsetFetchRequestTopics_v6(o, w):
    if o.partition_indexes is None or len(o.partition_indexes) != 0:
        raise field_not_in_version('PartitionIndexes')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequestTopics_v8(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partition_indexes
    if _a is None:
        raise EncodeError('PartitionIndexes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequestTopics_v10(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partition_indexes
    if _a is None:
        raise EncodeError('PartitionIndexes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchRequestTopics_v1(buf, p):
    return OffsetFetchRequestTopics('', ZERO_UUID, [], ()), p


def _dec_OffsetFetchRequestTopics_v6(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestTopics')
    return OffsetFetchRequestTopics('', ZERO_UUID, [], _u), p


def _dec_OffsetFetchRequestTopics_v8(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionIndexes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionIndexes')
        f_partition_indexes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestTopics')
    return OffsetFetchRequestTopics(f_name, ZERO_UUID, f_partition_indexes, _u), p


def _dec_OffsetFetchRequestTopics_v10(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionIndexes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionIndexes')
        f_partition_indexes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestTopics')
    return OffsetFetchRequestTopics('', f_topic_id, f_partition_indexes, _u), p


def _enc_OffsetFetchRequestGroup_v1(o, w):
    if o.group_id != '':
        raise field_not_in_version('GroupId')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchRequestGroup')


def _enc_OffsetFetchRequestGroup_v6(o, w):
    if o.group_id != '':
        raise field_not_in_version('GroupId')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequestGroup_v8(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchRequestTopics_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequestGroup_v9(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.member_id, True, 'MemberId')
    b += _S_i.pack(o.member_epoch)
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchRequestTopics_v8(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequestGroup_v10(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.member_id, True, 'MemberId')
    b += _S_i.pack(o.member_epoch)
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchRequestTopics_v10(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchRequestGroup_v1(buf, p):
    return OffsetFetchRequestGroup('', None, -1, [], ()), p


def _dec_OffsetFetchRequestGroup_v6(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestGroup')
    return OffsetFetchRequestGroup('', None, -1, [], _u), p


def _dec_OffsetFetchRequestGroup_v8(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchRequestTopics_v8(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestGroup')
    return OffsetFetchRequestGroup(f_group_id, None, -1, f_topics, _u), p


def _dec_OffsetFetchRequestGroup_v9(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_member_id, p = read_compact_string(buf, p, True, 'MemberId')
    f_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchRequestTopics_v8(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestGroup')
    return OffsetFetchRequestGroup(f_group_id, f_member_id, f_member_epoch, f_topics, _u), p


def _dec_OffsetFetchRequestGroup_v10(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_member_id, p = read_compact_string(buf, p, True, 'MemberId')
    f_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchRequestTopics_v10(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequestGroup')
    return OffsetFetchRequestGroup(f_group_id, f_member_id, f_member_epoch, f_topics, _u), p


def _enc_OffsetFetchRequest_v1(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    if bool(o.require_stable):
        raise field_not_in_version('RequireStable')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetFetchRequestTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchRequest')


def _enc_OffsetFetchRequest_v2(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    if bool(o.require_stable):
        raise field_not_in_version('RequireStable')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetFetchRequestTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetFetchRequest')


def _enc_OffsetFetchRequest_v6(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    if bool(o.require_stable):
        raise field_not_in_version('RequireStable')
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchRequestTopic_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequest_v7(o, w):
    if o.groups is None or len(o.groups) != 0:
        raise field_not_in_version('Groups')
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchRequestTopic_v6(_e, w)
    b += _S_o.pack(o.require_stable)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequest_v8(o, w):
    if o.group_id != '':
        raise field_not_in_version('GroupId')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchRequestGroup_v8(_e, w)
    b += _S_o.pack(o.require_stable)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequest_v9(o, w):
    if o.group_id != '':
        raise field_not_in_version('GroupId')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchRequestGroup_v9(_e, w)
    b += _S_o.pack(o.require_stable)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_OffsetFetchRequest_v10(o, w):
    if o.group_id != '':
        raise field_not_in_version('GroupId')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OffsetFetchRequestGroup_v10(_e, w)
    b += _S_o.pack(o.require_stable)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OffsetFetchRequest_v1(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchRequestTopic_v1(buf, p)
            f_topics.append(_e)
    return OffsetFetchRequest(f_group_id, f_topics, [], False, ()), p


def _dec_OffsetFetchRequest_v2(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchRequestTopic_v1(buf, p)
            f_topics.append(_e)
    return OffsetFetchRequest(f_group_id, f_topics, [], False, ()), p


def _dec_OffsetFetchRequest_v6(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchRequestTopic_v6(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequest')
    return OffsetFetchRequest(f_group_id, f_topics, [], False, _u), p


def _dec_OffsetFetchRequest_v7(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetFetchRequestTopic_v6(buf, p)
            f_topics.append(_e)
    f_require_stable, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequest')
    return OffsetFetchRequest(f_group_id, f_topics, [], f_require_stable, _u), p


def _dec_OffsetFetchRequest_v8(buf, p):
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
            _e, p = _dec_OffsetFetchRequestGroup_v8(buf, p)
            f_groups.append(_e)
    f_require_stable, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequest')
    return OffsetFetchRequest('', [], f_groups, f_require_stable, _u), p


def _dec_OffsetFetchRequest_v9(buf, p):
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
            _e, p = _dec_OffsetFetchRequestGroup_v9(buf, p)
            f_groups.append(_e)
    f_require_stable, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequest')
    return OffsetFetchRequest('', [], f_groups, f_require_stable, _u), p


def _dec_OffsetFetchRequest_v10(buf, p):
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
            _e, p = _dec_OffsetFetchRequestGroup_v10(buf, p)
            f_groups.append(_e)
    f_require_stable, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OffsetFetchRequest')
    return OffsetFetchRequest('', [], f_groups, f_require_stable, _u), p


OffsetFetchRequestTopic._ENCODERS = {1: _enc_OffsetFetchRequestTopic_v1, 2: _enc_OffsetFetchRequestTopic_v1, 3: _enc_OffsetFetchRequestTopic_v1, 4: _enc_OffsetFetchRequestTopic_v1, 5: _enc_OffsetFetchRequestTopic_v1, 6: _enc_OffsetFetchRequestTopic_v6, 7: _enc_OffsetFetchRequestTopic_v6, 8: _enc_OffsetFetchRequestTopic_v8, 9: _enc_OffsetFetchRequestTopic_v8, 10: _enc_OffsetFetchRequestTopic_v8}
OffsetFetchRequestTopic._DECODERS = {1: _dec_OffsetFetchRequestTopic_v1, 2: _dec_OffsetFetchRequestTopic_v1, 3: _dec_OffsetFetchRequestTopic_v1, 4: _dec_OffsetFetchRequestTopic_v1, 5: _dec_OffsetFetchRequestTopic_v1, 6: _dec_OffsetFetchRequestTopic_v6, 7: _dec_OffsetFetchRequestTopic_v6, 8: _dec_OffsetFetchRequestTopic_v8, 9: _dec_OffsetFetchRequestTopic_v8, 10: _dec_OffsetFetchRequestTopic_v8}
OffsetFetchRequestTopics._ENCODERS = {1: _enc_OffsetFetchRequestTopics_v1, 2: _enc_OffsetFetchRequestTopics_v1, 3: _enc_OffsetFetchRequestTopics_v1, 4: _enc_OffsetFetchRequestTopics_v1, 5: _enc_OffsetFetchRequestTopics_v1, 6: _enc_OffsetFetchRequestTopics_v6, 7: _enc_OffsetFetchRequestTopics_v6, 8: _enc_OffsetFetchRequestTopics_v8, 9: _enc_OffsetFetchRequestTopics_v8, 10: _enc_OffsetFetchRequestTopics_v10}
OffsetFetchRequestTopics._DECODERS = {1: _dec_OffsetFetchRequestTopics_v1, 2: _dec_OffsetFetchRequestTopics_v1, 3: _dec_OffsetFetchRequestTopics_v1, 4: _dec_OffsetFetchRequestTopics_v1, 5: _dec_OffsetFetchRequestTopics_v1, 6: _dec_OffsetFetchRequestTopics_v6, 7: _dec_OffsetFetchRequestTopics_v6, 8: _dec_OffsetFetchRequestTopics_v8, 9: _dec_OffsetFetchRequestTopics_v8, 10: _dec_OffsetFetchRequestTopics_v10}
OffsetFetchRequestGroup._ENCODERS = {1: _enc_OffsetFetchRequestGroup_v1, 2: _enc_OffsetFetchRequestGroup_v1, 3: _enc_OffsetFetchRequestGroup_v1, 4: _enc_OffsetFetchRequestGroup_v1, 5: _enc_OffsetFetchRequestGroup_v1, 6: _enc_OffsetFetchRequestGroup_v6, 7: _enc_OffsetFetchRequestGroup_v6, 8: _enc_OffsetFetchRequestGroup_v8, 9: _enc_OffsetFetchRequestGroup_v9, 10: _enc_OffsetFetchRequestGroup_v10}
OffsetFetchRequestGroup._DECODERS = {1: _dec_OffsetFetchRequestGroup_v1, 2: _dec_OffsetFetchRequestGroup_v1, 3: _dec_OffsetFetchRequestGroup_v1, 4: _dec_OffsetFetchRequestGroup_v1, 5: _dec_OffsetFetchRequestGroup_v1, 6: _dec_OffsetFetchRequestGroup_v6, 7: _dec_OffsetFetchRequestGroup_v6, 8: _dec_OffsetFetchRequestGroup_v8, 9: _dec_OffsetFetchRequestGroup_v9, 10: _dec_OffsetFetchRequestGroup_v10}
OffsetFetchRequest._ENCODERS = {1: _enc_OffsetFetchRequest_v1, 2: _enc_OffsetFetchRequest_v2, 3: _enc_OffsetFetchRequest_v2, 4: _enc_OffsetFetchRequest_v2, 5: _enc_OffsetFetchRequest_v2, 6: _enc_OffsetFetchRequest_v6, 7: _enc_OffsetFetchRequest_v7, 8: _enc_OffsetFetchRequest_v8, 9: _enc_OffsetFetchRequest_v9, 10: _enc_OffsetFetchRequest_v10}
OffsetFetchRequest._DECODERS = {1: _dec_OffsetFetchRequest_v1, 2: _dec_OffsetFetchRequest_v2, 3: _dec_OffsetFetchRequest_v2, 4: _dec_OffsetFetchRequest_v2, 5: _dec_OffsetFetchRequest_v2, 6: _dec_OffsetFetchRequest_v6, 7: _dec_OffsetFetchRequest_v7, 8: _dec_OffsetFetchRequest_v8, 9: _dec_OffsetFetchRequest_v9, 10: _dec_OffsetFetchRequest_v10}
