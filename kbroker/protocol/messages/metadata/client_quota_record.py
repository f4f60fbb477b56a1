"""ClientQuotaRecord: generated from schemas/metadata/ClientQuotaRecord.json by kbroker.protocol.codegen. Do not edit."""

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

_S_do = struct.Struct('>d?')


@attrs.define(eq=True, slots=True)
class EntityData(Message):
    """The quota entity to alter."""

    entity_type: str = ''
    entity_name: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ClientQuotaRecord(Message):
    """The ClientQuotaRecord struct of ClientQuotaRecord."""

    API_KEY = 14
    SCHEMA_TYPE = 'metadata'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    entity: list[EntityData] = attrs.field(factory=list)
    key: str = ''
    value: float = 0.0
    remove: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_EntityData = EntityData()
_DEFAULT_ClientQuotaRecord = ClientQuotaRecord()


def _enc_EntityData_v0(o, w):
    b = w.buf
    write_compact_string(b, o.entity_type, False, 'EntityType')
    write_compact_string(b, o.entity_name, True, 'EntityName')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_EntityData_v0(buf, p):
    f_entity_type, p = read_compact_string(buf, p, False, 'EntityType')
    f_entity_name, p = read_compact_string(buf, p, True, 'EntityName')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'EntityData')
    return EntityData(f_entity_type, f_entity_name, _u), p


def _enc_ClientQuotaRecord_v0(o, w):
    b = w.buf
    _a = o.entity
    if _a is None:
        raise EncodeError('Entity' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_EntityData_v0(_e, w)
    write_compact_string(b, o.key, False, 'Key')
    b += _S_do.pack(o.value, o.remove)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ClientQuotaRecord_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Entity' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Entity')
        f_entity = []
        for _ in range(_n):
            _e, p = _dec_EntityData_v0(buf, p)
            f_entity.append(_e)
    f_key, p = read_compact_string(buf, p, False, 'Key')
    f_value, f_remove = _S_do.unpack_from(buf, p)
    p += 9
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ClientQuotaRecord')
    return ClientQuotaRecord(f_entity, f_key, f_value, f_remove, _u), p


EntityData._ENCODERS = {0: _enc_EntityData_v0}
EntityData._DECODERS = {0: _dec_EntityData_v0}
ClientQuotaRecord._ENCODERS = {0: _enc_ClientQuotaRecord_v0}
ClientQuotaRecord._DECODERS = {0: _dec_ClientQuotaRecord_v0}
