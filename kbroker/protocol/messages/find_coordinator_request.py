"""FindCoordinatorRequest: generated from schemas/clients/FindCoordinatorRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_b = struct.Struct('>b')


@attrs.define(eq=True, slots=True)
class FindCoordinatorRequest(Message):
    """The FindCoordinatorRequest struct of FindCoordinatorRequest."""

    API_KEY = 10
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 6
    FLEXIBLE_VERSION = 3
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 3:
            return 2
        return 1

    key: str = ''
    key_type: int = 0
    coordinator_keys: list[str] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_FindCoordinatorRequest = FindCoordinatorRequest()


def _enc_FindCoordinatorRequest_v0(o, w):
    if o.key_type != 0:
        raise field_not_in_version('KeyType')
    if o.coordinator_keys is None or len(o.coordinator_keys) != 0:
        raise field_not_in_version('CoordinatorKeys')
    b = w.buf
    write_string(b, o.key, False, 'Key')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FindCoordinatorRequest')


def _enc_FindCoordinatorRequest_v1(o, w):
    if o.coordinator_keys is None or len(o.coordinator_keys) != 0:
        raise field_not_in_version('CoordinatorKeys')
    b = w.buf
    write_string(b, o.key, False, 'Key')
    b += _S_b.pack(o.key_type)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('FindCoordinatorRequest')


def _enc_FindCoordinatorRequest_v3(o, w):
    if o.coordinator_keys is None or len(o.coordinator_keys) != 0:
        raise field_not_in_version('CoordinatorKeys')
    b = w.buf
    write_compact_string(b, o.key, False, 'Key')
    b += _S_b.pack(o.key_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_FindCoordinatorRequest_v4(o, w):
    if o.key != '':
        raise field_not_in_version('Key')
    b = w.buf
    b += _S_b.pack(o.key_type)
    _a = o.coordinator_keys
    if _a is None:
        raise EncodeError('CoordinatorKeys' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'CoordinatorKeys')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_FindCoordinatorRequest_v0(buf, p):
    f_key, p = read_string(buf, p, False, 'Key')
    return FindCoordinatorRequest(f_key, 0, [], ()), p


def _dec_FindCoordinatorRequest_v1(buf, p):
    f_key, p = read_string(buf, p, False, 'Key')
    f_key_type, = _S_b.unpack_from(buf, p)
    p += 1
    return FindCoordinatorRequest(f_key, f_key_type, [], ()), p


def _dec_FindCoordinatorRequest_v3(buf, p):
    f_key, p = read_compact_string(buf, p, False, 'Key')
    f_key_type, = _S_b.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FindCoordinatorRequest')
    return FindCoordinatorRequest(f_key, f_key_type, [], _u), p


def _dec_FindCoordinatorRequest_v4(buf, p):
    f_key_type, = _S_b.unpack_from(buf, p)
    p += 1
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('CoordinatorKeys' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'CoordinatorKeys')
        f_coordinator_keys = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'CoordinatorKeys')
            f_coordinator_keys.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'FindCoordinatorRequest')
    return FindCoordinatorRequest('', f_key_type, f_coordinator_keys, _u), p


FindCoordinatorRequest._ENCODERS = {0: _enc_FindCoordinatorRequest_v0, 1: _enc_FindCoordinatorRequest_v1, 2: _enc_FindCoordinatorRequest_v1, 3: _enc_FindCoordinatorRequest_v3, 4: _enc_FindCoordinatorRequest_v4, 5: _enc_FindCoordinatorRequest_v4, 6: _enc_FindCoordinatorRequest_v4}
FindCoordinatorRequest._DECODERS = {0: _dec_FindCoordinatorRequest_v0, 1: _dec_FindCoordinatorRequest_v1, 2: _dec_FindCoordinatorRequest_v1, 3: _dec_FindCoordinatorRequest_v3, 4: _dec_FindCoordinatorRequest_v4, 5: _dec_FindCoordinatorRequest_v4, 6: _dec_FindCoordinatorRequest_v4}
