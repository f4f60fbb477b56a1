"""RemoveRaftVoterRequest: generated from schemas/clients/RemoveRaftVoterRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_i16s = struct.Struct('>i16s')


@attrs.define(eq=True, slots=True)
class RemoveRaftVoterRequest(Message):
    """The RemoveRaftVoterRequest struct of RemoveRaftVoterRequest."""

    API_KEY = 81
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
    voter_id: int = 0
    voter_directory_id: uuid.UUID = ZERO_UUID
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_RemoveRaftVoterRequest = RemoveRaftVoterRequest()


def _enc_RemoveRaftVoterRequest_v0(o, w):
    b = w.buf
    write_compact_string(b, o.cluster_id, True, 'ClusterId')
    b += _S_i16s.pack(o.voter_id, o.voter_directory_id.bytes)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_RemoveRaftVoterRequest_v0(buf, p):
    f_cluster_id, p = read_compact_string(buf, p, True, 'ClusterId')
    f_voter_id, f_voter_directory_id = _S_i16s.unpack_from(buf, p)
    p += 20
    f_voter_directory_id = uuid.UUID(bytes=f_voter_directory_id)
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'RemoveRaftVoterRequest')
    return RemoveRaftVoterRequest(f_cluster_id, f_voter_id, f_voter_directory_id, _u), p


RemoveRaftVoterRequest._ENCODERS = {0: _enc_RemoveRaftVoterRequest_v0}
RemoveRaftVoterRequest._DECODERS = {0: _dec_RemoveRaftVoterRequest_v0}
