"""EnvelopeRequest: generated from schemas/clients/EnvelopeRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class EnvelopeRequest(Message):
    """The EnvelopeRequest struct of EnvelopeRequest."""

    API_KEY = 58
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    request_data: bytes = b''
    request_principal: bytes | None = b''
    client_host_address: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EnvelopeRequest = EnvelopeRequest()


def _enc_EnvelopeRequest_v0(o, w):
    b = w.buf
    write_compact_bytes(b, o.request_data, False, 'RequestData')
    write_compact_bytes(b, o.request_principal, True, 'RequestPrincipal')
    write_compact_bytes(b, o.client_host_address, False, 'ClientHostAddress')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EnvelopeRequest_v0(buf, p):
    f_request_data, p = read_compact_bytes(buf, p, False, 'RequestData')
    f_request_principal, p = read_compact_bytes(buf, p, True, 'RequestPrincipal')
    f_client_host_address, p = read_compact_bytes(buf, p, False, 'ClientHostAddress')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EnvelopeRequest')
    return EnvelopeRequest(f_request_data, f_request_principal, f_client_host_address, _u), p


EnvelopeRequest._ENCODERS = {0: _enc_EnvelopeRequest_v0}
EnvelopeRequest._DECODERS = {0: _dec_EnvelopeRequest_v0}
