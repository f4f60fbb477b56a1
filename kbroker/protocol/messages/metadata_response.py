"""MetadataResponse: generated from schemas/clients/MetadataResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16so = struct.Struct('>16s?')
_S_h = struct.Struct('>h')
_S_hii = struct.Struct('>hii')
_S_hiii = struct.Struct('>hiii')
_S_i = struct.Struct('>i')
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class MetadataResponseBroker(Message):
    """A list of brokers present in the cluster."""

    node_id: int = 0
    host: str = ''
    port: int = 0
    rack: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class MetadataResponsePartition(Message):
    """Each partition in the topic."""

    error_code: int = 0
    partition_index: int = 0
    leader_id: int = 0
    leader_epoch: int = -1
    replica_nodes: list[int] = attrs.field(factory=list)
    isr_nodes: list[int] = attrs.field(factory=list)
    offline_replicas: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class MetadataResponseTopic(Message):
    """Each topic in the response."""

    error_code: int = 0
    name: str | None = ''
    topic_id: uuid.UUID = ZERO_UUID
    is_internal: bool = False
    partitions: list[MetadataResponsePartition] = attrs.field(factory=list)
    topic_authorized_operations: int = -2147483648
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class MetadataResponse(Message):
    """The MetadataResponse struct of MetadataResponse."""

    API_KEY = 3
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 13
    FLEXIBLE_VERSION = 9
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 9:
            return 1
        return 0

    throttle_time_ms: int = 0
    brokers: list[MetadataResponseBroker] = attrs.field(factory=list)
    cluster_id: str | None = None
    controller_id: int = -1
    topics: list[MetadataResponseTopic] = attrs.field(factory=list)
    cluster_authorized_operations: int = -2147483648
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_MetadataResponseBroker = MetadataResponseBroker()
_DEFAULT_MetadataResponsePartition = MetadataResponsePartition()
_DEFAULT_MetadataResponseTopic = MetadataResponseTopic()
_DEFAULT_MetadataResponse = MetadataResponse()


def _enc_MetadataResponseBroker_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.node_id)
    write_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponseBroker')


def _enc_MetadataResponseBroker_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.node_id)
    write_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    write_string(b, o.rack, True, 'Rack')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponseBroker')


def _enc_MetadataResponseBroker_v9(o, w):
    b = w.buf
    b += _S_i.pack(o.node_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    write_compact_string(b, o.rack, True, 'Rack')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MetadataResponseBroker_v0(buf, p):
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    return MetadataResponseBroker(f_node_id, f_host, f_port, None, ()), p


def _dec_MetadataResponseBroker_v1(buf, p):
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    f_rack, p = read_string(buf, p, True, 'Rack')
    return MetadataResponseBroker(f_node_id, f_host, f_port, f_rack, ()), p


def _dec_MetadataResponseBroker_v9(buf, p):
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponseBroker')
    return MetadataResponseBroker(f_node_id, f_host, f_port, f_rack, _u), p


def _enc_MetadataResponsePartition_v0(o, w):
    b = w.buf
    b += _S_hii.pack(o.error_code, o.partition_index, o.leader_id)
    _a = o.replica_nodes
    if _a is None:
        raise EncodeError('ReplicaNodes' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.isr_nodes
    if _a is None:
        raise EncodeError('IsrNodes' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponsePartition')


def _enc_MetadataResponsePartition_v5(o, w):
    b = w.buf
    b += _S_hii.pack(o.error_code, o.partition_index, o.leader_id)
    _a = o.replica_nodes
    if _a is None:
        raise EncodeError('ReplicaNodes' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.isr_nodes
    if _a is None:
        raise EncodeError('IsrNodes' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.offline_replicas
    if _a is None:
        raise EncodeError('OfflineReplicas' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponsePartition')


def _enc_MetadataResponsePartition_v7(o, w):
    b = w.buf
    b += _S_hiii.pack(o.error_code, o.partition_index, o.leader_id, o.leader_epoch)
    _a = o.replica_nodes
    if _a is None:
        raise EncodeError('ReplicaNodes' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.isr_nodes
    if _a is None:
        raise EncodeError('IsrNodes' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.offline_replicas
    if _a is None:
        raise EncodeError('OfflineReplicas' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponsePartition')


def _enc_MetadataResponsePartition_v9(o, w):
    b = w.buf
    b += _S_hiii.pack(o.error_code, o.partition_index, o.leader_id, o.leader_epoch)
    _a = o.replica_nodes
    if _a is None:
        raise EncodeError('ReplicaNodes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.isr_nodes
    if _a is None:
        raise EncodeError('IsrNodes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.offline_replicas
    if _a is None:
        raise EncodeError('OfflineReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MetadataResponsePartition_v0(buf, p):
    f_error_code, f_partition_index, f_leader_id = _S_hii.unpack_from(buf, p)
    p += 10
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ReplicaNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ReplicaNodes')
        f_replica_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('IsrNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'IsrNodes')
        f_isr_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return MetadataResponsePartition(f_error_code, f_partition_index, f_leader_id, -1, f_replica_nodes, f_isr_nodes, [], ()), p


def _dec_MetadataResponsePartition_v5(buf, p):
    f_error_code, f_partition_index, f_leader_id = _S_hii.unpack_from(buf, p)
    p += 10
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ReplicaNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ReplicaNodes')
        f_replica_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('IsrNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'IsrNodes')
        f_isr_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('OfflineReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'OfflineReplicas')
        f_offline_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return MetadataResponsePartition(f_error_code, f_partition_index, f_leader_id, -1, f_replica_nodes, f_isr_nodes, f_offline_replicas, ()), p


def _dec_MetadataResponsePartition_v7(buf, p):
    f_error_code, f_partition_index, f_leader_id, f_leader_epoch = _S_hiii.unpack_from(buf, p)
    p += 14
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ReplicaNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ReplicaNodes')
        f_replica_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('IsrNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'IsrNodes')
        f_isr_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('OfflineReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'OfflineReplicas')
        f_offline_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return MetadataResponsePartition(f_error_code, f_partition_index, f_leader_id, f_leader_epoch, f_replica_nodes, f_isr_nodes, f_offline_replicas, ()), p


def _dec_MetadataResponsePartition_v9(buf, p):
    f_error_code, f_partition_index, f_leader_id, f_leader_epoch = _S_hiii.unpack_from(buf, p)
    p += 14
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ReplicaNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ReplicaNodes')
        f_replica_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('IsrNodes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'IsrNodes')
        f_isr_nodes = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('OfflineReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'OfflineReplicas')
        f_offline_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponsePartition')
    return MetadataResponsePartition(f_error_code, f_partition_index, f_leader_id, f_leader_epoch, f_replica_nodes, f_isr_nodes, f_offline_replicas, _u), p


def _enc_MetadataResponseTopic_v0(o, w):
    if o.topic_authorized_operations != -2147483648:
        raise field_not_in_version('TopicAuthorizedOperations')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponsePartition_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponseTopic')


def _enc_MetadataResponseTopic_v1(o, w):
    if o.topic_authorized_operations != -2147483648:
        raise field_not_in_version('TopicAuthorizedOperations')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.name, False, 'Name')
    b += _S_o.pack(o.is_internal)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponsePartition_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponseTopic')


def _enc_MetadataResponseTopic_v5(o, w):
    if o.topic_authorized_operations != -2147483648:
        raise field_not_in_version('TopicAuthorizedOperations')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.name, False, 'Name')
    b += _S_o.pack(o.is_internal)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponsePartition_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponseTopic')


def _enc_MetadataResponseTopic_v7(o, w):
    if o.topic_authorized_operations != -2147483648:
        raise field_not_in_version('TopicAuthorizedOperations')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.name, False, 'Name')
    b += _S_o.pack(o.is_internal)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponsePartition_v7(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponseTopic')


def _enc_MetadataResponseTopic_v8(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.name, False, 'Name')
    b += _S_o.pack(o.is_internal)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponsePartition_v7(_e, w)
    b += _S_i.pack(o.topic_authorized_operations)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponseTopic')


def _enc_MetadataResponseTopic_v9(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.name, False, 'Name')
    b += _S_o.pack(o.is_internal)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponsePartition_v9(_e, w)
    b += _S_i.pack(o.topic_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataResponseTopic_v10(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.name, False, 'Name')
    b += _S_16so.pack(o.topic_id.bytes, o.is_internal)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponsePartition_v9(_e, w)
    b += _S_i.pack(o.topic_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataResponseTopic_v12(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.name, True, 'Name')
    b += _S_16so.pack(o.topic_id.bytes, o.is_internal)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponsePartition_v9(_e, w)
    b += _S_i.pack(o.topic_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MetadataResponseTopic_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponsePartition_v0(buf, p)
            f_partitions.append(_e)
    return MetadataResponseTopic(f_error_code, f_name, ZERO_UUID, False, f_partitions, -2147483648, ()), p


def _dec_MetadataResponseTopic_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_string(buf, p, False, 'Name')
    f_is_internal, = _S_o.unpack_from(buf, p)
    p += 1
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponsePartition_v0(buf, p)
            f_partitions.append(_e)
    return MetadataResponseTopic(f_error_code, f_name, ZERO_UUID, f_is_internal, f_partitions, -2147483648, ()), p


def _dec_MetadataResponseTopic_v5(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_string(buf, p, False, 'Name')
    f_is_internal, = _S_o.unpack_from(buf, p)
    p += 1
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponsePartition_v5(buf, p)
            f_partitions.append(_e)
    return MetadataResponseTopic(f_error_code, f_name, ZERO_UUID, f_is_internal, f_partitions, -2147483648, ()), p


def _dec_MetadataResponseTopic_v7(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_string(buf, p, False, 'Name')
    f_is_internal, = _S_o.unpack_from(buf, p)
    p += 1
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponsePartition_v7(buf, p)
            f_partitions.append(_e)
    return MetadataResponseTopic(f_error_code, f_name, ZERO_UUID, f_is_internal, f_partitions, -2147483648, ()), p


def _dec_MetadataResponseTopic_v8(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_string(buf, p, False, 'Name')
    f_is_internal, = _S_o.unpack_from(buf, p)
    p += 1
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponsePartition_v7(buf, p)
            f_partitions.append(_e)
    f_topic_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    return MetadataResponseTopic(f_error_code, f_name, ZERO_UUID, f_is_internal, f_partitions, f_topic_authorized_operations, ()), p


def _dec_MetadataResponseTopic_v9(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_is_internal, = _S_o.unpack_from(buf, p)
    p += 1
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
            _e, p = _dec_MetadataResponsePartition_v9(buf, p)
            f_partitions.append(_e)
    f_topic_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponseTopic')
    return MetadataResponseTopic(f_error_code, f_name, ZERO_UUID, f_is_internal, f_partitions, f_topic_authorized_operations, _u), p


def _dec_MetadataResponseTopic_v10(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_topic_id, f_is_internal = _S_16so.unpack_from(buf, p)
    p += 17
    f_topic_id = uuid.UUID(bytes=f_topic_id)
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
            _e, p = _dec_MetadataResponsePartition_v9(buf, p)
            f_partitions.append(_e)
    f_topic_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponseTopic')
    return MetadataResponseTopic(f_error_code, f_name, f_topic_id, f_is_internal, f_partitions, f_topic_authorized_operations, _u), p


def _dec_MetadataResponseTopic_v12(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_name, p = read_compact_string(buf, p, True, 'Name')
    f_topic_id, f_is_internal = _S_16so.unpack_from(buf, p)
    p += 17
    f_topic_id = uuid.UUID(bytes=f_topic_id)
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
            _e, p = _dec_MetadataResponsePartition_v9(buf, p)
            f_partitions.append(_e)
    f_topic_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponseTopic')
    return MetadataResponseTopic(f_error_code, f_name, f_topic_id, f_is_internal, f_partitions, f_topic_authorized_operations, _u), p


def _enc_MetadataResponse_v0(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseBroker_v0(_e, w)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponse')


def _enc_MetadataResponse_v1(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseBroker_v1(_e, w)
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponse')


def _enc_MetadataResponse_v2(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseBroker_v1(_e, w)
    write_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponse')


def _enc_MetadataResponse_v3(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseBroker_v1(_e, w)
    write_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponse')


def _enc_MetadataResponse_v5(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseBroker_v1(_e, w)
    write_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseTopic_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponse')


def _enc_MetadataResponse_v7(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseBroker_v1(_e, w)
    write_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseTopic_v7(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponse')


def _enc_MetadataResponse_v8(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseBroker_v1(_e, w)
    write_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataResponseTopic_v8(_e, w)
    b += _S_i.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataResponse')


def _enc_MetadataResponse_v9(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseBroker_v9(_e, w)
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseTopic_v9(_e, w)
    b += _S_i.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataResponse_v10(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseBroker_v9(_e, w)
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseTopic_v10(_e, w)
    b += _S_i.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataResponse_v11(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseBroker_v9(_e, w)
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseTopic_v10(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataResponse_v12(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseBroker_v9(_e, w)
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseTopic_v12(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataResponse_v13(o, w):
    if o.cluster_authorized_operations != -2147483648:
        raise field_not_in_version('ClusterAuthorizedOperations')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseBroker_v9(_e, w)
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataResponseTopic_v12(_e, w)
    b += _S_h.pack(o.error_code)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MetadataResponse_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v0(buf, p)
            f_brokers.append(_e)
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseTopic_v0(buf, p)
            f_topics.append(_e)
    return MetadataResponse(0, f_brokers, None, -1, f_topics, -2147483648, 0, ()), p


def _dec_MetadataResponse_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v1(buf, p)
            f_brokers.append(_e)
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseTopic_v1(buf, p)
            f_topics.append(_e)
    return MetadataResponse(0, f_brokers, None, f_controller_id, f_topics, -2147483648, 0, ()), p


def _dec_MetadataResponse_v2(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v1(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseTopic_v1(buf, p)
            f_topics.append(_e)
    return MetadataResponse(0, f_brokers, f_cluster_id, f_controller_id, f_topics, -2147483648, 0, ()), p


def _dec_MetadataResponse_v3(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v1(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseTopic_v1(buf, p)
            f_topics.append(_e)
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, -2147483648, 0, ()), p


def _dec_MetadataResponse_v5(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v1(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseTopic_v5(buf, p)
            f_topics.append(_e)
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, -2147483648, 0, ()), p


def _dec_MetadataResponse_v7(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v1(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseTopic_v7(buf, p)
            f_topics.append(_e)
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, -2147483648, 0, ()), p


def _dec_MetadataResponse_v8(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v1(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseTopic_v8(buf, p)
            f_topics.append(_e)
    f_cluster_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, f_cluster_authorized_operations, 0, ()), p


def _dec_MetadataResponse_v9(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v9(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_MetadataResponseTopic_v9(buf, p)
            f_topics.append(_e)
    f_cluster_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponse')
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, f_cluster_authorized_operations, 0, _u), p


def _dec_MetadataResponse_v10(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v9(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_MetadataResponseTopic_v10(buf, p)
            f_topics.append(_e)
    f_cluster_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponse')
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, f_cluster_authorized_operations, 0, _u), p


def _dec_MetadataResponse_v11(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v9(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_MetadataResponseTopic_v10(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponse')
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, -2147483648, 0, _u), p


def _dec_MetadataResponse_v12(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v9(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_MetadataResponseTopic_v12(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponse')
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, -2147483648, 0, _u), p


def _dec_MetadataResponse_v13(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_MetadataResponseBroker_v9(buf, p)
            f_brokers.append(_e)
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_MetadataResponseTopic_v12(buf, p)
            f_topics.append(_e)
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataResponse')
    return MetadataResponse(f_throttle_time_ms, f_brokers, f_cluster_id, f_controller_id, f_topics, -2147483648, f_error_code, _u), p


MetadataResponseBroker._ENCODERS = {0: _enc_MetadataResponseBroker_v0, 1: _enc_MetadataResponseBroker_v1, 2: _enc_MetadataResponseBroker_v1, 3: _enc_MetadataResponseBroker_v1, 4: _enc_MetadataResponseBroker_v1, 5: _enc_MetadataResponseBroker_v1, 6: _enc_MetadataResponseBroker_v1, 7: _enc_MetadataResponseBroker_v1, 8: _enc_MetadataResponseBroker_v1, 9: _enc_MetadataResponseBroker_v9, 10: _enc_MetadataResponseBroker_v9, 11: _enc_MetadataResponseBroker_v9, 12: _enc_MetadataResponseBroker_v9, 13: _enc_MetadataResponseBroker_v9}
MetadataResponseBroker._DECODERS = {0: _dec_MetadataResponseBroker_v0, 1: _dec_MetadataResponseBroker_v1, 2: _dec_MetadataResponseBroker_v1, 3: _dec_MetadataResponseBroker_v1, 4: _dec_MetadataResponseBroker_v1, 5: _dec_MetadataResponseBroker_v1, 6: _dec_MetadataResponseBroker_v1, 7: _dec_MetadataResponseBroker_v1, 8: _dec_MetadataResponseBroker_v1, 9: _dec_MetadataResponseBroker_v9, 10: _dec_MetadataResponseBroker_v9, 11: _dec_MetadataResponseBroker_v9, 12: _dec_MetadataResponseBroker_v9, 13: _dec_MetadataResponseBroker_v9}
MetadataResponsePartition._ENCODERS = {0: _enc_MetadataResponsePartition_v0, 1: _enc_MetadataResponsePartition_v0, 2: _enc_MetadataResponsePartition_v0, 3: _enc_MetadataResponsePartition_v0, 4: _enc_MetadataResponsePartition_v0, 5: _enc_MetadataResponsePartition_v5, 6: _enc_MetadataResponsePartition_v5, 7: _enc_MetadataResponsePartition_v7, 8: _enc_MetadataResponsePartition_v7, 9: _enc_MetadataResponsePartition_v9, 10: _enc_MetadataResponsePartition_v9, 11: _enc_MetadataResponsePartition_v9, 12: _enc_MetadataResponsePartition_v9, 13: _enc_MetadataResponsePartition_v9}
MetadataResponsePartition._DECODERS = {0: _dec_MetadataResponsePartition_v0, 1: _dec_MetadataResponsePartition_v0, 2: _dec_MetadataResponsePartition_v0, 3: _dec_MetadataResponsePartition_v0, 4: _dec_MetadataResponsePartition_v0, 5: _dec_MetadataResponsePartition_v5, 6: _dec_MetadataResponsePartition_v5, 7: _dec_MetadataResponsePartition_v7, 8: _dec_MetadataResponsePartition_v7, 9: _dec_MetadataResponsePartition_v9, 10: _dec_MetadataResponsePartition_v9, 11: _dec_MetadataResponsePartition_v9, 12: _dec_MetadataResponsePartition_v9, 13: _dec_MetadataResponsePartition_v9}
MetadataResponseTopic._ENCODERS = {0: _enc_MetadataResponseTopic_v0, 1: _enc_MetadataResponseTopic_v1, 2: _enc_MetadataResponseTopic_v1, 3: _enc_MetadataResponseTopic_v1, 4: _enc_MetadataResponseTopic_v1, 5: _enc_MetadataResponseTopic_v5, 6: _enc_MetadataResponseTopic_v5, 7: _enc_MetadataResponseTopic_v7, 8: _enc_MetadataResponseTopic_v8, 9: _enc_MetadataResponseTopic_v9, 10: _enc_MetadataResponseTopic_v10, 11: _enc_MetadataResponseTopic_v10, 12: _enc_MetadataResponseTopic_v12, 13: _enc_MetadataResponseTopic_v12}
MetadataResponseTopic._DECODERS = {0: _dec_MetadataResponseTopic_v0, 1: _dec_MetadataResponseTopic_v1, 2: _dec_MetadataResponseTopic_v1, 3: _dec_MetadataResponseTopic_v1, 4: _dec_MetadataResponseTopic_v1, 5: _dec_MetadataResponseTopic_v5, 6: _dec_MetadataResponseTopic_v5, 7: _dec_MetadataResponseTopic_v7, 8: _dec_MetadataResponseTopic_v8, 9: _dec_MetadataResponseTopic_v9, 10: _dec_MetadataResponseTopic_v10, 11: _dec_MetadataResponseTopic_v10, 12: _dec_MetadataResponseTopic_v12, 13: _dec_MetadataResponseTopic_v12}
MetadataResponse._ENCODERS = {0: _enc_MetadataResponse_v0, 1: _enc_MetadataResponse_v1, 2: _enc_MetadataResponse_v2, 3: _enc_MetadataResponse_v3, 4: _enc_MetadataResponse_v3, 5: _enc_MetadataResponse_v5, 6: _enc_MetadataResponse_v5, 7: _enc_MetadataResponse_v7, 8: _enc_MetadataResponse_v8, 9: _enc_MetadataResponse_v9, 10: _enc_MetadataResponse_v10, 11: _enc_MetadataResponse_v11, 12: _enc_MetadataResponse_v12, 13: _enc_MetadataResponse_v13}
MetadataResponse._DECODERS = {0: _dec_MetadataResponse_v0, 1: _dec_MetadataResponse_v1, 2: _dec_MetadataResponse_v2, 3: _dec_MetadataResponse_v3, 4: _dec_MetadataResponse_v3, 5: _dec_MetadataResponse_v5, 6: _dec_MetadataResponse_v5, 7: _dec_MetadataResponse_v7, 8: _dec_MetadataResponse_v8, 9: _dec_MetadataResponse_v9, 10: _dec_MetadataResponse_v10, 11: _dec_MetadataResponse_v11, 12: _dec_MetadataResponse_v12, 13: _dec_MetadataResponse_v13}
