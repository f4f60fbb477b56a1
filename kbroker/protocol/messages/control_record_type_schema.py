"""ControlRecordTypeSchema: generated from schemas/clients/ControlRecordTypeSchema.json by kbroker.protocol.codegen. Do not edit."""

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
class ControlRecordTypeSchema(Message):
    """The ControlRecordTypeSchema struct of ControlRecordTypeSchema."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    type: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ControlRecordTypeSchema = ControlRecordTypeSchema()


def _enc_ControlRecordTypeSchema_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.type)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ControlRecordTypeSchema')


def _dec_ControlRecordTypeSchema_v0(buf, p):
    f_type, = _S_h.unpack_from(buf, p)
    p += 2
    return ControlRecordTypeSchema(f_type, ()), p


ControlRecordTypeSchema._ENCODERS = {0: _enc_ControlRecordTypeSchema_v0}
ControlRecordTypeSchema._DECODERS = {0: _dec_ControlRecordTypeSchema_v0}
