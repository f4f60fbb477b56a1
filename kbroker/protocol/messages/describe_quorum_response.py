"""DescribeQuorumResponse: generated from schemas/clients/DescribeQuorumResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i16sqqq = struct.Struct('>i16sqqq')
_S_ih = struct.Struct('>ih')
_S_ihiiq = struct.Struct('>ihiiq')
_S_iiq = struct.Struct('>iiq')
_S_iq = struct.Struct('>iq')
_S_iqqq = struct.Struct('>iqqq')


@attrs.define(eq=True, slots=True)
class ReplicaState(Message):
    """The ReplicaState struct of DescribeQuorumResponse."""

    replica_id: int = 0
    replica_directory_id: uuid.UUID = ZERO_UUID
    log_end_offset: int = 0
    last_fetch_timestamp: int = -1
    last_caught_up_timestamp: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The partition data."""

    partition_index: int = 0
    error_code: int = 0
    error_message: str | None = ''
    leader_id: int = 0
    leader_epoch: int = 0
    high_watermark: int = 0
    current_voters: list[ReplicaState] = attrs.field(factory=list)
    observers: list[ReplicaState] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicData(Message):
    """The response from the describe quorum API."""

    topic_name: str = ''
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Listener(Message):
    """The listeners of this controller."""

    name: str = ''
    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Node(Message):
    """The nodes in the quorum."""

    node_id: int = 0
    listeners: list[Listener] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeQuorumResponse(Message):
    """The DescribeQuorumResponse struct of DescribeQuorumResponse."""

    API_KEY = 55
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    error_code: int = 0
    error_message: str | None = ''
    topics: list[TopicData] = attrs.field(factory=list)
    nodes: list[Node] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ReplicaState = ReplicaState()
_DEFAULT_PartitionData = PartitionData()
_DEFAULT_TopicData = TopicData()
_DEFAULT_Listener = Listener()
_DEFAULT_Node = Node()
_DEFAULT_DescribeQuorumResponse = DescribeQuorumResponse()


