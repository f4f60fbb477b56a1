"""CreateDelegationTokenResponse: generated from schemas/clients/CreateDelegationTokenResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')
_S_qqq = struct.Struct('>qqq')


@attrs.define(eq=True, slots=True)
class CreateDelegationTokenResponse(Message):
    """The CreateDelegationTokenResponse struct of CreateDelegationTokenResponse."""

    API_KEY = 38
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    error_code: int = 0
    principal_type: str = ''
    principal_name: str = ''
    token_requester_principal_type: str = ''
    token_requester_principal_name: str = ''
    issue_timestamp_ms: int = 0
    expiry_timestamp_ms: int = 0
    max_timestamp_ms: int = 0
    token_id: str = ''
    hmac: bytes = b''
    throttle_time_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_CreateDelegationTokenResponse = CreateDelegationTokenResponse()


def _enc_CreateDelegationTokenResponse_v1(o, w):
    if o.token_requester_principal_type != '':
        raise field_not_in_version('TokenRequesterPrincipalType')
    if o.token_requester_principal_name != '':
        raise field_not_in_version('TokenRequesterPrincipalName')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_string(b, o.principal_type, False, 'PrincipalType')
    write_string(b, o.principal_name, False, 'PrincipalName')
    b += _S_qqq.pack(o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms)
    write_string(b, o.token_id, False, 'TokenId')
    write_bytes(b, o.hmac, False, 'Hmac')
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreateDelegationTokenResponse')


def _enc_CreateDelegationTokenResponse_v2(o, w):
    if o.token_requester_principal_type != '':
        raise field_not_in_version('TokenRequesterPrincipalType')
    if o.token_requester_principal_name != '':
        raise field_not_in_version('TokenRequesterPrincipalName')
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.principal_type, False, 'PrincipalType')
    write_compact_string(b, o.principal_name, False, 'PrincipalName')
    b += _S_qqq.pack(o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms)
    write_compact_string(b, o.token_id, False, 'TokenId')
    write_compact_bytes(b, o.hmac, False, 'Hmac')
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_CreateDelegationTokenResponse_v3(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.principal_type, False, 'PrincipalType')
    write_compact_string(b, o.principal_name, False, 'PrincipalName')
    write_compact_string(b, o.token_requester_principal_type, False, 'TokenRequesterPrincipalType')
    write_compact_string(b, o.token_requester_principal_name, False, 'TokenRequesterPrincipalName')
    b += _S_qqq.pack(o.issue_timestamp_ms, o.expiry_timestamp_ms, o.max_timestamp_ms)
    write_compact_string(b, o.token_id, False, 'TokenId')
    write_compact_bytes(b, o.hmac, False, 'Hmac')
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreateDelegationTokenResponse_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_principal_type, p = read_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_string(buf, p, False, 'PrincipalName')
    f_issue_timestamp_ms, f_expiry_timestamp_ms, f_max_timestamp_ms = _S_qqq.unpack_from(buf, p)
    p += 24
    f_token_id, p = read_string(buf, p, False, 'TokenId')
    f_hmac, p = read_bytes(buf, p, False, 'Hmac')
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return CreateDelegationTokenResponse(f_error_code, f_principal_type, f_principal_name, '', '', f_issue_timestamp_ms, f_expiry_timestamp_ms, f_max_timestamp_ms, f_token_id, f_hmac, f_throttle_time_ms, ()), p


def _dec_CreateDelegationTokenResponse_v2(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_principal_type, p = read_compact_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_compact_string(buf, p, False, 'PrincipalName')
    f_issue_timestamp_ms, f_expiry_timestamp_ms, f_max_timestamp_ms = _S_qqq.unpack_from(buf, p)
    p += 24
    f_token_id, p = read_compact_string(buf, p, False, 'TokenId')
    f_hmac, p = read_compact_bytes(buf, p, False, 'Hmac')
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateDelegationTokenResponse')
    return CreateDelegationTokenResponse(f_error_code, f_principal_type, f_principal_name, '', '', f_issue_timestamp_ms, f_expiry_timestamp_ms, f_max_timestamp_ms, f_token_id, f_hmac, f_throttle_time_ms, _u), p


def _dec_CreateDelegationTokenResponse_v3(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_principal_type, p = read_compact_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_compact_string(buf, p, False, 'PrincipalName')
    f_token_requester_principal_type, p = read_compact_string(buf, p, False, 'TokenRequesterPrincipalType')
    f_token_requester_principal_name, p = read_compact_string(buf, p, False, 'TokenRequesterPrincipalName')
    f_issue_timestamp_ms, f_expiry_timestamp_ms, f_max_timestamp_ms = _S_qqq.unpack_from(buf, p)
    p += 24
    f_token_id, p = read_compact_string(buf, p, False, 'TokenId')
    f_hmac, p = read_compact_bytes(buf, p, False, 'Hmac')
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateDelegationTokenResponse')
    return CreateDelegationTokenResponse(f_error_code, f_principal_type, f_principal_name, f_token_requester_principal_type, f_token_requester_principal_name, f_issue_timestamp_ms, f_expiry_timestamp_ms, f_max_timestamp_ms, f_token_id, f_hmac, f_throttle_time_ms, _u), p


CreateDelegationTokenResponse._ENCODERS = {1: _enc_CreateDelegationTokenResponse_v1, 2: _enc_CreateDelegationTokenResponse_v2, 3: _enc_CreateDelegationTokenResponse_v3}
CreateDelegationTokenResponse._DECODERS = {1: _dec_CreateDelegationTokenResponse_v1, 2: _dec_CreateDelegationTokenResponse_v2, 3: _dec_CreateDelegationTokenResponse_v3}
