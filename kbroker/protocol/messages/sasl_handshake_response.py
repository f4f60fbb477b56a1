"""SaslHandshakeResponse: generated from schemas/clients/SaslHandshakeResponse.json by kbroker.protocol.codegen. Do not edit."""

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


@attrs.define(eq=True, slots=True)
class SaslHandshakeResponse(Message):
    """The SaslHandshakeResponse struct of SaslHandshakeResponse."""

    API_KEY = 17
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        return 0

    error_code: int = 0
    mechanisms: list[str] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_SaslHandshakeResponse = SaslHandshakeResponse()


def _enc_SaslHandshakeResponse_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.mechanisms
    if _a is None:
        raise EncodeError('Mechanisms' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'Mechanisms')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SaslHandshakeResponse')


def _dec_SaslHandshakeResponse_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Mechanisms' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Mechanisms')
        f_mechanisms = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'Mechanisms')
            f_mechanisms.append(_e)
    return SaslHandshakeResponse(f_error_code, f_mechanisms, ()), p


SaslHandshakeResponse._ENCODERS = {0: _enc_SaslHandshakeResponse_v0, 1: _enc_SaslHandshakeResponse_v0}
SaslHandshakeResponse._DECODERS = {0: _dec_SaslHandshakeResponse_v0, 1: _dec_SaslHandshakeResponse_v0}
