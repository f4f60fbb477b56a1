"""AlterPartitionRequest: generated from schemas/clients/AlterPartitionRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_bi = struct.Struct('>bi')
_S_ii = struct.Struct('>ii')
_S_iq = struct.Struct('>iq')


@attrs.define(eq=True, slots=True)
class BrokerState(Message):
    """The ISR for this partition."""

    broker_id: int = 0
    broker_epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionData(Message):
    """The partitions to alter ISRs for."""

    partition_index: int = 0
    leader_epoch: int = 0
    new_isr: list[int] = attrs.field(factory=list)
    new_isr_with_epochs: list[BrokerState] = attrs.field(factory=list)
    leader_recovery_state: int = 0
    partition_epoch: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicData(Message):
    """The topics to alter ISRs for."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[PartitionData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterPartitionRequest(Message):
    """The AlterPartitionRequest struct of AlterPartitionRequest."""

    API_KEY = 56
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 2
    HIGHEST_VERSION = 3
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    broker_id: int = 0
    broker_epoch: int = -1
    topics: list[TopicData] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_BrokerState = BrokerState()
_DEFAULT_PartitionData = PartitionData()
_DEFAULT_TopicData = TopicData()
_DEFAULT_AlterPartitionRequest = AlterPartitionRequest()


def _enc_BrokerState_v2(o, w):
    if o.broker_id != 0:
        raise field_not_in_version('BrokerId')
    if o.broker_epoch != -1:
        raise field_not_in_version('BrokerEpoch')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_BrokerState_v3(o, w):
    b = w.buf
    b += _S_iq.pack(o.broker_id, o.broker_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_BrokerState_v2(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerState')
    return BrokerState(0, -1, _u), p


def _dec_BrokerState_v3(buf, p):
    f_broker_id, f_broker_epoch = _S_iq.unpack_from(buf, p)
    p += 12
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BrokerState')
    return BrokerState(f_broker_id, f_broker_epoch, _u), p


def _enc_PartitionData_v2(o, w):
    if o.new_isr_with_epochs is None or len(o.new_isr_with_epochs) != 0:
        raise field_not_in_version('NewIsrWithEpochs')
    b = w.buf
    b += _S_ii.pack(o.partition_index, o.leader_epoch)
    _a = o.new_isr
    if _a is None:
        raise EncodeError('NewIsr' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    b += _S_bi.pack(o.leader_recovery_state, o.partition_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_PartitionData_v3(o, w):
    if o.new_isr is None or len(o.new_isr) != 0:
        raise field_not_in_version('NewIsr')
    b = w.buf
    b += _S_ii.pack(o.partition_index, o.leader_epoch)
    _a = o.new_isr_with_epochs
    if _a is None:
        raise EncodeError('NewIsrWithEpochs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BrokerState_v3(_e, w)
    b += _S_bi.pack(o.leader_recovery_state, o.partition_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionData_v2(buf, p):
    f_partition_index, f_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('NewIsr' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'NewIsr')
        f_new_isr = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    f_leader_recovery_state, f_partition_epoch = _S_bi.unpack_from(buf, p)
    p += 5
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_leader_epoch, f_new_isr, [], f_leader_recovery_state, f_partition_epoch, _u), p


def _dec_PartitionData_v3(buf, p):
    f_partition_index, f_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('NewIsrWithEpochs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'NewIsrWithEpochs')
        f_new_isr_with_epochs = []
        for _ in range(_n):
            _e, p = _dec_BrokerState_v3(buf, p)
            f_new_isr_with_epochs.append(_e)
    f_leader_recovery_state, f_partition_epoch = _S_bi.unpack_from(buf, p)
    p += 5
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionData')
    return PartitionData(f_partition_index, f_leader_epoch, [], f_new_isr_with_epochs, f_leader_recovery_state, f_partition_epoch, _u), p


def _enc_TopicData_v2(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_TopicData_v3(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionData_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicData_v2(buf, p):
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
            _e, p = _dec_PartitionData_v2(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_id, f_partitions, _u), p


def _dec_TopicData_v3(buf, p):
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
            _e, p = _dec_PartitionData_v3(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicData')
    return TopicData(f_topic_id, f_partitions, _u), p


def _enc_AlterPartitionRequest_v2(o, w):
    b = w.buf
    b += _S_iq.pack(o.broker_id, o.broker_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_AlterPartitionRequest_v3(o, w):
    b = w.buf
    b += _S_iq.pack(o.broker_id, o.broker_epoch)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicData_v3(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterPartitionRequest_v2(buf, p):
    f_broker_id, f_broker_epoch = _S_iq.unpack_from(buf, p)
    p += 12
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
            _e, p = _dec_TopicData_v2(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterPartitionRequest')
    return AlterPartitionRequest(f_broker_id, f_broker_epoch, f_topics, _u), p


def _dec_AlterPartitionRequest_v3(buf, p):
    f_broker_id, f_broker_epoch = _S_iq.unpack_from(buf, p)
    p += 12
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
            _e, p = _dec_TopicData_v3(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterPartitionRequest')
    return AlterPartitionRequest(f_broker_id, f_broker_epoch, f_topics, _u), p


BrokerState._ENCODERS = {2: _enc_BrokerState_v2, 3: _enc_BrokerState_v3}
BrokerState._DECODERS = {2: _dec_BrokerState_v2, 3: _dec_BrokerState_v3}
PartitionData._ENCODERS = {2: _enc_PartitionData_v2, 3: _enc_PartitionData_v3}
PartitionData._DECODERS = {2: _dec_PartitionData_v2, 3: _dec_PartitionData_v3}
TopicData._ENCODERS = {2: _enc_TopicData_v2, 3: _enc_TopicData_v3}
TopicData._DECODERS = {2: _dec_TopicData_v2, 3: _dec_TopicData_v3}
AlterPartitionRequest._ENCODERS = {2: _enc_AlterPartitionRequest_v2, 3: _enc_AlterPartitionRequest_v3}
AlterPartitionRequest._DECODERS = {2: _dec_AlterPartitionRequest_v2, 3: _dec_AlterPartitionRequest_v3}
