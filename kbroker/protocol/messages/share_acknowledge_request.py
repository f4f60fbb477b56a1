"""ShareAcknowledgeRequest: generated from schemas/clients/ShareAcknowledgeRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_io = struct.Struct('>i?')
_S_qq = struct.Struct('>qq')


@attrs.define(eq=True, slots=True)
class AcknowledgementBatch(Message):
    """Record batches to acknowledge."""

    first_offset: int = 0
    last_offset: int = 0
    acknowledge_types: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AcknowledgePartition(Message):
    """The partitions containing records to acknowledge."""

    partition_index: int = 0
    acknowledgement_batches: list[AcknowledgementBatch] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AcknowledgeTopic(Message):
    """The topics containing records to acknowledge."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[AcknowledgePartition] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ShareAcknowledgeRequest(Message):
    """The ShareAcknowledgeRequest struct of ShareAcknowledgeRequest."""

    API_KEY = 79
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 2
        return 1

    group_id: str | None = None
    member_id: str | None = ''
    share_session_epoch: int = 0
    is_renew_ack: bool = False
    topics: list[AcknowledgeTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AcknowledgementBatch = AcknowledgementBatch()
_DEFAULT_AcknowledgePartition = AcknowledgePartition()
_DEFAULT_AcknowledgeTopic = AcknowledgeTopic()
_DEFAULT_ShareAcknowledgeRequest = ShareAcknowledgeRequest()


def _enc_AcknowledgementBatch_v1(o, w):
    b = w.buf
    b += _S_qq.pack(o.first_offset, o.last_offset)
    _a = o.acknowledge_types
    if _a is None:
        raise EncodeError('AcknowledgeTypes' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%db' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AcknowledgementBatch_v1(buf, p):
    f_first_offset, f_last_offset = _S_qq.unpack_from(buf, p)
    p += 16
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('AcknowledgeTypes' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'AcknowledgeTypes')
        f_acknowledge_types = list(struct.unpack_from('>%db' % _n, buf, p))
        p += 1 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AcknowledgementBatch')
    return AcknowledgementBatch(f_first_offset, f_last_offset, f_acknowledge_types, _u), p


def _enc_AcknowledgePartition_v1(o, w):
    b = w.buf
    b += _S_i.pack(o.partition_index)
    _a = o.acknowledgement_batches
    if _a is None:
        raise EncodeError('AcknowledgementBatches' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AcknowledgementBatch_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AcknowledgePartition_v1(buf, p):
    f_partition_index, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('AcknowledgementBatches' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'AcknowledgementBatches')
        f_acknowledgement_batches = []
        for _ in range(_n):
            _e, p = _dec_AcknowledgementBatch_v1(buf, p)
            f_acknowledgement_batches.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AcknowledgePartition')
    return AcknowledgePartition(f_partition_index, f_acknowledgement_batches, _u), p


def _enc_AcknowledgeTopic_v1(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AcknowledgePartition_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AcknowledgeTopic_v1(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
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
            _e, p = _dec_AcknowledgePartition_v1(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AcknowledgeTopic')
    return AcknowledgeTopic(f_topic_id, f_partitions, _u), p


def _enc_ShareAcknowledgeRequest_v1(o, w):
    if bool(o.is_renew_ack):
        raise field_not_in_version('IsRenewAck')
    b = w.buf
    write_compact_string(b, o.group_id, True, 'GroupId')
    write_compact_string(b, o.member_id, True, 'MemberId')
    b += _S_i.pack(o.share_session_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AcknowledgeTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ShareAcknowledgeRequest_v2(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, True, 'GroupId')
    write_compact_string(b, o.member_id, True, 'MemberId')
    b += _S_io.pack(o.share_session_epoch, o.is_renew_ack)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AcknowledgeTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareAcknowledgeRequest_v1(buf, p):
    f_group_id, p = read_compact_string(buf, p, True, 'GroupId')
    f_member_id, p = read_compact_string(buf, p, True, 'MemberId')
    f_share_session_epoch, = _S_i.unpack_from(buf, p)
    p += 4
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
            _e, p = _dec_AcknowledgeTopic_v1(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareAcknowledgeRequest')
    return ShareAcknowledgeRequest(f_group_id, f_member_id, f_share_session_epoch, False, f_topics, _u), p


def _dec_ShareAcknowledgeRequest_v2(buf, p):
    f_group_id, p = read_compact_string(buf, p, True, 'GroupId')
    f_member_id, p = read_compact_string(buf, p, True, 'MemberId')
    f_share_session_epoch, f_is_renew_ack = _S_io.unpack_from(buf, p)
    p += 5
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
            _e, p = _dec_AcknowledgeTopic_v1(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareAcknowledgeRequest')
    return ShareAcknowledgeRequest(f_group_id, f_member_id, f_share_session_epoch, f_is_renew_ack, f_topics, _u), p


AcknowledgementBatch._ENCODERS = {1: _enc_AcknowledgementBatch_v1, 2: _enc_AcknowledgementBatch_v1}
AcknowledgementBatch._DECODERS = {1: _dec_AcknowledgementBatch_v1, 2: _dec_AcknowledgementBatch_v1}
AcknowledgePartition._ENCODERS = {1: _enc_AcknowledgePartition_v1, 2: _enc_AcknowledgePartition_v1}
AcknowledgePartition._DECODERS = {1: _dec_AcknowledgePartition_v1, 2: _dec_AcknowledgePartition_v1}
AcknowledgeTopic._ENCODERS = {1: _enc_AcknowledgeTopic_v1, 2: _enc_AcknowledgeTopic_v1}
AcknowledgeTopic._DECODERS = {1: _dec_AcknowledgeTopic_v1, 2: _dec_AcknowledgeTopic_v1}
ShareAcknowledgeRequest._ENCODERS = {1: _enc_ShareAcknowledgeRequest_v1, 2: _enc_ShareAcknowledgeRequest_v2}
ShareAcknowledgeRequest._DECODERS = {1: _dec_ShareAcknowledgeRequest_v1, 2: _dec_ShareAcknowledgeRequest_v2}
