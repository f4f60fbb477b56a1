"""FetchSnapshotResponse: generated from schemas/clients/FetchSnapshotResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_H = struct.Struct('>H')
_S_i = struct.Struct('>i')
_S_ih = struct.Struct('>ih')
_S_ii = struct.Struct('>ii')
_S_qi = struct.Struct('>qi')
_S_qq = struct.Struct('>qq')


@attrs.define(eq=True, slots=True)
class SnapshotId(Message):
    """The snapshot endOffset and epoch fetched."""

    end_offset: int = 0
    epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class LeaderIdAndEpoch(Message):
    """The leader of the partition at the time of the snapshot."""

    leader_id: int = 0
    leader_epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionSnapshot(Message):
    """The partitions to fetch."""

    index: int = 0
    error_code: int = 0
    snapshot_id: SnapshotId = attrs.field(factory=SnapshotId)
    current_leader: LeaderIdAndEpoch = attrs.field(factory=LeaderIdAndEpoch)
    size: int = 0
    position: int = 0
    unaligned_records: object = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicSnapshot(Message):
    """The topics to fetch."""

    name: str = ''
    partitions: list[PartitionSnapshot] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class NodeEndpoint(Message):
    """Endpoints for all current-leaders enumerated in PartitionSnapshot."""

    node_id: int = 0
    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FetchSnapshotResponse(Message):
    """The FetchSnapshotResponse struct of FetchSnapshotResponse."""

    API_KEY = 59
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    topics: list[TopicSnapshot] = attrs.field(factory=list)
    node_endpoints: list[NodeEndpoint] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_SnapshotId = SnapshotId()
_DEFAULT_LeaderIdAndEpoch = LeaderIdAndEpoch()
_DEFAULT_PartitionSnapshot = PartitionSnapshot()
_DEFAULT_TopicSnapshot = TopicSnapshot()
_DEFAULT_NodeEndpoint = NodeEndpoint()
_DEFAULT_FetchSnapshotResponse = FetchSnapshotResponse()


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


def _enc_LeaderIdAndEpoch_v0(o, w):
    b = w.buf
    b += _S_ii.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LeaderIdAndEpoch_v0(buf, p):
    f_leader_id, f_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaderIdAndEpoch')
    return LeaderIdAndEpoch(f_leader_id, f_leader_epoch, _u), p


def _enc_PartitionSnapshot_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.index, o.error_code)
    _enc_SnapshotId_v0(o.snapshot_id, w)
    b += _S_qq.pack(o.size, o.position)
    write_compact_records(w, o.unaligned_records, False, 'UnalignedRecords')
    _t = o.unknown_tagged_fields
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != 0) or (_s.leader_epoch != 0) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_LeaderIdAndEpoch_v0(o.current_leader, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_PartitionSnapshot_v0(buf, p):
    f_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_snapshot_id, p = _dec_SnapshotId_v0(buf, p)
    f_size, f_position = _S_qq.unpack_from(buf, p)
    p += 16
    f_unaligned_records, p = read_compact_records(buf, p, False, 'UnalignedRecords')
    f_current_leader = LeaderIdAndEpoch()
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
                f_current_leader, p = _dec_LeaderIdAndEpoch_v0(buf, p)
                if p != _end:
                    raise DecodeError('CurrentLeader' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionSnapshot(f_index, f_error_code, f_snapshot_id, f_current_leader, f_size, f_position, f_unaligned_records, _u), p


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


def _enc_NodeEndpoint_v0(o, w):
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_NodeEndpoint_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.node_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_H.pack(o.port)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_NodeEndpoint_v0(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'NodeEndpoint')
    return NodeEndpoint(0, '', 0, _u), p


def _dec_NodeEndpoint_v1(buf, p):
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_H.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'NodeEndpoint')
    return NodeEndpoint(f_node_id, f_host, f_port, _u), p


def _enc_FetchSnapshotResponse_v0(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicSnapshot_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FetchSnapshotResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicSnapshot_v0(_e, w)
    _t = o.unknown_tagged_fields
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        _tw = Writer()
        _a = o.node_endpoints
        if _a is None:
            raise EncodeError('NodeEndpoints' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _enc_NodeEndpoint_v1(_e, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_FetchSnapshotResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
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
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchSnapshotResponse')
    return FetchSnapshotResponse(f_throttle_time_ms, f_error_code, f_topics, [], _u), p


def _dec_FetchSnapshotResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
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
    f_node_endpoints = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchSnapshotResponse tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchSnapshotResponse' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    raise DecodeError('NodeEndpoints' + ': non-nullable array was serialized as null')
                else:
                    check_count(_n, buf, p, 'NodeEndpoints')
                    f_node_endpoints = []
                    for _ in range(_n):
                        _e, p = _dec_NodeEndpoint_v1(buf, p)
                        f_node_endpoints.append(_e)
                if p != _end:
                    raise DecodeError('NodeEndpoints' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchSnapshotResponse(f_throttle_time_ms, f_error_code, f_topics, f_node_endpoints, _u), p


SnapshotId._ENCODERS = {0: _enc_SnapshotId_v0, 1: _enc_SnapshotId_v0}
SnapshotId._DECODERS = {0: _dec_SnapshotId_v0, 1: _dec_SnapshotId_v0}
LeaderIdAndEpoch._ENCODERS = {0: _enc_LeaderIdAndEpoch_v0, 1: _enc_LeaderIdAndEpoch_v0}
LeaderIdAndEpoch._DECODERS = {0: _dec_LeaderIdAndEpoch_v0, 1: _dec_LeaderIdAndEpoch_v0}
PartitionSnapshot._ENCODERS = {0: _enc_PartitionSnapshot_v0, 1: _enc_PartitionSnapshot_v0}
PartitionSnapshot._DECODERS = {0: _dec_PartitionSnapshot_v0, 1: _dec_PartitionSnapshot_v0}
TopicSnapshot._ENCODERS = {0: _enc_TopicSnapshot_v0, 1: _enc_TopicSnapshot_v0}
TopicSnapshot._DECODERS = {0: _dec_TopicSnapshot_v0, 1: _dec_TopicSnapshot_v0}
NodeEndpoint._ENCODERS = {0: _enc_NodeEndpoint_v0, 1: _enc_NodeEndpoint_v1}
NodeEndpoint._DECODERS = {0: _dec_NodeEndpoint_v0, 1: _dec_NodeEndpoint_v1}
FetchSnapshotResponse._ENCODERS = {0: _enc_FetchSnapshotResponse_v0, 1: _enc_FetchSnapshotResponse_v1}
FetchSnapshotResponse._DECODERS = {0: _dec_FetchSnapshotResponse_v0, 1: _dec_FetchSnapshotResponse_v1}
