"""ShareGroupTargetAssignmentMetadataValue: generated from schemas/group-coordinator/ShareGroupTargetAssignmentMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class ShareGroupTargetAssignmentMetadataValue(Message):
    """The ShareGroupTargetAssignmentMetadataValue struct of ShareGroupTargetAssignmentMetadataValue."""

    API_KEY = 12
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    assignment_epoch: int = 0
    assignment_timestamp: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ShareGroupTargetAssignmentMetadataValue = ShareGroupTargetAssignmentMetadataValue()


def _enc_ShareGroupTargetAssignmentMetadataValue_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.assignment_epoch)
    _t = o.unknown_tagged_fields
    if o.assignment_timestamp != 0:
        _tw = Writer()
        _tw.buf += _S_q.pack(o.assignment_timestamp)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_ShareGroupTargetAssignmentMetadataValue_v0(buf, p):
    f_assignment_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_assignment_timestamp = 0
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'ShareGroupTargetAssignmentMetadataValue tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('ShareGroupTargetAssignmentMetadataValue' + ': tagged field past the end')
            if _tag == 0:
                f_assignment_timestamp = _S_q.unpack_from(buf, p)[0]
                p += 8
                if p != _end:
                    raise DecodeError('AssignmentTimestamp' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return ShareGroupTargetAssignmentMetadataValue(f_assignment_epoch, f_assignment_timestamp, _u), p


ShareGroupTargetAssignmentMetadataValue._ENCODERS = {0: _enc_ShareGroupTargetAssignmentMetadataValue_v0}
ShareGroupTargetAssignmentMetadataValue._DECODERS = {0: _dec_ShareGroupTargetAssignmentMetadataValue_v0}
