"""GetTelemetrySubscriptionsResponse: generated from schemas/clients/GetTelemetrySubscriptionsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_ih16si = struct.Struct('>ih16si')
_S_iio = struct.Struct('>ii?')


@attrs.define(eq=True, slots=True)
class GetTelemetrySubscriptionsResponse(Message):
    """The GetTelemetrySubscriptionsResponse struct of GetTelemetrySubscriptionsResponse."""

    API_KEY = 71
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    client_instance_id: uuid.UUID = ZERO_UUID
    subscription_id: int = 0
    accepted_compression_types: list[int] = attrs.field(factory=list)
    push_interval_ms: int = 0
    telemetry_max_bytes: int = 0
    delta_temporality: bool = False
    requested_metrics: list[str] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_GetTelemetrySubscriptionsResponse = GetTelemetrySubscriptionsResponse()


def _enc_GetTelemetrySubscriptionsResponse_v0(o, w):
    b = w.buf
    b += _S_ih16si.pack(o.throttle_time_ms, o.error_code, o.client_instance_id.bytes, o.subscription_id)
    _a = o.accepted_compression_types
    if _a is None:
        raise EncodeError('AcceptedCompressionTypes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%db' % len(_a), *_a)
    b += _S_iio.pack(o.push_interval_ms, o.telemetry_max_bytes, o.delta_temporality)
    _a = o.requested_metrics
    if _a is None:
        raise EncodeError('RequestedMetrics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'RequestedMetrics')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_GetTelemetrySubscriptionsResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code, f_client_instance_id, f_subscription_id = _S_ih16si.unpack_from(buf, p)
    p += 26
    f_client_instance_id = uuid.UUID(bytes=f_client_instance_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('AcceptedCompressionTypes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'AcceptedCompressionTypes')
        f_accepted_compression_types = list(struct.unpack_from('>%db' % _n, buf, p))
        p += 1 * _n
    f_push_interval_ms, f_telemetry_max_bytes, f_delta_temporality = _S_iio.unpack_from(buf, p)
    p += 9
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RequestedMetrics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RequestedMetrics')
        f_requested_metrics = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'RequestedMetrics')
            f_requested_metrics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'GetTelemetrySubscriptionsResponse')
    return GetTelemetrySubscriptionsResponse(f_throttle_time_ms, f_error_code, f_client_instance_id, f_subscription_id, f_accepted_compression_types, f_push_interval_ms, f_telemetry_max_bytes, f_delta_temporality, f_requested_metrics, _u), p


GetTelemetrySubscriptionsResponse._ENCODERS = {0: _enc_GetTelemetrySubscriptionsResponse_v0}
GetTelemetrySubscriptionsResponse._DECODERS = {0: _dec_GetTelemetrySubscriptionsResponse_v0}
