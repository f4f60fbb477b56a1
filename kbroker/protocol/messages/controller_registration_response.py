"""ControllerRegistrationResponse: generated from schemas/clients/ControllerRegistrationResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class ControllerRegistrationResponse(Message):
    """The ControllerRegistrationResponse struct of ControllerRegistrationResponse."""

    API_KEY = 70
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ControllerRegistrationResponse = ControllerRegistrationResponse()


def _enc_ControllerRegistrationResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ControllerRegistrationResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ControllerRegistrationResponse')
    return ControllerRegistrationResponse(f_throttle_time_ms, f_error_code, f_error_message, _u), p


ControllerRegistrationResponse._ENCODERS = {0: _enc_ControllerRegistrationResponse_v0}
ControllerRegistrationResponse._DECODERS = {0: _dec_ControllerRegistrationResponse_v0}
