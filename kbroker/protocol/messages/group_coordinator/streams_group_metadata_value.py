"""StreamsGroupMetadataValue: generated from schemas/group-coordinator/StreamsGroupMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iq = struct.Struct('>iq')


@attrs.define(eq=True, slots=True)
class LastAssignmentConfig(Message):
    """The LastAssignmentConfig struct of StreamsGroupMetadataValue."""

    key: str = ''
    value: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class StreamsGroupMetadataValue(Message):
    """The StreamsGroupMetadataValue struct of StreamsGroupMetadataValue."""

    API_KEY = 17
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    epoch: int = 0
    metadata_hash: int = 0
    validated_topology_epoch: int = -1
    last_assignment_configs: list[LastAssignmentConfig] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_LastAssignmentConfig = LastAssignmentConfig()
_DEFAULT_StreamsGroupMetadataValue = StreamsGroupMetadataValue()


def _enc_LastAssignmentConfig_v0(o, w):
    b = w.buf
    write_compact_string(b, o.key, False, 'Key')
    write_compact_string(b, o.value, False, 'Value')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LastAssignmentConfig_v0(buf, p):
    f_key, p = read_compact_string(buf, p, False, 'Key')
    f_value, p = read_compact_string(buf, p, False, 'Value')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LastAssignmentConfig')
    return LastAssignmentConfig(f_key, f_value, _u), p


def _enc_StreamsGroupMetadataValue_v0(o, w):
    b = w.buf
    b += _S_iq.pack(o.epoch, o.metadata_hash)
    _t = o.unknown_tagged_fields
    if o.validated_topology_epoch != -1:
        _tw = Writer()
        _tw.buf += _S_i.pack(o.validated_topology_epoch)
        _t = [*_t, (0, _tw.getvalue())]
    if o.last_assignment_configs is None or len(o.last_assignment_configs) != 0:
        _tw = Writer()
        _a = o.last_assignment_configs
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _enc_LastAssignmentConfig_v0(_e, _tw)
        _t = [*_t, (1, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_StreamsGroupMetadataValue_v0(buf, p):
    f_epoch, f_metadata_hash = _S_iq.unpack_from(buf, p)
    p += 12
    f_validated_topology_epoch = -1
    f_last_assignment_configs = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'StreamsGroupMetadataValue tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('StreamsGroupMetadataValue' + ': tagged field past the end')
            if _tag == 0:
                f_validated_topology_epoch = _S_i.unpack_from(buf, p)[0]
                p += 4
                if p != _end:
                    raise DecodeError('ValidatedTopologyEpoch' + ': tagged field size mismatch')
            elif _tag == 1:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_last_assignment_configs = None
                else:
                    check_count(_n, buf, p, 'LastAssignmentConfigs')
                    f_last_assignment_configs = []
                    for _ in range(_n):
                        _e, p = _dec_LastAssignmentConfig_v0(buf, p)
                        f_last_assignment_configs.append(_e)
                if p != _end:
                    raise DecodeError('LastAssignmentConfigs' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return StreamsGroupMetadataValue(f_epoch, f_metadata_hash, f_validated_topology_epoch, f_last_assignment_configs, _u), p


LastAssignmentConfig._ENCODERS = {0: _enc_LastAssignmentConfig_v0}
LastAssignmentConfig._DECODERS = {0: _dec_LastAssignmentConfig_v0}
StreamsGroupMetadataValue._ENCODERS = {0: _enc_StreamsGroupMetadataValue_v0}
StreamsGroupMetadataValue._DECODERS = {0: _dec_StreamsGroupMetadataValue_v0}
