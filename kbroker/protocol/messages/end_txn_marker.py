"""EndTxnMarker: generated from schemas/clients/EndTxnMarker.json by kbroker.protocol.codegen. Do not edit."""

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
class EndTxnMarker(Message):
    """The EndTxnMarker struct of EndTxnMarker."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    coordinator_epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EndTxnMarker = EndTxnMarker()


def _enc_EndTxnMarker_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.coordinator_epoch)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('EndTxnMarker')


def _dec_EndTxnMarker_v0(buf, p):
    f_coordinator_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    return EndTxnMarker(f_coordinator_epoch, ()), p


EndTxnMarker._ENCODERS = {0: _enc_EndTxnMarker_v0}
EndTxnMarker._DECODERS = {0: _dec_EndTxnMarker_v0}
