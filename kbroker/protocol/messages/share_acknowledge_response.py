"""ShareAcknowledgeResponse: generated from schemas/clients/ShareAcknowledgeResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i = struct.Struct('>i')
_S_ih = struct.Struct('>ih')
_S_ii = struct.Struct('>ii')


@attrs.define(eq=True, slots=True)
class LeaderIdAndEpoch(Message):
    """The current leader of the partition."""

    leader_id: int = 0
    leader_epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The topic partitions."""

    partition_index: int = 0
    error_code: int = 0
    error_message: str | None = None
    current_leader: LeaderIdAndEpoch = attrs.field(factory=LeaderIdAndEpoch)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ShareAcknowledgeTopicResponse(Message):
    """The response topics."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class NodeEndpoint(Message):
    """Endpoints for all current leaders enumerated in PartitionData with error NOT_LEADER_OR_FOLLOWER."""

    node_id: int = 0
    host: str = ''
    port: int = 0
    rack: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ShareAcknowledgeResponse(Message):
    """The ShareAcknowledgeResponse struct of ShareAcknowledgeResponse."""

    API_KEY = 79
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = None
    acquisition_lock_timeout_ms: int = 0
    responses: list[ShareAcknowledgeTopicResponse] = attrs.field(factory=list)
    node_endpoints: list[NodeEndpoint] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_LeaderIdAndEpoch = LeaderIdAndEpoch()
_DEFAULT_PartitionData = PartitionData()
_DEFAULT_ShareAcknowledgeTopicResponse = ShareAcknowledgeTopicResponse()
_DEFAULT_NodeEndpoint = NodeEndpoint()
_DEFAULT_ShareAcknowledgeResponse = ShareAcknowledgeResponse()


def _enc_LeaderIdAndEpoch_v1(o, w):
    b = w.buf
    b += _S_ii.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LeaderIdAndEpoch_v1(buf, p):
    f_leader_id, f_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaderIdAndEpoch')
    return LeaderIdAndEpoch(f_leader_id, f_leader_epoch, _u), p


def _enc_PartitionData_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _enc_LeaderIdAndEpoch_v1(o.current_leader, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v1(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_current_leader, p = _dec_LeaderIdAndEpoch_v1(buf, p)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_error_code, f_error_message, f_current_leader, _u), p


def _enc_ShareAcknowledgeTopicResponse_v1(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
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


def _dec_ShareAcknowledgeTopicResponse_v1(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
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
            _e, p = _dec_PartitionData_v1(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareAcknowledgeTopicResponse')
    return ShareAcknowledgeTopicResponse(f_topic_id, f_partitions, _u), p


def _enc_NodeEndpoint_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.node_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    write_compact_string(b, o.rack, True, 'Rack')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_NodeEndpoint_v1(buf, p):
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
        _u, p = read_unknown_tagged_fields(buf, p, 'NodeEndpoint')
    return NodeEndpoint(f_node_id, f_host, f_port, f_rack, _u), p


def _enc_ShareAcknowledgeResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ShareAcknowledgeTopicResponse_v1(_e, w)
    _a = o.node_endpoints
    if _a is None:
        raise EncodeError('NodeEndpoints' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_NodeEndpoint_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ShareAcknowledgeResponse_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_i.pack(o.acquisition_lock_timeout_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ShareAcknowledgeTopicResponse_v1(_e, w)
    _a = o.node_endpoints
    if _a is None:
        raise EncodeError('NodeEndpoints' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_NodeEndpoint_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareAcknowledgeResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_ShareAcknowledgeTopicResponse_v1(buf, p)
            f_responses.append(_e)
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
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareAcknowledgeResponse')
    return ShareAcknowledgeResponse(f_throttle_time_ms, f_error_code, f_error_message, 0, f_responses, f_node_endpoints, _u), p


def _dec_ShareAcknowledgeResponse_v2(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_acquisition_lock_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_ShareAcknowledgeTopicResponse_v1(buf, p)
            f_responses.append(_e)
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
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareAcknowledgeResponse')
    return ShareAcknowledgeResponse(f_throttle_time_ms, f_error_code, f_error_message, f_acquisition_lock_timeout_ms, f_responses, f_node_endpoints, _u), p


LeaderIdAndEpoch._ENCODERS = {1: _enc_LeaderIdAndEpoch_v1, 2: _enc_LeaderIdAndEpoch_v1}
LeaderIdAndEpoch._DECODERS = {1: _dec_LeaderIdAndEpoch_v1, 2: _dec_LeaderIdAndEpoch_v1}
PartitionData._ENCODERS = {1: _enc_PartitionData_v1, 2: _enc_PartitionData_v1}
PartitionData._DECODERS = {1: _dec_PartitionData_v1, 2: _dec_PartitionData_v1}
ShareAcknowledgeTopicResponse._ENCODERS = {1: _enc_ShareAcknowledgeTopicResponse_v1, 2: _enc_ShareAcknowledgeTopicResponse_v1}
ShareAcknowledgeTopicResponse._DECODERS = {1: _dec_ShareAcknowledgeTopicResponse_v1, 2: _dec_ShareAcknowledgeTopicResponse_v1}
NodeEndpoint._ENCODERS = {1: _enc_NodeEndpoint_v1, 2: _enc_NodeEndpoint_v1}
NodeEndpoint._DECODERS = {1: _dec_NodeEndpoint_v1, 2: _dec_NodeEndpoint_v1}
ShareAcknowledgeResponse._ENCODERS = {1: _enc_ShareAcknowledgeResponse_v1, 2: _enc_ShareAcknowledgeResponse_v2}
ShareAcknowledgeResponse._DECODERS = {1: _dec_ShareAcknowledgeResponse_v1, 2: _dec_ShareAcknowledgeResponse_v2}
