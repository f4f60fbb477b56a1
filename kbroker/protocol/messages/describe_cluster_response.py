"""DescribeClusterResponse: generated from schemas/clients/DescribeClusterResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_i = struct.Struct('>i')
_S_ih = struct.Struct('>ih')
_S_o = struct.Struct('>?')


@attrs.define(eq=True, slots=True)
class DescribeClusterBroker(Message):
    """Each broker in the response."""

    broker_id: int = 0
    host: str = ''
    port: int = 0
    rack: str | None = None
    is_fenced: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeClusterResponse(Message):
    """The DescribeClusterResponse struct of DescribeClusterResponse."""

    API_KEY = 60
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    error_message: str | None = None
    endpoint_type: int = 1
    cluster_id: str = ''
    controller_id: int = -1
    brokers: list[DescribeClusterBroker] = attrs.field(factory=list)
    cluster_authorized_operations: int = -2147483648
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeClusterBroker = DescribeClusterBroker()
_DEFAULT_DescribeClusterResponse = DescribeClusterResponse()


def _enc_DescribeClusterBroker_v0(o, w):
    if bool(o.is_fenced):
        raise field_not_in_version('IsFenced')
    b = w.buf
    b += _S_i.pack(o.broker_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    write_compact_string(b, o.rack, True, 'Rack')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeClusterBroker_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.broker_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    write_compact_string(b, o.rack, True, 'Rack')
    b += _S_o.pack(o.is_fenced)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeClusterBroker_v0(buf, p):
    f_broker_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClusterBroker')
    return DescribeClusterBroker(f_broker_id, f_host, f_port, f_rack, False, _u), p


def _dec_DescribeClusterBroker_v2(buf, p):
    f_broker_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    f_is_fenced, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClusterBroker')
    return DescribeClusterBroker(f_broker_id, f_host, f_port, f_rack, f_is_fenced, _u), p


def _enc_DescribeClusterResponse_v0(o, w):
    if o.endpoint_type != 1:
        raise field_not_in_version('EndpointType')
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    write_compact_string(b, o.cluster_id, False, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeClusterBroker_v0(_e, w)
    b += _S_i.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeClusterResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.endpoint_type)
    write_compact_string(b, o.cluster_id, False, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeClusterBroker_v0(_e, w)
    b += _S_i.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeClusterResponse_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_b.pack(o.endpoint_type)
    write_compact_string(b, o.cluster_id, False, 'ClusterId')
    b += _S_i.pack(o.controller_id)
    _a = o.brokers
    if _a is None:
        raise EncodeError('Brokers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeClusterBroker_v2(_e, w)
    b += _S_i.pack(o.cluster_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeClusterResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_cluster_id, p = read_compact_string(buf, p, False, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_DescribeClusterBroker_v0(buf, p)
            f_brokers.append(_e)
    f_cluster_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClusterResponse')
    return DescribeClusterResponse(f_throttle_time_ms, f_error_code, f_error_message, 1, f_cluster_id, f_controller_id, f_brokers, f_cluster_authorized_operations, _u), p


def _dec_DescribeClusterResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_endpoint_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_cluster_id, p = read_compact_string(buf, p, False, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_DescribeClusterBroker_v0(buf, p)
            f_brokers.append(_e)
    f_cluster_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClusterResponse')
    return DescribeClusterResponse(f_throttle_time_ms, f_error_code, f_error_message, f_endpoint_type, f_cluster_id, f_controller_id, f_brokers, f_cluster_authorized_operations, _u), p


def _dec_DescribeClusterResponse_v2(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_endpoint_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_cluster_id, p = read_compact_string(buf, p, False, 'ClusterId')
    f_controller_id, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Brokers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Brokers')
        f_brokers = []
        for _ in range(_n):
            _e, p = _dec_DescribeClusterBroker_v2(buf, p)
            f_brokers.append(_e)
    f_cluster_authorized_operations, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClusterResponse')
    return DescribeClusterResponse(f_throttle_time_ms, f_error_code, f_error_message, f_endpoint_type, f_cluster_id, f_controller_id, f_brokers, f_cluster_authorized_operations, _u), p


DescribeClusterBroker._ENCODERS = {0: _enc_DescribeClusterBroker_v0, 1: _enc_DescribeClusterBroker_v0, 2: _enc_DescribeClusterBroker_v2}
DescribeClusterBroker._DECODERS = {0: _dec_DescribeClusterBroker_v0, 1: _dec_DescribeClusterBroker_v0, 2: _dec_DescribeClusterBroker_v2}
DescribeClusterResponse._ENCODERS = {0: _enc_DescribeClusterResponse_v0, 1: _enc_DescribeClusterResponse_v1, 2: _enc_DescribeClusterResponse_v2}
DescribeClusterResponse._DECODERS = {0: _dec_DescribeClusterResponse_v0, 1: _dec_DescribeClusterResponse_v1, 2: _dec_DescribeClusterResponse_v2}
