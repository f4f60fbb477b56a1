"""ListTransactionsRequest: generated from schemas/clients/ListTransactionsRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class ListTransactionsRequest(Message):
    """The ListTransactionsRequest struct of ListTransactionsRequest."""

    API_KEY = 66
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    state_filters: list[str] = attrs.field(factory=list)
    producer_id_filters: list[int] = attrs.field(factory=list)
    duration_filter: int = -1
    transactional_id_pattern: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ListTransactionsRequest = ListTransactionsRequest()


def _enc_ListTransactionsRequest_v0(o, w):
    if o.duration_filter != -1:
        raise field_not_in_version('DurationFilter')
    if o.transactional_id_pattern is not None:
        raise field_not_in_version('TransactionalIdPattern')
    b = w.buf
    _a = o.state_filters
    if _a is None:
        raise EncodeError('StateFilters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'StateFilters')
    _a = o.producer_id_filters
    if _a is None:
        raise EncodeError('ProducerIdFilters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dq' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListTransactionsRequest_v1(o, w):
    if o.transactional_id_pattern is not None:
        raise field_not_in_version('TransactionalIdPattern')
    b = w.buf
    _a = o.state_filters
    if _a is None:
        raise EncodeError('StateFilters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'StateFilters')
    _a = o.producer_id_filters
    if _a is None:
        raise EncodeError('ProducerIdFilters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dq' % len(_a), *_a)
    b += _S_q.pack(o.duration_filter)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListTransactionsRequest_v2(o, w):
    b = w.buf
    _a = o.state_filters
    if _a is None:
        raise EncodeError('StateFilters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'StateFilters')
    _a = o.producer_id_filters
    if _a is None:
        raise EncodeError('ProducerIdFilters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dq' % len(_a), *_a)
    b += _S_q.pack(o.duration_filter)
    write_compact_string(b, o.transactional_id_pattern, True, 'TransactionalIdPattern')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListTransactionsRequest_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StateFilters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StateFilters')
        f_state_filters = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'StateFilters')
            f_state_filters.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ProducerIdFilters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ProducerIdFilters')
        f_producer_id_filters = list(struct.unpack_from('>%dq' % _n, buf, p))
        p += 8 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListTransactionsRequest')
    return ListTransactionsRequest(f_state_filters, f_producer_id_filters, -1, None, _u), p


def _dec_ListTransactionsRequest_v1(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StateFilters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StateFilters')
        f_state_filters = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'StateFilters')
            f_state_filters.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ProducerIdFilters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ProducerIdFilters')
        f_producer_id_filters = list(struct.unpack_from('>%dq' % _n, buf, p))
        p += 8 * _n
    f_duration_filter, = _S_q.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListTransactionsRequest')
    return ListTransactionsRequest(f_state_filters, f_producer_id_filters, f_duration_filter, None, _u), p


def _dec_ListTransactionsRequest_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StateFilters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StateFilters')
        f_state_filters = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'StateFilters')
            f_state_filters.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ProducerIdFilters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ProducerIdFilters')
        f_producer_id_filters = list(struct.unpack_from('>%dq' % _n, buf, p))
        p += 8 * _n
    f_duration_filter, = _S_q.unpack_from(buf, p)
    p += 8
    f_transactional_id_pattern, p = read_compact_string(buf, p, True, 'TransactionalIdPattern')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListTransactionsRequest')
    return ListTransactionsRequest(f_state_filters, f_producer_id_filters, f_duration_filter, f_transactional_id_pattern, _u), p


ListTransactionsRequest._ENCODERS = {0: _enc_ListTransactionsRequest_v0, 1: _enc_ListTransactionsRequest_v1, 2: _enc_ListTransactionsRequest_v2}
ListTransactionsRequest._DECODERS = {0: _dec_ListTransactionsRequest_v0, 1: _dec_ListTransactionsRequest_v1, 2: _dec_ListTransactionsRequest_v2}
