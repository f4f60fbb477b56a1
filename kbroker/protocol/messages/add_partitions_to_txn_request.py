"""AddPartitionsToTxnRequest: generated from schemas/clients/AddPartitionsToTxnRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_qh = struct.Struct('>qh')
_S_qho = struct.Struct('>qh?')


@attrs.define(eq=True, slots=True)
class AddPartitionsToTxnTopic(Message):
    """The AddPartitionsToTxnTopic struct of AddPartitionsToTxnRequest."""

    name: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AddPartitionsToTxnTransaction(Message):
    """List of transactions to add partitions to."""

    transactional_id: str = ''
    producer_id: int = 0
    producer_epoch: int = 0
    verify_only: bool = False
    topics: list[AddPartitionsToTxnTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AddPartitionsToTxnRequest(Message):
    """The AddPartitionsToTxnRequest struct of AddPartitionsToTxnRequest."""

    API_KEY = 24
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 3:
            return 2
        return 1

    transactions: list[AddPartitionsToTxnTransaction] = attrs.field(factory=list)
    v3_and_below_transactional_id: str = ''
    v3_and_below_producer_id: int = 0
    v3_and_below_producer_epoch: int = 0
    v3_and_below_topics: list[AddPartitionsToTxnTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AddPartitionsToTxnTopic = AddPartitionsToTxnTopic()
_DEFAULT_AddPartitionsToTxnTransaction = AddPartitionsToTxnTransaction()
_DEFAULT_AddPartitionsToTxnRequest = AddPartitionsToTxnRequest()


def _enc_AddPartitionsToTxnTopic_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AddPartitionsToTxnTopic')


def _enc_AddPartitionsToTxnTopic_v3(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
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


def _dec_AddPartitionsToTxnTopic_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return AddPartitionsToTxnTopic(f_name, f_partitions, ()), p


def _dec_AddPartitionsToTxnTopic_v3(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
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
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnTopic')
    return AddPartitionsToTxnTopic(f_name, f_partitions, _u), p


def _enc_AddPartitionsToTxnTransaction_v0(o, w):
    if o.transactional_id != '':
        raise field_not_in_version('TransactionalId')
    if o.producer_id != 0:
        raise field_not_in_version('ProducerId')
    if o.producer_epoch != 0:
        raise field_not_in_version('ProducerEpoch')
    if bool(o.verify_only):
        raise field_not_in_version('VerifyOnly')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AddPartitionsToTxnTransaction')


def _enc_AddPartitionsToTxnTransaction_v3(o, w):
    if o.transactional_id != '':
        raise field_not_in_version('TransactionalId')
    if o.producer_id != 0:
        raise field_not_in_version('ProducerId')
    if o.producer_epoch != 0:
        raise field_not_in_version('ProducerEpoch')
    if bool(o.verify_only):
        raise field_not_in_version('VerifyOnly')
    if o.topics is None or len(o.topics) != 0:
        raise field_not_in_version('Topics')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_AddPartitionsToTxnTransaction_v4(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, False, 'TransactionalId')
    b += _S_qho.pack(o.producer_id, o.producer_epoch, o.verify_only)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AddPartitionsToTxnTopic_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AddPartitionsToTxnTransaction_v0(buf, p):
    return AddPartitionsToTxnTransaction('', 0, 0, False, [], ()), p


def _dec_AddPartitionsToTxnTransaction_v3(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnTransaction')
    return AddPartitionsToTxnTransaction('', 0, 0, False, [], _u), p


def _dec_AddPartitionsToTxnTransaction_v4(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, False, 'TransactionalId')
    f_producer_id, f_producer_epoch, f_verify_only = _S_qho.unpack_from(buf, p)
    p += 11
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
            _e, p = _dec_AddPartitionsToTxnTopic_v3(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnTransaction')
    return AddPartitionsToTxnTransaction(f_transactional_id, f_producer_id, f_producer_epoch, f_verify_only, f_topics, _u), p


def _enc_AddPartitionsToTxnRequest_v0(o, w):
    if o.transactions is None or len(o.transactions) != 0:
        raise field_not_in_version('Transactions')
    b = w.buf
    write_string(b, o.v3_and_below_transactional_id, False, 'V3AndBelowTransactionalId')
    b += _S_qh.pack(o.v3_and_below_producer_id, o.v3_and_below_producer_epoch)
    _a = o.v3_and_below_topics
    if _a is None:
        raise EncodeError('V3AndBelowTopics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AddPartitionsToTxnTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AddPartitionsToTxnRequest')


def _enc_AddPartitionsToTxnRequest_v3(o, w):
    if o.transactions is None or len(o.transactions) != 0:
        raise field_not_in_version('Transactions')
    b = w.buf
    write_compact_string(b, o.v3_and_below_transactional_id, False, 'V3AndBelowTransactionalId')
    b += _S_qh.pack(o.v3_and_below_producer_id, o.v3_and_below_producer_epoch)
    _a = o.v3_and_below_topics
    if _a is None:
        raise EncodeError('V3AndBelowTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AddPartitionsToTxnTopic_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_AddPartitionsToTxnRequest_v4(o, w):
    if o.v3_and_below_transactional_id != '':
        raise field_not_in_version('V3AndBelowTransactionalId')
    if o.v3_and_below_producer_id != 0:
        raise field_not_in_version('V3AndBelowProducerId')
    if o.v3_and_below_producer_epoch != 0:
        raise field_not_in_version('V3AndBelowProducerEpoch')
    if o.v3_and_below_topics is None or len(o.v3_and_below_topics) != 0:
        raise field_not_in_version('V3AndBelowTopics')
    b = w.buf
    _a = o.transactions
    if _a is None:
        raise EncodeError('Transactions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AddPartitionsToTxnTransaction_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AddPartitionsToTxnRequest_v0(buf, p):
    f_v3_and_below_transactional_id, p = read_string(buf, p, False, 'V3AndBelowTransactionalId')
    f_v3_and_below_producer_id, f_v3_and_below_producer_epoch = _S_qh.unpack_from(buf, p)
    p += 10
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('V3AndBelowTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'V3AndBelowTopics')
        f_v3_and_below_topics = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnTopic_v0(buf, p)
            f_v3_and_below_topics.append(_e)
    return AddPartitionsToTxnRequest([], f_v3_and_below_transactional_id, f_v3_and_below_producer_id, f_v3_and_below_producer_epoch, f_v3_and_below_topics, ()), p


def _dec_AddPartitionsToTxnRequest_v3(buf, p):
    f_v3_and_below_transactional_id, p = read_compact_string(buf, p, False, 'V3AndBelowTransactionalId')
    f_v3_and_below_producer_id, f_v3_and_below_producer_epoch = _S_qh.unpack_from(buf, p)
    p += 10
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('V3AndBelowTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'V3AndBelowTopics')
        f_v3_and_below_topics = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnTopic_v3(buf, p)
            f_v3_and_below_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnRequest')
    return AddPartitionsToTxnRequest([], f_v3_and_below_transactional_id, f_v3_and_below_producer_id, f_v3_and_below_producer_epoch, f_v3_and_below_topics, _u), p


def _dec_AddPartitionsToTxnRequest_v4(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Transactions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Transactions')
        f_transactions = []
        for _ in range(_n):
            _e, p = _dec_AddPartitionsToTxnTransaction_v4(buf, p)
            f_transactions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddPartitionsToTxnRequest')
    return AddPartitionsToTxnRequest(f_transactions, '', 0, 0, [], _u), p


AddPartitionsToTxnTopic._ENCODERS = {0: _enc_AddPartitionsToTxnTopic_v0, 1: _enc_AddPartitionsToTxnTopic_v0, 2: _enc_AddPartitionsToTxnTopic_v0, 3: _enc_AddPartitionsToTxnTopic_v3, 4: _enc_AddPartitionsToTxnTopic_v3, 5: _enc_AddPartitionsToTxnTopic_v3}
AddPartitionsToTxnTopic._DECODERS = {0: _dec_AddPartitionsToTxnTopic_v0, 1: _dec_AddPartitionsToTxnTopic_v0, 2: _dec_AddPartitionsToTxnTopic_v0, 3: _dec_AddPartitionsToTxnTopic_v3, 4: _dec_AddPartitionsToTxnTopic_v3, 5: _dec_AddPartitionsToTxnTopic_v3}
AddPartitionsToTxnTransaction._ENCODERS = {0: _enc_AddPartitionsToTxnTransaction_v0, 1: _enc_AddPartitionsToTxnTransaction_v0, 2: _enc_AddPartitionsToTxnTransaction_v0, 3: _enc_AddPartitionsToTxnTransaction_v3, 4: _enc_AddPartitionsToTxnTransaction_v4, 5: _enc_AddPartitionsToTxnTransaction_v4}
AddPartitionsToTxnTransaction._DECODERS = {0: _dec_AddPartitionsToTxnTransaction_v0, 1: _dec_AddPartitionsToTxnTransaction_v0, 2: _dec_AddPartitionsToTxnTransaction_v0, 3: _dec_AddPartitionsToTxnTransaction_v3, 4: _dec_AddPartitionsToTxnTransaction_v4, 5: _dec_AddPartitionsToTxnTransaction_v4}
AddPartitionsToTxnRequest._ENCODERS = {0: _enc_AddPartitionsToTxnRequest_v0, 1: _enc_AddPartitionsToTxnRequest_v0, 2: _enc_AddPartitionsToTxnRequest_v0, 3: _enc_AddPartitionsToTxnRequest_v3, 4: _enc_AddPartitionsToTxnRequest_v4, 5: _enc_AddPartitionsToTxnRequest_v4}
AddPartitionsToTxnRequest._DECODERS = {0: _dec_AddPartitionsToTxnRequest_v0, 1: _dec_AddPartitionsToTxnRequest_v0, 2: _dec_AddPartitionsToTxnRequest_v0, 3: _dec_AddPartitionsToTxnRequest_v3, 4: _dec_AddPartitionsToTxnRequest_v4, 5: _dec_AddPartitionsToTxnRequest_v4}
