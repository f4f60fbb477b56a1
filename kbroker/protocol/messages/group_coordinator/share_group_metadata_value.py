"""ShareGroupMetadataValue: generated from schemas/group-coordinator/ShareGroupMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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

_S_iq = struct.Struct('>iq')


@attrs.define(eq=True, slots=True)
class ShareGroupMetadataValue(Message):
    """The ShareGroupMetadataValue struct of ShareGroupMetadataValue."""

    API_KEY = 11
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    epoch: int = 0
    metadata_hash: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ShareGroupMetadataValue = ShareGroupMetadataValue()


def _enc_ShareGroupMetadataValue_v0(o, w):
    b = w.buf
    b += _S_iq.pack(o.epoch, o.metadata_hash)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareGroupMetadataValue_v0(buf, p):
    f_epoch, f_metadata_hash = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareGroupMetadataValue')
    return ShareGroupMetadataValue(f_epoch, f_metadata_hash, _u), p


ShareGroupMetadataValue._ENCODERS = {0: _enc_ShareGroupMetadataValue_v0}
ShareGroupMetadataValue._DECODERS = {0: _dec_ShareGroupMetadataValue_v0}
