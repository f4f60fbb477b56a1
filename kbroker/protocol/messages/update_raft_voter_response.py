"""UpdateRaftVoterResponse: generated from schemas/clients/UpdateRaftVoterResponse.json by kbroker.protocol.codegen. Do not edit."""

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
_S_ii = struct.Struct('>ii')


@attrs.define(eq=True, slots=True)
class CurrentLeader(Message):
    """Details of the current Raft cluster leader."""

    leader_id: int = -1
    leader_epoch: int = -1
    host: str = ''
    port: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


@attrs.define(eq=True, slots=True)
class UpdateRaftVoterResponse(Message):
    """The UpdateRaftVoterResponse struct of UpdateRaftVoterResponse."""

    API_KEY = 82
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 1
        return 0

    throttle_time_ms: int = 0
    error_code: int = 0
    current_leader: CurrentLeader = attrs.field(factory=CurrentLeader)
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_CurrentLeader = CurrentLeader()
_DEFAULT_UpdateRaftVoterResponse = UpdateRaftVoterResponse()


def _enc_CurrentLeader_v0(o, w):
    b = w.buf
    b += _S_ii.pack(o.leader_id, o.leader_epoch)
    write_compact_string(b, o.host, False, 'Host')
    b += _S_i.pack(o.port)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_CurrentLeader_v0(buf, p):
    f_leader_id, f_leader_epoch = _S_ii.unpack_from(buf, p)
    p += 8
    f_host, p = read_compact_string(buf, p, False, 'Host')
    f_port, = _S_i.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'CurrentLeader')
    return CurrentLeader(f_leader_id, f_leader_epoch, f_host, f_port, _u), p


def _enc_UpdateRaftVoterResponse_v0(o, w):
    b = w.buf
    b += _S_ih.pack(o.throttle_time_ms, o.error_code)
    _t = o.unknown_tagged_fields
    if ((_s := o.current_leader) is not _DEFAULT_CurrentLeader and ((_s.leader_id != -1) or (_s.leader_epoch != -1) or (_s.host != '') or (_s.port != 0) or _s.unknown_tagged_fields)):
        _tw = Writer()
        _enc_CurrentLeader_v0(o.current_leader, _tw)
        _t = [*_t, (0, _tw.getvalue())]
    if _t:
        write_tagged_fields(b, _t)
    else:
        b.append(0)


def _dec_UpdateRaftVoterResponse_v0(buf, p):
    f_throttle_time_ms, f_error_code = _S_ih.unpack_from(buf, p)
    p += 6
    f_current_leader = CurrentLeader()
    _u = ()
    _nt = buf[p]
    if _nt < 0x80:
        p += 1
    else:
        _nt, p = read_uvarint(buf, p)
    if _nt:
        check_count(_nt, buf, p, 'UpdateRaftVoterResponse tagged fields')
        for _ in range(_nt):
            _tag, p = read_uvarint(buf, p)
            _size, p = read_uvarint(buf, p)
            _end = p + _size
            if _end > len(buf):
                raise DecodeError('UpdateRaftVoterResponse' + ': tagged field past the end')
            if _tag == 0:
                f_current_leader, p = _dec_CurrentLeader_v0(buf, p)
                if p != _end:
                    raise DecodeError('CurrentLeader' + ': tagged field size mismatch')
            else:
                _u = [*_u, (_tag, bytes(buf[p:_end]))]
                p = _end
    return UpdateRaftVoterResponse(f_throttle_time_ms, f_error_code, f_current_leader, _u), p


CurrentLeader._ENCODERS = {0: _enc_CurrentLeader_v0}
CurrentLeader._DECODERS = {0: _dec_CurrentLeader_v0}
UpdateRaftVoterResponse._ENCODERS = {0: _enc_UpdateRaftVoterResponse_v0}
UpdateRaftVoterResponse._DECODERS = {0: _dec_UpdateRaftVoterResponse_v0}
