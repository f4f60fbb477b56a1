"""RegisterBrokerRecord: generated from schemas/metadata/RegisterBrokerRecord.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i16sq = struct.Struct('>i16sq')
_S_io16sq = struct.Struct('>i?16sq')
_S_o = struct.Struct('>?')
_S_oo = struct.Struct('>??')


@attrs.define(eq=True, slots=True)
class BrokerEndpoint(Message):
    """The endpoints that can be used to communicate with this broker."""

    name: str = ''
    host: str = ''
    port: int = 0
    security_protocol: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class BrokerFeature(Message):
    """The features on this broker"""

    name: str = ''
    min_supported_version: int = 0
    max_supported_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class RegisterBrokerRecord(Message):
    """The RegisterBrokerRecord struct of RegisterBrokerRecord."""

    API_KEY = 0
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    broker_id: int = 0
    is_migrating_zk_broker: bool = False
    incarnation_id: uuid.UUID = ZERO_UUID
    broker_epoch: int = 0
    end_points: list[BrokerEndpoint] = attrs.field(factory=list)
    features: list[BrokerFeature] = attrs.field(factory=list)
    rack: str | None = ''
    fenced: bool = True
    in_controlled_shutdown: bool = False
    log_dirs: list[uuid.UUID] = attrs.field(factory=list)
    cordoned_log_dirs: list[uuid.UUID] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_BrokerEndpoint = BrokerEndpoint()
_DEFAULT_BrokerFeature = BrokerFeature()
_DEFAULT_RegisterBrokerRecord = RegisterBrokerRecord()


def _enc_BrokerEndpoint_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_Hh.pack(o.port, o.security_protocol)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_BrokerEndpoint_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, f_security_protocol = _S_Hh.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerEndpoint')
    return BrokerEndpoint(f_name, f_host, f_port, f_security_protocol, _u), p


def _enc_BrokerFeature_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_hh.pack(o.min_supported_version, o.max_supported_version)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_BrokerFeature_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_min_supported_version, f_max_supported_version = _S_hh.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerFeature')
    return BrokerFeature(f_name, f_min_supported_version, f_max_supported_version, _u), p


def _enc_RegisterBrokerRecord_v0(o, w):
    if bool(o.is_migrating_zk_broker):
        raise field_not_in_version('IsMigratingZkBroker')
    if bool(o.in_controlled_shutdown):
        raise field_not_in_version('InControlledShutdown')
    if o.log_dirs is None or len(o.log_dirs) != 0:
        raise field_not_in_version('LogDirs')
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_i16sq.pack(o.broker_id, o.incarnation_id.bytes, o.broker_epoch)
    _a = o.end_points
    if _a is None:
        raise EncodeError('EndPoints' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerEndpoint_v0(_e, w)
    _a = o.features
    if _a is None:
        raise EncodeError('Features' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerFeature_v0(_e, w)
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_o.pack(o.fenced)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_RegisterBrokerRecord_v1(o, w):
    if bool(o.is_migrating_zk_broker):
        raise field_not_in_version('IsMigratingZkBroker')
    if o.log_dirs is None or len(o.log_dirs) != 0:
        raise field_not_in_version('LogDirs')
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_i16sq.pack(o.broker_id, o.incarnation_id.bytes, o.broker_epoch)
    _a = o.end_points
    if _a is None:
        raise EncodeError('EndPoints' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerEndpoint_v0(_e, w)
    _a = o.features
    if _a is None:
        raise EncodeError('Features' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerFeature_v0(_e, w)
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_oo.pack(o.fenced, o.in_controlled_shutdown)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_RegisterBrokerRecord_v2(o, w):
    if o.log_dirs is None or len(o.log_dirs) != 0:
        raise field_not_in_version('LogDirs')
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_io16sq.pack(o.broker_id, o.is_migrating_zk_broker, o.incarnation_id.bytes, o.broker_epoch)
    _a = o.end_points
    if _a is None:
        raise EncodeError('EndPoints' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerEndpoint_v0(_e, w)
    _a = o.features
    if _a is None:
        raise EncodeError('Features' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerFeature_v0(_e, w)
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_oo.pack(o.fenced, o.in_controlled_shutdown)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_RegisterBrokerRecord_v3(o, w):
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_io16sq.pack(o.broker_id, o.is_migrating_zk_broker, o.incarnation_id.bytes, o.broker_epoch)
    _a = o.end_points
    if _a is None:
        raise EncodeError('EndPoints' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerEndpoint_v0(_e, w)
    _a = o.features
    if _a is None:
        raise EncodeError('Features' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerFeature_v0(_e, w)
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_oo.pack(o.fenced, o.in_controlled_shutdown)
    _t = o.unknown_tagged_fields
    if o.log_dirs is None or len(o.log_dirs) != 0:
        _tw = Writer()
        _a = o.log_dirs
        if _a is None:
            raise EncodeError('LogDirs' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_RegisterBrokerRecord_v4(o, w):
    b = w.buf
    b += _S_io16sq.pack(o.broker_id, o.is_migrating_zk_broker, o.incarnation_id.bytes, o.broker_epoch)
    _a = o.end_points
    if _a is None:
        raise EncodeError('EndPoints' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerEndpoint_v0(_e, w)
    _a = o.features
    if _a is None:
        raise EncodeError('Features' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerFeature_v0(_e, w)
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_oo.pack(o.fenced, o.in_controlled_shutdown)
    _t = o.unknown_tagged_fields
    if o.log_dirs is None or len(o.log_dirs) != 0:
        _tw = Writer()
        _a = o.log_dirs
        if _a is None:
            raise EncodeError('LogDirs' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (0, _tw.getvalue())]
    if o.cordoned_log_dirs is not None:
        _tw = Writer()
        _a = o.cordoned_log_dirs
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (1, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_RegisterBrokerRecord_v0(buf, p):
    f_broker_id, f_incarnation_id, f_broker_epoch = _S_i16sq.unpack_from(buf, p)
    p += 28
    f_incarnation_id = uuid.UUID(bytes=f_incarnation_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('EndPoints' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'EndPoints')
        f_end_points = []
        for _ in range(_n):
            _e, p = _dec_BrokerEndpoint_v0(buf, p)
            f_end_points.append(_e)
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
            _e, p = _dec_BrokerFeature_v0(buf, p)
            f_features.append(_e)
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_fenced, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RegisterBrokerRecord')
    return RegisterBrokerRecord(f_broker_id, False, f_incarnation_id, f_broker_epoch, f_end_points, f_features, f_rack, f_fenced, False, [], None, _u), p


def _dec_RegisterBrokerRecord_v1(buf, p):
    f_broker_id, f_incarnation_id, f_broker_epoch = _S_i16sq.unpack_from(buf, p)
    p += 28
    f_incarnation_id = uuid.UUID(bytes=f_incarnation_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('EndPoints' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'EndPoints')
        f_end_points = []
        for _ in range(_n):
            _e, p = _dec_BrokerEndpoint_v0(buf, p)
            f_end_points.append(_e)
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
            _e, p = _dec_BrokerFeature_v0(buf, p)
            f_features.append(_e)
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_fenced, f_in_controlled_shutdown = _S_oo.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RegisterBrokerRecord')
    return RegisterBrokerRecord(f_broker_id, False, f_incarnation_id, f_broker_epoch, f_end_points, f_features, f_rack, f_fenced, f_in_controlled_shutdown, [], None, _u), p


def _dec_RegisterBrokerRecord_v2(buf, p):
    f_broker_id, f_is_migrating_zk_broker, f_incarnation_id, f_broker_epoch = _S_io16sq.unpack_from(buf, p)
    p += 29
    f_incarnation_id = uuid.UUID(bytes=f_incarnation_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('EndPoints' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'EndPoints')
        f_end_points = []
        for _ in range(_n):
            _e, p = _dec_BrokerEndpoint_v0(buf, p)
            f_end_points.append(_e)
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
            _e, p = _dec_BrokerFeature_v0(buf, p)
            f_features.append(_e)
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_fenced, f_in_controlled_shutdown = _S_oo.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RegisterBrokerRecord')
    return RegisterBrokerRecord(f_broker_id, f_is_migrating_zk_broker, f_incarnation_id, f_broker_epoch, f_end_points, f_features, f_rack, f_fenced, f_in_controlled_shutdown, [], None, _u), p


def _dec_RegisterBrokerRecord_v3(buf, p):
    f_broker_id, f_is_migrating_zk_broker, f_incarnation_id, f_broker_epoch = _S_io16sq.unpack_from(buf, p)
    p += 29
    f_incarnation_id = uuid.UUID(bytes=f_incarnation_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('EndPoints' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'EndPoints')
        f_end_points = []
        for _ in range(_n):
            _e, p = _dec_BrokerEndpoint_v0(buf, p)
            f_end_points.append(_e)
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
            _e, p = _dec_BrokerFeature_v0(buf, p)
            f_features.append(_e)
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_fenced, f_in_controlled_shutdown = _S_oo.unpack_from(buf, p)
    p += 2
    f_log_dirs = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'RegisterBrokerRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('RegisterBrokerRecord' + ': tagged field past the end')
            if _tag == 0:
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
                if p != _end:
                    raise DecodeError('LogDirs' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return RegisterBrokerRecord(f_broker_id, f_is_migrating_zk_broker, f_incarnation_id, f_broker_epoch, f_end_points, f_features, f_rack, f_fenced, f_in_controlled_shutdown, f_log_dirs, None, _u), p


def _dec_RegisterBrokerRecord_v4(buf, p):
    f_broker_id, f_is_migrating_zk_broker, f_incarnation_id, f_broker_epoch = _S_io16sq.unpack_from(buf, p)
    p += 29
    f_incarnation_id = uuid.UUID(bytes=f_incarnation_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('EndPoints' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'EndPoints')
        f_end_points = []
        for _ in range(_n):
            _e, p = _dec_BrokerEndpoint_v0(buf, p)
            f_end_points.append(_e)
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
            _e, p = _dec_BrokerFeature_v0(buf, p)
            f_features.append(_e)
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_fenced, f_in_controlled_shutdown = _S_oo.unpack_from(buf, p)
    p += 2
    f_log_dirs = []
    f_cordoned_log_dirs = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'RegisterBrokerRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('RegisterBrokerRecord' + ': tagged field past the end')
            if _tag == 0:
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
                if p != _end:
                    raise DecodeError('LogDirs' + ': tagged field size mismatch')
            elif _tag == 1:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    f_cordoned_log_dirs = None
                else:
                    check_count(_n, buf, p, 'CordonedLogDirs')
                    f_cordoned_log_dirs = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
                    p += 16 * _n
                if p != _end:
                    raise DecodeError('CordonedLogDirs' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return RegisterBrokerRecord(f_broker_id, f_is_migrating_zk_broker, f_incarnation_id, f_broker_epoch, f_end_points, f_features, f_rack, f_fenced, f_in_controlled_shutdown, f_log_dirs, f_cordoned_log_dirs, _u), p


BrokerEndpoint._ENCODERS = {0: _enc_BrokerEndpoint_v0, 1: _enc_BrokerEndpoint_v0, 2: _enc_BrokerEndpoint_v0, 3: _enc_BrokerEndpoint_v0, 4: _enc_BrokerEndpoint_v0}
BrokerEndpoint._DECODERS = {0: _dec_BrokerEndpoint_v0, 1: _dec_BrokerEndpoint_v0, 2: _dec_BrokerEndpoint_v0, 3: _dec_BrokerEndpoint_v0, 4: _dec_BrokerEndpoint_v0}
BrokerFeature._ENCODERS = {0: _enc_BrokerFeature_v0, 1: _enc_BrokerFeature_v0, 2: _enc_BrokerFeature_v0, 3: _enc_BrokerFeature_v0, 4: _enc_BrokerFeature_v0}
BrokerFeature._DECODERS = {0: _dec_BrokerFeature_v0, 1: _dec_BrokerFeature_v0, 2: _dec_BrokerFeature_v0, 3: _dec_BrokerFeature_v0, 4: _dec_BrokerFeature_v0}
RegisterBrokerRecord._ENCODERS = {0: _enc_RegisterBrokerRecord_v0, 1: _enc_RegisterBrokerRecord_v1, 2: _enc_RegisterBrokerRecord_v2, 3: _enc_RegisterBrokerRecord_v3, 4: _enc_RegisterBrokerRecord_v4}
RegisterBrokerRecord._DECODERS = {0: _dec_RegisterBrokerRecord_v0, 1: _dec_RegisterBrokerRecord_v1, 2: _dec_RegisterBrokerRecord_v2, 3: _dec_RegisterBrokerRecord_v3, 4: _dec_RegisterBrokerRecord_v4}
