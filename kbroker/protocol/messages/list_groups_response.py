"""ListGroupsResponse: generated from schemas/clients/ListGroupsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_h = struct.Struct('>h')
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class ListedGroup(Message):
    """Each group in the response."""

    group_id: str = ''
    protocol_type: str = ''
    group_state: str = ''
    group_type: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ListGroupsResponse(Message):
    """The ListGroupsResponse struct of ListGroupsResponse."""

    API_KEY = 16
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 5
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 3:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    groups: list[ListedGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ListedGroup = ListedGroup()
_DEFAULT_ListGroupsResponse = ListGroupsResponse()


def _enc_ListedGroup_v0(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    write_string(b, o.protocol_type, False, 'ProtocolType')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListedGroup')


def _enc_ListedGroup_v3(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.protocol_type, False, 'ProtocolType')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListedGroup_v4(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.protocol_type, False, 'ProtocolType')
    write_compact_string(b, o.group_state, False, 'GroupState')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListedGroup_v5(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.protocol_type, False, 'ProtocolType')
    write_compact_string(b, o.group_state, False, 'GroupState')
    write_compact_string(b, o.group_type, False, 'GroupType')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListedGroup_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_protocol_type, p = read_string(buf, p, False, 'ProtocolType')
    return ListedGroup(f_group_id, f_protocol_type, '', '', ()), p


def _dec_ListedGroup_v3(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_protocol_type, p = read_compact_string(buf, p, False, 'ProtocolType')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListedGroup')
    return ListedGroup(f_group_id, f_protocol_type, '', '', _u), p


def _dec_ListedGroup_v4(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_protocol_type, p = read_compact_string(buf, p, False, 'ProtocolType')
    f_group_state, p = read_compact_string(buf, p, False, 'GroupState')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListedGroup')
    return ListedGroup(f_group_id, f_protocol_type, f_group_state, '', _u), p


def _dec_ListedGroup_v5(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_protocol_type, p = read_compact_string(buf, p, False, 'ProtocolType')
    f_group_state, p = read_compact_string(buf, p, False, 'GroupState')
    f_group_type, p = read_compact_string(buf, p, False, 'GroupType')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListedGroup')
    return ListedGroup(f_group_id, f_protocol_type, f_group_state, f_group_type, _u), p


def _enc_ListGroupsResponse_v0(o, w):
    b = w.buf
    b += _S_h.pack(o.error_code)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListedGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListGroupsResponse')


def _enc_ListGroupsResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ListedGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ListGroupsResponse')


def _enc_ListGroupsResponse_v3(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ListedGroup_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListGroupsResponse_v4(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ListedGroup_v4(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ListGroupsResponse_v5(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.groups
    if _a is None:
        raise EncodeError('Groups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ListedGroup_v5(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ListGroupsResponse_v0(buf, p):
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_ListedGroup_v0(buf, p)
            f_groups.append(_e)
    return ListGroupsResponse(0, f_error_code, f_groups, ()), p


def _dec_ListGroupsResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_ListedGroup_v0(buf, p)
            f_groups.append(_e)
    return ListGroupsResponse(f_throttle_time_ms, f_error_code, f_groups, ()), p


def _dec_ListGroupsResponse_v3(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_ListedGroup_v3(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListGroupsResponse')
    return ListGroupsResponse(f_throttle_time_ms, f_error_code, f_groups, _u), p


def _dec_ListGroupsResponse_v4(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_ListedGroup_v4(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListGroupsResponse')
    return ListGroupsResponse(f_throttle_time_ms, f_error_code, f_groups, _u), p


def _dec_ListGroupsResponse_v5(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Groups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Groups')
        f_groups = []
        for _ in range(_n):
            _e, p = _dec_ListedGroup_v5(buf, p)
            f_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ListGroupsResponse')
    return ListGroupsResponse(f_throttle_time_ms, f_error_code, f_groups, _u), p


ListedGroup._ENCODERS = {0: _enc_ListedGroup_v0, 1: _enc_ListedGroup_v0, 2: _enc_ListedGroup_v0, 3: _enc_ListedGroup_v3, 4: _enc_ListedGroup_v4, 5: _enc_ListedGroup_v5}
ListedGroup._DECODERS = {0: _dec_ListedGroup_v0, 1: _dec_ListedGroup_v0, 2: _dec_ListedGroup_v0, 3: _dec_ListedGroup_v3, 4: _dec_ListedGroup_v4, 5: _dec_ListedGroup_v5}
ListGroupsResponse._ENCODERS = {0: _enc_ListGroupsResponse_v0, 1: _enc_ListGroupsResponse_v1, 2: _enc_ListGroupsResponse_v1, 3: _enc_ListGroupsResponse_v3, 4: _enc_ListGroupsResponse_v4, 5: _enc_ListGroupsResponse_v5}
ListGroupsResponse._DECODERS = {0: _dec_ListGroupsResponse_v0, 1: _dec_ListGroupsResponse_v1, 2: _dec_ListGroupsResponse_v1, 3: _dec_ListGroupsResponse_v3, 4: _dec_ListGroupsResponse_v4, 5: _dec_ListGroupsResponse_v5}
