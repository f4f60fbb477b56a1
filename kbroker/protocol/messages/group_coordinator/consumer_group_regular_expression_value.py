"""ConsumerGroupRegularExpressionValue: generated from schemas/group-coordinator/ConsumerGroupRegularExpressionValue.json by kbroker.protocol.codegen. Do not edit."""

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

_S_qq = struct.Struct('>qq')


@attrs.define(eq=True, slots=True)
class ConsumerGroupRegularExpressionValue(Message):
    """The ConsumerGroupRegularExpressionValue struct of ConsumerGroupRegularExpressionValue."""

    API_KEY = 16
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    topics: list[str] = attrs.field(factory=list)
    version: int = 0
    timestamp: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ConsumerGroupRegularExpressionValue = ConsumerGroupRegularExpressionValue()


def _enc_ConsumerGroupRegularExpressionValue_v0(o, w):
    b = w.buf
    _a = o.topics
    if _a is None:
        raise EncodeError('Topics' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'Topics')
    b += _S_qq.pack(o.version, o.timestamp)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ConsumerGroupRegularExpressionValue_v0(buf, p):
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
            _e, p = read_compact_string(buf, p, False, 'Topics')
            f_topics.append(_e)
    f_version, f_timestamp = _S_qq.unpack_from(buf, p)
    p += 16
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ConsumerGroupRegularExpressionValue')
    return ConsumerGroupRegularExpressionValue(f_topics, f_version, f_timestamp, _u), p


ConsumerGroupRegularExpressionValue._ENCODERS = {0: _enc_ConsumerGroupRegularExpressionValue_v0}
ConsumerGroupRegularExpressionValue._DECODERS = {0: _dec_ConsumerGroupRegularExpressionValue_v0}
