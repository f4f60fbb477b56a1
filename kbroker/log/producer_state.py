"""Idempotent/transactional producer state of one partition (Kafka's ProducerStateManager + ProducerAppendInfo).

Per producer id: epoch, coordinator epoch, last timestamp, the open transaction's first offset, and the
metadata of the last 5 batches (to answer a retried batch with its ORIGINAL offsets). Snapshots are Kafka's
`<offset>.snapshot` files: int16 version (1), uint32 CRC32C of everything after it, int32 entry count, then
46-byte entries (producerId int64, epoch int16, lastSequence int32, lastOffset int64, offsetDelta int32,
timestamp int64, coordinatorEpoch int32, currentTxnFirstOffset int64) as in ProducerSnapshot.json.
"""

from __future__ import annotations

import os
import struct
from collections import deque
from typing import NamedTuple

import attrs

from kbroker.protocol import errors
from kbroker.protocol import records as R

NUM_BATCHES_TO_RETAIN = 5
SNAPSHOT_SUFFIX = ".snapshot"
SNAPSHOT_VERSION = 1

OUT_OF_ORDER_SEQUENCE_NUMBER = errors.OUT_OF_ORDER_SEQUENCE_NUMBER.code
INVALID_PRODUCER_EPOCH = errors.INVALID_PRODUCER_EPOCH.code
INVALID_TXN_STATE = errors.INVALID_TXN_STATE.code
TRANSACTION_COORDINATOR_FENCED = errors.TRANSACTION_COORDINATOR_FENCED.code

_SNAP_HEADER = struct.Struct(">hIi")
_SNAP_ENTRY = struct.Struct(">qhiqiqiq")


class ProducerStateError(Exception):
    def __init__(self, error_code: int, message: str):
        super().__init__(message)
        self.error_code = error_code


class CorruptSnapshotError(Exception):
    pass


class BatchMetadata(NamedTuple):
    last_seq: int
    last_offset: int
    offset_delta: int
    timestamp: int

    @property
    def first_seq(self) -> int:
        return R.increment_sequence(self.last_seq, -self.offset_delta) if self.last_seq >= 0 else self.last_seq

    @property
    def first_offset(self) -> int:
        return self.last_offset - self.offset_delta


@attrs.define
class ProducerStateEntry:
    producer_id: int
    epoch: int = R.NO_PRODUCER_EPOCH
    coordinator_epoch: int = -1
    last_timestamp: int = R.NO_TIMESTAMP
    current_txn_first_offset: int | None = None
    batches: deque = attrs.Factory(lambda: deque(maxlen=NUM_BATCHES_TO_RETAIN))

    @property
    def is_empty(self) -> bool:
        return not self.batches

    @property
    def last_seq(self) -> int:
        return self.batches[-1].last_seq if self.batches else R.NO_SEQUENCE

    @property
    def last_offset(self) -> int:
        return self.batches[-1].last_offset if self.batches else -1

    def copy(self) -> ProducerStateEntry:
        return ProducerStateEntry(self.producer_id, self.epoch, self.coordinator_epoch, self.last_timestamp,
                                  self.current_txn_first_offset, deque(self.batches, maxlen=NUM_BATCHES_TO_RETAIN))

    def add_batch(self, epoch: int, last_seq: int, last_offset: int, offset_delta: int, timestamp: int) -> None:
        if epoch != self.epoch:
            self.epoch = epoch
            self.batches.clear()
        self.batches.append(BatchMetadata(last_seq, last_offset, offset_delta, timestamp))
        self.last_timestamp = timestamp

    def find_duplicate(self, epoch: int, first_seq: int, last_seq: int) -> BatchMetadata | None:
        if epoch != self.epoch:
            return None
        for meta in self.batches:
            if meta.first_seq == first_seq and meta.last_seq == last_seq:
                return meta
        return None


class CompletedTxn(NamedTuple):
    producer_id: int
    first_offset: int
    last_offset: int
    is_aborted: bool


class AppendAnalysis(NamedTuple):
    """What a batch does to producer state, computed before the write and applied after it."""
    updated: dict[int, ProducerStateEntry]
    completed_txns: list[CompletedTxn]
    started_txn_first_offsets: list[int]


