"""When the metadata loader writes a snapshot (Kafka's SnapshotGenerator): after
metadata.log.max.record.bytes.between.snapshots of batches, or with the first batch applied
metadata.log.max.snapshot.interval.ms or more after the last snapshot (0: never by time); a loaded snapshot
counts as one."""

from __future__ import annotations

from kbroker.metadata.loader import MetadataLoader
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol.messages.metadata.no_op_record import NoOpRecord
from kbroker.raft.client import CommittedBatch


class SnapshotRecorder:
    """Stands in for the quorum: keeps the end offsets the loader snapshots at."""

    def __init__(self) -> None:
        self.end_offsets: list[int] = []

    def register(self, listener) -> None:
        pass

    def create_snapshot(self, end_offset, epoch, last_contained_log_timestamp, records) -> None:
        self.end_offsets.append(end_offset)


class Clock:
    def __init__(self) -> None:
        self.now_ms = 0.0

    def __call__(self) -> float:
        return self.now_ms


def loader_with(clock: Clock, *, max_bytes: int = 1 << 40, interval_ms: int = 3_600_000):
    recorder = SnapshotRecorder()
    loader = MetadataLoader(snapshot_max_bytes=max_bytes, snapshot_max_interval_ms=interval_ms, clock_ms=clock)
    loader.bind(recorder)
    return loader, recorder


def commit(loader: MetadataLoader, offset: int, size: int = 100) -> None:
    loader.handle_commit(CommittedBatch(offset, offset, 1, 0, size, [MetadataRecord(NoOpRecord(), 0)]))


def test_a_snapshot_once_the_interval_passed_and_a_batch_arrives():
    clock = Clock()
    loader, recorder = loader_with(clock, interval_ms=60_000)
    commit(loader, 0)
    clock.now_ms = 59_999
    commit(loader, 1)
    assert recorder.end_offsets == []
    clock.now_ms = 60_000
    commit(loader, 2)
    assert recorder.end_offsets == [3]
    clock.now_ms = 100_000  # the interval counts from that snapshot
    commit(loader, 3)
    assert recorder.end_offsets == [3]
    clock.now_ms = 120_000
    commit(loader, 4)
    assert recorder.end_offsets == [3, 5]


def test_bytes_still_trigger_and_restart_the_interval():
    clock = Clock()
    loader, recorder = loader_with(clock, max_bytes=250, interval_ms=60_000)
    for offset in range(3):
        clock.now_ms += 10_000
        commit(loader, offset)
    assert recorder.end_offsets == [3]  # 300 bytes at 30 s
    clock.now_ms = 80_000
    commit(loader, 3)
    assert recorder.end_offsets == [3]  # 50 s after the snapshot the bytes took
    clock.now_ms = 90_000
    commit(loader, 4)
    assert recorder.end_offsets == [3, 5]


def test_an_interval_of_zero_never_snapshots_by_time():
    clock = Clock()
    loader, recorder = loader_with(clock, interval_ms=0)
    for offset in range(5):
        clock.now_ms += 10**9
        commit(loader, offset)
    assert recorder.end_offsets == []


def test_a_loaded_snapshot_restarts_the_interval():
    clock = Clock()
    loader, recorder = loader_with(clock, interval_ms=60_000)
    clock.now_ms = 50_000
    loader.handle_load_snapshot(10, 1, 0, [])
    clock.now_ms = 100_000
    commit(loader, 10)
    assert recorder.end_offsets == []
    clock.now_ms = 110_000
    commit(loader, 11)
    assert recorder.end_offsets == [12]


def test_the_configs_are_read():
    loader = MetadataLoader.from_config({"metadata.log.max.record.bytes.between.snapshots": 1234,
                                         "metadata.log.max.snapshot.interval.ms": 0})
    assert (loader.snapshot_max_bytes, loader.snapshot_max_interval_ms) == (1234, 0)
