"""EndTxnResponse: generated from schemas/clients/EndTxnResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ihqh = struct.Struct('>ihqh')


@attrs.define(eq=True, slots=True)
class EndTxnResponse(Message):
    """The EndTxnResponse struct of EndTxnResponse."""

    API_KEY = 26
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 3:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    producer_id: int = -1
    producer_epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EndTxnResponse = EndTxnResponse()


def _enc_EndTxnResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('EndTxnResponse')


def _enc_EndTxnResponse_v3(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_EndTxnResponse_v5(o, w):
    b = w.buf
    b += _S_ihqh.pack(o.throttle_time_ms, o.error_code, o.producer_id, o.producer_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EndTxnResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    return EndTxnResponse(f_throttle_time_ms, f_error_code, -1, -1, ()), p


def _dec_EndTxnResponse_v3(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EndTxnResponse')
    return EndTxnResponse(f_throttle_time_ms, f_error_code, -1, -1, _u), p


def _dec_EndTxnResponse_v5(buf, p):
    f_throttle_time_ms, f_error_code, f_producer_id, f_producer_epoch = _S_ihqh.unpack_from(buf, p)
    p += 16
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EndTxnResponse')
    return EndTxnResponse(f_throttle_time_ms, f_error_code, f_producer_id, f_producer_epoch, _u), p


EndTxnResponse._ENCODERS = {0: _enc_EndTxnResponse_v0, 1: _enc_EndTxnResponse_v0, 2: _enc_EndTxnResponse_v0, 3: _enc_EndTxnResponse_v3, 4: _enc_EndTxnResponse_v3, 5: _enc_EndTxnResponse_v5}
EndTxnResponse._DECODERS = {0: _dec_EndTxnResponse_v0, 1: _dec_EndTxnResponse_v0, 2: _dec_EndTxnResponse_v0, 3: _dec_EndTxnResponse_v3, 4: _dec_EndTxnResponse_v3, 5: _dec_EndTxnResponse_v5}
