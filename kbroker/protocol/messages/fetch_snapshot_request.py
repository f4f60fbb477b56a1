"""FetchSnapshotRequest: generated from schemas/clients/FetchSnapshotRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ii = struct.Struct('>ii')
_S_q = struct.Struct('>q')
_S_qi = struct.Struct('>qi')


@attrs.define(eq=True, slots=True)
class SnapshotId(Message):
    """The snapshot endOffset and epoch to fetch."""

    end_offset: int = 0
    epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionSnapshot(Message):
    """The partitions to fetch."""

    partition: int = 0
    current_leader_epoch: int = 0
    snapshot_id: SnapshotId = attrs.field(factory=SnapshotId)
    position: int = 0
    replica_directory_id: uuid.UUID = ZERO_UUID
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicSnapshot(Message):
    """The topics to fetch."""

    name: str = ''
    partitions: list[PartitionSnapshot] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FetchSnapshotRequest(Message):
    """The FetchSnapshotRequest struct of FetchSnapshotRequest."""

    API_KEY = 59
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    cluster_id: str | None = None
    replica_id: int = -1
    max_bytes: int = 2147483647
    topics: list[TopicSnapshot] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_SnapshotId = SnapshotId()
_DEFAULT_PartitionSnapshot = PartitionSnapshot()
_DEFAULT_TopicSnapshot = TopicSnapshot()
_DEFAULT_FetchSnapshotRequest = FetchSnapshotRequest()


def _enc_SnapshotId_v0(o, w):
    b = w.buf
    b += _S_qi.pack(o.end_offset, o.epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SnapshotId_v0(buf, p):
    f_end_offset, f_epoch = _S_qi.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SnapshotId')
    return SnapshotId(f_end_offset, f_epoch, _u), p


def _enc_PartitionSnapshot_v0(o, w):
    b = w.buf
    b += _S_ii.pack(o.partition, o.current_leader_epoch)
    _enc_SnapshotId_v0(o.snapshot_id, w)
    b += _S_q.pack(o.position)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_PartitionSnapshot_v1(o, w):
    b = w.buf
    b += _S_ii.pack(o.partition, o.current_leader_epoch)
    _enc_SnapshotId_v0(o.snapshot_id, w)
    b += _S_q.pack(o.position)
    _t = o.unknown_tagged_fields
    if o.replica_directory_id != ZERO_UUID:
        _tw = Writer()
        _tw.buf += _S_16s.pack(o.replica_directory_id.bytes)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_PartitionSnapshot_v0(buf, p):
    f_partition, f_current_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    f_snapshot_id, p = _dec_SnapshotId_v0(buf, p)
    f_position, = _S_q.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionSnapshot')
    return PartitionSnapshot(f_partition, f_current_leader_epoch, f_snapshot_id, f_position, ZERO_UUID, _u), p


def _dec_PartitionSnapshot_v1(buf, p):
    f_partition, f_current_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    f_snapshot_id, p = _dec_SnapshotId_v0(buf, p)
    f_position, = _S_q.unpack_from(buf, p)
    p += 8
    f_replica_directory_id = ZERO_UUID
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionSnapshot tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionSnapshot' + ': tagged field past the end')
            if _tag == 0:
                f_replica_directory_id = read_uuid(buf, p)
                p += 16
                if p != _end:
                    raise DecodeError('ReplicaDirectoryId' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionSnapshot(f_partition, f_current_leader_epoch, f_snapshot_id, f_position, f_replica_directory_id, _u), p


def _enc_TopicSnapshot_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionSnapshot_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_TopicSnapshot_v1(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionSnapshot_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicSnapshot_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionSnapshot_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicSnapshot')
    return TopicSnapshot(f_name, f_partitions, _u), p


def _dec_TopicSnapshot_v1(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionSnapshot_v1(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicSnapshot')
    return TopicSnapshot(f_name, f_partitions, _u), p


def _enc_FetchSnapshotRequest_v0(o, w):
    b = w.buf
    b += _S_ii.pack(o.replica_id, o.max_bytes)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicSnapshot_v0(_e, w)
    _t = o.unknown_tagged_fields
    if o.cluster_id is not None:
        _tw = Writer()
        write_compact_string(_tw.buf, o.cluster_id, True, 'ClusterId')
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_FetchSnapshotRequest_v1(o, w):
    b = w.buf
    b += _S_ii.pack(o.replica_id, o.max_bytes)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicSnapshot_v1(_e, w)
    _t = o.unknown_tagged_fields
    if o.cluster_id is not None:
        _tw = Writer()
        write_compact_string(_tw.buf, o.cluster_id, True, 'ClusterId')
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_FetchSnapshotRequest_v0(buf, p):
    f_replica_id, f_max_bytes = _S_ii.unpack_from(buf, p)
    p += 8
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicSnapshot_v0(buf, p)
            f_topics.append(_e)
    f_cluster_id = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchSnapshotRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchSnapshotRequest' + ': tagged field past the end')
            if _tag == 0:
                f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
                if p != _end:
                    raise DecodeError('ClusterId' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchSnapshotRequest(f_cluster_id, f_replica_id, f_max_bytes, f_topics, _u), p


def _dec_FetchSnapshotRequest_v1(buf, p):
    f_replica_id, f_max_bytes = _S_ii.unpack_from(buf, p)
    p += 8
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicSnapshot_v1(buf, p)
            f_topics.append(_e)
    f_cluster_id = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchSnapshotRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchSnapshotRequest' + ': tagged field past the end')
            if _tag == 0:
                f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
                if p != _end:
                    raise DecodeError('ClusterId' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchSnapshotRequest(f_cluster_id, f_replica_id, f_max_bytes, f_topics, _u), p


SnapshotId._ENCODERS = {0: _enc_SnapshotId_v0, 1: _enc_SnapshotId_v0}
SnapshotId._DECODERS = {0: _dec_SnapshotId_v0, 1: _dec_SnapshotId_v0}
PartitionSnapshot._ENCODERS = {0: _enc_PartitionSnapshot_v0, 1: _enc_PartitionSnapshot_v1}
PartitionSnapshot._DECODERS = {0: _dec_PartitionSnapshot_v0, 1: _dec_PartitionSnapshot_v1}
TopicSnapshot._ENCODERS = {0: _enc_TopicSnapshot_v0, 1: _enc_TopicSnapshot_v1}
TopicSnapshot._DECODERS = {0: _dec_TopicSnapshot_v0, 1: _dec_TopicSnapshot_v1}
FetchSnapshotRequest._ENCODERS = {0: _enc_FetchSnapshotRequest_v0, 1: _enc_FetchSnapshotRequest_v1}
FetchSnapshotRequest._DECODERS = {0: _dec_FetchSnapshotRequest_v0, 1: _dec_FetchSnapshotRequest_v1}
