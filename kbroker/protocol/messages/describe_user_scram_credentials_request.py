"""DescribeUserScramCredentialsRequest: generated from schemas/clients/DescribeUserScramCredentialsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class UserName(Message):
    """The users to describe, or null/empty to describe all users."""

    name: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class DescribeUserScramCredentialsRequest(Message):
    """The DescribeUserScramCredentialsRequest struct of DescribeUserScramCredentialsRequest."""

    API_KEY = 50
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

    users: list[UserName] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_UserName = UserName()
_DEFAULT_DescribeUserScramCredentialsRequest = DescribeUserScramCredentialsRequest()


def _enc_UserName_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_UserName_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'UserName')
    return UserName(f_name, _u), p


def _enc_DescribeUserScramCredentialsRequest_v0(o, w):
    b = w.buf
    _a = o.users
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_UserName_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeUserScramCredentialsRequest_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_users = None
    else:
        check_count(_n, buf, p, 'Users')
        f_users = []
        for _ in range(_n):
            _e, p = _dec_UserName_v0(buf, p)
            f_users.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeUserScramCredentialsRequest')
    return DescribeUserScramCredentialsRequest(f_users, _u), p


UserName._ENCODERS = {0: _enc_UserName_v0}
UserName._DECODERS = {0: _dec_UserName_v0}
DescribeUserScramCredentialsRequest._ENCODERS = {0: _enc_DescribeUserScramCredentialsRequest_v0}
DescribeUserScramCredentialsRequest._DECODERS = {0: _dec_DescribeUserScramCredentialsRequest_v0}
