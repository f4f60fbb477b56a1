"""ProducerSnapshot: generated from schemas/storage/ProducerSnapshot.json by kbroker.protocol.codegen. Do not edit."""

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

_S_I = struct.Struct('>I')
_S_qhiqiqiq = struct.Struct('>qhiqiqiq')


@attrs.define(eq=True, slots=True)
class ProducerEntry(Message):
    """The entries in the producer table"""

    producer_id: int = 0
    epoch: int = 0
    last_sequence: int = 0
    last_offset: int = 0
    offset_delta: int = 0
    timestamp: int = 0
    coordinator_epoch: int = 0
    current_txn_first_offset: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ProducerSnapshot(Message):
    """The ProducerSnapshot struct of ProducerSnapshot."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    crc: int = 0
    producer_entries: list[ProducerEntry] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ProducerEntry = ProducerEntry()
_DEFAULT_ProducerSnapshot = ProducerSnapshot()


def _enc_ProducerEntry_v1(o, w):
    b = w.buf
    b += _S_qhiqiqiq.pack(o.producer_id, o.epoch, o.last_sequence, o.last_offset, o.offset_delta, o.timestamp, o.coordinator_epoch, o.current_txn_first_offset)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ProducerEntry')


def _dec_ProducerEntry_v1(buf, p):
    f_producer_id, f_epoch, f_last_sequence, f_last_offset, f_offset_delta, f_timestamp, f_coordinator_epoch, f_current_txn_first_offset = _S_qhiqiqiq.unpack_from(buf, p)
    p += 46
    return ProducerEntry(f_producer_id, f_epoch, f_last_sequence, f_last_offset, f_offset_delta, f_timestamp, f_coordinator_epoch, f_current_txn_first_offset, ()), p


def _enc_ProducerSnapshot_v1(o, w):
    b = w.buf
    b += _S_I.pack(o.crc)
    _a = o.producer_entries
    if _a is None:
        raise EncodeError('ProducerEntries' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ProducerEntry_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ProducerSnapshot')


def _dec_ProducerSnapshot_v1(buf, p):
    f_crc, = _S_I.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ProducerEntries' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ProducerEntries')
        f_producer_entries = []
        for _ in range(_n):
            _e, p = _dec_ProducerEntry_v1(buf, p)
            f_producer_entries.append(_e)
    return ProducerSnapshot(f_crc, f_producer_entries, ()), p


ProducerEntry._ENCODERS = {1: _enc_ProducerEntry_v1}
ProducerEntry._DECODERS = {1: _dec_ProducerEntry_v1}
ProducerSnapshot._ENCODERS = {1: _enc_ProducerSnapshot_v1}
ProducerSnapshot._DECODERS = {1: _dec_ProducerSnapshot_v1}
