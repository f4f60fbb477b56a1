"""Records of `__consumer_offsets` in Kafka's formats (GroupCoordinatorRecordSerde): the key is an int16 record
type (1 offset commit, 2 group metadata; 0 is the legacy offset key) followed by the key struct at version 0;
the value is an int16 version followed by the value struct at that version; a null value is a tombstone.

Offset commits are written at value version 3 (version 1 when the commit carries an explicit expire
timestamp, OffsetCommit v2-4 with a retention time), classic group metadata at version 3, as Kafka 4.3 writes
them. KIP-848 consumer groups use record types 3 (group epoch), 5 (member subscription), 6 (target assignment
epoch), 7 (a member's target assignment) and 8 (a member's current assignment), all at value version 0, decoded
to `ConsumerRecord`; type 4 (partition metadata, superseded by the metadata hash in Kafka 4.1+) and 16 (resolved
regular expressions) are read as `None` (kbroker resolves regexes from the metadata image). Streams group records
(types 17, 19-23) are decoded by kbroker.group.streams_records; share group records are decoded to `None` and
skipped by the loader.
"""

from __future__ import annotations

import struct

import attrs

from kbroker.group.streams_records import STREAMS_TYPES, StreamsRecord, decode_streams
from kbroker.protocol.messages.group_coordinator.consumer_group_current_member_assignment_key import (
    ConsumerGroupCurrentMemberAssignmentKey,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_current_member_assignment_value import (
    ConsumerGroupCurrentMemberAssignmentValue,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_member_metadata_key import (
    ConsumerGroupMemberMetadataKey,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_member_metadata_value import (
    ConsumerGroupMemberMetadataValue,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_metadata_key import ConsumerGroupMetadataKey
from kbroker.protocol.messages.group_coordinator.consumer_group_metadata_value import (
    ConsumerGroupMetadataValue,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_target_assignment_member_key import (
    ConsumerGroupTargetAssignmentMemberKey,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_target_assignment_member_value import (
    ConsumerGroupTargetAssignmentMemberValue,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_target_assignment_metadata_key import (
    ConsumerGroupTargetAssignmentMetadataKey,
)
from kbroker.protocol.messages.group_coordinator.consumer_group_target_assignment_metadata_value import (
    ConsumerGroupTargetAssignmentMetadataValue,
)
from kbroker.protocol.messages.group_coordinator.group_metadata_key import GroupMetadataKey
from kbroker.protocol.messages.group_coordinator.group_metadata_value import GroupMetadataValue
from kbroker.protocol.messages.group_coordinator.offset_commit_key import OffsetCommitKey
from kbroker.protocol.messages.group_coordinator.offset_commit_value import OffsetCommitValue

_INT16 = struct.Struct(">h")
LEGACY_OFFSET_COMMIT_TYPE = 0
OFFSET_COMMIT_TYPE = 1
GROUP_METADATA_TYPE = 2
OFFSET_VALUE_VERSION = 3
OFFSET_VALUE_VERSION_WITH_EXPIRY = 1
GROUP_VALUE_VERSION = 3
CONSUMER_GROUP_METADATA_TYPE = 3
CONSUMER_GROUP_MEMBER_METADATA_TYPE = 5
CONSUMER_GROUP_TARGET_METADATA_TYPE = 6
CONSUMER_GROUP_TARGET_MEMBER_TYPE = 7
CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE = 8
# record type -> (key class, value class, whether the key has a member id)
_CONSUMER_TYPES = {
    CONSUMER_GROUP_METADATA_TYPE: (ConsumerGroupMetadataKey, ConsumerGroupMetadataValue, False),
    CONSUMER_GROUP_MEMBER_METADATA_TYPE: (ConsumerGroupMemberMetadataKey, ConsumerGroupMemberMetadataValue, True),
    CONSUMER_GROUP_TARGET_METADATA_TYPE: (ConsumerGroupTargetAssignmentMetadataKey,
                                          ConsumerGroupTargetAssignmentMetadataValue, False),
    CONSUMER_GROUP_TARGET_MEMBER_TYPE: (ConsumerGroupTargetAssignmentMemberKey,
                                        ConsumerGroupTargetAssignmentMemberValue, True),
    CONSUMER_GROUP_CURRENT_ASSIGNMENT_TYPE: (ConsumerGroupCurrentMemberAssignmentKey,
                                             ConsumerGroupCurrentMemberAssignmentValue, True),
}


class CorruptGroupRecord(ValueError):
    """A `__consumer_offsets` record that does not decode."""


@attrs.frozen
class OffsetRecord:
    group: str
    topic: str
    partition: int
    value: OffsetCommitValue | None  # None: tombstone


@attrs.frozen
class GroupRecord:
    group: str
    value: GroupMetadataValue | None  # None: tombstone


@attrs.frozen
class ConsumerRecord:
    """A KIP-848 consumer group record: `record_type` is one of the CONSUMER_GROUP_*_TYPE constants; `member_id`
    is None for the group-level types; `value` None is a tombstone."""
    record_type: int
    group: str
    member_id: str | None
    value: object


def consumer_record(record_type: int, group: str, member_id: str | None, value) -> tuple[bytes, bytes | None]:
    """The (key, value) bytes of a consumer group record (value None: a tombstone)."""
    key_class, _, has_member = _CONSUMER_TYPES[record_type]
    key = key_class(group_id=group, member_id=member_id) if has_member else key_class(group_id=group)
    encoded_value = None if value is None else _INT16.pack(0) + value.encode(0)
    return _INT16.pack(record_type) + key.encode(0), encoded_value


def offset_key(group: str, topic: str, partition: int) -> bytes:
    return _INT16.pack(OFFSET_COMMIT_TYPE) + OffsetCommitKey(group=group, topic=topic, partition=partition).encode(0)


def offset_value(value: OffsetCommitValue) -> bytes:
    version = OFFSET_VALUE_VERSION if value.expire_timestamp == -1 else OFFSET_VALUE_VERSION_WITH_EXPIRY
    return _INT16.pack(version) + value.encode(version)


def group_key(group: str) -> bytes:
    return _INT16.pack(GROUP_METADATA_TYPE) + GroupMetadataKey(group=group).encode(0)


def group_value(value: GroupMetadataValue) -> bytes:
    return _INT16.pack(GROUP_VALUE_VERSION) + value.encode(GROUP_VALUE_VERSION)


def _versioned(data: bytes, cls, what: str):
    if len(data) < 2:
        raise CorruptGroupRecord(f"{what} shorter than its version")
    (version,) = _INT16.unpack_from(data, 0)
    if not cls.LOWEST_VERSION <= version <= cls.HIGHEST_VERSION:
        raise CorruptGroupRecord(f"unknown {cls.__name__} version {version}")
    try:
        decoded, end = cls.decode(memoryview(data), 2, version)
    except ValueError as exc:
        raise CorruptGroupRecord(f"{cls.__name__} v{version}: {exc}") from exc
    return decoded


def decode(key: bytes | None,
           value: bytes | None) -> OffsetRecord | GroupRecord | ConsumerRecord | StreamsRecord | None:
    """The record as an OffsetRecord, GroupRecord, ConsumerRecord or StreamsRecord (kbroker.group.streams_records);
    None for record types kbroker does not keep."""
    if key is None or len(key) < 2:
        raise CorruptGroupRecord("record without a typed key")
    (record_type,) = _INT16.unpack_from(key, 0)
    try:
        if record_type in (LEGACY_OFFSET_COMMIT_TYPE, OFFSET_COMMIT_TYPE):
            k, _ = OffsetCommitKey.decode(memoryview(key), 2, 0)
            v = None if value is None else _versioned(value, OffsetCommitValue, "offset commit value")
            return OffsetRecord(k.group, k.topic, k.partition, v)
        if record_type == GROUP_METADATA_TYPE:
            k, _ = GroupMetadataKey.decode(memoryview(key), 2, 0)
            v = None if value is None else _versioned(value, GroupMetadataValue, "group metadata value")
            return GroupRecord(k.group, v)
        if record_type in _CONSUMER_TYPES:
            key_class, value_class, has_member = _CONSUMER_TYPES[record_type]
            k, _ = key_class.decode(memoryview(key), 2, 0)
            v = None if value is None else _versioned(value, value_class, value_class.__name__)
            return ConsumerRecord(record_type, k.group_id, k.member_id if has_member else None, v)
        if record_type in STREAMS_TYPES:
            return decode_streams(record_type, key, value, _versioned)
    except (ValueError, struct.error) as exc:
        if isinstance(exc, CorruptGroupRecord):
            raise
        raise CorruptGroupRecord(str(exc)) from exc
    return None
