"""SaslHandshakeRequest: generated from schemas/clients/SaslHandshakeRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class SaslHandshakeRequest(Message):
    """The SaslHandshakeRequest struct of SaslHandshakeRequest."""

    API_KEY = 17
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        return 1

    mechanism: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_SaslHandshakeRequest = SaslHandshakeRequest()


def _enc_SaslHandshakeRequest_v0(o, w):
    b = w.buf
    write_string(b, o.mechanism, False, 'Mechanism')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SaslHandshakeRequest')


def _dec_SaslHandshakeRequest_v0(buf, p):
    f_mechanism, p = read_string(buf, p, False, 'Mechanism')
    return SaslHandshakeRequest(f_mechanism, ()), p


SaslHandshakeRequest._ENCODERS = {0: _enc_SaslHandshakeRequest_v0, 1: _enc_SaslHandshakeRequest_v0}
SaslHandshakeRequest._DECODERS = {0: _dec_SaslHandshakeRequest_v0, 1: _dec_SaslHandshakeRequest_v0}
