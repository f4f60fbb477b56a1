"""ShareUpdateValue: generated from schemas/share-coordinator/ShareUpdateValue.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iiq = struct.Struct('>iiq')
_S_qqbh = struct.Struct('>qqbh')


@attrs.define(eq=True, slots=True)
class StateBatch(Message):
    """The state batches that have been updated."""

    first_offset: int = 0
    last_offset: int = 0
    delivery_state: int = 0
    delivery_count: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ShareUpdateValue(Message):
    """The ShareUpdateValue struct of ShareUpdateValue."""

    API_KEY = 1
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    snapshot_epoch: int = 0
    leader_epoch: int = 0
    start_offset: int = 0
    delivery_complete_count: int = -1
    state_batches: list[StateBatch] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_StateBatch = StateBatch()
_DEFAULT_ShareUpdateValue = ShareUpdateValue()


def _enc_StateBatch_v0(o, w):
    b = w.buf
    b += _S_qqbh.pack(o.first_offset, o.last_offset, o.delivery_state, o.delivery_count)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_StateBatch_v0(buf, p):
    f_first_offset, f_last_offset, f_delivery_state, f_delivery_count = _S_qqbh.unpack_from(buf, p)
    p += 19
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'StateBatch')
    return StateBatch(f_first_offset, f_last_offset, f_delivery_state, f_delivery_count, _u), p


def _enc_ShareUpdateValue_v0(o, w):
    b = w.buf
    b += _S_iiq.pack(o.snapshot_epoch, o.leader_epoch, o.start_offset)
    _a = o.state_batches
    if _a is None:
        raise EncodeError('StateBatches' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_StateBatch_v0(_e, w)
    _t = o.unknown_tagged_fields
    if o.delivery_complete_count != -1:
        _tw = Writer()
        _tw.buf += _S_i.pack(o.delivery_complete_count)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_ShareUpdateValue_v0(buf, p):
    f_snapshot_epoch, f_leader_epoch, f_start_offset = _S_iiq.unpack_from(buf, p)
    p += 16
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StateBatches' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StateBatches')
        f_state_batches = []
        for _ in range(_n):
            _e, p = _dec_StateBatch_v0(buf, p)
            f_state_batches.append(_e)
    f_delivery_complete_count = -1
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'ShareUpdateValue tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('ShareUpdateValue' + ': tagged field past the end')
            if _tag == 0:
                f_delivery_complete_count = _S_i.unpack_from(buf, p)[0]
                p += 4
                if p != _end:
                    raise DecodeError('DeliveryCompleteCount' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return ShareUpdateValue(f_snapshot_epoch, f_leader_epoch, f_start_offset, f_delivery_complete_count, f_state_batches, _u), p


StateBatch._ENCODERS = {0: _enc_StateBatch_v0}
StateBatch._DECODERS = {0: _dec_StateBatch_v0}
ShareUpdateValue._ENCODERS = {0: _enc_ShareUpdateValue_v0}
ShareUpdateValue._DECODERS = {0: _dec_ShareUpdateValue_v0}
