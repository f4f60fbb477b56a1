"""DescribeUserScramCredentialsResponse: generated from schemas/clients/DescribeUserScramCredentialsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_bi = struct.Struct('>bi')
_S_h = struct.Struct('>h')
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class CredentialInfo(Message):
    """The mechanism and related information associated with the user's SCRAM credentials."""

    mechanism: int = 0
    iterations: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeUserScramCredentialsResult(Message):
    """The results for descriptions, one per user."""

    user: str = ''
    error_code: int = 0
    error_message: str | None = ''
    credential_infos: list[CredentialInfo] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeUserScramCredentialsResponse(Message):
    """The DescribeUserScramCredentialsResponse struct of DescribeUserScramCredentialsResponse."""

    API_KEY = 50
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
    error_message: str | None = ''
    results: list[DescribeUserScramCredentialsResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_CredentialInfo = CredentialInfo()
_DEFAULT_DescribeUserScramCredentialsResult = DescribeUserScramCredentialsResult()
_DEFAULT_DescribeUserScramCredentialsResponse = DescribeUserScramCredentialsResponse()


def _enc_CredentialInfo_v0(o, w):
    b = w.buf
    b += _S_bi.pack(o.mechanism, o.iterations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CredentialInfo_v0(buf, p):
    f_mechanism, f_iterations = _S_bi.unpack_from(buf, p)
    p += 5
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CredentialInfo')
    return CredentialInfo(f_mechanism, f_iterations, _u), p


def _enc_DescribeUserScramCredentialsResult_v0(o, w):
    b = w.buf
    write_compact_string(b, o.user, False, 'User')
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.credential_infos
    if _a is None:
        raise EncodeError('CredentialInfos' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CredentialInfo_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeUserScramCredentialsResult_v0(buf, p):
    f_user, p = read_compact_string(buf, p, False, 'User')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('CredentialInfos' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'CredentialInfos')
        f_credential_infos = []
        for _ in range(_n):
            _e, p = _dec_CredentialInfo_v0(buf, p)
            f_credential_infos.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeUserScramCredentialsResult')
    return DescribeUserScramCredentialsResult(f_user, f_error_code, f_error_message, f_credential_infos, _u), p


def _enc_DescribeUserScramCredentialsResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_DescribeUserScramCredentialsResult_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeUserScramCredentialsResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_DescribeUserScramCredentialsResult_v0(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeUserScramCredentialsResponse')
    return DescribeUserScramCredentialsResponse(f_throttle_time_ms, f_error_code, f_error_message, f_results, _u), p


CredentialInfo._ENCODERS = {0: _enc_CredentialInfo_v0}
CredentialInfo._DECODERS = {0: _dec_CredentialInfo_v0}
DescribeUserScramCredentialsResult._ENCODERS = {0: _enc_DescribeUserScramCredentialsResult_v0}
DescribeUserScramCredentialsResult._DECODERS = {0: _dec_DescribeUserScramCredentialsResult_v0}
DescribeUserScramCredentialsResponse._ENCODERS = {0: _enc_DescribeUserScramCredentialsResponse_v0}
DescribeUserScramCredentialsResponse._DECODERS = {0: _dec_DescribeUserScramCredentialsResponse_v0}
