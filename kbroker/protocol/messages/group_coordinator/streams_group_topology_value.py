"""StreamsGroupTopologyValue: generated from schemas/group-coordinator/StreamsGroupTopologyValue.json by kbroker.protocol.codegen. Do not edit."""

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
class TopicConfig(Message):
    """The TopicConfig struct of StreamsGroupTopologyValue."""

    key: str = ''
    value: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class TopicInfo(Message):
    """The TopicInfo struct of StreamsGroupTopologyValue."""

    name: str = ''
    partitions: int = 0
    replication_factor: int = 0
    topic_configs: list[TopicConfig] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class CopartitionGroup(Message):
    """A subset of source topics that must be copartitioned."""

    source_topics: list[int] = attrs.field(factory=list)
    source_topic_regex: list[int] = attrs.field(factory=list)
    repartition_source_topics: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class Subtopology(Message):
    """The sub-topologies of the streams application."""

    subtopology_id: str = ''
    source_topics: list[str] = attrs.field(factory=list)
    source_topic_regex: list[str] = attrs.field(factory=list)
    state_changelog_topics: list[TopicInfo] = attrs.field(factory=list)
    repartition_sink_topics: list[str] = attrs.field(factory=list)
    repartition_source_topics: list[TopicInfo] = attrs.field(factory=list)
    copartition_groups: list[CopartitionGroup] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class StreamsGroupTopologyValue(Message):
    """The StreamsGroupTopologyValue struct of StreamsGroupTopologyValue."""

    API_KEY = 23
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    epoch: int = 0
    subtopologies: list[Subtopology] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_TopicConfig = TopicConfig()
_DEFAULT_TopicInfo = TopicInfo()
_DEFAULT_CopartitionGroup = CopartitionGroup()
_DEFAULT_Subtopology = Subtopology()
_DEFAULT_StreamsGroupTopologyValue = StreamsGroupTopologyValue()


def _enc_TopicConfig_v0(o, w):
    b = w.buf
    write_compact_string(b, o.key, False, 'key')
    write_compact_string(b, o.value, False, 'value')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicConfig_v0(buf, p):
    f_key, p = read_compact_string(buf, p, False, 'key')
    f_value, p = read_compact_string(buf, p, False, 'value')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicConfig')
    return TopicConfig(f_key, f_value, _u), p


def _enc_TopicInfo_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    b += _S_ih.pack(o.partitions, o.replication_factor)
    _a = o.topic_configs
    if _a is None:
        raise EncodeError('TopicConfigs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicConfig_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_TopicInfo_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_partitions, f_replication_factor = _S_ih.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('TopicConfigs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'TopicConfigs')
        f_topic_configs = []
        for _ in range(_n):
            _e, p = _dec_TopicConfig_v0(buf, p)
            f_topic_configs.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'TopicInfo')
    return TopicInfo(f_name, f_partitions, f_replication_factor, f_topic_configs, _u), p


