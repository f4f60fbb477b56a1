"""SaslAuthenticateResponse: generated from schemas/clients/SaslAuthenticateResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class SaslAuthenticateResponse(Message):
    """The SaslAuthenticateResponse struct of SaslAuthenticateResponse."""

    API_KEY = 36
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    error_code: int = 0
    error_message: str | None = ''
    auth_bytes: bytes = b''
    session_lifetime_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_SaslAuthenticateResponse = SaslAuthenticateResponse()


def _enc_SaslAuthenticateResponse_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    write_bytes(b, o.auth_bytes, False, 'AuthBytes')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SaslAuthenticateResponse')


def _enc_SaslAuthenticateResponse_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    write_bytes(b, o.auth_bytes, False, 'AuthBytes')
    b += _S_q.pack(o.session_lifetime_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SaslAuthenticateResponse')


def _enc_SaslAuthenticateResponse_v2(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    write_compact_bytes(b, o.auth_bytes, False, 'AuthBytes')
    b += _S_q.pack(o.session_lifetime_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SaslAuthenticateResponse_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    f_auth_bytes, p = read_bytes(buf, p, False, 'AuthBytes')
    return SaslAuthenticateResponse(f_error_code, f_error_message, f_auth_bytes, 0, ()), p


def _dec_SaslAuthenticateResponse_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    f_auth_bytes, p = read_bytes(buf, p, False, 'AuthBytes')
    f_session_lifetime_ms, = _S_q.unpack_from(buf, p)
    p += 8
    return SaslAuthenticateResponse(f_error_code, f_error_message, f_auth_bytes, f_session_lifetime_ms, ()), p


def _dec_SaslAuthenticateResponse_v2(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_auth_bytes, p = read_compact_bytes(buf, p, False, 'AuthBytes')
    f_session_lifetime_ms, = _S_q.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SaslAuthenticateResponse')
    return SaslAuthenticateResponse(f_error_code, f_error_message, f_auth_bytes, f_session_lifetime_ms, _u), p


SaslAuthenticateResponse._ENCODERS = {0: _enc_SaslAuthenticateResponse_v0, 1: _enc_SaslAuthenticateResponse_v1, 2: _enc_SaslAuthenticateResponse_v2}
SaslAuthenticateResponse._DECODERS = {0: _dec_SaslAuthenticateResponse_v0, 1: _dec_SaslAuthenticateResponse_v1, 2: _dec_SaslAuthenticateResponse_v2}
