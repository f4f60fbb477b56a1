"""DescribeGroupsResponse: generated from schemas/clients/DescribeGroupsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class DescribedGroupMember(Message):
    """The group members."""

    member_id: str = ''
    group_instance_id: str | None = None
    client_id: str = ''
    client_host: str = ''
    member_metadata: bytes = b''
    member_assignment: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribedGroup(Message):
    """Each described group."""

    error_code: int = 0
    error_message: str | None = None
    group_id: str = ''
    group_state: str = ''
    protocol_type: str = ''
    protocol_data: str = ''
    members: list[DescribedGroupMember] = attrs.field(factory=list)
    authorized_operations: int = -2147483648
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeGroupsResponse(Message):
    """The DescribeGroupsResponse struct of DescribeGroupsResponse."""

    API_KEY = 15
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 6
    FLEXIBLE_VERSION = 5
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 5:
            return 1
        return 0

    throttle_time_ms: int = 0
    groups: list[DescribedGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribedGroupMember = DescribedGroupMember()
_DEFAULT_DescribedGroup = DescribedGroup()
_DEFAULT_DescribeGroupsResponse = DescribeGroupsResponse()


def _enc_DescribedGroupMember_v0(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.client_id, False, 'ClientId')
    write_string(b, o.client_host, False, 'ClientHost')
    write_bytes(b, o.member_metadata, False, 'MemberMetadata')
    write_bytes(b, o.member_assignment, False, 'MemberAssignment')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribedGroupMember')


def _enc_DescribedGroupMember_v4(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_string(b, o.client_id, False, 'ClientId')
    write_string(b, o.client_host, False, 'ClientHost')
    write_bytes(b, o.member_metadata, False, 'MemberMetadata')
    write_bytes(b, o.member_assignment, False, 'MemberAssignment')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribedGroupMember')


def _enc_DescribedGroupMember_v5(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_compact_string(b, o.client_id, False, 'ClientId')
    write_compact_string(b, o.client_host, False, 'ClientHost')
    write_compact_bytes(b, o.member_metadata, False, 'MemberMetadata')
    write_compact_bytes(b, o.member_assignment, False, 'MemberAssignment')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribedGroupMember_v0(buf, p):
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_client_id, p = read_string(buf, p, False, 'ClientId')
    f_client_host, p = read_string(buf, p, False, 'ClientHost')
    f_member_metadata, p = read_bytes(buf, p, False, 'MemberMetadata')
    f_member_assignment, p = read_bytes(buf, p, False, 'MemberAssignment')
    return DescribedGroupMember(f_member_id, None, f_client_id, f_client_host, f_member_metadata, f_member_assignment, ()), p


def _dec_DescribedGroupMember_v4(buf, p):
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_string(buf, p, True, 'GroupInstanceId')
    f_client_id, p = read_string(buf, p, False, 'ClientId')
    f_client_host, p = read_string(buf, p, False, 'ClientHost')
    f_member_metadata, p = read_bytes(buf, p, False, 'MemberMetadata')
    f_member_assignment, p = read_bytes(buf, p, False, 'MemberAssignment')
    return DescribedGroupMember(f_member_id, f_group_instance_id, f_client_id, f_client_host, f_member_metadata, f_member_assignment, ()), p


def _dec_DescribedGroupMember_v5(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    f_client_id, p = read_compact_string(buf, p, False, 'ClientId')
    f_client_host, p = read_compact_string(buf, p, False, 'ClientHost')
    f_member_metadata, p = read_compact_bytes(buf, p, False, 'MemberMetadata')
    f_member_assignment, p = read_compact_bytes(buf, p, False, 'MemberAssignment')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribedGroupMember')
    return DescribedGroupMember(f_member_id, f_group_instance_id, f_client_id, f_client_host, f_member_metadata, f_member_assignment, _u), p


def _enc_DescribedGroup_v0(o, w):
    if o.error_message is not None:
        raise field_not_in_version('ErrorMessage')
    if o.authorized_operations != -2147483648:
        raise field_not_in_version('AuthorizedOperations')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.group_id, False, 'GroupId')
    write_string(b, o.group_state, False, 'GroupState')
    write_string(b, o.protocol_type, False, 'ProtocolType')
    write_string(b, o.protocol_data, False, 'ProtocolData')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedGroupMember_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribedGroup')


def _enc_DescribedGroup_v3(o, w):
    if o.error_message is not None:
        raise field_not_in_version('ErrorMessage')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.group_id, False, 'GroupId')
    write_string(b, o.group_state, False, 'GroupState')
    write_string(b, o.protocol_type, False, 'ProtocolType')
    write_string(b, o.protocol_data, False, 'ProtocolData')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedGroupMember_v0(_e, w)
    b += _S_i.pack(o.authorized_operations)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribedGroup')


def _enc_DescribedGroup_v4(o, w):
    if o.error_message is not None:
        raise field_not_in_version('ErrorMessage')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.group_id, False, 'GroupId')
    write_string(b, o.group_state, False, 'GroupState')
    write_string(b, o.protocol_type, False, 'ProtocolType')
    write_string(b, o.protocol_data, False, 'ProtocolData')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedGroupMember_v4(_e, w)
    b += _S_i.pack(o.authorized_operations)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribedGroup')


def _enc_DescribedGroup_v5(o, w):
    if o.error_message is not None:
        raise field_not_in_version('ErrorMessage')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.group_state, False, 'GroupState')
    write_compact_string(b, o.protocol_type, False, 'ProtocolType')
    write_compact_string(b, o.protocol_data, False, 'ProtocolData')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedGroupMember_v5(_e, w)
    b += _S_i.pack(o.authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribedGroup_v6(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.group_state, False, 'GroupState')
    write_compact_string(b, o.protocol_type, False, 'ProtocolType')
    write_compact_string(b, o.protocol_data, False, 'ProtocolData')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedGroupMember_v5(_e, w)
    b += _S_i.pack(o.authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribedGroup_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_group_state, p = read_string(buf, p, False, 'GroupState')
    f_protocol_type, p = read_string(buf, p, False, 'ProtocolType')
    f_protocol_data, p = read_string(buf, p, False, 'ProtocolData')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_DescribedGroupMember_v0(buf, p)
            f_members.append(_e)
    return DescribedGroup(f_error_code, None, f_group_id, f_group_state, f_protocol_type, f_protocol_data, f_members, -2147483648, ()), p


def _dec_DescribedGroup_v3(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_group_state, p = read_string(buf, p, False, 'GroupState')
    f_protocol_type, p = read_string(buf, p, False, 'ProtocolType')
    f_protocol_data, p = read_string(buf, p, False, 'ProtocolData')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_DescribedGroupMember_v0(buf, p)
            f_members.append(_e)
    f_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    return DescribedGroup(f_error_code, None, f_group_id, f_group_state, f_protocol_type, f_protocol_data, f_members, f_authorized_operations, ()), p


def _dec_DescribedGroup_v4(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_group_state, p = read_string(buf, p, False, 'GroupState')
    f_protocol_type, p = read_string(buf, p, False, 'ProtocolType')
    f_protocol_data, p = read_string(buf, p, False, 'ProtocolData')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_DescribedGroupMember_v4(buf, p)
            f_members.append(_e)
    f_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    return DescribedGroup(f_error_code, None, f_group_id, f_group_state, f_protocol_type, f_protocol_data, f_members, f_authorized_operations, ()), p


def _dec_DescribedGroup_v5(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_group_state, p = read_compact_string(buf, p, False, 'GroupState')
    f_protocol_type, p = read_compact_string(buf, p, False, 'ProtocolType')
    f_protocol_data, p = read_compact_string(buf, p, False, 'ProtocolData')
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
            _e, p = _dec_DescribedGroupMember_v5(buf, p)
            f_members.append(_e)
    f_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribedGroup')
    return DescribedGroup(f_error_code, None, f_group_id, f_group_state, f_protocol_type, f_protocol_data, f_members, f_authorized_operations, _u), p


def _dec_DescribedGroup_v6(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_group_state, p = read_compact_string(buf, p, False, 'GroupState')
    f_protocol_type, p = read_compact_string(buf, p, False, 'ProtocolType')
    f_protocol_data, p = read_compact_string(buf, p, False, 'ProtocolData')
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
            _e, p = _dec_DescribedGroupMember_v5(buf, p)
            f_members.append(_e)
    f_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribedGroup')
    return DescribedGroup(f_error_code, f_error_message, f_group_id, f_group_state, f_protocol_type, f_protocol_data, f_members, f_authorized_operations, _u), p


def _enc_DescribeGroupsResponse_v0(o, w):
    b = w.buf
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeGroupsResponse')


def _enc_DescribeGroupsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeGroupsResponse')


def _enc_DescribeGroupsResponse_v3(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedGroup_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeGroupsResponse')


def _enc_DescribeGroupsResponse_v4(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedGroup_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeGroupsResponse')


def _enc_DescribeGroupsResponse_v5(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedGroup_v5(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeGroupsResponse_v6(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedGroup_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeGroupsResponse_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_DescribedGroup_v0(buf, p)
            f_groups.append(_e)
    return DescribeGroupsResponse(0, f_groups, ()), p


def _dec_DescribeGroupsResponse_v1(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_DescribedGroup_v0(buf, p)
            f_groups.append(_e)
    return DescribeGroupsResponse(f_throttle_time_ms, f_groups, ()), p


def _dec_DescribeGroupsResponse_v3(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_DescribedGroup_v3(buf, p)
            f_groups.append(_e)
    return DescribeGroupsResponse(f_throttle_time_ms, f_groups, ()), p


def _dec_DescribeGroupsResponse_v4(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_DescribedGroup_v4(buf, p)
            f_groups.append(_e)
    return DescribeGroupsResponse(f_throttle_time_ms, f_groups, ()), p


def _dec_DescribeGroupsResponse_v5(buf, p):
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
            _e, p = _dec_DescribedGroup_v5(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeGroupsResponse')
    return DescribeGroupsResponse(f_throttle_time_ms, f_groups, _u), p


def _dec_DescribeGroupsResponse_v6(buf, p):
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
            _e, p = _dec_DescribedGroup_v6(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeGroupsResponse')
    return DescribeGroupsResponse(f_throttle_time_ms, f_groups, _u), p


DescribedGroupMember._ENCODERS = {0: _enc_DescribedGroupMember_v0, 1: _enc_DescribedGroupMember_v0, 2: _enc_DescribedGroupMember_v0, 3: _enc_DescribedGroupMember_v0, 4: _enc_DescribedGroupMember_v4, 5: _enc_DescribedGroupMember_v5, 6: _enc_DescribedGroupMember_v5}
DescribedGroupMember._DECODERS = {0: _dec_DescribedGroupMember_v0, 1: _dec_DescribedGroupMember_v0, 2: _dec_DescribedGroupMember_v0, 3: _dec_DescribedGroupMember_v0, 4: _dec_DescribedGroupMember_v4, 5: _dec_DescribedGroupMember_v5, 6: _dec_DescribedGroupMember_v5}
DescribedGroup._ENCODERS = {0: _enc_DescribedGroup_v0, 1: _enc_DescribedGroup_v0, 2: _enc_DescribedGroup_v0, 3: _enc_DescribedGroup_v3, 4: _enc_DescribedGroup_v4, 5: _enc_DescribedGroup_v5, 6: _enc_DescribedGroup_v6}
DescribedGroup._DECODERS = {0: _dec_DescribedGroup_v0, 1: _dec_DescribedGroup_v0, 2: _dec_DescribedGroup_v0, 3: _dec_DescribedGroup_v3, 4: _dec_DescribedGroup_v4, 5: _dec_DescribedGroup_v5, 6: _dec_DescribedGroup_v6}
DescribeGroupsResponse._ENCODERS = {0: _enc_DescribeGroupsResponse_v0, 1: _enc_DescribeGroupsResponse_v1, 2: _enc_DescribeGroupsResponse_v1, 3: _enc_DescribeGroupsResponse_v3, 4: _enc_DescribeGroupsResponse_v4, 5: _enc_DescribeGroupsResponse_v5, 6: _enc_DescribeGroupsResponse_v6}
DescribeGroupsResponse._DECODERS = {0: _dec_DescribeGroupsResponse_v0, 1: _dec_DescribeGroupsResponse_v1, 2: _dec_DescribeGroupsResponse_v1, 3: _dec_DescribeGroupsResponse_v3, 4: _dec_DescribeGroupsResponse_v4, 5: _dec_DescribeGroupsResponse_v5, 6: _dec_DescribeGroupsResponse_v6}