def _enc_CopartitionGroup_v0(o, w):
    b = w.buf
    _a = o.source_topics
    if _a is None:
        raise EncodeError('SourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dh' % len(_a), *_a)
    _a = o.source_topic_regex
    if _a is None:
        raise EncodeError('SourceTopicRegex' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dh' % len(_a), *_a)
    _a = o.repartition_source_topics
    if _a is None:
        raise EncodeError('RepartitionSourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        if _a:
            b += struct.pack('>%dh' % len(_a), *_a)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CopartitionGroup_v0(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SourceTopics')
        f_source_topics = list(struct.unpack_from('>%dh' % _n, buf, p))
        p += 2 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SourceTopicRegex' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SourceTopicRegex')
        f_source_topic_regex = list(struct.unpack_from('>%dh' % _n, buf, p))
        p += 2 * _n
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RepartitionSourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RepartitionSourceTopics')
        f_repartition_source_topics = list(struct.unpack_from('>%dh' % _n, buf, p))
        p += 2 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CopartitionGroup')
    return CopartitionGroup(f_source_topics, f_source_topic_regex, f_repartition_source_topics, _u), p


def _enc_Subtopology_v0(o, w):
    b = w.buf
    write_compact_string(b, o.subtopology_id, False, 'SubtopologyId')
    _a = o.source_topics
    if _a is None:
        raise EncodeError('SourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SourceTopics')
    _a = o.source_topic_regex
    if _a is None:
        raise EncodeError('SourceTopicRegex' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SourceTopicRegex')
    _a = o.state_changelog_topics
    if _a is None:
        raise EncodeError('StateChangelogTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicInfo_v0(_e, w)
    _a = o.repartition_sink_topics
    if _a is None:
        raise EncodeError('RepartitionSinkTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'RepartitionSinkTopics')
    _a = o.repartition_source_topics
    if _a is None:
        raise EncodeError('RepartitionSourceTopics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_TopicInfo_v0(_e, w)
    _a = o.copartition_groups
    if _a is None:
        raise EncodeError('CopartitionGroups' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_CopartitionGroup_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Subtopology_v0(buf, p):
    f_subtopology_id, p = read_compact_string(buf, p, False, 'SubtopologyId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SourceTopics')
        f_source_topics = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'SourceTopics')
            f_source_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SourceTopicRegex' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SourceTopicRegex')
        f_source_topic_regex = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'SourceTopicRegex')
            f_source_topic_regex.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('StateChangelogTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'StateChangelogTopics')
        f_state_changelog_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicInfo_v0(buf, p)
            f_state_changelog_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RepartitionSinkTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RepartitionSinkTopics')
        f_repartition_sink_topics = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'RepartitionSinkTopics')
            f_repartition_sink_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('RepartitionSourceTopics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'RepartitionSourceTopics')
        f_repartition_source_topics = []
        for _ in range(_n):
            _e, p = _dec_TopicInfo_v0(buf, p)
            f_repartition_source_topics.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('CopartitionGroups' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'CopartitionGroups')
        f_copartition_groups = []
        for _ in range(_n):
            _e, p = _dec_CopartitionGroup_v0(buf, p)
            f_copartition_groups.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Subtopology')
    return Subtopology(f_subtopology_id, f_source_topics, f_source_topic_regex, f_state_changelog_topics, f_repartition_sink_topics, f_repartition_source_topics, f_copartition_groups, _u), p


def _enc_StreamsGroupTopologyValue_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.epoch)
    _a = o.subtopologies
    if _a is None:
        raise EncodeError('Subtopologies' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Subtopology_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_StreamsGroupTopologyValue_v0(buf, p):
    f_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Subtopologies' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Subtopologies')
        f_subtopologies = []
        for _ in range(_n):
            _e, p = _dec_Subtopology_v0(buf, p)
            f_subtopologies.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'StreamsGroupTopologyValue')
    return StreamsGroupTopologyValue(f_epoch, f_subtopologies, _u), p


TopicConfig._ENCODERS = {0: _enc_TopicConfig_v0}
TopicConfig._DECODERS = {0: _dec_TopicConfig_v0}
TopicInfo._ENCODERS = {0: _enc_TopicInfo_v0}
TopicInfo._DECODERS = {0: _dec_TopicInfo_v0}
CopartitionGroup._ENCODERS = {0: _enc_CopartitionGroup_v0}
CopartitionGroup._DECODERS = {0: _dec_CopartitionGroup_v0}
Subtopology._ENCODERS = {0: _enc_Subtopology_v0}
Subtopology._DECODERS = {0: _dec_Subtopology_v0}
StreamsGroupTopologyValue._ENCODERS = {0: _enc_StreamsGroupTopologyValue_v0}
StreamsGroupTopologyValue._DECODERS = {0: _dec_StreamsGroupTopologyValue_v0}
