"""DescribeConfigsResponse: generated from schemas/clients/DescribeConfigsResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')
_S_obo = struct.Struct('>?b?')


@attrs.define(eq=True, slots=True)
class DescribeConfigsSynonym(Message):
    """The synonyms for this configuration key."""

    name: str = ''
    value: str | None = ''
    source: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeConfigsResourceResult(Message):
    """Each listed configuration."""

    name: str = ''
    value: str | None = ''
    read_only: bool = False
    config_source: int = -1
    is_sensitive: bool = False
    synonyms: list[DescribeConfigsSynonym] = attrs.field(factory=list)
    config_type: int = 0
    documentation: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeConfigsResult(Message):
    """The results for each resource."""

    error_code: int = 0
    error_message: str | None = ''
    resource_type: int = 0
    resource_name: str = ''
    configs: list[DescribeConfigsResourceResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeConfigsResponse(Message):
    """The DescribeConfigsResponse struct of DescribeConfigsResponse."""

    API_KEY = 32
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 4
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 4:
            return 1
        return 0

    throttle_time_ms: int = 0
    results: list[DescribeConfigsResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeConfigsSynonym = DescribeConfigsSynonym()
_DEFAULT_DescribeConfigsResourceResult = DescribeConfigsResourceResult()
_DEFAULT_DescribeConfigsResult = DescribeConfigsResult()
_DEFAULT_DescribeConfigsResponse = DescribeConfigsResponse()


def _enc_DescribeConfigsSynonym_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    write_string(b, o.value, True, 'Value')
    b += _S_b.pack(o.source)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsSynonym')


def _enc_DescribeConfigsSynonym_v4(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.value, True, 'Value')
    b += _S_b.pack(o.source)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeConfigsSynonym_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_value, p = read_string(buf, p, True, 'Value')
    f_source, = _S_b.unpack_from(buf, p)
    p += 1
    return DescribeConfigsSynonym(f_name, f_value, f_source, ()), p


def _dec_DescribeConfigsSynonym_v4(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_value, p = read_compact_string(buf, p, True, 'Value')
    f_source, = _S_b.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeConfigsSynonym')
    return DescribeConfigsSynonym(f_name, f_value, f_source, _u), p


def _enc_DescribeConfigsResourceResult_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    write_string(b, o.value, True, 'Value')
    b += _S_obo.pack(o.read_only, o.config_source, o.is_sensitive)
    _a = o.synonyms
    if _a is None:
        raise EncodeError('Synonyms' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeConfigsSynonym_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsResourceResult')


def _enc_DescribeConfigsResourceResult_v3(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    write_string(b, o.value, True, 'Value')
    b += _S_obo.pack(o.read_only, o.config_source, o.is_sensitive)
    _a = o.synonyms
    if _a is None:
        raise EncodeError('Synonyms' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeConfigsSynonym_v1(_e, w)
    b += _S_b.pack(o.config_type)
    write_string(b, o.documentation, True, 'Documentation')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsResourceResult')


def _enc_DescribeConfigsResourceResult_v4(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.value, True, 'Value')
    b += _S_obo.pack(o.read_only, o.config_source, o.is_sensitive)
    _a = o.synonyms
    if _a is None:
        raise EncodeError('Synonyms' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeConfigsSynonym_v4(_e, w)
    b += _S_b.pack(o.config_type)
    write_compact_string(b, o.documentation, True, 'Documentation')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeConfigsResourceResult_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_value, p = read_string(buf, p, True, 'Value')
    f_read_only, f_config_source, f_is_sensitive = _S_obo.unpack_from(buf, p)
    p += 3
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Synonyms' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Synonyms')
        f_synonyms = []
        for _ in range(_n):
            _e, p = _dec_DescribeConfigsSynonym_v1(buf, p)
            f_synonyms.append(_e)
    return DescribeConfigsResourceResult(f_name, f_value, f_read_only, f_config_source, f_is_sensitive, f_synonyms, 0, '', ()), p


def _dec_DescribeConfigsResourceResult_v3(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_value, p = read_string(buf, p, True, 'Value')
    f_read_only, f_config_source, f_is_sensitive = _S_obo.unpack_from(buf, p)
    p += 3
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Synonyms' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Synonyms')
        f_synonyms = []
        for _ in range(_n):
            _e, p = _dec_DescribeConfigsSynonym_v1(buf, p)
            f_synonyms.append(_e)
    f_config_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_documentation, p = read_string(buf, p, True, 'Documentation')
    return DescribeConfigsResourceResult(f_name, f_value, f_read_only, f_config_source, f_is_sensitive, f_synonyms, f_config_type, f_documentation, ()), p


def _dec_DescribeConfigsResourceResult_v4(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_value, p = read_compact_string(buf, p, True, 'Value')
    f_read_only, f_config_source, f_is_sensitive = _S_obo.unpack_from(buf, p)
    p += 3
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Synonyms' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Synonyms')
        f_synonyms = []
        for _ in range(_n):
            _e, p = _dec_DescribeConfigsSynonym_v4(buf, p)
            f_synonyms.append(_e)
    f_config_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_documentation, p = read_compact_string(buf, p, True, 'Documentation')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeConfigsResourceResult')
    return DescribeConfigsResourceResult(f_name, f_value, f_read_only, f_config_source, f_is_sensitive, f_synonyms, f_config_type, f_documentation, _u), p


def _enc_DescribeConfigsResult_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.resource_type)
    write_string(b, o.resource_name, False, 'ResourceName')
    _a = o.configs
    if _a is None:
        raise EncodeError('Configs' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeConfigsResourceResult_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsResult')


def _enc_DescribeConfigsResult_v3(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.resource_type)
    write_string(b, o.resource_name, False, 'ResourceName')
    _a = o.configs
    if _a is None:
        raise EncodeError('Configs' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeConfigsResourceResult_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsResult')


def _enc_DescribeConfigsResult_v4(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    _a = o.configs
    if _a is None:
        raise EncodeError('Configs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeConfigsResourceResult_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeConfigsResult_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
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
            _e, p = _dec_DescribeConfigsResourceResult_v1(buf, p)
            f_configs.append(_e)
    return DescribeConfigsResult(f_error_code, f_error_message, f_resource_type, f_resource_name, f_configs, ()), p


def _dec_DescribeConfigsResult_v3(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
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
            _e, p = _dec_DescribeConfigsResourceResult_v3(buf, p)
            f_configs.append(_e)
    return DescribeConfigsResult(f_error_code, f_error_message, f_resource_type, f_resource_name, f_configs, ()), p


def _dec_DescribeConfigsResult_v4(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
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
            _e, p = _dec_DescribeConfigsResourceResult_v4(buf, p)
            f_configs.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeConfigsResult')
    return DescribeConfigsResult(f_error_code, f_error_message, f_resource_type, f_resource_name, f_configs, _u), p


def _enc_DescribeConfigsResponse_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeConfigsResult_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsResponse')


def _enc_DescribeConfigsResponse_v3(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribeConfigsResult_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeConfigsResponse')


def _enc_DescribeConfigsResponse_v4(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeConfigsResult_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeConfigsResponse_v1(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_DescribeConfigsResult_v1(buf, p)
            f_results.append(_e)
    return DescribeConfigsResponse(f_throttle_time_ms, f_results, ()), p


def _dec_DescribeConfigsResponse_v3(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_DescribeConfigsResult_v3(buf, p)
            f_results.append(_e)
    return DescribeConfigsResponse(f_throttle_time_ms, f_results, ()), p


def _dec_DescribeConfigsResponse_v4(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_DescribeConfigsResult_v4(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeConfigsResponse')
    return DescribeConfigsResponse(f_throttle_time_ms, f_results, _u), p


DescribeConfigsSynonym._ENCODERS = {1: _enc_DescribeConfigsSynonym_v1, 2: _enc_DescribeConfigsSynonym_v1, 3: _enc_DescribeConfigsSynonym_v1, 4: _enc_DescribeConfigsSynonym_v4}
DescribeConfigsSynonym._DECODERS = {1: _dec_DescribeConfigsSynonym_v1, 2: _dec_DescribeConfigsSynonym_v1, 3: _dec_DescribeConfigsSynonym_v1, 4: _dec_DescribeConfigsSynonym_v4}
DescribeConfigsResourceResult._ENCODERS = {1: _enc_DescribeConfigsResourceResult_v1, 2: _enc_DescribeConfigsResourceResult_v1, 3: _enc_DescribeConfigsResourceResult_v3, 4: _enc_DescribeConfigsResourceResult_v4}
DescribeConfigsResourceResult._DECODERS = {1: _dec_DescribeConfigsResourceResult_v1, 2: _dec_DescribeConfigsResourceResult_v1, 3: _dec_DescribeConfigsResourceResult_v3, 4: _dec_DescribeConfigsResourceResult_v4}
DescribeConfigsResult._ENCODERS = {1: _enc_DescribeConfigsResult_v1, 2: _enc_DescribeConfigsResult_v1, 3: _enc_DescribeConfigsResult_v3, 4: _enc_DescribeConfigsResult_v4}
DescribeConfigsResult._DECODERS = {1: _dec_DescribeConfigsResult_v1, 2: _dec_DescribeConfigsResult_v1, 3: _dec_DescribeConfigsResult_v3, 4: _dec_DescribeConfigsResult_v4}
DescribeConfigsResponse._ENCODERS = {1: _enc_DescribeConfigsResponse_v1, 2: _enc_DescribeConfigsResponse_v1, 3: _enc_DescribeConfigsResponse_v3, 4: _enc_DescribeConfigsResponse_v4}
DescribeConfigsResponse._DECODERS = {1: _dec_DescribeConfigsResponse_v1, 2: _dec_DescribeConfigsResponse_v1, 3: _dec_DescribeConfigsResponse_v3, 4: _dec_DescribeConfigsResponse_v4}
