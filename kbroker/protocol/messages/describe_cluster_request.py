"""DescribeClusterRequest: generated from schemas/clients/DescribeClusterRequest.json by kbroker.protocol.codegen. Do not edit."""

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

_S_o = struct.Struct('>?')
_S_ob = struct.Struct('>?b')
_S_obo = struct.Struct('>?b?')


@attrs.define(eq=True, slots=True)
class DescribeClusterRequest(Message):
    """The DescribeClusterRequest struct of DescribeClusterRequest."""

    API_KEY = 60
    SCHEMA_TYPE = 'request'
    LOWEST_VERSION = 0
    HIGHEST_VERSION = 2
    FLEXIBLE_VERSION = 0
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        if version >= 0:
            return 2
        return 1

    include_cluster_authorized_operations: bool = False
    endpoint_type: int = 1
    include_fenced_brokers: bool = False
    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_DescribeClusterRequest = DescribeClusterRequest()


def _enc_DescribeClusterRequest_v0(o, w):
    if o.endpoint_type != 1:
        raise field_not_in_version('EndpointType')
    if bool(o.include_fenced_brokers):
        raise field_not_in_version('IncludeFencedBrokers')
    b = w.buf
    b += _S_o.pack(o.include_cluster_authorized_operations)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeClusterRequest_v1(o, w):
    if bool(o.include_fenced_brokers):
        raise field_not_in_version('IncludeFencedBrokers')
    b = w.buf
    b += _S_ob.pack(o.include_cluster_authorized_operations, o.endpoint_type)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _enc_DescribeClusterRequest_v2(o, w):
    b = w.buf
    b += _S_obo.pack(o.include_cluster_authorized_operations, o.endpoint_type, o.include_fenced_brokers)
    if o.unknown_tagged_fields:
        write_tagged_fields(b, o.unknown_tagged_fields)
    else:
        b.append(0)


def _dec_DescribeClusterRequest_v0(buf, p):
    f_include_cluster_authorized_operations, = _S_o.unpack_from(buf, p)
    p += 1
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClusterRequest')
    return DescribeClusterRequest(f_include_cluster_authorized_operations, 1, False, _u), p


def _dec_DescribeClusterRequest_v1(buf, p):
    f_include_cluster_authorized_operations, f_endpoint_type = _S_ob.unpack_from(buf, p)
    p += 2
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClusterRequest')
    return DescribeClusterRequest(f_include_cluster_authorized_operations, f_endpoint_type, False, _u), p


def _dec_DescribeClusterRequest_v2(buf, p):
    f_include_cluster_authorized_operations, f_endpoint_type, f_include_fenced_brokers = _S_obo.unpack_from(buf, p)
    p += 3
    if buf[p] == 0:
        _u = ()
        p += 1
    else:
        _u, p = read_unknown_tagged_fields(buf, p, 'DescribeClusterRequest')
    return DescribeClusterRequest(f_include_cluster_authorized_operations, f_endpoint_type, f_include_fenced_brokers, _u), p


DescribeClusterRequest._ENCODERS = {0: _enc_DescribeClusterRequest_v0, 1: _enc_DescribeClusterRequest_v1, 2: _enc_DescribeClusterRequest_v2}
DescribeClusterRequest._DECODERS = {0: _dec_DescribeClusterRequest_v0, 1: _dec_DescribeClusterRequest_v1, 2: _dec_DescribeClusterRequest_v2}
