"""InitProducerIdRequest: generated from schemas/clients/InitProducerIdRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_i = struct.Struct('>i')
_S_iqh = struct.Struct('>iqh')
_S_iqhoo = struct.Struct('>iqh??')


@attrs.define(eq=True, slots=True)
class InitProducerIdRequest(Message):
    """The InitProducerIdRequest struct of InitProducerIdRequest."""

    API_KEY = 22
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 6
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = True

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    transactional_id: str | None = ''
    transaction_timeout_ms: int = 0
    producer_id: int = -1
    producer_epoch: int = -1
    enable2_pc: bool = False
    keep_prepared_txn: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_InitProducerIdRequest = InitProducerIdRequest()


def _enc_InitProducerIdRequest_v0(o, w):
    if o.producer_id != -1:
        raise field_not_in_version('ProducerId')
    if o.producer_epoch != -1:
        raise field_not_in_version('ProducerEpoch')
    if bool(o.enable2_pc):
        raise field_not_in_version('Enable2Pc')
    if bool(o.keep_prepared_txn):
        raise field_not_in_version('KeepPreparedTxn')
    b = w.buf
    write_string(b, o.transactional_id, True, 'TransactionalId')
    b += _S_i.pack(o.transaction_timeout_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('InitProducerIdRequest')


def _enc_InitProducerIdRequest_v2(o, w):
    if o.producer_id != -1:
        raise field_not_in_version('ProducerId')
    if o.producer_epoch != -1:
        raise field_not_in_version('ProducerEpoch')
    if bool(o.enable2_pc):
        raise field_not_in_version('Enable2Pc')
    if bool(o.keep_prepared_txn):
        raise field_not_in_version('KeepPreparedTxn')
    b = w.buf
    write_compact_string(b, o.transactional_id, True, 'TransactionalId')
    b += _S_i.pack(o.transaction_timeout_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_InitProducerIdRequest_v3(o, w):
    if bool(o.enable2_pc):
        raise field_not_in_version('Enable2Pc')
    if bool(o.keep_prepared_txn):
        raise field_not_in_version('KeepPreparedTxn')
    b = w.buf
    write_compact_string(b, o.transactional_id, True, 'TransactionalId')
    b += _S_iqh.pack(o.transaction_timeout_ms, o.producer_id, o.producer_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_InitProducerIdRequest_v6(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, True, 'TransactionalId')
    b += _S_iqhoo.pack(o.transaction_timeout_ms, o.producer_id, o.producer_epoch, o.enable2_pc, o.keep_prepared_txn)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_InitProducerIdRequest_v0(buf, p):
    f_transactional_id, p = read_string(buf, p, True, 'TransactionalId')
    f_transaction_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return InitProducerIdRequest(f_transactional_id, f_transaction_timeout_ms, -1, -1, False, False, ()), p


def _dec_InitProducerIdRequest_v2(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, True, 'TransactionalId')
    f_transaction_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'InitProducerIdRequest')
    return InitProducerIdRequest(f_transactional_id, f_transaction_timeout_ms, -1, -1, False, False, _u), p


def _dec_InitProducerIdRequest_v3(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, True, 'TransactionalId')
    f_transaction_timeout_ms, f_producer_id, f_producer_epoch = _S_iqh.unpack_from(buf, p)
    p += 14
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'InitProducerIdRequest')
    return InitProducerIdRequest(f_transactional_id, f_transaction_timeout_ms, f_producer_id, f_producer_epoch, False, False, _u), p


def _dec_InitProducerIdRequest_v6(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, True, 'TransactionalId')
    f_transaction_timeout_ms, f_producer_id, f_producer_epoch, f_enable2_pc, f_keep_prepared_txn = _S_iqhoo.unpack_from(buf, p)
    p += 16
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'InitProducerIdRequest')
    return InitProducerIdRequest(f_transactional_id, f_transaction_timeout_ms, f_producer_id, f_producer_epoch, f_enable2_pc, f_keep_prepared_txn, _u), p


InitProducerIdRequest._ENCODERS = {0: _enc_InitProducerIdRequest_v0, 1: _enc_InitProducerIdRequest_v0, 2: _enc_InitProducerIdRequest_v2, 3: _enc_InitProducerIdRequest_v3, 4: _enc_InitProducerIdRequest_v3, 5: _enc_InitProducerIdRequest_v3, 6: _enc_InitProducerIdRequest_v6}
InitProducerIdRequest._DECODERS = {0: _dec_InitProducerIdRequest_v0, 1: _dec_InitProducerIdRequest_v0, 2: _dec_InitProducerIdRequest_v2, 3: _dec_InitProducerIdRequest_v3, 4: _dec_InitProducerIdRequest_v3, 5: _dec_InitProducerIdRequest_v3, 6: _dec_InitProducerIdRequest_v6}
