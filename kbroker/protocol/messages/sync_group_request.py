"""SyncGroupRequest: generated from schemas/clients/SyncGroupRequest.json by kbroker.protocol.codegen. Do not edit."""

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


@attrs.define(eq=True, slots=True)
class SyncGroupRequestAssignment(Message):
    """Each assignment."""

    member_id: str = ''
    assignment: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class SyncGroupRequest(Message):
    """The SyncGroupRequest struct of SyncGroupRequest."""

    API_KEY = 14
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
    generation_id: int = 0
    member_id: str = ''
    group_instance_id: str | None = None
    protocol_type: str | None = None
    protocol_name: str | None = None
    assignments: list[SyncGroupRequestAssignment] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_SyncGroupRequestAssignment = SyncGroupRequestAssignment()
_DEFAULT_SyncGroupRequest = SyncGroupRequest()


def _enc_SyncGroupRequestAssignment_v0(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'MemberId')
    write_bytes(b, o.assignment, False, 'Assignment')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SyncGroupRequestAssignment')


def _enc_SyncGroupRequestAssignment_v4(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_bytes(b, o.assignment, False, 'Assignment')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SyncGroupRequestAssignment_v0(buf, p):
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_assignment, p = read_bytes(buf, p, False, 'Assignment')
    return SyncGroupRequestAssignment(f_member_id, f_assignment, ()), p


def _dec_SyncGroupRequestAssignment_v4(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_assignment, p = read_compact_bytes(buf, p, False, 'Assignment')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SyncGroupRequestAssignment')
    return SyncGroupRequestAssignment(f_member_id, f_assignment, _u), p


def _enc_SyncGroupRequest_v0(o, w):
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id)
    write_string(b, o.member_id, False, 'MemberId')
    _a = o.assignments
    if _a is None:
        raise EncodeError('Assignments' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_SyncGroupRequestAssignment_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SyncGroupRequest')


def _enc_SyncGroupRequest_v3(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id)
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.group_instance_id, True, 'GroupInstanceId')
    _a = o.assignments
    if _a is None:
        raise EncodeError('Assignments' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_SyncGroupRequestAssignment_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SyncGroupRequest')


def _enc_SyncGroupRequest_v4(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id)
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    _a = o.assignments
    if _a is None:
        raise EncodeError('Assignments' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_SyncGroupRequestAssignment_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_SyncGroupRequest_v5(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id)
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_compact_string(b, o.protocol_type, True, 'ProtocolType')
    write_compact_string(b, o.protocol_name, True, 'ProtocolName')
    _a = o.assignments
    if _a is None:
        raise EncodeError('Assignments' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_SyncGroupRequestAssignment_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SyncGroupRequest_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Assignments' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Assignments')
        f_assignments = []
        for _ in range(_n):
            _e, p = _dec_SyncGroupRequestAssignment_v0(buf, p)
            f_assignments.append(_e)
    return SyncGroupRequest(f_group_id, f_generation_id, f_member_id, None, None, None, f_assignments, ()), p


def _dec_SyncGroupRequest_v3(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_string(buf, p, True, 'GroupInstanceId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Assignments' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Assignments')
        f_assignments = []
        for _ in range(_n):
            _e, p = _dec_SyncGroupRequestAssignment_v0(buf, p)
            f_assignments.append(_e)
    return SyncGroupRequest(f_group_id, f_generation_id, f_member_id, f_group_instance_id, None, None, f_assignments, ()), p


def _dec_SyncGroupRequest_v4(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Assignments' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Assignments')
        f_assignments = []
        for _ in range(_n):
            _e, p = _dec_SyncGroupRequestAssignment_v4(buf, p)
            f_assignments.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SyncGroupRequest')
    return SyncGroupRequest(f_group_id, f_generation_id, f_member_id, f_group_instance_id, None, None, f_assignments, _u), p


def _dec_SyncGroupRequest_v5(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    f_protocol_type, p = read_compact_string(buf, p, True, 'ProtocolType')
    f_protocol_name, p = read_compact_string(buf, p, True, 'ProtocolName')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Assignments' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Assignments')
        f_assignments = []
        for _ in range(_n):
            _e, p = _dec_SyncGroupRequestAssignment_v4(buf, p)
            f_assignments.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SyncGroupRequest')
    return SyncGroupRequest(f_group_id, f_generation_id, f_member_id, f_group_instance_id, f_protocol_type, f_protocol_name, f_assignments, _u), p


SyncGroupRequestAssignment._ENCODERS = {0: _enc_SyncGroupRequestAssignment_v0, 1: _enc_SyncGroupRequestAssignment_v0, 2: _enc_SyncGroupRequestAssignment_v0, 3: _enc_SyncGroupRequestAssignment_v0, 4: _enc_SyncGroupRequestAssignment_v4, 5: _enc_SyncGroupRequestAssignment_v4}
SyncGroupRequestAssignment._DECODERS = {0: _dec_SyncGroupRequestAssignment_v0, 1: _dec_SyncGroupRequestAssignment_v0, 2: _dec_SyncGroupRequestAssignment_v0, 3: _dec_SyncGroupRequestAssignment_v0, 4: _dec_SyncGroupRequestAssignment_v4, 5: _dec_SyncGroupRequestAssignment_v4}
SyncGroupRequest._ENCODERS = {0: _enc_SyncGroupRequest_v0, 1: _enc_SyncGroupRequest_v0, 2: _enc_SyncGroupRequest_v0, 3: _enc_SyncGroupRequest_v3, 4: _enc_SyncGroupRequest_v4, 5: _enc_SyncGroupRequest_v5}
SyncGroupRequest._DECODERS = {0: _dec_SyncGroupRequest_v0, 1: _dec_SyncGroupRequest_v0, 2: _dec_SyncGroupRequest_v0, 3: _dec_SyncGroupRequest_v3, 4: _dec_SyncGroupRequest_v4, 5: _dec_SyncGroupRequest_v5}
