"""ProducerIdsRecord: generated from schemas/metadata/ProducerIdsRecord.json by kbroker.protocol.codegen. Do not edit."""

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

_S_iqq = struct.Struct('>iqq')


@attrs.define(eq=True, slots=True)
class ProducerIdsRecord(Message):
    """The ProducerIdsRecord struct of ProducerIdsRecord."""

    API_KEY = 15
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    broker_id: int = 0
    broker_epoch: int = -1
    next_producer_id: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ProducerIdsRecord = ProducerIdsRecord()


def _enc_ProducerIdsRecord_v0(o, w):
    b = w.buf
    b += _S_iqq.pack(o.broker_id, o.broker_epoch, o.next_producer_id)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ProducerIdsRecord_v0(buf, p):
    f_broker_id, f_broker_epoch, f_next_producer_id = _S_iqq.unpack_from(buf, p)
    p += 20
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ProducerIdsRecord')
    return ProducerIdsRecord(f_broker_id, f_broker_epoch, f_next_producer_id, _u), p


ProducerIdsRecord._ENCODERS = {0: _enc_ProducerIdsRecord_v0}
ProducerIdsRecord._DECODERS = {0: _dec_ProducerIdsRecord_v0}
