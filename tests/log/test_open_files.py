"""File descriptors a partition log holds: one per segment, its `.log`, as in Apache Kafka (whose indexes are
MappedByteBuffers that keep no descriptor, and whose `.txnindex` channel opens only on the first aborted
transaction). The indexes are mapped without a descriptor (kbroker.log.file_map), an older segment's on
first use. Running out of descriptors on a roll fails that append with KAFKA_STORAGE_ERROR and leaves the log
online."""

from __future__ import annotations

import errno
import os

import pytest
from log_helpers import START_MS, VirtualClock, make_batch

from kbroker.log import segment as segment_module
from kbroker.log.config import LogConfig
from kbroker.log.log import Log, LogError
from kbroker.protocol import errors

SMALL = LogConfig(segment_bytes=1500, index_interval_bytes=200, segment_index_bytes=4096)


def descriptors_under(directory: str) -> list[str]:
    """The files under `directory` this process holds open (from /proc/self/fd)."""
    held = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except FileNotFoundError:
            continue
        if target.startswith(directory + os.sep):
            held.append(os.path.basename(target))
    return sorted(held)


def filled_log(directory: str, batches: int = 24) -> Log:
    log = Log.open(directory, SMALL, clock=VirtualClock(), topic="t", partition=0)
    for i in range(batches):
        log.append_as_leader(make_batch(3, ts=START_MS + i * 10), leader_epoch=0)
    return log


def test_a_partition_holds_one_descriptor_per_segment(tmp_path):
    directory = str(tmp_path / "t-0")
    log = filled_log(directory)
    segments = len(log.segments)
    assert segments >= 4
    expected = sorted(f"{s.base_offset:020d}.log" for s in log.segments)
    assert descriptors_under(directory) == expected

    # reading the older segments maps their indexes (lazily): still no descriptor for them
    assert log.read(0, 100).regions
    assert log.fetch_offset_by_timestamp(START_MS + 30).offset == 9
    assert log.segments[0].offset_index.is_mapped
    assert descriptors_under(directory) == expected

    log.close()
    assert descriptors_under(directory) == []

    # reopened after a crash (recovery rebuilds every index) and after a clean close
    for clean in (False, True):
        reopened = Log.open(directory, SMALL, clock=VirtualClock(), topic="t", partition=0,
                            had_clean_shutdown=clean, recovery_point=0)
        assert descriptors_under(directory) == expected
        assert not reopened.segments[0].offset_index.is_mapped
        assert reopened.log_end_offset == log.log_end_offset
        reopened.close()


class OutOfDescriptors:
    """Stands in for OffsetIndex while `failing`: opening an index fails with EMFILE."""

    def __init__(self, real):
        self.real = real
        self.failing = True

    def __call__(self, *args, **kwargs):
        if self.failing:
            raise OSError(errno.EMFILE, "Too many open files")
        return self.real(*args, **kwargs)


def test_a_roll_out_of_descriptors_fails_that_append_and_the_log_stays_online(tmp_path, monkeypatch, caplog):
    directory = str(tmp_path / "t-0")
    log = filled_log(directory, batches=3)
    segments_before = [s.base_offset for s in log.segments]
    files_before = sorted(os.listdir(directory))
    opener = OutOfDescriptors(segment_module.OffsetIndex)
    monkeypatch.setattr(segment_module, "OffsetIndex", opener)

    with pytest.raises(LogError) as refused:
        for i in range(10):  # until a roll is needed
            log.append_as_leader(make_batch(3, ts=START_MS + 100 + i), leader_epoch=0)
    assert refused.value.error_code == errors.KAFKA_STORAGE_ERROR.code
    assert "Too many open files" in str(refused.value)
    assert [r.message for r in caplog.records if "Too many open files" in r.message] == [
        f"{refused.value} (the log stays online)"]
    assert not log.closed
    acknowledged_end = log.log_end_offset
    assert [s.base_offset for s in log.segments][:len(segments_before)] == segments_before
    assert sorted(os.listdir(directory)) == sorted(set(files_before) | {
        f"{s.base_offset:020d}{suffix}" for s in log.segments for suffix in (".log", ".index", ".timeindex")})
    assert descriptors_under(directory) == sorted(f"{s.base_offset:020d}.log" for s in log.segments)

    opener.failing = False
    appended = log.append_as_leader(make_batch(3, ts=START_MS + 200), leader_epoch=0)
    assert appended.first_offset == acknowledged_end
    assert log.active_segment.base_offset == acknowledged_end
    log.close()
    reopened = Log.open(directory, SMALL, clock=VirtualClock(), topic="t", partition=0, recovery_point=0)
    assert reopened.log_end_offset == acknowledged_end + 3
    reopened.close()


def test_a_deleted_log_keeps_its_segments_open_until_the_file_delete_delay(tmp_path):
    """A topic deleted while a fetch response is being sent from its segment: Kafka closes a deleted log only
    after file.delete.delay.ms, so the response goes out whole; a descriptor closed at once would fail it, or,
    its number taken by the next file opened, send that file's bytes."""
    directory = str(tmp_path / "t-0")
    log = filled_log(directory)
    region = log.read(0, 1 << 20).regions[0]
    fetched = os.pread(region.fd, region.length, region.position)
    segments, clock = list(log.segments), log.clock
    assert len(segments) > 1
    log.delete(keep_open=True)
    assert log.closed and not os.path.exists(directory)
    assert os.pread(region.fd, region.length, region.position) == fetched
    clock.advance(SMALL.file_delete_delay_ms - 1)
    assert log.run_scheduled_deletes() == 0
    assert os.pread(region.fd, region.length, region.position) == fetched
    assert not any(segment.closed for segment in segments)
    recreated = filled_log(directory, batches=1)  # a topic of the same name, at the same paths
    clock.advance(1)
    assert log.run_scheduled_deletes() == len(segments) and not log.pending_deletes
    assert all(segment.closed for segment in segments)
    assert os.path.exists(recreated.active_segment.log_path)  # what was unlinked went with the old directory
    recreated.close()


def test_a_log_deleted_without_delay_closes_its_segments_at_once(tmp_path):
    log = filled_log(str(tmp_path / "t-0"))
    segments = list(log.segments)
    log.delete()
    assert all(segment.closed for segment in segments) and not log.pending_deletes
