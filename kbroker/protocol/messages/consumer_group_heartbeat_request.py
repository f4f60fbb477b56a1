"""ConsumerGroupHeartbeatRequest: generated from schemas/clients/ConsumerGroupHeartbeatRequest.json by kbroker.protocol.codegen. Do not edit."""

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
class TopicPartitions(Message):
    """null if it didn't change since the last heartbeat; the partitions owned by the member."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ConsumerGroupHeartbeatRequest(Message):
    """The ConsumerGroupHeartbeatRequest struct of ConsumerGroupHeartbeatRequest."""

    API_KEY = 68
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

    group_id: str = ''
    member_id: str = ''
    member_epoch: int = 0
    instance_id: str | None = None
    rack_id: str | None = None
    rebalance_timeout_ms: int = -1
    subscribed_topic_names: list[str] | None = None
    subscribed_topic_regex: str | None = None
    server_assignor: str | None = None
    topic_partitions: list[TopicPartitions] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicPartitions = TopicPartitions()
_DEFAULT_ConsumerGroupHeartbeatRequest = ConsumerGroupHeartbeatRequest()


def _enc_TopicPartitions_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicPartitions_v0(buf, p):
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
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicPartitions')
    return TopicPartitions(f_topic_id, f_partitions, _u), p


def _enc_ConsumerGroupHeartbeatRequest_v0(o, w):
    if o.subscribed_topic_regex is not None:
        raise field_not_in_version('SubscribedTopicRegex')
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.member_id, False, 'MemberId')
    b += _S_i.pack(o.member_epoch)
    write_compact_string(b, o.instance_id, True, 'InstanceId')
    write_compact_string(b, o.rack_id, True, 'RackId')
    b += _S_i.pack(o.rebalance_timeout_ms)
    _a = o.subscribed_topic_names
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SubscribedTopicNames')
    write_compact_string(b, o.server_assignor, True, 'ServerAssignor')
    _a = o.topic_partitions
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartitions_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ConsumerGroupHeartbeatRequest_v1(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.member_id, False, 'MemberId')
    b += _S_i.pack(o.member_epoch)
    write_compact_string(b, o.instance_id, True, 'InstanceId')
    write_compact_string(b, o.rack_id, True, 'RackId')
    b += _S_i.pack(o.rebalance_timeout_ms)
    _a = o.subscribed_topic_names
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SubscribedTopicNames')
    write_compact_string(b, o.subscribed_topic_regex, True, 'SubscribedTopicRegex')
    write_compact_string(b, o.server_assignor, True, 'ServerAssignor')
    _a = o.topic_partitions
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicPartitions_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ConsumerGroupHeartbeatRequest_v0(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_instance_id, p = read_compact_string(buf, p, True, 'InstanceId')
    f_rack_id, p = read_compact_string(buf, p, True, 'RackId')
    f_rebalance_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_subscribed_topic_names = None
    else:
        check_count(_n, buf, p, 'SubscribedTopicNames')
        f_subscribed_topic_names = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'SubscribedTopicNames')
            f_subscribed_topic_names.append(_e)
    f_server_assignor, p = read_compact_string(buf, p, True, 'ServerAssignor')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topic_partitions = None
    else:
        check_count(_n, buf, p, 'TopicPartitions')
        f_topic_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartitions_v0(buf, p)
            f_topic_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ConsumerGroupHeartbeatRequest')
    return ConsumerGroupHeartbeatRequest(f_group_id, f_member_id, f_member_epoch, f_instance_id, f_rack_id, f_rebalance_timeout_ms, f_subscribed_topic_names, None, f_server_assignor, f_topic_partitions, _u), p


def _dec_ConsumerGroupHeartbeatRequest_v1(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_instance_id, p = read_compact_string(buf, p, True, 'InstanceId')
    f_rack_id, p = read_compact_string(buf, p, True, 'RackId')
    f_rebalance_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_subscribed_topic_names = None
    else:
        check_count(_n, buf, p, 'SubscribedTopicNames')
        f_subscribed_topic_names = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'SubscribedTopicNames')
            f_subscribed_topic_names.append(_e)
    f_subscribed_topic_regex, p = read_compact_string(buf, p, True, 'SubscribedTopicRegex')
    f_server_assignor, p = read_compact_string(buf, p, True, 'ServerAssignor')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topic_partitions = None
    else:
        check_count(_n, buf, p, 'TopicPartitions')
        f_topic_partitions = []
        for _ in range(_n):
            _e, p = _dec_TopicPartitions_v0(buf, p)
            f_topic_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ConsumerGroupHeartbeatRequest')
    return ConsumerGroupHeartbeatRequest(f_group_id, f_member_id, f_member_epoch, f_instance_id, f_rack_id, f_rebalance_timeout_ms, f_subscribed_topic_names, f_subscribed_topic_regex, f_server_assignor, f_topic_partitions, _u), p


TopicPartitions._ENCODERS = {0: _enc_TopicPartitions_v0, 1: _enc_TopicPartitions_v0}
TopicPartitions._DECODERS = {0: _dec_TopicPartitions_v0, 1: _dec_TopicPartitions_v0}
ConsumerGroupHeartbeatRequest._ENCODERS = {0: _enc_ConsumerGroupHeartbeatRequest_v0, 1: _enc_ConsumerGroupHeartbeatRequest_v1}
ConsumerGroupHeartbeatRequest._DECODERS = {0: _dec_ConsumerGroupHeartbeatRequest_v0, 1: _dec_ConsumerGroupHeartbeatRequest_v1}
