"""HeartbeatRequest: generated from schemas/clients/HeartbeatRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class HeartbeatRequest(Message):
    """The HeartbeatRequest struct of HeartbeatRequest."""

    API_KEY = 12
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 4
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
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_HeartbeatRequest = HeartbeatRequest()


def _enc_HeartbeatRequest_v0(o, w):
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id)
    write_string(b, o.member_id, False, 'MemberId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('HeartbeatRequest')


def _enc_HeartbeatRequest_v3(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id)
    write_string(b, o.member_id, False, 'MemberId')
    write_string(b, o.group_instance_id, True, 'GroupInstanceId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('HeartbeatRequest')


def _enc_HeartbeatRequest_v4(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_i.pack(o.generation_id)
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_HeartbeatRequest_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    return HeartbeatRequest(f_group_id, f_generation_id, f_member_id, None, ()), p


def _dec_HeartbeatRequest_v3(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_string(buf, p, True, 'GroupInstanceId')
    return HeartbeatRequest(f_group_id, f_generation_id, f_member_id, f_group_instance_id, ()), p


def _dec_HeartbeatRequest_v4(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_generation_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'HeartbeatRequest')
    return HeartbeatRequest(f_group_id, f_generation_id, f_member_id, f_group_instance_id, _u), p


HeartbeatRequest._ENCODERS = {0: _enc_HeartbeatRequest_v0, 1: _enc_HeartbeatRequest_v0, 2: _enc_HeartbeatRequest_v0, 3: _enc_HeartbeatRequest_v3, 4: _enc_HeartbeatRequest_v4}
HeartbeatRequest._DECODERS = {0: _dec_HeartbeatRequest_v0, 1: _dec_HeartbeatRequest_v0, 2: _dec_HeartbeatRequest_v0, 3: _dec_HeartbeatRequest_v3, 4: _dec_HeartbeatRequest_v4}
