"""Partition log behaviour: append, roll, read regions, timestamps, truncation, retention, reopen."""

import os

import pytest
from log_helpers import START_MS, VirtualClock, make_batch

from kbroker.log import retention
from kbroker.log.config import LogConfig
from kbroker.log.log import (
    EARLIEST_TIMESTAMP,
    LATEST_TIMESTAMP,
    MAX_TIMESTAMP,
    ORIGIN_COORDINATOR,
    Log,
    LogError,
    OffsetOutOfRangeError,
)
from kbroker.log.segment import filename_prefix
from kbroker.protocol import records as R

SMALL = LogConfig(segment_bytes=1500, index_interval_bytes=200, segment_index_bytes=4096,
                  file_delete_delay_ms=1000)


def open_log(tmp_path, config=SMALL, clock=None, **kw):
    return Log.open(str(tmp_path / "topic-0"), config, clock=clock or VirtualClock(), **kw)


def region_bytes(result):
    return b"".join(os.pread(r.fd, r.length, r.position) for r in result.regions)


def test_append_assigns_offsets_and_epoch(tmp_path):
    log = open_log(tmp_path)
    r1 = log.append_as_leader(make_batch(3), leader_epoch=4)
    r2 = log.append_as_leader(make_batch(2), leader_epoch=4)
    assert (r1.first_offset, r1.last_offset, r2.first_offset, r2.last_offset) == (0, 2, 3, 4)
    assert log.log_end_offset == 5
    data = region_bytes(log.read(0, 1 << 20))
    batches = list(R.iter_batches(data))
    assert [b.base_offset for b in batches] == [0, 3]
    assert all(b.partition_leader_epoch == 4 and b.is_valid() for b in batches)
    assert log.leader_epoch_cache.epoch_for_offset(3) == 4


def test_files_are_named_by_20_digit_base_offset(tmp_path):
    log = open_log(tmp_path)
    for _ in range(30):
        log.append_as_leader(make_batch(2), 0)
    names = sorted(os.listdir(log.directory))
    bases = [s.base_offset for s in log.segments]
    assert len(bases) > 2
    for base in bases:
        for suffix in (".log", ".index", ".timeindex"):
            assert filename_prefix(base) + suffix in names
    assert filename_prefix(0) == "00000000000000000000"


def test_roll_trims_indexes_and_active_is_preallocated(tmp_path):
    log = open_log(tmp_path)
    for _ in range(30):
        log.append_as_leader(make_batch(2), 0)
    *old, active = log.segments
    for seg in old:
        assert os.path.getsize(seg.offset_index.path) == seg.offset_index.entries * 8
        assert os.path.getsize(seg.time_index.path) == seg.time_index.entries * 12
        assert seg.offset_index.entries >= 1 and seg.time_index.entries >= 1
        assert seg.size <= SMALL.segment_bytes
    assert os.path.getsize(active.offset_index.path) == 4096
    assert os.path.getsize(active.time_index.path) == 4092
    log.close()
    assert os.path.getsize(active.offset_index.path) == active.offset_index.entries * 8


