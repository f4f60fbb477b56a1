"""RenewDelegationTokenRequest: generated from schemas/clients/RenewDelegationTokenRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class RenewDelegationTokenRequest(Message):
    """The RenewDelegationTokenRequest struct of RenewDelegationTokenRequest."""

    API_KEY = 39
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    hmac: bytes = b''
    renew_period_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_RenewDelegationTokenRequest = RenewDelegationTokenRequest()


def _enc_RenewDelegationTokenRequest_v1(o, w):
    b = w.buf
    write_bytes(b, o.hmac, False, 'Hmac')
    b += _S_q.pack(o.renew_period_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('RenewDelegationTokenRequest')


def _enc_RenewDelegationTokenRequest_v2(o, w):
    b = w.buf
    write_compact_bytes(b, o.hmac, False, 'Hmac')
    b += _S_q.pack(o.renew_period_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_RenewDelegationTokenRequest_v1(buf, p):
    f_hmac, p = read_bytes(buf, p, False, 'Hmac')
    f_renew_period_ms, = _S_q.unpack_from(buf, p)
    p += 8
    return RenewDelegationTokenRequest(f_hmac, f_renew_period_ms, ()), p


def _dec_RenewDelegationTokenRequest_v2(buf, p):
    f_hmac, p = read_compact_bytes(buf, p, False, 'Hmac')
    f_renew_period_ms, = _S_q.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RenewDelegationTokenRequest')
    return RenewDelegationTokenRequest(f_hmac, f_renew_period_ms, _u), p


RenewDelegationTokenRequest._ENCODERS = {1: _enc_RenewDelegationTokenRequest_v1, 2: _enc_RenewDelegationTokenRequest_v2}
RenewDelegationTokenRequest._DECODERS = {1: _dec_RenewDelegationTokenRequest_v1, 2: _dec_RenewDelegationTokenRequest_v2}
