"""The transaction coordinator (Kafka's TransactionCoordinator + TransactionStateManager +
TransactionMarkerChannelManager), transaction versions 1 and 2.

Owns the state of every transactional id whose `__transaction_state` partition this node leads. State is
written to that partition first and applied once the partition's in-sync replicas have it (`_append`, Kafka's
appendTransactionToLog with acks=-1 and the transaction timeout), so a restart or a new leader replays the log
into the same state (`_load`); while a write waits, the transactional id is pending and other requests for it
meet CONCURRENT_TRANSACTIONS. Partitions are loaded when the coordinator starts and, for a partition created or
taken over later, when it is first needed; the coordinator epoch of a partition is its leader epoch.

Ending a transaction follows Kafka: PrepareCommit/PrepareAbort is written, then the COMMIT/ABORT marker goes to
every partition of the transaction, counted once that partition's in-sync replicas have it (in-process,
`markers.write_marker`, where this node leads the partition alone; from the background task,
`markers.write_marker_acked`, where it leads one with followers; WriteTxnMarkers to the leader from the
background task, `remote_markers.py`, where another broker does), then CompleteCommit/CompleteAbort is written.
A transaction found in PrepareCommit/PrepareAbort at load (the broker died between the two writes) gets its
markers again and is completed, so it ends committed or aborted, never half-visible. Markers a
partition refused, and completions that could not be written, are retried by the background task (`run`), which
also aborts transactions older than their timeout (fencing their producer by an epoch bump, as Kafka) and expires
transactional ids unused for `transactional.id.expiration.ms`.

Transaction version 2 (KIP-890 part 2: EndTxn v5, and AddPartitionsToTxn v5 from a broker adding a partition a
Produce v12+ or TxnOffsetCommit v5 writes to) is chosen per request, as Kafka's: its EndTxn bumps the epoch at
every end (`_end_transaction_v2`, Kafka's table of retries and empty aborts), the markers carry the bumped epoch and
the transaction version, and an end that exhausts the epoch moves the producer to a new producer id at epoch 0.
Records are written at the TransactionLogValue version the finalized transaction.version asks for
(`transaction_version_level`).

Everything runs on the trio thread: a transition is prepared (the metadata's `pending_state`) and written without
an await in between; it is completed, or dropped, after the replication wait, so handlers never see each other's
half-done transitions (remote markers are awaited while the transaction rests in PrepareCommit/PrepareAbort).
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Awaitable, Callable, Iterable

import attrs
import trio

from kbroker.coordinator_partitions import (
    APPEND_ERRORS,
    CoordinatorPartitions,
    PartitionState,
    wait_until_replicated,
)
from kbroker.coordinator_partitions import partition_for as hash_partition
from kbroker.log.log import LogError
from kbroker.log.validator import RecordValidationError
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC, TRANSACTION_STATE_TOPIC
from kbroker.producer_ids import ProducerIdUnavailable
from kbroker.protocol import errors
from kbroker.txn import log_records
from kbroker.txn.markers import write_marker, write_marker_acked
from kbroker.txn.metadata import (
    EPOCH_BUMP_TRANSACTION_VERSION,
    NO_PRODUCER_EPOCH,
    NO_PRODUCER_ID,
    SHORT_MAX,
    IllegalTransition,
    TopicPartition,
    TransactionMetadata,
    TxnState,
    TxnTransit,
    is_epoch_exhausted,
)
from kbroker.txn.remote_markers import write_remote_markers

log = logging.getLogger(__name__)

# Kafka's defaults (TransactionStateManagerConfig) for settings kbroker.config does not declare yet.
ABORT_TIMED_OUT_INTERVAL_MS = 10_000
REMOVE_EXPIRED_INTERVAL_MS = 3_600_000
# How soon a marker a partition refused is tried again (Kafka's inter-broker retry backoff).
MARKER_RETRY_MS = 100

NONE = errors.NONE.code


class TxnError(Exception):
    def __init__(self, code: int):
        super().__init__(errors.for_code(code).name)
        self.code = code


@attrs.define(eq=False)
class LoadedPartition(PartitionState):
    """One `__transaction_state` partition this node coordinates; `epoch` is the coordinator epoch its markers
    carry."""
    transactions: dict[str, TransactionMetadata] = attrs.field(factory=dict)


@attrs.frozen
class InitResult:
    error: int
    producer_id: int = NO_PRODUCER_ID
    producer_epoch: int = NO_PRODUCER_EPOCH


@attrs.frozen
class EndResult:
    """EndTxn's answer; from v5 the producer id and epoch the client goes on with (-1 on an error)."""
    error: int
    producer_id: int = NO_PRODUCER_ID
    producer_epoch: int = NO_PRODUCER_EPOCH


@attrs.frozen
class DescribedTxn:
    error: int
    metadata: TransactionMetadata | None = None


