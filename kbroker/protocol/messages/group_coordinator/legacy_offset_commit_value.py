"""LegacyOffsetCommitValue: generated from schemas/group-coordinator/LegacyOffsetCommitValue.json by kbroker.protocol.codegen. Do not edit."""

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
class LegacyOffsetCommitValue(Message):
    """The LegacyOffsetCommitValue struct of LegacyOffsetCommitValue."""

    API_KEY = 0
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    offset: int = 0
    metadata: str = ''
    commit_timestamp: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_LegacyOffsetCommitValue = LegacyOffsetCommitValue()


def _enc_LegacyOffsetCommitValue_v0(o, w):
    b = w.buf
    b += _S_q.pack(o.offset)
    write_string(b, o.metadata, False, 'metadata')
    b += _S_q.pack(o.commit_timestamp)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LegacyOffsetCommitValue')


def _dec_LegacyOffsetCommitValue_v0(buf, p):
    f_offset, = _S_q.unpack_from(buf, p)
    p += 8
    f_metadata, p = read_string(buf, p, False, 'metadata')
    f_commit_timestamp, = _S_q.unpack_from(buf, p)
    p += 8
    return LegacyOffsetCommitValue(f_offset, f_metadata, f_commit_timestamp, ()), p


LegacyOffsetCommitValue._ENCODERS = {0: _enc_LegacyOffsetCommitValue_v0}
LegacyOffsetCommitValue._DECODERS = {0: _dec_LegacyOffsetCommitValue_v0}
