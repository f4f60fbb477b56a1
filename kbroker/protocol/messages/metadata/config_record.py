"""ConfigRecord: generated from schemas/metadata/ConfigRecord.json by kbroker.protocol.codegen. Do not edit."""

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

_S_b = struct.Struct('>b')


@attrs.define(eq=True, slots=True)
class ConfigRecord(Message):
    """The ConfigRecord struct of ConfigRecord."""

    API_KEY = 4
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    resource_type: int = 0
    resource_name: str = ''
    name: str = ''
    value: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ConfigRecord = ConfigRecord()


def _enc_ConfigRecord_v0(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.value, True, 'Value')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ConfigRecord_v0(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_value, p = read_compact_string(buf, p, True, 'Value')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ConfigRecord')
    return ConfigRecord(f_resource_type, f_resource_name, f_name, f_value, _u), p


ConfigRecord._ENCODERS = {0: _enc_ConfigRecord_v0}
ConfigRecord._DECODERS = {0: _dec_ConfigRecord_v0}
