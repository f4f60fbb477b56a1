"""A one-voter KRaft quorum over `<metadata.log.dir>/__cluster_metadata-0` (what KafkaRaftClient does when
this node is the only voter): a record is committed once it is written and fsynced here.

On start: the Log's recovery truncates a torn tail; the latest snapshot is loaded and the log after it is
replayed into the listeners; then the node becomes leader of a new epoch (max of the quorum-state, log and
snapshot epochs, plus one): `quorum-state` is written first, then a LeaderChangeMessage control batch.
Each `append` is one batch (so one controller operation is atomic), written with the leader epoch as the
batch's partition leader epoch, fsynced, then handed to the listeners before `append` returns.
`create_snapshot` writes a snapshot at a committed offset, deletes older snapshots and the segments the
snapshot covers. Thread-safe (one re-entrant lock): callers run it in worker threads, never on the trio loop.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable, Iterable

from kbroker.log.checkpoints import write_atomically
from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.log.partition_metadata import PARTITION_METADATA_FILE, encode_partition_metadata
from kbroker.metadata.serde import MetadataRecord, decode_record, encode_record
from kbroker.protocol import records as R
from kbroker.raft import control_records as C
from kbroker.raft import snapshots as S
from kbroker.raft.client import CommittedBatch, RaftError, RaftListener
from kbroker.raft.quorum_state import ElectionState, read_quorum_state, write_quorum_state

METADATA_TOPIC = "__cluster_metadata"
METADATA_PARTITION_DIR = f"{METADATA_TOPIC}-0"
METADATA_TOPIC_ID = uuid.UUID(int=1)  # Kafka's Topic.CLUSTER_METADATA_TOPIC_ID: AAAAAAAAAAAAAAAAAAAAAQ
DEFAULT_SEGMENT_BYTES = 1024 * 1024 * 1024  # metadata.log.segment.bytes


def _wall_clock_ms() -> int:
    return int(time.time() * 1000)


class SingleVoterRaft:
    def __init__(self, metadata_log_dir: str, node_id: int, *, segment_bytes: int = DEFAULT_SEGMENT_BYTES,
                 clock: Callable[[], int] = _wall_clock_ms):
        self.directory = os.path.join(metadata_log_dir, METADATA_PARTITION_DIR)
        self.node_id = node_id
        self.clock = clock
        self._log_config = LogConfig(segment_bytes=segment_bytes, file_delete_delay_ms=0, retention_ms=-1)
        self._lock = threading.RLock()
        self._listeners: list[RaftListener] = []
        self._log: Log | None = None
        self._epoch = -1
        self._committed = 0
        self._latest_snapshot: S.SnapshotId | None = None

    # --- state -----------------------------------------------------------------------------------------------
    @property
    def leader_epoch(self) -> int:
        return self._epoch

    @property
    def committed_offset(self) -> int:
        """The high watermark: every offset below it is committed."""
        return self._committed

    @property
    def log_end_offset(self) -> int:
        return self._require_log().log_end_offset

    @property
    def log(self) -> Log:
        return self._require_log()

    @property
    def latest_snapshot(self) -> S.SnapshotId | None:
        return self._latest_snapshot

    def _require_log(self) -> Log:
        if self._log is None:
            raise RaftError("The metadata quorum is not started")
        return self._log

    def register(self, listener: RaftListener) -> None:
        with self._lock:
            if self._log is not None:
                raise RaftError("Listeners must be registered before the quorum starts")
            self._listeners.append(listener)

    # --- start: recover, replay, new epoch -------------------------------------------------------------------
    def start(self) -> None:
        with self._lock:
            if self._log is not None:
                raise RaftError("The metadata quorum is already started")
            os.makedirs(self.directory, exist_ok=True)
            marker = os.path.join(self.directory, PARTITION_METADATA_FILE)
            if not os.path.exists(marker):
                write_atomically(marker, encode_partition_metadata(METADATA_TOPIC_ID))
            log = Log.open(self.directory, self._log_config, clock=self.clock, topic=METADATA_TOPIC, partition=0)
            self._log = log
            snapshots = S.list_snapshots(self.directory)
            latest = snapshots[-1] if snapshots else None
            replay_from = log.log_start_offset
            last_epoch = 0
            if latest is not None:
                if latest.end_offset > log.log_end_offset:
                    # The log lost committed data the snapshot still has: restart the log at the snapshot.
                    log.truncate_fully_and_start_at(latest.end_offset)
                if latest.end_offset < log.log_start_offset:
                    raise RaftError(f"The metadata log in {self.directory} starts at offset {log.log_start_offset}, "
                                    f"after the latest snapshot ({latest.file_name}): offsets in between are lost")
                snapshot = S.read_snapshot(self.directory, latest)
                for listener in self._listeners:
                    listener.handle_load_snapshot(latest.end_offset, latest.epoch,
                                                  snapshot.last_contained_log_timestamp, snapshot.records)
                replay_from = latest.end_offset
                last_epoch = latest.epoch
                self._latest_snapshot = latest
            elif log.log_start_offset > 0:
                raise RaftError(f"The metadata log in {self.directory} starts at offset {log.log_start_offset} "
                                f"but there is no snapshot to load the earlier state from")
            last_epoch = max(last_epoch, self._replay(replay_from))
            state = read_quorum_state(self.directory)
            if state is not None:
                last_epoch = max(last_epoch, state.leader_epoch)
            self._become_leader(last_epoch + 1)

    def _replay(self, start_offset: int) -> int:
        """Hand every data batch from `start_offset` to the listeners; returns the last epoch seen."""
        log = self._require_log()
        self._committed = log.log_end_offset  # everything that survived recovery was committed
        last_epoch = 0
        for raw in log.read_batches(start_offset):
            batch = R.RecordBatch(memoryview(raw))
            last_epoch = max(last_epoch, batch.partition_leader_epoch)
            if batch.is_control:
                continue
            records = [decode_record(r.value) for r in batch.records() if r.offset >= start_offset]
            if records:
                self._deliver(CommittedBatch(max(batch.base_offset, start_offset), batch.last_offset,
                                             batch.partition_leader_epoch, batch.max_timestamp, batch.size,
                                             records))
        return last_epoch

    def _become_leader(self, epoch: int) -> None:
        write_quorum_state(self.directory, ElectionState(epoch, self.node_id, -1, (self.node_id,)))
        self._epoch = epoch
        log = self._require_log()
        batch = C.leader_change_batch(self.node_id, [self.node_id], base_offset=log.log_end_offset, epoch=epoch,
                                      timestamp=self.clock())
        self._write(batch)

    # --- append ----------------------------------------------------------------------------------------------
    def append(self, records: Iterable[MetadataRecord]) -> int:
        """Write `records` as one batch; returns its last offset once committed and applied by listeners."""
        records = list(records)
        if not records:
            raise ValueError("append needs at least one record")
        values = [encode_record(r.message, r.version) for r in records]
        with self._lock:
            log = self._require_log()
            now = self.clock()
            base = log.log_end_offset
            batch = R.build_batch([(now, None, value) for value in values], base_offset=base,
                                  partition_leader_epoch=self._epoch)
            self._write(batch)
            committed = CommittedBatch(base, base + len(records) - 1, self._epoch, now, len(batch), records)
            self._deliver(committed)
            return committed.last_offset

    def _write(self, batch: bytearray) -> None:
        log = self._require_log()
        log.append_as_follower(batch)
        log.flush()
        self._committed = log.log_end_offset

    def _deliver(self, batch: CommittedBatch) -> None:
        for listener in self._listeners:
            listener.handle_commit(batch)

    # --- snapshots -------------------------------------------------------------------------------------------
    def create_snapshot(self, end_offset: int, epoch: int, last_contained_log_timestamp: int,
                        records: Iterable[MetadataRecord]) -> bool:
        """Write the snapshot `<end_offset>-<epoch>` (the state of every record below end_offset); False if it
        exists already. Older snapshots and the segments it covers are deleted afterwards."""
        with self._lock:
            log = self._require_log()
            if end_offset > self._committed:
                raise RaftError(f"Cannot snapshot at offset {end_offset}: only {self._committed} is committed")
            snapshot_id = S.SnapshotId(end_offset, epoch)
            if self._latest_snapshot is not None and self._latest_snapshot.end_offset >= end_offset:
                return False
            S.write_snapshot(self.directory, snapshot_id, records,
                             last_contained_log_timestamp=last_contained_log_timestamp, now_ms=self.clock())
            self._latest_snapshot = snapshot_id
            for older in S.list_snapshots(self.directory):
                if older != snapshot_id:
                    S.delete_snapshot(self.directory, older)
            covered = [s for s in log.segments if s.next_offset() <= end_offset]
            if covered:
                log.delete_segments(covered)
            return True

    # --- lifecycle -------------------------------------------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            if self._log is not None:
                self._log.close()
