"""ProduceResponse: generated from schemas/clients/ProduceResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ihqq = struct.Struct('>ihqq')
_S_ihqqq = struct.Struct('>ihqqq')
_S_ii = struct.Struct('>ii')


@attrs.define(eq=True, slots=True)
class BatchIndexAndErrorMessage(Message):
    """The batch indices of records that caused the batch to be dropped."""

    batch_index: int = 0
    batch_index_error_message: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class LeaderIdAndEpoch(Message):
    """The leader broker that the producer should use for future requests."""

    leader_id: int = -1
    leader_epoch: int = -1
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class PartitionProduceResponse(Message):
    """Each partition that we produced to within the topic."""

    index: int = 0
    error_code: int = 0
    base_offset: int = 0
    log_append_time_ms: int = -1
    log_start_offset: int = -1
    record_errors: list[BatchIndexAndErrorMessage] = attrs.field(factory=list)
    error_message: str | None = None
    current_leader: LeaderIdAndEpoch = attrs.field(factory=LeaderIdAndEpoch)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicProduceResponse(Message):
    """Each produce response."""

    name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    partition_responses: list[PartitionProduceResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class NodeEndpoint(Message):
    """Endpoints for all current-leaders enumerated in PartitionProduceResponses, with errors NOT_LEADER_OR_FOLLOWER."""

    node_id: int = 0
    host: str = ''
    port: int = 0
    rack: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ProduceResponse(Message):
    """The ProduceResponse struct of ProduceResponse."""

    API_KEY = 0
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 3
    HIGHEST_VERSION = 13
    FLEXIBLE_VERSION = 9
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 9:
            return 1
        return 0

    responses: list[TopicProduceResponse] = attrs.field(factory=list)
    throttle_time_ms: int = 0
    node_endpoints: list[NodeEndpoint] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_BatchIndexAndErrorMessage = BatchIndexAndErrorMessage()
_DEFAULT_LeaderIdAndEpoch = LeaderIdAndEpoch()
_DEFAULT_PartitionProduceResponse = PartitionProduceResponse()
_DEFAULT_TopicProduceResponse = TopicProduceResponse()
_DEFAULT_NodeEndpoint = NodeEndpoint()
_DEFAULT_ProduceResponse = ProduceResponse()


def _enc_BatchIndexAndErrorMessage_v3(o, w):
    if o.batch_index != 0:
        raise field_not_in_version('BatchIndex')
    if o.batch_index_error_message is not None:
        raise field_not_in_version('BatchIndexErrorMessage')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('BatchIndexAndErrorMessage')


def _enc_BatchIndexAndErrorMessage_v8(o, w):
    b = w.buf
    b += _S_i.pack(o.batch_index)
    write_string(b, o.batch_index_error_message, True, 'BatchIndexErrorMessage')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('BatchIndexAndErrorMessage')


def _enc_BatchIndexAndErrorMessage_v9(o, w):
    b = w.buf
    b += _S_i.pack(o.batch_index)
    write_compact_string(b, o.batch_index_error_message, True, 'BatchIndexErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_BatchIndexAndErrorMessage_v3(buf, p):
    return BatchIndexAndErrorMessage(0, None, ()), p


def _dec_BatchIndexAndErrorMessage_v8(buf, p):
    f_batch_index, = _S_i.unpack_from(buf, p)
    p += 4
    f_batch_index_error_message, p = read_string(buf, p, True, 'BatchIndexErrorMessage')
    return BatchIndexAndErrorMessage(f_batch_index, f_batch_index_error_message, ()), p


def _dec_BatchIndexAndErrorMessage_v9(buf, p):
    f_batch_index, = _S_i.unpack_from(buf, p)
    p += 4
    f_batch_index_error_message, p = read_compact_string(buf, p, True, 'BatchIndexErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'BatchIndexAndErrorMessage')
    return BatchIndexAndErrorMessage(f_batch_index, f_batch_index_error_message, _u), p


def _enc_LeaderIdAndEpoch_v3(o, w):
    if o.leader_id != -1:
        raise field_not_in_version('LeaderId')
    if o.leader_epoch != -1:
        raise field_not_in_version('LeaderEpoch')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('LeaderIdAndEpoch')


def _enc_LeaderIdAndEpoch_v9(o, w):
    if o.leader_id != -1:
        raise field_not_in_version('LeaderId')
    if o.leader_epoch != -1:
        raise field_not_in_version('LeaderEpoch')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_LeaderIdAndEpoch_v10(o, w):
    b = w.buf
    b += _S_ii.pack(o.leader_id, o.leader_epoch)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LeaderIdAndEpoch_v3(buf, p):
    return LeaderIdAndEpoch(-1, -1, ()), p


def _dec_LeaderIdAndEpoch_v9(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaderIdAndEpoch')
    return LeaderIdAndEpoch(-1, -1, _u), p


def _dec_LeaderIdAndEpoch_v10(buf, p):
    f_leader_id, f_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaderIdAndEpoch')
    return LeaderIdAndEpoch(f_leader_id, f_leader_epoch, _u), p


def _enc_PartitionProduceResponse_v3(o, w):
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('CurrentLeader')
    b = w.buf
    b += _S_ihqq.pack(o.index, o.error_code, o.base_offset, o.log_append_time_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionProduceResponse')


def _enc_PartitionProduceResponse_v5(o, w):
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('CurrentLeader')
    b = w.buf
    b += _S_ihqqq.pack(o.index, o.error_code, o.base_offset, o.log_append_time_ms, o.log_start_offset)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionProduceResponse')


def _enc_PartitionProduceResponse_v8(o, w):
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('CurrentLeader')
    b = w.buf
    b += _S_ihqqq.pack(o.index, o.error_code, o.base_offset, o.log_append_time_ms, o.log_start_offset)
    _a = o.record_errors
    if _a is None:
        raise EncodeError('RecordErrors' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_BatchIndexAndErrorMessage_v8(_e, w)
    write_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionProduceResponse')


def _enc_PartitionProduceResponse_v9(o, w):
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        raise field_not_in_version('CurrentLeader')
    b = w.buf
    b += _S_ihqqq.pack(o.index, o.error_code, o.base_offset, o.log_append_time_ms, o.log_start_offset)
    _a = o.record_errors
    if _a is None:
        raise EncodeError('RecordErrors' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BatchIndexAndErrorMessage_v9(_e, w)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_PartitionProduceResponse_v10(o, w):
    b = w.buf
    b += _S_ihqqq.pack(o.index, o.error_code, o.base_offset, o.log_append_time_ms, o.log_start_offset)
    _a = o.record_errors
    if _a is None:
        raise EncodeError('RecordErrors' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_BatchIndexAndErrorMessage_v9(_e, w)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _t = o.unknown_tagged_fields
    if ((_s := o.current_leader) is not _DEFAULT_LeaderIdAndEpoch and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_LeaderIdAndEpoch_v10(o.current_leader, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_PartitionProduceResponse_v3(buf, p):
    f_index, f_error_code, f_base_offset, f_log_append_time_ms = _S_ihqq.unpack_from(buf, p)
    p += 22
    return PartitionProduceResponse(f_index, f_error_code, f_base_offset, f_log_append_time_ms, -1, [], None, LeaderIdAndEpoch(), ()), p


def _dec_PartitionProduceResponse_v5(buf, p):
    f_index, f_error_code, f_base_offset, f_log_append_time_ms, f_log_start_offset = _S_ihqqq.unpack_from(buf, p)
    p += 30
    return PartitionProduceResponse(f_index, f_error_code, f_base_offset, f_log_append_time_ms, f_log_start_offset, [], None, LeaderIdAndEpoch(), ()), p


def _dec_PartitionProduceResponse_v8(buf, p):
    f_index, f_error_code, f_base_offset, f_log_append_time_ms, f_log_start_offset = _S_ihqqq.unpack_from(buf, p)
    p += 30
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('RecordErrors' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RecordErrors')
        f_record_errors = []
        for _ in range(_n):
            _e, p = _dec_BatchIndexAndErrorMessage_v8(buf, p)
            f_record_errors.append(_e)
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    return PartitionProduceResponse(f_index, f_error_code, f_base_offset, f_log_append_time_ms, f_log_start_offset, f_record_errors, f_error_message, LeaderIdAndEpoch(), ()), p


def _dec_PartitionProduceResponse_v9(buf, p):
    f_index, f_error_code, f_base_offset, f_log_append_time_ms, f_log_start_offset = _S_ihqqq.unpack_from(buf, p)
    p += 30
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RecordErrors' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RecordErrors')
        f_record_errors = []
        for _ in range(_n):
            _e, p = _dec_BatchIndexAndErrorMessage_v9(buf, p)
            f_record_errors.append(_e)
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionProduceResponse')
    return PartitionProduceResponse(f_index, f_error_code, f_base_offset, f_log_append_time_ms, f_log_start_offset, f_record_errors, f_error_message, LeaderIdAndEpoch(), _u), p


def _dec_PartitionProduceResponse_v10(buf, p):
    f_index, f_error_code, f_base_offset, f_log_append_time_ms, f_log_start_offset = _S_ihqqq.unpack_from(buf, p)
    p += 30
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RecordErrors' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RecordErrors')
        f_record_errors = []
        for _ in range(_n):
            _e, p = _dec_BatchIndexAndErrorMessage_v9(buf, p)
            f_record_errors.append(_e)
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_current_leader = LeaderIdAndEpoch()
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'PartitionProduceResponse tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('PartitionProduceResponse' + ': tagged field past the end')
            if _tag == 0:
                f_current_leader, p = _dec_LeaderIdAndEpoch_v10(buf, p)
                if p != _end:
                    raise DecodeError('CurrentLeader' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return PartitionProduceResponse(f_index, f_error_code, f_base_offset, f_log_append_time_ms, f_log_start_offset, f_record_errors, f_error_message, f_current_leader, _u), p


def _enc_TopicProduceResponse_v3(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partition_responses
    if _a is None:
        raise EncodeError('PartitionResponses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionProduceResponse_v3(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TopicProduceResponse')


def _enc_TopicProduceResponse_v5(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partition_responses
    if _a is None:
        raise EncodeError('PartitionResponses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionProduceResponse_v5(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TopicProduceResponse')


def _enc_TopicProduceResponse_v8(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partition_responses
    if _a is None:
        raise EncodeError('PartitionResponses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionProduceResponse_v8(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('TopicProduceResponse')


def _enc_TopicProduceResponse_v9(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partition_responses
    if _a is None:
        raise EncodeError('PartitionResponses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionProduceResponse_v9(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_TopicProduceResponse_v10(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partition_responses
    if _a is None:
        raise EncodeError('PartitionResponses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionProduceResponse_v10(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_TopicProduceResponse_v13(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partition_responses
    if _a is None:
        raise EncodeError('PartitionResponses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionProduceResponse_v10(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicProduceResponse_v3(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('PartitionResponses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionResponses')
        f_partition_responses = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceResponse_v3(buf, p)
            f_partition_responses.append(_e)
    return TopicProduceResponse(f_name, ZERO_UUID, f_partition_responses, ()), p


def _dec_TopicProduceResponse_v5(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('PartitionResponses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionResponses')
        f_partition_responses = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceResponse_v5(buf, p)
            f_partition_responses.append(_e)
    return TopicProduceResponse(f_name, ZERO_UUID, f_partition_responses, ()), p


def _dec_TopicProduceResponse_v8(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('PartitionResponses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionResponses')
        f_partition_responses = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceResponse_v8(buf, p)
            f_partition_responses.append(_e)
    return TopicProduceResponse(f_name, ZERO_UUID, f_partition_responses, ()), p


def _dec_TopicProduceResponse_v9(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionResponses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionResponses')
        f_partition_responses = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceResponse_v9(buf, p)
            f_partition_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicProduceResponse')
    return TopicProduceResponse(f_name, ZERO_UUID, f_partition_responses, _u), p


def _dec_TopicProduceResponse_v10(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionResponses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionResponses')
        f_partition_responses = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceResponse_v10(buf, p)
            f_partition_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicProduceResponse')
    return TopicProduceResponse(f_name, ZERO_UUID, f_partition_responses, _u), p


def _dec_TopicProduceResponse_v13(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionResponses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionResponses')
        f_partition_responses = []
        for _ in range(_n):
            _e, p = _dec_PartitionProduceResponse_v10(buf, p)
            f_partition_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicProduceResponse')
    return TopicProduceResponse('', f_topic_id, f_partition_responses, _u), p


def _enc_NodeEndpoint_v3(o, w):
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    if o.rack is not None:
        raise field_not_in_version('Rack')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('NodeEndpoint')


def _enc_NodeEndpoint_v9(o, w):
    if o.node_id != 0:
        raise field_not_in_version('NodeId')
    if o.host != '':
        raise field_not_in_version('Host')
    if o.port != 0:
        raise field_not_in_version('Port')
    if o.rack is not None:
        raise field_not_in_version('Rack')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_NodeEndpoint_v10(o, w):
    b = w.buf
    b += _S_i.pack(o.node_id)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    write_compact_string(b, o.rack, True, 'Rack')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_NodeEndpoint_v3(buf, p):
    return NodeEndpoint(0, '', 0, None, ()), p


def _dec_NodeEndpoint_v9(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'NodeEndpoint')
    return NodeEndpoint(0, '', 0, None, _u), p


def _dec_NodeEndpoint_v10(buf, p):
    f_node_id, = _S_i.unpack_from(buf, p)
    p += 4
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    f_rack, p = read_compact_string(buf, p, True, 'Rack')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'NodeEndpoint')
    return NodeEndpoint(f_node_id, f_host, f_port, f_rack, _u), p


def _enc_ProduceResponse_v3(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicProduceResponse_v3(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ProduceResponse')


def _enc_ProduceResponse_v5(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicProduceResponse_v5(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ProduceResponse')


def _enc_ProduceResponse_v8(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_TopicProduceResponse_v8(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ProduceResponse')


def _enc_ProduceResponse_v9(o, w):
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        raise field_not_in_version('NodeEndpoints')
    b = w.buf
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicProduceResponse_v9(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_ProduceResponse_v10(o, w):
    b = w.buf
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicProduceResponse_v10(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    _t = o.unknown_tagged_fields
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        _tw = Writer()
        _a = o.node_endpoints
        if _a is None:
            raise EncodeError('NodeEndpoints' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _enc_NodeEndpoint_v10(_e, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_ProduceResponse_v13(o, w):
    b = w.buf
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicProduceResponse_v13(_e, w)
    b += _S_i.pack(o.throttle_time_ms)
    _t = o.unknown_tagged_fields
    if o.node_endpoints is None or len(o.node_endpoints) != 0:
        _tw = Writer()
        _a = o.node_endpoints
        if _a is None:
            raise EncodeError('NodeEndpoints' + ': null in a non-nullable array')
        else:
            write_uvarint(_tw.buf, len(_a) + 1)
            for _e in _a:
                _enc_NodeEndpoint_v10(_e, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_ProduceResponse_v3(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceResponse_v3(buf, p)
            f_responses.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return ProduceResponse(f_responses, f_throttle_time_ms, [], ()), p


def _dec_ProduceResponse_v5(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceResponse_v5(buf, p)
            f_responses.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return ProduceResponse(f_responses, f_throttle_time_ms, [], ()), p


def _dec_ProduceResponse_v8(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceResponse_v8(buf, p)
            f_responses.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    return ProduceResponse(f_responses, f_throttle_time_ms, [], ()), p


def _dec_ProduceResponse_v9(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceResponse_v9(buf, p)
            f_responses.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ProduceResponse')
    return ProduceResponse(f_responses, f_throttle_time_ms, [], _u), p


def _dec_ProduceResponse_v10(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceResponse_v10(buf, p)
            f_responses.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    f_node_endpoints = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'ProduceResponse tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('ProduceResponse' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    raise DecodeError('NodeEndpoints' + ': non-nullable array was serialized as null')
                else:
                    check_count(_n, buf, p, 'NodeEndpoints')
                    f_node_endpoints = []
                    for _ in range(_n):
                        _e, p = _dec_NodeEndpoint_v10(buf, p)
                        f_node_endpoints.append(_e)
                if p != _end:
                    raise DecodeError('NodeEndpoints' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return ProduceResponse(f_responses, f_throttle_time_ms, f_node_endpoints, _u), p


def _dec_ProduceResponse_v13(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Responses' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Responses')
        f_responses = []
        for _ in range(_n):
            _e, p = _dec_TopicProduceResponse_v13(buf, p)
            f_responses.append(_e)
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    f_node_endpoints = []
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'ProduceResponse tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('ProduceResponse' + ': tagged field past the end')
            if _tag == 0:
                _n = buf[p] - 1
                if _n < 0x7F:
                    p += 1
                else:
                    _n, p = read_compact_length(buf, p)
                if _n < 0:
                    raise DecodeError('NodeEndpoints' + ': non-nullable array was serialized as null')
                else:
                    check_count(_n, buf, p, 'NodeEndpoints')
                    f_node_endpoints = []
                    for _ in range(_n):
                        _e, p = _dec_NodeEndpoint_v10(buf, p)
                        f_node_endpoints.append(_e)
                if p != _end:
                    raise DecodeError('NodeEndpoints' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return ProduceResponse(f_responses, f_throttle_time_ms, f_node_endpoints, _u), p


BatchIndexAndErrorMessage._ENCODERS = {3: _enc_BatchIndexAndErrorMessage_v3, 4: _enc_BatchIndexAndErrorMessage_v3, 5: _enc_BatchIndexAndErrorMessage_v3, 6: _enc_BatchIndexAndErrorMessage_v3, 7: _enc_BatchIndexAndErrorMessage_v3, 8: _enc_BatchIndexAndErrorMessage_v8, 9: _enc_BatchIndexAndErrorMessage_v9, 10: _enc_BatchIndexAndErrorMessage_v9, 11: _enc_BatchIndexAndErrorMessage_v9, 12: _enc_BatchIndexAndErrorMessage_v9, 13: _enc_BatchIndexAndErrorMessage_v9}
BatchIndexAndErrorMessage._DECODERS = {3: _dec_BatchIndexAndErrorMessage_v3, 4: _dec_BatchIndexAndErrorMessage_v3, 5: _dec_BatchIndexAndErrorMessage_v3, 6: _dec_BatchIndexAndErrorMessage_v3, 7: _dec_BatchIndexAndErrorMessage_v3, 8: _dec_BatchIndexAndErrorMessage_v8, 9: _dec_BatchIndexAndErrorMessage_v9, 10: _dec_BatchIndexAndErrorMessage_v9, 11: _dec_BatchIndexAndErrorMessage_v9, 12: _dec_BatchIndexAndErrorMessage_v9, 13: _dec_BatchIndexAndErrorMessage_v9}
LeaderIdAndEpoch._ENCODERS = {3: _enc_LeaderIdAndEpoch_v3, 4: _enc_LeaderIdAndEpoch_v3, 5: _enc_LeaderIdAndEpoch_v3, 6: _enc_LeaderIdAndEpoch_v3, 7: _enc_LeaderIdAndEpoch_v3, 8: _enc_LeaderIdAndEpoch_v3, 9: _enc_LeaderIdAndEpoch_v9, 10: _enc_LeaderIdAndEpoch_v10, 11: _enc_LeaderIdAndEpoch_v10, 12: _enc_LeaderIdAndEpoch_v10, 13: _enc_LeaderIdAndEpoch_v10}
LeaderIdAndEpoch._DECODERS = {3: _dec_LeaderIdAndEpoch_v3, 4: _dec_LeaderIdAndEpoch_v3, 5: _dec_LeaderIdAndEpoch_v3, 6: _dec_LeaderIdAndEpoch_v3, 7: _dec_LeaderIdAndEpoch_v3, 8: _dec_LeaderIdAndEpoch_v3, 9: _dec_LeaderIdAndEpoch_v9, 10: _dec_LeaderIdAndEpoch_v10, 11: _dec_LeaderIdAndEpoch_v10, 12: _dec_LeaderIdAndEpoch_v10, 13: _dec_LeaderIdAndEpoch_v10}
PartitionProduceResponse._ENCODERS = {3: _enc_PartitionProduceResponse_v3, 4: _enc_PartitionProduceResponse_v3, 5: _enc_PartitionProduceResponse_v5, 6: _enc_PartitionProduceResponse_v5, 7: _enc_PartitionProduceResponse_v5, 8: _enc_PartitionProduceResponse_v8, 9: _enc_PartitionProduceResponse_v9, 10: _enc_PartitionProduceResponse_v10, 11: _enc_PartitionProduceResponse_v10, 12: _enc_PartitionProduceResponse_v10, 13: _enc_PartitionProduceResponse_v10}
PartitionProduceResponse._DECODERS = {3: _dec_PartitionProduceResponse_v3, 4: _dec_PartitionProduceResponse_v3, 5: _dec_PartitionProduceResponse_v5, 6: _dec_PartitionProduceResponse_v5, 7: _dec_PartitionProduceResponse_v5, 8: _dec_PartitionProduceResponse_v8, 9: _dec_PartitionProduceResponse_v9, 10: _dec_PartitionProduceResponse_v10, 11: _dec_PartitionProduceResponse_v10, 12: _dec_PartitionProduceResponse_v10, 13: _dec_PartitionProduceResponse_v10}
TopicProduceResponse._ENCODERS = {3: _enc_TopicProduceResponse_v3, 4: _enc_TopicProduceResponse_v3, 5: _enc_TopicProduceResponse_v5, 6: _enc_TopicProduceResponse_v5, 7: _enc_TopicProduceResponse_v5, 8: _enc_TopicProduceResponse_v8, 9: _enc_TopicProduceResponse_v9, 10: _enc_TopicProduceResponse_v10, 11: _enc_TopicProduceResponse_v10, 12: _enc_TopicProduceResponse_v10, 13: _enc_TopicProduceResponse_v13}
TopicProduceResponse._DECODERS = {3: _dec_TopicProduceResponse_v3, 4: _dec_TopicProduceResponse_v3, 5: _dec_TopicProduceResponse_v5, 6: _dec_TopicProduceResponse_v5, 7: _dec_TopicProduceResponse_v5, 8: _dec_TopicProduceResponse_v8, 9: _dec_TopicProduceResponse_v9, 10: _dec_TopicProduceResponse_v10, 11: _dec_TopicProduceResponse_v10, 12: _dec_TopicProduceResponse_v10, 13: _dec_TopicProduceResponse_v13}
NodeEndpoint._ENCODERS = {3: _enc_NodeEndpoint_v3, 4: _enc_NodeEndpoint_v3, 5: _enc_NodeEndpoint_v3, 6: _enc_NodeEndpoint_v3, 7: _enc_NodeEndpoint_v3, 8: _enc_NodeEndpoint_v3, 9: _enc_NodeEndpoint_v9, 10: _enc_NodeEndpoint_v10, 11: _enc_NodeEndpoint_v10, 12: _enc_NodeEndpoint_v10, 13: _enc_NodeEndpoint_v10}
NodeEndpoint._DECODERS = {3: _dec_NodeEndpoint_v3, 4: _dec_NodeEndpoint_v3, 5: _dec_NodeEndpoint_v3, 6: _dec_NodeEndpoint_v3, 7: _dec_NodeEndpoint_v3, 8: _dec_NodeEndpoint_v3, 9: _dec_NodeEndpoint_v9, 10: _dec_NodeEndpoint_v10, 11: _dec_NodeEndpoint_v10, 12: _dec_NodeEndpoint_v10, 13: _dec_NodeEndpoint_v10}
ProduceResponse._ENCODERS = {3: _enc_ProduceResponse_v3, 4: _enc_ProduceResponse_v3, 5: _enc_ProduceResponse_v5, 6: _enc_ProduceResponse_v5, 7: _enc_ProduceResponse_v5, 8: _enc_ProduceResponse_v8, 9: _enc_ProduceResponse_v9, 10: _enc_ProduceResponse_v10, 11: _enc_ProduceResponse_v10, 12: _enc_ProduceResponse_v10, 13: _enc_ProduceResponse_v13}
ProduceResponse._DECODERS = {3: _dec_ProduceResponse_v3, 4: _dec_ProduceResponse_v3, 5: _dec_ProduceResponse_v5, 6: _dec_ProduceResponse_v5, 7: _dec_ProduceResponse_v5, 8: _dec_ProduceResponse_v8, 9: _dec_ProduceResponse_v9, 10: _dec_ProduceResponse_v10, 11: _dec_ProduceResponse_v10, 12: _dec_ProduceResponse_v10, 13: _dec_ProduceResponse_v13}
