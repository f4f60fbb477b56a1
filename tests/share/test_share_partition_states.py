"""The share-partition state machine (kbroker.share.share_partition): examples of each transition, and a
Hypothesis model that acquires, acknowledges, releases and expires at random and checks that no accepted or
rejected record is ever handed out again and that no record is ever lost (every offset below the log end is
either done or still deliverable)."""

from __future__ import annotations

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from kbroker.protocol import errors
from kbroker.share.share_partition import AcknowledgeError, AckType, RecordState, SharePartition

LOCK = 1000


def test_acquire_then_accept_moves_the_start_offset():
    sp = SharePartition(0, delivery_count_limit=5)
    ranges = sp.acquire("m1", 0, 9, max_records=100, now_ms=0, lock_ms=LOCK)
    assert [(r.first_offset, r.last_offset, r.delivery_count) for r in ranges] == [(0, 9, 1)]
    sp.acknowledge("m1", 0, 4, [AckType.ACCEPT], now_ms=1, lock_ms=LOCK)
    assert sp.start_offset == 5 and sp.next_offset == 10
    assert sp.fetch_offset() == 10


def test_expired_lock_redelivers_with_a_higher_count_then_archives_at_the_limit():
    sp = SharePartition(0, delivery_count_limit=2)
    sp.acquire("m1", 0, 0, 10, now_ms=0, lock_ms=LOCK)
    assert sp.fetch_offset() == 1
    sp.expire_locks(LOCK)
    assert sp.state_of(0) == RecordState.AVAILABLE and sp.fetch_offset() == 0
    (again,) = sp.acquire("m2", 0, 0, 10, now_ms=LOCK, lock_ms=LOCK)
    assert again.delivery_count == 2
    sp.expire_locks(2 * LOCK)
    assert sp.start_offset == 1  # archived at the limit: the window moved past it


def test_only_the_holder_may_acknowledge_and_a_failed_batch_changes_nothing():
    sp = SharePartition(0, delivery_count_limit=5)
    sp.acquire("m1", 0, 3, 10, now_ms=0, lock_ms=LOCK)
    try:
        sp.acknowledge("m2", 0, 1, [AckType.ACCEPT], now_ms=0, lock_ms=LOCK)
    except AcknowledgeError as exc:
        assert exc.code == errors.INVALID_RECORD_STATE.code
    else:
        raise AssertionError("another member acknowledged m1's records")
    assert all(sp.state_of(o) == RecordState.ACQUIRED for o in range(4))


def test_per_offset_types_release_reject_and_renew():
    sp = SharePartition(0, delivery_count_limit=5)
    sp.acquire("m1", 0, 3, 10, now_ms=0, lock_ms=LOCK)
    sp.acknowledge("m1", 0, 3, [AckType.ACCEPT, AckType.RELEASE, AckType.REJECT, AckType.RENEW], now_ms=500,
                   lock_ms=LOCK)
    assert sp.start_offset == 1
    assert sp.state_of(1) == RecordState.AVAILABLE and sp.state_of(2) == RecordState.ARCHIVED
    assert sp.in_flight[3].lock_deadline_ms == 1500


def test_state_batches_restore_the_window_with_locks_released():
    sp = SharePartition(0, delivery_count_limit=3)
    sp.acquire("m1", 0, 5, 10, now_ms=0, lock_ms=LOCK)
    sp.acknowledge("m1", 1, 1, [AckType.ACCEPT], now_ms=0, lock_ms=LOCK)
    restored = SharePartition.restore(sp.start_offset, sp.state_batches(), delivery_count_limit=3)
    assert restored.start_offset == 0 and restored.next_offset == 6
    assert restored.state_of(1) == RecordState.ACKNOWLEDGED
    assert [restored.state_of(o) for o in (0, 2, 3, 4, 5)] == [RecordState.AVAILABLE] * 5
    assert restored.in_flight[0].delivery_count == 1


