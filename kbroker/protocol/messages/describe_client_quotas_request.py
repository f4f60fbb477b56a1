"""DescribeClientQuotasRequest: generated from schemas/clients/DescribeClientQuotasRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_b = struct.Struct('>b')
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class ComponentData(Message):
    """Filter components to apply to quota entities."""

    entity_type: str = ''
    match_type: int = 0
    match: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeClientQuotasRequest(Message):
    """The DescribeClientQuotasRequest struct of DescribeClientQuotasRequest."""

    API_KEY = 48
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

    components: list[ComponentData] = attrs.field(factory=list)
    strict: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ComponentData = ComponentData()
_DEFAULT_DescribeClientQuotasRequest = DescribeClientQuotasRequest()


def _enc_ComponentData_v0(o, w):
    b = w.buf
    write_string(b, o.entity_type, False, 'EntityType')
    b += _S_b.pack(o.match_type)
    write_string(b, o.match, True, 'Match')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ComponentData')


def _enc_ComponentData_v1(o, w):
    b = w.buf
    write_compact_string(b, o.entity_type, False, 'EntityType')
    b += _S_b.pack(o.match_type)
    write_compact_string(b, o.match, True, 'Match')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ComponentData_v0(buf, p):
    f_entity_type, p = read_string(buf, p, False, 'EntityType')
    f_match_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_match, p = read_string(buf, p, True, 'Match')
    return ComponentData(f_entity_type, f_match_type, f_match, ()), p


def _dec_ComponentData_v1(buf, p):
    f_entity_type, p = read_compact_string(buf, p, False, 'EntityType')
    f_match_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_match, p = read_compact_string(buf, p, True, 'Match')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ComponentData')
    return ComponentData(f_entity_type, f_match_type, f_match, _u), p


def _enc_DescribeClientQuotasRequest_v0(o, w):
    b = w.buf
    _a = o.components
    if _a is None:
        raise EncodeError('Components' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ComponentData_v0(_e, w)
    b += _S_o.pack(o.strict)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeClientQuotasRequest')


def _enc_DescribeClientQuotasRequest_v1(o, w):
    b = w.buf
    _a = o.components
    if _a is None:
        raise EncodeError('Components' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ComponentData_v1(_e, w)
    b += _S_o.pack(o.strict)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeClientQuotasRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Components' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Components')
        f_components = []
        for _ in range(_n):
            _e, p = _dec_ComponentData_v0(buf, p)
            f_components.append(_e)
    f_strict, = _S_o.unpack_from(buf, p)
    p += 1
    return DescribeClientQuotasRequest(f_components, f_strict, ()), p


def _dec_DescribeClientQuotasRequest_v1(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Components' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Components')
        f_components = []
        for _ in range(_n):
            _e, p = _dec_ComponentData_v1(buf, p)
            f_components.append(_e)
    f_strict, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClientQuotasRequest')
    return DescribeClientQuotasRequest(f_components, f_strict, _u), p


ComponentData._ENCODERS = {0: _enc_ComponentData_v0, 1: _enc_ComponentData_v1}
ComponentData._DECODERS = {0: _dec_ComponentData_v0, 1: _dec_ComponentData_v1}
DescribeClientQuotasRequest._ENCODERS = {0: _enc_DescribeClientQuotasRequest_v0, 1: _enc_DescribeClientQuotasRequest_v1}
DescribeClientQuotasRequest._DECODERS = {0: _dec_DescribeClientQuotasRequest_v0, 1: _dec_DescribeClientQuotasRequest_v1}
