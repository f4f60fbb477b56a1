"""The state of one transactional id (Kafka's TransactionMetadata) and its state machine.

A transition is prepared first (`prepare_*` returns a `TxnTransit`, the state to be written to
`__transaction_state`, and marks the metadata `pending_state`), then completed once the record is in the log
(`complete_transition`) or dropped when the write failed (`abort_transition`). While a transition is pending
the coordinator answers CONCURRENT_TRANSACTIONS, as Kafka does.

Transaction version 2 (KIP-890 part 2, `client_transaction_version` >= 2: EndTxn v5, AddPartitionsToTxn v5) bumps the
producer epoch at every PrepareCommit/PrepareAbort (the markers carry the bumped epoch), lets a client abort a
transaction that holds no partition (from Empty, CompleteCommit or CompleteAbort), and, when the bump exhausts the
epoch, moves the producer to `next_producer_id` at epoch 0 on completion (Kafka's overflow).

States and their numbers are Kafka's (TransactionState.java): the number is what the TransactionStatus field of
a TransactionLogValue holds, the name is what DescribeTransactions / ListTransactions report.
"""

from __future__ import annotations

import enum

import attrs

NO_PRODUCER_ID = -1
NO_PRODUCER_EPOCH = -1
SHORT_MAX = 32767
# TransactionVersion.supportsEpochBump: from transaction version 2 every transaction end bumps the epoch.
EPOCH_BUMP_TRANSACTION_VERSION = 2

TopicPartition = tuple[str, int]


class TxnState(enum.IntEnum):
    EMPTY = 0
    ONGOING = 1
    PREPARE_COMMIT = 2
    PREPARE_ABORT = 3
    COMPLETE_COMMIT = 4
    COMPLETE_ABORT = 5
    DEAD = 6
    PREPARE_EPOCH_FENCE = 7

    @property
    def kafka_name(self) -> str:
        return _NAMES[self]

    @classmethod
    def from_kafka_name(cls, name: str) -> TxnState | None:
        return _BY_NAME.get(name)

    @property
    def is_expirable(self) -> bool:
        return self in (TxnState.EMPTY, TxnState.COMPLETE_COMMIT, TxnState.COMPLETE_ABORT)


_NAMES = {
    TxnState.EMPTY: "Empty", TxnState.ONGOING: "Ongoing", TxnState.PREPARE_COMMIT: "PrepareCommit",
    TxnState.PREPARE_ABORT: "PrepareAbort", TxnState.COMPLETE_COMMIT: "CompleteCommit",
    TxnState.COMPLETE_ABORT: "CompleteAbort", TxnState.DEAD: "Dead",
    TxnState.PREPARE_EPOCH_FENCE: "PrepareEpochFence",
}
_BY_NAME = {name: state for state, name in _NAMES.items()}

_COMPLETE = (TxnState.EMPTY, TxnState.COMPLETE_COMMIT, TxnState.COMPLETE_ABORT)
# A transaction ends from Ongoing (or the epoch fence that interrupts it); with transaction version 2 an abort may
# also start from a complete state (checked by the coordinator, as Kafka's TransactionState allows it).
VALID_PREVIOUS_STATES: dict[TxnState, frozenset[TxnState]] = {
    TxnState.EMPTY: frozenset(_COMPLETE),
    TxnState.ONGOING: frozenset((TxnState.ONGOING, *_COMPLETE)),
    TxnState.PREPARE_COMMIT: frozenset((TxnState.ONGOING,)),
    TxnState.PREPARE_ABORT: frozenset((TxnState.ONGOING, TxnState.PREPARE_EPOCH_FENCE, *_COMPLETE)),
    TxnState.COMPLETE_COMMIT: frozenset((TxnState.PREPARE_COMMIT,)),
    TxnState.COMPLETE_ABORT: frozenset((TxnState.PREPARE_ABORT,)),
    TxnState.DEAD: frozenset(_COMPLETE),
    TxnState.PREPARE_EPOCH_FENCE: frozenset((TxnState.ONGOING,)),
}


def is_epoch_exhausted(epoch: int) -> bool:
    """Kafka keeps the last epoch for fencing: an epoch at Short.MAX_VALUE - 1 can no longer be bumped."""
    return epoch >= SHORT_MAX - 1


class IllegalTransition(Exception):
    """A transition Kafka's state machine forbids: a coordinator bug, never a client error."""


@attrs.frozen
class TxnTransit:
    """The state a transition leads to: what is written to __transaction_state."""
    producer_id: int
    previous_producer_id: int
    producer_epoch: int
    last_producer_epoch: int
    txn_timeout_ms: int
    state: TxnState
    partitions: frozenset[TopicPartition]
    txn_start_timestamp: int
    txn_last_update_timestamp: int
    next_producer_id: int = NO_PRODUCER_ID
    client_transaction_version: int = 0