class SharePartitionModel(RuleBasedStateMachine):
    LIMIT = 3

    def __init__(self):
        super().__init__()
        self.sp = SharePartition(0, delivery_count_limit=self.LIMIT, max_in_flight=12)
        self.log_end = 0
        self.now = 0
        self.finished: dict[int, str] = {}  # offset -> "accepted" / "rejected" (what the members decided)
        self.held: dict[int, str] = {}  # offset -> member holding it, per the answers the members got
        self.deliveries: dict[int, int] = {}

    @rule(count=st.integers(1, 5))
    def produce(self, count):
        self.log_end += count

    @rule(member=st.sampled_from(["a", "b"]), max_records=st.integers(1, 6))
    def acquire(self, member, max_records):
        start = self.sp.fetch_offset()
        if start >= self.log_end:
            return
        self._expire_model()
        for r in self.sp.acquire(member, start, self.log_end - 1, max_records, self.now, LOCK):
            for offset in range(r.first_offset, r.last_offset + 1):
                assert offset not in self.finished, f"offset {offset} handed out after it was {self.finished[offset]}"
                assert offset not in self.held, f"offset {offset} handed to {member} while {self.held[offset]} holds it"
                self.deliveries[offset] = self.deliveries.get(offset, 0) + 1
                assert r.delivery_count == self.deliveries[offset] <= self.LIMIT
                self.held[offset] = member

    @precondition(lambda self: self.held)
    @rule(data=st.data(), kind=st.sampled_from([AckType.ACCEPT, AckType.RELEASE, AckType.REJECT]))
    def acknowledge(self, data, kind):
        self._expire_model()
        if not self.held:
            return
        offset = data.draw(st.sampled_from(sorted(self.held)))
        member = self.held[offset]
        self.sp.acknowledge(member, offset, offset, [kind], self.now, LOCK)
        del self.held[offset]
        if kind == AckType.ACCEPT:
            self.finished[offset] = "accepted"
        elif kind == AckType.REJECT:
            self.finished[offset] = "rejected"

    @rule(member=st.sampled_from(["a", "b"]))
    def member_leaves(self, member):
        self.sp.release_member(member)
        for offset in [o for o, m in self.held.items() if m == member]:
            del self.held[offset]

    @rule(ms=st.integers(1, 2 * LOCK))
    def time_passes(self, ms):
        self.now += ms

    def _expire_model(self):
        self.sp.expire_locks(self.now)
        for offset in [o for o in self.held if self.sp.state_of(o) != RecordState.ACQUIRED]:
            del self.held[offset]

    @invariant()
    def nothing_lost_nothing_redone(self):
        sp = self.sp
        for offset in range(sp.start_offset):
            # Done: decided by a member, or archived after LIMIT deliveries.
            assert offset in self.finished or self.deliveries.get(offset) == self.LIMIT, offset
        for offset in range(sp.start_offset, sp.next_offset):
            state = sp.state_of(offset)
            assert state is not None, offset
            if offset in self.finished:
                expected = RecordState.ACKNOWLEDGED if self.finished[offset] == "accepted" else RecordState.ARCHIVED
                assert state == expected
            elif state == RecordState.ARCHIVED:
                assert self.deliveries.get(offset) == self.LIMIT
        assert sp.next_offset <= max(self.log_end, sp.start_offset)
        assert sp.next_offset - sp.start_offset <= 12

    @invariant()
    def restore_keeps_every_decision(self):
        restored = SharePartition.restore(self.sp.start_offset, self.sp.state_batches(), self.LIMIT, 12)
        for offset, outcome in self.finished.items():
            if offset >= restored.start_offset:
                expected = RecordState.ACKNOWLEDGED if outcome == "accepted" else RecordState.ARCHIVED
                assert restored.state_of(offset) == expected
        for offset in range(restored.start_offset, restored.next_offset):
            if offset not in self.finished and restored.state_of(offset) == RecordState.AVAILABLE:
                assert restored.in_flight[offset].delivery_count < self.LIMIT


TestSharePartitionModel = SharePartitionModel.TestCase
TestSharePartitionModel.settings = settings(max_examples=150, stateful_step_count=40, deadline=None)


def test_reset_starts_over_and_the_log_start_offset_moves_the_window():
    sp = SharePartition(0, delivery_count_limit=5)
    sp.acquire("m1", 0, 9, 10, now_ms=0, lock_ms=LOCK)
    sp.acknowledge("m1", 0, 9, [AckType.ACCEPT], now_ms=0, lock_ms=LOCK)
    sp.reset(0)
    assert (sp.start_offset, sp.next_offset, sp.in_flight) == (0, 0, {})
    assert sp.acquire("m1", 0, 3, 10, now_ms=0, lock_ms=LOCK)[0].delivery_count == 1
    sp.advance_to_log_start(2)
    assert sp.start_offset == 2 and sorted(sp.in_flight) == [2, 3]
    sp.advance_to_log_start(7)
    assert (sp.start_offset, sp.next_offset) == (7, 7)
