"""Log compaction on real partition logs: latest value per key, offsets kept, tombstone horizon (KIP-534),
transaction markers and aborted data, producer state kept, dirty ratio / compaction lag, reads and appends
while a cleaning round is in progress."""

import os
import random

import pytest

from kbroker.log.checkpoints import CLEANER_OFFSET_CHECKPOINT, log_dir_checkpoint
from kbroker.log.cleaner import LogCleaner, OffsetMap, log_to_clean
from kbroker.log.config import LogConfig
from kbroker.log.log import ORIGIN_COORDINATOR, Log
from kbroker.protocol import compression
from kbroker.protocol import records as R

T0 = 1_700_000_000_000
CODECS = [compression.NONE, compression.GZIP, compression.SNAPPY, compression.LZ4, compression.ZSTD]
DAY = 24 * 3600 * 1000


class Clock:
    def __init__(self):
        self.now = T0

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def clock():
    return Clock()


def open_log(tmp_path, clock, **overrides) -> Log:
    settings = dict(cleanup_policy="compact", min_cleanable_dirty_ratio=0.01, file_delete_delay_ms=0,
                    segment_bytes=64 * 1024)
    settings.update(overrides)
    return Log.open(str(tmp_path / "logs" / "compacted-0"), LogConfig(**settings), clock=clock)


def produce(log, pairs, *, codec=compression.NONE, timestamp=None, **batch_fields):
    ts = timestamp if timestamp is not None else log.clock()
    batch = R.build_batch([(ts, k, v) for k, v in pairs], compression_type=codec, **batch_fields)
    origin = ORIGIN_COORDINATOR if batch_fields.get("transactional") else "client"
    return log.append_as_leader(batch, 0, origin=origin)


def batches(log):
    return [R.RecordBatch(bytearray(b)) for b in log.read_batches()]


def records(log):
    return [(r.offset, r.key, r.value) for b in batches(log) if not b.is_control for r in b.records()]


def clean(log, clock):
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    cleaner.clean_until_idle()
    return cleaner


def checkpoint(log):
    return log_dir_checkpoint(os.path.dirname(log.directory), CLEANER_OFFSET_CHECKPOINT).read()


def test_keeps_latest_value_per_key_with_original_offsets(tmp_path, clock):
    log = open_log(tmp_path, clock)
    produce(log, [(b"a", b"1"), (b"b", b"1"), (b"c", b"1")])       # 0-2
    produce(log, [(b"a", b"2"), (b"d", b"1")], codec=compression.ZSTD)  # 3-4
    log.roll()
    produce(log, [(b"b", b"2"), (b"a", b"3")], codec=compression.GZIP)  # 5-6
    log.roll()
    produce(log, [(b"a", b"active")])                                 # 7: active segment, never cleaned
    clean(log, clock)
    assert records(log) == [(2, b"c", b"1"), (4, b"d", b"1"), (5, b"b", b"2"), (6, b"a", b"3"),
                            (7, b"a", b"active")]
    shapes = [(b.base_offset, b.last_offset, b.records_count, b.compression_type) for b in batches(log)]
    # the batch at 0-2 keeps its offsets; the zstd batch stays zstd with one survivor; the gzip one is untouched
    assert shapes == [(0, 2, 1, compression.NONE), (3, 4, 1, compression.ZSTD), (5, 6, 2, compression.GZIP),
                      (7, 7, 1, compression.NONE)]
    assert all(b.is_valid() for b in batches(log))
    assert checkpoint(log) == {("compacted", 0): 7}
    assert log.log_end_offset == 8
    log.close()
    reopened = open_log(tmp_path, clock)
    assert records(reopened) == [(2, b"c", b"1"), (4, b"d", b"1"), (5, b"b", b"2"), (6, b"a", b"3"),
                                 (7, b"a", b"active")]
    for segment in reopened.segments:
        segment.sanity_check()
    assert not [n for n in os.listdir(reopened.directory) if n.endswith((".cleaned", ".swap", ".deleted"))]
    reopened.close()


def test_fetch_by_offset_after_cleaning_finds_the_next_survivor(tmp_path, clock):
    log = open_log(tmp_path, clock, index_interval_bytes=1)
    for i in range(30):
        produce(log, [(b"k%d" % (i % 3), b"v%d" % i)])
    log.roll()
    produce(log, [(b"x", b"y")])
    clean(log, clock)
    assert [o for o, _k, _v in records(log)] == [27, 28, 29, 30]
    result = log.read(3, 1 << 20)
    assert result.first_batch_offset == 27
    region = result.regions[0]
    data = os.pread(region.fd, region.length, region.position)
    assert R.RecordBatch(bytearray(data)).base_offset == 27
    log.close()


