"""JoinGroupRequest: generated from schemas/clients/JoinGroupRequest.json by kbroker.protocol.codegen. Do not edit."""

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


@attrs.define(eq=True, slots=True)
class JoinGroupRequestProtocol(Message):
    """The list of protocols that the member supports."""

    name: str = ''
    metadata: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class JoinGroupRequest(Message):
    """The JoinGroupRequest struct of JoinGroupRequest."""

    API_KEY = 11
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 9
    FLEXIBLE_VERSION = 6
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 6:
            return 2
        return 1

    group_id: str = ''
    session_timeout_ms: int = 0
    rebalance_timeout_ms: int = -1
    member_id: str = ''
    group_instance_id: str | None = None
    protocol_type: str = ''
    protocols: list[JoinGroupRequestProtocol] = attrs.field(factory=list)
    reason: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_JoinGroupRequestProtocol = JoinGroupRequestProtocol()
_DEFAULT_JoinGroupRequest = JoinGroupRequest()


def _enc_JoinGroupRequestProtocol_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    write_bytes(b, o.metadata, False, 'Metadata')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupRequestProtocol')


def _enc_JoinGroupRequestProtocol_v6(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_bytes(b, o.metadata, False, 'Metadata')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_JoinGroupRequestProtocol_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_metadata, p = read_bytes(buf, p, False, 'Metadata')
    return JoinGroupRequestProtocol(f_name, f_metadata, ()), p


def _dec_JoinGroupRequestProtocol_v6(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_metadata, p = read_compact_bytes(buf, p, False, 'Metadata')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'JoinGroupRequestProtocol')
    return JoinGroupRequestProtocol(f_name, f_metadata, _u), p


def _enc_JoinGroupRequest_v0(o, w):
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.session_timeout_ms)
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.protocol_type, False, 'ProtocolType')
    _a = o.protocols
    if _a is None:
        raise EncodeError('Protocols' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_JoinGroupRequestProtocol_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupRequest')


def _enc_JoinGroupRequest_v1(o, w):
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_ii.pack(o.session_timeout_ms, o.rebalance_timeout_ms)
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.protocol_type, False, 'ProtocolType')
    _a = o.protocols
    if _a is None:
        raise EncodeError('Protocols' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_JoinGroupRequestProtocol_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupRequest')


def _enc_JoinGroupRequest_v5(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_ii.pack(o.session_timeout_ms, o.rebalance_timeout_ms)
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_string(b, o.protocol_type, False, 'ProtocolType')
    _a = o.protocols
    if _a is None:
        raise EncodeError('Protocols' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_JoinGroupRequestProtocol_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('JoinGroupRequest')


def _enc_JoinGroupRequest_v6(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_ii.pack(o.session_timeout_ms, o.rebalance_timeout_ms)
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_compact_string(b, o.protocol_type, False, 'ProtocolType')
    _a = o.protocols
    if _a is None:
        raise EncodeError('Protocols' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_JoinGroupRequestProtocol_v6(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_JoinGroupRequest_v8(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_ii.pack(o.session_timeout_ms, o.rebalance_timeout_ms)
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    write_compact_string(b, o.protocol_type, False, 'ProtocolType')
    _a = o.protocols
    if _a is None:
        raise EncodeError('Protocols' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_JoinGroupRequestProtocol_v6(_e, w)
    write_compact_string(b, o.reason, True, 'Reason')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_JoinGroupRequest_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_session_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_protocol_type, p = read_string(buf, p, False, 'ProtocolType')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Protocols' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Protocols')
        f_protocols = []
        for _ in range(_n):
            _e, p = _dec_JoinGroupRequestProtocol_v0(buf, p)
            f_protocols.append(_e)
    return JoinGroupRequest(f_group_id, f_session_timeout_ms, -1, f_member_id, None, f_protocol_type, f_protocols, None, ()), p


def _dec_JoinGroupRequest_v1(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_session_timeout_ms, f_rebalance_timeout_ms = _S_ii.unpack_from(buf, p)
    p += 8
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_protocol_type, p = read_string(buf, p, False, 'ProtocolType')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Protocols' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Protocols')
        f_protocols = []
        for _ in range(_n):
            _e, p = _dec_JoinGroupRequestProtocol_v0(buf, p)
            f_protocols.append(_e)
    return JoinGroupRequest(f_group_id, f_session_timeout_ms, f_rebalance_timeout_ms, f_member_id, None, f_protocol_type, f_protocols, None, ()), p


def _dec_JoinGroupRequest_v5(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_session_timeout_ms, f_rebalance_timeout_ms = _S_ii.unpack_from(buf, p)
    p += 8
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_string(buf, p, True, 'GroupInstanceId')
    f_protocol_type, p = read_string(buf, p, False, 'ProtocolType')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Protocols' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Protocols')
        f_protocols = []
        for _ in range(_n):
            _e, p = _dec_JoinGroupRequestProtocol_v0(buf, p)
            f_protocols.append(_e)
    return JoinGroupRequest(f_group_id, f_session_timeout_ms, f_rebalance_timeout_ms, f_member_id, f_group_instance_id, f_protocol_type, f_protocols, None, ()), p


def _dec_JoinGroupRequest_v6(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_session_timeout_ms, f_rebalance_timeout_ms = _S_ii.unpack_from(buf, p)
    p += 8
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    f_protocol_type, p = read_compact_string(buf, p, False, 'ProtocolType')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Protocols' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Protocols')
        f_protocols = []
        for _ in range(_n):
            _e, p = _dec_JoinGroupRequestProtocol_v6(buf, p)
            f_protocols.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'JoinGroupRequest')
    return JoinGroupRequest(f_group_id, f_session_timeout_ms, f_rebalance_timeout_ms, f_member_id, f_group_instance_id, f_protocol_type, f_protocols, None, _u), p


def _dec_JoinGroupRequest_v8(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_session_timeout_ms, f_rebalance_timeout_ms = _S_ii.unpack_from(buf, p)
    p += 8
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    f_protocol_type, p = read_compact_string(buf, p, False, 'ProtocolType')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Protocols' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Protocols')
        f_protocols = []
        for _ in range(_n):
            _e, p = _dec_JoinGroupRequestProtocol_v6(buf, p)
            f_protocols.append(_e)
    f_reason, p = read_compact_string(buf, p, True, 'Reason')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'JoinGroupRequest')
    return JoinGroupRequest(f_group_id, f_session_timeout_ms, f_rebalance_timeout_ms, f_member_id, f_group_instance_id, f_protocol_type, f_protocols, f_reason, _u), p


JoinGroupRequestProtocol._ENCODERS = {0: _enc_JoinGroupRequestProtocol_v0, 1: _enc_JoinGroupRequestProtocol_v0, 2: _enc_JoinGroupRequestProtocol_v0, 3: _enc_JoinGroupRequestProtocol_v0, 4: _enc_JoinGroupRequestProtocol_v0, 5: _enc_JoinGroupRequestProtocol_v0, 6: _enc_JoinGroupRequestProtocol_v6, 7: _enc_JoinGroupRequestProtocol_v6, 8: _enc_JoinGroupRequestProtocol_v6, 9: _enc_JoinGroupRequestProtocol_v6}
JoinGroupRequestProtocol._DECODERS = {0: _dec_JoinGroupRequestProtocol_v0, 1: _dec_JoinGroupRequestProtocol_v0, 2: _dec_JoinGroupRequestProtocol_v0, 3: _dec_JoinGroupRequestProtocol_v0, 4: _dec_JoinGroupRequestProtocol_v0, 5: _dec_JoinGroupRequestProtocol_v0, 6: _dec_JoinGroupRequestProtocol_v6, 7: _dec_JoinGroupRequestProtocol_v6, 8: _dec_JoinGroupRequestProtocol_v6, 9: _dec_JoinGroupRequestProtocol_v6}
JoinGroupRequest._ENCODERS = {0: _enc_JoinGroupRequest_v0, 1: _enc_JoinGroupRequest_v1, 2: _enc_JoinGroupRequest_v1, 3: _enc_JoinGroupRequest_v1, 4: _enc_JoinGroupRequest_v1, 5: _enc_JoinGroupRequest_v5, 6: _enc_JoinGroupRequest_v6, 7: _enc_JoinGroupRequest_v6, 8: _enc_JoinGroupRequest_v8, 9: _enc_JoinGroupRequest_v8}
JoinGroupRequest._DECODERS = {0: _dec_JoinGroupRequest_v0, 1: _dec_JoinGroupRequest_v1, 2: _dec_JoinGroupRequest_v1, 3: _dec_JoinGroupRequest_v1, 4: _dec_JoinGroupRequest_v1, 5: _dec_JoinGroupRequest_v5, 6: _dec_JoinGroupRequest_v6, 7: _dec_JoinGroupRequest_v6, 8: _dec_JoinGroupRequest_v8, 9: _dec_JoinGroupRequest_v8}
