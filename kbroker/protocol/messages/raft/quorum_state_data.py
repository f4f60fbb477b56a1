"""QuorumStateData: generated from schemas/raft/QuorumStateData.json by kbroker.protocol.codegen. Do not edit."""

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
_S_iii16s = struct.Struct('>iii16s')
_S_iiiq = struct.Struct('>iiiq')


@attrs.define(eq=True, slots=True)
class Voter(Message):
    """The current voters."""

    voter_id: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class QuorumStateData(Message):
    """The QuorumStateData struct of QuorumStateData."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    cluster_id: str = ''
    leader_id: int = -1
    leader_epoch: int = -1
    voted_id: int = -1
    voted_directory_id: uuid.UUID = ZERO_UUID
    applied_offset: int = 0
    current_voters: list[Voter] | None = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_Voter = Voter()
_DEFAULT_QuorumStateData = QuorumStateData()


def _enc_Voter_v0(o, w):
    b = w.buf
    b += _S_i.pack(o.voter_id)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_Voter_v1(o, w):
    if o.voter_id != 0:
        raise field_not_in_version('VoterId')
    b = w.buf
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_Voter_v0(buf, p):
    f_voter_id, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Voter')
    return Voter(f_voter_id, _u), p


def _dec_Voter_v1(buf, p):
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Voter')
    return Voter(0, _u), p


def _enc_QuorumStateData_v0(o, w):
    if o.voted_directory_id != ZERO_UUID:
        raise field_not_in_version('VotedDirectoryId')
    b = w.buf
    write_compact_string(b, o.cluster_id, False, 'ClusterId')
    b += _S_iiiq.pack(o.leader_id, o.leader_epoch, o.voted_id, o.applied_offset)
    _a = o.current_voters
    if _a is None:
        b.append(0)
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Voter_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_QuorumStateData_v1(o, w):
    if o.cluster_id != '':
        raise field_not_in_version('ClusterId')
    if o.applied_offset != 0:
        raise field_not_in_version('AppliedOffset')
    if o.current_voters is None or len(o.current_voters) != 0:
        raise field_not_in_version('CurrentVoters')
    b = w.buf
    b += _S_iii16s.pack(o.leader_id, o.leader_epoch, o.voted_id, o.voted_directory_id.bytes)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_QuorumStateData_v0(buf, p):
    f_cluster_id, p = read_compact_string(buf, p, False, 'ClusterId')
    f_leader_id, f_leader_epoch, f_voted_id, f_applied_offset = _S_iiiq.unpack_from(buf, p)
    p += 20
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        f_current_voters = None
    else:
        check_count(_n, buf, p, 'CurrentVoters')
        f_current_voters = []
        for _ in range(_n):
            _e, p = _dec_Voter_v0(buf, p)
            f_current_voters.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'QuorumStateData')
    return QuorumStateData(f_cluster_id, f_leader_id, f_leader_epoch, f_voted_id, ZERO_UUID, f_applied_offset, f_current_voters, _u), p


def _dec_QuorumStateData_v1(buf, p):
    f_leader_id, f_leader_epoch, f_voted_id, f_voted_directory_id = _S_iii16s.unpack_from(buf, p)
    p += 28
    f_voted_directory_id = uuid.UUID(bytes=f_voted_directory_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'QuorumStateData')
    return QuorumStateData('', f_leader_id, f_leader_epoch, f_voted_id, f_voted_directory_id, 0, [], _u), p


Voter._ENCODERS = {0: _enc_Voter_v0, 1: _enc_Voter_v1}
Voter._DECODERS = {0: _dec_Voter_v0, 1: _dec_Voter_v1}
QuorumStateData._ENCODERS = {0: _enc_QuorumStateData_v0, 1: _enc_QuorumStateData_v1}
QuorumStateData._DECODERS = {0: _dec_QuorumStateData_v0, 1: _dec_QuorumStateData_v1}
