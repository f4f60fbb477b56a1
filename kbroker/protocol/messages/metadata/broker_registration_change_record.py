"""BrokerRegistrationChangeRecord: generated from schemas/metadata/BrokerRegistrationChangeRecord.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iq = struct.Struct('>iq')


@attrs.define(eq=True, slots=True)
class BrokerRegistrationChangeRecord(Message):
    """The BrokerRegistrationChangeRecord struct of BrokerRegistrationChangeRecord."""

    API_KEY = 17
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    broker_id: int = 0
    broker_epoch: int = 0
    fenced: int = 0
    in_controlled_shutdown: int = 0
    log_dirs: list[uuid.UUID] = attrs.field(factory=list)
    cordoned_log_dirs: list[uuid.UUID] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_BrokerRegistrationChangeRecord = BrokerRegistrationChangeRecord()


def _enc_BrokerRegistrationChangeRecord_v0(o, w):
    if o.in_controlled_shutdown != 0:
        raise field_not_in_version('InControlledShutdown')
    if o.log_dirs is None or len(o.log_dirs) != 0:
        raise field_not_in_version('LogDirs')
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_iq.pack(o.broker_id, o.broker_epoch)
    _t = o.unknown_tagged_fields
    if o.fenced != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.fenced)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_BrokerRegistrationChangeRecord_v1(o, w):
    if o.log_dirs is None or len(o.log_dirs) != 0:
        raise field_not_in_version('LogDirs')
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_iq.pack(o.broker_id, o.broker_epoch)
    _t = o.unknown_tagged_fields
    if o.fenced != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.fenced)
        _t = [*_t, (0, _tw.getvalue())]
    if o.in_controlled_shutdown != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.in_controlled_shutdown)
        _t = [*_t, (1, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_BrokerRegistrationChangeRecord_v2(o, w):
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_iq.pack(o.broker_id, o.broker_epoch)
    _t = o.unknown_tagged_fields
    if o.fenced != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.fenced)
        _t = [*_t, (0, _tw.getvalue())]
    if o.in_controlled_shutdown != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.in_controlled_shutdown)
        _t = [*_t, (1, _tw.getvalue())]
    if o.log_dirs is None or len(o.log_dirs) != 0:
        _tw = Writer()
        _a = o.log_dirs
        if _a is None:
            raise EncodeError('LogDirs' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (2, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_BrokerRegistrationChangeRecord_v3(o, w):
    b = w.buf
    b += _S_iq.pack(o.broker_id, o.broker_epoch)
    _t = o.unknown_tagged_fields
    if o.fenced != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.fenced)
        _t = [*_t, (0, _tw.getvalue())]
    if o.in_controlled_shutdown != 0:
        _tw = Writer()
        _tw.buf += _S_b.pack(o.in_controlled_shutdown)
        _t = [*_t, (1, _tw.getvalue())]
    if o.log_dirs is None or len(o.log_dirs) != 0:
        _tw = Writer()
        _a = o.log_dirs
        if _a is None:
            raise EncodeError('LogDirs' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (2, _tw.getvalue())]
    if o.cordoned_log_dirs is not None:
        _tw = Writer()
        _a = o.cordoned_log_dirs
        if _a is None:
            _tw.buf.append(0)
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (3, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_BrokerRegistrationChangeRecord_v0(buf, p):
    f_broker_id, f_broker_epoch = _S_iq.unpack_from(buf, p)
    p += 12
    f_fenced = 0
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'BrokerRegistrationChangeRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('BrokerRegistrationChangeRecord' + ': tagged field past the end')
            if _tag == 0:
                f_fenced = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('Fenced' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return BrokerRegistrationChangeRecord(f_broker_id, f_broker_epoch, f_fenced, 0, [], None, _u), p


def _dec_BrokerRegistrationChangeRecord_v1(buf, p):
    f_broker_id, f_broker_epoch = _S_iq.unpack_from(buf, p)
    p += 12
    f_fenced = 0
    f_in_controlled_shutdown = 0
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'BrokerRegistrationChangeRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('BrokerRegistrationChangeRecord' + ': tagged field past the end')
            if _tag == 0:
                f_fenced = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('Fenced' + ': tagged field size mismatch')
            elif _tag == 1:
                f_in_controlled_shutdown = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('InControlledShutdown' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return BrokerRegistrationChangeRecord(f_broker_id, f_broker_epoch, f_fenced, f_in_controlled_shutdown, [], None, _u), p


def _dec_BrokerRegistrationChangeRecord_v2(buf, p):
    f_broker_id, f_broker_epoch = _S_iq.unpack_from(buf, p)
    p += 12
    f_fenced = 0
    f_in_controlled_shutdown = 0
    f_log_dirs = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'BrokerRegistrationChangeRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('BrokerRegistrationChangeRecord' + ': tagged field past the end')
            if _tag == 0:
                f_fenced = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('Fenced' + ': tagged field size mismatch')
            elif _tag == 1:
                f_in_controlled_shutdown = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('InControlledShutdown' + ': tagged field size mismatch')
            elif _tag == 2:
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
    return BrokerRegistrationChangeRecord(f_broker_id, f_broker_epoch, f_fenced, f_in_controlled_shutdown, f_log_dirs, None, _u), p


def _dec_BrokerRegistrationChangeRecord_v3(buf, p):
    f_broker_id, f_broker_epoch = _S_iq.unpack_from(buf, p)
    p += 12
    f_fenced = 0
    f_in_controlled_shutdown = 0
    f_log_dirs = []
    f_cordoned_log_dirs = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'BrokerRegistrationChangeRecord tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('BrokerRegistrationChangeRecord' + ': tagged field past the end')
            if _tag == 0:
                f_fenced = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('Fenced' + ': tagged field size mismatch')
            elif _tag == 1:
                f_in_controlled_shutdown = _S_b.unpack_from(buf, p)[0]
                p += 1
                if p != _end:
                    raise DecodeError('InControlledShutdown' + ': tagged field size mismatch')
            elif _tag == 2:
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
            elif _tag == 3:
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
    return BrokerRegistrationChangeRecord(f_broker_id, f_broker_epoch, f_fenced, f_in_controlled_shutdown, f_log_dirs, f_cordoned_log_dirs, _u), p


BrokerRegistrationChangeRecord._ENCODERS = {0: _enc_BrokerRegistrationChangeRecord_v0, 1: _enc_BrokerRegistrationChangeRecord_v1, 2: _enc_BrokerRegistrationChangeRecord_v2, 3: _enc_BrokerRegistrationChangeRecord_v3}
BrokerRegistrationChangeRecord._DECODERS = {0: _dec_BrokerRegistrationChangeRecord_v0, 1: _dec_BrokerRegistrationChangeRecord_v1, 2: _dec_BrokerRegistrationChangeRecord_v2, 3: _dec_BrokerRegistrationChangeRecord_v3}
