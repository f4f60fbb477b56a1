"""DescribeTransactionsResponse: generated from schemas/clients/DescribeTransactionsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i = struct.Struct('>i')
_S_iqqh = struct.Struct('>iqqh')


@attrs.define(eq=True, slots=True)
class TopicData(Message):
    """The set of partitions included in the current transaction (if active). When a transaction is preparing to commit or abort, this will include only partitions which do not have markers."""

    topic: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TransactionState(Message):
    """The current state of the transaction."""

    error_code: int = 0
    transactional_id: str = ''
    transaction_state: str = ''
    transaction_timeout_ms: int = 0
    transaction_start_time_ms: int = 0
    producer_id: int = 0
    producer_epoch: int = 0
    topics: list[TopicData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeTransactionsResponse(Message):
    """The DescribeTransactionsResponse struct of DescribeTransactionsResponse."""

    API_KEY = 65
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
    transaction_states: list[TransactionState] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicData = TopicData()
_DEFAULT_TransactionState = TransactionState()
_DEFAULT_DescribeTransactionsResponse = DescribeTransactionsResponse()


def _enc_TopicData_v0(o, w):
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


def _dec_TopicData_v0(buf, p):
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
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic, f_partitions, _u), p


def _enc_TransactionState_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.transactional_id, False, 'TransactionalId')
    write_compact_string(b, o.transaction_state, False, 'TransactionState')
    b += _S_iqqh.pack(o.transaction_timeout_ms, o.transaction_start_time_ms, o.producer_id, o.producer_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TransactionState_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_transactional_id, p = read_compact_string(buf, p, False, 'TransactionalId')
    f_transaction_state, p = read_compact_string(buf, p, False, 'TransactionState')
    f_transaction_timeout_ms, f_transaction_start_time_ms, f_producer_id, f_producer_epoch = _S_iqqh.unpack_from(buf, p)
    p += 22
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
            _e, p = _dec_TopicData_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TransactionState')
    return TransactionState(f_error_code, f_transactional_id, f_transaction_state, f_transaction_timeout_ms, f_transaction_start_time_ms, f_producer_id, f_producer_epoch, f_topics, _u), p


def _enc_DescribeTransactionsResponse_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.transaction_states
    if _a is None:
        raise EncodeError('TransactionStates' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TransactionState_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeTransactionsResponse_v0(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TransactionStates' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TransactionStates')
        f_transaction_states = []
        for _ in range(_n):
            _e, p = _dec_TransactionState_v0(buf, p)
            f_transaction_states.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeTransactionsResponse')
    return DescribeTransactionsResponse(f_throttle_time_ms, f_transaction_states, _u), p


TopicData._ENCODERS = {0: _enc_TopicData_v0}
TopicData._DECODERS = {0: _dec_TopicData_v0}
TransactionState._ENCODERS = {0: _enc_TransactionState_v0}
TransactionState._DECODERS = {0: _dec_TransactionState_v0}
DescribeTransactionsResponse._ENCODERS = {0: _enc_DescribeTransactionsResponse_v0}
DescribeTransactionsResponse._DECODERS = {0: _dec_DescribeTransactionsResponse_v0}
