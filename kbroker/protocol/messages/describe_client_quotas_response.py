"""DescribeClientQuotasResponse: generated from schemas/clients/DescribeClientQuotasResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_d = struct.Struct('>d')
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class EntityData(Message):
    """The quota entity description."""

    entity_type: str = ''
    entity_name: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ValueData(Message):
    """The quota values for the entity."""

    key: str = ''
    value: float = 0.0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class EntryData(Message):
    """A result entry."""

    entity: list[EntityData] = attrs.field(factory=list)
    values: list[ValueData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeClientQuotasResponse(Message):
    """The DescribeClientQuotasResponse struct of DescribeClientQuotasResponse."""

    API_KEY = 48
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = ''
    entries: list[EntryData] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EntityData = EntityData()
_DEFAULT_ValueData = ValueData()
_DEFAULT_EntryData = EntryData()
_DEFAULT_DescribeClientQuotasResponse = DescribeClientQuotasResponse()


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


def _enc_ValueData_v0(o, w):
    b = w.buf
    write_string(b, o.key, False, 'Key')
    b += _S_d.pack(o.value)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ValueData')


def _enc_ValueData_v1(o, w):
    b = w.buf
    write_compact_string(b, o.key, False, 'Key')
    b += _S_d.pack(o.value)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ValueData_v0(buf, p):
    f_key, p = read_string(buf, p, False, 'Key')
    f_value, = _S_d.unpack_from(buf, p)
    p += 8
    return ValueData(f_key, f_value, ()), p


def _dec_ValueData_v1(buf, p):
    f_key, p = read_compact_string(buf, p, False, 'Key')
    f_value, = _S_d.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ValueData')
    return ValueData(f_key, f_value, _u), p


def _enc_EntryData_v0(o, w):
    b = w.buf
    _a = o.entity
    if _a is None:
        raise EncodeError('Entity' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_EntityData_v0(_e, w)
    _a = o.values
    if _a is None:
        raise EncodeError('Values' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ValueData_v0(_e, w)
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
    _a = o.values
    if _a is None:
        raise EncodeError('Values' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ValueData_v1(_e, w)
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
        raise DecodeError('Values' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Values')
        f_values = []
        for _ in range(_n):
            _e, p = _dec_ValueData_v0(buf, p)
            f_values.append(_e)
    return EntryData(f_entity, f_values, ()), p


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
        raise DecodeError('Values' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Values')
        f_values = []
        for _ in range(_n):
            _e, p = _dec_ValueData_v1(buf, p)
            f_values.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EntryData')
    return EntryData(f_entity, f_values, _u), p


def _enc_DescribeClientQuotasResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.entries
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_EntryData_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeClientQuotasResponse')


def _enc_DescribeClientQuotasResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.entries
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_EntryData_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeClientQuotasResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_entries = None
    else:
        check_count(_n, buf, p, 'Entries')
        f_entries = []
        for _ in range(_n):
            _e, p = _dec_EntryData_v0(buf, p)
            f_entries.append(_e)
    return DescribeClientQuotasResponse(f_throttle_time_ms, f_error_code, f_error_message, f_entries, ()), p


def _dec_DescribeClientQuotasResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_entries = None
    else:
        check_count(_n, buf, p, 'Entries')
        f_entries = []
        for _ in range(_n):
            _e, p = _dec_EntryData_v1(buf, p)
            f_entries.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClientQuotasResponse')
    return DescribeClientQuotasResponse(f_throttle_time_ms, f_error_code, f_error_message, f_entries, _u), p


EntityData._ENCODERS = {0: _enc_EntityData_v0, 1: _enc_EntityData_v1}
EntityData._DECODERS = {0: _dec_EntityData_v0, 1: _dec_EntityData_v1}
ValueData._ENCODERS = {0: _enc_ValueData_v0, 1: _enc_ValueData_v1}
ValueData._DECODERS = {0: _dec_ValueData_v0, 1: _dec_ValueData_v1}
EntryData._ENCODERS = {0: _enc_EntryData_v0, 1: _enc_EntryData_v1}
EntryData._DECODERS = {0: _dec_EntryData_v0, 1: _dec_EntryData_v1}
DescribeClientQuotasResponse._ENCODERS = {0: _enc_DescribeClientQuotasResponse_v0, 1: _enc_DescribeClientQuotasResponse_v1}
DescribeClientQuotasResponse._DECODERS = {0: _dec_DescribeClientQuotasResponse_v0, 1: _dec_DescribeClientQuotasResponse_v1}
