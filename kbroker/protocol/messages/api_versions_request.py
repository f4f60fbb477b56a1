"""ApiVersionsRequest: generated from schemas/clients/ApiVersionsRequest.json by kbroker.protocol.codegen. Do not edit."""

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



@attrs.define(eq=True, slots=True)
class ApiVersionsRequest(Message):
    """The ApiVersionsRequest struct of ApiVersionsRequest."""

    API_KEY = 18
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 4
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 3:
            return 2
        return 1

    client_software_name: str = ''
    client_software_version: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ApiVersionsRequest = ApiVersionsRequest()


def _enc_ApiVersionsRequest_v0(o, w):
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ApiVersionsRequest')


def _enc_ApiVersionsRequest_v3(o, w):
    b = w.buf
    write_compact_string(b, o.client_software_name, False, 'ClientSoftwareName')
    write_compact_string(b, o.client_software_version, False, 'ClientSoftwareVersion')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ApiVersionsRequest_v0(buf, p):
    return ApiVersionsRequest('', '', ()), p


def _dec_ApiVersionsRequest_v3(buf, p):
    f_client_software_name, p = read_compact_string(buf, p, False, 'ClientSoftwareName')
    f_client_software_version, p = read_compact_string(buf, p, False, 'ClientSoftwareVersion')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ApiVersionsRequest')
    return ApiVersionsRequest(f_client_software_name, f_client_software_version, _u), p


ApiVersionsRequest._ENCODERS = {0: _enc_ApiVersionsRequest_v0, 1: _enc_ApiVersionsRequest_v0, 2: _enc_ApiVersionsRequest_v0, 3: _enc_ApiVersionsRequest_v3, 4: _enc_ApiVersionsRequest_v3}
ApiVersionsRequest._DECODERS = {0: _dec_ApiVersionsRequest_v0, 1: _dec_ApiVersionsRequest_v0, 2: _dec_ApiVersionsRequest_v0, 3: _dec_ApiVersionsRequest_v3, 4: _dec_ApiVersionsRequest_v3}
