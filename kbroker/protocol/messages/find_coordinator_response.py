"""FindCoordinatorResponse: generated from schemas/clients/FindCoordinatorResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hi = struct.Struct('>hi')
_S_i = struct.Struct('>i')
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class Coordinator(Message):
    """Each coordinator result in the response."""

    key: str = ''
    node_id: int = 0
    host: str = ''
    port: int = 0
    error_code: int = 0
    error_message: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class FindCoordinatorResponse(Message):
    """The FindCoordinatorResponse struct of FindCoordinatorResponse."""

    API_KEY = 10
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 6
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 3:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = ''
    node_id: int = 0
    host: str = ''
    port: int = 0
    coordinators: list[Coordinator] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_Coordinator = Coordinator()
_DEFAULT_FindCoordinatorResponse = FindCoordinatorResponse()


def _enc_Coordinator_v0(o, w):
    if o.key != '':
        raise field_not_in_version('Key')
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('Coordinator')


def _enc_Coordinator_v3(o, w):
    if o.key != '':
        raise field_not_in_version('Key')
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_Coordinator_v4(o, w):
    b = w.buf
    write_compact_string(b, o.key, False, 'Key')
    b += _S_i.pack(o.node_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_ih.pack(o.port, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Coordinator_v0(buf, p):
    return Coordinator('', 0, '', 0, 0, '', ()), p


def _dec_Coordinator_v3(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Coordinator')
    return Coordinator('', 0, '', 0, 0, '', _u), p


def _dec_Coordinator_v4(buf, p):
    f_key, p = read_compact_string(buf, p, False, 'Key')
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Coordinator')
    return Coordinator(f_key, f_node_id, f_host, f_port, f_error_code, f_error_message, _u), p


def _enc_FindCoordinatorResponse_v0(o, w):
    if o.coordinators is None or len(o.coordinators) != 0:
        raise field_not_in_version('Coordinators')
    b = w.buf
    b += _S_hi.pack(o.error_code, o.node_id)
    write_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FindCoordinatorResponse')


def _enc_FindCoordinatorResponse_v1(o, w):
    if o.coordinators is None or len(o.coordinators) != 0:
        raise field_not_in_version('Coordinators')
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_i.pack(o.node_id)
    write_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FindCoordinatorResponse')


def _enc_FindCoordinatorResponse_v3(o, w):
    if o.coordinators is None or len(o.coordinators) != 0:
        raise field_not_in_version('Coordinators')
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_i.pack(o.node_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FindCoordinatorResponse_v4(o, w):
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.coordinators
    if _a is None:
        raise EncodeError('Coordinators' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Coordinator_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_FindCoordinatorResponse_v0(buf, p):
    f_error_code, f_node_id = _S_hi.unpack_from(buf, p)
    p += 6
    f_host, p = read_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    return FindCoordinatorResponse(0, f_error_code, '', f_node_id, f_host, f_port, [], ()), p


def _dec_FindCoordinatorResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    return FindCoordinatorResponse(f_throttle_time_ms, f_error_code, f_error_message, f_node_id, f_host, f_port, [], ()), p


def _dec_FindCoordinatorResponse_v3(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FindCoordinatorResponse')
    return FindCoordinatorResponse(f_throttle_time_ms, f_error_code, f_error_message, f_node_id, f_host, f_port, [], _u), p


def _dec_FindCoordinatorResponse_v4(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Coordinators' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Coordinators')
        f_coordinators = []
        for _ in range(_n):
            _e, p = _dec_Coordinator_v4(buf, p)
            f_coordinators.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FindCoordinatorResponse')
    return FindCoordinatorResponse(f_throttle_time_ms, 0, '', 0, '', 0, f_coordinators, _u), p


Coordinator._ENCODERS = {0: _enc_Coordinator_v0, 1: _enc_Coordinator_v0, 2: _enc_Coordinator_v0, 3: _enc_Coordinator_v3, 4: _enc_Coordinator_v4, 5: _enc_Coordinator_v4, 6: _enc_Coordinator_v4}
Coordinator._DECODERS = {0: _dec_Coordinator_v0, 1: _dec_Coordinator_v0, 2: _dec_Coordinator_v0, 3: _dec_Coordinator_v3, 4: _dec_Coordinator_v4, 5: _dec_Coordinator_v4, 6: _dec_Coordinator_v4}
FindCoordinatorResponse._ENCODERS = {0: _enc_FindCoordinatorResponse_v0, 1: _enc_FindCoordinatorResponse_v1, 2: _enc_FindCoordinatorResponse_v1, 3: _enc_FindCoordinatorResponse_v3, 4: _enc_FindCoordinatorResponse_v4, 5: _enc_FindCoordinatorResponse_v4, 6: _enc_FindCoordinatorResponse_v4}
FindCoordinatorResponse._DECODERS = {0: _dec_FindCoordinatorResponse_v0, 1: _dec_FindCoordinatorResponse_v1, 2: _dec_FindCoordinatorResponse_v1, 3: _dec_FindCoordinatorResponse_v3, 4: _dec_FindCoordinatorResponse_v4, 5: _dec_FindCoordinatorResponse_v4, 6: _dec_FindCoordinatorResponse_v4}
