"""StreamsGroupHeartbeatRequest: generated from schemas/clients/StreamsGroupHeartbeatRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iq = struct.Struct('>iq')
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class KeyValue(Message):
    """The KeyValue struct of StreamsGroupHeartbeatRequest."""

    key: str = ''
    value: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicInfo(Message):
    """The TopicInfo struct of StreamsGroupHeartbeatRequest."""

    name: str = ''
    partitions: int = 0
    replication_factor: int = 0
    topic_configs: list[KeyValue] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CopartitionGroup(Message):
    """A subset of source topics that must be copartitioned."""

    source_topics: list[int] = attrs.field(factory=list)
    source_topic_regex: list[int] = attrs.field(factory=list)
    repartition_source_topics: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Subtopology(Message):
    """The sub-topologies of the streams application."""

    subtopology_id: str = ''
    source_topics: list[str] = attrs.field(factory=list)
    source_topic_regex: list[str] = attrs.field(factory=list)
    state_changelog_topics: list[TopicInfo] = attrs.field(factory=list)
    repartition_sink_topics: list[str] = attrs.field(factory=list)
    repartition_source_topics: list[TopicInfo] = attrs.field(factory=list)
    copartition_groups: list[CopartitionGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Topology(Message):
    """The topology metadata of the streams application. Used to initialize the topology of the group and to check if the topology corresponds to the topology initialized for the group. Only sent when memberEpoch = 0, must be non-empty. Null otherwise."""

    epoch: int = 0
    subtopologies: list[Subtopology] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TaskIds(Message):
    """The TaskIds struct of StreamsGroupHeartbeatRequest."""

    subtopology_id: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Endpoint(Message):
    """The Endpoint struct of StreamsGroupHeartbeatRequest."""

    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TaskOffset(Message):
    """The TaskOffset struct of StreamsGroupHeartbeatRequest."""

    subtopology_id: str = ''
    partition: int = 0
    offset: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class StreamsGroupHeartbeatRequest(Message):
    """The StreamsGroupHeartbeatRequest struct of StreamsGroupHeartbeatRequest."""

    API_KEY = 88
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    group_id: str = ''
    member_id: str = ''
    member_epoch: int = 0
    endpoint_information_epoch: int = 0
    instance_id: str | None = None
    rack_id: str | None = None
    rebalance_timeout_ms: int = -1
    topology: Topology | None = None
    active_tasks: list[TaskIds] | None = None
    standby_tasks: list[TaskIds] | None = None
    warmup_tasks: list[TaskIds] | None = None
    process_id: str | None = None
    user_endpoint: Endpoint | None = None
    client_tags: list[KeyValue] | None = None
    task_offsets: list[TaskOffset] | None = None
    task_end_offsets: list[TaskOffset] | None = None
    shutdown_application: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_KeyValue = KeyValue()
_DEFAULT_TopicInfo = TopicInfo()
_DEFAULT_CopartitionGroup = CopartitionGroup()
_DEFAULT_Subtopology = Subtopology()
_DEFAULT_Topology = Topology()
_DEFAULT_TaskIds = TaskIds()
_DEFAULT_Endpoint = Endpoint()
_DEFAULT_TaskOffset = TaskOffset()
_DEFAULT_StreamsGroupHeartbeatRequest = StreamsGroupHeartbeatRequest()


def _enc_KeyValue_v0(o, w):
    b = w.buf
    write_compact_string(b, o.key, False, 'Key')
    write_compact_string(b, o.value, False, 'Value')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_KeyValue_v0(buf, p):
    f_key, p = read_compact_string(buf, p, False, 'Key')
    f_value, p = read_compact_string(buf, p, False, 'Value')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'KeyValue')
    return KeyValue(f_key, f_value, _u), p


def _enc_TopicInfo_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_ih.pack(o.partitions, o.replication_factor)
    _a = o.topic_configs
    if _a is None:
        raise EncodeError('TopicConfigs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_KeyValue_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicInfo_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_partitions, f_replication_factor = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TopicConfigs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicConfigs')
        f_topic_configs = []
        for _ in range(_n):
            _e, p = _dec_KeyValue_v0(buf, p)
            f_topic_configs.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicInfo')
    return TopicInfo(f_name, f_partitions, f_replication_factor, f_topic_configs, _u), p


def _enc_CopartitionGroup_v0(o, w):
    b = w.buf
    _a = o.source_topics
    if _a is None:
        raise EncodeError('SourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dh' % len(_a), *_a)
    _a = o.source_topic_regex
    if _a is None:
        raise EncodeError('SourceTopicRegex' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dh' % len(_a), *_a)
    _a = o.repartition_source_topics
    if _a is None:
        raise EncodeError('RepartitionSourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dh' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CopartitionGroup_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SourceTopics')
        f_source_topics = list(struct.unpack_from('>%dh' % _n, buf, p))
        p += 2 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SourceTopicRegex' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SourceTopicRegex')
        f_source_topic_regex = list(struct.unpack_from('>%dh' % _n, buf, p))
        p += 2 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RepartitionSourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RepartitionSourceTopics')
        f_repartition_source_topics = list(struct.unpack_from('>%dh' % _n, buf, p))
        p += 2 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CopartitionGroup')
    return CopartitionGroup(f_source_topics, f_source_topic_regex, f_repartition_source_topics, _u), p


def _enc_Subtopology_v0(o, w):
    b = w.buf
    write_compact_string(b, o.subtopology_id, False, 'SubtopologyId')
    _a = o.source_topics
    if _a is None:
        raise EncodeError('SourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SourceTopics')
    _a = o.source_topic_regex
    if _a is None:
        raise EncodeError('SourceTopicRegex' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SourceTopicRegex')
    _a = o.state_changelog_topics
    if _a is None:
        raise EncodeError('StateChangelogTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicInfo_v0(_e, w)
    _a = o.repartition_sink_topics
    if _a is None:
        raise EncodeError('RepartitionSinkTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'RepartitionSinkTopics')
    _a = o.repartition_source_topics
    if _a is None:
        raise EncodeError('RepartitionSourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicInfo_v0(_e, w)
    _a = o.copartition_groups
    if _a is None:
        raise EncodeError('CopartitionGroups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CopartitionGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Subtopology_v0(buf, p):
    f_subtopology_id, p = read_compact_string(buf, p, False, 'SubtopologyId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SourceTopics')
        f_source_topics = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'SourceTopics')
            f_source_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SourceTopicRegex' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SourceTopicRegex')
        f_source_topic_regex = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'SourceTopicRegex')
            f_source_topic_regex.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StateChangelogTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StateChangelogTopics')
        f_state_changelog_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicInfo_v0(buf, p)
            f_state_changelog_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RepartitionSinkTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RepartitionSinkTopics')
        f_repartition_sink_topics = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'RepartitionSinkTopics')
            f_repartition_sink_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RepartitionSourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RepartitionSourceTopics')
        f_repartition_source_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicInfo_v0(buf, p)
            f_repartition_source_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('CopartitionGroups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'CopartitionGroups')
        f_copartition_groups = []
        for _ in range(_n):
            _e, p = _dec_CopartitionGroup_v0(buf, p)
            f_copartition_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Subtopology')
    return Subtopology(f_subtopology_id, f_source_topics, f_source_topic_regex, f_state_changelog_topics, f_repartition_sink_topics, f_repartition_source_topics, f_copartition_groups, _u), p


def _enc_Topology_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.epoch)
    _a = o.subtopologies
    if _a is None:
        raise EncodeError('Subtopologies' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Subtopology_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Topology_v0(buf, p):
    f_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Subtopologies' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Subtopologies')
        f_subtopologies = []
        for _ in range(_n):
            _e, p = _dec_Subtopology_v0(buf, p)
            f_subtopologies.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Topology')
    return Topology(f_epoch, f_subtopologies, _u), p


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


def _enc_TaskOffset_v0(o, w):
    b = w.buf
    write_compact_string(b, o.subtopology_id, False, 'SubtopologyId')
    b += _S_iq.pack(o.partition, o.offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TaskOffset_v0(buf, p):
    f_subtopology_id, p = read_compact_string(buf, p, False, 'SubtopologyId')
    f_partition, f_offset = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TaskOffset')
    return TaskOffset(f_subtopology_id, f_partition, f_offset, _u), p


def _enc_StreamsGroupHeartbeatRequest_v0(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.member_id, False, 'MemberId')
    b += _S_ii.pack(o.member_epoch, o.endpoint_information_epoch)
    write_compact_string(b, o.instance_id, True, 'InstanceId')
    write_compact_string(b, o.rack_id, True, 'RackId')
    b += _S_i.pack(o.rebalance_timeout_ms)
    _v = o.topology
    if _v is None:
        b.append(255)
    else:
        b.append(1)
        _enc_Topology_v0(_v, w)
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
    write_compact_string(b, o.process_id, True, 'ProcessId')
    _v = o.user_endpoint
    if _v is None:
        b.append(255)
    else:
        b.append(1)
        _enc_Endpoint_v0(_v, w)
    _a = o.client_tags
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_KeyValue_v0(_e, w)
    _a = o.task_offsets
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskOffset_v0(_e, w)
    _a = o.task_end_offsets
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskOffset_v0(_e, w)
    b += _S_o.pack(o.shutdown_application)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_StreamsGroupHeartbeatRequest_v0(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_member_epoch, f_endpoint_information_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    f_instance_id, p = read_compact_string(buf, p, True, 'InstanceId')
    f_rack_id, p = read_compact_string(buf, p, True, 'RackId')
    f_rebalance_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] >= 0x80:
        f_topology = None
        p += 1
    else:
        f_topology, p = _dec_Topology_v0(buf, p + 1)
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
    f_process_id, p = read_compact_string(buf, p, True, 'ProcessId')
    if buf[p] >= 0x80:
        f_user_endpoint = None
        p += 1
    else:
        f_user_endpoint, p = _dec_Endpoint_v0(buf, p + 1)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_client_tags = None
    else:
        check_count(_n, buf, p, 'ClientTags')
        f_client_tags = []
        for _ in range(_n):
            _e, p = _dec_KeyValue_v0(buf, p)
            f_client_tags.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_task_offsets = None
    else:
        check_count(_n, buf, p, 'TaskOffsets')
        f_task_offsets = []
        for _ in range(_n):
            _e, p = _dec_TaskOffset_v0(buf, p)
            f_task_offsets.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_task_end_offsets = None
    else:
        check_count(_n, buf, p, 'TaskEndOffsets')
        f_task_end_offsets = []
        for _ in range(_n):
            _e, p = _dec_TaskOffset_v0(buf, p)
            f_task_end_offsets.append(_e)
    f_shutdown_application, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'StreamsGroupHeartbeatRequest')
    return StreamsGroupHeartbeatRequest(f_group_id, f_member_id, f_member_epoch, f_endpoint_information_epoch, f_instance_id, f_rack_id, f_rebalance_timeout_ms, f_topology, f_active_tasks, f_standby_tasks, f_warmup_tasks, f_process_id, f_user_endpoint, f_client_tags, f_task_offsets, f_task_end_offsets, f_shutdown_application, _u), p


KeyValue._ENCODERS = {0: _enc_KeyValue_v0}
KeyValue._DECODERS = {0: _dec_KeyValue_v0}
TopicInfo._ENCODERS = {0: _enc_TopicInfo_v0}
TopicInfo._DECODERS = {0: _dec_TopicInfo_v0}
CopartitionGroup._ENCODERS = {0: _enc_CopartitionGroup_v0}
CopartitionGroup._DECODERS = {0: _dec_CopartitionGroup_v0}
Subtopology._ENCODERS = {0: _enc_Subtopology_v0}
Subtopology._DECODERS = {0: _dec_Subtopology_v0}
Topology._ENCODERS = {0: _enc_Topology_v0}
Topology._DECODERS = {0: _dec_Topology_v0}
TaskIds._ENCODERS = {0: _enc_TaskIds_v0}
TaskIds._DECODERS = {0: _dec_TaskIds_v0}
Endpoint._ENCODERS = {0: _enc_Endpoint_v0}
Endpoint._DECODERS = {0: _dec_Endpoint_v0}
TaskOffset._ENCODERS = {0: _enc_TaskOffset_v0}
TaskOffset._DECODERS = {0: _dec_TaskOffset_v0}
StreamsGroupHeartbeatRequest._ENCODERS = {0: _enc_StreamsGroupHeartbeatRequest_v0}
StreamsGroupHeartbeatRequest._DECODERS = {0: _dec_StreamsGroupHeartbeatRequest_v0}
