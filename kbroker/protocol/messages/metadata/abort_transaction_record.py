"""AbortTransactionRecord: generated from schemas/metadata/AbortTransactionRecord.json by kbroker.protocol.codegen. Do not edit."""

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
class AbortTransactionRecord(Message):
    """The AbortTransactionRecord struct of AbortTransactionRecord."""

    API_KEY = 25
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    reason: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AbortTransactionRecord = AbortTransactionRecord()


def _enc_AbortTransactionRecord_v0(o, w):
    b = w.buf
    _t = o.unknown_tagged_fields
    if o.reason is not None:
        _tw = Writer()
        write_compact_string(_tw.buf, o.reason, True, 'Reason')
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_AbortTransactionRecord_v0(buf, p):
    f_reason = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'AbortTransactionRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('AbortTransactionRecord' + ': tagged field past the end')
            if _tag == 0:
                f_reason, p = read_compact_string(buf, p, True, 'Reason')
                if p != _end:
                    raise DecodeError('Reason' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return AbortTransactionRecord(f_reason, _u), p


AbortTransactionRecord._ENCODERS = {0: _enc_AbortTransactionRecord_v0}
AbortTransactionRecord._DECODERS = {0: _dec_AbortTransactionRecord_v0}
