"""One share-partition's delivery state (KIP-932; Kafka's SharePartition): which records of one topic partition a
share group has yet to deliver, has handed out under an acquisition lock, or is done with.

The state is a window over the log: the share-partition start offset (SPSO) is the first offset not yet done
with; every offset before it is acknowledged or archived. Offsets from the SPSO up to `next_offset` (one past the
last acquired offset, the SPEO + 1) are in flight, each in one of the states
- AVAILABLE: may be acquired again (released, or its lock expired);
- ACQUIRED: handed to one member until its lock deadline;
- ACKNOWLEDGED: the member accepted it; ARCHIVED: rejected, past the delivery count limit, or a gap.
Offsets at or after `next_offset` have never been acquired.

Rules, as Kafka's:
- acquiring raises the delivery count by one; a record whose count reached `delivery_count_limit` is archived
  instead of being made available again (release, lock expiry, its member leaving);
- only the member that holds a record may acknowledge it (else INVALID_RECORD_STATE, nothing changes);
  ACCEPT acknowledges, RELEASE makes it available, REJECT archives, GAP archives (no record at that offset),
  RENEW restarts its lock;
- the SPSO moves past every leading acknowledged/archived offset, and never before the log start offset.

Everything here is in memory and clock-free: callers pass `now_ms` (trio's clock in milliseconds). Persisting
the state (the share coordinator's ShareSnapshot/ShareUpdate records) is `snapshot`/`restore`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence

import attrs

from kbroker.protocol import errors


class RecordState(enum.IntEnum):
    # Kafka's RecordState ids (as written in ShareSnapshot/ShareUpdate state batches).
    AVAILABLE = 0
    ACQUIRED = 1
    ACKNOWLEDGED = 2
    ARCHIVED = 4


class AckType(enum.IntEnum):
    GAP = 0
    ACCEPT = 1
    RELEASE = 2
    REJECT = 3
    RENEW = 4


class AcknowledgeError(Exception):
    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@attrs.define
class InFlight:
    state: RecordState
    delivery_count: int = 0
    member_id: str | None = None
    lock_deadline_ms: int = 0


@attrs.frozen
class AcquiredRange:
    first_offset: int
    last_offset: int
    delivery_count: int


@attrs.frozen
class StateBatch:
    """A run of in-flight offsets with one state and delivery count (Kafka's PersisterStateBatch)."""

    first_offset: int
    last_offset: int
    state: int
    delivery_count: int


class SharePartition:
    def __init__(self, start_offset: int, delivery_count_limit: int, max_in_flight: int = 2000):
        self.start_offset = start_offset
        self.next_offset = start_offset
        self.delivery_count_limit = delivery_count_limit
        self.max_in_flight = max_in_flight
        self.in_flight: dict[int, InFlight] = {}
        self.state_epoch = 0
        self.archived_unread = 0  # offsets archived instead of acquired (aborted transactions), ever

    # --- reading

    def fetch_offset(self) -> int:
        """Where a fetch should start reading: the first available in-flight offset, else `next_offset`."""
        for offset in range(self.start_offset, self.next_offset):
            if self.in_flight[offset].state == RecordState.AVAILABLE:
                return offset
        return self.next_offset

    def next_lock_deadline(self) -> int | None:
        deadlines = [r.lock_deadline_ms for r in self.in_flight.values() if r.state == RecordState.ACQUIRED]
        return min(deadlines) if deadlines else None

    def _locked_count(self) -> int:
        return self.next_offset - self.start_offset

    def state_of(self, offset: int) -> RecordState | None:
        """An in-flight offset's state; None for offsets before the SPSO (done) or never acquired."""
        record = self.in_flight.get(offset)
        return record.state if record is not None else None

    # --- changing

    def acquire(self, member_id: str, first_offset: int, last_offset: int, max_records: int, now_ms: int,
                lock_ms: int, unreadable: Sequence[tuple[int, int]] = ()) -> list[AcquiredRange]:
        """Acquire for `member_id` the acquirable offsets among `first_offset..last_offset` (what a log read
        returned), at most `max_records`: available in-flight records and offsets never acquired. Acquirable
        offsets within the `unreadable` (first, last) ranges (aborted transactions under read_committed) are
        archived instead."""
        self.expire_locks(now_ms)
        first_offset = max(first_offset, self.start_offset)
        acquired: list[AcquiredRange] = []
        taken = 0
        offset = first_offset
        while offset <= last_offset and taken < max_records:
            if offset >= self.next_offset:
                if offset > self.next_offset:  # offsets the log does not hold (compacted away): gaps
                    for missing in range(self.next_offset, offset):
                        self.in_flight[missing] = InFlight(RecordState.ARCHIVED)
                if self._locked_count() >= self.max_in_flight:
                    break
                record = InFlight(RecordState.AVAILABLE)
                self.in_flight[offset] = record
                self.next_offset = offset + 1
            else:
                record = self.in_flight[offset]
                if record.state != RecordState.AVAILABLE:
                    offset += 1
                    continue
            if any(first <= offset <= last for first, last in unreadable):
                self._done(record, RecordState.ARCHIVED)
                self.archived_unread += 1
                offset += 1
                continue
            record.state = RecordState.ACQUIRED
            record.delivery_count += 1
            record.member_id = member_id
            record.lock_deadline_ms = now_ms + lock_ms
            taken += 1
            if acquired and acquired[-1].last_offset == offset - 1 \
                    and acquired[-1].delivery_count == record.delivery_count:
                acquired[-1] = attrs.evolve(acquired[-1], last_offset=offset)
            else:
                acquired.append(AcquiredRange(offset, offset, record.delivery_count))
            offset += 1
        self._advance_start()
        return acquired

    def acknowledge(self, member_id: str, first_offset: int, last_offset: int, types: Sequence[int],
                    now_ms: int, lock_ms: int) -> None:
        """Apply one acknowledgement batch: a single type for the whole range, or one type per offset.
        All-or-nothing: raises AcknowledgeError (INVALID_REQUEST / INVALID_RECORD_STATE) changing nothing."""
        if last_offset < first_offset:
            raise AcknowledgeError(errors.INVALID_REQUEST.code,
                                   f"Last offset {last_offset} is lower than first offset {first_offset}")
        count = last_offset - first_offset + 1
        if len(types) not in (1, count):
            raise AcknowledgeError(errors.INVALID_REQUEST.code,
                                   f"Acknowledge types {len(types)} do not match the batch of {count} offsets")
        if any(t not in AckType._value2member_map_ for t in types):
            raise AcknowledgeError(errors.INVALID_REQUEST.code, f"Invalid acknowledge type in {list(types)}")
        self.expire_locks(now_ms)
        for offset in range(first_offset, last_offset + 1):
            record = self.in_flight.get(offset)
            if record is None or record.state != RecordState.ACQUIRED or record.member_id != member_id:
                raise AcknowledgeError(
                    errors.INVALID_RECORD_STATE.code,
                    f"The record at offset {offset} is not acquired by member {member_id} (state "
                    f"{record.state.name if record is not None else 'not in flight'}) in this share-partition")
        for index, offset in enumerate(range(first_offset, last_offset + 1)):
            kind = types[0] if len(types) == 1 else types[index]
            record = self.in_flight[offset]
            if kind == AckType.ACCEPT:
                self._done(record, RecordState.ACKNOWLEDGED)
            elif kind in (AckType.REJECT, AckType.GAP):
                self._done(record, RecordState.ARCHIVED)
            elif kind == AckType.RELEASE:
                self._make_available(record)
            else:  # RENEW
                record.lock_deadline_ms = now_ms + lock_ms
        self._advance_start()

    def expire_locks(self, now_ms: int) -> int:
        """Release every record whose acquisition lock has passed; the number released."""
        expired = 0
        for record in self.in_flight.values():
            if record.state == RecordState.ACQUIRED and record.lock_deadline_ms <= now_ms:
                self._make_available(record)
                expired += 1
        if expired:
            self._advance_start()
        return expired

    def release_member(self, member_id: str) -> int:
        """Release every record `member_id` holds (its share session closed or it left the group)."""
        released = 0
        for record in self.in_flight.values():
            if record.state == RecordState.ACQUIRED and record.member_id == member_id:
                self._make_available(record)
                released += 1
        if released:
            self._advance_start()
        return released

    def advance_to_log_start(self, log_start_offset: int) -> None:
        """Records deleted from the log are gone: the SPSO is never before the log start offset."""
        if log_start_offset <= self.start_offset:
            return
        for offset in [o for o in self.in_flight if o < log_start_offset]:
            del self.in_flight[offset]
        self.start_offset = log_start_offset
        self.next_offset = max(self.next_offset, log_start_offset)
        self._advance_start()

    def reset(self, start_offset: int) -> None:
        """Start over at `start_offset` with nothing in flight (AlterShareGroupOffsets)."""
        self.in_flight.clear()
        self.start_offset = self.next_offset = start_offset

    def _make_available(self, record: InFlight) -> None:
        if record.delivery_count >= self.delivery_count_limit:
            self._done(record, RecordState.ARCHIVED)
        else:
            record.state = RecordState.AVAILABLE
            record.member_id = None
            record.lock_deadline_ms = 0

    @staticmethod
    def _done(record: InFlight, state: RecordState) -> None:
        record.state = state
        record.member_id = None
        record.lock_deadline_ms = 0

    def _advance_start(self) -> None:
        offset = self.start_offset
        while offset < self.next_offset and self.in_flight[offset].state in (RecordState.ACKNOWLEDGED,
                                                                              RecordState.ARCHIVED):
            del self.in_flight[offset]
            offset += 1
        self.start_offset = offset

    # --- persistence (the share coordinator's state batches)

    def state_batches(self) -> list[StateBatch]:
        """The in-flight window as runs of equal (state, delivery count); ACQUIRED is written as AVAILABLE, as a
        lock does not survive the broker that granted it."""
        batches: list[StateBatch] = []
        for offset in range(self.start_offset, self.next_offset):
            record = self.in_flight[offset]
            state = RecordState.AVAILABLE if record.state == RecordState.ACQUIRED else record.state
            last = batches[-1] if batches else None
            if last is not None and last.last_offset == offset - 1 and last.state == state \
                    and last.delivery_count == record.delivery_count:
                batches[-1] = attrs.evolve(last, last_offset=offset)
            else:
                batches.append(StateBatch(offset, offset, int(state), record.delivery_count))
        return batches

    @classmethod
    def restore(cls, start_offset: int, batches: Iterable[StateBatch], delivery_count_limit: int,
                max_in_flight: int = 2000) -> SharePartition:
        partition = cls(start_offset, delivery_count_limit, max_in_flight)
        for batch in sorted(batches, key=lambda b: b.first_offset):
            for offset in range(max(batch.first_offset, start_offset), batch.last_offset + 1):
                state = RecordState(batch.state)
                if state in (RecordState.ACQUIRED, RecordState.AVAILABLE):
                    state = RecordState.ARCHIVED if batch.delivery_count >= delivery_count_limit \
                        else RecordState.AVAILABLE
                partition.in_flight[offset] = InFlight(state, batch.delivery_count)
                partition.next_offset = max(partition.next_offset, offset + 1)
        for offset in range(start_offset, partition.next_offset):  # holes in the batches: never acquired
            partition.in_flight.setdefault(offset, InFlight(RecordState.AVAILABLE))
        partition._advance_start()
        return partition
