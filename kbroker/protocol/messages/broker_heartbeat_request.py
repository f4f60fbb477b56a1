"""BrokerHeartbeatRequest: generated from schemas/clients/BrokerHeartbeatRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_iqqoo = struct.Struct('>iqq??')


@attrs.define(eq=True, slots=True)
class BrokerHeartbeatRequest(Message):
    """The BrokerHeartbeatRequest struct of BrokerHeartbeatRequest."""

    API_KEY = 63
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

    broker_id: int = 0
    broker_epoch: int = -1
    current_metadata_offset: int = 0
    want_fence: bool = False
    want_shut_down: bool = False
    offline_log_dirs: list[uuid.UUID] = attrs.field(factory=list)
    cordoned_log_dirs: list[uuid.UUID] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_BrokerHeartbeatRequest = BrokerHeartbeatRequest()


def _enc_BrokerHeartbeatRequest_v0(o, w):
    if o.offline_log_dirs is None or len(o.offline_log_dirs) != 0:
        raise field_not_in_version('OfflineLogDirs')
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_iqqoo.pack(o.broker_id, o.broker_epoch, o.current_metadata_offset, o.want_fence, o.want_shut_down)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_BrokerHeartbeatRequest_v1(o, w):
    if o.cordoned_log_dirs is not None:
        raise field_not_in_version('CordonedLogDirs')
    b = w.buf
    b += _S_iqqoo.pack(o.broker_id, o.broker_epoch, o.current_metadata_offset, o.want_fence, o.want_shut_down)
    _t = o.unknown_tagged_fields
    if o.offline_log_dirs is None or len(o.offline_log_dirs) != 0:
        _tw = Writer()
        _a = o.offline_log_dirs
        if _a is None:
            raise EncodeError('OfflineLogDirs' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _tw.buf += _e.bytes
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_BrokerHeartbeatRequest_v2(o, w):
    b = w.buf
    b += _S_iqqoo.pack(o.broker_id, o.broker_epoch, o.current_metadata_offset, o.want_fence, o.want_shut_down)
    _t = o.unknown_tagged_fields
    if o.offline_log_dirs is None or len(o.offline_log_dirs) != 0:
        _tw = Writer()
        _a = o.offline_log_dirs
        if _a is None:
            raise EncodeError('OfflineLogDirs' + ': null in a non-nullable array')
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


def _dec_BrokerHeartbeatRequest_v0(buf, p):
    f_broker_id, f_broker_epoch, f_current_metadata_offset, f_want_fence, f_want_shut_down = _S_iqqoo.unpack_from(buf, p)
    p += 22
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerHeartbeatRequest')
    return BrokerHeartbeatRequest(f_broker_id, f_broker_epoch, f_current_metadata_offset, f_want_fence, f_want_shut_down, [], None, _u), p


def _dec_BrokerHeartbeatRequest_v1(buf, p):
    f_broker_id, f_broker_epoch, f_current_metadata_offset, f_want_fence, f_want_shut_down = _S_iqqoo.unpack_from(buf, p)
    p += 22
    f_offline_log_dirs = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'BrokerHeartbeatRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('BrokerHeartbeatRequest' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    raise DecodeError('OfflineLogDirs' + ': non-nullable array was serialized as null')
                else:
                    check_count(_n, buf, p, 'OfflineLogDirs')
                    f_offline_log_dirs = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
                    p += 16 * _n
                if p != _end:
                    raise DecodeError('OfflineLogDirs' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return BrokerHeartbeatRequest(f_broker_id, f_broker_epoch, f_current_metadata_offset, f_want_fence, f_want_shut_down, f_offline_log_dirs, None, _u), p


def _dec_BrokerHeartbeatRequest_v2(buf, p):
    f_broker_id, f_broker_epoch, f_current_metadata_offset, f_want_fence, f_want_shut_down = _S_iqqoo.unpack_from(buf, p)
    p += 22
    f_offline_log_dirs = []
    f_cordoned_log_dirs = None
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'BrokerHeartbeatRequest tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('BrokerHeartbeatRequest' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    raise DecodeError('OfflineLogDirs' + ': non-nullable array was serialized as null')
                else:
                    check_count(_n, buf, p, 'OfflineLogDirs')
                    f_offline_log_dirs = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]
                    p += 16 * _n
                if p != _end:
                    raise DecodeError('OfflineLogDirs' + ': tagged field size mismatch')
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
    return BrokerHeartbeatRequest(f_broker_id, f_broker_epoch, f_current_metadata_offset, f_want_fence, f_want_shut_down, f_offline_log_dirs, f_cordoned_log_dirs, _u), p


BrokerHeartbeatRequest._ENCODERS = {0: _enc_BrokerHeartbeatRequest_v0, 1: _enc_BrokerHeartbeatRequest_v1, 2: _enc_BrokerHeartbeatRequest_v2}
BrokerHeartbeatRequest._DECODERS = {0: _dec_BrokerHeartbeatRequest_v0, 1: _dec_BrokerHeartbeatRequest_v1, 2: _dec_BrokerHeartbeatRequest_v2}
