"""RemoteLogSegmentMetadataRecord: generated from schemas/storage/RemoteLogSegmentMetadataRecord.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i = struct.Struct('>i')
_S_iq = struct.Struct('>iq')
_S_o = struct.Struct('>?')
_S_qqiqq = struct.Struct('>qqiqq')


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
class SegmentLeaderEpochEntry(Message):
    """Leader epoch to start-offset mappings for the records with in this segment."""

    leader_epoch: int = 0
    offset: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class RemoteLogSegmentMetadataRecord(Message):
    """The RemoteLogSegmentMetadataRecord struct of RemoteLogSegmentMetadataRecord."""

    API_KEY = 0
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    remote_log_segment_id: RemoteLogSegmentIdEntry = attrs.field(factory=RemoteLogSegmentIdEntry)
    start_offset: int = 0
    end_offset: int = 0
    broker_id: int = 0
    max_timestamp_ms: int = 0
    event_timestamp_ms: int = 0
    segment_leader_epochs: list[SegmentLeaderEpochEntry] = attrs.field(factory=list)
    segment_size_in_bytes: int = 0
    custom_metadata: bytes | None = None
    remote_log_segment_state: int = 0
    txn_index_empty: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicIdPartitionEntry = TopicIdPartitionEntry()
_DEFAULT_RemoteLogSegmentIdEntry = RemoteLogSegmentIdEntry()
_DEFAULT_SegmentLeaderEpochEntry = SegmentLeaderEpochEntry()
_DEFAULT_RemoteLogSegmentMetadataRecord = RemoteLogSegmentMetadataRecord()


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


def _enc_SegmentLeaderEpochEntry_v0(o, w):
    b = w.buf
    b += _S_iq.pack(o.leader_epoch, o.offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SegmentLeaderEpochEntry_v0(buf, p):
    f_leader_epoch, f_offset = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SegmentLeaderEpochEntry')
    return SegmentLeaderEpochEntry(f_leader_epoch, f_offset, _u), p


def _enc_RemoteLogSegmentMetadataRecord_v0(o, w):
    b = w.buf
    _enc_RemoteLogSegmentIdEntry_v0(o.remote_log_segment_id, w)
    b += _S_qqiqq.pack(o.start_offset, o.end_offset, o.broker_id, o.max_timestamp_ms, o.event_timestamp_ms)
    _a = o.segment_leader_epochs
    if _a is None:
        raise EncodeError('SegmentLeaderEpochs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_SegmentLeaderEpochEntry_v0(_e, w)
    b += _S_i.pack(o.segment_size_in_bytes)
    write_compact_bytes(b, o.custom_metadata, True, 'CustomMetadata')
    b += _S_b.pack(o.remote_log_segment_state)
    _t = o.unknown_tagged_fields
    if bool(o.txn_index_empty):
        _tw = Writer()
        _tw.buf += _S_o.pack(o.txn_index_empty)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_RemoteLogSegmentMetadataRecord_v0(buf, p):
    f_remote_log_segment_id, p = _dec_RemoteLogSegmentIdEntry_v0(buf, p)
    f_start_offset, f_end_offset, f_broker_id, f_max_timestamp_ms, f_event_timestamp_ms = _S_qqiqq.unpack_from(buf, p)
    p += 36
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SegmentLeaderEpochs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SegmentLeaderEpochs')
        f_segment_leader_epochs = []
        for _ in range(_n):
            _e, p = _dec_SegmentLeaderEpochEntry_v0(buf, p)
            f_segment_leader_epochs.append(_e)
    f_segment_size_in_bytes, = _S_i.unpack_from(buf, p)
    p += 4
    f_custom_metadata, p = read_compact_bytes(buf, p, True, 'CustomMetadata')
    f_remote_log_segment_state, = _S_b.unpack_from(buf, p)
    p += 1
    f_txn_index_empty = False
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'RemoteLogSegmentMetadataRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('RemoteLogSegmentMetadataRecord' + ': tagged field past the end')
            if _tag == 0:
                f_txn_index_empty = _S_o.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('TxnIndexEmpty' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return RemoteLogSegmentMetadataRecord(f_remote_log_segment_id, f_start_offset, f_end_offset, f_broker_id, f_max_timestamp_ms, f_event_timestamp_ms, f_segment_leader_epochs, f_segment_size_in_bytes, f_custom_metadata, f_remote_log_segment_state, f_txn_index_empty, _u), p


TopicIdPartitionEntry._ENCODERS = {0: _enc_TopicIdPartitionEntry_v0}
TopicIdPartitionEntry._DECODERS = {0: _dec_TopicIdPartitionEntry_v0}
RemoteLogSegmentIdEntry._ENCODERS = {0: _enc_RemoteLogSegmentIdEntry_v0}
RemoteLogSegmentIdEntry._DECODERS = {0: _dec_RemoteLogSegmentIdEntry_v0}
SegmentLeaderEpochEntry._ENCODERS = {0: _enc_SegmentLeaderEpochEntry_v0}
SegmentLeaderEpochEntry._DECODERS = {0: _dec_SegmentLeaderEpochEntry_v0}
RemoteLogSegmentMetadataRecord._ENCODERS = {0: _enc_RemoteLogSegmentMetadataRecord_v0}
RemoteLogSegmentMetadataRecord._DECODERS = {0: _dec_RemoteLogSegmentMetadataRecord_v0}
