"""An in-memory RaftLog and ElectionStore for the deterministic simulation and the node's unit tests.

Batches are real record batches (kbroker.protocol.records) kept in a list; `flush()` marks them durable and
`crash()` drops everything after the last flush, as a power loss would. Truncations, snapshots and the
election state are durable at once (Kafka fsyncs quorum-state and snapshot files before using them).
A snapshot here is the raw batches of every offset below its end offset, so whoever installs it can check
the committed history it carries.
"""

from __future__ import annotations

import bisect

from kbroker.protocol import records as R
from kbroker.raft.quorum_state import ElectionState
from kbroker.raft.raft_log import OffsetAndEpoch
from kbroker.raft.snapshots import SnapshotId


class MemoryElectionStore:
    def __init__(self) -> None:
        self.state: ElectionState | None = None
        self.writes = 0

    def read(self) -> ElectionState | None:
        return self.state

    def write(self, state: ElectionState) -> None:
        self.state = state
        self.writes += 1


class MemoryRaftLog:
    def __init__(self) -> None:
        self._batches: list[bytes] = []
        self._last_offsets: list[int] = []
        self._epochs: list[tuple[int, int]] = []  # (epoch, start offset), the leader-epoch cache
        self._start = 0
        self._flushed = 0
        self._snapshot: SnapshotId | None = None
        self._snapshot_data = b""
        self.truncations = 0  # how often a truncation removed batches (the simulation reports what it exercised)
        self.snapshots_installed = 0

    # --- positions -------------------------------------------------------------------------------------------
    @property
    def log_start_offset(self) -> int:
        return self._start

    @property
    def end_offset(self) -> int:
        return self._last_offsets[-1] + 1 if self._last_offsets else self._start

    @property
    def last_fetched_epoch(self) -> int:
        if self._epochs:
            return self._epochs[-1][0]
        return self._snapshot.epoch if self._snapshot is not None else 0

    @property
    def flushed_offset(self) -> int:
        return self._flushed

    # --- writes ----------------------------------------------------------------------------------------------
    def append_as_leader(self, batch: bytearray) -> None:
        self._append(R.RecordBatch(memoryview(batch)), bytes(batch))

    def append_as_follower(self, batches: bytes) -> int:
        view = memoryview(batches)
        for batch in R.iter_batches(view):
            if not batch.is_valid():
                raise R.InvalidBatchError(f"corrupt batch at offset {batch.base_offset}")
            self._append(batch, bytes(view[batch.pos:batch.pos + batch.size]))
        return self.end_offset

    def _append(self, batch: R.RecordBatch, raw: bytes) -> None:
        if batch.base_offset != self.end_offset:
            raise ValueError(f"batch at offset {batch.base_offset} does not start at the log end {self.end_offset}")
        epoch = batch.partition_leader_epoch
        if epoch < self.last_fetched_epoch:
            raise ValueError(f"batch epoch {epoch} is below the log's last epoch {self.last_fetched_epoch}")
        if not self._epochs or self._epochs[-1][0] != epoch:
            self._epochs.append((epoch, batch.base_offset))
        self._batches.append(raw)
        self._last_offsets.append(batch.last_offset)

    def truncate_to(self, offset: int) -> None:
        keep = bisect.bisect_left(self._last_offsets, offset)
        if keep < len(self._last_offsets) and self._base_offset(keep) < offset:
            raise ValueError(f"offset {offset} is inside a batch")
        self.truncations += keep < len(self._batches)
        del self._batches[keep:]
        del self._last_offsets[keep:]
        while self._epochs and self._epochs[-1][1] >= self.end_offset:
            self._epochs.pop()
        self._flushed = min(self._flushed, self.end_offset)

    def _base_offset(self, index: int) -> int:
        return self._last_offsets[index - 1] + 1 if index > 0 else self._start

    def flush(self) -> int:
        self._flushed = self.end_offset
        return self._flushed

    def crash(self) -> None:
        """Lose every batch that was not flushed."""
        keep = bisect.bisect_left(self._last_offsets, self._flushed)
        del self._batches[keep:]
        del self._last_offsets[keep:]
        while self._epochs and self._epochs[-1][1] >= self.end_offset:
            self._epochs.pop()

    # --- reads -----------------------------------------------------------------------------------------------
    def end_offset_for_epoch(self, epoch: int) -> OffsetAndEpoch:
        if not self._epochs or epoch < self._epochs[0][0]:
            if self._snapshot is not None and epoch >= self._snapshot.epoch:
                return OffsetAndEpoch(self._start if self._epochs else self.end_offset, self._snapshot.epoch)
            return OffsetAndEpoch(self._start, self._snapshot.epoch if self._snapshot is not None else 0)
        index = bisect.bisect_right(self._epochs, (epoch, float("inf"))) - 1
        found_epoch = self._epochs[index][0]
        if index + 1 < len(self._epochs):
            return OffsetAndEpoch(self._epochs[index + 1][1], found_epoch)
        return OffsetAndEpoch(self.end_offset, found_epoch)

    def read(self, offset: int, max_bytes: int) -> bytes:
        index = bisect.bisect_left(self._last_offsets, offset)
        out = bytearray()
        while index < len(self._batches):
            raw = self._batches[index]
            if out and len(out) + len(raw) > max_bytes:
                break
            out += raw
            index += 1
        return bytes(out)

    def batches(self, start: int = 0):
        """(base offset, last offset, epoch, raw batch) from the batch holding `start` (for the simulation)."""
        index = bisect.bisect_left(self._last_offsets, start)
        for i in range(index, len(self._batches)):
            yield self._base_offset(i), self._last_offsets[i], self._batches[i]

    # --- snapshots -------------------------------------------------------------------------------------------
    def latest_snapshot(self) -> SnapshotId | None:
        return self._snapshot

    def earliest_snapshot(self) -> SnapshotId | None:
        return self._snapshot

    def read_snapshot(self, snapshot_id: SnapshotId) -> bytes | None:
        return self._snapshot_data if snapshot_id == self._snapshot else None

    def create_snapshot(self, end_offset: int) -> SnapshotId:
        """Snapshot every batch below `end_offset` (a batch boundary) and delete them from the log."""
        if end_offset <= self._start or end_offset > self._flushed:
            raise ValueError(f"cannot snapshot at {end_offset}: log starts at {self._start}, flushed {self._flushed}")
        keep = bisect.bisect_left(self._last_offsets, end_offset)
        if self._base_offset(keep) != end_offset:
            raise ValueError(f"snapshot offset {end_offset} is not a batch boundary")
        snapshot_id = SnapshotId(end_offset, self.end_offset_for_epoch(self._epoch_at(end_offset - 1)).epoch)
        self._snapshot_data = self._snapshot_data + b"".join(self._batches[:keep])
        self._snapshot = snapshot_id
        self._drop_prefix(keep, end_offset)
        return snapshot_id

    def _epoch_at(self, offset: int) -> int:
        index = bisect.bisect_right(self._epochs, (offset, float("inf")), key=lambda e: (e[1], 0)) - 1
        return self._epochs[index][0] if index >= 0 else (self._snapshot.epoch if self._snapshot else 0)

    def _drop_prefix(self, count: int, new_start: int) -> None:
        del self._batches[:count]
        del self._last_offsets[:count]
        self._start = new_start
        kept = [(e, s) for e, s in self._epochs if s >= new_start]
        if self._batches and (not kept or kept[0][1] > new_start):
            kept.insert(0, (R.RecordBatch(memoryview(self._batches[0])).partition_leader_epoch, new_start))
        self._epochs = kept

    def install_snapshot(self, snapshot_id: SnapshotId, data: bytes) -> None:
        self.snapshots_installed += 1
        self._batches.clear()
        self._last_offsets.clear()
        self._epochs.clear()
        self._start = snapshot_id.end_offset
        self._flushed = snapshot_id.end_offset
        self._snapshot = snapshot_id
        self._snapshot_data = bytes(data)

    def batch_boundary_at_or_below(self, offset: int) -> int:
        """The largest batch start (or the log end) that is <= `offset` (for choosing a snapshot point)."""
        if offset >= self.end_offset:
            return self.end_offset
        index = bisect.bisect_left(self._last_offsets, offset)
        return self._base_offset(index)