def test_records_without_key_are_removed(tmp_path, clock):
    # Only a topic switched from delete to compact holds keyless records (the validator rejects them now).
    log = open_log(tmp_path, clock, cleanup_policy="delete")
    produce(log, [(None, b"no key"), (b"k", b"v")])
    log.roll()
    log.close()
    log = open_log(tmp_path, clock)
    produce(log, [(b"z", b"z")])
    cleaner = clean(log, clock)
    assert records(log) == [(1, b"k", b"v"), (2, b"z", b"z")]
    assert cleaner.last_stats.invalid_records == 1
    log.close()


def test_tombstones_survive_until_their_delete_horizon(tmp_path, clock):
    log = open_log(tmp_path, clock, delete_retention_ms=DAY)
    produce(log, [(b"k", b"v"), (b"other", b"o")])
    produce(log, [(b"k", None)])
    log.roll()
    produce(log, [(b"later", b"1")])
    clean(log, clock)
    assert records(log) == [(1, b"other", b"o"), (2, b"k", None), (3, b"later", b"1")]
    tomb = batches(log)[1]
    assert tomb.has_delete_horizon and tomb.delete_horizon_ms == T0 + DAY
    assert tomb.is_valid() and list(tomb.records())[0].timestamp == T0

    # Before the horizon a new round keeps the tombstone (and its horizon).
    clock.now = T0 + DAY - 1
    log.roll()
    produce(log, [(b"later", b"2")])
    clean(log, clock)
    assert (2, b"k", None) in records(log)
    assert batches(log)[1].delete_horizon_ms == T0 + DAY

    clock.now = T0 + DAY
    log.roll()
    produce(log, [(b"later", b"3")])
    clean(log, clock)
    assert records(log) == [(1, b"other", b"o"), (4, b"later", b"2"), (5, b"later", b"3")]
    log.close()


def test_aborted_data_is_removed_and_markers_expire(tmp_path, clock):
    log = open_log(tmp_path, clock, delete_retention_ms=1000)
    aborted_pid, committed_pid = 7, 8
    produce(log, [(b"a", b"aborted")], producer_id=aborted_pid, producer_epoch=0, base_sequence=0,
            transactional=True)                                                      # 0
    produce(log, [(b"c", b"committed")], producer_id=committed_pid, producer_epoch=0, base_sequence=0,
            transactional=True)                                                      # 1
    log.append_control_marker(R.CONTROL_ABORT, producer_id=aborted_pid, producer_epoch=0,
                              coordinator_epoch=0, leader_epoch=0)                   # 2
    log.append_control_marker(R.CONTROL_COMMIT, producer_id=committed_pid, producer_epoch=0,
                              coordinator_epoch=0, leader_epoch=0)                   # 3
    # the aborting producer moves on, so its aborted batch is no longer its last one
    produce(log, [(b"b", b"next")], producer_id=aborted_pid, producer_epoch=0, base_sequence=1,
            transactional=True)                                                      # 4
    log.append_control_marker(R.CONTROL_COMMIT, producer_id=aborted_pid, producer_epoch=0,
                              coordinator_epoch=0, leader_epoch=0)                   # 5
    log.roll()
    produce(log, [(b"z", b"1")])                                                     # 6
    assert [t.first_offset for t in log.collect_aborted_transactions(0, 7)] == [0]

    clean(log, clock)
    kinds = [(b.base_offset, b.is_control, b.records_count) for b in batches(log)]
    # aborted data gone; its ABORT marker stays for this round (data was seen) and so does its index entry
    assert kinds == [(1, False, 1), (2, True, 1), (3, True, 1), (4, False, 1), (5, True, 1), (6, False, 1)]
    assert [(t.producer_id, t.first_offset, t.last_offset) for t in log.collect_aborted_transactions(0, 7)] == \
        [(aborted_pid, 0, 2)]

    log.roll()
    produce(log, [(b"z", b"2")])                                                     # 7
    clean(log, clock)
    abort = [b for b in batches(log) if b.base_offset == 2][0]
    assert abort.is_control and abort.has_delete_horizon and abort.delete_horizon_ms == T0 + 1000

    clock.now = T0 + 1000
    log.roll()
    produce(log, [(b"z", b"3")])                                                     # 8
    clean(log, clock)
    # z@7 survives: only the active segment (never cleaned) holds a newer z
    assert [b.base_offset for b in batches(log)] == [1, 3, 4, 5, 7, 8]
    assert log.collect_aborted_transactions(0, 9) == []
    assert records(log) == [(1, b"c", b"committed"), (4, b"b", b"next"), (7, b"z", b"2"), (8, b"z", b"3")]
    log.close()