def _enc_ReplicaState_v0(o, w):
    if o.replica_directory_id != ZERO_UUID:
        raise field_not_in_version('ReplicaDirectoryId')
    b = w.buf
    b += _S_iq.pack(o.replica_id, o.log_end_offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ReplicaState_v1(o, w):
    if o.replica_directory_id != ZERO_UUID:
        raise field_not_in_version('ReplicaDirectoryId')
    b = w.buf
    b += _S_iqqq.pack(o.replica_id, o.log_end_offset, o.last_fetch_timestamp, o.last_caught_up_timestamp)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ReplicaState_v2(o, w):
    b = w.buf
    b += _S_i16sqqq.pack(o.replica_id, o.replica_directory_id.bytes, o.log_end_offset, o.last_fetch_timestamp, o.last_caught_up_timestamp)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ReplicaState_v0(buf, p):
    f_replica_id, f_log_end_offset = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReplicaState')
    return ReplicaState(f_replica_id, ZERO_UUID, f_log_end_offset, -1, -1, _u), p


def _dec_ReplicaState_v1(buf, p):
    f_replica_id, f_log_end_offset, f_last_fetch_timestamp, f_last_caught_up_timestamp = _S_iqqq.unpack_from(buf, p)
    p += 28
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReplicaState')
    return ReplicaState(f_replica_id, ZERO_UUID, f_log_end_offset, f_last_fetch_timestamp, f_last_caught_up_timestamp, _u), p


def _dec_ReplicaState_v2(buf, p):
    f_replica_id, f_replica_directory_id, f_log_end_offset, f_last_fetch_timestamp, f_last_caught_up_timestamp = _S_i16sqqq.unpack_from(buf, p)
    p += 44
    f_replica_directory_id = uuid.UUID(bytes=f_replica_directory_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReplicaState')
    return ReplicaState(f_replica_id, f_replica_directory_id, f_log_end_offset, f_last_fetch_timestamp, f_last_caught_up_timestamp, _u), p


def _enc_PartitionData_v0(o, w):
    b = w.buf
    b += _S_ihiiq.pack(o.partition_index, o.error_code, o.leader_id, o.leader_epoch, o.high_watermark)
    _a = o.current_voters
    if _a is None:
        raise EncodeError('CurrentVoters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReplicaState_v0(_e, w)
    _a = o.observers
    if _a is None:
        raise EncodeError('Observers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReplicaState_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_PartitionData_v1(o, w):
    b = w.buf
    b += _S_ihiiq.pack(o.partition_index, o.error_code, o.leader_id, o.leader_epoch, o.high_watermark)
    _a = o.current_voters
    if _a is None:
        raise EncodeError('CurrentVoters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReplicaState_v1(_e, w)
    _a = o.observers
    if _a is None:
        raise EncodeError('Observers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReplicaState_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_PartitionData_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_iiq.pack(o.leader_id, o.leader_epoch, o.high_watermark)
    _a = o.current_voters
    if _a is None:
        raise EncodeError('CurrentVoters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReplicaState_v2(_e, w)
    _a = o.observers
    if _a is None:
        raise EncodeError('Observers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReplicaState_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v0(buf, p):
    f_partition_index, f_error_code, f_leader_id, f_leader_epoch, f_high_watermark = _S_ihiiq.unpack_from(buf, p)
    p += 22
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('CurrentVoters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'CurrentVoters')
        f_current_voters = []
        for _ in range(_n):
            _e, p = _dec_ReplicaState_v0(buf, p)
            f_current_voters.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Observers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Observers')
        f_observers = []
        for _ in range(_n):
            _e, p = _dec_ReplicaState_v0(buf, p)
            f_observers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_error_code, '', f_leader_id, f_leader_epoch, f_high_watermark, f_current_voters, f_observers, _u), p


def _dec_PartitionData_v1(buf, p):
    f_partition_index, f_error_code, f_leader_id, f_leader_epoch, f_high_watermark = _S_ihiiq.unpack_from(buf, p)
    p += 22
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('CurrentVoters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'CurrentVoters')
        f_current_voters = []
        for _ in range(_n):
            _e, p = _dec_ReplicaState_v1(buf, p)
            f_current_voters.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Observers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Observers')
        f_observers = []
        for _ in range(_n):
            _e, p = _dec_ReplicaState_v1(buf, p)
            f_observers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_error_code, '', f_leader_id, f_leader_epoch, f_high_watermark, f_current_voters, f_observers, _u), p


def _dec_PartitionData_v2(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_leader_id, f_leader_epoch, f_high_watermark = _S_iiq.unpack_from(buf, p)
    p += 16
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('CurrentVoters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'CurrentVoters')
        f_current_voters = []
        for _ in range(_n):
            _e, p = _dec_ReplicaState_v2(buf, p)
            f_current_voters.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Observers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Observers')
        f_observers = []
        for _ in range(_n):
            _e, p = _dec_ReplicaState_v2(buf, p)
            f_observers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_error_code, f_error_message, f_leader_id, f_leader_epoch, f_high_watermark, f_current_voters, f_observers, _u), p


def _enc_TopicData_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


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


def _enc_TopicData_v2(o, w):
    b = w.buf
    write_compact_string(b, o.topic_name, False, 'TopicName')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicData_v0(buf, p):
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
            _e, p = _dec_PartitionData_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_name, f_partitions, _u), p


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


def _dec_TopicData_v2(buf, p):
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
            _e, p = _dec_PartitionData_v2(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_name, f_partitions, _u), p


def _enc_Listener_v0(o, w):
    if o.name != '':
        raise field_not_in_version('Name')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_Listener_v2(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_H.pack(o.port)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Listener_v0(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Listener')
    return Listener('', '', 0, _u), p


def _dec_Listener_v2(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_H.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Listener')
    return Listener(f_name, f_host, f_port, _u), p


def _enc_Node_v0(o, w):
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.listeners is None or len(o.listeners) != 0:
        raise field_not_in_version('Listeners')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_Node_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.node_id)
    _a = o.listeners
    if _a is None:
        raise EncodeError('Listeners' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Listener_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Node_v0(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Node')
    return Node(0, [], _u), p


def _dec_Node_v2(buf, p):
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Listeners' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Listeners')
        f_listeners = []
        for _ in range(_n):
            _e, p = _dec_Listener_v2(buf, p)
            f_listeners.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Node')
    return Node(f_node_id, f_listeners, _u), p


def _enc_DescribeQuorumResponse_v0(o, w):
    if o.nodes is None or len(o.nodes) != 0:
        raise field_not_in_version('Nodes')
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeQuorumResponse_v1(o, w):
    if o.nodes is None or len(o.nodes) != 0:
        raise field_not_in_version('Nodes')
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeQuorumResponse_v2(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v2(_e, w)
    _a = o.nodes
    if _a is None:
        raise EncodeError('Nodes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Node_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeQuorumResponse_v0(buf, p):
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
            _e, p = _dec_TopicData_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeQuorumResponse')
    return DescribeQuorumResponse(f_error_code, '', f_topics, [], _u), p


def _dec_DescribeQuorumResponse_v1(buf, p):
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
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeQuorumResponse')
    return DescribeQuorumResponse(f_error_code, '', f_topics, [], _u), p


def _dec_DescribeQuorumResponse_v2(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
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
            _e, p = _dec_TopicData_v2(buf, p)
            f_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Nodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Nodes')
        f_nodes = []
        for _ in range(_n):
            _e, p = _dec_Node_v2(buf, p)
            f_nodes.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeQuorumResponse')
    return DescribeQuorumResponse(f_error_code, f_error_message, f_topics, f_nodes, _u), p


ReplicaState._ENCODERS = {0: _enc_ReplicaState_v0, 1: _enc_ReplicaState_v1, 2: _enc_ReplicaState_v2}
ReplicaState._DECODERS = {0: _dec_ReplicaState_v0, 1: _dec_ReplicaState_v1, 2: _dec_ReplicaState_v2}
PartitionData._ENCODERS = {0: _enc_PartitionData_v0, 1: _enc_PartitionData_v1, 2: _enc_PartitionData_v2}
PartitionData._DECODERS = {0: _dec_PartitionData_v0, 1: _dec_PartitionData_v1, 2: _dec_PartitionData_v2}
TopicData._ENCODERS = {0: _enc_TopicData_v0, 1: _enc_TopicData_v1, 2: _enc_TopicData_v2}
TopicData._DECODERS = {0: _dec_TopicData_v0, 1: _dec_TopicData_v1, 2: _dec_TopicData_v2}
Listener._ENCODERS = {0: _enc_Listener_v0, 1: _enc_Listener_v0, 2: _enc_Listener_v2}
Listener._DECODERS = {0: _dec_Listener_v0, 1: _dec_Listener_v0, 2: _dec_Listener_v2}
Node._ENCODERS = {0: _enc_Node_v0, 1: _enc_Node_v0, 2: _enc_Node_v2}
Node._DECODERS = {0: _dec_Node_v0, 1: _dec_Node_v0, 2: _dec_Node_v2}
DescribeQuorumResponse._ENCODERS = {0: _enc_DescribeQuorumResponse_v0, 1: _enc_DescribeQuorumResponse_v1, 2: _enc_DescribeQuorumResponse_v2}
DescribeQuorumResponse._DECODERS = {0: _dec_DescribeQuorumResponse_v0, 1: _dec_DescribeQuorumResponse_v1, 2: _dec_DescribeQuorumResponse_v2}
