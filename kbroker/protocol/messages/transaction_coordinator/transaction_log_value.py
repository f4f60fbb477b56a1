"""TransactionLogValue: generated from schemas/transaction-coordinator/TransactionLogValue.json by kbroker.protocol.codegen. Do not edit."""

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

_S_h = struct.Struct('>h')
_S_q = struct.Struct('>q')
_S_qhib = struct.Struct('>qhib')
_S_qq = struct.Struct('>qq')


@attrs.define(eq=True, slots=True)
class PartitionsSchema(Message):
    """Partitions involved in the transaction."""

    topic: str = ''
    partition_ids: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TransactionLogValue(Message):
    """The TransactionLogValue struct of TransactionLogValue."""

    API_KEY = 0
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    producer_id: int = 0
    previous_producer_id: int = -1
    next_producer_id: int = -1
    producer_epoch: int = 0
    next_producer_epoch: int = -1
    transaction_timeout_ms: int = 0
    transaction_status: int = 0
    transaction_partitions: list[PartitionsSchema] | None = attrs.field(factory=list)
    transaction_last_update_timestamp_ms: int = 0
    transaction_start_timestamp_ms: int = 0
    client_transaction_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionsSchema = PartitionsSchema()
_DEFAULT_TransactionLogValue = TransactionLogValue()


def _enc_PartitionsSchema_v0(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partition_ids
    if _a is None:
        raise EncodeError('PartitionIds' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionsSchema')


def _enc_PartitionsSchema_v1(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
    _a = o.partition_ids
    if _a is None:
        raise EncodeError('PartitionIds' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionsSchema_v0(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('PartitionIds' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionIds')
        f_partition_ids = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return PartitionsSchema(f_topic, f_partition_ids, ()), p


def _dec_PartitionsSchema_v1(buf, p):
    f_topic, p = read_compact_string(buf, p, False, 'Topic')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionIds' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionIds')
        f_partition_ids = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionsSchema')
    return PartitionsSchema(f_topic, f_partition_ids, _u), p


def _enc_TransactionLogValue_v0(o, w):
    if o.previous_producer_id != -1:
        raise field_not_in_version('PreviousProducerId')
    if o.next_producer_id != -1:
        raise field_not_in_version('NextProducerId')
    if o.next_producer_epoch != -1:
        raise field_not_in_version('NextProducerEpoch')
    if o.client_transaction_version != 0:
        raise field_not_in_version('ClientTransactionVersion')
    b = w.buf
    b += _S_qhib.pack(o.producer_id, o.producer_epoch, o.transaction_timeout_ms, o.transaction_status)
    _a = o.transaction_partitions
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionsSchema_v0(_e, w)
    b += _S_qq.pack(o.transaction_last_update_timestamp_ms, o.transaction_start_timestamp_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TransactionLogValue')


def _enc_TransactionLogValue_v1(o, w):
    b = w.buf
    b += _S_qhib.pack(o.producer_id, o.producer_epoch, o.transaction_timeout_ms, o.transaction_status)
    _a = o.transaction_partitions
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionsSchema_v1(_e, w)
    b += _S_qq.pack(o.transaction_last_update_timestamp_ms, o.transaction_start_timestamp_ms)
    _t = o.unknown_tagged_fields
    if o.previous_producer_id != -1:
        _tw = Writer()
        _tw.buf += _S_q.pack(o.previous_producer_id)
        _t = [*_t, (0, _tw.getvalue())]
    if o.next_producer_id != -1:
        _tw = Writer()
        _tw.buf += _S_q.pack(o.next_producer_id)
        _t = [*_t, (1, _tw.getvalue())]
    if o.client_transaction_version != 0:
        _tw = Writer()
        _tw.buf += _S_h.pack(o.client_transaction_version)
        _t = [*_t, (2, _tw.getvalue())]
    if o.next_producer_epoch != -1:
        _tw = Writer()
        _tw.buf += _S_h.pack(o.next_producer_epoch)
        _t = [*_t, (3, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_TransactionLogValue_v0(buf, p):
    f_producer_id, f_producer_epoch, f_transaction_timeout_ms, f_transaction_status = _S_qhib.unpack_from(buf, p)
    p += 15
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_transaction_partitions = None
    else:
        check_count(_n, buf, p, 'TransactionPartitions')
        f_transaction_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionsSchema_v0(buf, p)
            f_transaction_partitions.append(_e)
    f_transaction_last_update_timestamp_ms, f_transaction_start_timestamp_ms = _S_qq.unpack_from(buf, p)
    p += 16
    return TransactionLogValue(f_producer_id, -1, -1, f_producer_epoch, -1, f_transaction_timeout_ms, f_transaction_status, f_transaction_partitions, f_transaction_last_update_timestamp_ms, f_transaction_start_timestamp_ms, 0, ()), p


def _dec_TransactionLogValue_v1(buf, p):
    f_producer_id, f_producer_epoch, f_transaction_timeout_ms, f_transaction_status = _S_qhib.unpack_from(buf, p)
    p += 15
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_transaction_partitions = None
    else:
        check_count(_n, buf, p, 'TransactionPartitions')
        f_transaction_partitions = []
        for _ in range(_n):
            _e, p = _dec_PartitionsSchema_v1(buf, p)
            f_transaction_partitions.append(_e)
    f_transaction_last_update_timestamp_ms, f_transaction_start_timestamp_ms = _S_qq.unpack_from(buf, p)
    p += 16
    f_previous_producer_id = -1
    f_next_producer_id = -1
    f_next_producer_epoch = -1
    f_client_transaction_version = 0
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'TransactionLogValue tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('TransactionLogValue' + ': tagged field past the end')
            if _tag == 0:
                f_previous_producer_id = _S_q.unpack_from(buf, p)[0]
                p += 8
                if p != _end:
                    raise DecodeError('PreviousProducerId' + ': tagged field size mismatch')
            elif _tag == 1:
                f_next_producer_id = _S_q.unpack_from(buf, p)[0]
                p += 8
                if p != _end:
                    raise DecodeError('NextProducerId' + ': tagged field size mismatch')
            elif _tag == 2:
                f_client_transaction_version = _S_h.unpack_from(buf, p)[0]
                p += 2
                if p != _end:
                    raise DecodeError('ClientTransactionVersion' + ': tagged field size mismatch')
            elif _tag == 3:
                f_next_producer_epoch = _S_h.unpack_from(buf, p)[0]
                p += 2
                if p != _end:
                    raise DecodeError('NextProducerEpoch' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return TransactionLogValue(f_producer_id, f_previous_producer_id, f_next_producer_id, f_producer_epoch, f_next_producer_epoch, f_transaction_timeout_ms, f_transaction_status, f_transaction_partitions, f_transaction_last_update_timestamp_ms, f_transaction_start_timestamp_ms, f_client_transaction_version, _u), p


PartitionsSchema._ENCODERS = {0: _enc_PartitionsSchema_v0, 1: _enc_PartitionsSchema_v1}
PartitionsSchema._DECODERS = {0: _dec_PartitionsSchema_v0, 1: _dec_PartitionsSchema_v1}
TransactionLogValue._ENCODERS = {0: _enc_TransactionLogValue_v0, 1: _enc_TransactionLogValue_v1}
TransactionLogValue._DECODERS = {0: _dec_TransactionLogValue_v0, 1: _dec_TransactionLogValue_v1}
