"""WriteShareGroupStateResponse: generated from schemas/clients/WriteShareGroupStateResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ih = struct.Struct('>ih')


@attrs.define(eq=True, slots=True)
class PartitionResult(Message):
    """The results for the partitions."""

    partition: int = 0
    error_code: int = 0
    error_message: str | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WriteStateResult(Message):
    """The write results."""

    topic_id: uuid.UUID = ZERO_UUID
    partitions: list[PartitionResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class WriteShareGroupStateResponse(Message):
    """The WriteShareGroupStateResponse struct of WriteShareGroupStateResponse."""

    API_KEY = 85
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

    results: list[WriteStateResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_PartitionResult = PartitionResult()
_DEFAULT_WriteStateResult = WriteStateResult()
_DEFAULT_WriteShareGroupStateResponse = WriteShareGroupStateResponse()


def _enc_PartitionResult_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.partition, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_PartitionResult_v0(buf, p):
    f_partition, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'PartitionResult')
    return PartitionResult(f_partition, f_error_code, f_error_message, _u), p


def _enc_WriteStateResult_v0(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_PartitionResult_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WriteStateResult_v0(buf, p):
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
            _e, p = _dec_PartitionResult_v0(buf, p)
            f_partitions.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteStateResult')
    return WriteStateResult(f_topic_id, f_partitions, _u), p


def _enc_WriteShareGroupStateResponse_v0(o, w):
    b = w.buf
    _a = o.results
    if _a is None:
        raise EncodeError('Results' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_WriteStateResult_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_WriteShareGroupStateResponse_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Results' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Results')
        f_results = []
        for _ in range(_n):
            _e, p = _dec_WriteStateResult_v0(buf, p)
            f_results.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'WriteShareGroupStateResponse')
    return WriteShareGroupStateResponse(f_results, _u), p


PartitionResult._ENCODERS = {0: _enc_PartitionResult_v0, 1: _enc_PartitionResult_v0}
PartitionResult._DECODERS = {0: _dec_PartitionResult_v0, 1: _dec_PartitionResult_v0}
WriteStateResult._ENCODERS = {0: _enc_WriteStateResult_v0, 1: _enc_WriteStateResult_v0}
WriteStateResult._DECODERS = {0: _dec_WriteStateResult_v0, 1: _dec_WriteStateResult_v0}
WriteShareGroupStateResponse._ENCODERS = {0: _enc_WriteShareGroupStateResponse_v0, 1: _enc_WriteShareGroupStateResponse_v0}
WriteShareGroupStateResponse._DECODERS = {0: _dec_WriteShareGroupStateResponse_v0, 1: _dec_WriteShareGroupStateResponse_v0}
