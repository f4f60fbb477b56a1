"""The log a Raft node replicates (Kafka's ReplicatedLog, reduced), and the election-state store it persists
its votes in (Kafka's QuorumStateStore).

The node only speaks to these two protocols; `memory_log.py` implements them in memory for the simulation.
Offsets and epochs follow Kafka: `end_offset` is the log end offset, `last_fetched_epoch` the epoch of the
last batch (or of the latest snapshot when the log is empty after it), and `end_offset_for_epoch(e)` answers
from the leader-epoch cache: the largest epoch <= e that the log knows, and the offset where it ends.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from kbroker.raft.quorum_state import ElectionState
from kbroker.raft.snapshots import SnapshotId


class OffsetAndEpoch(NamedTuple):
    offset: int
    epoch: int


class RaftLog(Protocol):
    @property
    def log_start_offset(self) -> int: ...

    @property
    def end_offset(self) -> int: ...

    @property
    def last_fetched_epoch(self) -> int: ...

    @property
    def flushed_offset(self) -> int: ...

    def append_as_leader(self, batch: bytearray) -> None:
        """Append one batch built by the leader at `end_offset`."""

    def append_as_follower(self, batches: bytes) -> int:
        """Append the leader's batches (each must start at `end_offset`); returns the new end offset."""

    def truncate_to(self, offset: int) -> None: ...

    def end_offset_for_epoch(self, epoch: int) -> OffsetAndEpoch: ...

    def read(self, offset: int, max_bytes: int) -> bytes:
        """Whole batches from the one holding `offset`; at least one batch when there is any."""

    def flush(self) -> int:
        """Make everything durable; returns the flushed offset."""

    def latest_snapshot(self) -> SnapshotId | None: ...

    def earliest_snapshot(self) -> SnapshotId | None: ...

    def read_snapshot(self, snapshot_id: SnapshotId) -> bytes | None: ...

    def install_snapshot(self, snapshot_id: SnapshotId, data: bytes) -> None:
        """Replace the whole log with a snapshot fetched from the leader (the log restarts at its end)."""


class ElectionStore(Protocol):
    def read(self) -> ElectionState | None: ...

    def write(self, state: ElectionState) -> None:
        """Durable before it returns (votes are persisted before the node answers)."""


class ValidOffset(NamedTuple):
    """What a leader answers a fetch position with: VALID, DIVERGING (truncate to `at`) or SNAPSHOT."""
    kind: str
    at: OffsetAndEpoch


VALID = "valid"
DIVERGING = "diverging"
SNAPSHOT = "snapshot"


def validate_offset_and_epoch(log: RaftLog, offset: int, epoch: int) -> ValidOffset:
    """Kafka's ReplicatedLog.validateOffsetAndEpoch: is a follower at (offset, last fetched epoch) on our log?"""
    if log.log_start_offset == 0 and offset == 0:
        return ValidOffset(VALID, OffsetAndEpoch(0, 0))
    earliest = log.earliest_snapshot()
    if earliest is not None and (offset < log.log_start_offset
                                 or (offset == log.log_start_offset and epoch != earliest.epoch)
                                 or epoch < earliest.epoch):
        latest = log.latest_snapshot()
        assert latest is not None
        return ValidOffset(SNAPSHOT, OffsetAndEpoch(latest.end_offset, latest.epoch))
    end = log.end_offset_for_epoch(epoch)
    if end.epoch != epoch or end.offset < offset:
        return ValidOffset(DIVERGING, end)
    return ValidOffset(VALID, OffsetAndEpoch(offset, epoch))


def truncation_offset(log: RaftLog, leader_end: OffsetAndEpoch) -> int:
    """Where a follower truncates given the leader's diverging epoch (KafkaMetadataLog.truncateToEndOffset)."""
    if leader_end.epoch == 0:
        return min(leader_end.offset, log.end_offset)
    local = log.end_offset_for_epoch(leader_end.epoch)
    if local.epoch == leader_end.epoch:
        return min(local.offset, leader_end.offset)
    return local.offset
