"""KRaft control records: LeaderChangeMessage, SnapshotHeader and SnapshotFooter as Kafka writes them.

A control record's key is (int16 version 0, int16 ControlRecordType); its value is the generated message
encoded at version 0 (the message's own `Version` field comes first). Control batches are not
transactional and carry no producer id (MemoryRecords.withLeaderChangeMessage / RecordsSnapshotWriter).
"""

from __future__ import annotations

import struct

from kbroker.protocol import records as R
from kbroker.protocol.messages.leader_change_message import LeaderChangeMessage, Voter
from kbroker.protocol.messages.snapshot_footer_record import SnapshotFooterRecord
from kbroker.protocol.messages.snapshot_header_record import SnapshotHeaderRecord

LEADER_CHANGE = 2
SNAPSHOT_HEADER = 3
SNAPSHOT_FOOTER = 4
KRAFT_VERSION = 5
KRAFT_VOTERS = 6

_KEY = struct.Struct(">hh")


def control_type(record: R.Record) -> int:
    if record.key is None or len(record.key) < _KEY.size:
        raise R.InvalidBatchError("control record key is too short")
    return _KEY.unpack_from(record.key)[1]


def _control_batch(kind: int, value: bytes, *, base_offset: int, epoch: int, timestamp: int) -> bytearray:
    return R.build_batch([(timestamp, _KEY.pack(0, kind), value)], base_offset=base_offset, control=True,
                         partition_leader_epoch=epoch)


def leader_change_batch(leader_id: int, voters: list[int], *, base_offset: int, epoch: int,
                        timestamp: int, control: list[tuple] = ()) -> bytearray:
    """A new leader's first batch: the LeaderChangeMessage, then `control` records ((timestamp, key, value))."""
    message = LeaderChangeMessage(version=0, leader_id=leader_id, voters=[Voter(voter_id=v) for v in voters],
                                  granting_voters=[Voter(voter_id=v) for v in voters])
    return R.build_batch([(timestamp, _KEY.pack(0, LEADER_CHANGE), message.encode(0)), *control],
                         base_offset=base_offset, control=True, partition_leader_epoch=epoch)


def snapshot_header_batch(last_contained_log_timestamp: int, *, epoch: int, timestamp: int,
                          control: list[tuple] = ()) -> bytearray:
    """The first batch of a snapshot: its header, then `control` records ((timestamp, key, value))."""
    message = SnapshotHeaderRecord(version=0, last_contained_log_timestamp=last_contained_log_timestamp)
    return R.build_batch([(timestamp, _KEY.pack(0, SNAPSHOT_HEADER), message.encode(0)), *control], base_offset=0,
                         control=True, partition_leader_epoch=epoch)


def snapshot_footer_batch(*, base_offset: int, epoch: int, timestamp: int) -> bytearray:
    return _control_batch(SNAPSHOT_FOOTER, SnapshotFooterRecord(version=0).encode(0), base_offset=base_offset,
                          epoch=epoch, timestamp=timestamp)


def decode_snapshot_header(record: R.Record) -> SnapshotHeaderRecord:
    return SnapshotHeaderRecord.decode(memoryview(record.value), 0, 0)[0]


def decode_leader_change(record: R.Record) -> LeaderChangeMessage:
    return LeaderChangeMessage.decode(memoryview(record.value), 0, 0)[0]
