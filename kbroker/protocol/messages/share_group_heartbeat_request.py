"""ShareGroupHeartbeatRequest: generated from schemas/clients/ShareGroupHeartbeatRequest.json by kbroker.protocol.codegen. Do not edit."""

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


@attrs.define(eq=True, slots=True)
class ShareGroupHeartbeatRequest(Message):
    """The ShareGroupHeartbeatRequest struct of ShareGroupHeartbeatRequest."""

    API_KEY = 76
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 1
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 1
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 1:
            return 2
        return 1

    group_id: str = ''
    member_id: str = ''
    member_epoch: int = 0
    rack_id: str | None = None
    subscribed_topic_names: list[str] | None = None
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ShareGroupHeartbeatRequest = ShareGroupHeartbeatRequest()


def _enc_ShareGroupHeartbeatRequest_v1(o, w):
    b = w.buf
    write_compact_string(b, o.group_id, False, 'GroupId')
    write_compact_string(b, o.member_id, False, 'MemberId')
    b += _S_i.pack(o.member_epoch)
    write_compact_string(b, o.rack_id, True, 'RackId')
    _a = o.subscribed_topic_names
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            write_compact_string(b, _e, False, 'SubscribedTopicNames')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ShareGroupHeartbeatRequest_v1(buf, p):
    f_group_id, p = read_compact_string(buf, p, False, 'GroupId')
    f_member_id, p = read_compact_string(buf, p, False, 'MemberId')
    f_member_epoch, = _S_i.unpack_from(buf, p)
    p += 4
    f_rack_id, p = read_compact_string(buf, p, True, 'RackId')
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_subscribed_topic_names = None
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
        _u, p = read_unknown_tagged_fields(buf, p, 'ShareGroupHeartbeatRequest')
    return ShareGroupHeartbeatRequest(f_group_id, f_member_id, f_member_epoch, f_rack_id, f_subscribed_topic_names, _u), p


ShareGroupHeartbeatRequest._ENCODERS = {1: _enc_ShareGroupHeartbeatRequest_v1}
ShareGroupHeartbeatRequest._DECODERS = {1: _dec_ShareGroupHeartbeatRequest_v1}
