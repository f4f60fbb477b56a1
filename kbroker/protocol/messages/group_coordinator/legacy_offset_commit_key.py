"""LegacyOffsetCommitKey: generated from schemas/group-coordinator/LegacyOffsetCommitKey.json by kbroker.protocol.codegen. Do not edit."""

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
class LegacyOffsetCommitKey(Message):
    """The LegacyOffsetCommitKey struct of LegacyOffsetCommitKey."""

    API_KEY = 0
    SCHEMA_TYPE = 'coordinator-key'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    group: str = ''
    topic: str = ''
    partition: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_LegacyOffsetCommitKey = LegacyOffsetCommitKey()


def _enc_LegacyOffsetCommitKey_v0(o, w):
    b = w.buf
    write_string(b, o.group, False, 'group')
    write_string(b, o.topic, False, 'topic')
    b += _S_i.pack(o.partition)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LegacyOffsetCommitKey')


def _dec_LegacyOffsetCommitKey_v0(buf, p):
    f_group, p = read_string(buf, p, False, 'group')
    f_topic, p = read_string(buf, p, False, 'topic')
    f_partition, = _S_i.unpack_from(buf, p)
    p += 4
    return LegacyOffsetCommitKey(f_group, f_topic, f_partition, ()), p


LegacyOffsetCommitKey._ENCODERS = {0: _enc_LegacyOffsetCommitKey_v0}
LegacyOffsetCommitKey._DECODERS = {0: _dec_LegacyOffsetCommitKey_v0}
