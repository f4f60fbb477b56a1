"""RequestHeader: generated from schemas/clients/RequestHeader.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hhi = struct.Struct('>hhi')


@attrs.define(eq=True, slots=True)
class RequestHeader(Message):
    """The RequestHeader struct of RequestHeader."""

    API_KEY = None
    SCHEMA_TYPE = 'header'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    request_api_key: int = 0
    request_api_version: int = 0
    correlation_id: int = 0
    client_id: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_RequestHeader = RequestHeader()


def _enc_RequestHeader_v1(o, w):
    b = w.buf
    b += _S_hhi.pack(o.request_api_key, o.request_api_version, o.correlation_id)
    write_string(b, o.client_id, True, 'ClientId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('RequestHeader')


def _enc_RequestHeader_v2(o, w):
    b = w.buf
    b += _S_hhi.pack(o.request_api_key, o.request_api_version, o.correlation_id)
    write_string(b, o.client_id, True, 'ClientId')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_RequestHeader_v1(buf, p):
    f_request_api_key, f_request_api_version, f_correlation_id = _S_hhi.unpack_from(buf, p)
    p += 8
    f_client_id, p = read_string(buf, p, True, 'ClientId')
    return RequestHeader(f_request_api_key, f_request_api_version, f_correlation_id, f_client_id, ()), p


def _dec_RequestHeader_v2(buf, p):
    f_request_api_key, f_request_api_version, f_correlation_id = _S_hhi.unpack_from(buf, p)
    p += 8
    f_client_id, p = read_string(buf, p, True, 'ClientId')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RequestHeader')
    return RequestHeader(f_request_api_key, f_request_api_version, f_correlation_id, f_client_id, _u), p


RequestHeader._ENCODERS = {1: _enc_RequestHeader_v1, 2: _enc_RequestHeader_v2}
RequestHeader._DECODERS = {1: _dec_RequestHeader_v1, 2: _dec_RequestHeader_v2}
