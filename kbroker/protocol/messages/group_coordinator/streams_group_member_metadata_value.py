"""StreamsGroupMemberMetadataValue: generated from schemas/group-coordinator/StreamsGroupMemberMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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

_S_H = struct.Struct('>H')
_S_ii = struct.Struct('>ii')


@attrs.define(eq=True, slots=True)
class Endpoint(Message):
    """The Endpoint struct of StreamsGroupMemberMetadataValue."""

    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class KeyValue(Message):
    """The KeyValue struct of StreamsGroupMemberMetadataValue."""

    key: str = ''
    value: str = ''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class StreamsGroupMemberMetadataValue(Message):
    """The StreamsGroupMemberMetadataValue struct of StreamsGroupMemberMetadataValue."""

    API_KEY = 19
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    instance_id: str | None = ''
    rack_id: str | None = ''
    client_id: str = ''
    client_host: str = ''
    rebalance_timeout_ms: int = -1
    topology_epoch: int = 0
    process_id: str = ''
    user_endpoint: Endpoint | None = None
    client_tags: list[KeyValue] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_Endpoint = Endpoint()
_DEFAULT_KeyValue = KeyValue()
_DEFAULT_StreamsGroupMemberMetadataValue = StreamsGroupMemberMetadataValue()


def _enc_Endpoint_v0(o, w):
    b = w.buf
    write_compact_string(b, o.host, False, 'Host')
    b += _S_H.pack(o.port)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Endpoint_v0(buf, p):
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_H.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Endpoint')
    return Endpoint(f_host, f_port, _u), p


def _enc_KeyValue_v0(o, w):
    b = w.buf
    write_compact_string(b, o.key, False, 'Key')
    write_compact_string(b, o.value, False, 'Value')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_KeyValue_v0(buf, p):
    f_key, p = read_compact_string(buf, p, False, 'Key')
    f_value, p = read_compact_string(buf, p, False, 'Value')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'KeyValue')
    return KeyValue(f_key, f_value, _u), p


def _enc_StreamsGroupMemberMetadataValue_v0(o, w):
    b = w.buf
    write_compact_string(b, o.instance_id, True, 'InstanceId')
    write_compact_string(b, o.rack_id, True, 'RackId')
    write_compact_string(b, o.client_id, False, 'ClientId')
    write_compact_string(b, o.client_host, False, 'ClientHost')
    b += _S_ii.pack(o.rebalance_timeout_ms, o.topology_epoch)
    write_compact_string(b, o.process_id, False, 'ProcessId')
    _v = o.user_endpoint
    if _v is None:
        b.append(255)
    else:
        b.append(1)
        _enc_Endpoint_v0(_v, w)
    _a = o.client_tags
    if _a is None:
        raise EncodeError('ClientTags' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_KeyValue_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_StreamsGroupMemberMetadataValue_v0(buf, p):
    f_instance_id, p = read_compact_string(buf, p, True, 'InstanceId')
    f_rack_id, p = read_compact_string(buf, p, True, 'RackId')
    f_client_id, p = read_compact_string(buf, p, False, 'ClientId')
    f_client_host, p = read_compact_string(buf, p, False, 'ClientHost')
    f_rebalance_timeout_ms, f_topology_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    f_process_id, p = read_compact_string(buf, p, False, 'ProcessId')
    if buf[p] >= 0x80:
        f_user_endpoint = None
        p += 1
    else:
        f_user_endpoint, p = _dec_Endpoint_v0(buf, p + 1)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('ClientTags' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'ClientTags')
        f_client_tags = []
        for _ in range(_n):
            _e, p = _dec_KeyValue_v0(buf, p)
            f_client_tags.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'StreamsGroupMemberMetadataValue')
    return StreamsGroupMemberMetadataValue(f_instance_id, f_rack_id, f_client_id, f_client_host, f_rebalance_timeout_ms, f_topology_epoch, f_process_id, f_user_endpoint, f_client_tags, _u), p


Endpoint._ENCODERS = {0: _enc_Endpoint_v0}
Endpoint._DECODERS = {0: _dec_Endpoint_v0}
KeyValue._ENCODERS = {0: _enc_KeyValue_v0}
KeyValue._DECODERS = {0: _dec_KeyValue_v0}
StreamsGroupMemberMetadataValue._ENCODERS = {0: _enc_StreamsGroupMemberMetadataValue_v0}
StreamsGroupMemberMetadataValue._DECODERS = {0: _dec_StreamsGroupMemberMetadataValue_v0}
