"""Framing of metadata record values (MetadataRecordSerde) for every metadata record type."""

from __future__ import annotations

import uuid

import pytest

from kbroker.metadata.serde import (
    RECORD_API_KEYS,
    MetadataSerdeError,
    decode_record,
    encode_record,
    record_class,
)
from kbroker.protocol.messages.metadata.partition_record import PartitionRecord
from kbroker.protocol.messages.metadata.topic_record import TopicRecord

CASES = [(cls, v) for cls in map(record_class, sorted(RECORD_API_KEYS))
         for v in range(cls.LOWEST_VERSION, cls.HIGHEST_VERSION + 1)]


def test_every_schema_in_the_metadata_directory_is_known():
    import json
    import re
    from pathlib import Path

    import kbroker.protocol
    schemas = Path(kbroker.protocol.__file__).parent / "schemas" / "metadata"
    keys = set()
    for path in schemas.glob("*.json"):
        schema = json.loads(re.sub(r"^\s*//.*$", "", path.read_text(), flags=re.MULTILINE))
        if schema.get("type") == "metadata":
            keys.add(schema["apiKey"])
    assert len(keys) > 20 and keys == set(RECORD_API_KEYS)
    assert all(record_class(key).API_KEY == key for key in keys)


@pytest.mark.parametrize("cls, version", CASES, ids=[f"{c.__name__}-v{v}" for c, v in CASES])
def test_round_trip_every_type_and_version(cls, version):
    message = cls()
    value = encode_record(message, version)
    assert value[:1] == b"\x01"
    decoded = decode_record(value)
    assert decoded.version == version and type(decoded.message) is cls
    assert decoded.message.encode(version) == message.encode(version)


def test_topic_record_bytes():
    topic_id = uuid.UUID(bytes=bytes(range(16)))
    value = encode_record(TopicRecord(name="foo", topic_id=topic_id), 0)
    assert value == b"\x01\x02\x00" + b"\x04foo" + bytes(range(16)) + b"\x00"  # 24 bytes, as Kafka's dump shows


def test_partition_record_v2_round_trip():
    record = PartitionRecord(partition_id=3, topic_id=uuid.uuid4(), replicas=[1], isr=[1], leader=1, leader_epoch=4,
                             partition_epoch=5, directories=[uuid.uuid4()])
    assert decode_record(encode_record(record, 2)).message == record


@pytest.mark.parametrize("value, message", [
    (b"\x02\x02\x00", "unknown frame version 2"),
    (b"\x01\x06\x00", "Unknown metadata id 6"),
    (b"\x01\x7f\x00", "Unknown metadata id 127"),
    (b"\x01\x02\x09\x00", "has no version 9"),
    (b"\x01", "truncated"),
    (b"\x01\x02\x00\x04foo" + bytes(16) + b"\x00\x00", "garbage"),
])
def test_malformed_values(value, message):
    with pytest.raises(MetadataSerdeError, match=message):
        decode_record(value)


def test_only_metadata_records_are_framed():
    from kbroker.protocol.messages.leader_change_message import LeaderChangeMessage
    with pytest.raises(MetadataSerdeError):
        encode_record(LeaderChangeMessage(), 0)