class TransactionCoordinator:
    """`partitions` looks up hosted partitions (Kafka's ReplicaManager: `.get(topic, partition)`);
    `partition_count(topic)` is the partition count of an internal topic (from the metadata image, else its
    configured default); `generate_producer_id` is the broker's producer-id manager; `transaction_version_level()`
    the finalized transaction.version."""

    def __init__(self, config, partitions, *, node_id: int, partition_count: Callable[[str], int],
                 generate_producer_id: Callable[[], Awaitable[int]], now_ms: Callable[[], int],
                 group_coordinator: Callable[[], object] = lambda: None,
                 transaction_version_level: Callable[[], int] = lambda: 0):
        self.config = config
        self.partitions = partitions
        self.node_id = node_id
        self.partition_count = partition_count
        self.generate_producer_id = generate_producer_id
        self.now_ms = now_ms
        self.group_coordinator = group_coordinator
        self.transaction_version_level = transaction_version_level
        self.max_timeout_ms = config["transaction.max.timeout.ms"]
        self.id_expiration_ms = config["transactional.id.expiration.ms"]
        # Not declared by kbroker.config yet: an override arrives as the string of the properties file.
        self.abort_interval_ms = int(config.get("transaction.abort.timed.out.transaction.cleanup.interval.ms",
                                                ABORT_TIMED_OUT_INTERVAL_MS))
        self.expire_interval_ms = int(config.get("transaction.remove.expired.transaction.cleanup.interval.ms",
                                                 REMOVE_EXPIRED_INTERVAL_MS))
        self.txn_partitions: CoordinatorPartitions[LoadedPartition] = CoordinatorPartitions(
            TRANSACTION_STATE_TOPIC, partitions, node_id=node_id,
            partition_count=lambda: partition_count(TRANSACTION_STATE_TOPIC), load=self._load,
            not_coordinator=lambda: TxnError(errors.NOT_COORDINATOR.code))
        # transactional id -> partitions whose marker is still to be written (PrepareCommit/PrepareAbort)
        self._unwritten_markers: dict[str, set[TopicPartition]] = {}
        self._markers_pending = trio.Event()
        # Where `run` starts the completions of transactions whose markers are all written.
        self._nursery: trio.Nursery | None = None

    # --- ownership and loading -------------------------------------------------------------------------------
    def partition_for(self, transactional_id: str) -> int:
        return self.txn_partitions.partition_for(transactional_id)

    def _load(self, index: int, hosted) -> LoadedPartition:
        loaded = LoadedPartition(index, hosted.topic_id, hosted.leader_epoch)
        for record in log_records.iter_log_records(hosted.log.read_batches()):
            if record.metadata is None:
                loaded.transactions.pop(record.transactional_id, None)
            else:
                loaded.transactions[record.transactional_id] = record.metadata
        for txn_id in [t for t in self._unwritten_markers if self.partition_for(t) == index]:
            del self._unwritten_markers[txn_id]
        self.txn_partitions.states[index] = loaded
        log.info("loaded %d transactions from %s-%d (coordinator epoch %d)", len(loaded.transactions),
                 TRANSACTION_STATE_TOPIC, index, loaded.epoch)
        for metadata in loaded.transactions.values():
            if metadata.state in (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT):
                log.info("completing %s of %s found at load", metadata.state.kafka_name, metadata.transactional_id)
                if self._send_markers(loaded, metadata, set(metadata.partitions)):
                    self._complete_later(metadata)
        return loaded

    def load_owned_partitions(self) -> None:
        """Load every `__transaction_state` partition this node leads (start-up, after metadata changes)."""
        self.txn_partitions.load_owned()

    def _transaction(self, transactional_id: str) -> tuple[LoadedPartition, TransactionMetadata | None]:
        loaded = self.txn_partitions.get(self.partition_for(transactional_id))
        return loaded, loaded.transactions.get(transactional_id)

    # --- writing the log -------------------------------------------------------------------------------------
    async def _append(self, loaded: LoadedPartition, metadata: TransactionMetadata,
                      transit: TxnTransit | None) -> int:
        """Write the record of a prepared transition (None: a tombstone), wait until the in-sync replicas have it
        (within the transaction timeout, as Kafka), then complete the transition, or drop it on failure. Returns the
        error code the requester gets, mapped as Kafka's TransactionStateManager maps it."""
        what = "tombstone" if transit is None else transit.state.kafka_name
        hosted = self.txn_partitions.writable(loaded)
        if hosted is None:
            metadata.abort_transition()
            return errors.NOT_COORDINATOR.code
        batch = log_records.build_record_batch(metadata.transactional_id, transit, self.now_ms(),
                                               self.transaction_version_level())
        try:
            hosted.append_records(batch, required_acks=-1, origin="coordinator")
        except (LogError, RecordValidationError) as exc:
            code = APPEND_ERRORS.get(exc.error_code, exc.error_code)
            log.warning("writing %s of %s to %s-%d failed (%s): %s", what, metadata.transactional_id,
                        TRANSACTION_STATE_TOPIC, loaded.index, errors.for_code(code).name, exc)
            metadata.abort_transition()
            return code
        timeout_ms = metadata.txn_timeout_ms if transit is None else transit.txn_timeout_ms
        code = await wait_until_replicated(hosted, hosted.log_end_offset, timeout_ms, min_insync=True)
        if code == NONE and self.txn_partitions.writable(loaded) is not hosted:
            code = errors.NOT_COORDINATOR.code  # the partition was reloaded meanwhile (Kafka's coordinator epoch check)
        if code != NONE:
            log.warning("%s of %s written to %s-%d did not reach the in-sync replicas (%s)", what,
                        metadata.transactional_id, TRANSACTION_STATE_TOPIC, loaded.index, errors.for_code(code).name)
            metadata.abort_transition()
            return code
        if transit is None:
            loaded.transactions.pop(metadata.transactional_id, None)
            metadata.state = TxnState.DEAD
            metadata.pending_state = None
        else:
            metadata.complete_transition(transit)
        return NONE

    # --- InitProducerId --------------------------------------------------------------------------------------
    async def init_producer_id(self, transactional_id: str, txn_timeout_ms: int,
                               expected: tuple[int, int] | None) -> InitResult:
        """InitProducerId for a transactional id (the handler checked the id and the timeout already);
        `expected` is the (producer id, epoch) a v3+ request carries, None for -1/-1."""
        try:
            new_producer_id = None
            while True:
                loaded, metadata = self._transaction(transactional_id)
                if metadata is None:
                    if new_producer_id is None:
                        new_producer_id = await self.generate_producer_id()
                        continue
                    metadata = TransactionMetadata(transactional_id, new_producer_id, txn_timeout_ms=txn_timeout_ms,
                                                   txn_last_update_timestamp=self.now_ms())
                    loaded.transactions[transactional_id] = metadata
                    new_producer_id = None
                if self._needs_rotation(metadata, expected) and new_producer_id is None \
                        and not metadata.pending_transition_in_progress \
                        and _valid_expected(metadata, expected):
                    new_producer_id = await self.generate_producer_id()
                    continue
                return await self._init_transit(loaded, metadata, txn_timeout_ms, expected, new_producer_id)
        except TxnError as exc:
            return InitResult(exc.code)
        except ProducerIdUnavailable as exc:
            log.warning("no producer id for transactional id %s: %s", transactional_id, exc)
            return InitResult(exc.error_code)

    @staticmethod
    def _needs_rotation(metadata: TransactionMetadata, expected) -> bool:
        return (metadata.state in (TxnState.EMPTY, TxnState.COMPLETE_COMMIT, TxnState.COMPLETE_ABORT)
                and metadata.is_producer_epoch_exhausted
                and (expected is None or expected[1] == metadata.producer_epoch))

    async def _init_transit(self, loaded: LoadedPartition, metadata: TransactionMetadata, txn_timeout_ms: int,
                            expected, new_producer_id: int | None) -> InitResult:
        if metadata.pending_transition_in_progress:
            return InitResult(errors.CONCURRENT_TRANSACTIONS.code)
        if not _valid_expected(metadata, expected):
            return InitResult(errors.PRODUCER_FENCED.code)
        state = metadata.state
        now = self.now_ms()
        if state in (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT):
            return InitResult(errors.CONCURRENT_TRANSACTIONS.code)
        if state == TxnState.ONGOING:
            # Abort the open transaction under a bumped epoch, which fences its producer; the new producer retries
            # on CONCURRENT_TRANSACTIONS and then gets an epoch bumped once more.
            fence = metadata.prepare_fence_producer_epoch()
            error = (await self._end_transaction(loaded, metadata, fence.producer_id, fence.producer_epoch,
                                                 commit=False, from_client=False,
                                                 transaction_version=metadata.client_transaction_version)).error
            return InitResult(error if error != NONE else errors.CONCURRENT_TRANSACTIONS.code)
        if self._needs_rotation(metadata, expected):
            transit = metadata.prepare_producer_id_rotation(new_producer_id, txn_timeout_ms, now, expected is not None)
        else:
            try:
                transit = metadata.prepare_increment_producer_epoch(
                    txn_timeout_ms, None if expected is None else expected[1], now)
            except IllegalTransition as exc:
                # An exhausted epoch the request does not name: Kafka's IllegalStateException, answered as an
                # unknown server error.
                log.error("InitProducerId for %s: %s", metadata.transactional_id, exc)
                return InitResult(errors.UNKNOWN_SERVER_ERROR.code)
            if transit is None:
                return InitResult(errors.PRODUCER_FENCED.code)
        error = await self._append(loaded, metadata, transit)
        if error != NONE:
            return InitResult(error)
        log.info("initialized transactional id %s with producer id %d and epoch %d on %s-%d", metadata.transactional_id,
                 transit.producer_id, transit.producer_epoch, TRANSACTION_STATE_TOPIC, loaded.index)
        return InitResult(NONE, transit.producer_id, transit.producer_epoch)

    # --- AddPartitionsToTxn / AddOffsetsToTxn ----------------------------------------------------------------
    async def add_partitions(self, transactional_id: str, producer_id: int, producer_epoch: int,
                             partitions: Iterable[TopicPartition], transaction_version: int = 0) -> int:
        partitions = set(partitions)
        if not transactional_id:
            return errors.INVALID_REQUEST.code
        try:
            loaded, metadata = self._transaction(transactional_id)
        except TxnError as exc:
            return exc.code
        if metadata is None or metadata.producer_id != producer_id:
            return errors.INVALID_PRODUCER_ID_MAPPING.code
        if metadata.producer_epoch != producer_epoch:
            return errors.PRODUCER_FENCED.code
        if metadata.pending_transition_in_progress:
            return errors.CONCURRENT_TRANSACTIONS.code
        if metadata.state in (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT):
            return errors.CONCURRENT_TRANSACTIONS.code
        if metadata.state == TxnState.ONGOING and partitions <= metadata.partitions:
            return NONE
        return await self._append(loaded, metadata, metadata.prepare_add_partitions(partitions, self.now_ms(),
                                                                                    transaction_version))

    async def add_offsets(self, transactional_id: str, producer_id: int, producer_epoch: int, group_id: str) -> int:
        """AddOffsetsToTxn: the group's `__consumer_offsets` partition joins the transaction."""
        offsets_partition = hash_partition(group_id, self.partition_count(GROUP_METADATA_TOPIC))
        return await self.add_partitions(transactional_id, producer_id, producer_epoch,
                                         [(GROUP_METADATA_TOPIC, offsets_partition)])

    def verify_partitions(self, transactional_id: str, producer_id: int, producer_epoch: int,
                          partitions: Iterable[TopicPartition]) -> dict[TopicPartition, int]:
        """AddPartitionsToTxn with VerifyOnly (KIP-890 part 1): is each partition in the open transaction?"""
        partitions = list(partitions)
        if not transactional_id:
            return dict.fromkeys(partitions, errors.INVALID_REQUEST.code)
        try:
            _, metadata = self._transaction(transactional_id)
        except TxnError as exc:
            return dict.fromkeys(partitions, exc.code)
        if metadata is None or metadata.producer_id != producer_id:
            error = errors.INVALID_PRODUCER_ID_MAPPING.code
        elif metadata.producer_epoch != producer_epoch:
            error = errors.PRODUCER_FENCED.code
        elif metadata.state in (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT):
            error = errors.CONCURRENT_TRANSACTIONS.code
        else:
            return {tp: NONE if tp in metadata.partitions else errors.TRANSACTION_ABORTABLE.code
                    for tp in partitions}
        return dict.fromkeys(partitions, error)

    # --- EndTxn ----------------------------------------------------------------------------------------------
    async def end_transaction(self, transactional_id: str, producer_id: int, producer_epoch: int,
                              commit: bool, transaction_version: int = 0) -> EndResult:
        """EndTxn from a client: transaction version 1 (the epoch must match exactly) below v5, 2 from v5."""
        if not transactional_id:
            return EndResult(errors.INVALID_REQUEST.code)
        try:
            loaded, metadata = self._transaction(transactional_id)
        except TxnError as exc:
            return EndResult(exc.code)
        if metadata is None:
            return EndResult(errors.INVALID_PRODUCER_ID_MAPPING.code)
        return await self._end_transaction(loaded, metadata, producer_id, producer_epoch, commit=commit,
                                           from_client=True, transaction_version=transaction_version)

    async def _end_transaction(self, loaded: LoadedPartition, metadata: TransactionMetadata, producer_id: int,
                               producer_epoch: int, *, commit: bool, from_client: bool,
                               transaction_version: int) -> EndResult:
        if transaction_version >= EPOCH_BUMP_TRANSACTION_VERSION:
            return await self._end_transaction_v2(loaded, metadata, producer_id, producer_epoch, commit=commit,
                                                  from_client=from_client)
        return EndResult(await self._end_transaction_v1(loaded, metadata, producer_id, producer_epoch, commit=commit,
                                                        from_client=from_client))

    async def _end_transaction_v1(self, loaded: LoadedPartition, metadata: TransactionMetadata, producer_id: int,
                                  producer_epoch: int, *, commit: bool, from_client: bool) -> int:
        fencing = metadata.pending_state == TxnState.PREPARE_EPOCH_FENCE
        if metadata.producer_id != producer_id:
            error = errors.INVALID_PRODUCER_ID_MAPPING.code
        elif (from_client and producer_epoch != metadata.producer_epoch) or producer_epoch < metadata.producer_epoch:
            error = errors.PRODUCER_FENCED.code
        elif metadata.pending_transition_in_progress and not fencing:
            error = errors.CONCURRENT_TRANSACTIONS.code
        else:
            error = self._end_state_error(metadata, commit)
        if error is not None:
            if fencing:
                metadata.abort_transition()
            return error
        if fencing:
            metadata.pending_state = None
            metadata.producer_epoch = producer_epoch
            metadata.last_producer_epoch = NO_PRODUCER_EPOCH
        prepare = metadata.prepare_abort_or_commit(
            TxnState.PREPARE_COMMIT if commit else TxnState.PREPARE_ABORT, self.now_ms())
        return await self._write_end(loaded, metadata, prepare, fencing=fencing)

    async def _write_end(self, loaded: LoadedPartition, metadata: TransactionMetadata, prepare: TxnTransit, *,
                         fencing: bool) -> int:
        """Write PrepareCommit/PrepareAbort, then the markers (and, where they are all written here, the
        completion)."""
        error = await self._append(loaded, metadata, prepare)
        if error != NONE:
            if fencing:
                metadata.has_failed_epoch_fence = True
            return error
        if self._send_markers(loaded, metadata, set(metadata.partitions)):
            # Every partition is led here: complete before answering, so that the client's next request does not
            # meet CONCURRENT_TRANSACTIONS (Kafka answers after PrepareCommit/PrepareAbort; either is correct).
            await self._complete(loaded, metadata, metadata.prepare_complete(self.now_ms()))
        return NONE

    async def _end_transaction_v2(self, loaded: LoadedPartition, metadata: TransactionMetadata, producer_id: int,
                                  producer_epoch: int, *, commit: bool, from_client: bool) -> EndResult:
        """Kafka's endTransaction for transaction version 2. Per state, for a request at the current epoch or a
        retry of an end that bumped it (one epoch below, or the last epoch of the previous producer id after an
        overflow): Empty aborts (with a bump) but refuses a commit (INVALID_TXN_STATE), a retry there is
        PRODUCER_FENCED; CompleteAbort answers a retried abort with NONE and bumps again for a new one;
        CompleteCommit answers a retried commit with NONE, a new abort bumps again, anything else is
        INVALID_TXN_STATE. The answer names the producer id and epoch the client goes on with."""
        next_producer_id = NO_PRODUCER_ID
        while True:
            decision = self._v2_end_decision(metadata, producer_id, producer_epoch, commit, from_client)
            if isinstance(decision, EndResult):
                if metadata.pending_state == TxnState.PREPARE_EPOCH_FENCE:
                    metadata.abort_transition()
                return decision
            next_state, no_partition_added, fencing = decision
            if fencing or not metadata.is_producer_epoch_exhausted or next_producer_id != NO_PRODUCER_ID:
                break
            try:  # the bump exhausts the epoch: the producer moves to a new id once the transaction completes
                next_producer_id = await self.generate_producer_id()
            except ProducerIdUnavailable as exc:
                log.warning("no producer id for transactional id %s: %s", metadata.transactional_id, exc)
                return EndResult(exc.error_code)
            try:
                loaded, current = self._transaction(metadata.transactional_id)
            except TxnError as exc:  # the partition moved while the id was allocated
                return EndResult(exc.code)
            if current is not metadata:
                return EndResult(errors.CONCURRENT_TRANSACTIONS.code)
        if fencing:
            metadata.pending_state = None
            metadata.producer_epoch = producer_epoch
            metadata.last_producer_epoch = NO_PRODUCER_EPOCH
        prepare = metadata.prepare_abort_or_commit(next_state, self.now_ms(),
                                                   transaction_version=EPOCH_BUMP_TRANSACTION_VERSION,
                                                   next_producer_id=NO_PRODUCER_ID if fencing else next_producer_id,
                                                   no_partition_added=no_partition_added, fenced=fencing)
        if prepare.next_producer_id != NO_PRODUCER_ID:
            answer = EndResult(NONE, prepare.next_producer_id, 0)
        else:
            answer = EndResult(NONE, prepare.producer_id, prepare.producer_epoch)
        error = await self._write_end(loaded, metadata, prepare, fencing=fencing)
        return answer if error == NONE else EndResult(error)

    @staticmethod
    def _v2_end_decision(metadata: TransactionMetadata, producer_id: int, producer_epoch: int, commit: bool,
                         from_client: bool) -> EndResult | tuple[TxnState, bool, bool]:
        """Either the answer, or (the prepare state, whether no partition was added, whether this is an epoch
        fence) for an end to write."""
        state = metadata.state
        fencing = metadata.pending_state == TxnState.PREPARE_EPOCH_FENCE
        retry_on_overflow = (not fencing and metadata.previous_producer_id == producer_id
                             and producer_epoch == SHORT_MAX - 1 and metadata.producer_epoch == 0)
        retry_on_bump = not fencing and metadata.producer_epoch == producer_epoch + 1
        if fencing:
            valid_epoch = (not from_client or producer_epoch == metadata.producer_epoch) \
                and producer_epoch >= metadata.producer_epoch
        elif state in (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT):
            valid_epoch = retry_on_bump
        elif state in (TxnState.COMPLETE_COMMIT, TxnState.COMPLETE_ABORT):
            valid_epoch = retry_on_bump or retry_on_overflow or producer_epoch == metadata.producer_epoch
        else:
            valid_epoch = producer_epoch == metadata.producer_epoch
        retry = retry_on_bump or retry_on_overflow
        if metadata.producer_id != producer_id and not retry_on_overflow:
            return EndResult(errors.INVALID_PRODUCER_ID_MAPPING.code)
        if not valid_epoch:
            return EndResult(errors.PRODUCER_FENCED.code)
        if metadata.pending_transition_in_progress and not fencing:
            return EndResult(errors.CONCURRENT_TRANSACTIONS.code)
        current = EndResult(NONE, metadata.producer_id, metadata.producer_epoch)
        invalid = EndResult(errors.INVALID_TXN_STATE.code)
        if state == TxnState.ONGOING:
            return (TxnState.PREPARE_COMMIT if commit else TxnState.PREPARE_ABORT), False, fencing
        if state == TxnState.COMPLETE_COMMIT:
            if commit:
                return current if retry else invalid
            return invalid if retry else (TxnState.PREPARE_ABORT, True, False)
        if state == TxnState.COMPLETE_ABORT:
            if commit:
                return invalid
            return current if retry else (TxnState.PREPARE_ABORT, True, False)
        if state in (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT):
            same = (state == TxnState.PREPARE_COMMIT) == commit
            return EndResult(errors.CONCURRENT_TRANSACTIONS.code) if same else invalid
        if state == TxnState.EMPTY:
            return invalid if commit else (TxnState.PREPARE_ABORT, True, False)
        raise IllegalTransition(f"{metadata.transactional_id} is {state.kafka_name}, which no transaction ends from")

    @staticmethod
    def _end_state_error(metadata: TransactionMetadata, commit: bool) -> int | None:
        """None when the transaction can end as asked; else the answer (NONE for a retried end)."""
        state = metadata.state
        if state == TxnState.ONGOING:
            return None
        wanted_complete = TxnState.COMPLETE_COMMIT if commit else TxnState.COMPLETE_ABORT
        wanted_prepare = TxnState.PREPARE_COMMIT if commit else TxnState.PREPARE_ABORT
        if state == wanted_complete:
            return NONE
        if state == wanted_prepare:
            return errors.CONCURRENT_TRANSACTIONS.code
        log.warning("transactional id %s is %s, but received %s", metadata.transactional_id, state.kafka_name,
                    "COMMIT" if commit else "ABORT")
        return errors.INVALID_TXN_STATE.code

    # --- markers ---------------------------------------------------------------------------------------------
    def _send_markers(self, loaded: LoadedPartition, metadata: TransactionMetadata,
                      partitions: set[TopicPartition]) -> bool:
        """Write the markers of a PrepareCommit/PrepareAbort transaction to `partitions`; what a partition refused
        with a retriable error, another broker leads, or this one leads with followers (the marker then waits for
        the in-sync replicas, which only the background task may do) stays queued for the background task. True
        when every marker is written: the transaction is ready to complete (`_complete`)."""
        commit = metadata.state == TxnState.PREPARE_COMMIT
        remaining = set()
        for topic, index in sorted(partitions):
            if self._leader_elsewhere(topic, index) or self._replicated_here(topic, index):
                remaining.add((topic, index))  # written by `_write_queued_markers`, from the background task
                continue
            code = write_marker(self.partitions, topic, index, commit=commit, producer_id=metadata.producer_id,
                                producer_epoch=metadata.producer_epoch,
                                coordinator_epoch=loaded.epoch,
                                transaction_version=metadata.client_transaction_version,
                                group_coordinator=self.group_coordinator())
            if code == errors.UNKNOWN_TOPIC_OR_PARTITION.code:
                log.info("dropping the marker of %s for %s-%d: the partition is gone", metadata.transactional_id,
                         topic, index)
            elif code != NONE:
                remaining.add((topic, index))
        if remaining:
            self._unwritten_markers[metadata.transactional_id] = remaining
            self._markers_pending.set()
            return False
        self._unwritten_markers.pop(metadata.transactional_id, None)
        return True

    def _complete_later(self, metadata: TransactionMetadata) -> None:
        """Queue the completion of a transaction whose markers are written, for the background task."""
        self._unwritten_markers[metadata.transactional_id] = set()
        self._markers_pending.set()

    async def _complete(self, loaded: LoadedPartition, metadata: TransactionMetadata, transit: TxnTransit, *,
                        backoff: float = 0.0) -> None:
        """Write CompleteCommit/CompleteAbort (prepared by the caller). Kafka retries a completion record that did
        not reach the in-sync replicas: a failure queues it again, after `backoff` seconds, while this node still
        coordinates the transaction (a new coordinator completes it when it loads the partition)."""
        if await self._append(loaded, metadata, transit) == NONE:
            return
        await trio.sleep(backoff)
        if self.txn_partitions.writable(loaded) is not None:
            self._complete_later(metadata)

    def _leader_elsewhere(self, topic: str, index: int) -> bool:
        """Whether the image names another broker (or no broker) as the partition's leader."""
        image = getattr(self.partitions, "image", None)
        registration = image.partition(topic, index) if image is not None else None
        return registration is not None and registration.leader != self.node_id

    def _replicated_here(self, topic: str, index: int) -> bool:
        """Whether this node leads the partition and has followers: its marker must wait for the ISR."""
        hosted = self.partitions.get(topic, index)
        return hosted is not None and hosted.is_leader and len(hosted.registration.replicas) > 1

    def _pending_markers(self, txn_id: str) -> tuple[LoadedPartition, TransactionMetadata] | None:
        """The transaction whose markers are queued, while they are still due (PrepareCommit/PrepareAbort)."""
        try:
            loaded, metadata = self._transaction(txn_id)
        except TxnError:
            return None
        if metadata is None or metadata.state not in (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT) \
                or metadata.pending_transition_in_progress:
            return None
        return loaded, metadata

    async def _write_queued_markers(self) -> None:
        """Write the queued markers with acks=all, all at once: to partitions other brokers lead, one WriteTxnMarkers
        per leader and transaction; to partitions this node leads with followers, here, each answered once the
        in-sync replicas have it."""
        txn_channels = getattr(self.partitions, "txn_channels", None)
        deadline = trio.current_time() + self.config["request.timeout.ms"] / 1000

        async def settle(txn_id, remaining, write, *args, **kwargs):
            settled = await write(*args, **kwargs)
            if self._unwritten_markers.get(txn_id) is remaining:  # still the same queued transaction
                remaining.difference_update(settled)

        async with trio.open_nursery() as nursery:
            for txn_id, remaining in list(self._unwritten_markers.items()):
                pending = self._pending_markers(txn_id)
                if pending is None:
                    continue
                loaded, metadata = pending
                marker = dict(commit=metadata.state == TxnState.PREPARE_COMMIT, producer_id=metadata.producer_id,
                              producer_epoch=metadata.producer_epoch, coordinator_epoch=loaded.epoch,
                              transaction_version=metadata.client_transaction_version)
                elsewhere = []
                for topic, index in sorted(remaining):
                    if self._replicated_here(topic, index):
                        nursery.start_soon(functools.partial(
                            settle, txn_id, remaining, self._write_local_marker, topic, index, deadline=deadline,
                            group_coordinator=self.group_coordinator(), **marker))
                    else:
                        elsewhere.append((topic, index))
                if txn_channels is None:  # a single node: every partition is here
                    continue
                by_leader: dict[int, list[TopicPartition]] = {}
                for topic, index in elsewhere:
                    registration = self.partitions.image.partition(topic, index)
                    if registration is not None and registration.leader >= 0 and registration.leader != self.node_id:
                        by_leader.setdefault(registration.leader, []).append((topic, index))
                for leader, partitions in by_leader.items():
                    nursery.start_soon(functools.partial(
                        settle, txn_id, remaining, write_remote_markers, txn_channels.markers, leader, partitions,
                        **marker))

    async def _write_local_marker(self, topic: str, index: int, **marker) -> set[TopicPartition]:
        """The marker for a partition this node leads, once its in-sync replicas have it: {(topic, index)} when
        it needs no more attempts (written, or the partition is gone), else empty."""
        code = await write_marker_acked(self.partitions, topic, index, **marker)
        if code in (NONE, errors.UNKNOWN_TOPIC_OR_PARTITION.code):
            return {(topic, index)}
        log.info("the marker of producer %d for %s-%d is not on the in-sync replicas: %s; retrying",
                 marker["producer_id"], topic, index, errors.for_code(code).name)
        return set()

    def retry_markers(self) -> None:
        for txn_id, partitions in list(self._unwritten_markers.items()):
            try:
                loaded, metadata = self._transaction(txn_id)
            except TxnError:
                self._unwritten_markers.pop(txn_id, None)
                continue
            if metadata is None or metadata.state not in (TxnState.PREPARE_COMMIT, TxnState.PREPARE_ABORT) \
                    or metadata.pending_transition_in_progress:
                self._unwritten_markers.pop(txn_id, None)
                continue
            if self._send_markers(loaded, metadata, partitions):
                if self._nursery is None:  # not running: the task completes it once it runs
                    self._complete_later(metadata)
                else:
                    self._nursery.start_soon(functools.partial(
                        self._complete, loaded, metadata, metadata.prepare_complete(self.now_ms()),
                        backoff=MARKER_RETRY_MS / 1000))

    # --- timeouts and expiration -----------------------------------------------------------------------------
    async def abort_timed_out_transactions(self) -> list[str]:
        """Abort (with an epoch bump that fences the producer) every Ongoing transaction older than its timeout,
        all at once; returns the ids aborted."""
        now = self.now_ms()
        aborted = []

        async def abort(loaded, metadata, fence):
            error = (await self._end_transaction(loaded, metadata, fence.producer_id, fence.producer_epoch,
                                                 commit=False, from_client=False,
                                                 transaction_version=metadata.client_transaction_version)).error
            if error == NONE:
                aborted.append(metadata.transactional_id)

        async with trio.open_nursery() as nursery:
            for loaded in list(self.txn_partitions.states.values()):
                for metadata in list(loaded.transactions.values()):
                    if metadata.state != TxnState.ONGOING or metadata.pending_transition_in_progress:
                        continue
                    if metadata.txn_start_timestamp + metadata.txn_timeout_ms >= now:
                        continue
                    log.info("aborting transaction %s of producer %d epoch %d: older than its timeout of %d ms",
                             metadata.transactional_id, metadata.producer_id, metadata.producer_epoch,
                             metadata.txn_timeout_ms)
                    try:
                        fence = metadata.prepare_fence_producer_epoch()
                    except IllegalTransition as exc:  # Kafka logs it and leaves the transaction alone, too
                        log.error("cannot abort the timed-out transaction: %s", exc)
                        continue
                    nursery.start_soon(abort, loaded, metadata, fence)
        return aborted

    async def expire_transactional_ids(self) -> list[str]:
        """Remove (tombstone) ids whose last transaction ended more than transactional.id.expiration.ms ago."""
        now = self.now_ms()
        expired = []
        for loaded in list(self.txn_partitions.states.values()):
            for metadata in list(loaded.transactions.values()):
                if not metadata.state.is_expirable or metadata.pending_transition_in_progress:
                    continue
                if metadata.txn_last_update_timestamp > now - self.id_expiration_ms:
                    continue
                metadata.prepare_dead()
                if await self._append(loaded, metadata, None) == NONE:
                    expired.append(metadata.transactional_id)
        return expired

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Background work, in the broker's nursery: load at start, then timeouts, expiration, marker retries."""
        self.load_owned_partitions()
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            task_status.started()
            try:
                await self._background(nursery)
            finally:
                self._nursery = None

    async def _background(self, nursery: trio.Nursery) -> None:
        """Marker retries and completions as they are queued; timeouts and expiration on their intervals (these
        write in tasks of their own, so a slow replication never holds up the markers)."""
        next_abort = trio.current_time() + self.abort_interval_ms / 1000
        next_expire = trio.current_time() + self.expire_interval_ms / 1000
        while True:
            wake_at = min(next_abort, next_expire)
            if self._unwritten_markers:
                wake_at = min(wake_at, trio.current_time() + MARKER_RETRY_MS / 1000)
            with trio.move_on_at(wake_at):
                await self._markers_pending.wait()
            now = trio.current_time()
            if self._unwritten_markers:
                await self._write_queued_markers()
                self.retry_markers()
            # Markers still refused wait for the retry delay, not for the event their retry just set.
            self._markers_pending = trio.Event()
            if now >= next_abort:
                self.load_owned_partitions()
                nursery.start_soon(self.abort_timed_out_transactions)
                next_abort = now + self.abort_interval_ms / 1000
            if now >= next_expire:
                nursery.start_soon(self.expire_transactional_ids)
                next_expire = now + self.expire_interval_ms / 1000

    # --- describing ------------------------------------------------------------------------------------------
    def describe(self, transactional_id: str) -> DescribedTxn:
        if transactional_id == "":
            return DescribedTxn(errors.INVALID_REQUEST.code)
        try:
            _, metadata = self._transaction(transactional_id)
        except TxnError as exc:
            return DescribedTxn(exc.code)
        if metadata is None or metadata.state == TxnState.DEAD:
            return DescribedTxn(errors.TRANSACTIONAL_ID_NOT_FOUND.code)
        return DescribedTxn(NONE, metadata)

    def list_transactions(self, *, states: list[str], producer_ids: list[int], duration_ms: int = -1,
                          id_pattern: re.Pattern | None = None) -> tuple[list[TransactionMetadata], list[str]]:
        """(matching transactions, unknown state names) over every partition this node coordinates."""
        self.load_owned_partitions()
        wanted_states = set()
        unknown = []
        for name in states:
            state = TxnState.from_kafka_name(name)
            if state is None:
                unknown.append(name)
            else:
                wanted_states.add(state)
        wanted_ids = set(producer_ids)
        now = self.now_ms()
        found = []
        for index in sorted(self.txn_partitions.states):
            for txn_id, metadata in self.txn_partitions.states[index].transactions.items():
                if metadata.state == TxnState.DEAD:
                    continue
                if wanted_ids and metadata.producer_id not in wanted_ids:
                    continue
                if states and metadata.state not in wanted_states:
                    continue
                if duration_ms >= 0 and now - metadata.txn_start_timestamp <= duration_ms:
                    continue
                if id_pattern is not None and id_pattern.fullmatch(txn_id) is None:
                    continue
                found.append(metadata)
        return found, unknown

    def validate_timeout(self, txn_timeout_ms: int) -> bool:
        return 0 < txn_timeout_ms <= self.max_timeout_ms


def _valid_expected(metadata: TransactionMetadata, expected: tuple[int, int] | None) -> bool:
    """Kafka's isValidProducerId: a v3+ InitProducerId naming a producer fences it unless it is this id's."""
    if expected is None:
        return True
    producer_id, epoch = expected
    return (metadata.producer_epoch == NO_PRODUCER_EPOCH or producer_id == metadata.producer_id
            or (producer_id == metadata.previous_producer_id and is_epoch_exhausted(epoch)))
