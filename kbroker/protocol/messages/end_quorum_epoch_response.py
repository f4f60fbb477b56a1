"""EndQuorumEpochResponse: generated from schemas/clients/EndQuorumEpochResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')
_S_ihii = struct.Struct('>ihii')


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The partition data."""

    partition_index: int = 0
    error_code: int = 0
    leader_id: int = 0
    leader_epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicData(Message):
    """The topic data."""

    topic_name: str = ''
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class NodeEndpoint(Message):
    """Endpoints for all leaders enumerated in PartitionData."""

    node_id: int = 0
    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class EndQuorumEpochResponse(Message):
    """The EndQuorumEpochResponse struct of EndQuorumEpochResponse."""

    API_KEY = 54
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 1
        return 0

    error_code: int = 0
    topics: list[TopicData] = attrs.field(factory=list)
    node_endpoints: list[NodeEndpoint] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionData = PartitionData()
_DEFAULT_TopicData = TopicData()
_DEFAULT_NodeEndpoint = NodeEndpoint()
_DEFAULT_EndQuorumEpochResponse = EndQuorumEpochResponse()


def _enc_PartitionData_v0(o, w):
    b = w.buf
    b += _S_ihii.pack(o.partition_index, o.error_code, o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionData')


def _enc_PartitionData_v1(o, w):
    b = w.buf
    b += _S_ihii.pack(o.partition_index, o.error_code, o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v0(buf, p):
    f_partition_index, f_error_code, f_leader_id, f_leader_epoch = _S_ihii.unpack_from(buf, p)
    p += 14
    return PartitionData(f_partition_index, f_error_code, f_leader_id, f_leader_epoch, ()), p


def _dec_PartitionData_v1(buf, p):
    f_partition_index, f_error_code, f_leader_id, f_leader_epoch = _S_ihii.unpack_from(buf, p)
    p += 14
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_error_code, f_leader_id, f_leader_epoch, _u), p


def _enc_TopicData_v0(o, w):
    b = w.buf
    write_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionData_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TopicData')


def _enc_TopicData_v1(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicData_v0(buf, p):
    f_topic_name, p = read_string(buf, p, False, 'TopicName')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionData_v0(buf, p)
            f_partitions.append(_e)
    return TopicData(f_topic_name, f_partitions, ()), p


def _dec_TopicData_v1(buf, p):
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
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
            _e, p = _dec_PartitionData_v1(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_name, f_partitions, _u), p


def _enc_NodeEndpoint_v0(o, w):
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('NodeEndpoint')


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
    return NodeEndpoint(0, '', 0, ()), p


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


def _enc_EndQuorumEpochResponse_v0(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicData_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('EndQuorumEpochResponse')


def _enc_EndQuorumEpochResponse_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v1(_e, w)
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


def _dec_EndQuorumEpochResponse_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicData_v0(buf, p)
            f_topics.append(_e)
    return EndQuorumEpochResponse(f_error_code, f_topics, [], ()), p


def _dec_EndQuorumEpochResponse_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
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
            _e, p = _dec_TopicData_v1(buf, p)
            f_topics.append(_e)
    f_node_endpoints = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'EndQuorumEpochResponse tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('EndQuorumEpochResponse' + ': tagged field past the end')
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
    return EndQuorumEpochResponse(f_error_code, f_topics, f_node_endpoints, _u), p


PartitionData._ENCODERS = {0: _enc_PartitionData_v0, 1: _enc_PartitionData_v1}
PartitionData._DECODERS = {0: _dec_PartitionData_v0, 1: _dec_PartitionData_v1}
TopicData._ENCODERS = {0: _enc_TopicData_v0, 1: _enc_TopicData_v1}
TopicData._DECODERS = {0: _dec_TopicData_v0, 1: _dec_TopicData_v1}
NodeEndpoint._ENCODERS = {0: _enc_NodeEndpoint_v0, 1: _enc_NodeEndpoint_v1}
NodeEndpoint._DECODERS = {0: _dec_NodeEndpoint_v0, 1: _dec_NodeEndpoint_v1}
EndQuorumEpochResponse._ENCODERS = {0: _enc_EndQuorumEpochResponse_v0, 1: _enc_EndQuorumEpochResponse_v1}
EndQuorumEpochResponse._DECODERS = {0: _dec_EndQuorumEpochResponse_v0, 1: _dec_EndQuorumEpochResponse_v1}
