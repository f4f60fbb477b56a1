"""SyncGroupResponse: generated from schemas/clients/SyncGroupResponse.json by kbroker.protocol.codegen. Do not edit."""

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
class SyncGroupResponse(Message):
    """The SyncGroupResponse struct of SyncGroupResponse."""

    API_KEY = 14
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
    protocol_type: str | None = None
    protocol_name: str | None = None
    assignment: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_SyncGroupResponse = SyncGroupResponse()


def _enc_SyncGroupResponse_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_bytes(b, o.assignment, False, 'Assignment')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SyncGroupResponse')


def _enc_SyncGroupResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_bytes(b, o.assignment, False, 'Assignment')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SyncGroupResponse')


def _enc_SyncGroupResponse_v4(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_bytes(b, o.assignment, False, 'Assignment')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_SyncGroupResponse_v5(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.protocol_type, True, 'ProtocolType')
    write_compact_string(b, o.protocol_name, True, 'ProtocolName')
    write_compact_bytes(b, o.assignment, False, 'Assignment')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SyncGroupResponse_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_assignment, p = read_bytes(buf, p, False, 'Assignment')
    return SyncGroupResponse(0, f_error_code, None, None, f_assignment, ()), p


def _dec_SyncGroupResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_assignment, p = read_bytes(buf, p, False, 'Assignment')
    return SyncGroupResponse(f_throttle_time_ms, f_error_code, None, None, f_assignment, ()), p


def _dec_SyncGroupResponse_v4(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_assignment, p = read_compact_bytes(buf, p, False, 'Assignment')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SyncGroupResponse')
    return SyncGroupResponse(f_throttle_time_ms, f_error_code, None, None, f_assignment, _u), p


def _dec_SyncGroupResponse_v5(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_protocol_type, p = read_compact_string(buf, p, True, 'ProtocolType')
    f_protocol_name, p = read_compact_string(buf, p, True, 'ProtocolName')
    f_assignment, p = read_compact_bytes(buf, p, False, 'Assignment')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SyncGroupResponse')
    return SyncGroupResponse(f_throttle_time_ms, f_error_code, f_protocol_type, f_protocol_name, f_assignment, _u), p


SyncGroupResponse._ENCODERS = {0: _enc_SyncGroupResponse_v0, 1: _enc_SyncGroupResponse_v1, 2: _enc_SyncGroupResponse_v1, 3: _enc_SyncGroupResponse_v1, 4: _enc_SyncGroupResponse_v4, 5: _enc_SyncGroupResponse_v5}
SyncGroupResponse._DECODERS = {0: _dec_SyncGroupResponse_v0, 1: _dec_SyncGroupResponse_v1, 2: _dec_SyncGroupResponse_v1, 3: _dec_SyncGroupResponse_v1, 4: _dec_SyncGroupResponse_v4, 5: _dec_SyncGroupResponse_v5}
