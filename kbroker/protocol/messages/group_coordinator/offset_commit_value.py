"""OffsetCommitValue: generated from schemas/group-coordinator/OffsetCommitValue.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16s = struct.Struct('>16s')
_S_q = struct.Struct('>q')
_S_qi = struct.Struct('>qi')
_S_qq = struct.Struct('>qq')


@attrs.define(eq=True, slots=True)
class OffsetCommitValue(Message):
    """The OffsetCommitValue struct of OffsetCommitValue."""

    API_KEY = 1
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    offset: int = 0
    leader_epoch: int = -1
    metadata: str = ''
    commit_timestamp: int = 0
    expire_timestamp: int = -1
    topic_id: uuid.UUID = ZERO_UUID
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OffsetCommitValue = OffsetCommitValue()


def _enc_OffsetCommitValue_v0(o, w):
    b = w.buf
    b += _S_q.pack(o.offset)
    write_string(b, o.metadata, False, 'metadata')
    b += _S_q.pack(o.commit_timestamp)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitValue')


def _enc_OffsetCommitValue_v1(o, w):
    b = w.buf
    b += _S_q.pack(o.offset)
    write_string(b, o.metadata, False, 'metadata')
    b += _S_qq.pack(o.commit_timestamp, o.expire_timestamp)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitValue')


def _enc_OffsetCommitValue_v3(o, w):
    b = w.buf
    b += _S_qi.pack(o.offset, o.leader_epoch)
    write_string(b, o.metadata, False, 'metadata')
    b += _S_q.pack(o.commit_timestamp)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetCommitValue')


def _enc_OffsetCommitValue_v4(o, w):
    b = w.buf
    b += _S_qi.pack(o.offset, o.leader_epoch)
    write_compact_string(b, o.metadata, False, 'metadata')
    b += _S_q.pack(o.commit_timestamp)
    _t = o.unknown_tagged_fields
    if o.topic_id != ZERO_UUID:
        _tw = Writer()
        _tw.buf += _S_16s.pack(o.topic_id.bytes)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_OffsetCommitValue_v0(buf, p):
    f_offset, = _S_q.unpack_from(buf, p)
    p += 8
    f_metadata, p = read_string(buf, p, False, 'metadata')
    f_commit_timestamp, = _S_q.unpack_from(buf, p)
    p += 8
    return OffsetCommitValue(f_offset, -1, f_metadata, f_commit_timestamp, -1, ZERO_UUID, ()), p


def _dec_OffsetCommitValue_v1(buf, p):
    f_offset, = _S_q.unpack_from(buf, p)
    p += 8
    f_metadata, p = read_string(buf, p, False, 'metadata')
    f_commit_timestamp, f_expire_timestamp = _S_qq.unpack_from(buf, p)
    p += 16
    return OffsetCommitValue(f_offset, -1, f_metadata, f_commit_timestamp, f_expire_timestamp, ZERO_UUID, ()), p


def _dec_OffsetCommitValue_v3(buf, p):
    f_offset, f_leader_epoch = _S_qi.unpack_from(buf, p)
    p += 12
    f_metadata, p = read_string(buf, p, False, 'metadata')
    f_commit_timestamp, = _S_q.unpack_from(buf, p)
    p += 8
    return OffsetCommitValue(f_offset, f_leader_epoch, f_metadata, f_commit_timestamp, -1, ZERO_UUID, ()), p


def _dec_OffsetCommitValue_v4(buf, p):
    f_offset, f_leader_epoch = _S_qi.unpack_from(buf, p)
    p += 12
    f_metadata, p = read_compact_string(buf, p, False, 'metadata')
    f_commit_timestamp, = _S_q.unpack_from(buf, p)
    p += 8
    f_topic_id = ZERO_UUID
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'OffsetCommitValue tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('OffsetCommitValue' + ': tagged field past the end')
            if _tag == 0:
                f_topic_id = read_uuid(buf, p)
                p += 16
                if p != _end:
                    raise DecodeError('topicId' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return OffsetCommitValue(f_offset, f_leader_epoch, f_metadata, f_commit_timestamp, -1, f_topic_id, _u), p


OffsetCommitValue._ENCODERS = {0: _enc_OffsetCommitValue_v0, 1: _enc_OffsetCommitValue_v1, 2: _enc_OffsetCommitValue_v0, 3: _enc_OffsetCommitValue_v3, 4: _enc_OffsetCommitValue_v4}
OffsetCommitValue._DECODERS = {0: _dec_OffsetCommitValue_v0, 1: _dec_OffsetCommitValue_v1, 2: _dec_OffsetCommitValue_v0, 3: _dec_OffsetCommitValue_v3, 4: _dec_OffsetCommitValue_v4}
