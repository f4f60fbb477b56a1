"""LeaderChangeMessage: generated from schemas/clients/LeaderChangeMessage.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hi = struct.Struct('>hi')
_S_i = struct.Struct('>i')
_S_i16s = struct.Struct('>i16s')


@attrs.define(eq=True, slots=True)
class Voter(Message):
    """The Voter struct of LeaderChangeMessage."""

    voter_id: int = 0
    voter_directory_id: uuid.UUID = ZERO_UUID
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class LeaderChangeMessage(Message):
    """The LeaderChangeMessage struct of LeaderChangeMessage."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 1
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    version: int = 0
    leader_id: int = 0
    voters: list[Voter] = attrs.field(factory=list)
    granting_voters: list[Voter] = attrs.field(factory=list)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_Voter = Voter()
_DEFAULT_LeaderChangeMessage = LeaderChangeMessage()


def _enc_Voter_v0(o, w):
    if o.voter_directory_id != ZERO_UUID:
        raise field_not_in_version('VoterDirectoryId')
    b = w.buf
    b += _S_i.pack(o.voter_id)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_Voter_v1(o, w):
    b = w.buf
    b += _S_i16s.pack(o.voter_id, o.voter_directory_id.bytes)
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
    return Voter(f_voter_id, ZERO_UUID, _u), p


def _dec_Voter_v1(buf, p):
    f_voter_id, f_voter_directory_id = _S_i16s.unpack_from(buf, p)
    p += 20
    f_voter_directory_id = uuid.UUID(bytes=f_voter_directory_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'Voter')
    return Voter(f_voter_id, f_voter_directory_id, _u), p


def _enc_LeaderChangeMessage_v0(o, w):
    b = w.buf
    b += _S_hi.pack(o.version, o.leader_id)
    _a = o.voters
    if _a is None:
        raise EncodeError('Voters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Voter_v0(_e, w)
    _a = o.granting_voters
    if _a is None:
        raise EncodeError('GrantingVoters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Voter_v0(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_LeaderChangeMessage_v1(o, w):
    b = w.buf
    b += _S_hi.pack(o.version, o.leader_id)
    _a = o.voters
    if _a is None:
        raise EncodeError('Voters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Voter_v1(_e, w)
    _a = o.granting_voters
    if _a is None:
        raise EncodeError('GrantingVoters' + ': null in a non-nullable array')
    else:
        write_uvarint(b, len(_a) + 1)
        for _e in _a:
            _enc_Voter_v1(_e, w)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_LeaderChangeMessage_v0(buf, p):
    f_version, f_leader_id = _S_hi.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Voters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Voters')
        f_voters = []
        for _ in range(_n):
            _e, p = _dec_Voter_v0(buf, p)
            f_voters.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('GrantingVoters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'GrantingVoters')
        f_granting_voters = []
        for _ in range(_n):
            _e, p = _dec_Voter_v0(buf, p)
            f_granting_voters.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaderChangeMessage')
    return LeaderChangeMessage(f_version, f_leader_id, f_voters, f_granting_voters, _u), p


def _dec_LeaderChangeMessage_v1(buf, p):
    f_version, f_leader_id = _S_hi.unpack_from(buf, p)
    p += 6
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('Voters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'Voters')
        f_voters = []
        for _ in range(_n):
            _e, p = _dec_Voter_v1(buf, p)
            f_voters.append(_e)
    _n = buf[p] - 1
    if _n < 0x7F:
        p += 1
    else:
        _n, p = read_compact_length(buf, p)
    if _n < 0:
        raise DecodeError('GrantingVoters' + ': non-nullable array was serialized as null')
    else:
        check_count(_n, buf, p, 'GrantingVoters')
        f_granting_voters = []
        for _ in range(_n):
            _e, p = _dec_Voter_v1(buf, p)
            f_granting_voters.append(_e)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'LeaderChangeMessage')
    return LeaderChangeMessage(f_version, f_leader_id, f_voters, f_granting_voters, _u), p


Voter._ENCODERS = {0: _enc_Voter_v0, 1: _enc_Voter_v1}
Voter._DECODERS = {0: _dec_Voter_v0, 1: _dec_Voter_v1}
LeaderChangeMessage._ENCODERS = {0: _enc_LeaderChangeMessage_v0, 1: _enc_LeaderChangeMessage_v1}
LeaderChangeMessage._DECODERS = {0: _dec_LeaderChangeMessage_v0, 1: _dec_LeaderChangeMessage_v1}
