"""AlterReplicaLogDirsRequest: generated from schemas/clients/AlterReplicaLogDirsRequest.json by kbroker.protocol.codegen. Do not edit."""

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



@attrs.define(eq=True, slots=True)
class AlterReplicaLogDirTopic(Message):
    """The topics to add to the directory."""

    name: str = ''
    partitions: list[int] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterReplicaLogDir(Message):
    """The alterations to make for each directory."""

    path: str = ''
    topics: list[AlterReplicaLogDirTopic] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class AlterReplicaLogDirsRequest(Message):
    """The AlterReplicaLogDirsRequest struct of AlterReplicaLogDirsRequest."""

    API_KEY = 34
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 2
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 2:
            return 2
        return 1

    dirs: list[AlterReplicaLogDir] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_AlterReplicaLogDirTopic = AlterReplicaLogDirTopic()
_DEFAULT_AlterReplicaLogDir = AlterReplicaLogDir()
_DEFAULT_AlterReplicaLogDirsRequest = AlterReplicaLogDirsRequest()


def _enc_AlterReplicaLogDirTopic_v1(o, w):
    b = w.buf
    write_string(b, o.name, False, 'Name')
    _a = o.partitions
    if _a is None:
        raise EncodeError('Partitions' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        if _a:
            b += struct.pack('>%di' % len(_a), *_a)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterReplicaLogDirTopic')


def _enc_AlterReplicaLogDirTopic_v2(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
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


def _dec_AlterReplicaLogDirTopic_v1(buf, p):
    f_name, p = read_string(buf, p, False, 'Name')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Partitions' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Partitions')
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    return AlterReplicaLogDirTopic(f_name, f_partitions, ()), p


def _dec_AlterReplicaLogDirTopic_v2(buf, p):
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
        f_partitions = list(struct.unpack_from('>%di' % _n, buf, p))
        p += 4 * _n
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterReplicaLogDirTopic')
    return AlterReplicaLogDirTopic(f_name, f_partitions, _u), p


def _enc_AlterReplicaLogDir_v1(o, w):
    b = w.buf
    write_string(b, o.path, False, 'Path')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AlterReplicaLogDirTopic_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterReplicaLogDir')


def _enc_AlterReplicaLogDir_v2(o, w):
    b = w.buf
    write_compact_string(b, o.path, False, 'Path')
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterReplicaLogDirTopic_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterReplicaLogDir_v1(buf, p):
    f_path, p = read_string(buf, p, False, 'Path')
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Topics' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Topics')
        f_topics = []
        for _ in range(_n):
            _e, p = _dec_AlterReplicaLogDirTopic_v1(buf, p)
            f_topics.append(_e)
    return AlterReplicaLogDir(f_path, f_topics, ()), p


def _dec_AlterReplicaLogDir_v2(buf, p):
    f_path, p = read_compact_string(buf, p, False, 'Path')
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
            _e, p = _dec_AlterReplicaLogDirTopic_v2(buf, p)
            f_topics.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterReplicaLogDir')
    return AlterReplicaLogDir(f_path, f_topics, _u), p


def _enc_AlterReplicaLogDirsRequest_v1(o, w):
    b = w.buf
    _a = o.dirs
    if _a is None:
        raise EncodeError('Dirs' + ': null in a non-nullable array')
    else:
        b += INT32.pack(len(_a))
        for _e in _a:
            _enc_AlterReplicaLogDir_v1(_e, w)
    if o.unknown_tagged_fields:
        raise unknown_tags_in_rigid_version('AlterReplicaLogDirsRequest')


def _enc_AlterReplicaLogDirsRequest_v2(o, w):
    b = w.buf
    _a = o.dirs
    if _a is None:
        raise EncodeError('Dirs' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_AlterReplicaLogDir_v2(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_AlterReplicaLogDirsRequest_v1(buf, p):
    _n = INT32.unpack_from(buf, p)[0]
    p += 4
    if _n < 0:
        raise DecodeError('Dirs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Dirs')
        f_dirs = []
        for _ in range(_n):
            _e, p = _dec_AlterReplicaLogDir_v1(buf, p)
            f_dirs.append(_e)
    return AlterReplicaLogDirsRequest(f_dirs, ()), p


def _dec_AlterReplicaLogDirsRequest_v2(buf, p):
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Dirs' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Dirs')
        f_dirs = []
        for _ in range(_n):
            _e, p = _dec_AlterReplicaLogDir_v2(buf, p)
            f_dirs.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'AlterReplicaLogDirsRequest')
    return AlterReplicaLogDirsRequest(f_dirs, _u), p


AlterReplicaLogDirTopic._ENCODERS = {1: _enc_AlterReplicaLogDirTopic_v1, 2: _enc_AlterReplicaLogDirTopic_v2}
AlterReplicaLogDirTopic._DECODERS = {1: _dec_AlterReplicaLogDirTopic_v1, 2: _dec_AlterReplicaLogDirTopic_v2}
AlterReplicaLogDir._ENCODERS = {1: _enc_AlterReplicaLogDir_v1, 2: _enc_AlterReplicaLogDir_v2}
AlterReplicaLogDir._DECODERS = {1: _dec_AlterReplicaLogDir_v1, 2: _dec_AlterReplicaLogDir_v2}
AlterReplicaLogDirsRequest._ENCODERS = {1: _enc_AlterReplicaLogDirsRequest_v1, 2: _enc_AlterReplicaLogDirsRequest_v2}
AlterReplicaLogDirsRequest._DECODERS = {1: _dec_AlterReplicaLogDirsRequest_v1, 2: _dec_AlterReplicaLogDirsRequest_v2}
