"""ListConfigResourcesRequest: generated from schemas/clients/ListConfigResourcesRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class ListConfigResourcesRequest(Message):
    """The ListConfigResourcesRequest struct of ListConfigResourcesRequest."""

    API_KEY = 74
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    resource_types: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ListConfigResourcesRequest = ListConfigResourcesRequest()


def _enc_ListConfigResourcesRequest_v0(o, w):
    if o.resource_types is None or len(o.resource_types) != 0:
        raise field_not_in_version('ResourceTypes')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListConfigResourcesRequest_v1(o, w):
    b = w.buf
    _a = o.resource_types
    if _a is None:
        raise EncodeError('ResourceTypes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%db' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListConfigResourcesRequest_v0(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListConfigResourcesRequest')
    return ListConfigResourcesRequest([], _u), p


def _dec_ListConfigResourcesRequest_v1(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ResourceTypes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ResourceTypes')
        f_resource_types = list(struct.unpack_from('>%db' % _n, buf, p))
        p += 1 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListConfigResourcesRequest')
    return ListConfigResourcesRequest(f_resource_types, _u), p


ListConfigResourcesRequest._ENCODERS = {0: _enc_ListConfigResourcesRequest_v0, 1: _enc_ListConfigResourcesRequest_v1}
ListConfigResourcesRequest._DECODERS = {0: _dec_ListConfigResourcesRequest_v0, 1: _dec_ListConfigResourcesRequest_v1}
