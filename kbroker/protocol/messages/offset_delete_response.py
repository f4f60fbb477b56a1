"""OffsetDeleteResponse: generated from schemas/clients/OffsetDeleteResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hi = struct.Struct('>hi')
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class OffsetDeleteResponsePartition(Message):
    """The responses for each partition in the topic."""

    partition_index: int = 0
    error_code: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetDeleteResponseTopic(Message):
    """The responses for each topic."""

    name: str = ''
    partitions: list[OffsetDeleteResponsePartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetDeleteResponse(Message):
    """The OffsetDeleteResponse struct of OffsetDeleteResponse."""

    API_KEY = 47
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        return 0

    error_code: int = 0
    throttle_time_ms: int = 0
    topics: list[OffsetDeleteResponseTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OffsetDeleteResponsePartition = OffsetDeleteResponsePartition()
_DEFAULT_OffsetDeleteResponseTopic = OffsetDeleteResponseTopic()
_DEFAULT_OffsetDeleteResponse = OffsetDeleteResponse()


def _enc_OffsetDeleteResponsePartition_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetDeleteResponsePartition')


def _dec_OffsetDeleteResponsePartition_v0(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    return OffsetDeleteResponsePartition(f_partition_index, f_error_code, ()), p


def _enc_OffsetDeleteResponseTopic_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetDeleteResponsePartition_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetDeleteResponseTopic')


def _dec_OffsetDeleteResponseTopic_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetDeleteResponsePartition_v0(buf, p)
            f_partitions.append(_e)
    return OffsetDeleteResponseTopic(f_name, f_partitions, ()), p


def _enc_OffsetDeleteResponse_v0(o, w):
    b = w.buf
    b += _S_hi.pack(o.error_code, o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetDeleteResponseTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetDeleteResponse')


def _dec_OffsetDeleteResponse_v0(buf, p):
    f_error_code, f_throttle_time_ms = _S_hi.unpack_from(buf, p)
    p += 6
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetDeleteResponseTopic_v0(buf, p)
            f_topics.append(_e)
    return OffsetDeleteResponse(f_error_code, f_throttle_time_ms, f_topics, ()), p


OffsetDeleteResponsePartition._ENCODERS = {0: _enc_OffsetDeleteResponsePartition_v0}
OffsetDeleteResponsePartition._DECODERS = {0: _dec_OffsetDeleteResponsePartition_v0}
OffsetDeleteResponseTopic._ENCODERS = {0: _enc_OffsetDeleteResponseTopic_v0}
OffsetDeleteResponseTopic._DECODERS = {0: _dec_OffsetDeleteResponseTopic_v0}
OffsetDeleteResponse._ENCODERS = {0: _enc_OffsetDeleteResponse_v0}
OffsetDeleteResponse._DECODERS = {0: _dec_OffsetDeleteResponse_v0}
