"""A recording listener for the quorum and small record builders."""

from __future__ import annotations

import uuid

from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol.messages.metadata.topic_record import TopicRecord


class RecordingListener:
    def __init__(self):
        self.snapshot = None
        self.batches = []

    def handle_load_snapshot(self, end_offset, epoch, last_contained_log_timestamp, records):
        self.snapshot = (end_offset, epoch, records)
        self.batches = []

    def handle_commit(self, batch):
        self.batches.append(batch)

    def offsets_and_names(self):
        return [(b.base_offset + i, r.message.name) for b in self.batches for i, r in enumerate(b.records)]


def topic_record(name: str) -> MetadataRecord:
    return MetadataRecord(TopicRecord(name=name, topic_id=uuid.uuid5(uuid.NAMESPACE_DNS, name)), 0)