def test_index_entries_every_interval(tmp_path):
    log = open_log(tmp_path, LogConfig(index_interval_bytes=400))
    for _ in range(20):
        log.append_as_leader(make_batch(1), 0)
    seg = log.active_segment
    size = seg.size // 20
    entries = [seg.offset_index.entry(i) for i in range(seg.offset_index.entries)]
    assert entries and all(pos % size == 0 for _off, pos in entries)
    # each entry maps a batch's last offset to that batch's position
    assert all(off == pos // size for off, pos in entries)
    # an entry for the batch that finds more than 400 bytes written since the last entry (Kafka counts the
    # indexed batch itself towards the next interval): the 5th batch, then every 4th
    assert size * 4 > 400 >= size * 3
    assert [pos // size for _off, pos in entries] == [4, 8, 12, 16]


def test_read_bounds(tmp_path):
    log = open_log(tmp_path, LogConfig())
    sizes = []
    for _ in range(5):
        b = make_batch(2)
        sizes.append(len(b))
        log.append_as_leader(b, 0)
    whole = sum(sizes)
    assert log.read(0, 1 << 20).regions[0].length == whole
    # first batch returned whole even beyond max bytes
    r = log.read(0, 10)
    assert r.regions[0].length == sizes[0] and r.first_batch_offset == 0
    # without min_one_message Kafka slices max bytes as they are (the client drops the partial batch)
    assert log.read(0, 10, min_one_message=False).regions[0].length == 10
    # reading from the middle of a batch starts at that batch
    r = log.read(3, 1 << 20)
    assert r.first_batch_offset == 2 and r.regions[0].position == sizes[0]
    # upper bound (HW / LSO) stops at the batch holding it
    r = log.read(0, 1 << 20, max_offset=4)
    assert r.regions[0].length == sizes[0] + sizes[1]
    assert log.read(4, 1 << 20, max_offset=4).regions == []
    # like Kafka, the region may end inside a batch when max bytes cut it
    assert log.read(0, sizes[0] + 5).regions[0].length == sizes[0] + 5
    assert log.read(10, 100).regions == []
    with pytest.raises(OffsetOutOfRangeError) as info:
        log.read(11, 100)
    assert info.value.error_code == 1


def test_read_crosses_to_next_segment(tmp_path):
    log = open_log(tmp_path)
    for _ in range(30):
        log.append_as_leader(make_batch(2), 0)
    second = log.segments[1]
    r = log.read(second.base_offset, 1 << 20)
    assert r.first_batch_offset == second.base_offset
    assert r.regions[0].fd == second.fd and r.regions[0].position == 0 and r.regions[0].length == second.size


def test_log_start_offset_and_delete_records(tmp_path):
    log = open_log(tmp_path)
    for _ in range(30):
        log.append_as_leader(make_batch(2), 0)
    assert log.maybe_increment_log_start_offset(25)
    with pytest.raises(OffsetOutOfRangeError):
        log.read(24, 100)
    assert log.read(25, 100).first_batch_offset == 24
    deleted = retention.delete_old_segments(log)
    assert deleted >= 1 and log.segments[0].base_offset <= 25 < log.segments[0].next_offset()
    assert log.fetch_offset_by_timestamp(EARLIEST_TIMESTAMP).offset == 25
    with pytest.raises(OffsetOutOfRangeError):
        log.maybe_increment_log_start_offset(61)


def test_timestamp_lookup(tmp_path):
    clock = VirtualClock()
    log = open_log(tmp_path, clock=clock)
    for i in range(40):
        log.append_as_leader(make_batch(2, ts=START_MS + 10 * i), 2)
    # batch i holds records at START+10i and START+10i+1, offsets 2i and 2i+1
    assert log.fetch_offset_by_timestamp(START_MS + 55).offset == 12
    assert log.fetch_offset_by_timestamp(START_MS + 51).offset == 11
    assert log.fetch_offset_by_timestamp(START_MS + 51).timestamp == START_MS + 51
    assert log.fetch_offset_by_timestamp(START_MS).offset == 0
    assert log.fetch_offset_by_timestamp(START_MS + 10_000) is None
    mx = log.fetch_offset_by_timestamp(MAX_TIMESTAMP)
    assert (mx.offset, mx.timestamp, mx.leader_epoch) == (79, START_MS + 391, 2)
    latest = log.fetch_offset_by_timestamp(LATEST_TIMESTAMP)
    assert (latest.offset, latest.leader_epoch) == (80, 2)


def test_log_append_time(tmp_path):
    clock = VirtualClock()
    log = open_log(tmp_path, LogConfig(message_timestamp_type="LogAppendTime"), clock=clock)
    clock.advance(5)
    r = log.append_as_leader(make_batch(2, ts=1), 0)
    assert r.log_append_time == clock.now
    (b,) = R.iter_batches(region_bytes(log.read(0, 1 << 20)))
    assert b.timestamp_type == R.LOG_APPEND_TIME and b.max_timestamp == clock.now and b.is_valid()


def test_roll_by_segment_ms(tmp_path):
    clock = VirtualClock()
    log = open_log(tmp_path, LogConfig(segment_ms=1000), clock=clock)
    log.append_as_leader(make_batch(1, ts=clock.now), 0)
    log.append_as_leader(make_batch(1, ts=clock.now + 999), 0)
    assert len(log.segments) == 1
    log.append_as_leader(make_batch(1, ts=clock.now + 1001), 0)
    assert [s.base_offset for s in log.segments] == [0, 2]


def test_roll_on_full_index(tmp_path):
    log = open_log(tmp_path, LogConfig(index_interval_bytes=1, segment_index_bytes=8 * 4))
    for _ in range(12):
        log.append_as_leader(make_batch(1), 0)
    assert len(log.segments) >= 2
    assert all(s.offset_index.entries <= 4 for s in log.segments)


def test_truncate_to(tmp_path):
    log = open_log(tmp_path)
    for _ in range(30):
        log.append_as_leader(make_batch(2), 3)
    log.truncate_to(33)
    assert log.log_end_offset == 33  # the batch 32-33 straddles the target: it goes whole, the end stays at 33
    assert [R.RecordBatch(b).base_offset for b in log.read_batches(28)] == [28, 30]
    log.truncate_to(32)
    assert log.log_end_offset == 32
    assert max(s.base_offset for s in log.segments) <= 32
    r = log.append_as_leader(make_batch(2), 5)
    assert r.first_offset == 32
    assert [R.RecordBatch(b).base_offset for b in log.read_batches(30)] == [30, 32]
    log.truncate_to(0)
    assert log.log_end_offset == 0 and len(log.segments) == 1


def test_truncate_inside_a_batch_then_append_and_reopen(tmp_path):
    log = open_log(tmp_path)
    for _ in range(5):
        log.append_as_leader(make_batch(4), 1)
    log.truncate_to(10)  # inside the batch 8-11
    assert log.log_end_offset == 10
    assert log.append_as_follower(make_batch(3, base_offset=10, partition_leader_epoch=2)) == 13
    assert [R.RecordBatch(b).base_offset for b in log.read_batches(0)] == [0, 4, 10]
    log.truncate_to(11)  # inside the batch 10-12 this time, and then a restart
    log.close()
    log = open_log(tmp_path)
    assert log.log_end_offset == 8  # offsets 8-10 were never in a whole batch: recovery ends at the last one


def test_retention_ms_and_bytes(tmp_path):
    clock = VirtualClock()
    log = open_log(tmp_path, LogConfig(segment_bytes=1500, retention_ms=10_000, file_delete_delay_ms=1000),
                   clock=clock)
    for _ in range(30):
        log.append_as_leader(make_batch(2, ts=clock.now), 0)
        clock.advance(1000)
    before = len(log.segments)
    old_seg = log.segments[0]
    region = log.read(0, 100).regions[0]
    deleted = retention.delete_old_segments(log)
    assert 0 < deleted < before
    assert log.log_start_offset == log.segments[0].base_offset
    # deleted files are renamed and still readable through regions handed out before
    assert old_seg.log_path.endswith(".deleted")
    assert len(os.pread(region.fd, region.length, region.position)) == region.length
    clock.advance(1000)
    assert log.run_scheduled_deletes() == deleted
    assert not os.path.exists(old_seg.log_path)
    size_log = open_log(tmp_path / "b", LogConfig(segment_bytes=1500, retention_bytes=3000))
    for _ in range(60):
        size_log.append_as_leader(make_batch(2), 0)
    retention.delete_old_segments(size_log)
    assert 3000 - 1500 <= size_log.size_in_bytes() <= 3000 + 1500


def test_retention_respects_high_watermark(tmp_path):
    clock = VirtualClock()
    log = open_log(tmp_path, LogConfig(segment_bytes=1500, retention_ms=0), clock=clock)
    for _ in range(30):
        log.append_as_leader(make_batch(2, ts=clock.now - 100), 0)
    assert retention.delete_old_segments(log, high_watermark=0) == 0
    n = len(log.segments)
    assert retention.delete_old_segments(log, high_watermark=log.log_end_offset) == n
    assert log.log_start_offset == 60 and log.log_end_offset == 60 and len(log.segments) == 1


def test_reopen_after_clean_close(tmp_path):
    log = open_log(tmp_path)
    for _ in range(30):
        log.append_as_leader(make_batch(2), 1)
    data = log.read_batches()
    log.close()
    again = open_log(tmp_path, had_clean_shutdown=True, recovery_point=60)
    assert again.read_batches() == data and again.log_end_offset == 60
    assert again.fetch_offset_by_timestamp(START_MS + 1).offset == 1


def test_idempotent_producer(tmp_path):
    log = open_log(tmp_path)
    pid = dict(producer_id=77, producer_epoch=0)
    a = log.append_as_leader(make_batch(2, base_sequence=0, **pid), 0)
    b = log.append_as_leader(make_batch(3, base_sequence=2, **pid), 0)
    dup = log.append_as_leader(make_batch(2, base_sequence=0, **pid), 0)
    assert dup.duplicate and (dup.first_offset, dup.last_offset) == (a.first_offset, a.last_offset)
    assert log.log_end_offset == 5
    with pytest.raises(LogError) as gap:
        log.append_as_leader(make_batch(1, base_sequence=9, **pid), 0)
    assert gap.value.error_code == 45
    log.append_as_leader(make_batch(1, base_sequence=0, producer_id=77, producer_epoch=1), 0)
    with pytest.raises(LogError) as stale:
        log.append_as_leader(make_batch(1, base_sequence=5, **pid), 0)
    assert stale.value.error_code == 47
    with pytest.raises(LogError) as new_epoch_gap:
        log.append_as_leader(make_batch(1, base_sequence=3, producer_id=77, producer_epoch=2), 0)
    assert new_epoch_gap.value.error_code == 45
    # an unknown producer may start at any sequence (Kafka 4: no UNKNOWN_PRODUCER_ID from the log)
    log.append_as_leader(make_batch(1, base_sequence=500, producer_id=78, producer_epoch=0), 0)
    assert b.first_offset == 2


def test_transactions_lso_and_txn_index(tmp_path):
    log = open_log(tmp_path)
    t = dict(producer_id=5, producer_epoch=0, transactional=True)
    first = log.append_as_leader(make_batch(2, base_sequence=0, **t), 0)
    assert log.producer_state.first_unstable_offset() == first.first_offset
    log.append_as_leader(make_batch(2), 0)
    marker = log.append_control_marker(R.CONTROL_ABORT, producer_id=5, producer_epoch=0, coordinator_epoch=1,
                                       leader_epoch=0)
    assert log.producer_state.first_unstable_offset() is None
    aborted = log.collect_aborted_transactions(0, log.log_end_offset)
    assert [(a.producer_id, a.first_offset, a.last_offset, a.last_stable_offset) for a in aborted] == \
        [(5, 0, marker.first_offset, marker.first_offset + 1)]
    with pytest.raises(LogError) as fenced:
        log.append_control_marker(R.CONTROL_COMMIT, producer_id=5, producer_epoch=0, coordinator_epoch=0,
                                  leader_epoch=0)
    assert fenced.value.error_code == 52


def test_append_as_follower(tmp_path):
    leader = open_log(tmp_path / "l")
    for _ in range(10):
        leader.append_as_leader(make_batch(2), 7)
    follower = open_log(tmp_path / "f")
    data = b"".join(leader.read_batches())
    assert follower.append_as_follower(bytearray(data)) == 20
    assert follower.read_batches() == leader.read_batches()
    assert follower.leader_epoch_cache.epoch_for_offset(5) == 7


def test_last_stable_offset(tmp_path):
    log = open_log(tmp_path)
    log.append_as_leader(make_batch(2), 0)
    assert log.last_stable_offset(2) == 2
    log.append_as_leader(make_batch(2, producer_id=3, producer_epoch=0, base_sequence=0, transactional=True), 0)
    log.append_as_leader(make_batch(2), 0)
    assert log.last_stable_offset(6) == 2
    log.append_control_marker(R.CONTROL_COMMIT, producer_id=3, producer_epoch=0, coordinator_epoch=0,
                              leader_epoch=0)
    assert log.last_stable_offset(7) == 7


def test_missing_indexes_and_leftovers_on_open(tmp_path):
    log = open_log(tmp_path)
    for i in range(30):
        log.append_as_leader(make_batch(2, ts=START_MS + i), 0)
    data = log.read_batches()
    old = log.segments[1]
    entries = old.offset_index.entries
    log.close()
    os.unlink(old.offset_index.path)
    os.unlink(old.time_index.path)
    for leftover in ("00000000000000000999.log.deleted", "00000000000000000000.log.cleaned"):
        open(os.path.join(log.directory, leftover), "wb").close()
    again = open_log(tmp_path, had_clean_shutdown=True, recovery_point=60)
    rebuilt = again.segments[1]
    assert rebuilt.offset_index.entries == entries and os.path.exists(rebuilt.time_index.path)
    assert again.read_batches() == data
    assert not any(n.endswith((".deleted", ".cleaned")) for n in os.listdir(again.directory))
    # batch i holds timestamps START+i and START+i+1 at offsets 2i, 2i+1
    assert again.fetch_offset_by_timestamp(START_MS + 20).offset == 39


def test_timestamp_lookup_bounded_by_high_watermark(tmp_path):
    log = open_log(tmp_path)
    for i in range(5):
        log.append_as_leader(make_batch(2, ts=START_MS + 10 * i), 0)
    assert log.fetch_offset_by_timestamp(START_MS + 30, max_offset=6) is None
    assert log.fetch_offset_by_timestamp(START_MS + 20, max_offset=6).offset == 4
    assert log.fetch_offset_by_timestamp(LATEST_TIMESTAMP, max_offset=6).offset == 6
    assert log.fetch_offset_by_timestamp(EARLIEST_TIMESTAMP, max_offset=6).offset == 0


@pytest.mark.parametrize("snapshot_before_abort", [False, True])
def test_unclean_restart_rebuilds_aborted_transaction_index(tmp_path, snapshot_before_abort):
    """Recovery resets the .txnindex of the segments it re-reads; the producer-state replay must put the
    aborted transactions back, or read_committed fetches would serve aborted data."""
    clock = VirtualClock()
    log = open_log(tmp_path, clock=clock)
    batch = R.build_batch([(START_MS, b"k", b"aborted")], producer_id=7, producer_epoch=0, base_sequence=0,
                          transactional=True)
    log.append_as_leader(batch, 0, origin=ORIGIN_COORDINATOR)
    if snapshot_before_abort:
        log.roll()
    log.append_control_marker(R.CONTROL_ABORT, producer_id=7, producer_epoch=0, coordinator_epoch=0,
                              leader_epoch=0)
    expected = [(t.producer_id, t.first_offset, t.last_offset) for t in log.collect_aborted_transactions(0, 2)]
    assert expected == [(7, 0, 1)]
    log.close_without_flush()

    reopened = open_log(tmp_path, clock=clock)
    assert [(t.producer_id, t.first_offset, t.last_offset)
            for t in reopened.collect_aborted_transactions(0, 2)] == expected
    reopened.close()


@pytest.mark.parametrize("reopen", [False, True])
def test_read_finds_the_batch_holding_every_offset(tmp_path, reopen):
    """Batches of mixed sizes, some smaller and some larger than index.interval.bytes, so that the index
    sometimes names the batch holding an offset and sometimes only brackets it; the active segment searches
    in-memory keys, a reopened inactive one its mapped file."""
    log = open_log(tmp_path, LogConfig(index_interval_bytes=300, file_delete_delay_ms=1000))
    for i in range(40):
        log.append_as_leader(make_batch(1 + i % 4, value_size=(20, 400, 60, 900)[i % 4]), leader_epoch=0)
    if reopen:
        log.roll()
        log.close()
        log = open_log(tmp_path, LogConfig(index_interval_bytes=300, file_delete_delay_ms=1000),
                       had_clean_shutdown=True)
    segment = log.segments[0]
    assert segment.offset_index.entries > 3 and (segment.offset_index._keys is None) == reopen
    batches = list(segment.batches())
    for offset in range(log.log_end_offset):
        holder = next(b for b in batches if b.base_offset <= offset <= b.last_offset)
        assert segment.translate_offset(offset) == holder
        result = log.read(offset, 1)
        assert (result.first_batch_offset, result.regions[0].position, result.regions[0].length) == (
            holder.base_offset, holder.position, holder.size)
    log.close()
