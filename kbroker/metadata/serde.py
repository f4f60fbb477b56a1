"""Metadata record values as KRaft frames them (Kafka's MetadataRecordSerde / AbstractApiMessageSerde).

A record value in `__cluster_metadata` (log segments and snapshots) is:
unsigned varint frame version (1), unsigned varint apiKey, unsigned varint record version, then the generated
message encoded at that version. `decode_record` returns the generated object and its version.
Every record type of schemas/metadata/ is known by its apiKey.
"""

from __future__ import annotations

import importlib
import pkgutil
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


def _load_record_classes() -> dict[int, type]:
    classes: dict[int, type] = {}
    for info in pkgutil.iter_modules(_metadata_pkg.__path__):
        module = importlib.import_module(f"{_metadata_pkg.__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and getattr(value, "SCHEMA_TYPE", None) == "metadata" \
                    and getattr(value, "API_KEY", None) is not None:
                classes[value.API_KEY] = value
    return classes


RECORD_CLASSES: dict[int, type] = _load_record_classes()


def _read_uvarint(buf, pos: int) -> tuple[int, int]:
    try:
        return wire.read_uvarint(buf, pos)
    except IndexError:
        raise MetadataSerdeError("metadata record frame is truncated") from None
    except wire.DecodeError as exc:
        raise MetadataSerdeError(f"metadata record frame has a bad varint: {exc}") from None


def encode_record(message: Any, version: int) -> bytes:
    api_key = getattr(type(message), "API_KEY", None)
    if api_key not in RECORD_CLASSES or not isinstance(message, RECORD_CLASSES[api_key]):
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
    cls = RECORD_CLASSES.get(api_key)
    if cls is None:
        raise MetadataSerdeError(f"Unknown metadata id {api_key}")
    if not cls.LOWEST_VERSION <= version <= cls.HIGHEST_VERSION:
        raise MetadataSerdeError(f"{cls.__name__} has no version {version}")
    message, end = cls.decode(buf, pos, version)
    if end != len(buf):
        raise MetadataSerdeError(f"Found {len(buf) - end} byte(s) of garbage after {cls.__name__}")
    return MetadataRecord(message, version)
