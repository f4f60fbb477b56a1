"""DescribeDelegationTokenResponse: generated from schemas/clients/DescribeDelegationTokenResponse.json by kbroker.protocol.codegen. Do not edit."""

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
class DescribedDelegationTokenRenewer(Message):
    """Those who are able to renew this token before it expires."""

    principal_type: str = ''
    principal_name: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribedDelegationToken(Message):
    """The tokens."""

    principal_type: str = ''
    principal_name: str = ''
    token_requester_principal_type: str = ''
    token_requester_principal_name: str = ''
    issue_timestamp: int = 0
    expiry_timestamp: int = 0
    max_timestamp: int = 0
    token_id: str = ''
    hmac: bytes = b''
    renewers: list[DescribedDelegationTokenRenewer] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeDelegationTokenResponse(Message):
    """The DescribeDelegationTokenResponse struct of DescribeDelegationTokenResponse."""

    API_KEY = 41
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
    tokens: list[DescribedDelegationToken] = attrs.field(factory=list)
    throttle_time_ms: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribedDelegationTokenRenewer = DescribedDelegationTokenRenewer()
_DEFAULT_DescribedDelegationToken = DescribedDelegationToken()
_DEFAULT_DescribeDelegationTokenResponse = DescribeDelegationTokenResponse()


def _enc_DescribedDelegationTokenRenewer_v1(o, w):
    b = w.buf
    write_string(b, o.principal_type, False, 'PrincipalType')
    write_string(b, o.principal_name, False, 'PrincipalName')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribedDelegationTokenRenewer')


