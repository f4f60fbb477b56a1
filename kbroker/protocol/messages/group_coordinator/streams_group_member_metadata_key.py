"""StreamsGroupMemberMetadataKey: generated from schemas/group-coordinator/StreamsGroupMemberMetadataKey.json by kbroker.protocol.codegen. Do not edit."""

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
class StreamsGroupMemberMetadataKey(Message):
    """The StreamsGroupMemberMetadataKey struct of StreamsGroupMemberMetadataKey."""

    API_KEY = 19
    SCHEMA_TYPE = 'coordinator-key'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    group_id: str = ''
    member_id: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_StreamsGroupMemberMetadataKey = StreamsGroupMemberMetadataKey()


def _enc_StreamsGroupMemberMetadataKey_v0(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    write_string(b, o.member_id, False, 'MemberId')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('StreamsGroupMemberMetadataKey')


def _dec_StreamsGroupMemberMetadataKey_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_member_id, p = read_string(buf, p, False, 'MemberId')
    return StreamsGroupMemberMetadataKey(f_group_id, f_member_id, ()), p


StreamsGroupMemberMetadataKey._ENCODERS = {0: _enc_StreamsGroupMemberMetadataKey_v0}
StreamsGroupMemberMetadataKey._DECODERS = {0: _dec_StreamsGroupMemberMetadataKey_v0}
