"""DelegationTokenRecord: generated from schemas/metadata/DelegationTokenRecord.json by kbroker.protocol.codegen. Do not edit."""

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

_S_qqq = struct.Struct('>qqq')


@attrs.define(eq=True, slots=True)
class DelegationTokenRecord(Message):
    """The DelegationTokenRecord struct of DelegationTokenRecord."""

    API_KEY = 10
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    owner: str = ''
    requester: str = ''
    renewers: list[str] = attrs.field(factory=list)
    issue_timestamp: int = 0
    max_timestamp: int = 0
    expiration_timestamp: int = 0
    token_id: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DelegationTokenRecord = DelegationTokenRecord()


def _enc_DelegationTokenRecord_v0(o, w):
    b = w.buf
    write_compact_string(b, o.owner, False, 'Owner')
    write_compact_string(b, o.requester, False, 'Requester')
    _a = o.renewers
    if _a is None:
        raise EncodeError('Renewers' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'Renewers')
    b += _S_qqq.pack(o.issue_timestamp, o.max_timestamp, o.expiration_timestamp)
    write_compact_string(b, o.token_id, False, 'TokenId')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DelegationTokenRecord_v0(buf, p):
    f_owner, p = read_compact_string(buf, p, False, 'Owner')
    f_requester, p = read_compact_string(buf, p, False, 'Requester')
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
            _e, p = read_compact_string(buf, p, False, 'Renewers')
            f_renewers.append(_e)
    f_issue_timestamp, f_max_timestamp, f_expiration_timestamp = _S_qqq.unpack_from(buf, p)
    p += 24
    f_token_id, p = read_compact_string(buf, p, False, 'TokenId')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DelegationTokenRecord')
    return DelegationTokenRecord(f_owner, f_requester, f_renewers, f_issue_timestamp, f_max_timestamp, f_expiration_timestamp, f_token_id, _u), p


DelegationTokenRecord._ENCODERS = {0: _enc_DelegationTokenRecord_v0}
DelegationTokenRecord._DECODERS = {0: _dec_DelegationTokenRecord_v0}
