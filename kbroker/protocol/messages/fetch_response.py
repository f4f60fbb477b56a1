"""FetchResponse: generated from schemas/clients/FetchResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ihi = struct.Struct('>ihi')
_S_ihqq = struct.Struct('>ihqq')
_S_ihqqq = struct.Struct('>ihqqq')
_S_ii = struct.Struct('>ii')
_S_iq = struct.Struct('>iq')
_S_qi = struct.Struct('>qi')
_S_qq = struct.Struct('>qq')


@attrs.define(eq=True, slots=True)
class EpochEndOffset(Message):
    """In case divergence is detected based on the `LastFetchedEpoch` and `FetchOffset` in the request, this field indicates the largest epoch and its end offset such that subsequent records are known to diverge."""

    epoch: int = -1
    end_offset: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class LeaderIdAndEpoch(Message):
    """The current leader of the partition."""

    leader_id: int = -1
    leader_epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class SnapshotId(Message):
    """In the case of fetching an offset less than the LogStartOffset, this is the end offset and epoch that should be used in the FetchSnapshot request."""

    end_offset: int = -1
    epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AbortedTransaction(Message):
    """The aborted transactions."""

    producer_id: int = 0
    first_offset: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The topic partitions."""

    partition_index: int = 0
    error_code: int = 0
    high_watermark: int = 0
    last_stable_offset: int = -1
    log_start_offset: int = -1
    diverging_epoch: EpochEndOffset = attrs.field(factory=EpochEndOffset)
    current_leader: LeaderIdAndEpoch = attrs.field(factory=LeaderIdAndEpoch)
    snapshot_id: SnapshotId = attrs.field(factory=SnapshotId)
    aborted_transactions: list[AbortedTransaction] | None = attrs.field(factory=list)
    preferred_read_replica: int = -1
    records: object = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FetchableTopicResponse(Message):
    """The response topics."""

    topic: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class NodeEndpoint(Message):
    """Endpoints for all current-leaders enumerated in PartitionData, with errors NOT_LEADER_OR_FOLLOWER & FENCED_LEADER_EPOCH."""

    node_id: int = 0
    host: str = ''
    port: int = 0
    rack: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FetchResponse(Message):
    """The FetchResponse struct of FetchResponse."""

    API_KEY = 1
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 4
    HIGHEST_VERSION = 18
    FLEXIBLE_VERSION = 12
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 12:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    session_id: int = 0
    responses: list[FetchableTopicResponse] = attrs.field(factory=list)
    node_endpoints: list[NodeEndpoint] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EpochEndOffset = EpochEndOffset()
_DEFAULT_LeaderIdAndEpoch = LeaderIdAndEpoch()
_DEFAULT_SnapshotId = SnapshotId()
_DEFAULT_AbortedTransaction = AbortedTransaction()
_DEFAULT_PartitionData = PartitionData()
_DEFAULT_FetchableTopicResponse = FetchableTopicResponse()
_DEFAULT_NodeEndpoint = NodeEndpoint()
_DEFAULT_FetchResponse = FetchResponse()


def _enc_EpochEndOffset_v4(o, w):
    if o.epoch != -1:
        raise field_not_in_version('Epoch')
    if o.end_offset != -1:
        raise field_not_in_version('EndOffset')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('EpochEndOffset')


