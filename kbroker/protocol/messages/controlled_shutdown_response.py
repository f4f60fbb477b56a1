"""ControlledShutdownResponse: generated from schemas/clients/ControlledShutdownResponse.json by kbroker.protocol.codegen. Do not edit."""

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



@attrs.define(eq=True, slots=True)
class ControlledShutdownResponse(Message):
    """The ControlledShutdownResponse struct of ControlledShutdownResponse."""

    API_KEY = 7
    SCHEMA_TYPE = 'response'
    LOWEST_VERSION = None
    HIGHEST_VERSION = None
    FLEXIBLE_VERSION = None
    LATEST_VERSION_UNSTABLE = False

    @staticmethod
    def header_version(version: int) -> int:
        return 0

    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()


_DEFAULT_ControlledShutdownResponse = ControlledShutdownResponse()


ControlledShutdownResponse._ENCODERS = {}
ControlledShutdownResponse._DECODERS = {}
