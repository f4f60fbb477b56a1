"""DefaultPrincipalData: generated from schemas/clients/DefaultPrincipalData.json by kbroker.protocol.codegen. Do not edit."""

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

_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class DefaultPrincipalData(Message):
    """The DefaultPrincipalData struct of DefaultPrincipalData."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    type: str = ''
    name: str = ''
    token_authenticated: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DefaultPrincipalData = DefaultPrincipalData()


def _enc_DefaultPrincipalData_v0(o, w):
    b = w.buf
    write_compact_string(b, o.type, False, 'Type')
    write_compact_string(b, o.name, False, 'Name')
    b += _S_o.pack(o.token_authenticated)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DefaultPrincipalData_v0(buf, p):
    f_type, p = read_compact_string(buf, p, False, 'Type')
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_token_authenticated, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DefaultPrincipalData')
    return DefaultPrincipalData(f_type, f_name, f_token_authenticated, _u), p


DefaultPrincipalData._ENCODERS = {0: _enc_DefaultPrincipalData_v0}
DefaultPrincipalData._DECODERS = {0: _dec_DefaultPrincipalData_v0}
