"""Turns committed metadata batches into images (Kafka's MetadataLoader + SnapshotGenerator).

Registered with the quorum as its listener: every committed batch is replayed on the current image, the new
image is published to the subscribers (in commit order, on the thread that committed), and the image is written
as a snapshot at the committed offset once more than `snapshot_max_bytes` of batches were applied since the last
snapshot (metadata.log.max.record.bytes.between.snapshots), or once a batch is applied
`snapshot_max_interval_ms` or more after it (metadata.log.max.snapshot.interval.ms; 0 turns that off), as
Kafka's SnapshotGenerator decides. Loading a snapshot counts as taking one.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from kbroker.metadata.image import MetadataImage, apply_records, image_records
from kbroker.metadata.serde import MetadataRecord
from kbroker.raft.client import CommittedBatch

DEFAULT_SNAPSHOT_MAX_BYTES = 20 * 1024 * 1024
DEFAULT_SNAPSHOT_MAX_INTERVAL_MS = 3600 * 1000


def _monotonic_ms() -> float:
    return time.monotonic() * 1000


class MetadataLoader:
    def __init__(self, *, snapshot_max_bytes: int = DEFAULT_SNAPSHOT_MAX_BYTES,
                 snapshot_max_interval_ms: int = DEFAULT_SNAPSHOT_MAX_INTERVAL_MS,
                 clock_ms: Callable[[], float] = _monotonic_ms):
        self.snapshot_max_bytes = snapshot_max_bytes
        self.snapshot_max_interval_ms = snapshot_max_interval_ms
        self._clock_ms = clock_ms
        self.image = MetadataImage()
        self.bytes_since_snapshot = 0
        self.last_snapshot_ms = clock_ms()
        self._raft = None
        self._subscribers: list[Callable[[MetadataImage], None]] = []

    @classmethod
    def from_config(cls, config) -> MetadataLoader:
        """A loader with the node's metadata.log.max.record.bytes.between.snapshots and
        metadata.log.max.snapshot.interval.ms."""
        return cls(snapshot_max_bytes=int(config.get("metadata.log.max.record.bytes.between.snapshots",
                                                     DEFAULT_SNAPSHOT_MAX_BYTES)),
                   snapshot_max_interval_ms=int(config.get("metadata.log.max.snapshot.interval.ms",
                                                           DEFAULT_SNAPSHOT_MAX_INTERVAL_MS)))

    def bind(self, raft) -> None:
        """Register with `raft` (before it starts): its commits feed this loader, snapshots go back to it."""
        self._raft = raft
        raft.register(self)

    def subscribe(self, callback: Callable[[MetadataImage], None]) -> None:
        """`callback(image)` after each new image; it must be quick and must not append to the quorum."""
        self._subscribers.append(callback)

    def handle_load_snapshot(self, end_offset: int, epoch: int, last_contained_log_timestamp: int,
                             records: list[MetadataRecord]) -> None:
        self.image = apply_records(MetadataImage(), records, end_offset - 1, epoch)
        self._snapshot_taken()
        self._publish()

    def handle_commit(self, batch: CommittedBatch) -> None:
        self.image = apply_records(self.image, batch.records, batch.last_offset, batch.epoch)
        self.bytes_since_snapshot += batch.size_in_bytes
        self._publish()
        if self._raft is not None and self._snapshot_due():
            self._raft.create_snapshot(batch.last_offset + 1, batch.epoch, batch.append_timestamp,
                                       image_records(self.image))
            self._snapshot_taken()

    def _snapshot_due(self) -> bool:
        if self.bytes_since_snapshot >= self.snapshot_max_bytes:
            return True
        return (self.snapshot_max_interval_ms > 0
                and self._clock_ms() - self.last_snapshot_ms >= self.snapshot_max_interval_ms)

    def _snapshot_taken(self) -> None:
        self.bytes_since_snapshot = 0
        self.last_snapshot_ms = self._clock_ms()

    def _publish(self) -> None:
        for callback in self._subscribers:
            callback(self.image)
