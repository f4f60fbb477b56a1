"""The RaftLog and ElectionStore of a node on disk (Kafka's KafkaMetadataLog and FileQuorumStateStore):
`<metadata.log.dir>/__cluster_metadata-0` through kbroker.log.Log, snapshot files (snapshots.py) and the
`quorum-state` file (quorum_state.py).

Opening reconciles the log with the latest snapshot as Kafka does: a log that lost what the latest snapshot
holds restarts at the snapshot's end; a log starting after the latest snapshot has lost data and is refused.
Batches keep the offsets and partition leader epoch the leader gave them; the leader-epoch cache of the Log
answers `end_offset_for_epoch`.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterable

from kbroker.config import parse_properties
from kbroker.kafka_uuid import parse_kafka_uuid
from kbroker.log.checkpoints import fsync_directory, write_atomically
from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.log.partition_metadata import PARTITION_METADATA_FILE, encode_partition_metadata
from kbroker.metadata.serde import MetadataRecord
from kbroker.raft import snapshots as S
from kbroker.raft.client import RaftError
from kbroker.raft.quorum_state import ElectionState, read_quorum_state, write_quorum_state
from kbroker.raft.raft_log import OffsetAndEpoch
from kbroker.raft.voter_set import ZERO_DIRECTORY

METADATA_TOPIC = "__cluster_metadata"
METADATA_PARTITION_DIR = f"{METADATA_TOPIC}-0"
METADATA_TOPIC_ID = uuid.UUID(int=1)  # Kafka's Topic.CLUSTER_METADATA_TOPIC_ID: AAAAAAAAAAAAAAAAAAAAAQ


def read_directory_id(metadata_log_dir: str) -> uuid.UUID:
    """The directory.id of the metadata log dir's meta.properties: this node's voter directory id (zero when
    the dir has none, as a dir formatted before KIP-858)."""
    try:
        with open(os.path.join(metadata_log_dir, "meta.properties"), encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return ZERO_DIRECTORY
    value = parse_properties(text).get("directory.id")
    return parse_kafka_uuid(value) if value else ZERO_DIRECTORY


class FileElectionStore:
    def __init__(self, partition_dir: str):
        self.directory = partition_dir

    def read(self) -> ElectionState | None:
        return read_quorum_state(self.directory)

    def write(self, state: ElectionState) -> None:
        write_quorum_state(self.directory, state)


class DiskRaftLog:
    def __init__(self, log: Log, directory: str):
        self.log = log
        self.directory = directory
        self._flushed = log.log_end_offset  # what recovery kept is on disk
        snapshots = S.list_snapshots(directory)
        self._snapshots = snapshots
        if snapshots and snapshots[-1].end_offset > log.log_end_offset:
            log.truncate_fully_and_start_at(snapshots[-1].end_offset)  # the log lost what the snapshot has
            log.leader_epoch_cache.clear_and_flush()
            self._flushed = log.log_end_offset
        if snapshots and snapshots[-1].end_offset < log.log_start_offset:
            raise RaftError(f"The metadata log in {directory} starts at offset {log.log_start_offset}, after the "
                            f"latest snapshot ({snapshots[-1].file_name}): offsets in between are lost")
        if not snapshots and log.log_start_offset > 0:
            raise RaftError(f"The metadata log in {directory} starts at offset {log.log_start_offset} but there is "
                            f"no snapshot to load the earlier state from")

    @classmethod
    def open(cls, metadata_log_dir: str, config: LogConfig, clock: Callable[[], int]) -> DiskRaftLog:
        directory = os.path.join(metadata_log_dir, METADATA_PARTITION_DIR)
        os.makedirs(directory, exist_ok=True)
        marker = os.path.join(directory, PARTITION_METADATA_FILE)
        if not os.path.exists(marker):
            write_atomically(marker, encode_partition_metadata(METADATA_TOPIC_ID))
        log = Log.open(directory, config, clock=clock, topic=METADATA_TOPIC, partition=0)
        return cls(log, directory)

    # --- positions -------------------------------------------------------------------------------------------
    @property
    def log_start_offset(self) -> int:
        return self.log.log_start_offset

    @property
    def end_offset(self) -> int:
        return self.log.log_end_offset

    @property
    def last_fetched_epoch(self) -> int:
        latest = self.log.leader_epoch_cache.latest_epoch()
        if latest is not None:
            return latest
        return self._snapshots[-1].epoch if self._snapshots else 0

    @property
    def flushed_offset(self) -> int:
        return self._flushed

    # --- writes ----------------------------------------------------------------------------------------------
    def append_as_leader(self, batch: bytearray) -> None:
        self.log.append_as_follower(batch)  # the node already gave the batch its offset and epoch

    def append_as_follower(self, batches: bytes) -> int:
        return self.log.append_as_follower(batches)

    def truncate_to(self, offset: int) -> None:
        self.log.truncate_to(offset)
        self._flushed = min(self._flushed, self.log.log_end_offset)

    def flush(self) -> int:
        self.log.flush()
        self._flushed = self.log.log_end_offset
        return self._flushed

    # --- reads -----------------------------------------------------------------------------------------------
    def end_offset_for_epoch(self, epoch: int) -> OffsetAndEpoch:
        found_epoch, end = self.log.leader_epoch_cache.end_offset_for(epoch, self.log.log_end_offset)
        if found_epoch < 0:  # beyond the latest epoch (KafkaMetadataLog answers with the log end)
            return OffsetAndEpoch(self.log.log_end_offset, self.last_fetched_epoch)
        return OffsetAndEpoch(end, found_epoch)

    def read(self, offset: int, max_bytes: int) -> bytes:
        result = self.log.read(offset, max_bytes)
        return b"".join(os.pread(region.fd, region.length, region.position) for region in result.regions)

    def read_batches(self, start_offset: int, max_offset: int) -> list[bytes]:
        return self.log.read_batches(start_offset, max_offset)

    # --- snapshots -------------------------------------------------------------------------------------------
    def latest_snapshot(self) -> S.SnapshotId | None:
        return self._snapshots[-1] if self._snapshots else None

    def earliest_snapshot(self) -> S.SnapshotId | None:
        return self._snapshots[0] if self._snapshots else None

    def read_snapshot(self, snapshot_id: S.SnapshotId) -> bytes | None:
        try:
            with open(os.path.join(self.directory, snapshot_id.file_name), "rb") as f:
                return f.read()
        except FileNotFoundError:
            return None

    def install_snapshot(self, snapshot_id: S.SnapshotId, data: bytes) -> None:
        path = os.path.join(self.directory, snapshot_id.file_name)
        partial = path[:-len(S.SUFFIX)] + S.PARTIAL_SUFFIX
        with open(partial, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(partial, path)
        fsync_directory(self.directory)
        self.log.truncate_fully_and_start_at(snapshot_id.end_offset)
        self.log.leader_epoch_cache.clear_and_flush()  # Kafka's truncateFullyAndStartAt clears it too
        self._flushed = snapshot_id.end_offset
        self._forget_snapshots_before(snapshot_id)

    def create_snapshot(self, snapshot_id: S.SnapshotId, records: Iterable[MetadataRecord], *,
                        last_contained_log_timestamp: int, now_ms: int, control: list[tuple] = ()) -> None:
        """Write the metadata image as the snapshot `snapshot_id` (after `control`, the KRaftVersionRecord and
        VotersRecord of a dynamic quorum); older snapshots and the segments it covers go."""
        S.write_snapshot(self.directory, snapshot_id, records,
                         last_contained_log_timestamp=last_contained_log_timestamp, now_ms=now_ms, control=control)
        self._forget_snapshots_before(snapshot_id)
        covered = [s for s in self.log.segments if s.next_offset() <= snapshot_id.end_offset]
        if covered:
            self.log.delete_segments(covered)

    def snapshot_committed(self, end_offset: int, epoch: int, records: Iterable[MetadataRecord], *,
                           committed_offset: int, last_contained_log_timestamp: int, now_ms: int,
                           control: list[tuple] = ()) -> bool:
        """`create_snapshot` at a committed offset: RaftError past `committed_offset`, False (nothing written)
        when the latest snapshot already reaches `end_offset`."""
        if end_offset > committed_offset:
            raise RaftError(f"Cannot snapshot at offset {end_offset}: only {committed_offset} is committed")
        latest = self.latest_snapshot()
        if latest is not None and latest.end_offset >= end_offset:
            return False
        self.create_snapshot(S.SnapshotId(end_offset, epoch), records,
                             last_contained_log_timestamp=last_contained_log_timestamp, now_ms=now_ms,
                             control=control)
        return True

    def _forget_snapshots_before(self, snapshot_id: S.SnapshotId) -> None:
        for older in S.list_snapshots(self.directory):
            if older != snapshot_id:
                S.delete_snapshot(self.directory, older)
        self._snapshots = [snapshot_id]

    def close(self) -> None:
        self.log.close()
