"""UpdateFeaturesRequest: generated from schemas/clients/UpdateFeaturesRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hb = struct.Struct('>hb')
_S_ho = struct.Struct('>h?')
_S_i = struct.Struct('>i')
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class FeatureUpdateKey(Message):
    """The list of updates to finalized features."""

    feature: str = ''
    max_version_level: int = 0
    allow_downgrade: bool = False
    upgrade_type: int = 1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class UpdateFeaturesRequest(Message):
    """The UpdateFeaturesRequest struct of UpdateFeaturesRequest."""

    API_KEY = 57
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    timeout_ms: int = 60000
    feature_updates: list[FeatureUpdateKey] = attrs.field(factory=list)
    validate_only: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_FeatureUpdateKey = FeatureUpdateKey()
_DEFAULT_UpdateFeaturesRequest = UpdateFeaturesRequest()


def _enc_FeatureUpdateKey_v0(o, w):
    if o.upgrade_type != 1:
        raise field_not_in_version('UpgradeType')
    b = w.buf
    write_compact_string(b, o.feature, False, 'Feature')
    b += _S_ho.pack(o.max_version_level, o.allow_downgrade)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FeatureUpdateKey_v1(o, w):
    if bool(o.allow_downgrade):
        raise field_not_in_version('AllowDowngrade')
    b = w.buf
    write_compact_string(b, o.feature, False, 'Feature')
    b += _S_hb.pack(o.max_version_level, o.upgrade_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_FeatureUpdateKey_v0(buf, p):
    f_feature, p = read_compact_string(buf, p, False, 'Feature')
    f_max_version_level, f_allow_downgrade = _S_ho.unpack_from(buf, p)
    p += 3
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FeatureUpdateKey')
    return FeatureUpdateKey(f_feature, f_max_version_level, f_allow_downgrade, 1, _u), p


def _dec_FeatureUpdateKey_v1(buf, p):
    f_feature, p = read_compact_string(buf, p, False, 'Feature')
    f_max_version_level, f_upgrade_type = _S_hb.unpack_from(buf, p)
    p += 3
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FeatureUpdateKey')
    return FeatureUpdateKey(f_feature, f_max_version_level, False, f_upgrade_type, _u), p


def _enc_UpdateFeaturesRequest_v0(o, w):
    if bool(o.validate_only):
        raise field_not_in_version('ValidateOnly')
    b = w.buf
    b += _S_i.pack(o.timeout_ms)
    _a = o.feature_updates
    if _a is None:
        raise EncodeError('FeatureUpdates' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FeatureUpdateKey_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_UpdateFeaturesRequest_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.timeout_ms)
    _a = o.feature_updates
    if _a is None:
        raise EncodeError('FeatureUpdates' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_FeatureUpdateKey_v1(_e, w)
    b += _S_o.pack(o.validate_only)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_UpdateFeaturesRequest_v0(buf, p):
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('FeatureUpdates' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'FeatureUpdates')
        f_feature_updates = []
        for _ in range(_n):
            _e, p = _dec_FeatureUpdateKey_v0(buf, p)
            f_feature_updates.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'UpdateFeaturesRequest')
    return UpdateFeaturesRequest(f_timeout_ms, f_feature_updates, False, _u), p


def _dec_UpdateFeaturesRequest_v1(buf, p):
    f_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('FeatureUpdates' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'FeatureUpdates')
        f_feature_updates = []
        for _ in range(_n):
            _e, p = _dec_FeatureUpdateKey_v1(buf, p)
            f_feature_updates.append(_e)
    f_validate_only, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'UpdateFeaturesRequest')
    return UpdateFeaturesRequest(f_timeout_ms, f_feature_updates, f_validate_only, _u), p


FeatureUpdateKey._ENCODERS = {0: _enc_FeatureUpdateKey_v0, 1: _enc_FeatureUpdateKey_v1, 2: _enc_FeatureUpdateKey_v1}
FeatureUpdateKey._DECODERS = {0: _dec_FeatureUpdateKey_v0, 1: _dec_FeatureUpdateKey_v1, 2: _dec_FeatureUpdateKey_v1}
UpdateFeaturesRequest._ENCODERS = {0: _enc_UpdateFeaturesRequest_v0, 1: _enc_UpdateFeaturesRequest_v1, 2: _enc_UpdateFeaturesRequest_v1}
UpdateFeaturesRequest._DECODERS = {0: _dec_UpdateFeaturesRequest_v0, 1: _dec_UpdateFeaturesRequest_v1, 2: _dec_UpdateFeaturesRequest_v1}
