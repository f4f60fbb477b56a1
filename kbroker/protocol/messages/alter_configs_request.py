"""AlterConfigsRequest: generated from schemas/clients/AlterConfigsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class AlterableConfig(Message):
    """The configurations."""

    name: str = ''
    value: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterConfigsResource(Message):
    """The updates for each resource."""

    resource_type: int = 0
    resource_name: str = ''
    configs: list[AlterableConfig] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterConfigsRequest(Message):
    """The AlterConfigsRequest struct of AlterConfigsRequest."""

    API_KEY = 33
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    resources: list[AlterConfigsResource] = attrs.field(factory=list)
    validate_only: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AlterableConfig = AlterableConfig()
_DEFAULT_AlterConfigsResource = AlterConfigsResource()
_DEFAULT_AlterConfigsRequest = AlterConfigsRequest()


def _enc_AlterableConfig_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    write_string(b, o.value, True, 'Value')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterableConfig')


def _enc_AlterableConfig_v2(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.value, True, 'Value')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterableConfig_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_value, p = read_string(buf, p, True, 'Value')
    return AlterableConfig(f_name, f_value, ()), p


def _dec_AlterableConfig_v2(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_value, p = read_compact_string(buf, p, True, 'Value')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterableConfig')
    return AlterableConfig(f_name, f_value, _u), p


def _enc_AlterConfigsResource_v0(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_string(b, o.resource_name, False, 'ResourceName')
    _a = o.configs
    if _a is None:
        raise EncodeError('Configs' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AlterableConfig_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterConfigsResource')


def _enc_AlterConfigsResource_v2(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    _a = o.configs
    if _a is None:
        raise EncodeError('Configs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterableConfig_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterConfigsResource_v0(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_string(buf, p, False, 'ResourceName')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Configs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Configs')
        f_configs = []
        for _ in range(_n):
            _e, p = _dec_AlterableConfig_v0(buf, p)
            f_configs.append(_e)
    return AlterConfigsResource(f_resource_type, f_resource_name, f_configs, ()), p


def _dec_AlterConfigsResource_v2(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Configs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Configs')
        f_configs = []
        for _ in range(_n):
            _e, p = _dec_AlterableConfig_v2(buf, p)
            f_configs.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterConfigsResource')
    return AlterConfigsResource(f_resource_type, f_resource_name, f_configs, _u), p


def _enc_AlterConfigsRequest_v0(o, w):
    b = w.buf
    _a = o.resources
    if _a is None:
        raise EncodeError('Resources' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AlterConfigsResource_v0(_e, w)
    b += _S_o.pack(o.validate_only)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterConfigsRequest')


def _enc_AlterConfigsRequest_v2(o, w):
    b = w.buf
    _a = o.resources
    if _a is None:
        raise EncodeError('Resources' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterConfigsResource_v2(_e, w)
    b += _S_o.pack(o.validate_only)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterConfigsRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Resources' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Resources')
        f_resources = []
        for _ in range(_n):
            _e, p = _dec_AlterConfigsResource_v0(buf, p)
            f_resources.append(_e)
    f_validate_only, = _S_o.unpack_from(buf, p)
    p += 1
    return AlterConfigsRequest(f_resources, f_validate_only, ()), p


def _dec_AlterConfigsRequest_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Resources' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Resources')
        f_resources = []
        for _ in range(_n):
            _e, p = _dec_AlterConfigsResource_v2(buf, p)
            f_resources.append(_e)
    f_validate_only, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterConfigsRequest')
    return AlterConfigsRequest(f_resources, f_validate_only, _u), p


AlterableConfig._ENCODERS = {0: _enc_AlterableConfig_v0, 1: _enc_AlterableConfig_v0, 2: _enc_AlterableConfig_v2}
AlterableConfig._DECODERS = {0: _dec_AlterableConfig_v0, 1: _dec_AlterableConfig_v0, 2: _dec_AlterableConfig_v2}
AlterConfigsResource._ENCODERS = {0: _enc_AlterConfigsResource_v0, 1: _enc_AlterConfigsResource_v0, 2: _enc_AlterConfigsResource_v2}
AlterConfigsResource._DECODERS = {0: _dec_AlterConfigsResource_v0, 1: _dec_AlterConfigsResource_v0, 2: _dec_AlterConfigsResource_v2}
AlterConfigsRequest._ENCODERS = {0: _enc_AlterConfigsRequest_v0, 1: _enc_AlterConfigsRequest_v0, 2: _enc_AlterConfigsRequest_v2}
AlterConfigsRequest._DECODERS = {0: _dec_AlterConfigsRequest_v0, 1: _dec_AlterConfigsRequest_v0, 2: _dec_AlterConfigsRequest_v2}
