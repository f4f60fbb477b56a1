"""PartitionChangeRecord: generated from schemas/metadata/PartitionChangeRecord.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i = struct.Struct('>i')
_S_i16s = struct.Struct('>i16s')


@attrs.define(eq=True, slots=True)
class PartitionChangeRecord(Message):
    """The PartitionChangeRecord struct of PartitionChangeRecord."""

    API_KEY = 5
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    partition_id: int = -1
    topic_id: uuid.UUID = ZERO_UUID
    isr: list[int] | None = None
    leader: int = -2
    replicas: list[int] | None = None
    removing_replicas: list[int] | None = None
    adding_replicas: list[int] | None = None
    leader_recovery_state: int = -1
    directories: list[uuid.UUID] | None = None
    eligible_leader_replicas: list[int] | None = None
    last_known_elr: list[int] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionChangeRecord = PartitionChangeRecord()


def _enc_PartitionChangeRecord_v0(o, w):
    if o.directories is not None:
        raise field_not_in_version('Directories')
    if o.eligible_leader_replicas is not None:
        raise field_not_in_version('EligibleLeaderReplicas')
    if o.last_known_elr is not None:
        raise field_not_in_version('LastKnownElr')
    b = w.buf
    b += _S_i16s.pack(o.partition_id, o.topic_id.bytes)
    _t = o.unknown_tagged_fields
    if o.isr is not None:
        _tw = Writer()
        _a = o.isr
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (0, _tw.getvalue())]
    if o.leader != -2:
        _tw = Writer()
        _tw.buf += _S_i.pack(o.leader)
        _t = [*_t, (1, _tw.getvalue())]
    if o.replicas is not None:
        _tw = Writer()
        _a = o.replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (2, _tw.getvalue())]
    if o.removing_replicas is not None:
        _tw = Writer()
        _a = o.removing_replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (3, _tw.getvalue())]
    if o.adding_replicas is not None:
        _tw = Writer()
        _a = o.adding_replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (4, _tw.getvalue())]
    if o.leader_recovery_state != -1:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.leader_recovery_state)
        _t = [*_t, (5, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_PartitionChangeRecord_v1(o, w):
    if o.eligible_leader_replicas is not None:
        raise field_not_in_version('EligibleLeaderReplicas')
    if o.last_known_elr is not None:
        raise field_not_in_version('LastKnownElr')
    b = w.buf
    b += _S_i16s.pack(o.partition_id, o.topic_id.bytes)
    _t = o.unknown_tagged_fields
    if o.isr is not None:
        _tw = Writer()
        _a = o.isr
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (0, _tw.getvalue())]
    if o.leader != -2:
        _tw = Writer()
        _tw.buf += _S_i.pack(o.leader)
        _t = [*_t, (1, _tw.getvalue())]
    if o.replicas is not None:
        _tw = Writer()
        _a = o.replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (2, _tw.getvalue())]
    if o.removing_replicas is not None:
        _tw = Writer()
        _a = o.removing_replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (3, _tw.getvalue())]
    if o.adding_replicas is not None:
        _tw = Writer()
        _a = o.adding_replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (4, _tw.getvalue())]
    if o.leader_recovery_state != -1:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.leader_recovery_state)
        _t = [*_t, (5, _tw.getvalue())]
    if o.directories is not None:
        _tw = Writer()
        _a = o.directories
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (8, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_PartitionChangeRecord_v2(o, w):
    b = w.buf
    b += _S_i16s.pack(o.partition_id, o.topic_id.bytes)
    _t = o.unknown_tagged_fields
    if o.isr is not None:
        _tw = Writer()
        _a = o.isr
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (0, _tw.getvalue())]
    if o.leader != -2:
        _tw = Writer()
        _tw.buf += _S_i.pack(o.leader)
        _t = [*_t, (1, _tw.getvalue())]
    if o.replicas is not None:
        _tw = Writer()
        _a = o.replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (2, _tw.getvalue())]
    if o.removing_replicas is not None:
        _tw = Writer()
        _a = o.removing_replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (3, _tw.getvalue())]
    if o.adding_replicas is not None:
        _tw = Writer()
        _a = o.adding_replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (4, _tw.getvalue())]
    if o.leader_recovery_state != -1:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.leader_recovery_state)
        _t = [*_t, (5, _tw.getvalue())]
    if o.eligible_leader_replicas is not None:
        _tw = Writer()
        _a = o.eligible_leader_replicas
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (6, _tw.getvalue())]
    if o.last_known_elr is not None:
        _tw = Writer()
        _a = o.last_known_elr
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            if _a:
                _tw.buf += struct.pack('>%di' % len(_a), *_a)
        _t = [*_t, (7, _tw.getvalue())]
    if o.directories is not None:
        _tw = Writer()
        _a = o.directories
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (8, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_PartitionChangeRecord_v0(buf, p):
    f_partition_id, f_topic_id = _S_i16s.unpack_from(buf, p)
    p += 20
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_isr = None
    f_leader = -2
    f_replicas = None
    f_removing_replicas = None
    f_adding_replicas = None
    f_leader_recovery_state = -1
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionChangeRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionChangeRecord' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_isr = None
                else:
                    check_count(_n, buf, p, 'Isr')
                    f_isr = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('Isr' + ': tagged field size mismatch')
            elif _tag == 1:
                f_leader = _S_i.unpack_from(buf, p)[0]
                p += 4
                if p != _end:
                    raise DecodeError('Leader' + ': tagged field size mismatch')
            elif _tag == 2:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_replicas = None
                else:
                    check_count(_n, buf, p, 'Replicas')
                    f_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('Replicas' + ': tagged field size mismatch')
            elif _tag == 3:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_removing_replicas = None
                else:
                    check_count(_n, buf, p, 'RemovingReplicas')
                    f_removing_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('RemovingReplicas' + ': tagged field size mismatch')
            elif _tag == 4:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_adding_replicas = None
                else:
                    check_count(_n, buf, p, 'AddingReplicas')
                    f_adding_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('AddingReplicas' + ': tagged field size mismatch')
            elif _tag == 5:
                f_leader_recovery_state = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('LeaderRecoveryState' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionChangeRecord(f_partition_id, f_topic_id, f_isr, f_leader, f_replicas, f_removing_replicas, f_adding_replicas, f_leader_recovery_state, None, None, None, _u), p


def _dec_PartitionChangeRecord_v1(buf, p):
    f_partition_id, f_topic_id = _S_i16s.unpack_from(buf, p)
    p += 20
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_isr = None
    f_leader = -2
    f_replicas = None
    f_removing_replicas = None
    f_adding_replicas = None
    f_leader_recovery_state = -1
    f_directories = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionChangeRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionChangeRecord' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_isr = None
                else:
                    check_count(_n, buf, p, 'Isr')
                    f_isr = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('Isr' + ': tagged field size mismatch')
            elif _tag == 1:
                f_leader = _S_i.unpack_from(buf, p)[0]
                p += 4
                if p != _end:
                    raise DecodeError('Leader' + ': tagged field size mismatch')
            elif _tag == 2:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_replicas = None
                else:
                    check_count(_n, buf, p, 'Replicas')
                    f_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('Replicas' + ': tagged field size mismatch')
            elif _tag == 3:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_removing_replicas = None
                else:
                    check_count(_n, buf, p, 'RemovingReplicas')
                    f_removing_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('RemovingReplicas' + ': tagged field size mismatch')
            elif _tag == 4:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_adding_replicas = None
                else:
                    check_count(_n, buf, p, 'AddingReplicas')
                    f_adding_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('AddingReplicas' + ': tagged field size mismatch')
            elif _tag == 5:
                f_leader_recovery_state = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('LeaderRecoveryState' + ': tagged field size mismatch')
            elif _tag == 8:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_directories = None
                else:
                    check_count(_n, buf, p, 'Directories')
                    f_directories = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
                    p += 16 * _n
                if p != _end:
                    raise DecodeError('Directories' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionChangeRecord(f_partition_id, f_topic_id, f_isr, f_leader, f_replicas, f_removing_replicas, f_adding_replicas, f_leader_recovery_state, f_directories, None, None, _u), p


def _dec_PartitionChangeRecord_v2(buf, p):
    f_partition_id, f_topic_id = _S_i16s.unpack_from(buf, p)
    p += 20
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_isr = None
    f_leader = -2
    f_replicas = None
    f_removing_replicas = None
    f_adding_replicas = None
    f_leader_recovery_state = -1
    f_directories = None
    f_eligible_leader_replicas = None
    f_last_known_elr = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionChangeRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionChangeRecord' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_isr = None
                else:
                    check_count(_n, buf, p, 'Isr')
                    f_isr = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('Isr' + ': tagged field size mismatch')
            elif _tag == 1:
                f_leader = _S_i.unpack_from(buf, p)[0]
                p += 4
                if p != _end:
                    raise DecodeError('Leader' + ': tagged field size mismatch')
            elif _tag == 2:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_replicas = None
                else:
                    check_count(_n, buf, p, 'Replicas')
                    f_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('Replicas' + ': tagged field size mismatch')
            elif _tag == 3:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_removing_replicas = None
                else:
                    check_count(_n, buf, p, 'RemovingReplicas')
                    f_removing_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('RemovingReplicas' + ': tagged field size mismatch')
            elif _tag == 4:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_adding_replicas = None
                else:
                    check_count(_n, buf, p, 'AddingReplicas')
                    f_adding_replicas = list(struct.unpack_from('>%di' % _n, buf, p))
                    p += 4 * _n
                if p != _end:
                    raise DecodeError('AddingReplicas' + ': tagged field size mismatch')
            elif _tag == 5:
                f_leader_recovery_state = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('LeaderRecoveryState' + ': tagged field size mismatch')
            elif _tag == 6:
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
            elif _tag == 7:
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
            elif _tag == 8:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_directories = None
                else:
                    check_count(_n, buf, p, 'Directories')
                    f_directories = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
                    p += 16 * _n
                if p != _end:
                    raise DecodeError('Directories' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionChangeRecord(f_partition_id, f_topic_id, f_isr, f_leader, f_replicas, f_removing_replicas, f_adding_replicas, f_leader_recovery_state, f_directories, f_eligible_leader_replicas, f_last_known_elr, _u), p


PartitionChangeRecord._ENCODERS = {0: _enc_PartitionChangeRecord_v0, 1: _enc_PartitionChangeRecord_v1, 2: _enc_PartitionChangeRecord_v2}
PartitionChangeRecord._DECODERS = {0: _dec_PartitionChangeRecord_v0, 1: _dec_PartitionChangeRecord_v1, 2: _dec_PartitionChangeRecord_v2}
