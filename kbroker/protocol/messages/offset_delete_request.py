"""OffsetDeleteRequest: generated from schemas/clients/OffsetDeleteRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class OffsetDeleteRequestPartition(Message):
    """Each partition to delete offsets for."""

    partition_index: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetDeleteRequestTopic(Message):
    """The topics to delete offsets for."""

    name: str = ''
    partitions: list[OffsetDeleteRequestPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class OffsetDeleteRequest(Message):
    """The OffsetDeleteRequest struct of OffsetDeleteRequest."""

    API_KEY = 47
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        return 1

    group_id: str = ''
    topics: list[OffsetDeleteRequestTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_OffsetDeleteRequestPartition = OffsetDeleteRequestPartition()
_DEFAULT_OffsetDeleteRequestTopic = OffsetDeleteRequestTopic()
_DEFAULT_OffsetDeleteRequest = OffsetDeleteRequest()


def _enc_OffsetDeleteRequestPartition_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.partition_index)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetDeleteRequestPartition')


def _dec_OffsetDeleteRequestPartition_v0(buf, p):
    f_partition_index, = _S_i.unpack_from(buf, p)
    p += 4
    return OffsetDeleteRequestPartition(f_partition_index, ()), p


def _enc_OffsetDeleteRequestTopic_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetDeleteRequestPartition_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetDeleteRequestTopic')


def _dec_OffsetDeleteRequestTopic_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_OffsetDeleteRequestPartition_v0(buf, p)
            f_partitions.append(_e)
    return OffsetDeleteRequestTopic(f_name, f_partitions, ()), p


def _enc_OffsetDeleteRequest_v0(o, w):
    b = w.buf
    write_string(b, o.group_id, False, 'GroupId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_OffsetDeleteRequestTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('OffsetDeleteRequest')


def _dec_OffsetDeleteRequest_v0(buf, p):
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_OffsetDeleteRequestTopic_v0(buf, p)
            f_topics.append(_e)
    return OffsetDeleteRequest(f_group_id, f_topics, ()), p


OffsetDeleteRequestPartition._ENCODERS = {0: _enc_OffsetDeleteRequestPartition_v0}
OffsetDeleteRequestPartition._DECODERS = {0: _dec_OffsetDeleteRequestPartition_v0}
OffsetDeleteRequestTopic._ENCODERS = {0: _enc_OffsetDeleteRequestTopic_v0}
OffsetDeleteRequestTopic._DECODERS = {0: _dec_OffsetDeleteRequestTopic_v0}
OffsetDeleteRequest._ENCODERS = {0: _enc_OffsetDeleteRequest_v0}
OffsetDeleteRequest._DECODERS = {0: _dec_OffsetDeleteRequest_v0}
