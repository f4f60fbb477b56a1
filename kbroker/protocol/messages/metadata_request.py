"""MetadataRequest: generated from schemas/clients/MetadataRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_o = struct.Struct('>?')
_S_oo = struct.Struct('>??')
_S_ooo = struct.Struct('>???')


@attrs.define(eq=True, slots=True)
class MetadataRequestTopic(Message):
    """The topics to fetch metadata for."""

    topic_id: uuid.UUID = ZERO_UUID
    name: str | None = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class MetadataRequest(Message):
    """The MetadataRequest struct of MetadataRequest."""

    API_KEY = 3
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 13
    FLEXIBLE_VERSION = 9
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 9:
            return 2
        return 1

    topics: list[MetadataRequestTopic] | None = attrs.field(factory=list)
    allow_auto_topic_creation: bool = True
    include_cluster_authorized_operations: bool = False
    include_topic_authorized_operations: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_MetadataRequestTopic = MetadataRequestTopic()
_DEFAULT_MetadataRequest = MetadataRequest()


def _enc_MetadataRequestTopic_v0(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataRequestTopic')


def _enc_MetadataRequestTopic_v9(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataRequestTopic_v10(o, w):
    b = w.buf
    b += _S_16s.pack(o.topic_id.bytes)
    write_compact_string(b, o.name, True, 'Name')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MetadataRequestTopic_v0(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    return MetadataRequestTopic(ZERO_UUID, f_name, ()), p


def _dec_MetadataRequestTopic_v9(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataRequestTopic')
    return MetadataRequestTopic(ZERO_UUID, f_name, _u), p


def _dec_MetadataRequestTopic_v10(buf, p):
    f_topic_id, = _S_16s.unpack_from(buf, p)
    p += 16
    f_topic_id = uuid.UUID(bytes=f_topic_id)
    f_name, p = read_compact_string(buf, p, True, 'Name')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataRequestTopic')
    return MetadataRequestTopic(f_topic_id, f_name, _u), p


def _enc_MetadataRequest_v0(o, w):
    if not o.allow_auto_topic_creation:
        raise field_not_in_version('AllowAutoTopicCreation')
    if bool(o.include_cluster_authorized_operations):
        raise field_not_in_version('IncludeClusterAuthorizedOperations')
    if bool(o.include_topic_authorized_operations):
        raise field_not_in_version('IncludeTopicAuthorizedOperations')
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataRequestTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataRequest')


def _enc_MetadataRequest_v1(o, w):
    if not o.allow_auto_topic_creation:
        raise field_not_in_version('AllowAutoTopicCreation')
    if bool(o.include_cluster_authorized_operations):
        raise field_not_in_version('IncludeClusterAuthorizedOperations')
    if bool(o.include_topic_authorized_operations):
        raise field_not_in_version('IncludeTopicAuthorizedOperations')
    b = w.buf
    _a = o.topics
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataRequestTopic_v0(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataRequest')


def _enc_MetadataRequest_v4(o, w):
    if bool(o.include_cluster_authorized_operations):
        raise field_not_in_version('IncludeClusterAuthorizedOperations')
    if bool(o.include_topic_authorized_operations):
        raise field_not_in_version('IncludeTopicAuthorizedOperations')
    b = w.buf
    _a = o.topics
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataRequestTopic_v0(_e, w)
    b += _S_o.pack(o.allow_auto_topic_creation)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataRequest')


def _enc_MetadataRequest_v8(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        b += NULL_INT32
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_MetadataRequestTopic_v0(_e, w)
    b += _S_ooo.pack(o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('MetadataRequest')


def _enc_MetadataRequest_v9(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataRequestTopic_v9(_e, w)
    b += _S_ooo.pack(o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataRequest_v10(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataRequestTopic_v10(_e, w)
    b += _S_ooo.pack(o.allow_auto_topic_creation, o.include_cluster_authorized_operations, o.include_topic_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_MetadataRequest_v11(o, w):
    if bool(o.include_cluster_authorized_operations):
        raise field_not_in_version('IncludeClusterAuthorizedOperations')
    b = w.buf
    _a = o.topics
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_MetadataRequestTopic_v10(_e, w)
    b += _S_oo.pack(o.allow_auto_topic_creation, o.include_topic_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_MetadataRequest_v0(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataRequestTopic_v0(buf, p)
            f_topics.append(_e)
    return MetadataRequest(f_topics, True, False, False, ()), p


def _dec_MetadataRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataRequestTopic_v0(buf, p)
            f_topics.append(_e)
    return MetadataRequest(f_topics, True, False, False, ()), p


def _dec_MetadataRequest_v4(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataRequestTopic_v0(buf, p)
            f_topics.append(_e)
    f_allow_auto_topic_creation, = _S_o.unpack_from(buf, p)
    p += 1
    return MetadataRequest(f_topics, f_allow_auto_topic_creation, False, False, ()), p


def _dec_MetadataRequest_v8(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataRequestTopic_v0(buf, p)
            f_topics.append(_e)
    f_allow_auto_topic_creation, f_include_cluster_authorized_operations, f_include_topic_authorized_operations = _S_ooo.unpack_from(buf, p)
    p += 3
    return MetadataRequest(f_topics, f_allow_auto_topic_creation, f_include_cluster_authorized_operations, f_include_topic_authorized_operations, ()), p


def _dec_MetadataRequest_v9(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataRequestTopic_v9(buf, p)
            f_topics.append(_e)
    f_allow_auto_topic_creation, f_include_cluster_authorized_operations, f_include_topic_authorized_operations = _S_ooo.unpack_from(buf, p)
    p += 3
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataRequest')
    return MetadataRequest(f_topics, f_allow_auto_topic_creation, f_include_cluster_authorized_operations, f_include_topic_authorized_operations, _u), p


def _dec_MetadataRequest_v10(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataRequestTopic_v10(buf, p)
            f_topics.append(_e)
    f_allow_auto_topic_creation, f_include_cluster_authorized_operations, f_include_topic_authorized_operations = _S_ooo.unpack_from(buf, p)
    p += 3
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataRequest')
    return MetadataRequest(f_topics, f_allow_auto_topic_creation, f_include_cluster_authorized_operations, f_include_topic_authorized_operations, _u), p


def _dec_MetadataRequest_v11(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_topics = None
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_MetadataRequestTopic_v10(buf, p)
            f_topics.append(_e)
    f_allow_auto_topic_creation, f_include_topic_authorized_operations = _S_oo.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'MetadataRequest')
    return MetadataRequest(f_topics, f_allow_auto_topic_creation, False, f_include_topic_authorized_operations, _u), p


MetadataRequestTopic._ENCODERS = {0: _enc_MetadataRequestTopic_v0, 1: _enc_MetadataRequestTopic_v0, 2: _enc_MetadataRequestTopic_v0, 3: _enc_MetadataRequestTopic_v0, 4: _enc_MetadataRequestTopic_v0, 5: _enc_MetadataRequestTopic_v0, 6: _enc_MetadataRequestTopic_v0, 7: _enc_MetadataRequestTopic_v0, 8: _enc_MetadataRequestTopic_v0, 9: _enc_MetadataRequestTopic_v9, 10: _enc_MetadataRequestTopic_v10, 11: _enc_MetadataRequestTopic_v10, 12: _enc_MetadataRequestTopic_v10, 13: _enc_MetadataRequestTopic_v10}
MetadataRequestTopic._DECODERS = {0: _dec_MetadataRequestTopic_v0, 1: _dec_MetadataRequestTopic_v0, 2: _dec_MetadataRequestTopic_v0, 3: _dec_MetadataRequestTopic_v0, 4: _dec_MetadataRequestTopic_v0, 5: _dec_MetadataRequestTopic_v0, 6: _dec_MetadataRequestTopic_v0, 7: _dec_MetadataRequestTopic_v0, 8: _dec_MetadataRequestTopic_v0, 9: _dec_MetadataRequestTopic_v9, 10: _dec_MetadataRequestTopic_v10, 11: _dec_MetadataRequestTopic_v10, 12: _dec_MetadataRequestTopic_v10, 13: _dec_MetadataRequestTopic_v10}
MetadataRequest._ENCODERS = {0: _enc_MetadataRequest_v0, 1: _enc_MetadataRequest_v1, 2: _enc_MetadataRequest_v1, 3: _enc_MetadataRequest_v1, 4: _enc_MetadataRequest_v4, 5: _enc_MetadataRequest_v4, 6: _enc_MetadataRequest_v4, 7: _enc_MetadataRequest_v4, 8: _enc_MetadataRequest_v8, 9: _enc_MetadataRequest_v9, 10: _enc_MetadataRequest_v10, 11: _enc_MetadataRequest_v11, 12: _enc_MetadataRequest_v11, 13: _enc_MetadataRequest_v11}
MetadataRequest._DECODERS = {0: _dec_MetadataRequest_v0, 1: _dec_MetadataRequest_v1, 2: _dec_MetadataRequest_v1, 3: _dec_MetadataRequest_v1, 4: _dec_MetadataRequest_v4, 5: _dec_MetadataRequest_v4, 6: _dec_MetadataRequest_v4, 7: _dec_MetadataRequest_v4, 8: _dec_MetadataRequest_v8, 9: _dec_MetadataRequest_v9, 10: _dec_MetadataRequest_v10, 11: _dec_MetadataRequest_v11, 12: _dec_MetadataRequest_v11, 13: _dec_MetadataRequest_v11}
