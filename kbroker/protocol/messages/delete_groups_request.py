"""DeleteGroupsRequest: generated from schemas/clients/DeleteGroupsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class DeleteGroupsRequest(Message):
    """The DeleteGroupsRequest struct of DeleteGroupsRequest."""

    API_KEY = 42
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    groups_names: list[str] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DeleteGroupsRequest = DeleteGroupsRequest()


def _enc_DeleteGroupsRequest_v0(o, w):
    b = w.buf
    _a = o.groups_names
    if _a is None:
        raise EncodeError('GroupsNames' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            write_string(b, _e, False, 'GroupsNames')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('DeleteGroupsRequest')


def _enc_DeleteGroupsRequest_v2(o, w):
    b = w.buf
    _a = o.groups_names
    if _a is None:
        raise EncodeError('GroupsNames' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'GroupsNames')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DeleteGroupsRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('GroupsNames' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'GroupsNames')
        f_groups_names = []
        for _ in range(_n):
            _e, p = read_string(buf, p, False, 'GroupsNames')
            f_groups_names.append(_e)
    return DeleteGroupsRequest(f_groups_names, ()), p


def _dec_DeleteGroupsRequest_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('GroupsNames' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'GroupsNames')
        f_groups_names = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'GroupsNames')
            f_groups_names.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DeleteGroupsRequest')
    return DeleteGroupsRequest(f_groups_names, _u), p


DeleteGroupsRequest._ENCODERS = {0: _enc_DeleteGroupsRequest_v0, 1: _enc_DeleteGroupsRequest_v0, 2: _enc_DeleteGroupsRequest_v2}
DeleteGroupsRequest._DECODERS = {0: _dec_DeleteGroupsRequest_v0, 1: _dec_DeleteGroupsRequest_v0, 2: _dec_DeleteGroupsRequest_v2}
