"""DescribeConfigsRequest: generated from schemas/clients/DescribeConfigsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_oo = struct.Struct('>??')


@attrs.define(eq=True, slots=True)
class DescribeConfigsResource(Message):
    """The resources whose configurations we want to describe."""

    resource_type: int = 0
    resource_name: str = ''
    configuration_keys: list[str] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeConfigsRequest(Message):
    """The DescribeConfigsRequest struct of DescribeConfigsRequest."""

    API_KEY = 32
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 4:
            return 2
        return 1

    resources: list[DescribeConfigsResource] = attrs.field(factory=list)
    include_synonyms: bool = False
    include_documentation: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeConfigsResource = DescribeConfigsResource()
_DEFAULT_DescribeConfigsRequest = DescribeConfigsRequest()


def _enc_DescribeConfigsResource_v1(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_string(b, o.resource_name, False, 'ResourceName')
    _a = o.configuration_keys
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'ConfigurationKeys')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsResource')


def _enc_DescribeConfigsResource_v4(o, w):
    b = w.buf
    b += _S_b.pack(o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    _a = o.configuration_keys
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'ConfigurationKeys')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeConfigsResource_v1(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_string(buf, p, False, 'ResourceName')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_configuration_keys = None
    else:
        check_count(_n, buf, p, 'ConfigurationKeys')
        f_configuration_keys = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'ConfigurationKeys')
            f_configuration_keys.append(_e)
    return DescribeConfigsResource(f_resource_type, f_resource_name, f_configuration_keys, ()), p


def _dec_DescribeConfigsResource_v4(buf, p):
    f_resource_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_configuration_keys = None
    else:
        check_count(_n, buf, p, 'ConfigurationKeys')
        f_configuration_keys = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'ConfigurationKeys')
            f_configuration_keys.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeConfigsResource')
    return DescribeConfigsResource(f_resource_type, f_resource_name, f_configuration_keys, _u), p


def _enc_DescribeConfigsRequest_v1(o, w):
    if bool(o.include_documentation):
        raise field_not_in_version('IncludeDocumentation')
    b = w.buf
    _a = o.resources
    if _a is None:
        raise EncodeError('Resources' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeConfigsResource_v1(_e, w)
    b += _S_o.pack(o.include_synonyms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsRequest')


def _enc_DescribeConfigsRequest_v3(o, w):
    b = w.buf
    _a = o.resources
    if _a is None:
        raise EncodeError('Resources' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeConfigsResource_v1(_e, w)
    b += _S_oo.pack(o.include_synonyms, o.include_documentation)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsRequest')


def _enc_DescribeConfigsRequest_v4(o, w):
    b = w.buf
    _a = o.resources
    if _a is None:
        raise EncodeError('Resources' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeConfigsResource_v4(_e, w)
    b += _S_oo.pack(o.include_synonyms, o.include_documentation)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeConfigsRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Resources' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Resources')
        f_resources = []
        for _ in range(_n):
            _e, p = _dec_DescribeConfigsResource_v1(buf, p)
            f_resources.append(_e)
    f_include_synonyms, = _S_o.unpack_from(buf, p)
    p += 1
    return DescribeConfigsRequest(f_resources, f_include_synonyms, False, ()), p


def _dec_DescribeConfigsRequest_v3(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Resources' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Resources')
        f_resources = []
        for _ in range(_n):
            _e, p = _dec_DescribeConfigsResource_v1(buf, p)
            f_resources.append(_e)
    f_include_synonyms, f_include_documentation = _S_oo.unpack_from(buf, p)
    p += 2
    return DescribeConfigsRequest(f_resources, f_include_synonyms, f_include_documentation, ()), p


def _dec_DescribeConfigsRequest_v4(buf, p):
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
            _e, p = _dec_DescribeConfigsResource_v4(buf, p)
            f_resources.append(_e)
    f_include_synonyms, f_include_documentation = _S_oo.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeConfigsRequest')
    return DescribeConfigsRequest(f_resources, f_include_synonyms, f_include_documentation, _u), p


DescribeConfigsResource._ENCODERS = {1: _enc_DescribeConfigsResource_v1, 2: _enc_DescribeConfigsResource_v1, 3: _enc_DescribeConfigsResource_v1, 4: _enc_DescribeConfigsResource_v4}
DescribeConfigsResource._DECODERS = {1: _dec_DescribeConfigsResource_v1, 2: _dec_DescribeConfigsResource_v1, 3: _dec_DescribeConfigsResource_v1, 4: _dec_DescribeConfigsResource_v4}
DescribeConfigsRequest._ENCODERS = {1: _enc_DescribeConfigsRequest_v1, 2: _enc_DescribeConfigsRequest_v1, 3: _enc_DescribeConfigsRequest_v3, 4: _enc_DescribeConfigsRequest_v4}
DescribeConfigsRequest._DECODERS = {1: _dec_DescribeConfigsRequest_v1, 2: _dec_DescribeConfigsRequest_v1, 3: _dec_DescribeConfigsRequest_v3, 4: _dec_DescribeConfigsRequest_v4}
