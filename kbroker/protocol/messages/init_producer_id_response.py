"""InitProducerIdResponse: generated from schemas/clients/InitProducerIdResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_ihqh = struct.Struct('>ihqh')
_S_ihqhqh = struct.Struct('>ihqhqh')


@attrs.define(eq=True, slots=True)
class InitProducerIdResponse(Message):
    """The InitProducerIdResponse struct of InitProducerIdResponse."""

    API_KEY = 22
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 6
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    producer_id: int = -1
    producer_epoch: int = 0
    ongoing_txn_producer_id: int = -1
    ongoing_txn_producer_epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_InitProducerIdResponse = InitProducerIdResponse()


def _enc_InitProducerIdResponse_v0(o, w):
    if o.ongoing_txn_producer_id != -1:
        raise field_not_in_version('OngoingTxnProducerId')
    if o.ongoing_txn_producer_epoch != -1:
        raise field_not_in_version('OngoingTxnProducerEpoch')
    b = w.buf
    b += _S_ihqh.pack(o.throttle_time_ms, o.error_code, o.producer_id, o.producer_epoch)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('InitProducerIdResponse')


def _enc_InitProducerIdResponse_v2(o, w):
    if o.ongoing_txn_producer_id != -1:
        raise field_not_in_version('OngoingTxnProducerId')
    if o.ongoing_txn_producer_epoch != -1:
        raise field_not_in_version('OngoingTxnProducerEpoch')
    b = w.buf
    b += _S_ihqh.pack(o.throttle_time_ms, o.error_code, o.producer_id, o.producer_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_InitProducerIdResponse_v6(o, w):
    b = w.buf
    b += _S_ihqhqh.pack(o.throttle_time_ms, o.error_code, o.producer_id, o.producer_epoch, o.ongoing_txn_producer_id, o.ongoing_txn_producer_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_InitProducerIdResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code, f_producer_id, f_producer_epoch = _S_ihqh.unpack_from(buf, p)
    p += 16
    return InitProducerIdResponse(f_throttle_time_ms, f_error_code, f_producer_id, f_producer_epoch, -1, -1, ()), p


def _dec_InitProducerIdResponse_v2(buf, p):
    f_throttle_time_ms, f_error_code, f_producer_id, f_producer_epoch = _S_ihqh.unpack_from(buf, p)
    p += 16
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'InitProducerIdResponse')
    return InitProducerIdResponse(f_throttle_time_ms, f_error_code, f_producer_id, f_producer_epoch, -1, -1, _u), p


def _dec_InitProducerIdResponse_v6(buf, p):
    f_throttle_time_ms, f_error_code, f_producer_id, f_producer_epoch, f_ongoing_txn_producer_id, f_ongoing_txn_producer_epoch = _S_ihqhqh.unpack_from(buf, p)
    p += 26
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'InitProducerIdResponse')
    return InitProducerIdResponse(f_throttle_time_ms, f_error_code, f_producer_id, f_producer_epoch, f_ongoing_txn_producer_id, f_ongoing_txn_producer_epoch, _u), p


InitProducerIdResponse._ENCODERS = {0: _enc_InitProducerIdResponse_v0, 1: _enc_InitProducerIdResponse_v0, 2: _enc_InitProducerIdResponse_v2, 3: _enc_InitProducerIdResponse_v2, 4: _enc_InitProducerIdResponse_v2, 5: _enc_InitProducerIdResponse_v2, 6: _enc_InitProducerIdResponse_v6}
InitProducerIdResponse._DECODERS = {0: _dec_InitProducerIdResponse_v0, 1: _dec_InitProducerIdResponse_v0, 2: _dec_InitProducerIdResponse_v2, 3: _dec_InitProducerIdResponse_v2, 4: _dec_InitProducerIdResponse_v2, 5: _dec_InitProducerIdResponse_v2, 6: _dec_InitProducerIdResponse_v6}
