"""BrokerRegistrationRequest: generated from schemas/clients/BrokerRegistrationRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16s = struct.Struct('>16s')
_S_Hh = struct.Struct('>Hh')
_S_hh = struct.Struct('>hh')
_S_i = struct.Struct('>i')
_S_o = struct.Struct('>?')
_S_q = struct.Struct('>q')


@attrs.define(eq=True, slots=True)
class Listener(Message):
    """The listeners of this broker."""

    name: str = ''
    host: str = ''
    port: int = 0
    security_protocol: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Feature(Message):
    """The features on this broker. Note: in v0-v3, features with MinSupportedVersion = 0 are omitted."""

    name: str = ''
    min_supported_version: int = 0
    max_supported_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class BrokerRegistrationRequest(Message):
    """The BrokerRegistrationRequest struct of BrokerRegistrationRequest."""

    API_KEY = 62
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    broker_id: int = 0
    cluster_id: str = ''
    incarnation_id: uuid.UUID = ZERO_UUID
    listeners: list[Listener] = attrs.field(factory=list)
    features: list[Feature] = attrs.field(factory=list)
    rack: str | None = ''
    is_migrating_zk_broker: bool = False
    log_dirs: list[uuid.UUID] = attrs.field(factory=list)
    previous_broker_epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_Listener = Listener()
_DEFAULT_Feature = Feature()
_DEFAULT_BrokerRegistrationRequest = BrokerRegistrationRequest()


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


def _enc_BrokerRegistrationRequest_v0(o, w):
    if bool(o.is_migrating_zk_broker):
        raise field_not_in_version('IsMigratingZkBroker')
    b = w.buf
    b += _S_i.pack(o.broker_id)
    write_compact_string(b, o.cluster_id, False, 'ClusterId')
    b += _S_16s.pack(o.incarnation_id.bytes)
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
    write_compact_string(b, o.rack, True, 'Rack')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_BrokerRegistrationRequest_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.broker_id)
    write_compact_string(b, o.cluster_id, False, 'ClusterId')
    b += _S_16s.pack(o.incarnation_id.bytes)
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
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_o.pack(o.is_migrating_zk_broker)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_BrokerRegistrationRequest_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.broker_id)
    write_compact_string(b, o.cluster_id, False, 'ClusterId')
    b += _S_16s.pack(o.incarnation_id.bytes)
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
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_o.pack(o.is_migrating_zk_broker)
    _a = o.log_dirs
    if _a is None:
        raise EncodeError('LogDirs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            b += _e.bytes
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_BrokerRegistrationRequest_v3(o, w):
    b = w.buf
    b += _S_i.pack(o.broker_id)
    write_compact_string(b, o.cluster_id, False, 'ClusterId')
    b += _S_16s.pack(o.incarnation_id.bytes)
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
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_o.pack(o.is_migrating_zk_broker)
    _a = o.log_dirs
    if _a is None:
        raise EncodeError('LogDirs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            b += _e.bytes
    b += _S_q.pack(o.previous_broker_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_BrokerRegistrationRequest_v0(buf, p):
    f_broker_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_cluster_id, p = read_compact_string(buf, p, False, 'ClusterId')
    f_incarnation_id, = _S_16s.unpack_from(buf, p)
    p += 16
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
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerRegistrationRequest')
    return BrokerRegistrationRequest(f_broker_id, f_cluster_id, f_incarnation_id, f_listeners, f_features, f_rack, False, [], -1, _u), p


def _dec_BrokerRegistrationRequest_v1(buf, p):
    f_broker_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_cluster_id, p = read_compact_string(buf, p, False, 'ClusterId')
    f_incarnation_id, = _S_16s.unpack_from(buf, p)
    p += 16
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
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_is_migrating_zk_broker, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerRegistrationRequest')
    return BrokerRegistrationRequest(f_broker_id, f_cluster_id, f_incarnation_id, f_listeners, f_features, f_rack, f_is_migrating_zk_broker, [], -1, _u), p


def _dec_BrokerRegistrationRequest_v2(buf, p):
    f_broker_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_cluster_id, p = read_compact_string(buf, p, False, 'ClusterId')
    f_incarnation_id, = _S_16s.unpack_from(buf, p)
    p += 16
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
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_is_migrating_zk_broker, = _S_o.unpack_from(buf, p)
    p += 1
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('LogDirs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'LogDirs')
        f_log_dirs = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
        p += 16 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerRegistrationRequest')
    return BrokerRegistrationRequest(f_broker_id, f_cluster_id, f_incarnation_id, f_listeners, f_features, f_rack, f_is_migrating_zk_broker, f_log_dirs, -1, _u), p


def _dec_BrokerRegistrationRequest_v3(buf, p):
    f_broker_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_cluster_id, p = read_compact_string(buf, p, False, 'ClusterId')
    f_incarnation_id, = _S_16s.unpack_from(buf, p)
    p += 16
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
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_is_migrating_zk_broker, = _S_o.unpack_from(buf, p)
    p += 1
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('LogDirs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'LogDirs')
        f_log_dirs = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
        p += 16 * _n
    f_previous_broker_epoch, = _S_q.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerRegistrationRequest')
    return BrokerRegistrationRequest(f_broker_id, f_cluster_id, f_incarnation_id, f_listeners, f_features, f_rack, f_is_migrating_zk_broker, f_log_dirs, f_previous_broker_epoch, _u), p


Listener._ENCODERS = {0: _enc_Listener_v0, 1: _enc_Listener_v0, 2: _enc_Listener_v0, 3: _enc_Listener_v0, 4: _enc_Listener_v0}
Listener._DECODERS = {0: _dec_Listener_v0, 1: _dec_Listener_v0, 2: _dec_Listener_v0, 3: _dec_Listener_v0, 4: _dec_Listener_v0}
Feature._ENCODERS = {0: _enc_Feature_v0, 1: _enc_Feature_v0, 2: _enc_Feature_v0, 3: _enc_Feature_v0, 4: _enc_Feature_v0}
Feature._DECODERS = {0: _dec_Feature_v0, 1: _dec_Feature_v0, 2: _dec_Feature_v0, 3: _dec_Feature_v0, 4: _dec_Feature_v0}
BrokerRegistrationRequest._ENCODERS = {0: _enc_BrokerRegistrationRequest_v0, 1: _enc_BrokerRegistrationRequest_v1, 2: _enc_BrokerRegistrationRequest_v2, 3: _enc_BrokerRegistrationRequest_v3, 4: _enc_BrokerRegistrationRequest_v3}
BrokerRegistrationRequest._DECODERS = {0: _dec_BrokerRegistrationRequest_v0, 1: _dec_BrokerRegistrationRequest_v1, 2: _dec_BrokerRegistrationRequest_v2, 3: _dec_BrokerRegistrationRequest_v3, 4: _dec_BrokerRegistrationRequest_v3}
