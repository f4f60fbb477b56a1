"""StreamsGroupDescribeResponse: generated from schemas/clients/StreamsGroupDescribeResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')
_S_ii = struct.Struct('>ii')
_S_iq = struct.Struct('>iq')
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class KeyValue(Message):
    """The KeyValue struct of StreamsGroupDescribeResponse."""

    key: str = ''
    value: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicInfo(Message):
    """The TopicInfo struct of StreamsGroupDescribeResponse."""

    name: str = ''
    partitions: int = 0
    replication_factor: int = 0
    topic_configs: list[KeyValue] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Subtopology(Message):
    """The subtopologies of the streams application. This contains the configured subtopologies, where the number of partitions are set and any regular expressions are resolved to actual topics. Null if the group is uninitialized, source topics are missing or incorrectly partitioned."""

    subtopology_id: str = ''
    source_topics: list[str] = attrs.field(factory=list)
    repartition_sink_topics: list[str] = attrs.field(factory=list)
    state_changelog_topics: list[TopicInfo] = attrs.field(factory=list)
    repartition_source_topics: list[TopicInfo] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Topology(Message):
    """The topology metadata currently initialized for the streams application. Can be null in case of a describe error."""

    epoch: int = 0
    subtopologies: list[Subtopology] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Endpoint(Message):
    """The Endpoint struct of StreamsGroupDescribeResponse."""

    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TaskOffset(Message):
    """The TaskOffset struct of StreamsGroupDescribeResponse."""

    subtopology_id: str = ''
    partition: int = 0
    offset: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TaskIds(Message):
    """The TaskIds struct of StreamsGroupDescribeResponse."""

    subtopology_id: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Assignment(Message):
    """The Assignment struct of StreamsGroupDescribeResponse."""

    active_tasks: list[TaskIds] = attrs.field(factory=list)
    standby_tasks: list[TaskIds] = attrs.field(factory=list)
    warmup_tasks: list[TaskIds] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Member(Message):
    """The members."""

    member_id: str = ''
    member_epoch: int = 0
    instance_id: str | None = None
    rack_id: str | None = None
    client_id: str = ''
    client_host: str = ''
    topology_epoch: int = 0
    process_id: str = ''
    user_endpoint: Endpoint | None = None
    client_tags: list[KeyValue] = attrs.field(factory=list)
    task_offsets: list[TaskOffset] = attrs.field(factory=list)
    task_end_offsets: list[TaskOffset] = attrs.field(factory=list)
    assignment: Assignment = attrs.field(factory=Assignment)
    target_assignment: Assignment = attrs.field(factory=Assignment)
    is_classic: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribedGroup(Message):
    """Each described group."""

    error_code: int = 0
    error_message: str | None = None
    group_id: str = ''
    group_state: str = ''
    group_epoch: int = 0
    assignment_epoch: int = 0
    topology: Topology | None = None
    members: list[Member] = attrs.field(factory=list)
    authorized_operations: int = -2147483648
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class StreamsGroupDescribeResponse(Message):
    """The StreamsGroupDescribeResponse struct of StreamsGroupDescribeResponse."""

    API_KEY = 89
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
    groups: list[DescribedGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_KeyValue = KeyValue()
_DEFAULT_TopicInfo = TopicInfo()
_DEFAULT_Subtopology = Subtopology()
_DEFAULT_Topology = Topology()
_DEFAULT_Endpoint = Endpoint()
_DEFAULT_TaskOffset = TaskOffset()
_DEFAULT_TaskIds = TaskIds()
_DEFAULT_Assignment = Assignment()
_DEFAULT_Member = Member()
_DEFAULT_DescribedGroup = DescribedGroup()
_DEFAULT_StreamsGroupDescribeResponse = StreamsGroupDescribeResponse()


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
    _a = o.repartition_sink_topics
    if _a is None:
        raise EncodeError('RepartitionSinkTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'RepartitionSinkTopics')
    _a = o.state_changelog_topics
    if _a is None:
        raise EncodeError('StateChangelogTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicInfo_v0(_e, w)
    _a = o.repartition_source_topics
    if _a is None:
        raise EncodeError('RepartitionSourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicInfo_v0(_e, w)
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
        raise DecodeError('RepartitionSourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RepartitionSourceTopics')
        f_repartition_source_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicInfo_v0(buf, p)
            f_repartition_source_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Subtopology')
    return Subtopology(f_subtopology_id, f_source_topics, f_repartition_sink_topics, f_state_changelog_topics, f_repartition_source_topics, _u), p


def _enc_Topology_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.epoch)
    _a = o.subtopologies
    if _a is None:
        b.append(0)
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
        f_subtopologies = None
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


def _enc_Assignment_v0(o, w):
    b = w.buf
    _a = o.active_tasks
    if _a is None:
        raise EncodeError('ActiveTasks' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    _a = o.standby_tasks
    if _a is None:
        raise EncodeError('StandbyTasks' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    _a = o.warmup_tasks
    if _a is None:
        raise EncodeError('WarmupTasks' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Assignment_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ActiveTasks' + ': non-nullable array was serialized as null')
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
        raise DecodeError('StandbyTasks' + ': non-nullable array was serialized as null')
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
        raise DecodeError('WarmupTasks' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'WarmupTasks')
        f_warmup_tasks = []
        for _ in range(_n):
            _e, p = _dec_TaskIds_v0(buf, p)
            f_warmup_tasks.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Assignment')
    return Assignment(f_active_tasks, f_standby_tasks, f_warmup_tasks, _u), p


def _enc_Member_v0(o, w):
    b = w.buf
    write_compact_string(b, o.member_id, False, 'MemberId')
    b += _S_i.pack(o.member_epoch)
    write_compact_string(b, o.instance_id, True, 'InstanceId')
    write_compact_string(b, o.rack_id, True, 'RackId')
    write_compact_string(b, o.client_id, False, 'ClientId')
    write_compact_string(b, o.client_host, False, 'ClientHost')
    b += _S_i.pack(o.topology_epoch)
    write_compact_string(b, o.process_id, False, 'ProcessId')
    _v = o.user_endpoint
    if _v is None:
        b.append(255)
    else:
        b.append(1)
        _enc_Endpoint_v0(_v, w)
    _a = o.client_tags
    if _a is None:
        raise EncodeError('ClientTags' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_KeyValue_v0(_e, w)
    _a = o.task_offsets
    if _a is None:
        raise EncodeError('TaskOffsets' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskOffset_v0(_e, w)
    _a = o.task_end_offsets
    if _a is None:
        raise EncodeError('TaskEndOffsets' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskOffset_v0(_e, w)
    _enc_Assignment_v0(o.assignment, w)
    _enc_Assignment_v0(o.target_assignment, w)
    b += _S_o.pack(o.is_classic)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Member_v0(buf, p):
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_instance_id, p = read_compact_string(buf, p, True, 'InstanceId')
    f_rack_id, p = read_compact_string(buf, p, True, 'RackId')
    f_client_id, p = read_compact_string(buf, p, False, 'ClientId')
    f_client_host, p = read_compact_string(buf, p, False, 'ClientHost')
    f_topology_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_process_id, p = read_compact_string(buf, p, False, 'ProcessId')
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
        raise DecodeError('ClientTags' + ': non-nullable array was serialized as null')
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
        raise DecodeError('TaskOffsets' + ': non-nullable array was serialized as null')
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
        raise DecodeError('TaskEndOffsets' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TaskEndOffsets')
        f_task_end_offsets = []
        for _ in range(_n):
            _e, p = _dec_TaskOffset_v0(buf, p)
            f_task_end_offsets.append(_e)
    f_assignment, p = _dec_Assignment_v0(buf, p)
    f_target_assignment, p = _dec_Assignment_v0(buf, p)
    f_is_classic, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Member')
    return Member(f_member_id, f_member_epoch, f_instance_id, f_rack_id, f_client_id, f_client_host, f_topology_epoch, f_process_id, f_user_endpoint, f_client_tags, f_task_offsets, f_task_end_offsets, f_assignment, f_target_assignment, f_is_classic, _u), p


def _enc_DescribedGroup_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.group_state, False, 'GroupState')
    b += _S_ii.pack(o.group_epoch, o.assignment_epoch)
    _v = o.topology
    if _v is None:
        b.append(255)
    else:
        b.append(1)
        _enc_Topology_v0(_v, w)
    _a = o.members
    if _a is None:
        raise EncodeError('Members' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Member_v0(_e, w)
    b += _S_i.pack(o.authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribedGroup_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_group_state, p = read_compact_string(buf, p, False, 'GroupState')
    f_group_epoch, f_assignment_epoch = _S_ii.unpack_from(buf, p)
    p += 8
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
        raise DecodeError('Members' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Members')
        f_members = []
        for _ in range(_n):
            _e, p = _dec_Member_v0(buf, p)
            f_members.append(_e)
    f_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribedGroup')
    return DescribedGroup(f_error_code, f_error_message, f_group_id, f_group_state, f_group_epoch, f_assignment_epoch, f_topology, f_members, f_authorized_operations, _u), p


def _enc_StreamsGroupDescribeResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_StreamsGroupDescribeResponse_v0(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_DescribedGroup_v0(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'StreamsGroupDescribeResponse')
    return StreamsGroupDescribeResponse(f_throttle_time_ms, f_groups, _u), p


KeyValue._ENCODERS = {0: _enc_KeyValue_v0}
KeyValue._DECODERS = {0: _dec_KeyValue_v0}
TopicInfo._ENCODERS = {0: _enc_TopicInfo_v0}
TopicInfo._DECODERS = {0: _dec_TopicInfo_v0}
Subtopology._ENCODERS = {0: _enc_Subtopology_v0}
Subtopology._DECODERS = {0: _dec_Subtopology_v0}
Topology._ENCODERS = {0: _enc_Topology_v0}
Topology._DECODERS = {0: _dec_Topology_v0}
Endpoint._ENCODERS = {0: _enc_Endpoint_v0}
Endpoint._DECODERS = {0: _dec_Endpoint_v0}
TaskOffset._ENCODERS = {0: _enc_TaskOffset_v0}
TaskOffset._DECODERS = {0: _dec_TaskOffset_v0}
TaskIds._ENCODERS = {0: _enc_TaskIds_v0}
TaskIds._DECODERS = {0: _dec_TaskIds_v0}
Assignment._ENCODERS = {0: _enc_Assignment_v0}
Assignment._DECODERS = {0: _dec_Assignment_v0}
Member._ENCODERS = {0: _enc_Member_v0}
Member._DECODERS = {0: _dec_Member_v0}
DescribedGroup._ENCODERS = {0: _enc_DescribedGroup_v0}
DescribedGroup._DECODERS = {0: _dec_DescribedGroup_v0}
StreamsGroupDescribeResponse._ENCODERS = {0: _enc_StreamsGroupDescribeResponse_v0}
StreamsGroupDescribeResponse._DECODERS = {0: _dec_StreamsGroupDescribeResponse_v0}
