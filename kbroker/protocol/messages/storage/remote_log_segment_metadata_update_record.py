"""RemoteLogSegmentMetadataUpdateRecord: generated from schemas/storage/RemoteLogSegmentMetadataUpdateRecord.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16s = struct.Struct('>16s')
_S_16si = struct.Struct('>16si')
_S_b = struct.Struct('>b')
_S_iq = struct.Struct('>iq')


@attrs.define(eq=True, slots=True)
class TopicIdPartitionEntry(Message):
    """Represents unique topic partition."""

    name: str = ''
    id: uuid.UUID = ZERO_UUID
    partition: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class RemoteLogSegmentIdEntry(Message):
    """Unique representation of the remote log segment."""

    topic_id_partition: TopicIdPartitionEntry = attrs.field(factory=TopicIdPartitionEntry)
    id: uuid.UUID = ZERO_UUID
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class RemoteLogSegmentMetadataUpdateRecord(Message):
    """The RemoteLogSegmentMetadataUpdateRecord struct of RemoteLogSegmentMetadataUpdateRecord."""

    API_KEY = 1
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    remote_log_segment_id: RemoteLogSegmentIdEntry = attrs.field(factory=RemoteLogSegmentIdEntry)
    broker_id: int = 0
    event_timestamp_ms: int = 0
    custom_metadata: bytes | None = None
    remote_log_segment_state: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicIdPartitionEntry = TopicIdPartitionEntry()
_DEFAULT_RemoteLogSegmentIdEntry = RemoteLogSegmentIdEntry()
_DEFAULT_RemoteLogSegmentMetadataUpdateRecord = RemoteLogSegmentMetadataUpdateRecord()


def _enc_TopicIdPartitionEntry_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_16si.pack(o.id.bytes, o.partition)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicIdPartitionEntry_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_id, f_partition = _S_16si.unpack_from(buf, p)
    p += 20
    f_id = uuid.UUID(bytes=f_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicIdPartitionEntry')
    return TopicIdPartitionEntry(f_name, f_id, f_partition, _u), p


def _enc_RemoteLogSegmentIdEntry_v0(o, w):
    b = w.buf
    _enc_TopicIdPartitionEntry_v0(o.topic_id_partition, w)
    b += _S_16s.pack(o.id.bytes)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_RemoteLogSegmentIdEntry_v0(buf, p):
    f_topic_id_partition, p = _dec_TopicIdPartitionEntry_v0(buf, p)
    f_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_id = uuid.UUID(bytes=f_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RemoteLogSegmentIdEntry')
    return RemoteLogSegmentIdEntry(f_topic_id_partition, f_id, _u), p


def _enc_RemoteLogSegmentMetadataUpdateRecord_v0(o, w):
    b = w.buf
    _enc_RemoteLogSegmentIdEntry_v0(o.remote_log_segment_id, w)
    b += _S_iq.pack(o.broker_id, o.event_timestamp_ms)
    write_compact_bytes(b, o.custom_metadata, True, 'CustomMetadata')
    b += _S_b.pack(o.remote_log_segment_state)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_RemoteLogSegmentMetadataUpdateRecord_v0(buf, p):
    f_remote_log_segment_id, p = _dec_RemoteLogSegmentIdEntry_v0(buf, p)
    f_broker_id, f_event_timestamp_ms = _S_iq.unpack_from(buf, p)
    p += 12
    f_custom_metadata, p = read_compact_bytes(buf, p, True, 'CustomMetadata')
    f_remote_log_segment_state, = _S_b.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RemoteLogSegmentMetadataUpdateRecord')
    return RemoteLogSegmentMetadataUpdateRecord(f_remote_log_segment_id, f_broker_id, f_event_timestamp_ms, f_custom_metadata, f_remote_log_segment_state, _u), p


TopicIdPartitionEntry._ENCODERS = {0: _enc_TopicIdPartitionEntry_v0}
TopicIdPartitionEntry._DECODERS = {0: _dec_TopicIdPartitionEntry_v0}
RemoteLogSegmentIdEntry._ENCODERS = {0: _enc_RemoteLogSegmentIdEntry_v0}
RemoteLogSegmentIdEntry._DECODERS = {0: _dec_RemoteLogSegmentIdEntry_v0}
RemoteLogSegmentMetadataUpdateRecord._ENCODERS = {0: _enc_RemoteLogSegmentMetadataUpdateRecord_v0}
RemoteLogSegmentMetadataUpdateRecord._DECODERS = {0: _dec_RemoteLogSegmentMetadataUpdateRecord_v0}