def _enc_EpochEndOffset_v12(o, w):
    b = w.buf
    b += _S_iq.pack(o.epoch, o.end_offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EpochEndOffset_v4(buf, p):
    return EpochEndOffset(-1, -1, ()), p


def _dec_EpochEndOffset_v12(buf, p):
    f_epoch, f_end_offset = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EpochEndOffset')
    return EpochEndOffset(f_epoch, f_end_offset, _u), p


def _enc_LeaderIdAndEpoch_v4(o, w):
    if o.leader_id != -1:
        raise field_not_in_version('LeaderId')
    if o.leader_epoch != -1:
        raise field_not_in_version('LeaderEpoch')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LeaderIdAndEpoch')


def _enc_LeaderIdAndEpoch_v12(o, w):
    b = w.buf
    b += _S_ii.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LeaderIdAndEpoch_v4(buf, p):
    return LeaderIdAndEpoch(-1, -1, ()), p


def _dec_LeaderIdAndEpoch_v12(buf, p):
    f_leader_id, f_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaderIdAndEpoch')
    return LeaderIdAndEpoch(f_leader_id, f_leader_epoch, _u), p


def _enc_SnapshotId_v4(o, w):
    b = w.buf
    b += _S_qi.pack(o.end_offset, o.epoch)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SnapshotId')


def _enc_SnapshotId_v12(o, w):
    b = w.buf
    b += _S_qi.pack(o.end_offset, o.epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SnapshotId_v4(buf, p):
    f_end_offset, f_epoch = _S_qi.unpack_from(buf, p)
    p += 12
    return SnapshotId(f_end_offset, f_epoch, ()), p


def _dec_SnapshotId_v12(buf, p):
    f_end_offset, f_epoch = _S_qi.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SnapshotId')
    return SnapshotId(f_end_offset, f_epoch, _u), p


def _enc_AbortedTransaction_v4(o, w):
    b = w.buf
    b += _S_qq.pack(o.producer_id, o.first_offset)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AbortedTransaction')


def _enc_AbortedTransaction_v12(o, w):
    b = w.buf
    b += _S_qq.pack(o.producer_id, o.first_offset)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AbortedTransaction_v4(buf, p):
    f_producer_id, f_first_offset = _S_qq.unpack_from(buf, p)
    p += 16
    return AbortedTransaction(f_producer_id, f_first_offset, ()), p


def _dec_AbortedTransaction_v12(buf, p):
    f_producer_id, f_first_offset = _S_qq.unpack_from(buf, p)
    p += 16
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AbortedTransaction')
    return AbortedTransaction(f_producer_id, f_first_offset, _u), p


def _enc_PartitionData_v4(o, w):
    if ((_s := o.diverging_epoch) is not _DEFAULT_EpochEndOffset and ((_s.epoch != -1) or (_s.end_offset != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('DivergingEpoch')
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('CurrentLeader')
    if ((_s := o.snapshot_id) is not _DEFAULT_SnapshotId and ((_s.end_offset != -1) or (_s.epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('SnapshotId')
    if o.preferred_read_replica != -1:
        raise field_not_in_version('PreferredReadReplica')
    b = w.buf
    b += _S_ihqq.pack(o.partition_index, o.error_code, o.high_watermark, o.last_stable_offset)
    _a = o.aborted_transactions
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AbortedTransaction_v4(_e, w)
    write_records(w, o.records, True, 'Records')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionData')


def _enc_PartitionData_v5(o, w):
    if ((_s := o.diverging_epoch) is not _DEFAULT_EpochEndOffset and ((_s.epoch != -1) or (_s.end_offset != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('DivergingEpoch')
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('CurrentLeader')
    if ((_s := o.snapshot_id) is not _DEFAULT_SnapshotId and ((_s.end_offset != -1) or (_s.epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('SnapshotId')
    if o.preferred_read_replica != -1:
        raise field_not_in_version('PreferredReadReplica')
    b = w.buf
    b += _S_ihqqq.pack(o.partition_index, o.error_code, o.high_watermark, o.last_stable_offset, o.log_start_offset)
    _a = o.aborted_transactions
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AbortedTransaction_v4(_e, w)
    write_records(w, o.records, True, 'Records')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionData')


def _enc_PartitionData_v11(o, w):
    if ((_s := o.diverging_epoch) is not _DEFAULT_EpochEndOffset and ((_s.epoch != -1) or (_s.end_offset != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('DivergingEpoch')
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('CurrentLeader')
    if ((_s := o.snapshot_id) is not _DEFAULT_SnapshotId and ((_s.end_offset != -1) or (_s.epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('SnapshotId')
    b = w.buf
    b += _S_ihqqq.pack(o.partition_index, o.error_code, o.high_watermark, o.last_stable_offset, o.log_start_offset)
    _a = o.aborted_transactions
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AbortedTransaction_v4(_e, w)
    b += _S_i.pack(o.preferred_read_replica)
    write_records(w, o.records, True, 'Records')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionData')


def _enc_PartitionData_v12(o, w):
    b = w.buf
    b += _S_ihqqq.pack(o.partition_index, o.error_code, o.high_watermark, o.last_stable_offset, o.log_start_offset)
    _a = o.aborted_transactions
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AbortedTransaction_v12(_e, w)
    b += _S_i.pack(o.preferred_read_replica)
    write_compact_records(w, o.records, True, 'Records')
    _t = o.unknown_tagged_fields
    if ((_s := o.diverging_epoch) is not _DEFAULT_EpochEndOffset and ((_s.epoch != -1) or (_s.end_offset != -1) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_EpochEndOffset_v12(o.diverging_epoch, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_LeaderIdAndEpoch_v12(o.current_leader, _tw)
        _t = [*_t, (1, _tw.getvalue())]
    if ((_s := o.snapshot_id) is not _DEFAULT_SnapshotId and ((_s.end_offset != -1) or (_s.epoch != -1) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_SnapshotId_v12(o.snapshot_id, _tw)
        _t = [*_t, (2, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_PartitionData_v4(buf, p):
    f_partition_index, f_error_code, f_high_watermark, f_last_stable_offset = _S_ihqq.unpack_from(buf, p)
    p += 22
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_aborted_transactions = None
    else:
        check_count(_n, buf, p, 'AbortedTransactions')
        f_aborted_transactions = []
        for _ in range(_n):
            _e, p = _dec_AbortedTransaction_v4(buf, p)
            f_aborted_transactions.append(_e)
    f_records, p = read_records(buf, p, True, 'Records')
    return PartitionData(f_partition_index, f_error_code, f_high_watermark, f_last_stable_offset, -1, EpochEndOffset(), LeaderIdAndEpoch(), SnapshotId(), f_aborted_transactions, -1, f_records, ()), p


def _dec_PartitionData_v5(buf, p):
    f_partition_index, f_error_code, f_high_watermark, f_last_stable_offset, f_log_start_offset = _S_ihqqq.unpack_from(buf, p)
    p += 30
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_aborted_transactions = None
    else:
        check_count(_n, buf, p, 'AbortedTransactions')
        f_aborted_transactions = []
        for _ in range(_n):
            _e, p = _dec_AbortedTransaction_v4(buf, p)
            f_aborted_transactions.append(_e)
    f_records, p = read_records(buf, p, True, 'Records')
    return PartitionData(f_partition_index, f_error_code, f_high_watermark, f_last_stable_offset, f_log_start_offset, EpochEndOffset(), LeaderIdAndEpoch(), SnapshotId(), f_aborted_transactions, -1, f_records, ()), p


def _dec_PartitionData_v11(buf, p):
    f_partition_index, f_error_code, f_high_watermark, f_last_stable_offset, f_log_start_offset = _S_ihqqq.unpack_from(buf, p)
    p += 30
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_aborted_transactions = None
    else:
        check_count(_n, buf, p, 'AbortedTransactions')
        f_aborted_transactions = []
        for _ in range(_n):
            _e, p = _dec_AbortedTransaction_v4(buf, p)
            f_aborted_transactions.append(_e)
    f_preferred_read_replica, = _S_i.unpack_from(buf, p)
    p += 4
    f_records, p = read_records(buf, p, True, 'Records')
    return PartitionData(f_partition_index, f_error_code, f_high_watermark, f_last_stable_offset, f_log_start_offset, EpochEndOffset(), LeaderIdAndEpoch(), SnapshotId(), f_aborted_transactions, f_preferred_read_replica, f_records, ()), p


def _dec_PartitionData_v12(buf, p):
    f_partition_index, f_error_code, f_high_watermark, f_last_stable_offset, f_log_start_offset = _S_ihqqq.unpack_from(buf, p)
    p += 30
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_aborted_transactions = None
    else:
        check_count(_n, buf, p, 'AbortedTransactions')
        f_aborted_transactions = []
        for _ in range(_n):
            _e, p = _dec_AbortedTransaction_v12(buf, p)
            f_aborted_transactions.append(_e)
    f_preferred_read_replica, = _S_i.unpack_from(buf, p)
    p += 4
    f_records, p = read_compact_records(buf, p, True, 'Records')
    f_diverging_epoch = EpochEndOffset()
    f_current_leader = LeaderIdAndEpoch()
    f_snapshot_id = SnapshotId()
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionData tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionData' + ': tagged field past the end')
            if _tag == 0:
                f_diverging_epoch, p = _dec_EpochEndOffset_v12(buf, p)
                if p != _end:
                    raise DecodeError('DivergingEpoch' + ': tagged field size mismatch')
            elif _tag == 1:
                f_current_leader, p = _dec_LeaderIdAndEpoch_v12(buf, p)
                if p != _end:
                    raise DecodeError('CurrentLeader' + ': tagged field size mismatch')
            elif _tag == 2:
                f_snapshot_id, p = _dec_SnapshotId_v12(buf, p)
                if p != _end:
                    raise DecodeError('SnapshotId' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionData(f_partition_index, f_error_code, f_high_watermark, f_last_stable_offset, f_log_start_offset, f_diverging_epoch, f_current_leader, f_snapshot_id, f_aborted_transactions, f_preferred_read_replica, f_records, _u), p


def _enc_FetchableTopicResponse_v4(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionData_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchableTopicResponse')


def _enc_FetchableTopicResponse_v5(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionData_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchableTopicResponse')


def _enc_FetchableTopicResponse_v11(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionData_v11(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchableTopicResponse')


def _enc_FetchableTopicResponse_v12(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v12(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FetchableTopicResponse_v13(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v12(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_FetchableTopicResponse_v4(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionData_v4(buf, p)
            f_partitions.append(_e)
    return FetchableTopicResponse(f_topic, ZERO_UUID, f_partitions, ()), p


def _dec_FetchableTopicResponse_v5(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionData_v5(buf, p)
            f_partitions.append(_e)
    return FetchableTopicResponse(f_topic, ZERO_UUID, f_partitions, ()), p


def _dec_FetchableTopicResponse_v11(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionData_v11(buf, p)
            f_partitions.append(_e)
    return FetchableTopicResponse(f_topic, ZERO_UUID, f_partitions, ()), p


def _dec_FetchableTopicResponse_v12(buf, p):
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
            _e, p = _dec_PartitionData_v12(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchableTopicResponse')
    return FetchableTopicResponse(f_topic, ZERO_UUID, f_partitions, _u), p


def _dec_FetchableTopicResponse_v13(buf, p):
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
            _e, p = _dec_PartitionData_v12(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchableTopicResponse')
    return FetchableTopicResponse('', f_topic_id, f_partitions, _u), p


def _enc_NodeEndpoint_v4(o, w):
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    if o.rack is not None:
        raise field_not_in_version('Rack')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('NodeEndpoint')


def _enc_NodeEndpoint_v12(o, w):
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    if o.rack is not None:
        raise field_not_in_version('Rack')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_NodeEndpoint_v16(o, w):
    b = w.buf
    b += _S_i.pack(o.node_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    write_compact_string(b, o.rack, True, 'Rack')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_NodeEndpoint_v4(buf, p):
    return NodeEndpoint(0, '', 0, None, ()), p


def _dec_NodeEndpoint_v12(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'NodeEndpoint')
    return NodeEndpoint(0, '', 0, None, _u), p


def _dec_NodeEndpoint_v16(buf, p):
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


def _enc_FetchResponse_v4(o, w):
    if o.session_id != 0:
        raise field_not_in_version('SessionId')
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchableTopicResponse_v4(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchResponse')


def _enc_FetchResponse_v5(o, w):
    if o.session_id != 0:
        raise field_not_in_version('SessionId')
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchableTopicResponse_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchResponse')


def _enc_FetchResponse_v7(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchableTopicResponse_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchResponse')


def _enc_FetchResponse_v11(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_FetchableTopicResponse_v11(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FetchResponse')


def _enc_FetchResponse_v12(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchableTopicResponse_v12(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FetchResponse_v13(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchableTopicResponse_v13(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FetchResponse_v16(o, w):
    b = w.buf
    b += _S_ihi.pack(o.throttle_time_ms, o.error_code, o.session_id)
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FetchableTopicResponse_v13(_e, w)
    _t = o.unknown_tagged_fields
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        _tw = Writer()
        _a = o.node_endpoints
        if _a is None:
            raise EncodeError('NodeEndpoints' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _enc_NodeEndpoint_v16(_e, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_FetchResponse_v4(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_FetchableTopicResponse_v4(buf, p)
            f_responses.append(_e)
    return FetchResponse(f_throttle_time_ms, 0, 0, f_responses, [], ()), p


def _dec_FetchResponse_v5(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_FetchableTopicResponse_v5(buf, p)
            f_responses.append(_e)
    return FetchResponse(f_throttle_time_ms, 0, 0, f_responses, [], ()), p


def _dec_FetchResponse_v7(buf, p):
    f_throttle_time_ms, f_error_code, f_session_id = _S_ihi.unpack_from(buf, p)
    p += 10
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_FetchableTopicResponse_v5(buf, p)
            f_responses.append(_e)
    return FetchResponse(f_throttle_time_ms, f_error_code, f_session_id, f_responses, [], ()), p


def _dec_FetchResponse_v11(buf, p):
    f_throttle_time_ms, f_error_code, f_session_id = _S_ihi.unpack_from(buf, p)
    p += 10
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_FetchableTopicResponse_v11(buf, p)
            f_responses.append(_e)
    return FetchResponse(f_throttle_time_ms, f_error_code, f_session_id, f_responses, [], ()), p


def _dec_FetchResponse_v12(buf, p):
    f_throttle_time_ms, f_error_code, f_session_id = _S_ihi.unpack_from(buf, p)
    p += 10
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
            _e, p = _dec_FetchableTopicResponse_v12(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchResponse')
    return FetchResponse(f_throttle_time_ms, f_error_code, f_session_id, f_responses, [], _u), p


def _dec_FetchResponse_v13(buf, p):
    f_throttle_time_ms, f_error_code, f_session_id = _S_ihi.unpack_from(buf, p)
    p += 10
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
            _e, p = _dec_FetchableTopicResponse_v13(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FetchResponse')
    return FetchResponse(f_throttle_time_ms, f_error_code, f_session_id, f_responses, [], _u), p


def _dec_FetchResponse_v16(buf, p):
    f_throttle_time_ms, f_error_code, f_session_id = _S_ihi.unpack_from(buf, p)
    p += 10
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
            _e, p = _dec_FetchableTopicResponse_v13(buf, p)
            f_responses.append(_e)
    f_node_endpoints = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'FetchResponse tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('FetchResponse' + ': tagged field past the end')
            if _tag == 0:
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
                        _e, p = _dec_NodeEndpoint_v16(buf, p)
                        f_node_endpoints.append(_e)
                if p != _end:
                    raise DecodeError('NodeEndpoints' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return FetchResponse(f_throttle_time_ms, f_error_code, f_session_id, f_responses, f_node_endpoints, _u), p


EpochEndOffset._ENCODERS = {4: _enc_EpochEndOffset_v4, 5: _enc_EpochEndOffset_v4, 6: _enc_EpochEndOffset_v4, 7: _enc_EpochEndOffset_v4, 8: _enc_EpochEndOffset_v4, 9: _enc_EpochEndOffset_v4, 10: _enc_EpochEndOffset_v4, 11: _enc_EpochEndOffset_v4, 12: _enc_EpochEndOffset_v12, 13: _enc_EpochEndOffset_v12, 14: _enc_EpochEndOffset_v12, 15: _enc_EpochEndOffset_v12, 16: _enc_EpochEndOffset_v12, 17: _enc_EpochEndOffset_v12, 18: _enc_EpochEndOffset_v12}
EpochEndOffset._DECODERS = {4: _dec_EpochEndOffset_v4, 5: _dec_EpochEndOffset_v4, 6: _dec_EpochEndOffset_v4, 7: _dec_EpochEndOffset_v4, 8: _dec_EpochEndOffset_v4, 9: _dec_EpochEndOffset_v4, 10: _dec_EpochEndOffset_v4, 11: _dec_EpochEndOffset_v4, 12: _dec_EpochEndOffset_v12, 13: _dec_EpochEndOffset_v12, 14: _dec_EpochEndOffset_v12, 15: _dec_EpochEndOffset_v12, 16: _dec_EpochEndOffset_v12, 17: _dec_EpochEndOffset_v12, 18: _dec_EpochEndOffset_v12}
LeaderIdAndEpoch._ENCODERS = {4: _enc_LeaderIdAndEpoch_v4, 5: _enc_LeaderIdAndEpoch_v4, 6: _enc_LeaderIdAndEpoch_v4, 7: _enc_LeaderIdAndEpoch_v4, 8: _enc_LeaderIdAndEpoch_v4, 9: _enc_LeaderIdAndEpoch_v4, 10: _enc_LeaderIdAndEpoch_v4, 11: _enc_LeaderIdAndEpoch_v4, 12: _enc_LeaderIdAndEpoch_v12, 13: _enc_LeaderIdAndEpoch_v12, 14: _enc_LeaderIdAndEpoch_v12, 15: _enc_LeaderIdAndEpoch_v12, 16: _enc_LeaderIdAndEpoch_v12, 17: _enc_LeaderIdAndEpoch_v12, 18: _enc_LeaderIdAndEpoch_v12}
LeaderIdAndEpoch._DECODERS = {4: _dec_LeaderIdAndEpoch_v4, 5: _dec_LeaderIdAndEpoch_v4, 6: _dec_LeaderIdAndEpoch_v4, 7: _dec_LeaderIdAndEpoch_v4, 8: _dec_LeaderIdAndEpoch_v4, 9: _dec_LeaderIdAndEpoch_v4, 10: _dec_LeaderIdAndEpoch_v4, 11: _dec_LeaderIdAndEpoch_v4, 12: _dec_LeaderIdAndEpoch_v12, 13: _dec_LeaderIdAndEpoch_v12, 14: _dec_LeaderIdAndEpoch_v12, 15: _dec_LeaderIdAndEpoch_v12, 16: _dec_LeaderIdAndEpoch_v12, 17: _dec_LeaderIdAndEpoch_v12, 18: _dec_LeaderIdAndEpoch_v12}
SnapshotId._ENCODERS = {4: _enc_SnapshotId_v4, 5: _enc_SnapshotId_v4, 6: _enc_SnapshotId_v4, 7: _enc_SnapshotId_v4, 8: _enc_SnapshotId_v4, 9: _enc_SnapshotId_v4, 10: _enc_SnapshotId_v4, 11: _enc_SnapshotId_v4, 12: _enc_SnapshotId_v12, 13: _enc_SnapshotId_v12, 14: _enc_SnapshotId_v12, 15: _enc_SnapshotId_v12, 16: _enc_SnapshotId_v12, 17: _enc_SnapshotId_v12, 18: _enc_SnapshotId_v12}
SnapshotId._DECODERS = {4: _dec_SnapshotId_v4, 5: _dec_SnapshotId_v4, 6: _dec_SnapshotId_v4, 7: _dec_SnapshotId_v4, 8: _dec_SnapshotId_v4, 9: _dec_SnapshotId_v4, 10: _dec_SnapshotId_v4, 11: _dec_SnapshotId_v4, 12: _dec_SnapshotId_v12, 13: _dec_SnapshotId_v12, 14: _dec_SnapshotId_v12, 15: _dec_SnapshotId_v12, 16: _dec_SnapshotId_v12, 17: _dec_SnapshotId_v12, 18: _dec_SnapshotId_v12}
AbortedTransaction._ENCODERS = {4: _enc_AbortedTransaction_v4, 5: _enc_AbortedTransaction_v4, 6: _enc_AbortedTransaction_v4, 7: _enc_AbortedTransaction_v4, 8: _enc_AbortedTransaction_v4, 9: _enc_AbortedTransaction_v4, 10: _enc_AbortedTransaction_v4, 11: _enc_AbortedTransaction_v4, 12: _enc_AbortedTransaction_v12, 13: _enc_AbortedTransaction_v12, 14: _enc_AbortedTransaction_v12, 15: _enc_AbortedTransaction_v12, 16: _enc_AbortedTransaction_v12, 17: _enc_AbortedTransaction_v12, 18: _enc_AbortedTransaction_v12}
AbortedTransaction._DECODERS = {4: _dec_AbortedTransaction_v4, 5: _dec_AbortedTransaction_v4, 6: _dec_AbortedTransaction_v4, 7: _dec_AbortedTransaction_v4, 8: _dec_AbortedTransaction_v4, 9: _dec_AbortedTransaction_v4, 10: _dec_AbortedTransaction_v4, 11: _dec_AbortedTransaction_v4, 12: _dec_AbortedTransaction_v12, 13: _dec_AbortedTransaction_v12, 14: _dec_AbortedTransaction_v12, 15: _dec_AbortedTransaction_v12, 16: _dec_AbortedTransaction_v12, 17: _dec_AbortedTransaction_v12, 18: _dec_AbortedTransaction_v12}
PartitionData._ENCODERS = {4: _enc_PartitionData_v4, 5: _enc_PartitionData_v5, 6: _enc_PartitionData_v5, 7: _enc_PartitionData_v5, 8: _enc_PartitionData_v5, 9: _enc_PartitionData_v5, 10: _enc_PartitionData_v5, 11: _enc_PartitionData_v11, 12: _enc_PartitionData_v12, 13: _enc_PartitionData_v12, 14: _enc_PartitionData_v12, 15: _enc_PartitionData_v12, 16: _enc_PartitionData_v12, 17: _enc_PartitionData_v12, 18: _enc_PartitionData_v12}
PartitionData._DECODERS = {4: _dec_PartitionData_v4, 5: _dec_PartitionData_v5, 6: _dec_PartitionData_v5, 7: _dec_PartitionData_v5, 8: _dec_PartitionData_v5, 9: _dec_PartitionData_v5, 10: _dec_PartitionData_v5, 11: _dec_PartitionData_v11, 12: _dec_PartitionData_v12, 13: _dec_PartitionData_v12, 14: _dec_PartitionData_v12, 15: _dec_PartitionData_v12, 16: _dec_PartitionData_v12, 17: _dec_PartitionData_v12, 18: _dec_PartitionData_v12}
FetchableTopicResponse._ENCODERS = {4: _enc_FetchableTopicResponse_v4, 5: _enc_FetchableTopicResponse_v5, 6: _enc_FetchableTopicResponse_v5, 7: _enc_FetchableTopicResponse_v5, 8: _enc_FetchableTopicResponse_v5, 9: _enc_FetchableTopicResponse_v5, 10: _enc_FetchableTopicResponse_v5, 11: _enc_FetchableTopicResponse_v11, 12: _enc_FetchableTopicResponse_v12, 13: _enc_FetchableTopicResponse_v13, 14: _enc_FetchableTopicResponse_v13, 15: _enc_FetchableTopicResponse_v13, 16: _enc_FetchableTopicResponse_v13, 17: _enc_FetchableTopicResponse_v13, 18: _enc_FetchableTopicResponse_v13}
FetchableTopicResponse._DECODERS = {4: _dec_FetchableTopicResponse_v4, 5: _dec_FetchableTopicResponse_v5, 6: _dec_FetchableTopicResponse_v5, 7: _dec_FetchableTopicResponse_v5, 8: _dec_FetchableTopicResponse_v5, 9: _dec_FetchableTopicResponse_v5, 10: _dec_FetchableTopicResponse_v5, 11: _dec_FetchableTopicResponse_v11, 12: _dec_FetchableTopicResponse_v12, 13: _dec_FetchableTopicResponse_v13, 14: _dec_FetchableTopicResponse_v13, 15: _dec_FetchableTopicResponse_v13, 16: _dec_FetchableTopicResponse_v13, 17: _dec_FetchableTopicResponse_v13, 18: _dec_FetchableTopicResponse_v13}
NodeEndpoint._ENCODERS = {4: _enc_NodeEndpoint_v4, 5: _enc_NodeEndpoint_v4, 6: _enc_NodeEndpoint_v4, 7: _enc_NodeEndpoint_v4, 8: _enc_NodeEndpoint_v4, 9: _enc_NodeEndpoint_v4, 10: _enc_NodeEndpoint_v4, 11: _enc_NodeEndpoint_v4, 12: _enc_NodeEndpoint_v12, 13: _enc_NodeEndpoint_v12, 14: _enc_NodeEndpoint_v12, 15: _enc_NodeEndpoint_v12, 16: _enc_NodeEndpoint_v16, 17: _enc_NodeEndpoint_v16, 18: _enc_NodeEndpoint_v16}
NodeEndpoint._DECODERS = {4: _dec_NodeEndpoint_v4, 5: _dec_NodeEndpoint_v4, 6: _dec_NodeEndpoint_v4, 7: _dec_NodeEndpoint_v4, 8: _dec_NodeEndpoint_v4, 9: _dec_NodeEndpoint_v4, 10: _dec_NodeEndpoint_v4, 11: _dec_NodeEndpoint_v4, 12: _dec_NodeEndpoint_v12, 13: _dec_NodeEndpoint_v12, 14: _dec_NodeEndpoint_v12, 15: _dec_NodeEndpoint_v12, 16: _dec_NodeEndpoint_v16, 17: _dec_NodeEndpoint_v16, 18: _dec_NodeEndpoint_v16}
FetchResponse._ENCODERS = {4: _enc_FetchResponse_v4, 5: _enc_FetchResponse_v5, 6: _enc_FetchResponse_v5, 7: _enc_FetchResponse_v7, 8: _enc_FetchResponse_v7, 9: _enc_FetchResponse_v7, 10: _enc_FetchResponse_v7, 11: _enc_FetchResponse_v11, 12: _enc_FetchResponse_v12, 13: _enc_FetchResponse_v13, 14: _enc_FetchResponse_v13, 15: _enc_FetchResponse_v13, 16: _enc_FetchResponse_v16, 17: _enc_FetchResponse_v16, 18: _enc_FetchResponse_v16}
FetchResponse._DECODERS = {4: _dec_FetchResponse_v4, 5: _dec_FetchResponse_v5, 6: _dec_FetchResponse_v5, 7: _dec_FetchResponse_v7, 8: _dec_FetchResponse_v7, 9: _dec_FetchResponse_v7, 10: _dec_FetchResponse_v7, 11: _dec_FetchResponse_v11, 12: _dec_FetchResponse_v12, 13: _dec_FetchResponse_v13, 14: _dec_FetchResponse_v13, 15: _dec_FetchResponse_v13, 16: _dec_FetchResponse_v16, 17: _dec_FetchResponse_v16, 18: _dec_FetchResponse_v16}
