"""FetchRequest: generated from schemas/clients/FetchRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iiibii = struct.Struct('>iiibii')
_S_iiiib = struct.Struct('>iiiib')
_S_iiiibii = struct.Struct('>iiiibii')
_S_iiqiqi = struct.Struct('>iiqiqi')
_S_iiqqi = struct.Struct('>iiqqi')
_S_iq = struct.Struct('>iq')
_S_iqi = struct.Struct('>iqi')
_S_iqqi = struct.Struct('>iqqi')
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class ReplicaState(Message):
    """The state of the replica in the follower."""

    replica_id: int = -1
    replica_epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FetchPartition(Message):
    """The partitions to fetch."""

    partition: int = 0
    current_leader_epoch: int = -1
    fetch_offset: int = 0
    last_fetched_epoch: int = -1
    log_start_offset: int = -1
    partition_max_bytes: int = 0
    replica_directory_id: uuid.UUID = ZERO_UUID
    high_watermark: int = 9223372036854775807
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FetchTopic(Message):
    """The topics to fetch."""

    topic: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[FetchPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ForgottenTopic(Message):
    """In an incremental fetch request, the partitions to remove."""

    topic: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FetchRequest(Message):
    """The FetchRequest struct of FetchRequest."""

    API_KEY = 1
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 4
    HIGHEST_VERSION = 18
    FLEXIBLE_VERSION = 12
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 12:
            return 2
        return 1

    cluster_id: str | None = None
    replica_id: int = -1
    replica_state: ReplicaState = attrs.field(factory=ReplicaState)
    max_wait_ms: int = 0
    min_bytes: int = 0
    max_bytes: int = 2147483647
    isolation_level: int = 0
    session_id: int = 0
    session_epoch: int = -1
    topics: list[FetchTopic] = attrs.field(factory=list)
    forgotten_topics_data: list[ForgottenTopic] = attrs.field(factory=list)
    rack_id: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ReplicaState = ReplicaState()
_DEFAULT_FetchPartition = FetchPartition()
_DEFAULT_FetchTopic = FetchTopic()
_DEFAULT_ForgottenTopic = ForgottenTopic()
_DEFAULT_FetchRequest = FetchRequest()


def _enc_ReplicaState_v4(o, w):
    if o.replica_id != -1:
        raise field_not_in_version('ReplicaId')
    if o.replica_epoch != -1:
        raise field_not_in_version('ReplicaEpoch')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ReplicaState')


def _enc_ReplicaState_v12(o, w):
    if o.replica_id != -1:
        raise field_not_in_version('ReplicaId')
    if o.replica_epoch != -1:
        raise field_not_in_version('ReplicaEpoch')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ReplicaState_v15(o, w):
    b = w.buf
    b += _S_iq.pack(o.replica_id, o.replica_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ReplicaState_v4(buf, p):
    return ReplicaState(-1, -1, ()), p


def _dec_ReplicaState_v12(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReplicaState')
    return ReplicaState(-1, -1, _u), p


def _dec_ReplicaState_v15(buf, p):
    f_replica_id, f_replica_epoch = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReplicaState')
    return ReplicaState(f_replica_id, f_replica_epoch, _u), p


def _enc_FetchPartition_v4(o, w):
    if o.last_fetched_epoch != -1:
        raise field_not_in_version('LastFetchedEpoch')
    b = w.buf
    b += _S_iqi.pack(o.partition, o.fetch_offset, o.partition_max_bytes)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchPartition')


def _enc_FetchPartition_v5(o, w):
    if o.last_fetched_epoch != -1:
        raise field_not_in_version('LastFetchedEpoch')
    b = w.buf
    b += _S_iqqi.pack(o.partition, o.fetch_offset, o.log_start_offset, o.partition_max_bytes)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchPartition')


def _enc_FetchPartition_v9(o, w):
    if o.last_fetched_epoch != -1:
        raise field_not_in_version('LastFetchedEpoch')
    b = w.buf
    b += _S_iiqqi.pack(o.partition, o.current_leader_epoch, o.fetch_offset, o.log_start_offset, o.partition_max_bytes)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchPartition')


def _enc_FetchPartition_v12(o, w):
    b = w.buf
    b += _S_iiqiqi.pack(o.partition, o.current_leader_epoch, o.fetch_offset, o.last_fetched_epoch, o.log_start_offset, o.partition_max_bytes)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FetchPartition_v17(o, w):
    b = w.buf
    b += _S_iiqiqi.pack(o.partition, o.current_leader_epoch, o.fetch_offset, o.last_fetched_epoch, o.log_start_offset, o.partition_max_bytes)
    _t = o.unknown_tagged_fields
    if o.replica_directory_id != ZERO_UUID:
        _tw = Writer()
        _tw.buf += _S_16s.pack(o.replica_directory_id.bytes)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_FetchPartition_v18(o, w):
    b = w.buf
    b += _S_iiqiqi.pack(o.partition, o.current_leader_epoch, o.fetch_offset, o.last_fetched_epoch, o.log_start_offset, o.partition_max_bytes)
    _t = o.unknown_tagged_fields
    if o.replica_directory_id != ZERO_UUID:
        _tw = Writer()
        _tw.buf += _S_16s.pack(o.replica_directory_id.bytes)
        _t = [*_t, (0, _tw.getvalue())]
    if o.high_watermark != 9223372036854775807:
        _tw = Writer()
        _tw.buf += _S_q.pack(o.high_watermark)
        _t = [*_t, (1, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_FetchPartition_v4(buf, p):
    f_partition, f_fetch_offset, f_partition_max_bytes = _S_iqi.unpack_from(buf, p)
    p += 16
    return FetchPartition(f_partition, -1, f_fetch_offset, -1, -1, f_partition_max_bytes, ZERO_UUID, 9223372036854775807, ()), p


def _dec_FetchPartition_v5(buf, p):
    f_partition, f_fetch_offset, f_log_start_offset, f_partition_max_bytes = _S_iqqi.unpack_from(buf, p)
    p += 24
    return FetchPartition(f_partition, -1, f_fetch_offset, -1, f_log_start_offset, f_partition_max_bytes, ZERO_UUID, 9223372036854775807, ()), p


def _dec_FetchPartition_v9(buf, p):
    f_partition, f_current_leader_epoch, f_fetch_offset, f_log_start_offset, f_partition_max_bytes = _S_iiqqi.unpack_from(buf, p)
    p += 28
    return FetchPartition(f_partition, f_current_leader_epoch, f_fetch_offset, -1, f_log_start_offset, f_partition_max_bytes, ZERO_UUID, 9223372036854775807, ()), p


def _dec_FetchPartition_v12(buf, p):
    f_partition, f_current_leader_epoch, f_fetch_offset, f_last_fetched_epoch, f_log_start_offset, f_partition_max_bytes = _S_iiqiqi.unpack_from(buf, p)
    p += 32
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchPartition')
    return FetchPartition(f_partition, f_current_leader_epoch, f_fetch_offset, f_last_fetched_epoch, f_log_start_offset, f_partition_max_bytes, ZERO_UUID, 9223372036854775807, _u), p


def _dec_FetchPartition_v17(buf, p):
    f_partition, f_current_leader_epoch, f_fetch_offset, f_last_fetched_epoch, f_log_start_offset, f_partition_max_bytes = _S_iiqiqi.unpack_from(buf, p)
    p += 32
    f_replica_directory_id = ZERO_UUID
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchPartition tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchPartition' + ': tagged field past the end')
            if _tag == 0:
                f_replica_directory_id = read_uuid(buf, p)
                p += 16
                if p != _end:
                    raise DecodeError('ReplicaDirectoryId' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchPartition(f_partition, f_current_leader_epoch, f_fetch_offset, f_last_fetched_epoch, f_log_start_offset, f_partition_max_bytes, f_replica_directory_id, 9223372036854775807, _u), p


def _dec_FetchPartition_v18(buf, p):
    f_partition, f_current_leader_epoch, f_fetch_offset, f_last_fetched_epoch, f_log_start_offset, f_partition_max_bytes = _S_iiqiqi.unpack_from(buf, p)
    p += 32
    f_replica_directory_id = ZERO_UUID
    f_high_watermark = 9223372036854775807
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchPartition tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchPartition' + ': tagged field past the end')
            if _tag == 0:
                f_replica_directory_id = read_uuid(buf, p)
                p += 16
                if p != _end:
                    raise DecodeError('ReplicaDirectoryId' + ': tagged field size mismatch')
            elif _tag == 1:
                f_high_watermark = _S_q.unpack_from(buf, p)[0]
                p += 8
                if p != _end:
                    raise DecodeError('HighWatermark' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchPartition(f_partition, f_current_leader_epoch, f_fetch_offset, f_last_fetched_epoch, f_log_start_offset, f_partition_max_bytes, f_replica_directory_id, f_high_watermark, _u), p


def _enc_FetchTopic_v4(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchPartition_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchTopic')


def _enc_FetchTopic_v5(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchPartition_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchTopic')


def _enc_FetchTopic_v9(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchPartition_v9(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchTopic')


def _enc_FetchTopic_v12(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchPartition_v12(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FetchTopic_v13(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchPartition_v12(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FetchTopic_v17(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchPartition_v17(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FetchTopic_v18(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchPartition_v18(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_FetchTopic_v4(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_FetchPartition_v4(buf, p)
            f_partitions.append(_e)
    return FetchTopic(f_topic, ZERO_UUID, f_partitions, ()), p


def _dec_FetchTopic_v5(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_FetchPartition_v5(buf, p)
            f_partitions.append(_e)
    return FetchTopic(f_topic, ZERO_UUID, f_partitions, ()), p


def _dec_FetchTopic_v9(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_FetchPartition_v9(buf, p)
            f_partitions.append(_e)
    return FetchTopic(f_topic, ZERO_UUID, f_partitions, ()), p


def _dec_FetchTopic_v12(buf, p):
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
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_FetchPartition_v12(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchTopic')
    return FetchTopic(f_topic, ZERO_UUID, f_partitions, _u), p


def _dec_FetchTopic_v13(buf, p):
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
            _e, p = _dec_FetchPartition_v12(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchTopic')
    return FetchTopic('', f_topic_id, f_partitions, _u), p


def _dec_FetchTopic_v17(buf, p):
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
            _e, p = _dec_FetchPartition_v17(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchTopic')
    return FetchTopic('', f_topic_id, f_partitions, _u), p


def _dec_FetchTopic_v18(buf, p):
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
            _e, p = _dec_FetchPartition_v18(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchTopic')
    return FetchTopic('', f_topic_id, f_partitions, _u), p


def _enc_ForgottenTopic_v4(o, w):
    if o.partitions is None or len(o.partitions) != 0:
        raise field_not_in_version('Partitions')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ForgottenTopic')


def _enc_ForgottenTopic_v7(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ForgottenTopic')


def _enc_ForgottenTopic_v12(o, w):
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


def _enc_ForgottenTopic_v13(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
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


def _dec_ForgottenTopic_v4(buf, p):
    return ForgottenTopic('', ZERO_UUID, [], ()), p


def _dec_ForgottenTopic_v7(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return ForgottenTopic(f_topic, ZERO_UUID, f_partitions, ()), p


def _dec_ForgottenTopic_v12(buf, p):
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
        _u, p = read_unknown_tagged_fields(buf, p, 'ForgottenTopic')
    return ForgottenTopic(f_topic, ZERO_UUID, f_partitions, _u), p


def _dec_ForgottenTopic_v13(buf, p):
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
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ForgottenTopic')
    return ForgottenTopic('', f_topic_id, f_partitions, _u), p


def _enc_FetchRequest_v4(o, w):
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('ReplicaState')
    if o.forgotten_topics_data is None or len(o.forgotten_topics_data) != 0:
        raise field_not_in_version('ForgottenTopicsData')
    b = w.buf
    b += _S_iiiib.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchTopic_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchRequest')


def _enc_FetchRequest_v5(o, w):
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('ReplicaState')
    if o.forgotten_topics_data is None or len(o.forgotten_topics_data) != 0:
        raise field_not_in_version('ForgottenTopicsData')
    b = w.buf
    b += _S_iiiib.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchTopic_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchRequest')


def _enc_FetchRequest_v7(o, w):
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('ReplicaState')
    b = w.buf
    b += _S_iiiibii.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchTopic_v5(_e, w)
    _a = o.forgotten_topics_data
    if _a is None:
        raise EncodeError('ForgottenTopicsData' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ForgottenTopic_v7(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchRequest')


def _enc_FetchRequest_v9(o, w):
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('ReplicaState')
    b = w.buf
    b += _S_iiiibii.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchTopic_v9(_e, w)
    _a = o.forgotten_topics_data
    if _a is None:
        raise EncodeError('ForgottenTopicsData' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ForgottenTopic_v7(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchRequest')


def _enc_FetchRequest_v11(o, w):
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('ReplicaState')
    b = w.buf
    b += _S_iiiibii.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchTopic_v9(_e, w)
    _a = o.forgotten_topics_data
    if _a is None:
        raise EncodeError('ForgottenTopicsData' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ForgottenTopic_v7(_e, w)
    write_string(b, o.rack_id, False, 'RackId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchRequest')


def _enc_FetchRequest_v12(o, w):
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('ReplicaState')
    b = w.buf
    b += _S_iiiibii.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchTopic_v12(_e, w)
    _a = o.forgotten_topics_data
    if _a is None:
        raise EncodeError('ForgottenTopicsData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ForgottenTopic_v12(_e, w)
    write_compact_string(b, o.rack_id, False, 'RackId')
    _t = o.unknown_tagged_fields
    if o.cluster_id is not None:
        _tw = Writer()
        write_compact_string(_tw.buf, o.cluster_id, True, 'ClusterId')
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_FetchRequest_v13(o, w):
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('ReplicaState')
    b = w.buf
    b += _S_iiiibii.pack(o.replica_id, o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchTopic_v13(_e, w)
    _a = o.forgotten_topics_data
    if _a is None:
        raise EncodeError('ForgottenTopicsData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ForgottenTopic_v13(_e, w)
    write_compact_string(b, o.rack_id, False, 'RackId')
    _t = o.unknown_tagged_fields
    if o.cluster_id is not None:
        _tw = Writer()
        write_compact_string(_tw.buf, o.cluster_id, True, 'ClusterId')
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_FetchRequest_v15(o, w):
    if o.replica_id != -1:
        raise field_not_in_version('ReplicaId')
    b = w.buf
    b += _S_iiibii.pack(o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchTopic_v13(_e, w)
    _a = o.forgotten_topics_data
    if _a is None:
        raise EncodeError('ForgottenTopicsData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ForgottenTopic_v13(_e, w)
    write_compact_string(b, o.rack_id, False, 'RackId')
    _t = o.unknown_tagged_fields
    if o.cluster_id is not None:
        _tw = Writer()
        write_compact_string(_tw.buf, o.cluster_id, True, 'ClusterId')
        _t = [*_t, (0, _tw.getvalue())]
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_ReplicaState_v15(o.replica_state, _tw)
        _t = [*_t, (1, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_FetchRequest_v17(o, w):
    if o.replica_id != -1:
        raise field_not_in_version('ReplicaId')
    b = w.buf
    b += _S_iiibii.pack(o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchTopic_v17(_e, w)
    _a = o.forgotten_topics_data
    if _a is None:
        raise EncodeError('ForgottenTopicsData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ForgottenTopic_v13(_e, w)
    write_compact_string(b, o.rack_id, False, 'RackId')
    _t = o.unknown_tagged_fields
    if o.cluster_id is not None:
        _tw = Writer()
        write_compact_string(_tw.buf, o.cluster_id, True, 'ClusterId')
        _t = [*_t, (0, _tw.getvalue())]
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_ReplicaState_v15(o.replica_state, _tw)
        _t = [*_t, (1, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_FetchRequest_v18(o, w):
    if o.replica_id != -1:
        raise field_not_in_version('ReplicaId')
    b = w.buf
    b += _S_iiibii.pack(o.max_wait_ms, o.min_bytes, o.max_bytes, o.isolation_level, o.session_id, o.session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchTopic_v18(_e, w)
    _a = o.forgotten_topics_data
    if _a is None:
        raise EncodeError('ForgottenTopicsData' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ForgottenTopic_v13(_e, w)
    write_compact_string(b, o.rack_id, False, 'RackId')
    _t = o.unknown_tagged_fields
    if o.cluster_id is not None:
        _tw = Writer()
        write_compact_string(_tw.buf, o.cluster_id, True, 'ClusterId')
        _t = [*_t, (0, _tw.getvalue())]
    if ((_s := o.replica_state) is not _DEFAULT_ReplicaState and ((_s.replica_id != -1) or (_s.replica_epoch != -1) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_ReplicaState_v15(o.replica_state, _tw)
        _t = [*_t, (1, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_FetchRequest_v4(buf, p):
    f_replica_id, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level = _S_iiiib.unpack_from(buf, p)
    p += 17
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_FetchTopic_v4(buf, p)
            f_topics.append(_e)
    return FetchRequest(None, f_replica_id, ReplicaState(), f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, 0, -1, f_topics, [], '', ()), p


def _dec_FetchRequest_v5(buf, p):
    f_replica_id, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level = _S_iiiib.unpack_from(buf, p)
    p += 17
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_FetchTopic_v5(buf, p)
            f_topics.append(_e)
    return FetchRequest(None, f_replica_id, ReplicaState(), f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, 0, -1, f_topics, [], '', ()), p


def _dec_FetchRequest_v7(buf, p):
    f_replica_id, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch = _S_iiiibii.unpack_from(buf, p)
    p += 25
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_FetchTopic_v5(buf, p)
            f_topics.append(_e)
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ForgottenTopicsData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ForgottenTopicsData')
        f_forgotten_topics_data = []
        for _ in range(_n):
            _e, p = _dec_ForgottenTopic_v7(buf, p)
            f_forgotten_topics_data.append(_e)
    return FetchRequest(None, f_replica_id, ReplicaState(), f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch, f_topics, f_forgotten_topics_data, '', ()), p


def _dec_FetchRequest_v9(buf, p):
    f_replica_id, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch = _S_iiiibii.unpack_from(buf, p)
    p += 25
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_FetchTopic_v9(buf, p)
            f_topics.append(_e)
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ForgottenTopicsData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ForgottenTopicsData')
        f_forgotten_topics_data = []
        for _ in range(_n):
            _e, p = _dec_ForgottenTopic_v7(buf, p)
            f_forgotten_topics_data.append(_e)
    return FetchRequest(None, f_replica_id, ReplicaState(), f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch, f_topics, f_forgotten_topics_data, '', ()), p


def _dec_FetchRequest_v11(buf, p):
    f_replica_id, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch = _S_iiiibii.unpack_from(buf, p)
    p += 25
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_FetchTopic_v9(buf, p)
            f_topics.append(_e)
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ForgottenTopicsData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ForgottenTopicsData')
        f_forgotten_topics_data = []
        for _ in range(_n):
            _e, p = _dec_ForgottenTopic_v7(buf, p)
            f_forgotten_topics_data.append(_e)
    f_rack_id, p = read_string(buf, p, False, 'RackId')
    return FetchRequest(None, f_replica_id, ReplicaState(), f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch, f_topics, f_forgotten_topics_data, f_rack_id, ()), p


def _dec_FetchRequest_v12(buf, p):
    f_replica_id, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch = _S_iiiibii.unpack_from(buf, p)
    p += 25
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
            _e, p = _dec_FetchTopic_v12(buf, p)
            f_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ForgottenTopicsData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ForgottenTopicsData')
        f_forgotten_topics_data = []
        for _ in range(_n):
            _e, p = _dec_ForgottenTopic_v12(buf, p)
            f_forgotten_topics_data.append(_e)
    f_rack_id, p = read_compact_string(buf, p, False, 'RackId')
    f_cluster_id = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchRequest' + ': tagged field past the end')
            if _tag == 0:
                f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
                if p != _end:
                    raise DecodeError('ClusterId' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchRequest(f_cluster_id, f_replica_id, ReplicaState(), f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch, f_topics, f_forgotten_topics_data, f_rack_id, _u), p


def _dec_FetchRequest_v13(buf, p):
    f_replica_id, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch = _S_iiiibii.unpack_from(buf, p)
    p += 25
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
            _e, p = _dec_FetchTopic_v13(buf, p)
            f_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ForgottenTopicsData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ForgottenTopicsData')
        f_forgotten_topics_data = []
        for _ in range(_n):
            _e, p = _dec_ForgottenTopic_v13(buf, p)
            f_forgotten_topics_data.append(_e)
    f_rack_id, p = read_compact_string(buf, p, False, 'RackId')
    f_cluster_id = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchRequest' + ': tagged field past the end')
            if _tag == 0:
                f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
                if p != _end:
                    raise DecodeError('ClusterId' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchRequest(f_cluster_id, f_replica_id, ReplicaState(), f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch, f_topics, f_forgotten_topics_data, f_rack_id, _u), p


def _dec_FetchRequest_v15(buf, p):
    f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch = _S_iiibii.unpack_from(buf, p)
    p += 21
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
            _e, p = _dec_FetchTopic_v13(buf, p)
            f_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ForgottenTopicsData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ForgottenTopicsData')
        f_forgotten_topics_data = []
        for _ in range(_n):
            _e, p = _dec_ForgottenTopic_v13(buf, p)
            f_forgotten_topics_data.append(_e)
    f_rack_id, p = read_compact_string(buf, p, False, 'RackId')
    f_cluster_id = None
    f_replica_state = ReplicaState()
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchRequest' + ': tagged field past the end')
            if _tag == 0:
                f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
                if p != _end:
                    raise DecodeError('ClusterId' + ': tagged field size mismatch')
            elif _tag == 1:
                f_replica_state, p = _dec_ReplicaState_v15(buf, p)
                if p != _end:
                    raise DecodeError('ReplicaState' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchRequest(f_cluster_id, -1, f_replica_state, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch, f_topics, f_forgotten_topics_data, f_rack_id, _u), p


def _dec_FetchRequest_v17(buf, p):
    f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch = _S_iiibii.unpack_from(buf, p)
    p += 21
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
            _e, p = _dec_FetchTopic_v17(buf, p)
            f_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ForgottenTopicsData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ForgottenTopicsData')
        f_forgotten_topics_data = []
        for _ in range(_n):
            _e, p = _dec_ForgottenTopic_v13(buf, p)
            f_forgotten_topics_data.append(_e)
    f_rack_id, p = read_compact_string(buf, p, False, 'RackId')
    f_cluster_id = None
    f_replica_state = ReplicaState()
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchRequest' + ': tagged field past the end')
            if _tag == 0:
                f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
                if p != _end:
                    raise DecodeError('ClusterId' + ': tagged field size mismatch')
            elif _tag == 1:
                f_replica_state, p = _dec_ReplicaState_v15(buf, p)
                if p != _end:
                    raise DecodeError('ReplicaState' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchRequest(f_cluster_id, -1, f_replica_state, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch, f_topics, f_forgotten_topics_data, f_rack_id, _u), p


def _dec_FetchRequest_v18(buf, p):
    f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch = _S_iiibii.unpack_from(buf, p)
    p += 21
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
            _e, p = _dec_FetchTopic_v18(buf, p)
            f_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ForgottenTopicsData' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ForgottenTopicsData')
        f_forgotten_topics_data = []
        for _ in range(_n):
            _e, p = _dec_ForgottenTopic_v13(buf, p)
            f_forgotten_topics_data.append(_e)
    f_rack_id, p = read_compact_string(buf, p, False, 'RackId')
    f_cluster_id = None
    f_replica_state = ReplicaState()
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchRequest' + ': tagged field past the end')
            if _tag == 0:
                f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
                if p != _end:
                    raise DecodeError('ClusterId' + ': tagged field size mismatch')
            elif _tag == 1:
                f_replica_state, p = _dec_ReplicaState_v15(buf, p)
                if p != _end:
                    raise DecodeError('ReplicaState' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchRequest(f_cluster_id, -1, f_replica_state, f_max_wait_ms, f_min_bytes, f_max_bytes, f_isolation_level, f_session_id, f_session_epoch, f_topics, f_forgotten_topics_data, f_rack_id, _u), p


ReplicaState._ENCODERS = {4: _enc_ReplicaState_v4, 5: _enc_ReplicaState_v4, 6: _enc_ReplicaState_v4, 7: _enc_ReplicaState_v4, 8: _enc_ReplicaState_v4, 9: _enc_ReplicaState_v4, 10: _enc_ReplicaState_v4, 11: _enc_ReplicaState_v4, 12: _enc_ReplicaState_v12, 13: _enc_ReplicaState_v12, 14: _enc_ReplicaState_v12, 15: _enc_ReplicaState_v15, 16: _enc_ReplicaState_v15, 17: _enc_ReplicaState_v15, 18: _enc_ReplicaState_v15}
ReplicaState._DECODERS = {4: _dec_ReplicaState_v4, 5: _dec_ReplicaState_v4, 6: _dec_ReplicaState_v4, 7: _dec_ReplicaState_v4, 8: _dec_ReplicaState_v4, 9: _dec_ReplicaState_v4, 10: _dec_ReplicaState_v4, 11: _dec_ReplicaState_v4, 12: _dec_ReplicaState_v12, 13: _dec_ReplicaState_v12, 14: _dec_ReplicaState_v12, 15: _dec_ReplicaState_v15, 16: _dec_ReplicaState_v15, 17: _dec_ReplicaState_v15, 18: _dec_ReplicaState_v15}
FetchPartition._ENCODERS = {4: _enc_FetchPartition_v4, 5: _enc_FetchPartition_v5, 6: _enc_FetchPartition_v5, 7: _enc_FetchPartition_v5, 8: _enc_FetchPartition_v5, 9: _enc_FetchPartition_v9, 10: _enc_FetchPartition_v9, 11: _enc_FetchPartition_v9, 12: _enc_FetchPartition_v12, 13: _enc_FetchPartition_v12, 14: _enc_FetchPartition_v12, 15: _enc_FetchPartition_v12, 16: _enc_FetchPartition_v12, 17: _enc_FetchPartition_v17, 18: _enc_FetchPartition_v18}
FetchPartition._DECODERS = {4: _dec_FetchPartition_v4, 5: _dec_FetchPartition_v5, 6: _dec_FetchPartition_v5, 7: _dec_FetchPartition_v5, 8: _dec_FetchPartition_v5, 9: _dec_FetchPartition_v9, 10: _dec_FetchPartition_v9, 11: _dec_FetchPartition_v9, 12: _dec_FetchPartition_v12, 13: _dec_FetchPartition_v12, 14: _dec_FetchPartition_v12, 15: _dec_FetchPartition_v12, 16: _dec_FetchPartition_v12, 17: _dec_FetchPartition_v17, 18: _dec_FetchPartition_v18}
FetchTopic._ENCODERS = {4: _enc_FetchTopic_v4, 5: _enc_FetchTopic_v5, 6: _enc_FetchTopic_v5, 7: _enc_FetchTopic_v5, 8: _enc_FetchTopic_v5, 9: _enc_FetchTopic_v9, 10: _enc_FetchTopic_v9, 11: _enc_FetchTopic_v9, 12: _enc_FetchTopic_v12, 13: _enc_FetchTopic_v13, 14: _enc_FetchTopic_v13, 15: _enc_FetchTopic_v13, 16: _enc_FetchTopic_v13, 17: _enc_FetchTopic_v17, 18: _enc_FetchTopic_v18}
FetchTopic._DECODERS = {4: _dec_FetchTopic_v4, 5: _dec_FetchTopic_v5, 6: _dec_FetchTopic_v5, 7: _dec_FetchTopic_v5, 8: _dec_FetchTopic_v5, 9: _dec_FetchTopic_v9, 10: _dec_FetchTopic_v9, 11: _dec_FetchTopic_v9, 12: _dec_FetchTopic_v12, 13: _dec_FetchTopic_v13, 14: _dec_FetchTopic_v13, 15: _dec_FetchTopic_v13, 16: _dec_FetchTopic_v13, 17: _dec_FetchTopic_v17, 18: _dec_FetchTopic_v18}
ForgottenTopic._ENCODERS = {4: _enc_ForgottenTopic_v4, 5: _enc_ForgottenTopic_v4, 6: _enc_ForgottenTopic_v4, 7: _enc_ForgottenTopic_v7, 8: _enc_ForgottenTopic_v7, 9: _enc_ForgottenTopic_v7, 10: _enc_ForgottenTopic_v7, 11: _enc_ForgottenTopic_v7, 12: _enc_ForgottenTopic_v12, 13: _enc_ForgottenTopic_v13, 14: _enc_ForgottenTopic_v13, 15: _enc_ForgottenTopic_v13, 16: _enc_ForgottenTopic_v13, 17: _enc_ForgottenTopic_v13, 18: _enc_ForgottenTopic_v13}
ForgottenTopic._DECODERS = {4: _dec_ForgottenTopic_v4, 5: _dec_ForgottenTopic_v4, 6: _dec_ForgottenTopic_v4, 7: _dec_ForgottenTopic_v7, 8: _dec_ForgottenTopic_v7, 9: _dec_ForgottenTopic_v7, 10: _dec_ForgottenTopic_v7, 11: _dec_ForgottenTopic_v7, 12: _dec_ForgottenTopic_v12, 13: _dec_ForgottenTopic_v13, 14: _dec_ForgottenTopic_v13, 15: _dec_ForgottenTopic_v13, 16: _dec_ForgottenTopic_v13, 17: _dec_ForgottenTopic_v13, 18: _dec_ForgottenTopic_v13}
FetchRequest._ENCODERS = {4: _enc_FetchRequest_v4, 5: _enc_FetchRequest_v5, 6: _enc_FetchRequest_v5, 7: _enc_FetchRequest_v7, 8: _enc_FetchRequest_v7, 9: _enc_FetchRequest_v9, 10: _enc_FetchRequest_v9, 11: _enc_FetchRequest_v11, 12: _enc_FetchRequest_v12, 13: _enc_FetchRequest_v13, 14: _enc_FetchRequest_v13, 15: _enc_FetchRequest_v15, 16: _enc_FetchRequest_v15, 17: _enc_FetchRequest_v17, 18: _enc_FetchRequest_v18}
FetchRequest._DECODERS = {4: _dec_FetchRequest_v4, 5: _dec_FetchRequest_v5, 6: _dec_FetchRequest_v5, 7: _dec_FetchRequest_v7, 8: _dec_FetchRequest_v7, 9: _dec_FetchRequest_v9, 10: _dec_FetchRequest_v9, 11: _dec_FetchRequest_v11, 12: _dec_FetchRequest_v12, 13: _dec_FetchRequest_v13, 14: _dec_FetchRequest_v13, 15: _dec_FetchRequest_v15, 16: _dec_FetchRequest_v15, 17: _dec_FetchRequest_v17, 18: _dec_FetchRequest_v18}
