"""EndTxnRequest: generated from schemas/clients/EndTxnRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_qho = struct.Struct('>qh?')


@attrs.define(eq=True, slots=True)
class EndTxnRequest(Message):
    """The EndTxnRequest struct of EndTxnRequest."""

    API_KEY = 26
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

    transactional_id: str = ''
    producer_id: int = 0
    producer_epoch: int = 0
    committed: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EndTxnRequest = EndTxnRequest()


def _enc_EndTxnRequest_v0(o, w):
    b = w.buf
    write_string(b, o.transactional_id, False, 'TransactionalId')
    b += _S_qho.pack(o.producer_id, o.producer_epoch, o.committed)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('EndTxnRequest')


def _enc_EndTxnRequest_v3(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, False, 'TransactionalId')
    b += _S_qho.pack(o.producer_id, o.producer_epoch, o.committed)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EndTxnRequest_v0(buf, p):
    f_transactional_id, p = read_string(buf, p, False, 'TransactionalId')
    f_producer_id, f_producer_epoch, f_committed = _S_qho.unpack_from(buf, p)
    p += 11
    return EndTxnRequest(f_transactional_id, f_producer_id, f_producer_epoch, f_committed, ()), p


def _dec_EndTxnRequest_v3(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, False, 'TransactionalId')
    f_producer_id, f_producer_epoch, f_committed = _S_qho.unpack_from(buf, p)
    p += 11
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EndTxnRequest')
    return EndTxnRequest(f_transactional_id, f_producer_id, f_producer_epoch, f_committed, _u), p


EndTxnRequest._ENCODERS = {0: _enc_EndTxnRequest_v0, 1: _enc_EndTxnRequest_v0, 2: _enc_EndTxnRequest_v0, 3: _enc_EndTxnRequest_v3, 4: _enc_EndTxnRequest_v3, 5: _enc_EndTxnRequest_v3}
EndTxnRequest._DECODERS = {0: _dec_EndTxnRequest_v0, 1: _dec_EndTxnRequest_v0, 2: _dec_EndTxnRequest_v0, 3: _dec_EndTxnRequest_v3, 4: _dec_EndTxnRequest_v3, 5: _dec_EndTxnRequest_v3}
