"""GetTelemetrySubscriptionsRequest: generated from schemas/clients/GetTelemetrySubscriptionsRequest.json by kbroker.protocol.codegen. Do not edit."""

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


@attrs.define(eq=True, slots=True)
class GetTelemetrySubscriptionsRequest(Message):
    """The GetTelemetrySubscriptionsRequest struct of GetTelemetrySubscriptionsRequest."""

    API_KEY = 71
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
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_GetTelemetrySubscriptionsRequest = GetTelemetrySubscriptionsRequest()


def _enc_GetTelemetrySubscriptionsRequest_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.client_instance_id.bytes)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_GetTelemetrySubscriptionsRequest_v0(buf, p):
    f_client_instance_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_client_instance_id = uuid.UUID(bytes=f_client_instance_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'GetTelemetrySubscriptionsRequest')
    return GetTelemetrySubscriptionsRequest(f_client_instance_id, _u), p


GetTelemetrySubscriptionsRequest._ENCODERS = {0: _enc_GetTelemetrySubscriptionsRequest_v0}
GetTelemetrySubscriptionsRequest._DECODERS = {0: _dec_GetTelemetrySubscriptionsRequest_v0}
