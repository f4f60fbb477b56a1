"""ElectLeadersResponse: generated from schemas/clients/ElectLeadersResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class PartitionResult(Message):
    """The results for each partition."""

    partition_id: int = 0
    error_code: int = 0
    error_message: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ReplicaElectionResult(Message):
    """The election results, or an empty array if the requester did not have permission and the request asks for all partitions."""

    topic: str = ''
    partition_result: list[PartitionResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ElectLeadersResponse(Message):
    """The ElectLeadersResponse struct of ElectLeadersResponse."""

    API_KEY = 43
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    replica_election_results: list[ReplicaElectionResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionResult = PartitionResult()
_DEFAULT_ReplicaElectionResult = ReplicaElectionResult()
_DEFAULT_ElectLeadersResponse = ElectLeadersResponse()


def _enc_PartitionResult_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_id, o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('PartitionResult')


def _enc_PartitionResult_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_id, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionResult_v0(buf, p):
    f_partition_id, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    return PartitionResult(f_partition_id, f_error_code, f_error_message, ()), p


def _dec_PartitionResult_v2(buf, p):
    f_partition_id, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionResult')
    return PartitionResult(f_partition_id, f_error_code, f_error_message, _u), p


def _enc_ReplicaElectionResult_v0(o, w):
    b = w.buf
    write_string(b, o.topic, False, 'Topic')
    _a = o.partition_result
    if _a is None:
        raise EncodeError('PartitionResult' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_PartitionResult_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ReplicaElectionResult')


def _enc_ReplicaElectionResult_v2(o, w):
    b = w.buf
    write_compact_string(b, o.topic, False, 'Topic')
    _a = o.partition_result
    if _a is None:
        raise EncodeError('PartitionResult' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ReplicaElectionResult_v0(buf, p):
    f_topic, p = read_string(buf, p, False, 'Topic')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('PartitionResult' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionResult')
        f_partition_result = []
        for _ in range(_n):
            _e, p = _dec_PartitionResult_v0(buf, p)
            f_partition_result.append(_e)
    return ReplicaElectionResult(f_topic, f_partition_result, ()), p


def _dec_ReplicaElectionResult_v2(buf, p):
    f_topic, p = read_compact_string(buf, p, False, 'Topic')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('PartitionResult' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'PartitionResult')
        f_partition_result = []
        for _ in range(_n):
            _e, p = _dec_PartitionResult_v2(buf, p)
            f_partition_result.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReplicaElectionResult')
    return ReplicaElectionResult(f_topic, f_partition_result, _u), p


def _enc_ElectLeadersResponse_v0(o, w):
    if o.error_code != 0:
        raise field_not_in_version('ErrorCode')
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.replica_election_results
    if _a is None:
        raise EncodeError('ReplicaElectionResults' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ReplicaElectionResult_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ElectLeadersResponse')


def _enc_ElectLeadersResponse_v1(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.replica_election_results
    if _a is None:
        raise EncodeError('ReplicaElectionResults' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_ReplicaElectionResult_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('ElectLeadersResponse')


def _enc_ElectLeadersResponse_v2(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _a = o.replica_election_results
    if _a is None:
        raise EncodeError('ReplicaElectionResults' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReplicaElectionResult_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ElectLeadersResponse_v0(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ReplicaElectionResults' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ReplicaElectionResults')
        f_replica_election_results = []
        for _ in range(_n):
            _e, p = _dec_ReplicaElectionResult_v0(buf, p)
            f_replica_election_results.append(_e)
    return ElectLeadersResponse(f_throttle_time_ms, 0, f_replica_election_results, ()), p


def _dec_ElectLeadersResponse_v1(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('ReplicaElectionResults' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ReplicaElectionResults')
        f_replica_election_results = []
        for _ in range(_n):
            _e, p = _dec_ReplicaElectionResult_v0(buf, p)
            f_replica_election_results.append(_e)
    return ElectLeadersResponse(f_throttle_time_ms, f_error_code, f_replica_election_results, ()), p


def _dec_ElectLeadersResponse_v2(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ReplicaElectionResults' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ReplicaElectionResults')
        f_replica_election_results = []
        for _ in range(_n):
            _e, p = _dec_ReplicaElectionResult_v2(buf, p)
            f_replica_election_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ElectLeadersResponse')
    return ElectLeadersResponse(f_throttle_time_ms, f_error_code, f_replica_election_results, _u), p


PartitionResult._ENCODERS = {0: _enc_PartitionResult_v0, 1: _enc_PartitionResult_v0, 2: _enc_PartitionResult_v2}
PartitionResult._DECODERS = {0: _dec_PartitionResult_v0, 1: _dec_PartitionResult_v0, 2: _dec_PartitionResult_v2}
ReplicaElectionResult._ENCODERS = {0: _enc_ReplicaElectionResult_v0, 1: _enc_ReplicaElectionResult_v0, 2: _enc_ReplicaElectionResult_v2}
ReplicaElectionResult._DECODERS = {0: _dec_ReplicaElectionResult_v0, 1: _dec_ReplicaElectionResult_v0, 2: _dec_ReplicaElectionResult_v2}
ElectLeadersResponse._ENCODERS = {0: _enc_ElectLeadersResponse_v0, 1: _enc_ElectLeadersResponse_v1, 2: _enc_ElectLeadersResponse_v2}
ElectLeadersResponse._DECODERS = {0: _dec_ElectLeadersResponse_v0, 1: _dec_ElectLeadersResponse_v1, 2: _dec_ElectLeadersResponse_v2}
