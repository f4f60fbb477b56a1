"""StreamsGroupHeartbeatResponse: generated from schemas/clients/StreamsGroupHeartbeatResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_b = struct.Struct('>b')
_S_i = struct.Struct('>i')
_S_ih = struct.Struct('>ih')
_S_iiii = struct.Struct('>iiii')


@attrs.define(eq=True, slots=True)
class Status(Message):
    """The Status struct of StreamsGroupHeartbeatResponse."""

    status_code: int = 0
    status_detail: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TaskIds(Message):
    """The TaskIds struct of StreamsGroupHeartbeatResponse."""

    subtopology_id: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Endpoint(Message):
    """The Endpoint struct of StreamsGroupHeartbeatResponse."""

    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicPartition(Message):
    """The TopicPartition struct of StreamsGroupHeartbeatResponse."""

    topic: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class EndpointToPartitions(Message):
    """Global assignment information used for IQ. Null if unchanged since last heartbeat."""

    user_endpoint: Endpoint = attrs.field(factory=Endpoint)
    active_partitions: list[TopicPartition] = attrs.field(factory=list)
    standby_partitions: list[TopicPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class StreamsGroupHeartbeatResponse(Message):
    """The StreamsGroupHeartbeatResponse struct of StreamsGroupHeartbeatResponse."""

    API_KEY = 88
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = None
    member_id: str = ''
    member_epoch: int = 0
    heartbeat_interval_ms: int = 0
    acceptable_recovery_lag: int = 0
    task_offset_interval_ms: int = 0
    status: list[Status] | None = attrs.field(factory=list)
    active_tasks: list[TaskIds] | None = None
    standby_tasks: list[TaskIds] | None = None
    warmup_tasks: list[TaskIds] | None = None
    endpoint_information_epoch: int = 0
    partitions_by_user_endpoint: list[EndpointToPartitions] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_Status = Status()
_DEFAULT_TaskIds = TaskIds()
_DEFAULT_Endpoint = Endpoint()
_DEFAULT_TopicPartition = TopicPartition()
_DEFAULT_EndpointToPartitions = EndpointToPartitions()
_DEFAULT_StreamsGroupHeartbeatResponse = StreamsGroupHeartbeatResponse()


def _enc_Status_v0(o, w):
    b = w.buf
    b += _S_b.pack(o.status_code)
    write_compact_string(b, o.status_detail, False, 'StatusDetail')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Status_v0(buf, p):
    f_status_code, = _S_b.unpack_from(buf, p)
    p += 1
    f_status_detail, p = read_compact_string(buf, p, False, 'StatusDetail')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Status')
    return Status(f_status_code, f_status_detail, _u), p


def _enc_TaskIds_v0(o, w):
    b = w.buf
    write_compact_string(b, o.subtopology_id, False, 'SubtopologyId')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TaskIds_v0(buf, p):
    f_subtopology_id, p = read_compact_string(buf, p, False, 'SubtopologyId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TaskIds')
    return TaskIds(f_subtopology_id, f_partitions, _u), p


def _enc_Endpoint_v0(o, w):
    b = w.buf
    write_compact_string(b, o.host, False, 'Host')
    b += _S_H.pack(o.port)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Endpoint_v0(buf, p):
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_H.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Endpoint')
    return Endpoint(f_host, f_port, _u), p


def _enc_TopicPartition_v0(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicPartition_v0(buf, p):
    f_topic, p = read_compact_string(buf, p, False, 'Topic')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicPartition')
    return TopicPartition(f_topic, f_partitions, _u), p


def _enc_EndpointToPartitions_v0(o, w):
    b = w.buf
    _enc_Endpoint_v0(o.user_endpoint, w)
    _a = o.active_partitions
    if _a is None:
        raise EncodeError('ActivePartitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartition_v0(_e, w)
    _a = o.standby_partitions
    if _a is None:
        raise EncodeError('StandbyPartitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartition_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EndpointToPartitions_v0(buf, p):
    f_user_endpoint, p = _dec_Endpoint_v0(buf, p)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ActivePartitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ActivePartitions')
        f_active_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartition_v0(buf, p)
            f_active_partitions.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StandbyPartitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StandbyPartitions')
        f_standby_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartition_v0(buf, p)
            f_standby_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EndpointToPartitions')
    return EndpointToPartitions(f_user_endpoint, f_active_partitions, f_standby_partitions, _u), p


def _enc_StreamsGroupHeartbeatResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    write_compact_string(b, o.member_id, False, 'MemberId')
    b += _S_iiii.pack(o.member_epoch, o.heartbeat_interval_ms, o.acceptable_recovery_lag, o.task_offset_interval_ms)
    _a = o.status
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Status_v0(_e, w)
    _a = o.active_tasks
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    _a = o.standby_tasks
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    _a = o.warmup_tasks
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    b += _S_i.pack(o.endpoint_information_epoch)
    _a = o.partitions_by_user_endpoint
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_EndpointToPartitions_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_StreamsGroupHeartbeatResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_member_epoch, f_heartbeat_interval_ms, f_acceptable_recovery_lag, f_task_offset_interval_ms = _S_iiii.unpack_from(buf, p)
    p += 16
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_status = None
    else:
        check_count(_n, buf, p, 'Status')
        f_status = []
        for _ in range(_n):
            _e, p = _dec_Status_v0(buf, p)
            f_status.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_active_tasks = None
    else:
        check_count(_n, buf, p, 'ActiveTasks')
        f_active_tasks = []
        for _ in range(_n):
            _e, p = _dec_TaskIds_v0(buf, p)
            f_active_tasks.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_standby_tasks = None
    else:
        check_count(_n, buf, p, 'StandbyTasks')
        f_standby_tasks = []
        for _ in range(_n):
            _e, p = _dec_TaskIds_v0(buf, p)
            f_standby_tasks.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_warmup_tasks = None
    else:
        check_count(_n, buf, p, 'WarmupTasks')
        f_warmup_tasks = []
        for _ in range(_n):
            _e, p = _dec_TaskIds_v0(buf, p)
            f_warmup_tasks.append(_e)
    f_endpoint_information_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_partitions_by_user_endpoint = None
    else:
        check_count(_n, buf, p, 'PartitionsByUserEndpoint')
        f_partitions_by_user_endpoint = []
        for _ in range(_n):
            _e, p = _dec_EndpointToPartitions_v0(buf, p)
            f_partitions_by_user_endpoint.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'StreamsGroupHeartbeatResponse')
    return StreamsGroupHeartbeatResponse(f_throttle_time_ms, f_error_code, f_error_message, f_member_id, f_member_epoch, f_heartbeat_interval_ms, f_acceptable_recovery_lag, f_task_offset_interval_ms, f_status, f_active_tasks, f_standby_tasks, f_warmup_tasks, f_endpoint_information_epoch, f_partitions_by_user_endpoint, _u), p


Status._ENCODERS = {0: _enc_Status_v0}
Status._DECODERS = {0: _dec_Status_v0}
TaskIds._ENCODERS = {0: _enc_TaskIds_v0}
TaskIds._DECODERS = {0: _dec_TaskIds_v0}
Endpoint._ENCODERS = {0: _enc_Endpoint_v0}
Endpoint._DECODERS = {0: _dec_Endpoint_v0}
TopicPartition._ENCODERS = {0: _enc_TopicPartition_v0}
TopicPartition._DECODERS = {0: _dec_TopicPartition_v0}
EndpointToPartitions._ENCODERS = {0: _enc_EndpointToPartitions_v0}
EndpointToPartitions._DECODERS = {0: _dec_EndpointToPartitions_v0}
StreamsGroupHeartbeatResponse._ENCODERS = {0: _enc_StreamsGroupHeartbeatResponse_v0}
StreamsGroupHeartbeatResponse._DECODERS = {0: _dec_StreamsGroupHeartbeatResponse_v0}