def test_commit_marker_goes_once_its_data_is_superseded(tmp_path, clock):
    log = open_log(tmp_path, clock, delete_retention_ms=1000)
    produce(log, [(b"k", b"txn")], producer_id=3, producer_epoch=0, base_sequence=0, transactional=True)  # 0
    log.append_control_marker(R.CONTROL_COMMIT, producer_id=3, producer_epoch=0, coordinator_epoch=0,
                              leader_epoch=0)                                                          # 1
    log.producer_state.producers.clear()  # the producer expired
    produce(log, [(b"k", b"plain")])                                                                   # 2
    log.roll()
    produce(log, [(b"x", b"x")])                                                                       # 3
    clean(log, clock)  # data at 0 superseded and dropped; the marker stays: this round saw its data
    assert [(b.base_offset, b.is_control) for b in batches(log)] == [(1, True), (2, False), (3, False)]
    log.roll()
    produce(log, [(b"x", b"y")])                                                                       # 4
    clean(log, clock)  # no data of the transaction left: the marker gets its delete horizon
    marker = batches(log)[0]
    assert marker.is_control and marker.delete_horizon_ms == clock.now + 1000
    clock.now += 1000
    log.roll()
    produce(log, [(b"x", b"z")])                                                                       # 5
    clean(log, clock)
    assert [(b.base_offset, b.is_control) for b in batches(log)] == [(2, False), (4, False), (5, False)]
    log.close()


def test_last_batch_of_an_active_producer_is_kept_empty(tmp_path, clock):
    log = open_log(tmp_path, clock)
    produce(log, [(b"k", b"1")], producer_id=11, producer_epoch=2, base_sequence=0)  # 0
    produce(log, [(b"k", b"2"), (b"j", b"2")], producer_id=11, producer_epoch=2, base_sequence=1)  # 1-2
    produce(log, [(b"k", b"3"), (b"j", b"3")])                                       # 3-4
    log.roll()
    produce(log, [(b"x", b"x")])
    clean(log, clock)
    kept = batches(log)
    assert [(b.base_offset, b.last_offset, b.records_count) for b in kept] == [(1, 2, 0), (3, 4, 2), (5, 5, 1)]
    empty = kept[0]
    assert (empty.producer_id, empty.producer_epoch, empty.base_sequence, empty.last_sequence) == (11, 2, 1, 2)
    assert empty.is_valid() and empty.size == R.RECORD_BATCH_OVERHEAD
    assert empty.base_timestamp == R.NO_TIMESTAMP and empty.max_timestamp == T0
    # the producer's next batch still continues its sequence after a reopen
    log.close()
    log = open_log(tmp_path, clock)
    result = produce(log, [(b"k", b"4")], producer_id=11, producer_epoch=2, base_sequence=3)
    assert result.first_offset == 6
    duplicate = produce(log, [(b"k", b"4")], producer_id=11, producer_epoch=2, base_sequence=3)
    assert duplicate.duplicate and duplicate.first_offset == 6
    log.close()


def test_dirty_ratio_and_compaction_lag(tmp_path, clock):
    log = open_log(tmp_path, clock, min_cleanable_dirty_ratio=0.5)
    for i in range(10):
        produce(log, [(b"k%d" % i, b"v")])
    log.roll()
    produce(log, [(b"x", b"x")])
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    cleaner.clean_until_idle()
    assert checkpoint(log) == {("compacted", 0): 10}
    # 1 dirty batch next to 10 clean ones: ratio 1/11 is below 0.5
    log.roll()
    produce(log, [(b"y", b"y")])
    plan = log_to_clean(log, 10, clock(), log.log_end_offset)
    assert plan.first_dirty_offset == 10 and plan.first_uncleanable_offset == 11
    assert 0 < plan.cleanable_ratio < 0.5
    assert cleaner.choose_log(clock()) is None

    lagging = open_log(tmp_path / "lag", clock, min_compaction_lag_ms=60_000)
    produce(lagging, [(b"a", b"1")])
    produce(lagging, [(b"a", b"2")])
    lagging.roll()
    produce(lagging, [(b"b", b"1")])
    lag_cleaner = LogCleaner(clock)
    lag_cleaner.add_log(lagging)
    assert lag_cleaner.clean_until_idle() == 0
    assert len(records(lagging)) == 3
    clock.now += 60_001
    lag_cleaner.clean_until_idle()
    assert records(lagging) == [(1, b"a", b"2"), (2, b"b", b"1")]
    lagging.close()
    log.close()


