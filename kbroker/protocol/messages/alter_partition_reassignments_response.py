"""AlterPartitionReassignmentsResponse: generated from schemas/clients/AlterPartitionReassignmentsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_ih = struct.Struct('>ih')
_S_ioh = struct.Struct('>i?h')


@attrs.define(eq=True, slots=True)
class ReassignablePartitionResponse(Message):
    """The responses to partitions to reassign."""

    partition_index: int = 0
    error_code: int = 0
    error_message: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ReassignableTopicResponse(Message):
    """The responses to topics to reassign."""

    name: str = ''
    partitions: list[ReassignablePartitionResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterPartitionReassignmentsResponse(Message):
    """The AlterPartitionReassignmentsResponse struct of AlterPartitionReassignmentsResponse."""

    API_KEY = 45
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    allow_replication_factor_change: bool = True
    error_code: int = 0
    error_message: str | None = ''
    responses: list[ReassignableTopicResponse] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ReassignablePartitionResponse = ReassignablePartitionResponse()
_DEFAULT_ReassignableTopicResponse = ReassignableTopicResponse()
_DEFAULT_AlterPartitionReassignmentsResponse = AlterPartitionReassignmentsResponse()


def _enc_ReassignablePartitionResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition_index, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ReassignablePartitionResponse_v0(buf, p):
    f_partition_index, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReassignablePartitionResponse')
    return ReassignablePartitionResponse(f_partition_index, f_error_code, f_error_message, _u), p


def _enc_ReassignableTopicResponse_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReassignablePartitionResponse_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ReassignableTopicResponse_v0(buf, p):
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
            _e, p = _dec_ReassignablePartitionResponse_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ReassignableTopicResponse')
    return ReassignableTopicResponse(f_name, f_partitions, _u), p


def _enc_AlterPartitionReassignmentsResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReassignableTopicResponse_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_AlterPartitionReassignmentsResponse_v1(o, w):
    b = w.buf
    b += _S_ioh.pack(o.throttle_time_ms, o.allow_replication_factor_change, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    _a = o.responses
    if _a is None:
        raise EncodeError('Responses' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ReassignableTopicResponse_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterPartitionReassignmentsResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
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
            _e, p = _dec_ReassignableTopicResponse_v0(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterPartitionReassignmentsResponse')
    return AlterPartitionReassignmentsResponse(f_throttle_time_ms, True, f_error_code, f_error_message, f_responses, _u), p


def _dec_AlterPartitionReassignmentsResponse_v1(buf, p):
    f_throttle_time_ms, f_allow_replication_factor_change, f_error_code = _S_ioh.unpack_from(buf, p)
    p += 7
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
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
            _e, p = _dec_ReassignableTopicResponse_v0(buf, p)
            f_responses.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterPartitionReassignmentsResponse')
    return AlterPartitionReassignmentsResponse(f_throttle_time_ms, f_allow_replication_factor_change, f_error_code, f_error_message, f_responses, _u), p


ReassignablePartitionResponse._ENCODERS = {0: _enc_ReassignablePartitionResponse_v0, 1: _enc_ReassignablePartitionResponse_v0}
ReassignablePartitionResponse._DECODERS = {0: _dec_ReassignablePartitionResponse_v0, 1: _dec_ReassignablePartitionResponse_v0}
ReassignableTopicResponse._ENCODERS = {0: _enc_ReassignableTopicResponse_v0, 1: _enc_ReassignableTopicResponse_v0}
ReassignableTopicResponse._DECODERS = {0: _dec_ReassignableTopicResponse_v0, 1: _dec_ReassignableTopicResponse_v0}
AlterPartitionReassignmentsResponse._ENCODERS = {0: _enc_AlterPartitionReassignmentsResponse_v0, 1: _enc_AlterPartitionReassignmentsResponse_v1}
AlterPartitionReassignmentsResponse._DECODERS = {0: _dec_AlterPartitionReassignmentsResponse_v0, 1: _dec_AlterPartitionReassignmentsResponse_v1}
