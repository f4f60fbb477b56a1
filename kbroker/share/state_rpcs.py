"""The share coordinator's RPCs (KIP-932; Kafka's ShareCoordinatorShard): what InitializeShareGroupState,
ReadShareGroupState, WriteShareGroupState, DeleteShareGroupState and ReadShareGroupStateSummary do to one
share-partition's written state (kbroker.share.state_store), each answering (error code, message, result).

Rules, as Kafka 4.3:
- Initialize writes a fresh state (state epoch, start offset, nothing in flight); a state epoch below the
  written one is FENCED_STATE_EPOCH;
- Read and ReadSummary answer the written state, UNKNOWN_TOPIC_OR_PARTITION when there is none; a leader epoch
  below the written one is FENCED_LEADER_EPOCH, a higher one is recorded;
- Write merges the batches over the written ones (as a ShareUpdate is applied) and moves the start offset;
  FENCED_STATE_EPOCH / FENCED_LEADER_EPOCH as above; UNKNOWN_TOPIC_OR_PARTITION without an initialized state;
- Delete forgets the state (a tombstone).
The partition's leader here keeps its share-partition in memory: a change through these RPCs makes it reload
the written state on its next use (acquisition locks it held are dropped, as after a leader change).
"""

from __future__ import annotations

import attrs

from kbroker.protocol import errors
from kbroker.share.coordinator import ShareCoordinator
from kbroker.share.share_partition import RecordState, StateBatch
from kbroker.share.state_store import Key, NotShareCoordinator, PersistedState, merge_update

NONE = errors.NONE.code
NO_LEADER_EPOCH = -1


@attrs.frozen
class Outcome:
    code: int
    message: str | None = None
    state: PersistedState | None = None


def _read(coordinator: ShareCoordinator, key: Key) -> PersistedState | None:
    return coordinator.store.read(key)


def _leader_epoch_refusal(state: PersistedState, leader_epoch: int) -> Outcome | None:
    if leader_epoch != NO_LEADER_EPOCH and leader_epoch < state.leader_epoch:
        return Outcome(errors.FENCED_LEADER_EPOCH.code,
                       f"Leader epoch {leader_epoch} is older than the share-partition's {state.leader_epoch}.")
    return None


async def _store(coordinator: ShareCoordinator, key: Key, state: PersistedState) -> int:
    coordinator.forget(key)
    return await coordinator.store.write([(key, state)])


async def initialize(coordinator: ShareCoordinator, key: Key, state_epoch: int, start_offset: int) -> Outcome:
    try:
        current = _read(coordinator, key)
        if current is not None and state_epoch < current.state_epoch:
            return Outcome(errors.FENCED_STATE_EPOCH.code,
                           f"State epoch {state_epoch} is older than the share-partition's {current.state_epoch}.")
        state = PersistedState(state_epoch, start_offset, [], NO_LEADER_EPOCH, coordinator.now_ms())
        return Outcome(await _store(coordinator, key, state))
    except NotShareCoordinator as exc:
        return Outcome(exc.code)


async def read(coordinator: ShareCoordinator, key: Key, leader_epoch: int) -> Outcome:
    try:
        current = _read(coordinator, key)
        if current is None:
            return Outcome(errors.UNKNOWN_TOPIC_OR_PARTITION.code, "The share-partition has no state.")
        refused = _leader_epoch_refusal(current, leader_epoch)
        if refused is not None:
            return refused
        if leader_epoch > current.leader_epoch:
            current = attrs.evolve(current, leader_epoch=leader_epoch)
            code = await coordinator.store.write([(key, current)])
            if code != NONE:
                return Outcome(code)
        return Outcome(NONE, None, current)
    except NotShareCoordinator as exc:
        return Outcome(exc.code)


def summary(coordinator: ShareCoordinator, key: Key, leader_epoch: int) -> Outcome:
    try:
        current = _read(coordinator, key)
    except NotShareCoordinator as exc:
        return Outcome(exc.code)
    if current is None:
        return Outcome(errors.UNKNOWN_TOPIC_OR_PARTITION.code, "The share-partition has no state.")
    return _leader_epoch_refusal(current, leader_epoch) or Outcome(NONE, None, current)


async def write(coordinator: ShareCoordinator, key: Key, state_epoch: int, leader_epoch: int, start_offset: int,
                batches: list[StateBatch]) -> Outcome:
    try:
        current = _read(coordinator, key)
        if current is None:
            return Outcome(errors.UNKNOWN_TOPIC_OR_PARTITION.code, "The share-partition has no state.")
        if state_epoch < current.state_epoch:
            return Outcome(errors.FENCED_STATE_EPOCH.code,
                           f"State epoch {state_epoch} is older than the share-partition's {current.state_epoch}.")
        refused = _leader_epoch_refusal(current, leader_epoch)
        if refused is not None:
            return refused
        merged = merge_update(current, start_offset, batches)
        merged = attrs.evolve(merged, state_epoch=state_epoch, leader_epoch=max(leader_epoch, current.leader_epoch))
        return Outcome(await _store(coordinator, key, merged))
    except NotShareCoordinator as exc:
        return Outcome(exc.code)


async def delete(coordinator: ShareCoordinator, key: Key) -> Outcome:
    coordinator.forget(key)
    try:
        return Outcome(await coordinator.store.write_tombstones([key]))
    except NotShareCoordinator as exc:
        return Outcome(exc.code)


def delivery_complete_count(state: PersistedState) -> int:
    """Records in the in-flight window that are done (acknowledged or archived)."""
    return sum(b.last_offset - b.first_offset + 1 for b in state.batches
               if b.state in (RecordState.ACKNOWLEDGED, RecordState.ARCHIVED))
