"""TxnOffsetCommitRequest: generated from schemas/clients/TxnOffsetCommitRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_iq = struct.Struct('>iq')
_S_iqi = struct.Struct('>iqi')
_S_qh = struct.Struct('>qh')
_S_qhi = struct.Struct('>qhi')


@attrs.define(eq=True, slots=True)
class TxnOffsetCommitRequestPartition(Message):
    """The partitions inside the topic that we want to commit offsets for."""

    partition_index: int = 0
    committed_offset: int = 0
    committed_leader_epoch: int = -1
    committed_metadata: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TxnOffsetCommitRequestTopic(Message):
    """Each topic that we want to commit offsets for."""

    name: str = ''
    partitions: list[TxnOffsetCommitRequestPartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TxnOffsetCommitRequest(Message):
    """The TxnOffsetCommitRequest struct of TxnOffsetCommitRequest."""

    API_KEY = 28
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

    transactional_id: str = ''
    group_id: str = ''
    producer_id: int = 0
    producer_epoch: int = 0
    generation_id: int = -1
    member_id: str = ''
    group_instance_id: str | None = None
    topics: list[TxnOffsetCommitRequestTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TxnOffsetCommitRequestPartition = TxnOffsetCommitRequestPartition()
_DEFAULT_TxnOffsetCommitRequestTopic = TxnOffsetCommitRequestTopic()
_DEFAULT_TxnOffsetCommitRequest = TxnOffsetCommitRequest()


def _enc_TxnOffsetCommitRequestPartition_v0(o, w):
    b = w.buf
    b += _S_iq.pack(o.partition_index, o.committed_offset)
    write_string(b, o.committed_metadata, True, 'CommittedMetadata')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitRequestPartition')


def _enc_TxnOffsetCommitRequestPartition_v2(o, w):
    b = w.buf
    b += _S_iqi.pack(o.partition_index, o.committed_offset, o.committed_leader_epoch)
    write_string(b, o.committed_metadata, True, 'CommittedMetadata')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitRequestPartition')


def _enc_TxnOffsetCommitRequestPartition_v3(o, w):
    b = w.buf
    b += _S_iqi.pack(o.partition_index, o.committed_offset, o.committed_leader_epoch)
    write_compact_string(b, o.committed_metadata, True, 'CommittedMetadata')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TxnOffsetCommitRequestPartition_v0(buf, p):
    f_partition_index, f_committed_offset = _S_iq.unpack_from(buf, p)
    p += 12
    f_committed_metadata, p = read_string(buf, p, True, 'CommittedMetadata')
    return TxnOffsetCommitRequestPartition(f_partition_index, f_committed_offset, -1, f_committed_metadata, ()), p


def _dec_TxnOffsetCommitRequestPartition_v2(buf, p):
    f_partition_index, f_committed_offset, f_committed_leader_epoch = _S_iqi.unpack_from(buf, p)
    p += 16
    f_committed_metadata, p = read_string(buf, p, True, 'CommittedMetadata')
    return TxnOffsetCommitRequestPartition(f_partition_index, f_committed_offset, f_committed_leader_epoch, f_committed_metadata, ()), p


def _dec_TxnOffsetCommitRequestPartition_v3(buf, p):
    f_partition_index, f_committed_offset, f_committed_leader_epoch = _S_iqi.unpack_from(buf, p)
    p += 16
    f_committed_metadata, p = read_compact_string(buf, p, True, 'CommittedMetadata')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TxnOffsetCommitRequestPartition')
    return TxnOffsetCommitRequestPartition(f_partition_index, f_committed_offset, f_committed_leader_epoch, f_committed_metadata, _u), p


def _enc_TxnOffsetCommitRequestTopic_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TxnOffsetCommitRequestPartition_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitRequestTopic')


def _enc_TxnOffsetCommitRequestTopic_v2(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TxnOffsetCommitRequestPartition_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitRequestTopic')


def _enc_TxnOffsetCommitRequestTopic_v3(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TxnOffsetCommitRequestPartition_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TxnOffsetCommitRequestTopic_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_TxnOffsetCommitRequestPartition_v0(buf, p)
            f_partitions.append(_e)
    return TxnOffsetCommitRequestTopic(f_name, f_partitions, ()), p


def _dec_TxnOffsetCommitRequestTopic_v2(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_TxnOffsetCommitRequestPartition_v2(buf, p)
            f_partitions.append(_e)
    return TxnOffsetCommitRequestTopic(f_name, f_partitions, ()), p


def _dec_TxnOffsetCommitRequestTopic_v3(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = []
        for _ in range(_n):
            _e, p = _dec_TxnOffsetCommitRequestPartition_v3(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TxnOffsetCommitRequestTopic')
    return TxnOffsetCommitRequestTopic(f_name, f_partitions, _u), p


def _enc_TxnOffsetCommitRequest_v0(o, w):
    if o.generation_id != -1:
        raise field_not_in_version('GenerationId')
    if o.member_id != '':
        raise field_not_in_version('MemberId')
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.transactional_id, False, 'TransactionalId')
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_qh.pack(o.producer_id, o.producer_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TxnOffsetCommitRequestTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitRequest')


def _enc_TxnOffsetCommitRequest_v2(o, w):
    if o.generation_id != -1:
        raise field_not_in_version('GenerationId')
    if o.member_id != '':
        raise field_not_in_version('MemberId')
    if o.group_instance_id is not None:
        raise field_not_in_version('GroupInstanceId')
    b = w.buf
    write_string(b, o.transactional_id, False, 'TransactionalId')
    write_string(b, o.group_id, False, 'GroupId')
    b += _S_qh.pack(o.producer_id, o.producer_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TxnOffsetCommitRequestTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TxnOffsetCommitRequest')


def _enc_TxnOffsetCommitRequest_v3(o, w):
    b = w.buf
    write_compact_string(b, o.transactional_id, False, 'TransactionalId')
    write_compact_string(b, o.group_id, False, 'GroupId')
    b += _S_qhi.pack(o.producer_id, o.producer_epoch, o.generation_id)
    write_compact_string(b, o.member_id, False, 'MemberId')
    write_compact_string(b, o.group_instance_id, True, 'GroupInstanceId')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TxnOffsetCommitRequestTopic_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TxnOffsetCommitRequest_v0(buf, p):
    f_transactional_id, p = read_string(buf, p, False, 'TransactionalId')
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_producer_id, f_producer_epoch = _S_qh.unpack_from(buf, p)
    p += 10
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_TxnOffsetCommitRequestTopic_v0(buf, p)
            f_topics.append(_e)
    return TxnOffsetCommitRequest(f_transactional_id, f_group_id, f_producer_id, f_producer_epoch, -1, '', None, f_topics, ()), p


def _dec_TxnOffsetCommitRequest_v2(buf, p):
    f_transactional_id, p = read_string(buf, p, False, 'TransactionalId')
    f_group_id, p = read_string(buf, p, False, 'GroupId')
    f_producer_id, f_producer_epoch = _S_qh.unpack_from(buf, p)
    p += 10
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_TxnOffsetCommitRequestTopic_v2(buf, p)
            f_topics.append(_e)
    return TxnOffsetCommitRequest(f_transactional_id, f_group_id, f_producer_id, f_producer_epoch, -1, '', None, f_topics, ()), p


def _dec_TxnOffsetCommitRequest_v3(buf, p):
    f_transactional_id, p = read_compact_string(buf, p, False, 'TransactionalId')
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_producer_id, f_producer_epoch, f_generation_id = _S_qhi.unpack_from(buf, p)
    p += 14
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_group_instance_id, p = read_compact_string(buf, p, True, 'GroupInstanceId')
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
            _e, p = _dec_TxnOffsetCommitRequestTopic_v3(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TxnOffsetCommitRequest')
    return TxnOffsetCommitRequest(f_transactional_id, f_group_id, f_producer_id, f_producer_epoch, f_generation_id, f_member_id, f_group_instance_id, f_topics, _u), p


TxnOffsetCommitRequestPartition._ENCODERS = {0: _enc_TxnOffsetCommitRequestPartition_v0, 1: _enc_TxnOffsetCommitRequestPartition_v0, 2: _enc_TxnOffsetCommitRequestPartition_v2, 3: _enc_TxnOffsetCommitRequestPartition_v3, 4: _enc_TxnOffsetCommitRequestPartition_v3, 5: _enc_TxnOffsetCommitRequestPartition_v3}
TxnOffsetCommitRequestPartition._DECODERS = {0: _dec_TxnOffsetCommitRequestPartition_v0, 1: _dec_TxnOffsetCommitRequestPartition_v0, 2: _dec_TxnOffsetCommitRequestPartition_v2, 3: _dec_TxnOffsetCommitRequestPartition_v3, 4: _dec_TxnOffsetCommitRequestPartition_v3, 5: _dec_TxnOffsetCommitRequestPartition_v3}
TxnOffsetCommitRequestTopic._ENCODERS = {0: _enc_TxnOffsetCommitRequestTopic_v0, 1: _enc_TxnOffsetCommitRequestTopic_v0, 2: _enc_TxnOffsetCommitRequestTopic_v2, 3: _enc_TxnOffsetCommitRequestTopic_v3, 4: _enc_TxnOffsetCommitRequestTopic_v3, 5: _enc_TxnOffsetCommitRequestTopic_v3}
TxnOffsetCommitRequestTopic._DECODERS = {0: _dec_TxnOffsetCommitRequestTopic_v0, 1: _dec_TxnOffsetCommitRequestTopic_v0, 2: _dec_TxnOffsetCommitRequestTopic_v2, 3: _dec_TxnOffsetCommitRequestTopic_v3, 4: _dec_TxnOffsetCommitRequestTopic_v3, 5: _dec_TxnOffsetCommitRequestTopic_v3}
TxnOffsetCommitRequest._ENCODERS = {0: _enc_TxnOffsetCommitRequest_v0, 1: _enc_TxnOffsetCommitRequest_v0, 2: _enc_TxnOffsetCommitRequest_v2, 3: _enc_TxnOffsetCommitRequest_v3, 4: _enc_TxnOffsetCommitRequest_v3, 5: _enc_TxnOffsetCommitRequest_v3}
TxnOffsetCommitRequest._DECODERS = {0: _dec_TxnOffsetCommitRequest_v0, 1: _dec_TxnOffsetCommitRequest_v0, 2: _dec_TxnOffsetCommitRequest_v2, 3: _dec_TxnOffsetCommitRequest_v3, 4: _dec_TxnOffsetCommitRequest_v3, 5: _dec_TxnOffsetCommitRequest_v3}
