"""GroupMetadataValue: generated from schemas/group-coordinator/GroupMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ii = struct.Struct('>ii')
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class MemberMetadata(Message):
    """The MemberMetadata struct of GroupMetadataValue."""

    member_id: str = ''
    group_instance_id: str | None = None
    client_id: str = ''
    client_host: str = ''
    rebalance_timeout: int = -1
    session_timeout: int = 0
    subscription: bytes = b''
    assignment: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class GroupMetadataValue(Message):
    """The GroupMetadataValue struct of GroupMetadataValue."""

    API_KEY = 2
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    protocol_type: str = ''
    generation: int = 0
    protocol: str | None = ''
    leader: str | None = ''
    current_state_timestamp: int = -1
    members: list[MemberMetadata] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_MemberMetadata = MemberMetadata()
_DEFAULT_GroupMetadataValue = GroupMetadataValue()


def _enc_MemberMetadata_v0(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'memberId')
    write_string(b, o.client_id, False, 'clientId')
    write_string(b, o.client_host, False, 'clientHost')
    b += _S_i.pack(o.session_timeout)
    write_bytes(b, o.subscription, False, 'subscription')
    write_bytes(b, o.assignment, False, 'assignment')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MemberMetadata')


def _enc_MemberMetadata_v1(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'memberId')
    write_string(b, o.client_id, False, 'clientId')
    write_string(b, o.client_host, False, 'clientHost')
    b += _S_ii.pack(o.rebalance_timeout, o.session_timeout)
    write_bytes(b, o.subscription, False, 'subscription')
    write_bytes(b, o.assignment, False, 'assignment')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MemberMetadata')


def _enc_MemberMetadata_v3(o, w):
    b = w.buf
    write_string(b, o.member_id, False, 'memberId')
    write_string(b, o.group_instance_id, True, 'groupInstanceId')
    write_string(b, o.client_id, False, 'clientId')
    write_string(b, o.client_host, False, 'clientHost')
    b += _S_ii.pack(o.rebalance_timeout, o.session_timeout)
    write_bytes(b, o.subscription, False, 'subscription')
    write_bytes(b, o.assignment, False, 'assignment')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MemberMetadata')


def _enc_MemberMetadata_v4(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'memberId')
    write_compact_string(b, o.group_instance_id, True, 'groupInstanceId')
    write_compact_string(b, o.client_id, False, 'clientId')
    write_compact_string(b, o.client_host, False, 'clientHost')
    b += _S_ii.pack(o.rebalance_timeout, o.session_timeout)
    write_compact_bytes(b, o.subscription, False, 'subscription')
    write_compact_bytes(b, o.assignment, False, 'assignment')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MemberMetadata_v0(buf, p):
    f_member_id, p = read_string(buf, p, False, 'memberId')
    f_client_id, p = read_string(buf, p, False, 'clientId')
    f_client_host, p = read_string(buf, p, False, 'clientHost')
    f_session_timeout, = _S_i.unpack_from(buf, p)
    p += 4
    f_subscription, p = read_bytes(buf, p, False, 'subscription')
    f_assignment, p = read_bytes(buf, p, False, 'assignment')
    return MemberMetadata(f_member_id, None, f_client_id, f_client_host, -1, f_session_timeout, f_subscription, f_assignment, ()), p


def _dec_MemberMetadata_v1(buf, p):
    f_member_id, p = read_string(buf, p, False, 'memberId')
    f_client_id, p = read_string(buf, p, False, 'clientId')
    f_client_host, p = read_string(buf, p, False, 'clientHost')
    f_rebalance_timeout, f_session_timeout = _S_ii.unpack_from(buf, p)
    p += 8
    f_subscription, p = read_bytes(buf, p, False, 'subscription')
    f_assignment, p = read_bytes(buf, p, False, 'assignment')
    return MemberMetadata(f_member_id, None, f_client_id, f_client_host, f_rebalance_timeout, f_session_timeout, f_subscription, f_assignment, ()), p


def _dec_MemberMetadata_v3(buf, p):
    f_member_id, p = read_string(buf, p, False, 'memberId')
    f_group_instance_id, p = read_string(buf, p, True, 'groupInstanceId')
    f_client_id, p = read_string(buf, p, False, 'clientId')
    f_client_host, p = read_string(buf, p, False, 'clientHost')
    f_rebalance_timeout, f_session_timeout = _S_ii.unpack_from(buf, p)
    p += 8
    f_subscription, p = read_bytes(buf, p, False, 'subscription')
    f_assignment, p = read_bytes(buf, p, False, 'assignment')
    return MemberMetadata(f_member_id, f_group_instance_id, f_client_id, f_client_host, f_rebalance_timeout, f_session_timeout, f_subscription, f_assignment, ()), p


def _dec_MemberMetadata_v4(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'memberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'groupInstanceId')
    f_client_id, p = read_compact_string(buf, p, False, 'clientId')
    f_client_host, p = read_compact_string(buf, p, False, 'clientHost')
    f_rebalance_timeout, f_session_timeout = _S_ii.unpack_from(buf, p)
    p += 8
    f_subscription, p = read_compact_bytes(buf, p, False, 'subscription')
    f_assignment, p = read_compact_bytes(buf, p, False, 'assignment')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MemberMetadata')
    return MemberMetadata(f_member_id, f_group_instance_id, f_client_id, f_client_host, f_rebalance_timeout, f_session_timeout, f_subscription, f_assignment, _u), p


def _enc_GroupMetadataValue_v0(o, w):
    b = w.buf
    write_string(b, o.protocol_type, False, 'protocolType')
    b += _S_i.pack(o.generation)
    write_string(b, o.protocol, True, 'protocol')
    write_string(b, o.leader, True, 'leader')
    _a = o.members
    if _a is None:
        raise EncodeError('members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MemberMetadata_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('GroupMetadataValue')


def _enc_GroupMetadataValue_v1(o, w):
    b = w.buf
    write_string(b, o.protocol_type, False, 'protocolType')
    b += _S_i.pack(o.generation)
    write_string(b, o.protocol, True, 'protocol')
    write_string(b, o.leader, True, 'leader')
    _a = o.members
    if _a is None:
        raise EncodeError('members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MemberMetadata_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('GroupMetadataValue')


def _enc_GroupMetadataValue_v2(o, w):
    b = w.buf
    write_string(b, o.protocol_type, False, 'protocolType')
    b += _S_i.pack(o.generation)
    write_string(b, o.protocol, True, 'protocol')
    write_string(b, o.leader, True, 'leader')
    b += _S_q.pack(o.current_state_timestamp)
    _a = o.members
    if _a is None:
        raise EncodeError('members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MemberMetadata_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('GroupMetadataValue')


def _enc_GroupMetadataValue_v3(o, w):
    b = w.buf
    write_string(b, o.protocol_type, False, 'protocolType')
    b += _S_i.pack(o.generation)
    write_string(b, o.protocol, True, 'protocol')
    write_string(b, o.leader, True, 'leader')
    b += _S_q.pack(o.current_state_timestamp)
    _a = o.members
    if _a is None:
        raise EncodeError('members' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MemberMetadata_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('GroupMetadataValue')


def _enc_GroupMetadataValue_v4(o, w):
    b = w.buf
    write_compact_string(b, o.protocol_type, False, 'protocolType')
    b += _S_i.pack(o.generation)
    write_compact_string(b, o.protocol, True, 'protocol')
    write_compact_string(b, o.leader, True, 'leader')
    b += _S_q.pack(o.current_state_timestamp)
    _a = o.members
    if _a is None:
        raise EncodeError('members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MemberMetadata_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_GroupMetadataValue_v0(buf, p):
    f_protocol_type, p = read_string(buf, p, False, 'protocolType')
    f_generation, = _S_i.unpack_from(buf, p)
    p += 4
    f_protocol, p = read_string(buf, p, True, 'protocol')
    f_leader, p = read_string(buf, p, True, 'leader')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_MemberMetadata_v0(buf, p)
            f_members.append(_e)
    return GroupMetadataValue(f_protocol_type, f_generation, f_protocol, f_leader, -1, f_members, ()), p


def _dec_GroupMetadataValue_v1(buf, p):
    f_protocol_type, p = read_string(buf, p, False, 'protocolType')
    f_generation, = _S_i.unpack_from(buf, p)
    p += 4
    f_protocol, p = read_string(buf, p, True, 'protocol')
    f_leader, p = read_string(buf, p, True, 'leader')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_MemberMetadata_v1(buf, p)
            f_members.append(_e)
    return GroupMetadataValue(f_protocol_type, f_generation, f_protocol, f_leader, -1, f_members, ()), p


def _dec_GroupMetadataValue_v2(buf, p):
    f_protocol_type, p = read_string(buf, p, False, 'protocolType')
    f_generation, = _S_i.unpack_from(buf, p)
    p += 4
    f_protocol, p = read_string(buf, p, True, 'protocol')
    f_leader, p = read_string(buf, p, True, 'leader')
    f_current_state_timestamp, = _S_q.unpack_from(buf, p)
    p += 8
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_MemberMetadata_v1(buf, p)
            f_members.append(_e)
    return GroupMetadataValue(f_protocol_type, f_generation, f_protocol, f_leader, f_current_state_timestamp, f_members, ()), p


def _dec_GroupMetadataValue_v3(buf, p):
    f_protocol_type, p = read_string(buf, p, False, 'protocolType')
    f_generation, = _S_i.unpack_from(buf, p)
    p += 4
    f_protocol, p = read_string(buf, p, True, 'protocol')
    f_leader, p = read_string(buf, p, True, 'leader')
    f_current_state_timestamp, = _S_q.unpack_from(buf, p)
    p += 8
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_MemberMetadata_v3(buf, p)
            f_members.append(_e)
    return GroupMetadataValue(f_protocol_type, f_generation, f_protocol, f_leader, f_current_state_timestamp, f_members, ()), p


def _dec_GroupMetadataValue_v4(buf, p):
    f_protocol_type, p = read_compact_string(buf, p, False, 'protocolType')
    f_generation, = _S_i.unpack_from(buf, p)
    p += 4
    f_protocol, p = read_compact_string(buf, p, True, 'protocol')
    f_leader, p = read_compact_string(buf, p, True, 'leader')
    f_current_state_timestamp, = _S_q.unpack_from(buf, p)
    p += 8
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_MemberMetadata_v4(buf, p)
            f_members.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'GroupMetadataValue')
    return GroupMetadataValue(f_protocol_type, f_generation, f_protocol, f_leader, f_current_state_timestamp, f_members, _u), p


MemberMetadata._ENCODERS = {0: _enc_MemberMetadata_v0, 1: _enc_MemberMetadata_v1, 2: _enc_MemberMetadata_v1, 3: _enc_MemberMetadata_v3, 4: _enc_MemberMetadata_v4}
MemberMetadata._DECODERS = {0: _dec_MemberMetadata_v0, 1: _dec_MemberMetadata_v1, 2: _dec_MemberMetadata_v1, 3: _dec_MemberMetadata_v3, 4: _dec_MemberMetadata_v4}
GroupMetadataValue._ENCODERS = {0: _enc_GroupMetadataValue_v0, 1: _enc_GroupMetadataValue_v1, 2: _enc_GroupMetadataValue_v2, 3: _enc_GroupMetadataValue_v3, 4: _enc_GroupMetadataValue_v4}
GroupMetadataValue._DECODERS = {0: _dec_GroupMetadataValue_v0, 1: _dec_GroupMetadataValue_v1, 2: _dec_GroupMetadataValue_v2, 3: _dec_GroupMetadataValue_v3, 4: _dec_GroupMetadataValue_v4}
