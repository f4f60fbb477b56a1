"""Both RaftLog implementations answer the node's questions the same way: positions, the leader-epoch cache,
reads bounded by bytes, truncation, flush, and the fetch-position check behind KIP-595's log reconciliation."""

from __future__ import annotations

import pytest

from kbroker.log.config import LogConfig
from kbroker.protocol import records as R
from kbroker.raft.disk_log import DiskRaftLog
from kbroker.raft.memory_log import MemoryRaftLog
from kbroker.raft.raft_log import DIVERGING, SNAPSHOT, VALID, OffsetAndEpoch, validate_offset_and_epoch
from kbroker.raft.snapshots import SnapshotId


def batch(base: int, epoch: int, count: int = 2) -> bytearray:
    return R.build_batch([(0, None, b"record-%d" % (base + i)) for i in range(count)], base_offset=base,
                         partition_leader_epoch=epoch)


@pytest.fixture(params=["memory", "disk"])
def raft_log(request, tmp_path):
    if request.param == "memory":
        yield MemoryRaftLog()
        return
    log = DiskRaftLog.open(str(tmp_path), LogConfig(segment_bytes=1 << 20), clock=lambda: 0)
    yield log
    log.close()


def fill(log, *epochs) -> None:
    """One two-record batch per epoch given, appended as a follower would."""
    for epoch in epochs:
        log.append_as_follower(bytes(batch(log.end_offset, epoch)))


def test_positions_and_epochs(raft_log):
    assert (raft_log.log_start_offset, raft_log.end_offset, raft_log.last_fetched_epoch) == (0, 0, 0)
    fill(raft_log, 1, 1, 3)
    assert raft_log.end_offset == 6 and raft_log.last_fetched_epoch == 3
    assert raft_log.end_offset_for_epoch(1) == OffsetAndEpoch(4, 1)
    assert raft_log.end_offset_for_epoch(2) == OffsetAndEpoch(4, 1)  # unknown epoch: the largest below it
    assert raft_log.end_offset_for_epoch(3) == OffsetAndEpoch(6, 3)
    assert raft_log.end_offset_for_epoch(7) == OffsetAndEpoch(6, 3)


def test_read_returns_whole_batches_and_at_least_one(raft_log):
    fill(raft_log, 1, 1, 1)
    one = len(batch(0, 1))
    assert [b.base_offset for b in R.iter_batches(raft_log.read(2, 1))] == [2]
    assert [b.base_offset for b in R.iter_batches(raft_log.read(0, 2 * one))] == [0, 2]
    assert [b.base_offset for b in R.iter_batches(raft_log.read(3, 1 << 20))] == [2, 4]


def test_flush_and_truncate(raft_log):
    fill(raft_log, 1, 2)
    assert raft_log.flush() == 4 and raft_log.flushed_offset == 4
    raft_log.truncate_to(2)
    assert raft_log.end_offset == 2 and raft_log.last_fetched_epoch == 1 and raft_log.flushed_offset <= 2
    fill(raft_log, 3)
    assert raft_log.end_offset_for_epoch(2) == OffsetAndEpoch(2, 1)


def test_fetch_positions_valid_diverging_or_before_the_snapshot(raft_log):
    fill(raft_log, 1, 1, 3)
    assert validate_offset_and_epoch(raft_log, 0, 0).kind == VALID
    assert validate_offset_and_epoch(raft_log, 4, 1).kind == VALID
    # a follower holding epoch 2 at 4..7 must go back to where epoch 1 ended here
    assert validate_offset_and_epoch(raft_log, 8, 2) == (DIVERGING, OffsetAndEpoch(4, 1))
    # ahead within our last epoch: back to our end
    assert validate_offset_and_epoch(raft_log, 9, 3) == (DIVERGING, OffsetAndEpoch(6, 3))


def test_installing_a_snapshot_restarts_the_log_at_its_end(raft_log):
    fill(raft_log, 1)
    snapshot = SnapshotId(10, 2)
    raft_log.install_snapshot(snapshot, b"snapshot bytes")
    assert (raft_log.log_start_offset, raft_log.end_offset, raft_log.last_fetched_epoch) == (10, 10, 2)
    assert raft_log.latest_snapshot() == snapshot and raft_log.read_snapshot(snapshot) == b"snapshot bytes"
    assert validate_offset_and_epoch(raft_log, 4, 1) == (SNAPSHOT, OffsetAndEpoch(10, 2))
    assert validate_offset_and_epoch(raft_log, 10, 2).kind == VALID
    fill(raft_log, 3)
    assert raft_log.end_offset_for_epoch(2) == OffsetAndEpoch(10, 2)
    assert raft_log.end_offset_for_epoch(3) == OffsetAndEpoch(12, 3)
