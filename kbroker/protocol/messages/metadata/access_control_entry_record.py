"""AccessControlEntryRecord: generated from schemas/metadata/AccessControlEntryRecord.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16sb = struct.Struct('>16sb')
_S_b = struct.Struct('>b')
_S_bb = struct.Struct('>bb')


@attrs.define(eq=True, slots=True)
class AccessControlEntryRecord(Message):
    """The AccessControlEntryRecord struct of AccessControlEntryRecord."""

    API_KEY = 18
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    id: uuid.UUID = ZERO_UUID
    resource_type: int = 0
    resource_name: str = ''
    pattern_type: int = 0
    principal: str = ''
    host: str = ''
    operation: int = 0
    permission_type: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AccessControlEntryRecord = AccessControlEntryRecord()


def _enc_AccessControlEntryRecord_v0(o, w):
    b = w.buf
    b += _S_16sb.pack(o.id.bytes, o.resource_type)
    write_compact_string(b, o.resource_name, False, 'ResourceName')
    b += _S_b.pack(o.pattern_type)
    write_compact_string(b, o.principal, False, 'Principal')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_bb.pack(o.operation, o.permission_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AccessControlEntryRecord_v0(buf, p):
    f_id, f_resource_type = _S_16sb.unpack_from(buf, p)
    p += 17
    f_id = uuid.UUID(bytes=f_id)
    f_resource_name, p = read_compact_string(buf, p, False, 'ResourceName')
    f_pattern_type, = _S_b.unpack_from(buf, p)
    p += 1
    f_principal, p = read_compact_string(buf, p, False, 'Principal')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_operation, f_permission_type = _S_bb.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AccessControlEntryRecord')
    return AccessControlEntryRecord(f_id, f_resource_type, f_resource_name, f_pattern_type, f_principal, f_host, f_operation, f_permission_type, _u), p


AccessControlEntryRecord._ENCODERS = {0: _enc_AccessControlEntryRecord_v0}
AccessControlEntryRecord._DECODERS = {0: _dec_AccessControlEntryRecord_v0}