def _enc_DescribedDelegationTokenRenewer_v2(o, w):
    b = w.buf
    write_compact_string(b, o.principal_type, False, 'PrincipalType')
    write_compact_string(b, o.principal_name, False, 'PrincipalName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribedDelegationTokenRenewer_v1(buf, p):
    f_principal_type, p = read_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_string(buf, p, False, 'PrincipalName')
    return DescribedDelegationTokenRenewer(f_principal_type, f_principal_name, ()), p


def _dec_DescribedDelegationTokenRenewer_v2(buf, p):
    f_principal_type, p = read_compact_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_compact_string(buf, p, False, 'PrincipalName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribedDelegationTokenRenewer')
    return DescribedDelegationTokenRenewer(f_principal_type, f_principal_name, _u), p


def _enc_DescribedDelegationToken_v1(o, w):
    if o.token_requester_principal_type != '':
        raise field_not_in_version('TokenRequesterPrincipalType')
    if o.token_requester_principal_name != '':
        raise field_not_in_version('TokenRequesterPrincipalName')
    b = w.buf
    write_string(b, o.principal_type, False, 'PrincipalType')
    write_string(b, o.principal_name, False, 'PrincipalName')
    b += _S_qqq.pack(o.issue_timestamp, o.expiry_timestamp, o.max_timestamp)
    write_string(b, o.token_id, False, 'TokenId')
    write_bytes(b, o.hmac, False, 'Hmac')
    _a = o.renewers
    if _a is None:
        raise EncodeError('Renewers' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedDelegationTokenRenewer_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribedDelegationToken')


def _enc_DescribedDelegationToken_v2(o, w):
    if o.token_requester_principal_type != '':
        raise field_not_in_version('TokenRequesterPrincipalType')
    if o.token_requester_principal_name != '':
        raise field_not_in_version('TokenRequesterPrincipalName')
    b = w.buf
    write_compact_string(b, o.principal_type, False, 'PrincipalType')
    write_compact_string(b, o.principal_name, False, 'PrincipalName')
    b += _S_qqq.pack(o.issue_timestamp, o.expiry_timestamp, o.max_timestamp)
    write_compact_string(b, o.token_id, False, 'TokenId')
    write_compact_bytes(b, o.hmac, False, 'Hmac')
    _a = o.renewers
    if _a is None:
        raise EncodeError('Renewers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedDelegationTokenRenewer_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribedDelegationToken_v3(o, w):
    b = w.buf
    write_compact_string(b, o.principal_type, False, 'PrincipalType')
    write_compact_string(b, o.principal_name, False, 'PrincipalName')
    write_compact_string(b, o.token_requester_principal_type, False, 'TokenRequesterPrincipalType')
    write_compact_string(b, o.token_requester_principal_name, False, 'TokenRequesterPrincipalName')
    b += _S_qqq.pack(o.issue_timestamp, o.expiry_timestamp, o.max_timestamp)
    write_compact_string(b, o.token_id, False, 'TokenId')
    write_compact_bytes(b, o.hmac, False, 'Hmac')
    _a = o.renewers
    if _a is None:
        raise EncodeError('Renewers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedDelegationTokenRenewer_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribedDelegationToken_v1(buf, p):
    f_principal_type, p = read_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_string(buf, p, False, 'PrincipalName')
    f_issue_timestamp, f_expiry_timestamp, f_max_timestamp = _S_qqq.unpack_from(buf, p)
    p += 24
    f_token_id, p = read_string(buf, p, False, 'TokenId')
    f_hmac, p = read_bytes(buf, p, False, 'Hmac')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Renewers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Renewers')
        f_renewers = []
        for _ in range(_n):
            _e, p = _dec_DescribedDelegationTokenRenewer_v1(buf, p)
            f_renewers.append(_e)
    return DescribedDelegationToken(f_principal_type, f_principal_name, '', '', f_issue_timestamp, f_expiry_timestamp, f_max_timestamp, f_token_id, f_hmac, f_renewers, ()), p


def _dec_DescribedDelegationToken_v2(buf, p):
    f_principal_type, p = read_compact_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_compact_string(buf, p, False, 'PrincipalName')
    f_issue_timestamp, f_expiry_timestamp, f_max_timestamp = _S_qqq.unpack_from(buf, p)
    p += 24
    f_token_id, p = read_compact_string(buf, p, False, 'TokenId')
    f_hmac, p = read_compact_bytes(buf, p, False, 'Hmac')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Renewers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Renewers')
        f_renewers = []
        for _ in range(_n):
            _e, p = _dec_DescribedDelegationTokenRenewer_v2(buf, p)
            f_renewers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribedDelegationToken')
    return DescribedDelegationToken(f_principal_type, f_principal_name, '', '', f_issue_timestamp, f_expiry_timestamp, f_max_timestamp, f_token_id, f_hmac, f_renewers, _u), p


def _dec_DescribedDelegationToken_v3(buf, p):
    f_principal_type, p = read_compact_string(buf, p, False, 'PrincipalType')
    f_principal_name, p = read_compact_string(buf, p, False, 'PrincipalName')
    f_token_requester_principal_type, p = read_compact_string(buf, p, False, 'TokenRequesterPrincipalType')
    f_token_requester_principal_name, p = read_compact_string(buf, p, False, 'TokenRequesterPrincipalName')
    f_issue_timestamp, f_expiry_timestamp, f_max_timestamp = _S_qqq.unpack_from(buf, p)
    p += 24
    f_token_id, p = read_compact_string(buf, p, False, 'TokenId')
    f_hmac, p = read_compact_bytes(buf, p, False, 'Hmac')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Renewers' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Renewers')
        f_renewers = []
        for _ in range(_n):
            _e, p = _dec_DescribedDelegationTokenRenewer_v2(buf, p)
            f_renewers.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribedDelegationToken')
    return DescribedDelegationToken(f_principal_type, f_principal_name, f_token_requester_principal_type, f_token_requester_principal_name, f_issue_timestamp, f_expiry_timestamp, f_max_timestamp, f_token_id, f_hmac, f_renewers, _u), p


def _enc_DescribeDelegationTokenResponse_v1(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.tokens
    if _a is None:
        raise EncodeError('Tokens' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_DescribedDelegationToken_v1(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DescribeDelegationTokenResponse')


def _enc_DescribeDelegationTokenResponse_v2(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.tokens
    if _a is None:
        raise EncodeError('Tokens' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedDelegationToken_v2(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeDelegationTokenResponse_v3(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.tokens
    if _a is None:
        raise EncodeError('Tokens' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribedDelegationToken_v3(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeDelegationTokenResponse_v1(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Tokens' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Tokens')
        f_tokens = []
        for _ in range(_n):
            _e, p = _dec_DescribedDelegationToken_v1(buf, p)
            f_tokens.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return DescribeDelegationTokenResponse(f_error_code, f_tokens, f_throttle_time_ms, ()), p


def _dec_DescribeDelegationTokenResponse_v2(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Tokens' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Tokens')
        f_tokens = []
        for _ in range(_n):
            _e, p = _dec_DescribedDelegationToken_v2(buf, p)
            f_tokens.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeDelegationTokenResponse')
    return DescribeDelegationTokenResponse(f_error_code, f_tokens, f_throttle_time_ms, _u), p


def _dec_DescribeDelegationTokenResponse_v3(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Tokens' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Tokens')
        f_tokens = []
        for _ in range(_n):
            _e, p = _dec_DescribedDelegationToken_v3(buf, p)
            f_tokens.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeDelegationTokenResponse')
    return DescribeDelegationTokenResponse(f_error_code, f_tokens, f_throttle_time_ms, _u), p


DescribedDelegationTokenRenewer._ENCODERS = {1: _enc_DescribedDelegationTokenRenewer_v1, 2: _enc_DescribedDelegationTokenRenewer_v2, 3: _enc_DescribedDelegationTokenRenewer_v2}
DescribedDelegationTokenRenewer._DECODERS = {1: _dec_DescribedDelegationTokenRenewer_v1, 2: _dec_DescribedDelegationTokenRenewer_v2, 3: _dec_DescribedDelegationTokenRenewer_v2}
DescribedDelegationToken._ENCODERS = {1: _enc_DescribedDelegationToken_v1, 2: _enc_DescribedDelegationToken_v2, 3: _enc_DescribedDelegationToken_v3}
DescribedDelegationToken._DECODERS = {1: _dec_DescribedDelegationToken_v1, 2: _dec_DescribedDelegationToken_v2, 3: _dec_DescribedDelegationToken_v3}
DescribeDelegationTokenResponse._ENCODERS = {1: _enc_DescribeDelegationTokenResponse_v1, 2: _enc_DescribeDelegationTokenResponse_v2, 3: _enc_DescribeDelegationTokenResponse_v3}
DescribeDelegationTokenResponse._DECODERS = {1: _dec_DescribeDelegationTokenResponse_v1, 2: _dec_DescribeDelegationTokenResponse_v2, 3: _dec_DescribeDelegationTokenResponse_v3}
