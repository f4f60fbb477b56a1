"""AlterClientQuotasRequest: generated from schemas/clients/AlterClientQuotasRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_do = struct.Struct('>d?')
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class EntityData(Message):
    """The quota entity to alter."""

    entity_type: str = ''
    entity_name: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OpData(Message):
    """An individual quota configuration entry to alter."""

    key: str = ''
    value: float = 0.0
    remove: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class EntryData(Message):
    """The quota configuration entries to alter."""

    entity: list[EntityData] = attrs.field(factory=list)
    ops: list[OpData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterClientQuotasRequest(Message):
    """The AlterClientQuotasRequest struct of AlterClientQuotasRequest."""

    API_KEY = 49
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 2
        return 1

    entries: list[EntryData] = attrs.field(factory=list)
    validate_only: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EntityData = EntityData()
_DEFAULT_OpData = OpData()
_DEFAULT_EntryData = EntryData()
_DEFAULT_AlterClientQuotasRequest = AlterClientQuotasRequest()


def _enc_EntityData_v0(o, w):
    b = w.buf
    write_string(b, o.entity_type, False, 'EntityType')
    write_string(b, o.entity_name, True, 'EntityName')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('EntityData')


def _enc_EntityData_v1(o, w):
    b = w.buf
    write_compact_string(b, o.entity_type, False, 'EntityType')
    write_compact_string(b, o.entity_name, True, 'EntityName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EntityData_v0(buf, p):
    f_entity_type, p = read_string(buf, p, False, 'EntityType')
    f_entity_name, p = read_string(buf, p, True, 'EntityName')
    return EntityData(f_entity_type, f_entity_name, ()), p


def _dec_EntityData_v1(buf, p):
    f_entity_type, p = read_compact_string(buf, p, False, 'EntityType')
    f_entity_name, p = read_compact_string(buf, p, True, 'EntityName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EntityData')
    return EntityData(f_entity_type, f_entity_name, _u), p


def _enc_OpData_v0(o, w):
    b = w.buf
    write_string(b, o.key, False, 'Key')
    b += _S_do.pack(o.value, o.remove)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OpData')


def _enc_OpData_v1(o, w):
    b = w.buf
    write_compact_string(b, o.key, False, 'Key')
    b += _S_do.pack(o.value, o.remove)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_OpData_v0(buf, p):
    f_key, p = read_string(buf, p, False, 'Key')
    f_value, f_remove = _S_do.unpack_from(buf, p)
    p += 9
    return OpData(f_key, f_value, f_remove, ()), p


def _dec_OpData_v1(buf, p):
    f_key, p = read_compact_string(buf, p, False, 'Key')
    f_value, f_remove = _S_do.unpack_from(buf, p)
    p += 9
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'OpData')
    return OpData(f_key, f_value, f_remove, _u), p


def _enc_EntryData_v0(o, w):
    b = w.buf
    _a = o.entity
    if _a is None:
        raise EncodeError('Entity' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_EntityData_v0(_e, w)
    _a = o.ops
    if _a is None:
        raise EncodeError('Ops' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OpData_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('EntryData')


def _enc_EntryData_v1(o, w):
    b = w.buf
    _a = o.entity
    if _a is None:
        raise EncodeError('Entity' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_EntityData_v1(_e, w)
    _a = o.ops
    if _a is None:
        raise EncodeError('Ops' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_OpData_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EntryData_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Entity' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Entity')
        f_entity = []
        for _ in range(_n):
            _e, p = _dec_EntityData_v0(buf, p)
            f_entity.append(_e)
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Ops' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Ops')
        f_ops = []
        for _ in range(_n):
            _e, p = _dec_OpData_v0(buf, p)
            f_ops.append(_e)
    return EntryData(f_entity, f_ops, ()), p


def _dec_EntryData_v1(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Entity' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Entity')
        f_entity = []
        for _ in range(_n):
            _e, p = _dec_EntityData_v1(buf, p)
            f_entity.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Ops' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Ops')
        f_ops = []
        for _ in range(_n):
            _e, p = _dec_OpData_v1(buf, p)
            f_ops.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EntryData')
    return EntryData(f_entity, f_ops, _u), p


def _enc_AlterClientQuotasRequest_v0(o, w):
    b = w.buf
    _a = o.entries
    if _a is None:
        raise EncodeError('Entries' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_EntryData_v0(_e, w)
    b += _S_o.pack(o.validate_only)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterClientQuotasRequest')


def _enc_AlterClientQuotasRequest_v1(o, w):
    b = w.buf
    _a = o.entries
    if _a is None:
        raise EncodeError('Entries' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_EntryData_v1(_e, w)
    b += _S_o.pack(o.validate_only)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterClientQuotasRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Entries' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Entries')
        f_entries = []
        for _ in range(_n):
            _e, p = _dec_EntryData_v0(buf, p)
            f_entries.append(_e)
    f_validate_only, = _S_o.unpack_from(buf, p)
    p += 1
    return AlterClientQuotasRequest(f_entries, f_validate_only, ()), p


def _dec_AlterClientQuotasRequest_v1(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Entries' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Entries')
        f_entries = []
        for _ in range(_n):
            _e, p = _dec_EntryData_v1(buf, p)
            f_entries.append(_e)
    f_validate_only, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterClientQuotasRequest')
    return AlterClientQuotasRequest(f_entries, f_validate_only, _u), p


EntityData._ENCODERS = {0: _enc_EntityData_v0, 1: _enc_EntityData_v1}
EntityData._DECODERS = {0: _dec_EntityData_v0, 1: _dec_EntityData_v1}
OpData._ENCODERS = {0: _enc_OpData_v0, 1: _enc_OpData_v1}
OpData._DECODERS = {0: _dec_OpData_v0, 1: _dec_OpData_v1}
EntryData._ENCODERS = {0: _enc_EntryData_v0, 1: _enc_EntryData_v1}
EntryData._DECODERS = {0: _dec_EntryData_v0, 1: _dec_EntryData_v1}
AlterClientQuotasRequest._ENCODERS = {0: _enc_AlterClientQuotasRequest_v0, 1: _enc_AlterClientQuotasRequest_v1}
AlterClientQuotasRequest._DECODERS = {0: _dec_AlterClientQuotasRequest_v0, 1: _dec_AlterClientQuotasRequest_v1}
