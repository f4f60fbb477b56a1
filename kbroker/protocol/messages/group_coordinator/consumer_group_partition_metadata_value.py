"""ConsumerGroupPartitionMetadataValue: generated from schemas/group-coordinator/ConsumerGroupPartitionMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16s = struct.Struct('>16s')
_S_i = struct.Struct('>i')


@attrs.define(eq=True, slots=True)
class PartitionMetadata(Message):
    """Deprecated: this field is not used after 4.0. Partitions mapped to a set of racks. If the rack information is unavailable for all the partitions, an empty list is stored."""

    partition: int = 0
    racks: list[str] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicMetadata(Message):
    """The list of topic metadata."""

    topic_id: uuid.UUID = ZERO_UUID
    topic_name: str = ''
    num_partitions: int = 0
    partition_metadata: list[PartitionMetadata] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ConsumerGroupPartitionMetadataValue(Message):
    """The ConsumerGroupPartitionMetadataValue struct of ConsumerGroupPartitionMetadataValue."""

    API_KEY = 4
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    topics: list[TopicMetadata] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionMetadata = PartitionMetadata()
_DEFAULT_TopicMetadata = TopicMetadata()
_DEFAULT_ConsumerGroupPartitionMetadataValue = ConsumerGroupPartitionMetadataValue()


def _enc_PartitionMetadata_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.partition)
    _a = o.racks
    if _a is None:
        raise EncodeError('Racks' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'Racks')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionMetadata_v0(buf, p):
    f_partition, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Racks' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Racks')
        f_racks = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'Racks')
            f_racks.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionMetadata')
    return PartitionMetadata(f_partition, f_racks, _u), p


def _enc_TopicMetadata_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    write_compact_string(b, o.topic_name, False, 'TopicName')
    b += _S_i.pack(o.num_partitions)
    _a = o.partition_metadata
    if _a is None:
        raise EncodeError('PartitionMetadata' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionMetadata_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicMetadata_v0(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_topic_name, p = read_compact_string(buf, p, False, 'TopicName')
    f_num_partitions, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionMetadata' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionMetadata')
        f_partition_metadata = []
        for _ in range(_n):
            _e, p = _dec_PartitionMetadata_v0(buf, p)
            f_partition_metadata.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicMetadata')
    return TopicMetadata(f_topic_id, f_topic_name, f_num_partitions, f_partition_metadata, _u), p


def _enc_ConsumerGroupPartitionMetadataValue_v0(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicMetadata_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ConsumerGroupPartitionMetadataValue_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicMetadata_v0(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ConsumerGroupPartitionMetadataValue')
    return ConsumerGroupPartitionMetadataValue(f_topics, _u), p


PartitionMetadata._ENCODERS = {0: _enc_PartitionMetadata_v0}
PartitionMetadata._DECODERS = {0: _dec_PartitionMetadata_v0}
TopicMetadata._ENCODERS = {0: _enc_TopicMetadata_v0}
TopicMetadata._DECODERS = {0: _dec_TopicMetadata_v0}
ConsumerGroupPartitionMetadataValue._ENCODERS = {0: _enc_ConsumerGroupPartitionMetadataValue_v0}
ConsumerGroupPartitionMetadataValue._DECODERS = {0: _dec_ConsumerGroupPartitionMetadataValue_v0}