def test_open_transaction_bounds_the_cleanable_range(tmp_path, clock):
    log = open_log(tmp_path, clock)
    produce(log, [(b"k", b"1")])                                                                     # 0
    produce(log, [(b"k", b"open")], producer_id=5, producer_epoch=0, base_sequence=0, transactional=True)  # 1
    log.roll()
    produce(log, [(b"k", b"3")])                                                                     # 2
    log.roll()
    produce(log, [(b"q", b"q")])                                                                     # 3
    plan = log_to_clean(log, None, clock(), log.log_end_offset)
    assert plan.first_uncleanable_offset == 1  # the last stable offset
    clean(log, clock)
    assert [v for _o, k, v in records(log) if k == b"k"] == [b"1", b"open", b"3"]
    log.close()


def test_appends_and_reads_continue_during_a_round(tmp_path, clock):
    log = open_log(tmp_path, clock, file_delete_delay_ms=60_000, segment_bytes=300)
    for i in range(12):
        produce(log, [(b"k%d" % (i % 2), b"value-%d" % i)])
    assert len(log.segments) > 3
    before = log.read(0, 1 << 20)
    region = before.regions[0]
    old_bytes = os.pread(region.fd, region.length, region.position)
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    assert cleaner.step()
    steps = 1
    while cleaner.busy:  # one round, with an append and a read between its steps
        produce(log, [(b"during", b"%d" % steps)])
        log.read(log.log_start_offset, 1 << 20)
        cleaner.step()
        steps += 1
    assert steps > 2
    # a region handed out before the swap stays readable until file.delete.delay.ms passes
    assert os.pread(region.fd, region.length, region.position) == old_bytes
    values = records(log)
    offsets = [o for o, _k, _v in values]
    assert offsets == sorted(offsets) and offsets[-1] == log.log_end_offset - 1
    keyed = [(k, v) for _o, k, v in values if k in (b"k0", b"k1")]
    assert len(keyed) < 12 and keyed[-2:] == [(b"k0", b"value-10"), (b"k1", b"value-11")]
    assert len([1 for _o, k, _v in values if k == b"during"]) == steps - 1
    cleaner.clean_until_idle()
    assert [(k, v) for _o, k, v in records(log) if k in (b"k0", b"k1")] == [(b"k0", b"value-10"),
                                                                             (b"k1", b"value-11")]
    clock.now += 60_000
    assert log.run_scheduled_deletes() > 0
    assert not [n for n in os.listdir(log.directory) if n.endswith(".deleted")]
    log.close()


def test_round_is_dropped_when_retention_removes_its_segments(tmp_path, clock):
    log = open_log(tmp_path, clock)
    produce(log, [(b"a", b"1")])
    produce(log, [(b"a", b"2")])
    log.roll()
    produce(log, [(b"b", b"1")])
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    assert cleaner.step() and cleaner.step()  # the dirty segment is mapped, the groups are planned
    log.delete_segments(log.segments[:1])
    assert cleaner.step() and not cleaner.busy
    assert records(log) == [(2, b"b", b"1")]
    assert checkpoint(log) == {}
    assert not [n for n in os.listdir(log.directory) if ".cleaned" in n or ".swap" in n]
    log.close()


def test_offset_map_bound_splits_cleaning_into_rounds(tmp_path, clock):
    log = open_log(tmp_path, clock)
    for i in range(20):
        produce(log, [(b"key-%d" % i, b"1")])
    for i in range(20):
        produce(log, [(b"key-%d" % i, b"2")])
    log.roll()
    produce(log, [(b"x", b"x")])
    cleaner = LogCleaner(clock, max_map_entries=8)
    cleaner.add_log(log)
    cleaner.clean_until_idle()
    assert sorted(v for _o, k, v in records(log) if k.startswith(b"key-")) == [b"2"] * 20
    assert checkpoint(log) == {("compacted", 0): 40}
    log.close()


