"""`partition.metadata`: the topic id of a partition directory (Kafka's PartitionMetadataFile).

Format, version 0: `version: 0\\ntopic_id: <Uuid as 22 chars of unpadded URL-safe base64>` with no final
newline (exactly the bytes Kafka writes). Written atomically.
Reading rejects what Kafka rejects (unknown layout, version below 0, a bad or all-zero topic id) with
PartitionMetadataError naming the file.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import uuid

from kbroker.log.checkpoints import read_text, write_atomically

PARTITION_METADATA_FILE = "partition.metadata"
PARTITION_METADATA_VERSION = 0

_KEY_VALUE = re.compile(r":\s+")


class PartitionMetadataError(OSError):
    pass


def uuid_to_kafka_string(value: uuid.UUID) -> str:
    """Kafka's Uuid.toString: URL-safe base64 of the 16 bytes, no padding."""
    return base64.urlsafe_b64encode(value.bytes).decode("ascii").rstrip("=")


def uuid_from_kafka_string(text: str) -> uuid.UUID:
    """Kafka's Uuid.fromString: base64url (padding optional) of exactly 16 bytes, else ValueError."""
    if len(text) > 24:
        raise ValueError(f"Input string with prefix `{text[:24]}` is too long to be decoded as a base64 UUID")
    padded = text + "=" * (-len(text) % 4)
    try:
        raw = base64.b64decode(padded, altchars=b"-_", validate=True)
    except (binascii.Error, ValueError) as exc:
        raise ValueError(f"Invalid base64 Uuid {text!r}: {exc}") from None
    if len(raw) != 16:
        raise ValueError(f"Input string `{text}` decoded as {len(raw)} bytes, not the 16 bytes of a Uuid")
    return uuid.UUID(bytes=raw)


def encode_partition_metadata(topic_id: uuid.UUID) -> str:
    return f"version: {PARTITION_METADATA_VERSION}\ntopic_id: {uuid_to_kafka_string(topic_id)}"


def decode_partition_metadata(path: str, text: str) -> tuple[int, uuid.UUID]:
    lines = text.split("\n")
    version_text = _value(path, lines, 0, "version")
    try:
        version = int(version_text, 10)
    except ValueError:
        raise PartitionMetadataError(f"Malformed line in partition metadata file [{path}]: {lines[0]}") from None
    if version < PARTITION_METADATA_VERSION:
        raise PartitionMetadataError(f"Unrecognized version of partition metadata file ({path}): {version}")
    try:
        topic_id = uuid_from_kafka_string(_value(path, lines, 1, "topic_id"))
    except ValueError:
        raise PartitionMetadataError(f"Malformed line in partition metadata file [{path}]: {lines[1]}") from None
    if topic_id.int == 0:
        raise PartitionMetadataError(f"Invalid topic ID in partition metadata file ({path})")
    return version, topic_id


def _value(path: str, lines: list[str], index: int, key: str) -> str:
    line = lines[index] if index < len(lines) else None
    parts = _KEY_VALUE.split(line, maxsplit=1) if line is not None else []
    if len(parts) != 2 or parts[0] != key:
        raise PartitionMetadataError(f"Malformed line in partition metadata file [{path}]: {line}")
    return parts[1]


class PartitionMetadataFile:
    def __init__(self, partition_dir: str):
        self.path = os.path.join(partition_dir, PARTITION_METADATA_FILE)

    def exists(self) -> bool:
        return os.path.exists(self.path)

    def write(self, topic_id: uuid.UUID, *, sync: bool = True) -> None:
        if topic_id.int == 0:
            raise ValueError("the zero Uuid is not a topic id")
        write_atomically(self.path, encode_partition_metadata(topic_id), sync=sync)

    def read(self) -> uuid.UUID | None:
        """The topic id, or None when the file does not exist."""
        text = read_text(self.path)
        if text is None:
            return None
        return decode_partition_metadata(self.path, text)[1]