class ProducerStateManager:
    def __init__(self, directory: str, topic_partition: str, producer_id_expiration_ms: int):
        self.directory = directory
        self.topic_partition = topic_partition
        self.producer_id_expiration_ms = producer_id_expiration_ms
        self.producers: dict[int, ProducerStateEntry] = {}
        self.last_map_offset = 0
        self.last_snapshot_offset = 0
        # first offset of every open transaction -> producer id (the LSO is the smallest key)
        self.ongoing_txns: dict[int, int] = {}

    # --- validation + update ----------------------------------------------------------------------------------
    def find_duplicate(self, batch: R.RecordBatch) -> BatchMetadata | None:
        entry = self.producers.get(batch.producer_id)
        if entry is None or not batch.has_producer_id:
            return None
        return entry.find_duplicate(batch.producer_epoch, batch.base_sequence, batch.last_sequence)

    def prepare(self, pending: dict[int, ProducerStateEntry], batch: R.RecordBatch, first_offset: int,
                *, origin: str, completed: list[CompletedTxn], started: list[int],
                transaction_version: int = 0) -> None:
        """Check `batch` (whose offsets will start at `first_offset`) against state; record the new entry in
        `pending` (not yet applied). Raises ProducerStateError with Kafka's code.

        `origin` is Kafka's AppendOrigin: "client" (epoch and sequence checked), "coordinator" (epoch only),
        "replication" (nothing checked: the leader did it)."""
        origin_client = origin != "replication"
        pid = batch.producer_id
        current = pending.get(pid) or self.producers.get(pid) or ProducerStateEntry(pid)
        updated = current.copy()
        epoch = batch.producer_epoch
        last_offset = first_offset + batch.last_offset_delta
        where = f"producer {pid} at offset {first_offset} in {self.topic_partition}"
        if batch.is_control:
            marker_epoch_invalid = epoch <= updated.epoch if transaction_version >= 2 else epoch < updated.epoch
            if marker_epoch_invalid and not (transaction_version >= 2 and epoch == updated.epoch
                                             and updated.current_txn_first_offset is None):
                if origin_client:
                    raise ProducerStateError(INVALID_PRODUCER_EPOCH,
                                             f"Epoch {epoch} of {where} is older than the last seen {updated.epoch}")
            marker = batch.control_record()
            if updated.coordinator_epoch > marker.coordinator_epoch and origin_client:
                raise ProducerStateError(TRANSACTION_COORDINATOR_FENCED,
                                         f"Invalid coordinator epoch {marker.coordinator_epoch} for {where}: "
                                         f"{updated.coordinator_epoch} is current")
            if updated.current_txn_first_offset is not None:
                completed.append(CompletedTxn(pid, updated.current_txn_first_offset, first_offset,
                                              marker.type == R.CONTROL_ABORT))
            if epoch != updated.epoch:
                updated.epoch = epoch
                updated.batches.clear()
            updated.coordinator_epoch = marker.coordinator_epoch
            updated.last_timestamp = batch.max_timestamp
            updated.current_txn_first_offset = None
        else:
            if epoch < updated.epoch and origin_client:
                raise ProducerStateError(INVALID_PRODUCER_EPOCH,
                                         f"Epoch of {where} is {epoch}, which is smaller than the last seen "
                                         f"epoch {updated.epoch}")
            first_seq = batch.base_sequence
            if origin == "client":
                self._check_sequence(current, updated, epoch, first_seq, where)
            updated.add_batch(epoch, batch.last_sequence, last_offset, last_offset - first_offset,
                              batch.max_timestamp)
            if updated.current_txn_first_offset is not None and not batch.is_transactional:
                raise ProducerStateError(INVALID_TXN_STATE, f"Expected transactional write from {where}")
            if updated.current_txn_first_offset is None and batch.is_transactional:
                updated.current_txn_first_offset = first_offset
                started.append(first_offset)
        pending[pid] = updated

    def _check_sequence(self, current: ProducerStateEntry, updated: ProducerStateEntry, epoch: int,
                        first_seq: int, where: str) -> None:
        if epoch != updated.epoch:
            if first_seq != 0 and updated.epoch != R.NO_PRODUCER_EPOCH:
                raise ProducerStateError(OUT_OF_ORDER_SEQUENCE_NUMBER,
                                         f"Invalid sequence number {first_seq} for new epoch {epoch} of {where} "
                                         f"(current epoch {updated.epoch})")
            return
        last_seq = updated.last_seq if not updated.is_empty else R.NO_SEQUENCE
        if current.epoch == R.NO_PRODUCER_EPOCH:
            return
        if not (first_seq == last_seq + 1 or (first_seq == 0 and last_seq == 0x7FFFFFFF)):
            raise ProducerStateError(OUT_OF_ORDER_SEQUENCE_NUMBER,
                                     f"Out of order sequence number for {where}: {first_seq} (incoming seq. "
                                     f"number), {last_seq} (current end sequence number)")

    def apply(self, pending: dict[int, ProducerStateEntry], started: list[int],
              completed: list[CompletedTxn], next_offset: int) -> None:
        for pid, entry in pending.items():
            self.producers[pid] = entry
        for first in started:
            for pid, entry in pending.items():
                if entry.current_txn_first_offset == first:
                    self.ongoing_txns[first] = pid
        for txn in completed:
            self.ongoing_txns.pop(txn.first_offset, None)
        self.last_map_offset = next_offset

    def replay_batch(self, batch: R.RecordBatch) -> list[CompletedTxn]:
        """Recovery / follower path: apply a batch already in the log without client checks; returns the
        transactions its marker completed."""
        completed: list[CompletedTxn] = []
        if batch.has_producer_id:
            pending: dict[int, ProducerStateEntry] = {}
            started: list[int] = []
            self.prepare(pending, batch, batch.base_offset, origin="replication", completed=completed,
                         started=started)
            self.apply(pending, started, completed, batch.next_offset)
        else:
            self.last_map_offset = batch.next_offset
        return completed

    def first_unstable_offset(self) -> int | None:
        return min(self.ongoing_txns) if self.ongoing_txns else None

    # --- expiry / truncation ----------------------------------------------------------------------------------
    def remove_expired(self, now_ms: int) -> list[int]:
        expired = [pid for pid, e in self.producers.items()
                   if e.current_txn_first_offset is None
                   and now_ms - e.last_timestamp >= self.producer_id_expiration_ms]
        for pid in expired:
            del self.producers[pid]
        return expired

    def truncate_and_reload(self, log_start_offset: int, log_end_offset: int) -> None:
        """Forget state and snapshots outside [log_start, log_end]; reload from the latest snapshot left."""
        for offset, path in self.list_snapshots():
            if offset > log_end_offset:
                os.unlink(path)
        self.producers.clear()
        self.ongoing_txns.clear()
        self.last_map_offset = log_start_offset
        self.last_snapshot_offset = 0
        latest = self.latest_snapshot_at_most(log_end_offset)
        if latest is not None:
            try:
                self._load_snapshot(*latest)
            except CorruptSnapshotError:
                os.unlink(latest[1])
                self.truncate_and_reload(log_start_offset, log_end_offset)

    # --- snapshots --------------------------------------------------------------------------------------------
    def snapshot_path(self, offset: int) -> str:
        return os.path.join(self.directory, f"{offset:020d}{SNAPSHOT_SUFFIX}")

    def list_snapshots(self) -> list[tuple[int, str]]:
        out = []
        for name in os.listdir(self.directory):
            if name.endswith(SNAPSHOT_SUFFIX) and name[:-len(SNAPSHOT_SUFFIX)].isdigit():
                out.append((int(name[:-len(SNAPSHOT_SUFFIX)]), os.path.join(self.directory, name)))
        return sorted(out)

    def latest_snapshot_at_most(self, offset: int) -> tuple[int, str] | None:
        candidates = [s for s in self.list_snapshots() if s[0] <= offset]
        return candidates[-1] if candidates else None

    def take_snapshot(self, sync: bool = True) -> str | None:
        """Write `<last_map_offset>.snapshot` (temp file + rename) unless one exists for that offset."""
        if self.last_map_offset == self.last_snapshot_offset and os.path.exists(
                self.snapshot_path(self.last_map_offset)):
            return None
        path = self.snapshot_path(self.last_map_offset)
        body = bytearray(struct.pack(">i", len(self.producers)))
        for entry in self.producers.values():
            meta = entry.batches[-1] if entry.batches else BatchMetadata(R.NO_SEQUENCE, -1, 0, R.NO_TIMESTAMP)
            body += _SNAP_ENTRY.pack(entry.producer_id, entry.epoch, meta.last_seq, meta.last_offset,
                                     meta.offset_delta, entry.last_timestamp, entry.coordinator_epoch,
                                     -1 if entry.current_txn_first_offset is None
                                     else entry.current_txn_first_offset)
        data = struct.pack(">hI", SNAPSHOT_VERSION, R.crc32c(body)) + body
        tmp = path + ".tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, data)
            if sync:
                os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        self.last_snapshot_offset = self.last_map_offset
        return path

    def delete_snapshots_below(self, offset: int) -> None:
        for snap_offset, path in self.list_snapshots():
            if snap_offset < offset:
                os.unlink(path)

    def _load_snapshot(self, offset: int, path: str) -> None:
        for entry in read_snapshot(path):
            self.producers[entry.producer_id] = entry
            if entry.current_txn_first_offset is not None:
                self.ongoing_txns[entry.current_txn_first_offset] = entry.producer_id
        self.last_map_offset = offset
        self.last_snapshot_offset = offset


def read_snapshot(path: str) -> list[ProducerStateEntry]:
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < _SNAP_HEADER.size:
        raise CorruptSnapshotError(f"{path}: too short")
    version, crc, count = _SNAP_HEADER.unpack_from(data)
    if version != SNAPSHOT_VERSION:
        raise CorruptSnapshotError(f"{path}: unknown snapshot version {version}")
    if R.crc32c(memoryview(data)[6:]) != crc:
        raise CorruptSnapshotError(f"{path}: CRC mismatch")
    if count < 0 or len(data) != _SNAP_HEADER.size + count * _SNAP_ENTRY.size:
        raise CorruptSnapshotError(f"{path}: entry count {count} does not match its length")
    out = []
    for i in range(count):
        (pid, epoch, last_seq, last_offset, offset_delta, timestamp, coordinator_epoch,
         txn_first) = _SNAP_ENTRY.unpack_from(data, _SNAP_HEADER.size + i * _SNAP_ENTRY.size)
        entry = ProducerStateEntry(pid, epoch, coordinator_epoch, timestamp, None if txn_first < 0 else txn_first)
        if last_offset >= 0:
            entry.batches.append(BatchMetadata(last_seq, last_offset, offset_delta, timestamp))
        out.append(entry)
    return out
