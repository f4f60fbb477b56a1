"""ControllerRegistrationRequest: generated from schemas/clients/ControllerRegistrationRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_Hh = struct.Struct('>Hh')
_S_hh = struct.Struct('>hh')
_S_i16so = struct.Struct('>i16s?')


@attrs.define(eq=True, slots=True)
class Listener(Message):
    """The listeners of this controller."""

    name: str = ''
    host: str = ''
    port: int = 0
    security_protocol: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Feature(Message):
    """The features on this controller."""

    name: str = ''
    min_supported_version: int = 0
    max_supported_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ControllerRegistrationRequest(Message):
    """The ControllerRegistrationRequest struct of ControllerRegistrationRequest."""

    API_KEY = 70
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    controller_id: int = 0
    incarnation_id: uuid.UUID = ZERO_UUID
    zk_migration_ready: bool = False
    listeners: list[Listener] = attrs.field(factory=list)
    features: list[Feature] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_Listener = Listener()
_DEFAULT_Feature = Feature()
_DEFAULT_ControllerRegistrationRequest = ControllerRegistrationRequest()


def _enc_Listener_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_Hh.pack(o.port, o.security_protocol)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Listener_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, f_security_protocol = _S_Hh.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Listener')
    return Listener(f_name, f_host, f_port, f_security_protocol, _u), p


def _enc_Feature_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_hh.pack(o.min_supported_version, o.max_supported_version)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Feature_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_min_supported_version, f_max_supported_version = _S_hh.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Feature')
    return Feature(f_name, f_min_supported_version, f_max_supported_version, _u), p


def _enc_ControllerRegistrationRequest_v0(o, w):
    b = w.buf
    b += _S_i16so.pack(o.controller_id, o.incarnation_id.bytes, o.zk_migration_ready)
    _a = o.listeners
    if _a is None:
        raise EncodeError('Listeners' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Listener_v0(_e, w)
    _a = o.features
    if _a is None:
        raise EncodeError('Features' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Feature_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ControllerRegistrationRequest_v0(buf, p):
    f_controller_id, f_incarnation_id, f_zk_migration_ready = _S_i16so.unpack_from(buf, p)
    p += 21
    f_incarnation_id = uuid.UUID(bytes=f_incarnation_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Listeners' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Listeners')
        f_listeners = []
        for _ in range(_n):
            _e, p = _dec_Listener_v0(buf, p)
            f_listeners.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Features' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Features')
        f_features = []
        for _ in range(_n):
            _e, p = _dec_Feature_v0(buf, p)
            f_features.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ControllerRegistrationRequest')
    return ControllerRegistrationRequest(f_controller_id, f_incarnation_id, f_zk_migration_ready, f_listeners, f_features, _u), p


Listener._ENCODERS = {0: _enc_Listener_v0}
Listener._DECODERS = {0: _dec_Listener_v0}
Feature._ENCODERS = {0: _enc_Feature_v0}
Feature._DECODERS = {0: _dec_Feature_v0}
ControllerRegistrationRequest._ENCODERS = {0: _enc_ControllerRegistrationRequest_v0}
ControllerRegistrationRequest._DECODERS = {0: _dec_ControllerRegistrationRequest_v0}
