"""FeatureLevelRecord: generated from schemas/metadata/FeatureLevelRecord.json by kbroker.protocol.codegen. Do not edit."""

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
class FeatureLevelRecord(Message):
    """The FeatureLevelRecord struct of FeatureLevelRecord."""

    API_KEY = 12
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    name: str = ''
    feature_level: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_FeatureLevelRecord = FeatureLevelRecord()


def _enc_FeatureLevelRecord_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_h.pack(o.feature_level)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_FeatureLevelRecord_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_feature_level, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FeatureLevelRecord')
    return FeatureLevelRecord(f_name, f_feature_level, _u), p


FeatureLevelRecord._ENCODERS = {0: _enc_FeatureLevelRecord_v0}
FeatureLevelRecord._DECODERS = {0: _dec_FeatureLevelRecord_v0}
