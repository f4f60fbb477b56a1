"""LeaveGroupRequest: generated from schemas/clients/LeaveGroupRequest.json by kbroker.protocol.codegen. Do not edit."""

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



@attrs.define(eq=True, slots=True)
class MemberIdentity(Message):
    """List of leaving member identities."""

    member_id: str = ''
    group_instance_id: str | None = None
    reason: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class LeaveGroupRequest(Message):
    """The LeaveGroupRequest struct of LeaveGroupRequest."""

    API_KEY = 13
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 4:
            return 2
        return 1

    group_id: str = ''
    member_id: str = ''
    members: list[MemberIdentity] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_MemberIdentity = MemberIdentity()
_DEFAULT_LeaveGroupRequest = LeaveGroupRequest()


def _enc_MemberIdentity_v0(o, w):
    if o.member_id != '':
        raise field_not_in_version('MemberId')
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MemberIdentity')


def _enc_MemberIdentity_v3(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.group_instance_id, True, 'GroupInstanceId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MemberIdentity')


def _enc_MemberIdentity_v4(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MemberIdentity_v5(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_compact_string(b, o.reason, True, 'Reason')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MemberIdentity_v0(buf, p):
    return MemberIdentity('', None, None, ()), p


def _dec_MemberIdentity_v3(buf, p):
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_string(buf, p, True, 'GroupInstanceId')
    return MemberIdentity(f_member_id, f_group_instance_id, None, ()), p


def _dec_MemberIdentity_v4(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MemberIdentity')
    return MemberIdentity(f_member_id, f_group_instance_id, None, _u), p


def _dec_MemberIdentity_v5(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    f_reason, p = read_compact_string(buf, p, True, 'Reason')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MemberIdentity')
    return MemberIdentity(f_member_id, f_group_instance_id, f_reason, _u), p


def _enc_LeaveGroupRequest_v0(o, w):
    if o.members is None or len(o.members) != 0:
        raise field_not_in_version('Members')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    write_string(b, o.member_id, False, 'MemberId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LeaveGroupRequest')


def _enc_LeaveGroupRequest_v3(o, w):
    if o.member_id != '':
        raise field_not_in_version('MemberId')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MemberIdentity_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LeaveGroupRequest')


def _enc_LeaveGroupRequest_v4(o, w):
    if o.member_id != '':
        raise field_not_in_version('MemberId')
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MemberIdentity_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_LeaveGroupRequest_v5(o, w):
    if o.member_id != '':
        raise field_not_in_version('MemberId')
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MemberIdentity_v5(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LeaveGroupRequest_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    return LeaveGroupRequest(f_group_id, f_member_id, [], ()), p


def _dec_LeaveGroupRequest_v3(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_MemberIdentity_v3(buf, p)
            f_members.append(_e)
    return LeaveGroupRequest(f_group_id, '', f_members, ()), p


def _dec_LeaveGroupRequest_v4(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
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
            _e, p = _dec_MemberIdentity_v4(buf, p)
            f_members.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaveGroupRequest')
    return LeaveGroupRequest(f_group_id, '', f_members, _u), p


def _dec_LeaveGroupRequest_v5(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
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
            _e, p = _dec_MemberIdentity_v5(buf, p)
            f_members.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaveGroupRequest')
    return LeaveGroupRequest(f_group_id, '', f_members, _u), p


MemberIdentity._ENCODERS = {0: _enc_MemberIdentity_v0, 1: _enc_MemberIdentity_v0, 2: _enc_MemberIdentity_v0, 3: _enc_MemberIdentity_v3, 4: _enc_MemberIdentity_v4, 5: _enc_MemberIdentity_v5}
MemberIdentity._DECODERS = {0: _dec_MemberIdentity_v0, 1: _dec_MemberIdentity_v0, 2: _dec_MemberIdentity_v0, 3: _dec_MemberIdentity_v3, 4: _dec_MemberIdentity_v4, 5: _dec_MemberIdentity_v5}
LeaveGroupRequest._ENCODERS = {0: _enc_LeaveGroupRequest_v0, 1: _enc_LeaveGroupRequest_v0, 2: _enc_LeaveGroupRequest_v0, 3: _enc_LeaveGroupRequest_v3, 4: _enc_LeaveGroupRequest_v4, 5: _enc_LeaveGroupRequest_v5}
LeaveGroupRequest._DECODERS = {0: _dec_LeaveGroupRequest_v0, 1: _dec_LeaveGroupRequest_v0, 2: _dec_LeaveGroupRequest_v0, 3: _dec_LeaveGroupRequest_v3, 4: _dec_LeaveGroupRequest_v4, 5: _dec_LeaveGroupRequest_v5}
