"""TransactionLogKey: generated from schemas/transaction-coordinator/TransactionLogKey.json by kbroker.protocol.codegen. Do not edit."""

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
class TransactionLogKey(Message):
    """The TransactionLogKey struct of TransactionLogKey."""

    API_KEY = 0
    SCHEMA_TYPE = 'coordinator-key'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    transactional_id: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TransactionLogKey = TransactionLogKey()


def _enc_TransactionLogKey_v0(o, w):
    b = w.buf
    write_string(b, o.transactional_id, False, 'TransactionalId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TransactionLogKey')


def _dec_TransactionLogKey_v0(buf, p):
    f_transactional_id, p = read_string(buf, p, False, 'TransactionalId')
    return TransactionLogKey(f_transactional_id, ()), p


TransactionLogKey._ENCODERS = {0: _enc_TransactionLogKey_v0}
TransactionLogKey._DECODERS = {0: _dec_TransactionLogKey_v0}
