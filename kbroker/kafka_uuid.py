"""Kafka's Uuid in text: 16 bytes as unpadded base64url (cluster ids, directory ids, topic ids), and
Uuid.randomUuid's rules for new ones."""

from __future__ import annotations

import base64
import uuid

RESERVED_UUIDS = 100  # Uuid ids with most significant bits 0 and least significant bits below 100 are reserved


def kafka_uuid_string(value: uuid.UUID) -> str:
    return base64.urlsafe_b64encode(value.bytes).decode("ascii").rstrip("=")


def parse_kafka_uuid(text: str) -> uuid.UUID:
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if len(raw) != 16:
        raise ValueError(f"{text!r} is not a 16-byte base64url Uuid")
    return uuid.UUID(bytes=raw)


def random_kafka_uuid() -> uuid.UUID:
    """Uuid.randomUuid: never a reserved id, never one whose string form starts with '-'."""
    while True:
        value = uuid.uuid4()
        if value.int < RESERVED_UUIDS or kafka_uuid_string(value).startswith("-"):
            continue
        return value