def test_offset_map():
    offsets = OffsetMap(max_entries=2)
    offsets.put(b"a", 5)
    offsets.put(b"a", 7)
    offsets.put(b"b", 3)
    assert offsets.get(b"a") == 7 and offsets.get(b"b") == 3 and offsets.get(b"c") == -1
    assert offsets.latest_offset == 7 and offsets.is_full and len(offsets) == 2


def test_round_is_dropped_when_the_log_is_truncated(tmp_path, clock):
    log = open_log(tmp_path, clock)
    produce(log, [(b"k", b"1")])  # 0
    log.roll()
    produce(log, [(b"k", b"2")])  # 1
    log.roll()
    produce(log, [(b"x", b"x")])  # 2
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    cleaner.step()
    cleaner.step()  # both dirty segments mapped: k -> 1
    log.truncate_to(1)  # a new leader's log diverged: k@1 is gone, so k@0 is the latest again
    cleaner.clean_until_idle()
    assert records(log) == [(0, b"k", b"1")]
    assert checkpoint(log) == {}
    log.close()


def test_expired_tombstones_are_removed_without_new_dirty_data(tmp_path, clock):
    log = open_log(tmp_path, clock, delete_retention_ms=1000)
    produce(log, [(b"k", b"v"), (b"keep", b"1")])
    produce(log, [(b"k", None)])
    log.roll()
    produce(log, [(b"active", b"1")])
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    cleaner.clean_until_idle()
    assert (2, b"k", None) in records(log)
    assert cleaner.clean_until_idle() == 0  # nothing dirty, horizon not reached
    clock.now = T0 + 1000
    assert cleaner.clean_until_idle() > 0
    assert records(log) == [(1, b"keep", b"1"), (3, b"active", b"1")]
    assert cleaner.clean_until_idle() == 0
    log.close()


def test_max_compaction_lag_forces_a_clean_below_the_dirty_ratio(tmp_path, clock):
    log = open_log(tmp_path, clock, min_cleanable_dirty_ratio=0.99, max_compaction_lag_ms=10_000)
    for i in range(10):
        produce(log, [(b"k%d" % i, b"v")])
    log.roll()
    produce(log, [(b"x", b"x")])
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    cleaner.clean_until_idle()  # everything is dirty: ratio 1.0
    produce(log, [(b"k1", b"new")])
    log.roll()
    produce(log, [(b"y", b"y")])
    assert cleaner.clean_until_idle() == 0  # small dirty section, young records
    clock.now += 10_001
    assert cleaner.clean_until_idle() > 0
    assert [o for o, k, _v in records(log) if k == b"k1"] == [11]
    log.close()


def test_a_log_with_an_undecodable_batch_is_marked_uncleanable(tmp_path, clock):
    log = open_log(tmp_path, clock)
    produce(log, [(b"a", b"1")])
    # a CRC-valid batch whose records are malformed (written as a follower, which checks only the CRC)
    bad = R.build_batch([(T0, b"b", b"1")], base_offset=1)
    bad[R.RECORDS_OFFSET] = 0x7E  # record length varint far beyond the batch
    bad[R.CRC_OFFSET:R.CRC_OFFSET + 4] = R.crc32c(memoryview(bad)[R.ATTRIBUTES_OFFSET:]).to_bytes(4, "big")
    log.append_as_follower(bad)
    log.roll()
    produce(log, [(b"c", b"1")])
    other = open_log(tmp_path / "other", clock)
    produce(other, [(b"a", b"1")])
    produce(other, [(b"a", b"2")])
    other.roll()
    produce(other, [(b"z", b"z")])
    cleaner = LogCleaner(clock)
    cleaner.add_log(log)
    cleaner.add_log(other)
    cleaner.clean_until_idle()
    assert isinstance(cleaner.uncleanable[log.directory], R.InvalidBatchError)
    assert records(other) == [(1, b"a", b"2"), (2, b"z", b"z")]
    assert log.log_end_offset == 3 and checkpoint(log) == {}
    assert checkpoint(other) == {("compacted", 0): 2}
    log.close()
    other.close()


