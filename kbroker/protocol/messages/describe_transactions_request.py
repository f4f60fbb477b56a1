"""DescribeTransactionsRequest: generated from schemas/clients/DescribeTransactionsRequest.json by kbroker.protocol.codegen. Do not edit."""

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



@attrs.define(eq=True, slots=True)
class DescribeTransactionsRequest(Message):
    """The DescribeTransactionsRequest struct of DescribeTransactionsRequest."""

    API_KEY = 65
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    transactional_ids: list[str] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeTransactionsRequest = DescribeTransactionsRequest()


def _enc_DescribeTransactionsRequest_v0(o, w):
    b = w.buf
    _a = o.transactional_ids
    if _a is None:
        raise EncodeError('TransactionalIds' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'TransactionalIds')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeTransactionsRequest_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TransactionalIds' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TransactionalIds')
        f_transactional_ids = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'TransactionalIds')
            f_transactional_ids.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeTransactionsRequest')
    return DescribeTransactionsRequest(f_transactional_ids, _u), p


DescribeTransactionsRequest._ENCODERS = {0: _enc_DescribeTransactionsRequest_v0}
DescribeTransactionsRequest._DECODERS = {0: _dec_DescribeTransactionsRequest_v0}
