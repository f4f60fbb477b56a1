"""RenewDelegationTokenResponse: generated from schemas/clients/RenewDelegationTokenResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hqi = struct.Struct('>hqi')


@attrs.define(eq=True, slots=True)
class RenewDelegationTokenResponse(Message):
    """The RenewDelegationTokenResponse struct of RenewDelegationTokenResponse."""

    API_KEY = 39
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    error_code: int = 0
    expiry_timestamp_ms: int = 0
    throttle_time_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_RenewDelegationTokenResponse = RenewDelegationTokenResponse()


def _enc_RenewDelegationTokenResponse_v1(o, w):
    b = w.buf
    b += _S_hqi.pack(o.error_code, o.expiry_timestamp_ms, o.throttle_time_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('RenewDelegationTokenResponse')


def _enc_RenewDelegationTokenResponse_v2(o, w):
    b = w.buf
    b += _S_hqi.pack(o.error_code, o.expiry_timestamp_ms, o.throttle_time_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_RenewDelegationTokenResponse_v1(buf, p):
    f_error_code, f_expiry_timestamp_ms, f_throttle_time_ms = _S_hqi.unpack_from(buf, p)
    p += 14
    return RenewDelegationTokenResponse(f_error_code, f_expiry_timestamp_ms, f_throttle_time_ms, ()), p


def _dec_RenewDelegationTokenResponse_v2(buf, p):
    f_error_code, f_expiry_timestamp_ms, f_throttle_time_ms = _S_hqi.unpack_from(buf, p)
    p += 14
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RenewDelegationTokenResponse')
    return RenewDelegationTokenResponse(f_error_code, f_expiry_timestamp_ms, f_throttle_time_ms, _u), p


RenewDelegationTokenResponse._ENCODERS = {1: _enc_RenewDelegationTokenResponse_v1, 2: _enc_RenewDelegationTokenResponse_v2}
RenewDelegationTokenResponse._DECODERS = {1: _dec_RenewDelegationTokenResponse_v1, 2: _dec_RenewDelegationTokenResponse_v2}
