"""KRaftVersionRecord: generated from schemas/clients/KRaftVersionRecord.json by kbroker.protocol.codegen. Do not edit."""

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

_S_hh = struct.Struct('>hh')


@attrs.define(eq=True, slots=True)
class KRaftVersionRecord(Message):
    """The KRaftVersionRecord struct of KRaftVersionRecord."""

    API_KEY = None
    SCHEMA_TYPE = 'data'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 0
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    version: int = 0
    k_raft_version: int = 0
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_KRaftVersionRecord = KRaftVersionRecord()


def _enc_KRaftVersionRecord_v0(o, w):
    b = w.buf
    b += _S_hh.pack(o.version, o.k_raft_version)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_KRaftVersionRecord_v0(buf, p):
    f_version, f_k_raft_version = _S_hh.unpack_from(buf, p)
    p += 4
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'KRaftVersionRecord')
    return KRaftVersionRecord(f_version, f_k_raft_version, _u), p


KRaftVersionRecord._ENCODERS = {0: _enc_KRaftVersionRecord_v0}
KRaftVersionRecord._DECODERS = {0: _dec_KRaftVersionRecord_v0}
