"""ShareGroupMemberMetadataValue: generated from schemas/group-coordinator/ShareGroupMemberMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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
class ShareGroupMemberMetadataValue(Message):
    """The ShareGroupMemberMetadataValue struct of ShareGroupMemberMetadataValue."""

    API_KEY = 10
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    rack_id: str | None = ''
    client_id: str = ''
    client_host: str = ''
    subscribed_topic_names: list[str] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ShareGroupMemberMetadataValue = ShareGroupMemberMetadataValue()


def _enc_ShareGroupMemberMetadataValue_v0(o, w):
    b = w.buf
    write_compact_string(b, o.rack_id, True, 'RackId')
    write_compact_string(b, o.client_id, False, 'ClientId')
    write_compact_string(b, o.client_host, False, 'ClientHost')
    _a = o.subscribed_topic_names
    if _a is None:
        raise EncodeError('SubscribedTopicNames' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SubscribedTopicNames')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareGroupMemberMetadataValue_v0(buf, p):
    f_rack_id, p = read_compact_string(buf, p, True, 'RackId')
    f_client_id, p = read_compact_string(buf, p, False, 'ClientId')
    f_client_host, p = read_compact_string(buf, p, False, 'ClientHost')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SubscribedTopicNames' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SubscribedTopicNames')
        f_subscribed_topic_names = []
        for _ in range(_n):
            _e, p = read_compact_string(buf, p, False, 'SubscribedTopicNames')
            f_subscribed_topic_names.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareGroupMemberMetadataValue')
    return ShareGroupMemberMetadataValue(f_rack_id, f_client_id, f_client_host, f_subscribed_topic_names, _u), p


ShareGroupMemberMetadataValue._ENCODERS = {0: _enc_ShareGroupMemberMetadataValue_v0}
ShareGroupMemberMetadataValue._DECODERS = {0: _dec_ShareGroupMemberMetadataValue_v0}
