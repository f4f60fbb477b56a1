"""JoinGroupResponse: generated from schemas/clients/JoinGroupResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hi = struct.Struct('>hi')
_S_ihi = struct.Struct('>ihi')
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class JoinGroupResponseMember(Message):
    """The group members."""

    member_id: str = ''
    group_instance_id: str | None = None
    metadata: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class JoinGroupResponse(Message):
    """The JoinGroupResponse struct of JoinGroupResponse."""

    API_KEY = 11
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 9
    FLEXIBLE_VERSION = 6
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 6:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    generation_id: int = -1
    protocol_type: str | None = None
    protocol_name: str | None = ''
    leader: str = ''
    skip_assignment: bool = False
    member_id: str = ''
    members: list[JoinGroupResponseMember] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_JoinGroupResponseMember = JoinGroupResponseMember()
_DEFAULT_JoinGroupResponse = JoinGroupResponse()


def _enc_JoinGroupResponseMember_v0(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'MemberId')
    write_bytes(b, o.metadata, False, 'Metadata')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupResponseMember')


def _enc_JoinGroupResponseMember_v5(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_bytes(b, o.metadata, False, 'Metadata')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupResponseMember')


def _enc_JoinGroupResponseMember_v6(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_compact_bytes(b, o.metadata, False, 'Metadata')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_JoinGroupResponseMember_v0(buf, p):
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_metadata, p = read_bytes(buf, p, False, 'Metadata')
    return JoinGroupResponseMember(f_member_id, None, f_metadata, ()), p


def _dec_JoinGroupResponseMember_v5(buf, p):
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_string(buf, p, True, 'GroupInstanceId')
    f_metadata, p = read_bytes(buf, p, False, 'Metadata')
    return JoinGroupResponseMember(f_member_id, f_group_instance_id, f_metadata, ()), p


def _dec_JoinGroupResponseMember_v6(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    f_metadata, p = read_compact_bytes(buf, p, False, 'Metadata')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'JoinGroupResponseMember')
    return JoinGroupResponseMember(f_member_id, f_group_instance_id, f_metadata, _u), p


def _enc_JoinGroupResponse_v0(o, w):
    if bool(o.skip_assignment):
        raise field_not_in_version('SkipAssignment')
    b = w.buf
    b += _S_hi.pack(o.error_code, o.generation_id)
    write_string(b, o.protocol_name, False, 'ProtocolName')
    write_string(b, o.leader, False, 'Leader')
    write_string(b, o.member_id, False, 'MemberId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_JoinGroupResponseMember_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupResponse')


def _enc_JoinGroupResponse_v2(o, w):
    if bool(o.skip_assignment):
        raise field_not_in_version('SkipAssignment')
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    write_string(b, o.protocol_name, False, 'ProtocolName')
    write_string(b, o.leader, False, 'Leader')
    write_string(b, o.member_id, False, 'MemberId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_JoinGroupResponseMember_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupResponse')


def _enc_JoinGroupResponse_v5(o, w):
    if bool(o.skip_assignment):
        raise field_not_in_version('SkipAssignment')
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    write_string(b, o.protocol_name, False, 'ProtocolName')
    write_string(b, o.leader, False, 'Leader')
    write_string(b, o.member_id, False, 'MemberId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_JoinGroupResponseMember_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupResponse')


def _enc_JoinGroupResponse_v6(o, w):
    if bool(o.skip_assignment):
        raise field_not_in_version('SkipAssignment')
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    write_compact_string(b, o.protocol_name, False, 'ProtocolName')
    write_compact_string(b, o.leader, False, 'Leader')
    write_compact_string(b, o.member_id, False, 'MemberId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_JoinGroupResponseMember_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_JoinGroupResponse_v7(o, w):
    if bool(o.skip_assignment):
        raise field_not_in_version('SkipAssignment')
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    write_compact_string(b, o.protocol_type, True, 'ProtocolType')
    write_compact_string(b, o.protocol_name, True, 'ProtocolName')
    write_compact_string(b, o.leader, False, 'Leader')
    write_compact_string(b, o.member_id, False, 'MemberId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_JoinGroupResponseMember_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_JoinGroupResponse_v9(o, w):
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.generation_id)
    write_compact_string(b, o.protocol_type, True, 'ProtocolType')
    write_compact_string(b, o.protocol_name, True, 'ProtocolName')
    write_compact_string(b, o.leader, False, 'Leader')
    b += _S_o.pack(o.skip_assignment)
    write_compact_string(b, o.member_id, False, 'MemberId')
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_JoinGroupResponseMember_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_JoinGroupResponse_v0(buf, p):
    f_error_code, f_generation_id = _S_hi.unpack_from(buf, p)
    p += 6
    f_protocol_name, p = read_string(buf, p, False, 'ProtocolName')
    f_leader, p = read_string(buf, p, False, 'Leader')
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_JoinGroupResponseMember_v0(buf, p)
            f_members.append(_e)
    return JoinGroupResponse(0, f_error_code, f_generation_id, None, f_protocol_name, f_leader, False, f_member_id, f_members, ()), p


def _dec_JoinGroupResponse_v2(buf, p):
    f_throttle_time_ms, f_error_code, f_generation_id = _S_ihi.unpack_from(buf, p)
    p += 10
    f_protocol_name, p = read_string(buf, p, False, 'ProtocolName')
    f_leader, p = read_string(buf, p, False, 'Leader')
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_JoinGroupResponseMember_v0(buf, p)
            f_members.append(_e)
    return JoinGroupResponse(f_throttle_time_ms, f_error_code, f_generation_id, None, f_protocol_name, f_leader, False, f_member_id, f_members, ()), p


def _dec_JoinGroupResponse_v5(buf, p):
    f_throttle_time_ms, f_error_code, f_generation_id = _S_ihi.unpack_from(buf, p)
    p += 10
    f_protocol_name, p = read_string(buf, p, False, 'ProtocolName')
    f_leader, p = read_string(buf, p, False, 'Leader')
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_JoinGroupResponseMember_v5(buf, p)
            f_members.append(_e)
    return JoinGroupResponse(f_throttle_time_ms, f_error_code, f_generation_id, None, f_protocol_name, f_leader, False, f_member_id, f_members, ()), p


def _dec_JoinGroupResponse_v6(buf, p):
    f_throttle_time_ms, f_error_code, f_generation_id = _S_ihi.unpack_from(buf, p)
    p += 10
    f_protocol_name, p = read_compact_string(buf, p, False, 'ProtocolName')
    f_leader, p = read_compact_string(buf, p, False, 'Leader')
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
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
            _e, p = _dec_JoinGroupResponseMember_v6(buf, p)
            f_members.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'JoinGroupResponse')
    return JoinGroupResponse(f_throttle_time_ms, f_error_code, f_generation_id, None, f_protocol_name, f_leader, False, f_member_id, f_members, _u), p


def _dec_JoinGroupResponse_v7(buf, p):
    f_throttle_time_ms, f_error_code, f_generation_id = _S_ihi.unpack_from(buf, p)
    p += 10
    f_protocol_type, p = read_compact_string(buf, p, True, 'ProtocolType')
    f_protocol_name, p = read_compact_string(buf, p, True, 'ProtocolName')
    f_leader, p = read_compact_string(buf, p, False, 'Leader')
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
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
            _e, p = _dec_JoinGroupResponseMember_v6(buf, p)
            f_members.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'JoinGroupResponse')
    return JoinGroupResponse(f_throttle_time_ms, f_error_code, f_generation_id, f_protocol_type, f_protocol_name, f_leader, False, f_member_id, f_members, _u), p


def _dec_JoinGroupResponse_v9(buf, p):
    f_throttle_time_ms, f_error_code, f_generation_id = _S_ihi.unpack_from(buf, p)
    p += 10
    f_protocol_type, p = read_compact_string(buf, p, True, 'ProtocolType')
    f_protocol_name, p = read_compact_string(buf, p, True, 'ProtocolName')
    f_leader, p = read_compact_string(buf, p, False, 'Leader')
    f_skip_assignment, = _S_o.unpack_from(buf, p)
    p += 1
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
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
            _e, p = _dec_JoinGroupResponseMember_v6(buf, p)
            f_members.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'JoinGroupResponse')
    return JoinGroupResponse(f_throttle_time_ms, f_error_code, f_generation_id, f_protocol_type, f_protocol_name, f_leader, f_skip_assignment, f_member_id, f_members, _u), p


JoinGroupResponseMember._ENCODERS = {0: _enc_JoinGroupResponseMember_v0, 1: _enc_JoinGroupResponseMember_v0, 2: _enc_JoinGroupResponseMember_v0, 3: _enc_JoinGroupResponseMember_v0, 4: _enc_JoinGroupResponseMember_v0, 5: _enc_JoinGroupResponseMember_v5, 6: _enc_JoinGroupResponseMember_v6, 7: _enc_JoinGroupResponseMember_v6, 8: _enc_JoinGroupResponseMember_v6, 9: _enc_JoinGroupResponseMember_v6}
JoinGroupResponseMember._DECODERS = {0: _dec_JoinGroupResponseMember_v0, 1: _dec_JoinGroupResponseMember_v0, 2: _dec_JoinGroupResponseMember_v0, 3: _dec_JoinGroupResponseMember_v0, 4: _dec_JoinGroupResponseMember_v0, 5: _dec_JoinGroupResponseMember_v5, 6: _dec_JoinGroupResponseMember_v6, 7: _dec_JoinGroupResponseMember_v6, 8: _dec_JoinGroupResponseMember_v6, 9: _dec_JoinGroupResponseMember_v6}
JoinGroupResponse._ENCODERS = {0: _enc_JoinGroupResponse_v0, 1: _enc_JoinGroupResponse_v0, 2: _enc_JoinGroupResponse_v2, 3: _enc_JoinGroupResponse_v2, 4: _enc_JoinGroupResponse_v2, 5: _enc_JoinGroupResponse_v5, 6: _enc_JoinGroupResponse_v6, 7: _enc_JoinGroupResponse_v7, 8: _enc_JoinGroupResponse_v7, 9: _enc_JoinGroupResponse_v9}
JoinGroupResponse._DECODERS = {0: _dec_JoinGroupResponse_v0, 1: _dec_JoinGroupResponse_v0, 2: _dec_JoinGroupResponse_v2, 3: _dec_JoinGroupResponse_v2, 4: _dec_JoinGroupResponse_v2, 5: _dec_JoinGroupResponse_v5, 6: _dec_JoinGroupResponse_v6, 7: _dec_JoinGroupResponse_v7, 8: _dec_JoinGroupResponse_v7, 9: _dec_JoinGroupResponse_v9}
