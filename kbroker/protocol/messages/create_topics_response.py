"""CreateTopicsResponse: generated from schemas/clients/CreateTopicsResponse.json by kbroker.protocol.codegen. Do not edit."""

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

_S_16sh = struct.Struct('>16sh')
_S_h = struct.Struct('>h')
_S_i = struct.Struct('>i')
_S_ih = struct.Struct('>ih')
_S_obo = struct.Struct('>?b?')


@attrs.define(eq=True, slots=True)
class CreatableTopicConfigs(Message):
    """Configuration of the topic."""

    name: str = ''
    value: str | None = ''
    read_only: bool = False
    config_source: int = -1
    is_sensitive: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreatableTopicResult(Message):
    """Results for each topic we tried to create."""

    name: str = ''
    topic_id: uuid.UUID = ZERO_UUID
    error_code: int = 0
    error_message: str | None = ''
    topic_config_error_code: int = 0
    num_partitions: int = -1
    replication_factor: int = -1
    configs: list[CreatableTopicConfigs] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CreateTopicsResponse(Message):
    """The CreateTopicsResponse struct of CreateTopicsResponse."""

    API_KEY = 19
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 2
    HIGHEST_VERSION = 7
    FLEXIBLE_VERSION = 5
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 5:
            return 1
        return 0

    throttle_time_ms: int = 0
    topics: list[CreatableTopicResult] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_CreatableTopicConfigs = CreatableTopicConfigs()
_DEFAULT_CreatableTopicResult = CreatableTopicResult()
_DEFAULT_CreateTopicsResponse = CreateTopicsResponse()


def _enc_CreatableTopicConfigs_v2(o, w):
    if o.name != '':
        raise field_not_in_version('Name')
    if o.value != '':
        raise field_not_in_version('Value')
    if bool(o.read_only):
        raise field_not_in_version('ReadOnly')
    if bool(o.is_sensitive):
        raise field_not_in_version('IsSensitive')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatableTopicConfigs')


def _enc_CreatableTopicConfigs_v5(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.value, True, 'Value')
    b += _S_obo.pack(o.read_only, o.config_source, o.is_sensitive)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreatableTopicConfigs_v2(buf, p):
    return CreatableTopicConfigs('', '', False, -1, False, ()), p