@attrs.define(eq=False)
class TransactionMetadata:
    transactional_id: str
    producer_id: int
    previous_producer_id: int = NO_PRODUCER_ID
    producer_epoch: int = NO_PRODUCER_EPOCH
    last_producer_epoch: int = NO_PRODUCER_EPOCH
    txn_timeout_ms: int = 60000
    state: TxnState = TxnState.EMPTY
    partitions: set[TopicPartition] = attrs.field(factory=set)
    txn_start_timestamp: int = -1
    txn_last_update_timestamp: int = -1
    pending_state: TxnState | None = None
    # The producer id an overflowing epoch bump moves to at completion (transaction version 2).
    next_producer_id: int = NO_PRODUCER_ID
    # The transaction version of the client's last transition (what its requests' versions imply).
    client_transaction_version: int = 0
    # An epoch fence whose record could not be written: the next fence reuses the bumped epoch (Kafka's
    # hasFailedEpochFence) so that epochs are not burnt by repeated failures.
    has_failed_epoch_fence: bool = False

    @property
    def pending_transition_in_progress(self) -> bool:
        return self.pending_state is not None

    @property
    def is_producer_epoch_exhausted(self) -> bool:
        return is_epoch_exhausted(self.producer_epoch)

    def snapshot(self) -> TxnTransit:
        return TxnTransit(self.producer_id, self.previous_producer_id, self.producer_epoch, self.last_producer_epoch,
                          self.txn_timeout_ms, self.state, frozenset(self.partitions), self.txn_start_timestamp,
                          self.txn_last_update_timestamp, self.next_producer_id, self.client_transaction_version)

    # --- preparing transitions -------------------------------------------------------------------------------
    def _prepare(self, state: TxnState, *, producer_id: int | None = None, previous_producer_id: int | None = None,
                 producer_epoch: int | None = None, last_producer_epoch: int | None = None,
                 txn_timeout_ms: int | None = None, partitions=None, txn_start_timestamp: int | None = None,
                 txn_last_update_timestamp: int, next_producer_id: int = NO_PRODUCER_ID,
                 client_transaction_version: int | None = None) -> TxnTransit:
        if self.pending_state is not None:
            raise IllegalTransition(f"{self.transactional_id}: transition to {state.kafka_name} while "
                                    f"{self.pending_state.kafka_name} is pending")
        if self.state not in VALID_PREVIOUS_STATES[state]:
            raise IllegalTransition(f"{self.transactional_id}: cannot go from {self.state.kafka_name} to "
                                    f"{state.kafka_name}")
        transit = TxnTransit(
            producer_id=self.producer_id if producer_id is None else producer_id,
            previous_producer_id=self.previous_producer_id if previous_producer_id is None else previous_producer_id,
            producer_epoch=self.producer_epoch if producer_epoch is None else producer_epoch,
            last_producer_epoch=self.last_producer_epoch if last_producer_epoch is None else last_producer_epoch,
            txn_timeout_ms=self.txn_timeout_ms if txn_timeout_ms is None else txn_timeout_ms,
            state=state,
            partitions=frozenset(self.partitions if partitions is None else partitions),
            txn_start_timestamp=self.txn_start_timestamp if txn_start_timestamp is None else txn_start_timestamp,
            txn_last_update_timestamp=txn_last_update_timestamp, next_producer_id=next_producer_id,
            client_transaction_version=(self.client_transaction_version if client_transaction_version is None
                                        else client_transaction_version))
        self.pending_state = state
        return transit

    def prepare_increment_producer_epoch(self, txn_timeout_ms: int, expected_epoch: int | None,
                                         now_ms: int) -> TxnTransit | None:
        """InitProducerId on a complete transaction: bump the epoch. None means the caller is fenced
        (PRODUCER_FENCED); a retry of a bump that succeeded gets the current epoch again."""
        if self.is_producer_epoch_exhausted:
            raise IllegalTransition(f"{self.transactional_id}: cannot bump the exhausted epoch {self.producer_epoch}")
        bumped = self.producer_epoch + 1
        if expected_epoch is None:
            epoch, last_epoch = bumped, NO_PRODUCER_EPOCH
        elif self.producer_epoch == NO_PRODUCER_EPOCH or expected_epoch == self.producer_epoch:
            epoch, last_epoch = bumped, self.producer_epoch
        elif expected_epoch == self.last_producer_epoch:
            epoch, last_epoch = self.producer_epoch, self.last_producer_epoch
        else:
            return None
        return self._prepare(TxnState.EMPTY, producer_epoch=epoch, last_producer_epoch=last_epoch,
                             txn_timeout_ms=txn_timeout_ms, partitions=(), txn_start_timestamp=-1,
                             txn_last_update_timestamp=now_ms)

    def prepare_producer_id_rotation(self, producer_id: int, txn_timeout_ms: int, now_ms: int,
                                     record_last_epoch: bool) -> TxnTransit:
        """InitProducerId once the epoch is exhausted: a new producer id at epoch 0."""
        return self._prepare(TxnState.EMPTY, producer_id=producer_id, previous_producer_id=self.producer_id,
                             producer_epoch=0,
                             last_producer_epoch=self.producer_epoch if record_last_epoch else NO_PRODUCER_EPOCH,
                             txn_timeout_ms=txn_timeout_ms, partitions=(), txn_start_timestamp=-1,
                             txn_last_update_timestamp=now_ms)

    def prepare_fence_producer_epoch(self) -> TxnTransit:
        """Bump the epoch of an ongoing transaction so that it can be aborted without its producer (a new
        producer with the same id, or the transaction timed out). Never written to the log itself."""
        if self.producer_epoch == SHORT_MAX:
            raise IllegalTransition(f"{self.transactional_id}: cannot fence producer epoch {self.producer_epoch}")
        bumped = self.producer_epoch if self.has_failed_epoch_fence else self.producer_epoch + 1
        return self._prepare(TxnState.PREPARE_EPOCH_FENCE, producer_epoch=bumped,
                             last_producer_epoch=NO_PRODUCER_EPOCH,
                             txn_last_update_timestamp=self.txn_last_update_timestamp)

    def prepare_add_partitions(self, added, now_ms: int, transaction_version: int = 0) -> TxnTransit:
        start = now_ms if self.state in _COMPLETE else self.txn_start_timestamp
        return self._prepare(TxnState.ONGOING, partitions=self.partitions | set(added), txn_start_timestamp=start,
                             txn_last_update_timestamp=now_ms, client_transaction_version=transaction_version)

    def prepare_abort_or_commit(self, state: TxnState, now_ms: int, *, transaction_version: int = 0,
                                next_producer_id: int = NO_PRODUCER_ID, no_partition_added: bool = False,
                                fenced: bool = False) -> TxnTransit:
        """PrepareCommit/PrepareAbort. From transaction version 2 the epoch is bumped (not past Short.MAX_VALUE: an
        abort at that epoch, which only a bug reaches, goes through unbumped so the id can recover) and the epoch
        the client used becomes the last epoch; an abort of a transaction with no partition starts it now. An abort
        that follows an epoch fence (`fenced`) keeps the fenced epoch: the fence was its bump (what Kafka 4.3.1's
        markers show: one bump from the zombie's epoch)."""
        if transaction_version >= EPOCH_BUMP_TRANSACTION_VERSION and not fenced:
            at_max = self.producer_epoch == SHORT_MAX and state == TxnState.PREPARE_ABORT
            epoch = self.producer_epoch if at_max else self.producer_epoch + 1
            last_epoch = self.producer_epoch
        else:
            epoch, last_epoch = self.producer_epoch, self.last_producer_epoch
        return self._prepare(state, producer_epoch=epoch, last_producer_epoch=last_epoch,
                             txn_start_timestamp=now_ms if no_partition_added else self.txn_start_timestamp,
                             txn_last_update_timestamp=now_ms, next_producer_id=next_producer_id,
                             client_transaction_version=transaction_version)

    def prepare_complete(self, now_ms: int) -> TxnTransit:
        """CompleteCommit/CompleteAbort; a transaction version 2 end whose bump exhausted the epoch moves to the
        next producer id at epoch 0 (the last epoch stays the one the client saw)."""
        state = TxnState.COMPLETE_COMMIT if self.state == TxnState.PREPARE_COMMIT else TxnState.COMPLETE_ABORT
        overflow = (self.client_transaction_version >= EPOCH_BUMP_TRANSACTION_VERSION
                    and self.next_producer_id != NO_PRODUCER_ID)
        return self._prepare(state, partitions=(), txn_last_update_timestamp=now_ms,
                             producer_id=self.next_producer_id if overflow else None,
                             previous_producer_id=self.producer_id if overflow else None,
                             producer_epoch=0 if overflow else None)

    def prepare_dead(self) -> TxnTransit:
        return self._prepare(TxnState.DEAD, partitions=(), txn_last_update_timestamp=self.txn_last_update_timestamp)

    # --- completing ------------------------------------------------------------------------------------------
    def complete_transition(self, transit: TxnTransit) -> None:
        if self.pending_state != transit.state:
            raise IllegalTransition(f"{self.transactional_id}: completing {transit.state.kafka_name} but "
                                    f"{self.pending_state} is pending")
        self.producer_id = transit.producer_id
        self.previous_producer_id = transit.previous_producer_id
        self.producer_epoch = transit.producer_epoch
        self.last_producer_epoch = transit.last_producer_epoch
        self.txn_timeout_ms = transit.txn_timeout_ms
        self.state = transit.state
        self.partitions = set(transit.partitions)
        self.txn_start_timestamp = transit.txn_start_timestamp
        self.txn_last_update_timestamp = transit.txn_last_update_timestamp
        self.next_producer_id = transit.next_producer_id
        self.client_transaction_version = transit.client_transaction_version
        self.pending_state = None
        self.has_failed_epoch_fence = False

    def abort_transition(self) -> None:
        self.pending_state = None
