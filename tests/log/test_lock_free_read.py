"""Log.read and Log.last_stable_offset take no lock, as Kafka's LocalLog.read: a fetch never waits for an append
that holds the log's lock through its write, and what it reads (the segments, the first unstable offset) is
published whole, never half-changed."""

import threading

import pytest
from log_helpers import VirtualClock, make_batch

from kbroker.log.cleaner import LogCleaner
from kbroker.log.config import LogConfig
from kbroker.log.log import Log, OffsetOutOfRangeError
from kbroker.protocol import records as R

SMALL = LogConfig(segment_bytes=1500, index_interval_bytes=200, segment_index_bytes=4096,
                  file_delete_delay_ms=1000)


class RecordingLog(Log):
    """Keeps every segment view the log publishes."""

    def __setattr__(self, name, value):
        if name == "_view":
            self.__dict__.setdefault("published", []).append(value)
        super().__setattr__(name, value)


def open_log(tmp_path, config=SMALL, cls=Log):
    return cls.open(str(tmp_path / "topic-0"), config, clock=VirtualClock())


def test_a_fetch_reads_while_an_append_holds_the_lock(tmp_path):
    log = open_log(tmp_path)
    for _ in range(10):
        log.append_as_leader(make_batch(2), 0)
    held, release = threading.Event(), threading.Event()

    def append_in_progress():
        with log.lock:
            held.set()
            release.wait()

    def fetch():
        answers.append(log.read(4, 1 << 20).first_batch_offset)
        answers.append(log.last_stable_offset(20))
        answers.append(log.collect_aborted_transactions(0, 20))

    answers = []
    holder = threading.Thread(target=append_in_progress)
    holder.start()
    held.wait()
    reader = threading.Thread(target=fetch, daemon=True)
    reader.start()
    reader.join(timeout=10)  # a read that took the lock would still be waiting for it
    release.set()
    holder.join()
    assert answers == [4, 20, []]
    log.close()


def test_the_cleaners_swap_never_publishes_a_view_without_the_cleaned_range(tmp_path):
    config = LogConfig(cleanup_policy="compact", min_cleanable_dirty_ratio=0.01, file_delete_delay_ms=0,
                       segment_bytes=2048)
    log = open_log(tmp_path, config, RecordingLog)
    clock = log.clock
    for i in range(60):
        log.append_as_leader(R.build_batch([(clock(), b"k%d" % (i % 3), b"v%d" % i)]), 0)
    log.roll()
    before = len(log.published)
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    cleaner.clean_until_idle()
    swaps = log.published[before:]
    assert swaps, "the cleaner swapped no segment in"
    for view in swaps:
        # offset 0 (the cleaned group's base) lies in a segment of every view a reader could take
        assert view.floor_index(0) == 0
    assert log.read(0, 1 << 20).first_batch_offset >= 0
    log.close()


def test_a_read_from_a_log_start_that_retention_just_passed_is_out_of_range(tmp_path):
    log = open_log(tmp_path)
    for _ in range(30):
        log.append_as_leader(make_batch(2), 0)
    start_read_before = log.log_start_offset
    log.delete_segments(log.segments[:2])
    assert log.log_start_offset > start_read_before
    # a reader that took the log start before the deletion and the segments after it
    log.log_start_offset = start_read_before
    with pytest.raises(OffsetOutOfRangeError, match="starting from offset"):
        log.read(start_read_before, 1 << 20)
    log.close()


def test_the_last_stable_offset_stays_whole_while_the_producer_state_reloads(tmp_path, monkeypatch):
    log = open_log(tmp_path)
    log.append_as_leader(make_batch(2), 0)
    log.append_as_leader(make_batch(2, producer_id=3, producer_epoch=0, base_sequence=0, transactional=True), 0)
    log.append_as_leader(make_batch(2), 0)
    assert log.last_stable_offset(100) == 2
    seen_mid_reload = []
    reload = log.producer_state.truncate_and_reload

    def reload_then_look(*args):
        reload(*args)  # the open transaction is forgotten until the replay finds it again
        seen_mid_reload.append(log.last_stable_offset(100))

    monkeypatch.setattr(log.producer_state, "truncate_and_reload", reload_then_look)
    log.truncate_to(5)
    assert seen_mid_reload == [2]
    assert log.last_stable_offset(100) == 2
    log.close()
    reopened = open_log(tmp_path)
    assert reopened.last_stable_offset(100) == 2
    reopened.close()
