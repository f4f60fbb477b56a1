"""ShareGroupDescribeResponse: generated from schemas/clients/ShareGroupDescribeResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ii = struct.Struct('>ii')


@attrs.define(eq=True, slots=True)
class TopicPartitions(Message):
    """The TopicPartitions struct of ShareGroupDescribeResponse."""

    topic_id: uuid.UUID = ZERO_UUID
    topic_name: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Assignment(Message):
    """The Assignment struct of ShareGroupDescribeResponse."""

    topic_partitions: list[TopicPartitions] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Member(Message):
    """The members."""

    member_id: str = ''
    rack_id: str | None = None
    member_epoch: int = 0
    client_id: str = ''
    client_host: str = ''
    subscribed_topic_names: list[str] = attrs.field(factory=list)
    assignment: Assignment = attrs.field(factory=Assignment)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribedGroup(Message):
    """Each described group."""

    error_code: int = 0
    error_message: str | None = None
    group_id: str = ''
    group_state: str = ''
    group_epoch: int = 0
    assignment_epoch: int = 0
    assignor_name: str = ''
    members: list[Member] = attrs.field(factory=list)
    authorized_operations: int = -2147483648
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ShareGroupDescribeResponse(Message):
    """The ShareGroupDescribeResponse struct of ShareGroupDescribeResponse."""

    API_KEY = 77
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 1
        return 0

    throttle_time_ms: int = 0
    groups: list[DescribedGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicPartitions = TopicPartitions()
_DEFAULT_Assignment = Assignment()
_DEFAULT_Member = Member()
_DEFAULT_DescribedGroup = DescribedGroup()
_DEFAULT_ShareGroupDescribeResponse = ShareGroupDescribeResponse()


def _enc_TopicPartitions_v1(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicPartitions_v1(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
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
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicPartitions')
    return TopicPartitions(f_topic_id, f_topic_name, f_partitions, _u), p


def _enc_Assignment_v1(o, w):
    b = w.buf
    _a = o.topic_partitions
    if _a is None:
        raise EncodeError('TopicPartitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartitions_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Assignment_v1(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TopicPartitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicPartitions')
        f_topic_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartitions_v1(buf, p)
            f_topic_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Assignment')
    return Assignment(f_topic_partitions, _u), p


def _enc_Member_v1(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.rack_id, True, 'RackId')
    b += _S_i.pack(o.member_epoch)
    write_compact_string(b, o.client_id, False, 'ClientId')
    write_compact_string(b, o.client_host, False, 'ClientHost')
    _a = o.subscribed_topic_names
    if _a is None:
        raise EncodeError('SubscribedTopicNames' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SubscribedTopicNames')
    _enc_Assignment_v1(o.assignment, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Member_v1(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_rack_id, p = read_compact_string(buf, p, True, 'RackId')
    f_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_client_id, p = read_compact_string(buf, p, False, 'ClientId')
    f_client_host, p = read_compact_string(buf, p, False, 'ClientHost')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SubscribedTopicNames' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SubscribedTopicNames')
        f_subscribed_topic_names = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'SubscribedTopicNames')
            f_subscribed_topic_names.append(_e)
    f_assignment, p = _dec_Assignment_v1(buf, p)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Member')
    return Member(f_member_id, f_rack_id, f_member_epoch, f_client_id, f_client_host, f_subscribed_topic_names, f_assignment, _u), p


def _enc_DescribedGroup_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.group_state, False, 'GroupState')
    b += _S_ii.pack(o.group_epoch, o.assignment_epoch)
    write_compact_string(b, o.assignor_name, False, 'AssignorName')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Member_v1(_e, w)
    b += _S_i.pack(o.authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribedGroup_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_group_state, p = read_compact_string(buf, p, False, 'GroupState')
    f_group_epoch, f_assignment_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    f_assignor_name, p = read_compact_string(buf, p, False, 'AssignorName')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_Member_v1(buf, p)
            f_members.append(_e)
    f_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribedGroup')
    return DescribedGroup(f_error_code, f_error_message, f_group_id, f_group_state, f_group_epoch, f_assignment_epoch, f_assignor_name, f_members, f_authorized_operations, _u), p


def _enc_ShareGroupDescribeResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedGroup_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareGroupDescribeResponse_v1(buf, p):
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
            _e, p = _dec_DescribedGroup_v1(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareGroupDescribeResponse')
    return ShareGroupDescribeResponse(f_throttle_time_ms, f_groups, _u), p


TopicPartitions._ENCODERS = {1: _enc_TopicPartitions_v1}
TopicPartitions._DECODERS = {1: _dec_TopicPartitions_v1}
Assignment._ENCODERS = {1: _enc_Assignment_v1}
Assignment._DECODERS = {1: _dec_Assignment_v1}
Member._ENCODERS = {1: _enc_Member_v1}
Member._DECODERS = {1: _dec_Member_v1}
DescribedGroup._ENCODERS = {1: _enc_DescribedGroup_v1}
DescribedGroup._DECODERS = {1: _dec_DescribedGroup_v1}
ShareGroupDescribeResponse._ENCODERS = {1: _enc_ShareGroupDescribeResponse_v1}
ShareGroupDescribeResponse._DECODERS = {1: _dec_ShareGroupDescribeResponse_v1}
