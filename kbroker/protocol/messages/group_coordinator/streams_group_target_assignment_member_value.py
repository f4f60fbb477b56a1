"""StreamsGroupTargetAssignmentMemberValue: generated from schemas/group-coordinator/StreamsGroupTargetAssignmentMemberValue.json by kbroker.protocol.codegen. Do not edit."""

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



@attrs.define(eq=True, slots=True)
class TaskIds(Message):
    """The TaskIds struct of StreamsGroupTargetAssignmentMemberValue."""

    subtopology_id: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class StreamsGroupTargetAssignmentMemberValue(Message):
    """The StreamsGroupTargetAssignmentMemberValue struct of StreamsGroupTargetAssignmentMemberValue."""

    API_KEY = 21
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    active_tasks: list[TaskIds] = attrs.field(factory=list)
    standby_tasks: list[TaskIds] = attrs.field(factory=list)
    warmup_tasks: list[TaskIds] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TaskIds = TaskIds()
_DEFAULT_StreamsGroupTargetAssignmentMemberValue = StreamsGroupTargetAssignmentMemberValue()


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


def _enc_StreamsGroupTargetAssignmentMemberValue_v0(o, w):
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


def _dec_StreamsGroupTargetAssignmentMemberValue_v0(buf, p):
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
        _u, p = read_unknown_tagged_fields(buf, p, 'StreamsGroupTargetAssignmentMemberValue')
    return StreamsGroupTargetAssignmentMemberValue(f_active_tasks, f_standby_tasks, f_warmup_tasks, _u), p


TaskIds._ENCODERS = {0: _enc_TaskIds_v0}
TaskIds._DECODERS = {0: _dec_TaskIds_v0}
StreamsGroupTargetAssignmentMemberValue._ENCODERS = {0: _enc_StreamsGroupTargetAssignmentMemberValue_v0}
StreamsGroupTargetAssignmentMemberValue._DECODERS = {0: _dec_StreamsGroupTargetAssignmentMemberValue_v0}
