"""ShareSnapshotKey: generated from schemas/share-coordinator/ShareSnapshotKey.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16si = struct.Struct('>16si')


@attrs.define(eq=True, slots=True)
class ShareSnapshotKey(Message):
    """The ShareSnapshotKey struct of ShareSnapshotKey."""

    API_KEY = 0
    SCHEMA_TYPE = 'coordinator-key'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    group_id: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partition: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ShareSnapshotKey = ShareSnapshotKey()


def _enc_ShareSnapshotKey_v0(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_16si.pack(o.topic_id.bytes, o.partition)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ShareSnapshotKey')


def _dec_ShareSnapshotKey_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_topic_id, f_partition = _S_16si.unpack_from(buf, p)
    p += 20
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    return ShareSnapshotKey(f_group_id, f_topic_id, f_partition, ()), p


ShareSnapshotKey._ENCODERS = {0: _enc_ShareSnapshotKey_v0}
ShareSnapshotKey._DECODERS = {0: _dec_ShareSnapshotKey_v0}