def _dec_CreatableTopicConfigs_v5(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_value, p = read_compact_string(buf, p, True, 'Value')
    f_read_only, f_config_source, f_is_sensitive = _S_obo.unpack_from(buf, p)
    p += 3
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreatableTopicConfigs')
    return CreatableTopicConfigs(f_name, f_value, f_read_only, f_config_source, f_is_sensitive, _u), p


def _enc_CreatableTopicResult_v2(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    b += _S_h.pack(o.error_code)
    write_string(b, o.error_message, True, 'ErrorMessage')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreatableTopicResult')


def _enc_CreatableTopicResult_v5(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_h.pack(o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_ih.pack(o.num_partitions, o.replication_factor)
    _a = o.configs
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableTopicConfigs_v5(_e, w)
    _t = o.unknown_tagged_fields
    if o.topic_config_error_code != 0:
        _tw = Writer()
        _tw.buf += _S_h.pack(o.topic_config_error_code)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _enc_CreatableTopicResult_v7(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_16sh.pack(o.topic_id.bytes, o.error_code)
    write_compact_string(b, o.error_message, True, 'ErrorMessage')
    b += _S_ih.pack(o.num_partitions, o.replication_factor)
    _a = o.configs
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableTopicConfigs_v5(_e, w)
    _t = o.unknown_tagged_fields
    if o.topic_config_error_code != 0:
        _tw = Writer()
        _tw.buf += _S_h.pack(o.topic_config_error_code)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_CreatableTopicResult_v2(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_string(buf, p, True, 'ErrorMessage')
    return CreatableTopicResult(f_name, ZERO_UUID, f_error_code, f_error_message, 0, -1, -1, [], ()), p


def _dec_CreatableTopicResult_v5(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_error_code, = _S_h.unpack_from(buf, p)
    p += 2
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_num_partitions, f_replication_factor = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_configs = None
    else:
        check_count(_n, buf, p, 'Configs')
        f_configs = []
        for _ in range(_n):
            _e, p = _dec_CreatableTopicConfigs_v5(buf, p)
            f_configs.append(_e)
    f_topic_config_error_code = 0
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'CreatableTopicResult tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('CreatableTopicResult' + ': tagged field past the end')
            if _tag == 0:
                f_topic_config_error_code = _S_h.unpack_from(buf, p)[0]
                p += 2
                if p != _end:
                    raise DecodeError('TopicConfigErrorCode' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return CreatableTopicResult(f_name, ZERO_UUID, f_error_code, f_error_message, f_topic_config_error_code, f_num_partitions, f_replication_factor, f_configs, _u), p


def _dec_CreatableTopicResult_v7(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_topic_id, f_error_code = _S_16sh.unpack_from(buf, p)
    p += 18
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_error_message, p = read_compact_string(buf, p, True, 'ErrorMessage')
    f_num_partitions, f_replication_factor = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_configs = None
    else:
        check_count(_n, buf, p, 'Configs')
        f_configs = []
        for _ in range(_n):
            _e, p = _dec_CreatableTopicConfigs_v5(buf, p)
            f_configs.append(_e)
    f_topic_config_error_code = 0
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'CreatableTopicResult tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('CreatableTopicResult' + ': tagged field past the end')
            if _tag == 0:
                f_topic_config_error_code = _S_h.unpack_from(buf, p)[0]
                p += 2
                if p != _end:
                    raise DecodeError('TopicConfigErrorCode' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return CreatableTopicResult(f_name, f_topic_id, f_error_code, f_error_message, f_topic_config_error_code, f_num_partitions, f_replication_factor, f_configs, _u), p


def _enc_CreateTopicsResponse_v2(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_CreatableTopicResult_v2(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('CreateTopicsResponse')


def _enc_CreateTopicsResponse_v5(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableTopicResult_v5(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_CreateTopicsResponse_v7(o, w):
    b = w.buf
    b += _S_i.pack(o.throttle_time_ms)
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CreatableTopicResult_v7(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CreateTopicsResponse_v2(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_CreatableTopicResult_v2(buf, p)
            f_topics.append(_e)
    return CreateTopicsResponse(f_throttle_time_ms, f_topics, ()), p


def _dec_CreateTopicsResponse_v5(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
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
            _e, p = _dec_CreatableTopicResult_v5(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateTopicsResponse')
    return CreateTopicsResponse(f_throttle_time_ms, f_topics, _u), p


def _dec_CreateTopicsResponse_v7(buf, p):
    f_throttle_time_ms, = _S_i.unpack_from(buf, p)
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
            _e, p = _dec_CreatableTopicResult_v7(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CreateTopicsResponse')
    return CreateTopicsResponse(f_throttle_time_ms, f_topics, _u), p


CreatableTopicConfigs._ENCODERS = {2: _enc_CreatableTopicConfigs_v2, 3: _enc_CreatableTopicConfigs_v2, 4: _enc_CreatableTopicConfigs_v2, 5: _enc_CreatableTopicConfigs_v5, 6: _enc_CreatableTopicConfigs_v5, 7: _enc_CreatableTopicConfigs_v5}
CreatableTopicConfigs._DECODERS = {2: _dec_CreatableTopicConfigs_v2, 3: _dec_CreatableTopicConfigs_v2, 4: _dec_CreatableTopicConfigs_v2, 5: _dec_CreatableTopicConfigs_v5, 6: _dec_CreatableTopicConfigs_v5, 7: _dec_CreatableTopicConfigs_v5}
CreatableTopicResult._ENCODERS = {2: _enc_CreatableTopicResult_v2, 3: _enc_CreatableTopicResult_v2, 4: _enc_CreatableTopicResult_v2, 5: _enc_CreatableTopicResult_v5, 6: _enc_CreatableTopicResult_v5, 7: _enc_CreatableTopicResult_v7}
CreatableTopicResult._DECODERS = {2: _dec_CreatableTopicResult_v2, 3: _dec_CreatableTopicResult_v2, 4: _dec_CreatableTopicResult_v2, 5: _dec_CreatableTopicResult_v5, 6: _dec_CreatableTopicResult_v5, 7: _dec_CreatableTopicResult_v7}
CreateTopicsResponse._ENCODERS = {2: _enc_CreateTopicsResponse_v2, 3: _enc_CreateTopicsResponse_v2, 4: _enc_CreateTopicsResponse_v2, 5: _enc_CreateTopicsResponse_v5, 6: _enc_CreateTopicsResponse_v5, 7: _enc_CreateTopicsResponse_v7}
CreateTopicsResponse._DECODERS = {2: _dec_CreateTopicsResponse_v2, 3: _dec_CreateTopicsResponse_v2, 4: _dec_CreateTopicsResponse_v2, 5: _dec_CreateTopicsResponse_v5, 6: _dec_CreateTopicsResponse_v5, 7: _dec_CreateTopicsResponse_v7}
