"""PartitionRecord: generated from schemas/metadata/PartitionRecord.json by kbroker.protocol.codegen. Do not edit."""

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

_S_b = struct.Struct('>b')
_S_i16s = struct.Struct('>i16s')
_S_iii = struct.Struct('>iii')


@attrs.define(eq=True, slots=True)
class PartitionRecord(Message):
    """The PartitionRecord struct of PartitionRecord."""

    API_KEY = 3
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    partition_id: int = -1
    topic_id: uuid.UUID = ZERO_UUID
    replicas: list[int] = attrs.field(factory=list)
    isr: list[int] = attrs.field(factory=list)
    removing_replicas: list[int] = attrs.field(factory=list)
    adding_replicas: list[int] = attrs.field(factory=list)
    leader: int = -1
    leader_recovery_state: int = 0
    leader_epoch: int = -1
    partition_epoch: int = -1
    directories: list[uuid.UUID] = attrs.field(factory=list)
    eligible_leader_replicas: list[int] | None = None
    last_known_elr: list[int] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionRecord = PartitionRecord()


def _enc_PartitionRecord_v0(o, w):
    if o.directories is None or len(o.directories) != 0:
        raise field_not_in_version('Directories')
    if o.eligible_leader_replicas is not None:
        raise field_not_in_version('EligibleLeaderReplicas')
    if o.last_known_elr is not None:
        raise field_not_in_version('LastKnownElr')
    b = w.buf
    b += _S_i16s.pack(o.partition_id, o.topic_id.bytes)
    _a = o.replicas
    if _a is None:
        raise EncodeError('Replicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.isr
    if _a is None:
        raise EncodeError('Isr' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.removing_replicas
    if _a is None:
        raise EncodeError('RemovingReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.adding_replicas
    if _a is None:
        raise EncodeError('AddingReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    b += _S_iii.pack(o.leader, o.leader_epoch, o.partition_epoch)
    _t = o.unknown_tagged_fields
    if o.leader_recovery_state != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.leader_recovery_state)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_PartitionRecord_v1(o, w):
    if o.eligible_leader_replicas is not None:
        raise field_not_in_version('EligibleLeaderReplicas')
    if o.last_known_elr is not None:
        raise field_not_in_version('LastKnownElr')
    b = w.buf
    b += _S_i16s.pack(o.partition_id, o.topic_id.bytes)
    _a = o.replicas
    if _a is None:
        raise EncodeError('Replicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.isr
    if _a is None:
        raise EncodeError('Isr' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.removing_replicas
    if _a is None:
        raise EncodeError('RemovingReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.adding_replicas
    if _a is None:
        raise EncodeError('AddingReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    b += _S_iii.pack(o.leader, o.leader_epoch, o.partition_epoch)
    _a = o.directories
    if _a is None:
        raise EncodeError('Directories' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            b += _e.bytes
    _t = o.unknown_tagged_fields
    if o.leader_recovery_state != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.leader_recovery_state)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_PartitionRecord_v2(o, w):
    b = w.buf
    b += _S_i16s.pack(o.partition_id, o.topic_id.bytes)
    _a = o.replicas
    if _a is None:
        raise EncodeError('Replicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.isr
    if _a is None:
        raise EncodeError('Isr' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.removing_replicas
    if _a is None:
        raise EncodeError('RemovingReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    _a = o.adding_replicas
    if _a is None:
        raise EncodeError('AddingReplicas' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    b += _S_iii.pack(o.leader, o.leader_epoch, o.partition_epoch)
    _a = o.directories
    if _a is None:
        raise EncodeError('Directories' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            b += _e.bytes
    _t = o.unknown_tagged_fields
    if o.leader_recovery_state != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.leader_recovery_state)
        _t = [*_t, (0, _tw.getvalue())]
    if o.eligible_leader_replicas is not None:
        _tw = Writer()
        _a = o.eligible_leader_replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (1, _tw.getvalue())]
    if o.last_known_elr is not None:
        _tw = Writer()
        _a = o.last_known_elr
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (2, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_PartitionRecord_v0(buf, p):
    f_partition_id, f_topic_id = _S_i16s.unpack_from(buf, p)
    p += 20
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Replicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Replicas')
        f_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Isr' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Isr')
        f_isr = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RemovingReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RemovingReplicas')
        f_removing_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('AddingReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'AddingReplicas')
        f_adding_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    f_leader, f_leader_epoch, f_partition_epoch = _S_iii.unpack_from(buf, p)
    p += 12
    f_leader_recovery_state = 0
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionRecord' + ': tagged field past the end')
            if _tag == 0:
                f_leader_recovery_state = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('LeaderRecoveryState' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionRecord(f_partition_id, f_topic_id, f_replicas, f_isr, f_removing_replicas, f_adding_replicas, f_leader, f_leader_recovery_state, f_leader_epoch, f_partition_epoch, [], None, None, _u), p


def _dec_PartitionRecord_v1(buf, p):
    f_partition_id, f_topic_id = _S_i16s.unpack_from(buf, p)
    p += 20
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Replicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Replicas')
        f_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Isr' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Isr')
        f_isr = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RemovingReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RemovingReplicas')
        f_removing_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('AddingReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'AddingReplicas')
        f_adding_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    f_leader, f_leader_epoch, f_partition_epoch = _S_iii.unpack_from(buf, p)
    p += 12
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Directories' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Directories')
        f_directories = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
        p += 16 * _n
    f_leader_recovery_state = 0
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionRecord' + ': tagged field past the end')
            if _tag == 0:
                f_leader_recovery_state = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('LeaderRecoveryState' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionRecord(f_partition_id, f_topic_id, f_replicas, f_isr, f_removing_replicas, f_adding_replicas, f_leader, f_leader_recovery_state, f_leader_epoch, f_partition_epoch, f_directories, None, None, _u), p


def _dec_PartitionRecord_v2(buf, p):
    f_partition_id, f_topic_id = _S_i16s.unpack_from(buf, p)
    p += 20
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Replicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Replicas')
        f_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Isr' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Isr')
        f_isr = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RemovingReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RemovingReplicas')
        f_removing_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('AddingReplicas' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'AddingReplicas')
        f_adding_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    f_leader, f_leader_epoch, f_partition_epoch = _S_iii.unpack_from(buf, p)
    p += 12
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Directories' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Directories')
        f_directories = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
        p += 16 * _n
    f_leader_recovery_state = 0
    f_eligible_leader_replicas = None
    f_last_known_elr = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionRecord' + ': tagged field past the end')
            if _tag == 0:
                f_leader_recovery_state = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('LeaderRecoveryState' + ': tagged field size mismatch')
            elif _tag == 1:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_eligible_leader_replicas = None
                else:
                    check_count(_n, buf, p, 'EligibleLeaderReplicas')
                    f_eligible_leader_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('EligibleLeaderReplicas' + ': tagged field size mismatch')
            elif _tag == 2:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_last_known_elr = None
                else:
                    check_count(_n, buf, p, 'LastKnownElr')
                    f_last_known_elr = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('LastKnownElr' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionRecord(f_partition_id, f_topic_id, f_replicas, f_isr, f_removing_replicas, f_adding_replicas, f_leader, f_leader_recovery_state, f_leader_epoch, f_partition_epoch, f_directories, f_eligible_leader_replicas, f_last_known_elr, _u), p


PartitionRecord._ENCODERS = {0: _enc_PartitionRecord_v0, 1: _enc_PartitionRecord_v1, 2: _enc_PartitionRecord_v2}
PartitionRecord._DECODERS = {0: _dec_PartitionRecord_v0, 1: _dec_PartitionRecord_v1, 2: _dec_PartitionRecord_v2}
