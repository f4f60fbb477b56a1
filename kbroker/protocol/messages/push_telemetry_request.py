"""PushTelemetryRequest: generated from schemas/clients/PushTelemetryRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16siob = struct.Struct('>16si?b')


@attrs.define(eq=True, slots=True)
class PushTelemetryRequest(Message):
    """The PushTelemetryRequest struct of PushTelemetryRequest."""

    API_KEY = 72
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

    client_instance_id: uuid.UUID = ZERO_UUID
    subscription_id: int = 0
    terminating: bool = False
    compression_type: int = 0
    metrics: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PushTelemetryRequest = PushTelemetryRequest()


def _enc_PushTelemetryRequest_v0(o, w):
    b = w.buf
    b += _S_16siob.pack(o.client_instance_id.bytes, o.subscription_id, o.terminating, o.compression_type)
    write_compact_bytes(b, o.metrics, False, 'Metrics')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PushTelemetryRequest_v0(buf, p):
    f_client_instance_id, f_subscription_id, f_terminating, f_compression_type = _S_16siob.unpack_from(buf, p)
    p += 22
    f_client_instance_id = uuid.UUID(bytes=f_client_instance_id)
    f_metrics, p = read_compact_bytes(buf, p, False, 'Metrics')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PushTelemetryRequest')
    return PushTelemetryRequest(f_client_instance_id, f_subscription_id, f_terminating, f_compression_type, f_metrics, _u), p


PushTelemetryRequest._ENCODERS = {0: _enc_PushTelemetryRequest_v0}
PushTelemetryRequest._DECODERS = {0: _dec_PushTelemetryRequest_v0}
