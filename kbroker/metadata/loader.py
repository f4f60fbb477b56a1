"""Turns committed metadata batches into images (Kafka's MetadataLoader + SnapshotGenerator).

Registered with the quorum as its listener: every committed batch is replayed on the current image, the new
image is published to the subscribers (in commit order, on the thread that committed), and once more than
`snapshot_max_bytes` of batches were applied since the last snapshot
(metadata.log.max.record.bytes.between.snapshots), the image is written as a snapshot at that offset.
"""

from __future__ import annotations

from collections.abc import Callable

from kbroker.metadata.image import MetadataImage, apply_records, image_records
from kbroker.metadata.serde import MetadataRecord
from kbroker.raft.client import CommittedBatch

DEFAULT_SNAPSHOT_MAX_BYTES = 20 * 1024 * 1024


class MetadataLoader:
    def __init__(self, *, snapshot_max_bytes: int = DEFAULT_SNAPSHOT_MAX_BYTES):
        self.snapshot_max_bytes = snapshot_max_bytes
        self.image = MetadataImage()
        self.bytes_since_snapshot = 0
        self._raft = None
        self._subscribers: list[Callable[[MetadataImage], None]] = []

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
        self.bytes_since_snapshot = 0
        self._publish()

    def handle_commit(self, batch: CommittedBatch) -> None:
        self.image = apply_records(self.image, batch.records, batch.last_offset, batch.epoch)
        self.bytes_since_snapshot += batch.size_in_bytes
        self._publish()
        if self._raft is not None and self.bytes_since_snapshot >= self.snapshot_max_bytes:
            self._raft.create_snapshot(batch.last_offset + 1, batch.epoch, batch.append_timestamp,
                                       image_records(self.image))
            self.bytes_since_snapshot = 0

    def _publish(self) -> None:
        for callback in self._subscribers:
            callback(self.image)
