"""LeaveGroupResponse: generated from schemas/clients/LeaveGroupResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class MemberResponse(Message):
    """List of leaving member responses."""

    member_id: str = ''
    group_instance_id: str | None = ''
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class LeaveGroupResponse(Message):
    """The LeaveGroupResponse struct of LeaveGroupResponse."""

    API_KEY = 13
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 4:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    members: list[MemberResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_MemberResponse = MemberResponse()
_DEFAULT_LeaveGroupResponse = LeaveGroupResponse()


def _enc_MemberResponse_v0(o, w):
    if o.member_id != '':
        raise field_not_in_version('MemberId')
    if o.group_instance_id != '':
        raise field_not_in_version('GroupInstanceId')
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MemberResponse')


def _enc_MemberResponse_v3(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.group_instance_id, True, 'GroupInstanceId')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MemberResponse')


def _enc_MemberResponse_v4(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MemberResponse_v0(buf, p):
    return MemberResponse('', '', 0, ()), p


def _dec_MemberResponse_v3(buf, p):
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_string(buf, p, True, 'GroupInstanceId')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return MemberResponse(f_member_id, f_group_instance_id, f_error_code, ()), p


def _dec_MemberResponse_v4(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MemberResponse')
    return MemberResponse(f_member_id, f_group_instance_id, f_error_code, _u), p


def _enc_LeaveGroupResponse_v0(o, w):
    if o.members is None or len(o.members) != 0:
        raise field_not_in_version('Members')
    b = w.buf
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LeaveGroupResponse')


def _enc_LeaveGroupResponse_v1(o, w):
    if o.members is None or len(o.members) != 0:
        raise field_not_in_version('Members')
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LeaveGroupResponse')


def _enc_LeaveGroupResponse_v3(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MemberResponse_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LeaveGroupResponse')


def _enc_LeaveGroupResponse_v4(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MemberResponse_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LeaveGroupResponse_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    return LeaveGroupResponse(0, f_error_code, [], ()), p


def _dec_LeaveGroupResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    return LeaveGroupResponse(f_throttle_time_ms, f_error_code, [], ()), p


def _dec_LeaveGroupResponse_v3(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_MemberResponse_v3(buf, p)
            f_members.append(_e)
    return LeaveGroupResponse(f_throttle_time_ms, f_error_code, f_members, ()), p


def _dec_LeaveGroupResponse_v4(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
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
            _e, p = _dec_MemberResponse_v4(buf, p)
            f_members.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaveGroupResponse')
    return LeaveGroupResponse(f_throttle_time_ms, f_error_code, f_members, _u), p


MemberResponse._ENCODERS = {0: _enc_MemberResponse_v0, 1: _enc_MemberResponse_v0, 2: _enc_MemberResponse_v0, 3: _enc_MemberResponse_v3, 4: _enc_MemberResponse_v4, 5: _enc_MemberResponse_v4}
MemberResponse._DECODERS = {0: _dec_MemberResponse_v0, 1: _dec_MemberResponse_v0, 2: _dec_MemberResponse_v0, 3: _dec_MemberResponse_v3, 4: _dec_MemberResponse_v4, 5: _dec_MemberResponse_v4}
LeaveGroupResponse._ENCODERS = {0: _enc_LeaveGroupResponse_v0, 1: _enc_LeaveGroupResponse_v1, 2: _enc_LeaveGroupResponse_v1, 3: _enc_LeaveGroupResponse_v3, 4: _enc_LeaveGroupResponse_v4, 5: _enc_LeaveGroupResponse_v4}
LeaveGroupResponse._DECODERS = {0: _dec_LeaveGroupResponse_v0, 1: _dec_LeaveGroupResponse_v1, 2: _dec_LeaveGroupResponse_v1, 3: _dec_LeaveGroupResponse_v3, 4: _dec_LeaveGroupResponse_v4, 5: _dec_LeaveGroupResponse_v4}
