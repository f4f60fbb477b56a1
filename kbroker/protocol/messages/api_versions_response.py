"""ApiVersionsResponse: generated from schemas/clients/ApiVersionsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_h = struct.Struct('>h')
_S_hh = struct.Struct('>hh')
_S_hhh = struct.Struct('>hhh')
_S_i = struct.Struct('>i')
_S_o = struct.Struct('>?')
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class ApiVersion(Message):
    """The APIs supported by the broker."""

    api_key: int = 0
    min_version: int = 0
    max_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class SupportedFeatureKey(Message):
    """Features supported by the broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted."""

    name: str = ''
    min_version: int = 0
    max_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FinalizedFeatureKey(Message):
    """List of cluster-wide finalized features. The information is valid only if FinalizedFeaturesEpoch >= 0."""

    name: str = ''
    max_version_level: int = 0
    min_version_level: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ApiVersionsResponse(Message):
    """The ApiVersionsResponse struct of ApiVersionsResponse."""

    API_KEY = 18
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        return 0

    error_code: int = 0
    api_keys: list[ApiVersion] = attrs.field(factory=list)
    throttle_time_ms: int = 0
    supported_features: list[SupportedFeatureKey] = attrs.field(factory=list)
    finalized_features_epoch: int = -1
    finalized_features: list[FinalizedFeatureKey] = attrs.field(factory=list)
    zk_migration_ready: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ApiVersion = ApiVersion()
_DEFAULT_SupportedFeatureKey = SupportedFeatureKey()
_DEFAULT_FinalizedFeatureKey = FinalizedFeatureKey()
_DEFAULT_ApiVersionsResponse = ApiVersionsResponse()


def _enc_ApiVersion_v0(o, w):
    b = w.buf
    b += _S_hhh.pack(o.api_key, o.min_version, o.max_version)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ApiVersion')


def _enc_ApiVersion_v3(o, w):
    b = w.buf
    b += _S_hhh.pack(o.api_key, o.min_version, o.max_version)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ApiVersion_v0(buf, p):
    f_api_key, f_min_version, f_max_version = _S_hhh.unpack_from(buf, p)
    p += 6
    return ApiVersion(f_api_key, f_min_version, f_max_version, ()), p


def _dec_ApiVersion_v3(buf, p):
    f_api_key, f_min_version, f_max_version = _S_hhh.unpack_from(buf, p)
    p += 6
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ApiVersion')
    return ApiVersion(f_api_key, f_min_version, f_max_version, _u), p


def _enc_SupportedFeatureKey_v0(o, w):
    if o.name != '':
        raise field_not_in_version('Name')
    if o.min_version != 0:
        raise field_not_in_version('MinVersion')
    if o.max_version != 0:
        raise field_not_in_version('MaxVersion')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('SupportedFeatureKey')


def _enc_SupportedFeatureKey_v3(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_hh.pack(o.min_version, o.max_version)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_SupportedFeatureKey_v0(buf, p):
    return SupportedFeatureKey('', 0, 0, ()), p


def _dec_SupportedFeatureKey_v3(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_min_version, f_max_version = _S_hh.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'SupportedFeatureKey')
    return SupportedFeatureKey(f_name, f_min_version, f_max_version, _u), p


def _enc_FinalizedFeatureKey_v0(o, w):
    if o.name != '':
        raise field_not_in_version('Name')
    if o.max_version_level != 0:
        raise field_not_in_version('MaxVersionLevel')
    if o.min_version_level != 0:
        raise field_not_in_version('MinVersionLevel')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FinalizedFeatureKey')


def _enc_FinalizedFeatureKey_v3(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_hh.pack(o.max_version_level, o.min_version_level)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_FinalizedFeatureKey_v0(buf, p):
    return FinalizedFeatureKey('', 0, 0, ()), p


def _dec_FinalizedFeatureKey_v3(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_max_version_level, f_min_version_level = _S_hh.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FinalizedFeatureKey')
    return FinalizedFeatureKey(f_name, f_max_version_level, f_min_version_level, _u), p


def _enc_ApiVersionsResponse_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.api_keys
    if _a is None:
        raise EncodeError('ApiKeys' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ApiVersion_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ApiVersionsResponse')


def _enc_ApiVersionsResponse_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.api_keys
    if _a is None:
        raise EncodeError('ApiKeys' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ApiVersion_v0(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ApiVersionsResponse')


def _enc_ApiVersionsResponse_v3(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.api_keys
    if _a is None:
        raise EncodeError('ApiKeys' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ApiVersion_v3(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    _t = o.unknown_tagged_fields
    if o.supported_features is None or len(o.supported_features) != 0:
        _tw = Writer()
        _a = o.supported_features
        if _a is None:
            raise EncodeError('SupportedFeatures' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _enc_SupportedFeatureKey_v3(_e, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if o.finalized_features_epoch != -1:
        _tw = Writer()
        _tw.buf += _S_q.pack(o.finalized_features_epoch)
        _t = [*_t, (1, _tw.getvalue())]
    if o.finalized_features is None or len(o.finalized_features) != 0:
        _tw = Writer()
        _a = o.finalized_features
        if _a is None:
            raise EncodeError('FinalizedFeatures' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _enc_FinalizedFeatureKey_v3(_e, _tw)
        _t = [*_t, (2, _tw.getvalue())]
    if bool(o.zk_migration_ready):
        _tw = Writer()
        _tw.buf += _S_o.pack(o.zk_migration_ready)
        _t = [*_t, (3, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_ApiVersionsResponse_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ApiKeys' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ApiKeys')
        f_api_keys = []
        for _ in range(_n):
            _e, p = _dec_ApiVersion_v0(buf, p)
            f_api_keys.append(_e)
    return ApiVersionsResponse(f_error_code, f_api_keys, 0, [], -1, [], False, ()), p


def _dec_ApiVersionsResponse_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ApiKeys' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ApiKeys')
        f_api_keys = []
        for _ in range(_n):
            _e, p = _dec_ApiVersion_v0(buf, p)
            f_api_keys.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return ApiVersionsResponse(f_error_code, f_api_keys, f_throttle_time_ms, [], -1, [], False, ()), p


def _dec_ApiVersionsResponse_v3(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ApiKeys' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ApiKeys')
        f_api_keys = []
        for _ in range(_n):
            _e, p = _dec_ApiVersion_v3(buf, p)
            f_api_keys.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    f_supported_features = []
    f_finalized_features_epoch = -1
    f_finalized_features = []
    f_zk_migration_ready = False
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'ApiVersionsResponse tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('ApiVersionsResponse' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    raise DecodeError('SupportedFeatures' + ': non-nullable array was serialized as null')
                else:
                    check_count(_n, buf, p, 'SupportedFeatures')
                    f_supported_features = []
                    for _ in range(_n):
                        _e, p = _dec_SupportedFeatureKey_v3(buf, p)
                        f_supported_features.append(_e)
                if p != _end:
                    raise DecodeError('SupportedFeatures' + ': tagged field size mismatch')
            elif _tag == 1:
                f_finalized_features_epoch = _S_q.unpack_from(buf, p)[0]
                p += 8
                if p != _end:
                    raise DecodeError('FinalizedFeaturesEpoch' + ': tagged field size mismatch')
            elif _tag == 2:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    raise DecodeError('FinalizedFeatures' + ': non-nullable array was serialized as null')
                else:
                    check_count(_n, buf, p, 'FinalizedFeatures')
                    f_finalized_features = []
                    for _ in range(_n):
                        _e, p = _dec_FinalizedFeatureKey_v3(buf, p)
                        f_finalized_features.append(_e)
                if p != _end:
                    raise DecodeError('FinalizedFeatures' + ': tagged field size mismatch')
            elif _tag == 3:
                f_zk_migration_ready = _S_o.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('ZkMigrationReady' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return ApiVersionsResponse(f_error_code, f_api_keys, f_throttle_time_ms, f_supported_features, f_finalized_features_epoch, f_finalized_features, f_zk_migration_ready, _u), p


ApiVersion._ENCODERS = {0: _enc_ApiVersion_v0, 1: _enc_ApiVersion_v0, 2: _enc_ApiVersion_v0, 3: _enc_ApiVersion_v3, 4: _enc_ApiVersion_v3}
ApiVersion._DECODERS = {0: _dec_ApiVersion_v0, 1: _dec_ApiVersion_v0, 2: _dec_ApiVersion_v0, 3: _dec_ApiVersion_v3, 4: _dec_ApiVersion_v3}
SupportedFeatureKey._ENCODERS = {0: _enc_SupportedFeatureKey_v0, 1: _enc_SupportedFeatureKey_v0, 2: _enc_SupportedFeatureKey_v0, 3: _enc_SupportedFeatureKey_v3, 4: _enc_SupportedFeatureKey_v3}
SupportedFeatureKey._DECODERS = {0: _dec_SupportedFeatureKey_v0, 1: _dec_SupportedFeatureKey_v0, 2: _dec_SupportedFeatureKey_v0, 3: _dec_SupportedFeatureKey_v3, 4: _dec_SupportedFeatureKey_v3}
FinalizedFeatureKey._ENCODERS = {0: _enc_FinalizedFeatureKey_v0, 1: _enc_FinalizedFeatureKey_v0, 2: _enc_FinalizedFeatureKey_v0, 3: _enc_FinalizedFeatureKey_v3, 4: _enc_FinalizedFeatureKey_v3}
FinalizedFeatureKey._DECODERS = {0: _dec_FinalizedFeatureKey_v0, 1: _dec_FinalizedFeatureKey_v0, 2: _dec_FinalizedFeatureKey_v0, 3: _dec_FinalizedFeatureKey_v3, 4: _dec_FinalizedFeatureKey_v3}
ApiVersionsResponse._ENCODERS = {0: _enc_ApiVersionsResponse_v0, 1: _enc_ApiVersionsResponse_v1, 2: _enc_ApiVersionsResponse_v1, 3: _enc_ApiVersionsResponse_v3, 4: _enc_ApiVersionsResponse_v3}
ApiVersionsResponse._DECODERS = {0: _dec_ApiVersionsResponse_v0, 1: _dec_ApiVersionsResponse_v1, 2: _dec_ApiVersionsResponse_v1, 3: _dec_ApiVersionsResponse_v3, 4: _dec_ApiVersionsResponse_v3}
