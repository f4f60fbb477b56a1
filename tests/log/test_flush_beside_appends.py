"""The periodic flush (Log.maybe_flush, run in a worker thread) fsyncs outside the log's lock: appends and reads
on the event loop go on while a slow fsync runs, as on Kafka, whose flush holds the log's lock only to move the
recovery point. Before, one fsync of a rolled segment under write-back held the lock for seconds and stopped the
whole broker (found with issue #20's e2e cell: the event loop parked on the lock while the flush thread sat in
the disk's queue)."""

import os
import threading

import pytest
from log_helpers import VirtualClock, make_batch

from kbroker.log.config import LogConfig
from kbroker.log.log import Log

SMALL = LogConfig(segment_bytes=1500, index_interval_bytes=200, segment_index_bytes=4096)
WAIT_S = 10.0


class StalledFsync:
    """os.fsync that parks the first caller until released (the disk's queue under write-back)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.entered, self.released = threading.Event(), threading.Event()
        self._real = os.fsync
        monkeypatch.setattr(os, "fsync", self)

    def __call__(self, fd: int) -> None:
        if not self.entered.is_set():
            self.entered.set()
            assert self.released.wait(WAIT_S), "the test never released the fsync"
        self._real(fd)


def rolled_log(directory: str) -> Log:
    """A log with two rolled segments waiting for their flush."""
    log = Log.open(directory, SMALL, clock=VirtualClock())
    while len(log.segments) < 3:
        log.append_as_leader(bytearray(make_batch(5)), 0)
    assert log.flush_pending_after_roll
    return log


def flush_in_a_thread(log: Log) -> tuple[threading.Thread, list[BaseException]]:
    failures: list[BaseException] = []

    def run() -> None:
        try:
            log.maybe_flush()
        except BaseException as exc:  # reported by the test
            failures.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    return thread, failures


def test_appends_and_reads_go_on_while_the_flush_waits_for_the_disk(tmp_path, monkeypatch):
    log = rolled_log(str(tmp_path / "topic-0"))
    flushed_to = log.active_segment.base_offset
    stalled = StalledFsync(monkeypatch)
    flusher, failures = flush_in_a_thread(log)
    assert stalled.entered.wait(WAIT_S)

    done = threading.Event()

    def append_and_read() -> None:
        log.append_as_leader(bytearray(make_batch(3)), 0)
        log.read(0, 1 << 20)
        done.set()

    appender = threading.Thread(target=append_and_read, daemon=True)
    appender.start()
    appended_during_the_flush = done.wait(WAIT_S / 2)
    stalled.released.set()
    flusher.join(WAIT_S)
    appender.join(WAIT_S)
    assert appended_during_the_flush, "the append waited for the fsync of another thread"
    assert not failures, failures
    # the recovery point covers the rolled segments, not the active one nor the append beside it
    assert log.recovery_point == flushed_to < log.log_end_offset
    assert not log.flush_pending_after_roll
    log.close()


def test_a_truncation_during_the_flush_keeps_the_recovery_point_it_set(tmp_path, monkeypatch):
    log = rolled_log(str(tmp_path / "topic-0"))
    assert log.recovery_point == 0 and log.log_end_offset > 2
    stalled = StalledFsync(monkeypatch)
    flusher, failures = flush_in_a_thread(log)
    assert stalled.entered.wait(WAIT_S)
    log.truncate_to(2)
    log.append_as_follower(bytes(make_batch(30, base_offset=2)))  # unflushed records past the old log end
    stalled.released.set()
    flusher.join(WAIT_S)
    assert not failures, failures
    assert log.recovery_point == 0  # where the truncation left it, not the log end the flush began at
    log.close()


def test_a_segment_deleted_during_the_flush_is_skipped_and_the_log_stays_online(tmp_path, monkeypatch):
    log = rolled_log(str(tmp_path / "topic-0"))
    stalled = StalledFsync(monkeypatch)
    flusher, failures = flush_in_a_thread(log)
    assert stalled.entered.wait(WAIT_S)
    log.truncate_fully_and_start_at(log.log_end_offset)  # closes every segment the flush was given
    stalled.released.set()
    flusher.join(WAIT_S)
    assert not failures, failures
    assert log.offline_reason is None and not log.closed
    assert log.append_as_leader(bytearray(make_batch(1)), 0).first_offset == log.log_start_offset
    log.close()


def test_a_log_deleted_during_the_flush_ends_the_flush_quietly(tmp_path, monkeypatch):
    """Topic deletion on the event loop closes every segment while the flush thread holds the list it chose:
    the segment being fsynced fails with EBADF and the next one is closed before its turn. Before, that next
    one's fsync(-1) raised ValueError out of the periodic flush and stopped the broker (found by `make bench`,
    which deletes each cell's topic)."""
    log = rolled_log(str(tmp_path / "topic-0"))
    stalled = StalledFsync(monkeypatch)
    flusher, failures = flush_in_a_thread(log)
    assert stalled.entered.wait(WAIT_S)
    log.delete()
    stalled.released.set()
    flusher.join(WAIT_S)
    assert not flusher.is_alive()
    assert not failures, failures
    assert log.closed and not os.path.exists(str(tmp_path / "topic-0"))


def test_the_flush_after_a_roll_syncs_the_rolled_segments_and_not_the_active_one(tmp_path, monkeypatch):
    """As Kafka's flush scheduled by a roll (flushUptoOffsetExclusive of the new segment's base offset). Syncing
    the active segment as well started write-back of the pages a tailing consumer reads next: its sendfile waited
    on their page locks (folio_wait_bit_common under filemap_splice_read), for up to 170 ms on the event loop
    (found with issue #20's e2e cell)."""
    log = rolled_log(str(tmp_path / "topic-0"))
    active = log.active_segment
    rolled_fds = {segment.fd for segment in log.segments if segment is not active}
    synced: list[int] = []
    real_fsync = os.fsync

    def recording_fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", recording_fsync)
    log.maybe_flush()
    assert rolled_fds <= set(synced) and active.fd not in synced
    assert log.recovery_point == active.base_offset and not log.flush_pending_after_roll
    synced.clear()
    log.flush()  # a whole flush (flush.ms, flush.messages, shutdown) syncs the active segment too
    assert active.fd in synced and log.recovery_point == log.log_end_offset
    log.close()
