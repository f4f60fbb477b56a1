"""ConsumerGroupPartitionMetadataKey: generated from schemas/group-coordinator/ConsumerGroupPartitionMetadataKey.json by kbroker.protocol.codegen. Do not edit."""

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
class ConsumerGroupPartitionMetadataKey(Message):
    """The ConsumerGroupPartitionMetadataKey struct of ConsumerGroupPartitionMetadataKey."""

    API_KEY = 4
    SCHEMA_TYPE = 'coordinator-key'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    group_id: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ConsumerGroupPartitionMetadataKey = ConsumerGroupPartitionMetadataKey()


def _enc_ConsumerGroupPartitionMetadataKey_v0(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ConsumerGroupPartitionMetadataKey')


def _dec_ConsumerGroupPartitionMetadataKey_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    return ConsumerGroupPartitionMetadataKey(f_group_id, ()), p


ConsumerGroupPartitionMetadataKey._ENCODERS = {0: _enc_ConsumerGroupPartitionMetadataKey_v0}
ConsumerGroupPartitionMetadataKey._DECODERS = {0: _dec_ConsumerGroupPartitionMetadataKey_v0}
