"""SaslAuthenticateRequest: generated from schemas/clients/SaslAuthenticateRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class SaslAuthenticateRequest(Message):
    """The SaslAuthenticateRequest struct of SaslAuthenticateRequest."""

    API_KEY = 36
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    auth_bytes: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_SaslAuthenticateRequest = SaslAuthenticateRequest()


def _enc_SaslAuthenticateRequest_v0(o, w):
    b = w.buf
    write_bytes(b, o.auth_bytes, False, 'AuthBytes')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SaslAuthenticateRequest')


def _enc_SaslAuthenticateRequest_v2(o, w):
    b = w.buf
    write_compact_bytes(b, o.auth_bytes, False, 'AuthBytes')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SaslAuthenticateRequest_v0(buf, p):
    f_auth_bytes, p = read_bytes(buf, p, False, 'AuthBytes')
    return SaslAuthenticateRequest(f_auth_bytes, ()), p


def _dec_SaslAuthenticateRequest_v2(buf, p):
    f_auth_bytes, p = read_compact_bytes(buf, p, False, 'AuthBytes')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SaslAuthenticateRequest')
    return SaslAuthenticateRequest(f_auth_bytes, _u), p


SaslAuthenticateRequest._ENCODERS = {0: _enc_SaslAuthenticateRequest_v0, 1: _enc_SaslAuthenticateRequest_v0, 2: _enc_SaslAuthenticateRequest_v2}
SaslAuthenticateRequest._DECODERS = {0: _dec_SaslAuthenticateRequest_v0, 1: _dec_SaslAuthenticateRequest_v0, 2: _dec_SaslAuthenticateRequest_v2}
