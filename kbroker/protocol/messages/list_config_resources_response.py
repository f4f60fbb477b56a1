"""ListConfigResourcesResponse: generated from schemas/clients/ListConfigResourcesResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class ConfigResource(Message):
    """Each config resource in the response."""

    resource_name: str = ''
    resource_type: int = 16
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ListConfigResourcesResponse(Message):
    """The ListConfigResourcesResponse struct of ListConfigResourcesResponse."""

    API_KEY = 74
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    config_resources: list[ConfigResource] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ConfigResource = ConfigResource()
_DEFAULT_ListConfigResourcesResponse = ListConfigResourcesResponse()


def _enc_ConfigResource_v0(o, w):
    b = w.buf
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ConfigResource_v1(o, w):
    b = w.buf
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    b += _S_b.pack(o.resource_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ConfigResource_v0(buf, p):
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ConfigResource')
    return ConfigResource(f_resource_name, 16, _u), p


def _dec_ConfigResource_v1(buf, p):
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ConfigResource')
    return ConfigResource(f_resource_name, f_resource_type, _u), p


def _enc_ListConfigResourcesResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.config_resources
    if _a is None:
        raise EncodeError('ConfigResources' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ConfigResource_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListConfigResourcesResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.config_resources
    if _a is None:
        raise EncodeError('ConfigResources' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ConfigResource_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListConfigResourcesResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ConfigResources' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ConfigResources')
        f_config_resources = []
        for _ in range(_n):
            _e, p = _dec_ConfigResource_v0(buf, p)
            f_config_resources.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListConfigResourcesResponse')
    return ListConfigResourcesResponse(f_throttle_time_ms, f_error_code, f_config_resources, _u), p


def _dec_ListConfigResourcesResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ConfigResources' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ConfigResources')
        f_config_resources = []
        for _ in range(_n):
            _e, p = _dec_ConfigResource_v1(buf, p)
            f_config_resources.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListConfigResourcesResponse')
    return ListConfigResourcesResponse(f_throttle_time_ms, f_error_code, f_config_resources, _u), p


ConfigResource._ENCODERS = {0: _enc_ConfigResource_v0, 1: _enc_ConfigResource_v1}
ConfigResource._DECODERS = {0: _dec_ConfigResource_v0, 1: _dec_ConfigResource_v1}
ListConfigResourcesResponse._ENCODERS = {0: _enc_ListConfigResourcesResponse_v0, 1: _enc_ListConfigResourcesResponse_v1}
ListConfigResourcesResponse._DECODERS = {0: _dec_ListConfigResourcesResponse_v0, 1: _dec_ListConfigResourcesResponse_v1}
