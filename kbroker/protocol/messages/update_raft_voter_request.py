"""UpdateRaftVoterRequest: generated from schemas/clients/UpdateRaftVoterRequest.json by kbroker.protocol.codegen. Do not edit."""

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
_S_hh = struct.Struct('>hh')
_S_ii16s = struct.Struct('>ii16s')


@attrs.define(eq=True, slots=True)
class Listener(Message):
    """The endpoint that can be used to communicate with the leader."""

    name: str = ''
    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class KRaftVersionFeature(Message):
    """The range of versions of the protocol that the replica supports."""

    min_supported_version: int = 0
    max_supported_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class UpdateRaftVoterRequest(Message):
    """The UpdateRaftVoterRequest struct of UpdateRaftVoterRequest."""

    API_KEY = 82
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    cluster_id: str | None = ''
    current_leader_epoch: int = 0
    voter_id: int = 0
    voter_directory_id: uuid.UUID = ZERO_UUID
    listeners: list[Listener] = attrs.field(factory=list)
    k_raft_version_feature: KRaftVersionFeature = attrs.field(factory=KRaftVersionFeature)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_Listener = Listener()
_DEFAULT_KRaftVersionFeature = KRaftVersionFeature()
_DEFAULT_UpdateRaftVoterRequest = UpdateRaftVoterRequest()


def _enc_Listener_v0(o, w):
    b = w.buf
    write_compact_string(b, o.name, False, 'Name')
    write_compact_string(b, o.host, False, 'Host')
    b += _S_H.pack(o.port)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Listener_v0(buf, p):
    f_name, p = read_compact_string(buf, p, False, 'Name')
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_H.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Listener')
    return Listener(f_name, f_host, f_port, _u), p


def _enc_KRaftVersionFeature_v0(o, w):
    b = w.buf
    b += _S_hh.pack(o.min_supported_version, o.max_supported_version)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_KRaftVersionFeature_v0(buf, p):
    f_min_supported_version, f_max_supported_version = _S_hh.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'KRaftVersionFeature')
    return KRaftVersionFeature(f_min_supported_version, f_max_supported_version, _u), p


def _enc_UpdateRaftVoterRequest_v0(o, w):
    b = w.buf
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_ii16s.pack(o.current_leader_epoch, o.voter_id, o.voter_directory_id.bytes)
    _a = o.listeners
    if _a is None:
        raise EncodeError('Listeners' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Listener_v0(_e, w)
    _enc_KRaftVersionFeature_v0(o.k_raft_version_feature, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_UpdateRaftVoterRequest_v0(buf, p):
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
    f_current_leader_epoch, f_voter_id, f_voter_directory_id = _S_ii16s.unpack_from(buf, p)
    p += 24
    f_voter_directory_id = uuid.UUID(bytes=f_voter_directory_id)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Listeners' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Listeners')
        f_listeners = []
        for _ in range(_n):
            _e, p = _dec_Listener_v0(buf, p)
            f_listeners.append(_e)
    f_k_raft_version_feature, p = _dec_KRaftVersionFeature_v0(buf, p)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'UpdateRaftVoterRequest')
    return UpdateRaftVoterRequest(f_cluster_id, f_current_leader_epoch, f_voter_id, f_voter_directory_id, f_listeners, f_k_raft_version_feature, _u), p


Listener._ENCODERS = {0: _enc_Listener_v0}
Listener._DECODERS = {0: _dec_Listener_v0}
KRaftVersionFeature._ENCODERS = {0: _enc_KRaftVersionFeature_v0}
KRaftVersionFeature._DECODERS = {0: _dec_KRaftVersionFeature_v0}
UpdateRaftVoterRequest._ENCODERS = {0: _enc_UpdateRaftVoterRequest_v0}
UpdateRaftVoterRequest._DECODERS = {0: _dec_UpdateRaftVoterRequest_v0}
