"""ListGroupsRequest: generated from schemas/clients/ListGroupsRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class ListGroupsRequest(Message):
    """The ListGroupsRequest struct of ListGroupsRequest."""

    API_KEY = 16
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 3:
            return 2
        return 1

    states_filter: list[str] = attrs.field(factory=list)
    types_filter: list[str] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ListGroupsRequest = ListGroupsRequest()


def _enc_ListGroupsRequest_v0(o, w):
    if o.states_filter is None or len(o.states_filter) != 0:
        raise field_not_in_version('StatesFilter')
    if o.types_filter is None or len(o.types_filter) != 0:
        raise field_not_in_version('TypesFilter')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListGroupsRequest')


def _enc_ListGroupsRequest_v3(o, w):
    if o.states_filter is None or len(o.states_filter) != 0:
        raise field_not_in_version('StatesFilter')
    if o.types_filter is None or len(o.types_filter) != 0:
        raise field_not_in_version('TypesFilter')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListGroupsRequest_v4(o, w):
    if o.types_filter is None or len(o.types_filter) != 0:
        raise field_not_in_version('TypesFilter')
    b = w.buf
    _a = o.states_filter
    if _a is None:
        raise EncodeError('StatesFilter' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'StatesFilter')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListGroupsRequest_v5(o, w):
    b = w.buf
    _a = o.states_filter
    if _a is None:
        raise EncodeError('StatesFilter' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'StatesFilter')
    _a = o.types_filter
    if _a is None:
        raise EncodeError('TypesFilter' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'TypesFilter')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListGroupsRequest_v0(buf, p):
    return ListGroupsRequest([], [], ()), p


def _dec_ListGroupsRequest_v3(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListGroupsRequest')
    return ListGroupsRequest([], [], _u), p


def _dec_ListGroupsRequest_v4(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StatesFilter' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StatesFilter')
        f_states_filter = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'StatesFilter')
            f_states_filter.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListGroupsRequest')
    return ListGroupsRequest(f_states_filter, [], _u), p


def _dec_ListGroupsRequest_v5(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StatesFilter' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StatesFilter')
        f_states_filter = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'StatesFilter')
            f_states_filter.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TypesFilter' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TypesFilter')
        f_types_filter = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'TypesFilter')
            f_types_filter.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListGroupsRequest')
    return ListGroupsRequest(f_states_filter, f_types_filter, _u), p


ListGroupsRequest._ENCODERS = {0: _enc_ListGroupsRequest_v0, 1: _enc_ListGroupsRequest_v0, 2: _enc_ListGroupsRequest_v0, 3: _enc_ListGroupsRequest_v3, 4: _enc_ListGroupsRequest_v4, 5: _enc_ListGroupsRequest_v5}
ListGroupsRequest._DECODERS = {0: _dec_ListGroupsRequest_v0, 1: _dec_ListGroupsRequest_v0, 2: _dec_ListGroupsRequest_v0, 3: _dec_ListGroupsRequest_v3, 4: _dec_ListGroupsRequest_v4, 5: _dec_ListGroupsRequest_v5}
