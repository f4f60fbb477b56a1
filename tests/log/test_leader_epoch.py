"""leader-epoch-checkpoint and the leader-epoch cache (semantics of Kafka's LeaderEpochFileCacheTest)."""

import pytest

from kbroker.log.checkpoints import CheckpointError
from kbroker.log.leader_epoch import (
    LEADER_EPOCH_CHECKPOINT,
    UNDEFINED_EPOCH,
    UNDEFINED_EPOCH_OFFSET,
    EpochEntry,
    LeaderEpochCache,
)


def new_cache(tmp_path, *pairs):
    cache = LeaderEpochCache.load(str(tmp_path))
    for epoch, offset in pairs:
        cache.assign(epoch, offset)
    return cache


def file_bytes(tmp_path):
    with open(tmp_path / LEADER_EPOCH_CHECKPOINT, "rb") as f:
        return f.read()


def test_golden_bytes_and_reload(tmp_path):
    cache = new_cache(tmp_path, (0, 0), (2, 6), (5, 100))
    assert file_bytes(tmp_path) == b"0\n3\n0 0\n2 6\n5 100\n"
    assert LeaderEpochCache.load(str(tmp_path)).entries() == [EpochEntry(0, 0), EpochEntry(2, 6),
                                                              EpochEntry(5, 100)]
    assert cache.latest_epoch() == 5 and cache.previous_epoch() == 2
    assert cache.earliest_entry() == EpochEntry(0, 0)


def test_assign_same_epoch_later_offset_is_a_no_op(tmp_path):
    cache = new_cache(tmp_path, (2, 6))
    assert cache.assign(2, 10) is False
    assert cache.entries() == [EpochEntry(2, 6)]
    assert cache.assign(2, 5) is True
    assert cache.entries() == [EpochEntry(2, 5)]


def test_assign_truncates_non_monotonic_entries(tmp_path):
    cache = new_cache(tmp_path, (2, 6), (3, 8), (4, 11))
    cache.assign(3, 9)
    assert cache.entries() == [EpochEntry(2, 6), EpochEntry(3, 9)]
    cache.assign(5, 7)  # higher epoch at a lower offset replaces everything from offset 7
    assert cache.entries() == [EpochEntry(2, 6), EpochEntry(5, 7)]
    assert LeaderEpochCache.load(str(tmp_path)).entries() == cache.entries()


def test_assign_rejects_negative(tmp_path):
    cache = new_cache(tmp_path)
    with pytest.raises(ValueError):
        cache.assign(-1, 0)
    with pytest.raises(ValueError):
        cache.assign(0, -1)


def test_end_offset_for(tmp_path):
    cache = new_cache(tmp_path, (2, 6), (3, 8), (5, 11))
    leo = 20
    assert cache.end_offset_for(5, leo) == (5, leo)
    assert cache.end_offset_for(2, leo) == (2, 8)
    assert cache.end_offset_for(3, leo) == (3, 11)
    assert cache.end_offset_for(4, leo) == (3, 11)  # unknown epoch: the largest below it
    assert cache.end_offset_for(1, leo) == (1, 6)  # below every epoch: the first start offset
    assert cache.end_offset_for(6, leo) == (UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET)
    assert cache.end_offset_for(UNDEFINED_EPOCH, leo) == (UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET)


def test_end_offset_for_empty_cache(tmp_path):
    cache = LeaderEpochCache(str(tmp_path / LEADER_EPOCH_CHECKPOINT))
    assert cache.end_offset_for(0, 10) == (UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET)


def test_epoch_for_offset(tmp_path):
    cache = new_cache(tmp_path, (2, 6), (3, 8))
    assert cache.epoch_for_offset(5) is None
    assert cache.epoch_for_offset(6) == 2
    assert cache.epoch_for_offset(7) == 2
    assert cache.epoch_for_offset(100) == 3


def test_truncate_from_end(tmp_path):
    cache = new_cache(tmp_path, (2, 6), (3, 8), (4, 11))
    cache.truncate_from_end(12)
    assert len(cache.entries()) == 3
    cache.truncate_from_end(8)
    assert cache.entries() == [EpochEntry(2, 6)]
    assert file_bytes(tmp_path) == b"0\n1\n2 6\n"
    cache.truncate_from_end(0)
    assert cache.entries() == []


def test_truncate_from_start(tmp_path):
    cache = new_cache(tmp_path, (2, 6), (3, 8), (4, 11))
    cache.truncate_from_start(5)
    assert cache.entries() == [EpochEntry(2, 6), EpochEntry(3, 8), EpochEntry(4, 11)]
    cache.truncate_from_start(9)
    assert cache.entries() == [EpochEntry(3, 9), EpochEntry(4, 11)]
    cache.truncate_from_start(11)
    assert cache.entries() == [EpochEntry(4, 11)]
    cache.truncate_from_start(15)
    assert cache.entries() == [EpochEntry(4, 15)]
    assert file_bytes(tmp_path) == b"0\n1\n4 15\n"


def test_deferred_flush(tmp_path):
    cache = new_cache(tmp_path, (1, 0))
    cache.assign(2, 5, flush=False)
    assert LeaderEpochCache.load(str(tmp_path)).entries() == [EpochEntry(1, 0)]
    cache.flush()
    assert LeaderEpochCache.load(str(tmp_path)).entries() == [EpochEntry(1, 0), EpochEntry(2, 5)]


def test_entries_in_range(tmp_path):
    cache = new_cache(tmp_path, (1, 0), (2, 10), (3, 20))
    assert cache.entries_in_range(12, 15) == [EpochEntry(2, 10)]
    assert cache.entries_in_range(5, 21) == [EpochEntry(1, 0), EpochEntry(2, 10), EpochEntry(3, 20)]
    assert cache.entries_in_range(10, 20) == [EpochEntry(2, 10)]


def test_corrupt_file(tmp_path):
    with open(tmp_path / LEADER_EPOCH_CHECKPOINT, "w") as f:
        f.write("0\n2\n1 0\n")
    with pytest.raises(CheckpointError, match="Expected 2 entries"):
        LeaderEpochCache.load(str(tmp_path))
    with open(tmp_path / LEADER_EPOCH_CHECKPOINT, "w") as f:
        f.write("0\n1\n1 0 3\n")
    with pytest.raises(CheckpointError, match="Malformed line"):
        LeaderEpochCache.load(str(tmp_path))


def test_non_monotonic_file_is_normalised_like_kafka(tmp_path):
    with open(tmp_path / LEADER_EPOCH_CHECKPOINT, "w") as f:
        f.write("0\n3\n1 0\n3 10\n2 12\n")
    assert LeaderEpochCache.load(str(tmp_path)).entries() == [EpochEntry(1, 0), EpochEntry(2, 12)]
