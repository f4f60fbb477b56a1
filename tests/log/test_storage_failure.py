"""A write that fails (disk full, I/O error) takes the log offline without harming what was acknowledged:
the torn part of the batch is cut from the file, every later append, read, roll and flush answers
KAFKA_STORAGE_ERROR, and a reopen (crash recovery) finds every batch acknowledged before the failure."""

import errno
import os

import pytest
from log_helpers import VirtualClock, make_batch

from kbroker.log import segment as segment_module
from kbroker.log.config import LogConfig
from kbroker.log.log import Log, LogError
from kbroker.protocol import errors

SMALL = LogConfig(segment_bytes=1500, index_interval_bytes=200, segment_index_bytes=4096)
KAFKA_STORAGE_ERROR = errors.KAFKA_STORAGE_ERROR.code
REAL_WRITE = os.write


class FailingWrites:
    """os.write for the segment module that, once armed, writes `partial` bytes of the next call and then
    raises ENOSPC (the way a disk fills up part way through a batch)."""

    def __init__(self, partial: int):
        self.partial = partial
        self.armed = False
        self.calls = 0

    def __call__(self, fd, data):
        if not self.armed:
            return REAL_WRITE(fd, data)
        self.calls += 1
        if self.calls == 1 and self.partial:
            return REAL_WRITE(fd, memoryview(data)[:self.partial])
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.fixture
def failing_write(monkeypatch):
    def install(partial: int) -> FailingWrites:
        fake = FailingWrites(partial)
        monkeypatch.setattr(segment_module.os, "write", fake)
        return fake
    return install


def failing_ftruncate(fd, size):
    raise OSError(errno.EIO, "Input/output error")


def file_bytes(log: Log) -> bytes:
    with open(log.active_segment.log_path, "rb") as f:
        return f.read()


@pytest.mark.parametrize("partial", [0, 1, 60])
def test_a_failed_append_cuts_the_torn_batch_and_takes_the_log_offline(tmp_path, failing_write, partial):
    directory = str(tmp_path / "topic-0")
    log = Log.open(directory, SMALL, clock=VirtualClock())
    acknowledged = [bytes(make_batch(3, key=b"a%d-" % i)) for i in range(3)]
    for batch in acknowledged:
        log.append_as_leader(bytearray(batch), 0)
    before = file_bytes(log)
    failures = []
    log.on_storage_failure = failures.append
    fake = failing_write(partial)
    fake.armed = True

    with pytest.raises(LogError) as refused:
        log.append_as_leader(bytearray(make_batch(3, key=b"lost-")), 0)
    assert refused.value.error_code == KAFKA_STORAGE_ERROR
    assert "No space left on device" in str(refused.value) and "topic-0" in str(refused.value)
    assert failures == [log]
    assert file_bytes(log) == before, "the part of the batch that reached the file is cut again"
    assert log.log_end_offset == 9

    fake.armed = False
    for attempt in (lambda: log.append_as_leader(bytearray(make_batch(1)), 0), lambda: log.read(0, 1 << 20),
                    log.roll, log.flush):
        with pytest.raises(LogError) as offline:
            attempt()
        assert offline.value.error_code == KAFKA_STORAGE_ERROR
    log.maybe_flush()  # the periodic flush leaves an offline log alone

    reopened = Log.open(directory, SMALL, clock=VirtualClock(), had_clean_shutdown=False)
    assert reopened.log_end_offset == 9
    assert b"".join(reopened.read_batches()) == before
    assert reopened.append_as_leader(bytearray(make_batch(2)), 0).first_offset == 9
    reopened.close()


def test_recovery_cuts_a_torn_batch_the_failed_write_could_not_remove(tmp_path, failing_write, monkeypatch):
    """If even the cut fails, the torn tail stays in the file until the next start, whose recovery removes it."""
    directory = str(tmp_path / "topic-0")
    log = Log.open(directory, SMALL, clock=VirtualClock())
    log.append_as_leader(bytearray(make_batch(4)), 0)
    before = file_bytes(log)
    fake = failing_write(100)
    fake.armed = True
    monkeypatch.setattr(segment_module.os, "ftruncate", failing_ftruncate)
    with pytest.raises(LogError):
        log.append_as_leader(bytearray(make_batch(4)), 0)
    assert len(file_bytes(log)) == len(before) + 100
    monkeypatch.undo()

    reopened = Log.open(directory, SMALL, clock=VirtualClock(), had_clean_shutdown=False)
    assert reopened.log_end_offset == 4
    assert file_bytes(reopened) == before
    reopened.close()

