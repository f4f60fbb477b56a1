"""The metadata quorum of a node that is its only voter: the KRaft node (node.py) over the metadata log on
disk (disk_log.py), driven synchronously, behind the RaftClient interface (client.py).

This is the N=1 case of the same state machine a multi-voter quorum runs: on start the node finds itself the
only voter, stands (epoch + 1, `quorum-state` written first), leads and writes its LeaderChange; a batch is
committed once the node's flush moves the high watermark past it. Before that, the latest snapshot is loaded
and the log after it replayed into the listeners. Each `append` is one batch (one controller operation stays
atomic), handed to the listeners before `append` returns. `create_snapshot` writes a snapshot at a committed
offset and deletes older snapshots and the segments it covers. `upgrade_kraft_version` upgrades the static
one-voter quorum to kraft.version 1 (kraft_upgrade.py), and `voter_request` answers a broker listener's AddRaftVoter
/ RemoveRaftVoter as the leader would, an add it would start aborted as lagging (nothing can follow this log).
Thread-safe (one re-entrant lock): callers run it in worker threads, never on the trio loop.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable

from kbroker.log.config import LogConfig
from kbroker.log.log import Log
from kbroker.metadata.serde import MetadataRecord, decode_record, encode_record
from kbroker.protocol import errors as E
from kbroker.protocol import records as R
from kbroker.raft import snapshots as S
from kbroker.raft import voter_changes
from kbroker.raft.client import CommittedBatch, RaftError, RaftListener
from kbroker.raft.disk_log import (
    METADATA_PARTITION_DIR,
    METADATA_TOPIC,
    METADATA_TOPIC_ID,
    DiskRaftLog,
    FileElectionStore,
    read_directory_id,
)
from kbroker.raft.epoch_states import Leader
from kbroker.raft.node import RaftNode

__all__ = ["DEFAULT_SEGMENT_BYTES", "METADATA_PARTITION_DIR", "METADATA_TOPIC", "METADATA_TOPIC_ID",
           "SingleVoterRaft"]

DEFAULT_SEGMENT_BYTES = 1024 * 1024 * 1024  # metadata.log.segment.bytes
_CLIENT, _CLIENT_CORRELATION = -1, 0  # how a broker listener's voter request reaches the node
CLUSTER_ID_UNCHECKED = ""  # a lone voter receives no requests; the cluster id matters once peers talk to it


def _wall_clock_ms() -> int:
    return int(time.time() * 1000)


class SingleVoterRaft:
    def __init__(self, metadata_log_dir: str, node_id: int, *, segment_bytes: int = DEFAULT_SEGMENT_BYTES,
                 clock: Callable[[], int] = _wall_clock_ms, local_endpoints: tuple = ()):
        self.metadata_log_dir = metadata_log_dir
        self.node_id = node_id
        self.local_endpoints = local_endpoints  # its controller listeners: its entry in a VotersRecord
        self.clock = clock
        self._log_config = LogConfig(segment_bytes=segment_bytes, file_delete_delay_ms=0, retention_ms=-1)
        self._lock = threading.RLock()
        self._listeners: list[RaftListener] = []
        self._disk: DiskRaftLog | None = None
        self._node: RaftNode | None = None
        self._delivered = 0  # listeners have seen every offset below this

    # --- state -----------------------------------------------------------------------------------------------
    @property
    def leader_epoch(self) -> int:
        return self._require_node().epoch

    @property
    def kraft_version(self) -> int:
        """1 once the log or a snapshot holds a KRaftVersionRecord of 1 (a dynamic quorum, KIP-853), else 0."""
        return self._node.kraft_version if self._node is not None else 0

    @property
    def committed_offset(self) -> int:
        """The high watermark: every offset below it is committed."""
        return self._require_node().high_watermark or 0

    @property
    def log_end_offset(self) -> int:
        return self._require_disk().end_offset

    @property
    def log(self) -> Log:
        return self._require_disk().log

    @property
    def directory(self) -> str:
        return self._require_disk().directory

    @property
    def latest_snapshot(self) -> S.SnapshotId | None:
        return self._require_disk().latest_snapshot()

    def describe_quorum(self, request):
        """The DescribeQuorumResponse of this one-voter quorum, the node being its leader."""
        with self._lock:
            return self._require_node().describe_quorum(request, self.clock())

    def _require_disk(self) -> DiskRaftLog:
        if self._disk is None:
            raise RaftError("The metadata quorum is not started")
        return self._disk

    def _require_node(self) -> RaftNode:
        if self._node is None:
            raise RaftError("The metadata quorum is not started")
        return self._node

    def register(self, listener: RaftListener) -> None:
        with self._lock:
            if self._disk is not None:
                raise RaftError("Listeners must be registered before the quorum starts")
            self._listeners.append(listener)

    # --- start: recover, load the snapshot, lead, replay -----------------------------------------------------
    def start(self) -> None:
        with self._lock:
            if self._disk is not None:
                raise RaftError("The metadata quorum is already started")
            disk = self._disk = DiskRaftLog.open(self.metadata_log_dir, self._log_config, self.clock)
            latest = disk.latest_snapshot()
            self._delivered = disk.log_start_offset
            if latest is not None:
                snapshot = S.read_snapshot(disk.directory, latest)
                for listener in self._listeners:
                    listener.handle_load_snapshot(latest.end_offset, latest.epoch,
                                                  snapshot.last_contained_log_timestamp, snapshot.records)
                self._delivered = latest.end_offset
            now = self.clock()
            node = self._node = RaftNode(self.node_id, [self.node_id], disk, FileElectionStore(disk.directory),
                                         cluster_id=CLUSTER_ID_UNCHECKED, now=now,
                                         directory_id=read_directory_id(self.metadata_log_dir),
                                         local_endpoints=self.local_endpoints)
            node.poll(now)
            if not node.is_leader or node.high_watermark != disk.end_offset:
                raise RaftError(f"The only voter {self.node_id} did not commit its own leader epoch")
            self._deliver_committed()

    def _deliver_committed(self) -> None:
        """Hand every data batch below the high watermark that the listeners have not seen yet."""
        high_watermark = self.committed_offset
        disk = self._require_disk()
        for raw in disk.read_batches(self._delivered, high_watermark):
            batch = R.RecordBatch(memoryview(raw))
            if not batch.is_control:
                start = self._delivered
                records = [decode_record(r.value) for r in batch.records() if r.offset >= start]
                if records:
                    self._deliver(CommittedBatch(max(batch.base_offset, start), batch.last_offset,
                                                 batch.partition_leader_epoch, batch.max_timestamp, batch.size,
                                                 records))
            self._delivered = batch.last_offset + 1

    # --- append ----------------------------------------------------------------------------------------------
    def append(self, records: Iterable[MetadataRecord]) -> int:
        """Write `records` as one batch; returns its last offset once committed and applied by listeners."""
        records = list(records)
        if not records:
            raise ValueError("append needs at least one record")
        values = [encode_record(r.message, r.version) for r in records]
        with self._lock:
            node = self._require_node()
            now = self.clock()
            appended = node.append(values, now)
            node.poll(now)
            if self.committed_offset <= appended.last_offset:
                raise RaftError(f"The only voter could not commit offset {appended.last_offset}")
            self._deliver(CommittedBatch(appended.base_offset, appended.last_offset, appended.epoch, now,
                                         appended.size_in_bytes, records))
            self._delivered = appended.last_offset + 1
            return appended.last_offset

    def upgrade_kraft_version(self, epoch: int, version: int, *, validate_only: bool) -> bool:
        """The kraft.version upgrade of this one-voter static quorum (kraft_upgrade.py); the control batch commits
        with the next append."""
        with self._lock:
            return self._require_node().upgrade_kraft_version(epoch, version, validate_only=validate_only,
                                                              now=self.clock())

    def voter_request(self, request):
        """An AddRaftVoter / RemoveRaftVoter from a broker listener: the leader's answer. An add its checks let
        through is aborted at once as lagging behind: no controller can follow this node's log (no transport)."""
        with self._lock:
            node = self._require_node()
            now = self.clock()
            node.handle_request(_CLIENT, _CLIENT_CORRELATION, request, now)
            change = node.state.voter_change if isinstance(node.state, Leader) else None
            if change is not None and change.is_add and change.last_offset is None:
                voter_changes.finish(node, node.state, E.REQUEST_TIMED_OUT.code, f"Aborted add voter operation for "
                                     f"{change.voter.key_string()} since it is lagging behind")
            for outbound in node.poll(now):
                if outbound.is_response and outbound.destination == _CLIENT:
                    return outbound.body
            raise RaftError(f"the only voter {self.node_id} left {type(request).__name__} unanswered")

    def _deliver(self, batch: CommittedBatch) -> None:
        for listener in self._listeners:
            listener.handle_commit(batch)

    # --- snapshots -------------------------------------------------------------------------------------------
    def create_snapshot(self, end_offset: int, epoch: int, last_contained_log_timestamp: int,
                        records: Iterable[MetadataRecord]) -> bool:
        """Write the snapshot `<end_offset>-<epoch>` (the state of every record below end_offset); False if it
        exists already. Older snapshots and the segments it covers are deleted afterwards."""
        with self._lock:
            return self._require_disk().snapshot_committed(
                end_offset, epoch, records, committed_offset=self.committed_offset,
                last_contained_log_timestamp=last_contained_log_timestamp, now_ms=self.clock(),
                control=self._require_node().snapshot_control(end_offset, self.clock()))

    # --- lifecycle -------------------------------------------------------------------------------------------
    def close(self) -> None:
        with self._lock:
            if self._disk is not None:
                self._disk.close()
