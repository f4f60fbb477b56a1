"""ResponseHeader: generated from schemas/clients/ResponseHeader.json by kbroker.protocol.codegen. Do not edit."""

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
class ResponseHeader(Message):
    """The ResponseHeader struct of ResponseHeader."""

    API_KEY = None
    SCHEMA_TYPE = 'header'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    correlation_id: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ResponseHeader = ResponseHeader()


def _enc_ResponseHeader_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.correlation_id)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ResponseHeader')


def _enc_ResponseHeader_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.correlation_id)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ResponseHeader_v0(buf, p):
    f_correlation_id, = _S_i.unpack_from(buf, p)
    p += 4
    return ResponseHeader(f_correlation_id, ()), p


def _dec_ResponseHeader_v1(buf, p):
    f_correlation_id, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ResponseHeader')
    return ResponseHeader(f_correlation_id, _u), p


ResponseHeader._ENCODERS = {0: _enc_ResponseHeader_v0, 1: _enc_ResponseHeader_v1}
ResponseHeader._DECODERS = {0: _dec_ResponseHeader_v0, 1: _dec_ResponseHeader_v1}
