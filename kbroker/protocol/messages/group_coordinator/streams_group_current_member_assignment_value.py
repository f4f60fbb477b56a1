"""StreamsGroupCurrentMemberAssignmentValue: generated from schemas/group-coordinator/StreamsGroupCurrentMemberAssignmentValue.json by kbroker.protocol.codegen. Do not edit."""

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

_S_iib = struct.Struct('>iib')


@attrs.define(eq=True, slots=True)
class TaskIds(Message):
    """The TaskIds struct of StreamsGroupCurrentMemberAssignmentValue."""

    subtopology_id: str = ''
    partitions: list[int] = attrs.field(factory=list)
    assignment_epochs: list[int] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class StreamsGroupCurrentMemberAssignmentValue(Message):
    """The StreamsGroupCurrentMemberAssignmentValue struct of StreamsGroupCurrentMemberAssignmentValue."""

    API_KEY = 22
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    member_epoch: int = 0
    previous_member_epoch: int = 0
    state: int = 0
    active_tasks: list[TaskIds] = attrs.field(factory=list)
    standby_tasks: list[TaskIds] = attrs.field(factory=list)
    warmup_tasks: list[TaskIds] = attrs.field(factory=list)
    active_tasks_pending_revocation: list[TaskIds] = attrs.field(factory=list)
    standby_tasks_pending_revocation: list[TaskIds] = attrs.field(factory=list)
    warmup_tasks_pending_revocation: list[TaskIds] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TaskIds = TaskIds()
_DEFAULT_StreamsGroupCurrentMemberAssignmentValue = StreamsGroupCurrentMemberAssignmentValue()


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
    _t = o.unknown_tagged_fields
    if o.assignment_epochs is None or len(o.assignment_epochs) != 0:
        _tw = Writer()
        _a = o.assignment_epochs
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
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
    f_assignment_epochs = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'TaskIds tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('TaskIds' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_assignment_epochs = None
                else:
                    check_count(_n, buf, p, 'AssignmentEpochs')
                    f_assignment_epochs = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('AssignmentEpochs' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return TaskIds(f_subtopology_id, f_partitions, f_assignment_epochs, _u), p


def _enc_StreamsGroupCurrentMemberAssignmentValue_v0(o, w):
    b = w.buf
    b += _S_iib.pack(o.member_epoch, o.previous_member_epoch, o.state)
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
    _a = o.active_tasks_pending_revocation
    if _a is None:
        raise EncodeError('ActiveTasksPendingRevocation' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    _a = o.standby_tasks_pending_revocation
    if _a is None:
        raise EncodeError('StandbyTasksPendingRevocation' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    _a = o.warmup_tasks_pending_revocation
    if _a is None:
        raise EncodeError('WarmupTasksPendingRevocation' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TaskIds_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_StreamsGroupCurrentMemberAssignmentValue_v0(buf, p):
    f_member_epoch, f_previous_member_epoch, f_state = _S_iib.unpack_from(buf, p)
    p += 9
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
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ActiveTasksPendingRevocation' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ActiveTasksPendingRevocation')
        f_active_tasks_pending_revocation = []
        for _ in range(_n):
            _e, p = _dec_TaskIds_v0(buf, p)
            f_active_tasks_pending_revocation.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StandbyTasksPendingRevocation' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StandbyTasksPendingRevocation')
        f_standby_tasks_pending_revocation = []
        for _ in range(_n):
            _e, p = _dec_TaskIds_v0(buf, p)
            f_standby_tasks_pending_revocation.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('WarmupTasksPendingRevocation' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'WarmupTasksPendingRevocation')
        f_warmup_tasks_pending_revocation = []
        for _ in range(_n):
            _e, p = _dec_TaskIds_v0(buf, p)
            f_warmup_tasks_pending_revocation.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'StreamsGroupCurrentMemberAssignmentValue')
    return StreamsGroupCurrentMemberAssignmentValue(f_member_epoch, f_previous_member_epoch, f_state, f_active_tasks, f_standby_tasks, f_warmup_tasks, f_active_tasks_pending_revocation, f_standby_tasks_pending_revocation, f_warmup_tasks_pending_revocation, _u), p


TaskIds._ENCODERS = {0: _enc_TaskIds_v0}
TaskIds._DECODERS = {0: _dec_TaskIds_v0}
StreamsGroupCurrentMemberAssignmentValue._ENCODERS = {0: _enc_StreamsGroupCurrentMemberAssignmentValue_v0}
StreamsGroupCurrentMemberAssignmentValue._DECODERS = {0: _dec_StreamsGroupCurrentMemberAssignmentValue_v0}