@pytest.mark.parametrize("seed", range(int(os.environ.get("KBROKER_CLEANER_SEEDS", "12"))))
def test_random_histories_against_a_model(tmp_path, clock, seed):
    """Random keyed writes, tombstones, codecs and rolls; after cleaning (and after the tombstone horizon),
    every surviving record is the one written at its offset, each key's latest value is still readable, and
    nothing at or after the active segment changed."""
    rng = random.Random(seed)
    log = open_log(tmp_path, clock, delete_retention_ms=500, segment_bytes=rng.choice([400, 1500, 64 * 1024]))
    written: dict[int, tuple[bytes, bytes | None]] = {}
    for _ in range(rng.randrange(20, 80)):
        pairs = []
        for _r in range(rng.randrange(1, 5)):
            key = b"k%d" % rng.randrange(8)
            value = None if rng.random() < 0.15 else b"v%d" % rng.randrange(1000)
            pairs.append((key, value))
        result = produce(log, pairs, codec=rng.choice(CODECS))
        for i, pair in enumerate(pairs):
            written[result.first_offset + i] = pair
        if rng.random() < 0.1:
            log.roll()
    log.roll()
    produce(log, [(b"tail", b"t")])
    written[log.log_end_offset - 1] = (b"tail", b"t")
    latest = {}
    for offset in sorted(written):
        latest[written[offset][0]] = offset

    cleaner = LogCleaner(clock, max_map_entries=rng.choice([3, 1000]))
    cleaner.add_log(log)
    cleaner.clean_until_idle()
    survivors = records(log)
    for offset, key, value in survivors:
        assert written[offset] == (key, value)
    surviving_offsets = {o for o, _k, _v in survivors}
    for offset in latest.values():
        assert offset in surviving_offsets  # the latest record of each key, tombstone or not, is kept
    assert all(b.is_valid() for b in batches(log))

    clock.now += 500
    cleaner.clean_until_idle()
    survivors = records(log)
    expected = sorted((o, k, written[o][1]) for k, o in latest.items() if written[o][1] is not None)
    assert survivors == expected
    log.close()


def committed_view(log) -> dict[bytes, tuple[int, bytes | None]]:
    """Latest (offset, value) per key as a read_committed consumer sees the log (aborted data skipped by the
    ranges in the txn indexes)."""
    aborted = [(t.producer_id, t.first_offset, t.last_offset)
               for t in log.collect_aborted_transactions(log.log_start_offset, log.log_end_offset)]
    view = {}
    for batch in batches(log):
        if batch.is_control:
            continue
        if batch.is_transactional and any(pid == batch.producer_id and first <= batch.base_offset <= last
                                          for pid, first, last in aborted):
            continue
        for record in batch.records():
            view[record.key] = (record.offset, record.value)
    return view


@pytest.mark.parametrize("seed", range(int(os.environ.get("KBROKER_CLEANER_SEEDS", "12"))))
def test_random_transactional_histories_keep_the_committed_view(tmp_path, clock, seed):
    rng = random.Random(seed)
    log = open_log(tmp_path, clock, delete_retention_ms=500, segment_bytes=rng.choice([500, 2000]))
    sequences = {1: 0, 2: 0}
    model: dict[bytes, tuple[int, bytes | None]] = {}
    for _ in range(rng.randrange(15, 50)):
        pairs = [(b"k%d" % rng.randrange(6), None if rng.random() < 0.1 else b"v%d" % rng.randrange(1000))
                 for _r in range(rng.randrange(1, 4))]
        if rng.random() < 0.5:
            result = produce(log, pairs, codec=rng.choice(CODECS))
            for i, (key, value) in enumerate(pairs):
                model[key] = (result.first_offset + i, value)
            continue
        pid = rng.choice([1, 2])
        pending = []
        for _b in range(rng.randrange(1, 3)):
            result = produce(log, pairs, codec=rng.choice(CODECS), producer_id=pid, producer_epoch=0,
                             base_sequence=sequences[pid], transactional=True)
            sequences[pid] += len(pairs)
            pending.extend((result.first_offset + i, key, value) for i, (key, value) in enumerate(pairs))
        commit = rng.random() < 0.6
        log.append_control_marker(R.CONTROL_COMMIT if commit else R.CONTROL_ABORT, producer_id=pid,
                                  producer_epoch=0, coordinator_epoch=0, leader_epoch=0)
        if commit:
            for offset, key, value in pending:
                model[key] = (offset, value)
        if rng.random() < 0.15:
            log.roll()
    log.roll()
    produce(log, [(b"tail", b"t")])
    model[b"tail"] = (log.log_end_offset - 1, b"t")
    assert committed_view(log) == model

    cleaner = LogCleaner(clock, max_map_entries=rng.choice([2, 1000]))
    cleaner.add_log(log)
    cleaner.clean_until_idle()
    assert committed_view(log) == model
    clock.now += 500
    cleaner.clean_until_idle()
    assert committed_view(log) == {k: v for k, v in model.items() if v[1] is not None}
    assert all(b.is_valid() for b in batches(log))
    log.close()
