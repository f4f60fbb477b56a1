"""ConsumerGroupMemberMetadataValue: generated from schemas/group-coordinator/ConsumerGroupMemberMetadataValue.json by kbroker.protocol.codegen. Do not edit."""

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
class ClassicProtocol(Message):
    """The list of protocols that the member supports if the consumer uses the classic protocol."""

    name: str = ''
    metadata: bytes = b''
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ClassicMemberMetadata(Message):
    """The classic member metadata which includes the supported protocols of the consumer if it uses the classic protocol. The metadata is null if the consumer uses the consumer protocol."""

    session_timeout_ms: int = 0
    supported_protocols: list[ClassicProtocol] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class ConsumerGroupMemberMetadataValue(Message):
    """The ConsumerGroupMemberMetadataValue struct of ConsumerGroupMemberMetadataValue."""

    API_KEY = 5
    SCHEMA_TYPE = 'coordinator-value'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    instance_id: str | None = ''
    rack_id: str | None = ''
    client_id: str = ''
    client_host: str = ''
    subscribed_topic_names: list[str] = attrs.field(factory=list)
    subscribed_topic_regex: str | None = ''
    rebalance_timeout_ms: int = -1
    server_assignor: str | None = ''
    classic_member_metadata: ClassicMemberMetadata | None = attrs.field(factory=ClassicMemberMetadata)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ClassicProtocol = ClassicProtocol()
_DEFAULT_ClassicMemberMetadata = ClassicMemberMetadata()
_DEFAULT_ConsumerGroupMemberMetadataValue = ConsumerGroupMemberMetadataValue()


def _enc_ClassicProtocol_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_bytes(b, o.metadata, False, 'Metadata')
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ClassicProtocol_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_metadata, p = read_compact_bytes(buf, p, False, 'Metadata')
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ClassicProtocol')
    return ClassicProtocol(f_name, f_metadata, _u), p


def _enc_ClassicMemberMetadata_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.session_timeout_ms)
    _a = o.supported_protocols
    if _a is None:
        raise EncodeError('SupportedProtocols' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_ClassicProtocol_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_ClassicMemberMetadata_v0(buf, p):
    f_session_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('SupportedProtocols' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'SupportedProtocols')
        f_supported_protocols = []
        for _ in range(_n):
            _e, p = _dec_ClassicProtocol_v0(buf, p)
            f_supported_protocols.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'ClassicMemberMetadata')
    return ClassicMemberMetadata(f_session_timeout_ms, f_supported_protocols, _u), p


def _enc_ConsumerGroupMemberMetadataValue_v0(o, w):
    b = w.buf
    write_compact_string(b, o.instance_id, True, 'InstanceId')
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
    write_compact_string(b, o.subscribed_topic_regex, True, 'SubscribedTopicRegex')
    b += _S_i.pack(o.rebalance_timeout_ms)
    write_compact_string(b, o.server_assignor, True, 'ServerAssignor')
    _t = o.unknown_tagged_fields
    if ((_s := o.classic_member_metadata) is not _DEFAULT_ClassicMemberMetadata and (_s is None or (_s.session_timeout_ms != 0) or (_s.supported_protocols is None or len(_s.supported_protocols) != 0) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _v = o.classic_member_metadata
        if _v is None:
            _tw.buf.append(0)
        else:
            _tw.buf.append(1)
            _enc_ClassicMemberMetadata_v0(_v, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_ConsumerGroupMemberMetadataValue_v0(buf, p):
    f_instance_id, p = read_compact_string(buf, p, True, 'InstanceId')
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
    f_subscribed_topic_regex, p = read_compact_string(buf, p, True, 'SubscribedTopicRegex')
    f_rebalance_timeout_ms, = _S_i.unpack_from(buf, p)
    p += 4
    f_server_assignor, p = read_compact_string(buf, p, True, 'ServerAssignor')
    f_classic_member_metadata = ClassicMemberMetadata()
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'ConsumerGroupMemberMetadataValue tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('ConsumerGroupMemberMetadataValue' + ': tagged field past the end')
            if _tag == 0:
                _m, p = read_uvarint(buf, p)
                if _m == 0 or _m >= 0x80000000:
                    f_classic_member_metadata = None
                else:
                    f_classic_member_metadata, p = _dec_ClassicMemberMetadata_v0(buf, p)
                if p != _end:
                    raise DecodeError('ClassicMemberMetadata' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return ConsumerGroupMemberMetadataValue(f_instance_id, f_rack_id, f_client_id, f_client_host, f_subscribed_topic_names, f_subscribed_topic_regex, f_rebalance_timeout_ms, f_server_assignor, f_classic_member_metadata, _u), p


ClassicProtocol._ENCODERS = {0: _enc_ClassicProtocol_v0}
ClassicProtocol._DECODERS = {0: _dec_ClassicProtocol_v0}
ClassicMemberMetadata._ENCODERS = {0: _enc_ClassicMemberMetadata_v0}
ClassicMemberMetadata._DECODERS = {0: _dec_ClassicMemberMetadata_v0}
ConsumerGroupMemberMetadataValue._ENCODERS = {0: _enc_ConsumerGroupMemberMetadataValue_v0}
ConsumerGroupMemberMetadataValue._DECODERS = {0: _dec_ConsumerGroupMemberMetadataValue_v0}
