"""AddOffsetsToTxnRequest: generated from schemas/clients/AddOffsetsToTxnRequest.json by kbroker.protocol.codegen. Do not edit."""

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


@attrs.define(eq=True, slots=True)
class AddOffsetsToTxnRequest(Message):
    """The AddOffsetsToTxnRequest struct of AddOffsetsToTxnRequest."""

    API_KEY = 25
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 4
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
    group_id: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AddOffsetsToTxnRequest = AddOffsetsToTxnRequest()


def _enc_AddOffsetsToTxnRequest_v0(o, w):
    b = w.buf
    write_string(b, o.transactional_id, False, 'TransactionalId')
    b += _S_qh.pack(o.producer_id, o.producer_epoch)
    write_string(b, o.group_id, False, 'GroupId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AddOffsetsToTxnRequest')


def _enc_AddOffsetsToTxnRequest_v3(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, False, 'TransactionalId')
    b += _S_qh.pack(o.producer_id, o.producer_epoch)
    write_compact_string(b, o.group_id, False, 'GroupId')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AddOffsetsToTxnRequest_v0(buf, p):
    f_transactional_id, p = read_string(buf, p, False, 'TransactionalId')
    f_producer_id, f_producer_epoch = _S_qh.unpack_from(buf, p)
    p += 10
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    return AddOffsetsToTxnRequest(f_transactional_id, f_producer_id, f_producer_epoch, f_group_id, ()), p


def _dec_AddOffsetsToTxnRequest_v3(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, False, 'TransactionalId')
    f_producer_id, f_producer_epoch = _S_qh.unpack_from(buf, p)
    p += 10
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AddOffsetsToTxnRequest')
    return AddOffsetsToTxnRequest(f_transactional_id, f_producer_id, f_producer_epoch, f_group_id, _u), p


AddOffsetsToTxnRequest._ENCODERS = {0: _enc_AddOffsetsToTxnRequest_v0, 1: _enc_AddOffsetsToTxnRequest_v0, 2: _enc_AddOffsetsToTxnRequest_v0, 3: _enc_AddOffsetsToTxnRequest_v3, 4: _enc_AddOffsetsToTxnRequest_v3}
AddOffsetsToTxnRequest._DECODERS = {0: _dec_AddOffsetsToTxnRequest_v0, 1: _dec_AddOffsetsToTxnRequest_v0, 2: _dec_AddOffsetsToTxnRequest_v0, 3: _dec_AddOffsetsToTxnRequest_v3, 4: _dec_AddOffsetsToTxnRequest_v3}
