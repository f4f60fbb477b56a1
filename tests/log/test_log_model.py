"""Stateful model test: a partition log against a list of batches in memory, through appends, reads, rolls,
retention, DeleteRecords, truncation and reopening (clean, or as after a crash)."""

import os
import shutil
import tempfile

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from log_helpers import VirtualClock

from kbroker.log import retention
from kbroker.log.config import LogConfig
from kbroker.log.log import Log, OffsetOutOfRangeError
from kbroker.protocol import records as R

CONFIG = LogConfig(segment_bytes=700, index_interval_bytes=150, segment_index_bytes=256, retention_ms=5000,
                   file_delete_delay_ms=0)


class PartitionLogModel(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
        self.root = tempfile.mkdtemp(prefix="kbroker-model-", dir=base)
        self.directory = os.path.join(self.root, "model-0")
        self.clock = VirtualClock()
        self.log = Log.open(self.directory, CONFIG, clock=self.clock)
        self.batches: list[tuple[int, int, list]] = []   # (base offset, last offset, records)
        self.start = 0
        self.end = 0

    def teardown(self):
        self.log.close_without_flush()
        shutil.rmtree(self.root, ignore_errors=True)

    # --- operations -------------------------------------------------------------------------------------------
    @rule(n=st.integers(1, 4), codec=st.sampled_from([0, 0, 1, 2, 3, 4]), size=st.integers(0, 120),
          age=st.integers(0, 8000))
    def append(self, n, codec, size, age):
        records = [(self.clock.now - age + i, b"k%d" % i, bytes([self.end % 256]) * size) for i in range(n)]
        result = self.log.append_as_leader(R.build_batch(records, compression_type=codec), 1)
        assert result.first_offset == self.end
        self.batches.append((self.end, self.end + n - 1, records))
        self.end += n

    @rule()
    def roll(self):
        self.log.roll()

    @rule(data=st.data(), max_bytes=st.integers(1, 2000))
    def read(self, data, max_bytes):
        offset = data.draw(st.integers(self.start, self.end))
        result = self.log.read(offset, max_bytes)
        if offset == self.end:
            assert result.regions == []
            return
        (region,) = result.regions
        raw = os.pread(region.fd, region.length, region.position)
        got = list(R.iter_batches(raw))
        assert got, "the first batch is always returned whole"
        expected = [b for b in self.batches if b[1] >= offset]
        for batch, (base, last, records) in zip(got, expected, strict=False):
            assert (batch.base_offset, batch.last_offset) == (base, last)
            assert [(r.timestamp, r.key, r.value) for r in batch.records()] == records
        assert len(got) <= len(expected)
        assert region.length <= max(max_bytes, got[0].size)

    @rule(data=st.data())
    def read_out_of_range(self, data):
        offset = data.draw(st.one_of(st.integers(-5, self.start - 1) if self.start > 0 else st.nothing(),
                                     st.integers(self.end + 1, self.end + 10)))
        try:
            self.log.read(offset, 100)
        except OffsetOutOfRangeError as exc:
            assert exc.error_code == 1
        else:
            raise AssertionError(f"read at {offset} outside [{self.start}, {self.end}] succeeded")

    @rule(ms=st.integers(0, 6000))
    def retention(self, ms):
        self.clock.advance(ms)
        retention.delete_old_segments(self.log)
        new_start = self.log.log_start_offset
        assert new_start >= self.start
        # the start only moves to a segment base, i.e. a batch boundary (or stays where DeleteRecords put it)
        assert new_start in (self.start, self.end) or any(b[0] == new_start for b in self.batches)
        self._move_start(new_start)

    @rule(data=st.data())
    def delete_records(self, data):
        new_start = data.draw(st.integers(self.start, self.end))
        self.log.maybe_increment_log_start_offset(new_start)
        self._move_start(new_start)

    @precondition(lambda self: self.batches)
    @rule(data=st.data())
    def truncate(self, data):
        candidates = [b[0] for b in self.batches if b[0] >= self.start] + [self.end]
        target = data.draw(st.sampled_from(candidates))
        first_segment_base = self.log.segments[0].base_offset
        self.log.truncate_to(target)
        self.batches = [b for b in self.batches if b[0] < target]
        self.end = min(self.end, target)
        if target <= first_segment_base:
            self.start = target  # nothing left: the log starts over at the target (truncateFullyAndStartAt)

    @rule(clean=st.booleans())
    def reopen(self, clean):
        recovery_point = self.log.recovery_point
        if clean:
            self.log.close()
        else:
            self.log.close_without_flush()
        self.log = Log.open(self.directory, CONFIG, clock=self.clock, had_clean_shutdown=clean,
                            recovery_point=recovery_point if clean else 0, log_start_offset=self.start)

    def _move_start(self, new_start):
        self.start = max(self.start, new_start)
        self.batches = [b for b in self.batches if b[1] >= self.start]

    # --- invariants -------------------------------------------------------------------------------------------
    @invariant()
    def offsets_match(self):
        assert self.log.log_end_offset == self.end
        assert self.log.log_start_offset == self.start

    @invariant()
    def contents_match(self):
        stored = [R.RecordBatch(bytearray(b)) for b in self.log.read_batches(self.start)]
        expected = [b for b in self.batches if b[1] >= self.start]
        assert [(b.base_offset, b.last_offset) for b in stored] == [(b[0], b[1]) for b in expected]
        for batch, (_base, _last, records) in zip(stored, expected, strict=True):
            assert batch.is_valid()
            assert [(r.timestamp, r.key, r.value) for r in batch.records()] == records


PartitionLogModel.TestCase.settings = settings(max_examples=60, stateful_step_count=40, deadline=None,
                                               suppress_health_check=[HealthCheck.too_slow])
TestPartitionLog = PartitionLogModel.TestCase
