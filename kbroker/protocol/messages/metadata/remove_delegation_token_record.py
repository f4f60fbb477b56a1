"""RemoveDelegationTokenRecord: generated from schemas/metadata/RemoveDelegationTokenRecord.json by kbroker.protocol.codegen. Do not edit."""

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
class RemoveDelegationTokenRecord(Message):
    """The RemoveDelegationTokenRecord struct of RemoveDelegationTokenRecord."""

    API_KEY = 26
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    token_id: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_RemoveDelegationTokenRecord = RemoveDelegationTokenRecord()


def _enc_RemoveDelegationTokenRecord_v0(o, w):
    b = w.buf
    write_compact_string(b, o.token_id, False, 'TokenId')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_RemoveDelegationTokenRecord_v0(buf, p):
    f_token_id, p = read_compact_string(buf, p, False, 'TokenId')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RemoveDelegationTokenRecord')
    return RemoveDelegationTokenRecord(f_token_id, _u), p


RemoveDelegationTokenRecord._ENCODERS = {0: _enc_RemoveDelegationTokenRecord_v0}
RemoveDelegationTokenRecord._DECODERS = {0: _dec_RemoveDelegationTokenRecord_v0}
