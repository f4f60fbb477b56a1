"""ListTransactionsResponse: generated from schemas/clients/ListTransactionsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_ih = struct.Struct('>ih')
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class TransactionState(Message):
    """The current state of the transaction for the transactional id."""

    transactional_id: str = ''
    producer_id: int = 0
    transaction_state: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ListTransactionsResponse(Message):
    """The ListTransactionsResponse struct of ListTransactionsResponse."""

    API_KEY = 66
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    unknown_state_filters: list[str] = attrs.field(factory=list)
    transaction_states: list[TransactionState] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TransactionState = TransactionState()
_DEFAULT_ListTransactionsResponse = ListTransactionsResponse()


def _enc_TransactionState_v0(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, False, 'TransactionalId')
    b += _S_q.pack(o.producer_id)
    write_compact_string(b, o.transaction_state, False, 'TransactionState')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TransactionState_v0(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, False, 'TransactionalId')
    f_producer_id, = _S_q.unpack_from(buf, p)
    p += 8
    f_transaction_state, p = read_compact_string(buf, p, False, 'TransactionState')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TransactionState')
    return TransactionState(f_transactional_id, f_producer_id, f_transaction_state, _u), p


def _enc_ListTransactionsResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.unknown_state_filters
    if _a is None:
        raise EncodeError('UnknownStateFilters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'UnknownStateFilters')
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


def _dec_ListTransactionsResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('UnknownStateFilters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'UnknownStateFilters')
        f_unknown_state_filters = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'UnknownStateFilters')
            f_unknown_state_filters.append(_e)
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
        _u, p = read_unknown_tagged_fields(buf, p, 'ListTransactionsResponse')
    return ListTransactionsResponse(f_throttle_time_ms, f_error_code, f_unknown_state_filters, f_transaction_states, _u), p


TransactionState._ENCODERS = {0: _enc_TransactionState_v0, 1: _enc_TransactionState_v0, 2: _enc_TransactionState_v0}
TransactionState._DECODERS = {0: _dec_TransactionState_v0, 1: _dec_TransactionState_v0, 2: _dec_TransactionState_v0}
ListTransactionsResponse._ENCODERS = {0: _enc_ListTransactionsResponse_v0, 1: _enc_ListTransactionsResponse_v0, 2: _enc_ListTransactionsResponse_v0}
ListTransactionsResponse._DECODERS = {0: _dec_ListTransactionsResponse_v0, 1: _dec_ListTransactionsResponse_v0, 2: _dec_ListTransactionsResponse_v0}
