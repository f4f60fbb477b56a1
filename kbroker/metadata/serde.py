"""Metadata record values as KRaft frames them (Kafka's MetadataRecordSerde / AbstractApiMessageSerde).

A record value in `__cluster_metadata` (log segments and snapshots) is:
unsigned varint frame version (1), unsigned varint apiKey, unsigned varint record version, then the generated
message encoded at that version. `decode_record` returns the generated object and its version.
Every record type of schemas/metadata/ is known by its apiKey.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from kbroker.protocol import wire
from kbroker.protocol.messages import metadata as _metadata_pkg

FRAME_VERSION = 1


class MetadataSerdeError(ValueError):
    """A record value that is not a well-formed framed metadata record."""


class MetadataRecord(NamedTuple):
    """A metadata record and the version it is (or will be) written at (Kafka's ApiMessageAndVersion)."""

    message: Any
    version: int


RECORD_API_KEYS = frozenset(_metadata_pkg.api_keys("metadata"))


def record_class(api_key: int) -> type | None:
    """The generated class of a metadata record type (imported on first use), None for an unknown key."""
    if api_key not in RECORD_API_KEYS:
        return None
    return _metadata_pkg.message_class("metadata", api_key)


def _read_uvarint(buf, pos: int) -> tuple[int, int]:
    try:
        return wire.read_uvarint(buf, pos)
    except IndexError:
        raise MetadataSerdeError("metadata record frame is truncated") from None
    except wire.DecodeError as exc:
        raise MetadataSerdeError(f"metadata record frame has a bad varint: {exc}") from None


def encode_record(message: Any, version: int) -> bytes:
    api_key = getattr(type(message), "API_KEY", None)
    cls = record_class(api_key) if isinstance(api_key, int) else None
    if cls is None or not isinstance(message, cls):
        raise MetadataSerdeError(f"{type(message).__name__} is not a metadata record type")
    out = bytearray()
    wire.write_uvarint(out, FRAME_VERSION)
    wire.write_uvarint(out, api_key)
    wire.write_uvarint(out, version)
    out += message.encode(version)
    return bytes(out)


def decode_record(value) -> MetadataRecord:
    buf = memoryview(value)
    frame_version, pos = _read_uvarint(buf, 0)
    if frame_version != FRAME_VERSION:
        raise MetadataSerdeError(f"Could not deserialize metadata record due to unknown frame version "
                                 f"{frame_version} (only frame version {FRAME_VERSION} is supported)")
    api_key, pos = _read_uvarint(buf, pos)
    version, pos = _read_uvarint(buf, pos)
    cls = record_class(api_key)
    if cls is None:
        raise MetadataSerdeError(f"Unknown metadata id {api_key}")
    if not cls.LOWEST_VERSION <= version <= cls.HIGHEST_VERSION:
        raise MetadataSerdeError(f"{cls.__name__} has no version {version}")
    message, end = cls.decode(buf, pos, version)
    if end != len(buf):
        raise MetadataSerdeError(f"Found {len(buf) - end} byte(s) of garbage after {cls.__name__}")
    return MetadataRecord(message, version)
