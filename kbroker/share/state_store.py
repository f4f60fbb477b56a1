"""The share coordinator's half that survives a restart: each share-partition's state (start offset, state
epoch and in-flight state batches) kept in `__share_group_state`, in Kafka's record formats
(ShareCoordinatorRecordSerde): the key is an int16 record type (0 ShareSnapshot, 1 ShareUpdate) followed by the
key struct (group id, topic id, partition) at version 0; the value is an int16 version (0) followed by the
value struct.

The share-partition (group, topic id, partition) lives on the `__share_group_state` partition its key
"group:topicId:partition" hashes to (Kafka's SharePartitionKey.asCoordinatorKey, Utils.abs(hashCode) % the
topic's partition count), loaded when this node leads it (kbroker.coordinator_partitions, as the group and
transaction coordinators' partitions). kbroker writes a full ShareSnapshot on every change (its snapshot epoch one
more than the previous one's); loading also
applies ShareUpdate records (Kafka writes them between snapshots): an update's batches replace the in-flight
state over their offset ranges, and its start offset moves the window on.
"""

from __future__ import annotations

import logging
import struct
import uuid
from collections.abc import Callable, Iterable

import attrs

from kbroker.coordinator_partitions import (
    APPEND_ERRORS,
    CoordinatorPartitions,
    PartitionState,
    wait_until_replicated,
)
from kbroker.kafka_uuid import kafka_uuid_string
from kbroker.log.log import LogError
from kbroker.log.validator import RecordValidationError
from kbroker.metadata.topic_names import SHARE_GROUP_STATE_TOPIC
from kbroker.protocol import errors
from kbroker.protocol import records as R
from kbroker.protocol.messages.share_coordinator.share_snapshot_key import ShareSnapshotKey
from kbroker.protocol.messages.share_coordinator.share_snapshot_value import ShareSnapshotValue
from kbroker.protocol.messages.share_coordinator.share_snapshot_value import StateBatch as SnapshotBatch
from kbroker.protocol.messages.share_coordinator.share_update_key import ShareUpdateKey
from kbroker.protocol.messages.share_coordinator.share_update_value import ShareUpdateValue
from kbroker.share.share_partition import StateBatch

log = logging.getLogger(__name__)

_INT16 = struct.Struct(">h")
SNAPSHOT_TYPE = 0
UPDATE_TYPE = 1

Key = tuple[str, uuid.UUID, int]  # (group id, topic id, partition)


class NotShareCoordinator(Exception):
    code = errors.NOT_COORDINATOR.code


@attrs.define
class PersistedState:
    state_epoch: int
    start_offset: int
    batches: list[StateBatch]
    leader_epoch: int = -1
    create_timestamp: int = -1
    snapshot_epoch: int = 0  # one more with every snapshot of the share-partition


@attrs.define(eq=False)
class StateShard(PartitionState):
    states: dict[Key, PersistedState] = attrs.field(factory=dict)


def coordinator_key(group_id: str, topic_id: uuid.UUID, partition: int) -> str:
    return f"{group_id}:{kafka_uuid_string(topic_id)}:{partition}"


def snapshot_record(key: Key, state: PersistedState | None, now_ms: int) -> tuple[bytes, bytes | None]:
    """A ShareSnapshot record of the share-partition's state; a tombstone for None."""
    group_id, topic_id, partition = key
    encoded_key = _INT16.pack(SNAPSHOT_TYPE) + ShareSnapshotKey(group_id=group_id, topic_id=topic_id,
                                                                partition=partition).encode(0)
    if state is None:
        return encoded_key, None
    value = ShareSnapshotValue(
        snapshot_epoch=state.snapshot_epoch, state_epoch=state.state_epoch, leader_epoch=state.leader_epoch,
        start_offset=state.start_offset, create_timestamp=state.create_timestamp, write_timestamp=now_ms,
        state_batches=[SnapshotBatch(first_offset=b.first_offset, last_offset=b.last_offset,
                                     delivery_state=b.state, delivery_count=b.delivery_count)
                       for b in state.batches])
    return encoded_key, _INT16.pack(0) + value.encode(0)


def decode_record(key: bytes, value: bytes | None) -> tuple[int, Key, object | None] | None:
    """(record type, share-partition key, decoded value or None for a tombstone); None for unknown types."""
    (record_type,) = _INT16.unpack_from(key, 0)
    if record_type == SNAPSHOT_TYPE:
        k, _ = ShareSnapshotKey.decode(memoryview(key), 2, 0)
        value_class = ShareSnapshotValue
    elif record_type == UPDATE_TYPE:
        k, _ = ShareUpdateKey.decode(memoryview(key), 2, 0)
        value_class = ShareUpdateValue
    else:
        return None
    decoded = None
    if value is not None:
        (version,) = _INT16.unpack_from(value, 0)
        decoded, _ = value_class.decode(memoryview(value), 2, version)
    return record_type, (k.group_id, k.topic_id, k.partition), decoded


def _batches(value) -> list[StateBatch]:
    return [StateBatch(b.first_offset, b.last_offset, b.delivery_state, b.delivery_count)
            for b in value.state_batches]


def merge_update(state: PersistedState, start_offset: int, update: list[StateBatch]) -> PersistedState:
    """Kafka's ShareCoordinatorShard merge of a ShareUpdate: the update's batches win over their offsets, and
    nothing before the (possibly moved) start offset is kept."""
    covered: dict[int, StateBatch] = {}
    for batch in [*state.batches, *update]:
        for offset in range(batch.first_offset, batch.last_offset + 1):
            covered[offset] = batch
    start = start_offset if start_offset >= 0 else state.start_offset
    merged: list[StateBatch] = []
    for offset in sorted(o for o in covered if o >= start):
        batch = covered[offset]
        last = merged[-1] if merged else None
        if last is not None and last.last_offset == offset - 1 and (last.state, last.delivery_count) == \
                (batch.state, batch.delivery_count):
            merged[-1] = attrs.evolve(last, last_offset=offset)
        else:
            merged.append(StateBatch(offset, offset, batch.state, batch.delivery_count))
    return attrs.evolve(state, start_offset=start, batches=merged)


def _next_snapshot(previous: PersistedState | None, state: PersistedState | None) -> PersistedState | None:
    """The state to write with its snapshot epoch: the previous snapshot's plus one (a tombstone: None)."""
    if state is None:
        return None
    return attrs.evolve(state, snapshot_epoch=0 if previous is None else previous.snapshot_epoch + 1)


class ShareStateStore:
    """`partitions` finds hosted partitions; `partition_count()` is `__share_group_state`'s partition count (the
    existing topic's, else share.coordinator.state.topic.num.partitions)."""

    def __init__(self, config, partitions, *, node_id: int, partition_count: Callable[[], int],
                 now_ms: Callable[[], int]):
        self.config = config
        self.now_ms = now_ms
        self.shards: CoordinatorPartitions[StateShard] = CoordinatorPartitions(
            SHARE_GROUP_STATE_TOPIC, partitions, node_id=node_id, partition_count=partition_count,
            load=self._load, not_coordinator=NotShareCoordinator)

    def shard_of(self, key: Key) -> StateShard:
        return self.shards.get(self.shards.partition_for(coordinator_key(*key)))

    def read(self, key: Key) -> PersistedState | None:
        """The share-partition's written state, None if it has none; raises NotShareCoordinator."""
        return self.shard_of(key).states.get(key)

    async def write(self, entries: Iterable[tuple[Key, PersistedState]]) -> int:
        """Write each share-partition's state as a ShareSnapshot, and wait for it to be replicated as Kafka's
        coordinator runtime does; NONE or the error the writer gets."""
        return await self._write([(key, state) for key, state in entries])

    async def write_tombstones(self, keys: Iterable[Key]) -> int:
        """Forget share-partitions: a ShareSnapshot tombstone each (DeleteShareGroupState, offsets deleted)."""
        return await self._write([(key, None) for key in keys])

    async def _write(self, entries: list[tuple[Key, PersistedState | None]]) -> int:
        """Append every record before the first wait, so that concurrent writers' records land in the order their
        states were taken; then wait for each partition's replication."""
        by_shard: dict[int, list[tuple[Key, PersistedState | None]]] = {}
        for key, state in entries:
            by_shard.setdefault(self.shards.partition_for(coordinator_key(*key)), []).append((key, state))
        appended = []
        for index, items in by_shard.items():
            try:
                shard = self.shards.get(index)
            except NotShareCoordinator:
                return errors.NOT_COORDINATOR.code
            hosted = self.shards.writable(shard)
            if hosted is None:
                return errors.NOT_COORDINATOR.code
            now = self.now_ms()
            items = [(key, _next_snapshot(shard.states.get(key), state)) for key, state in items]
            batch = R.build_batch([(now, *snapshot_record(key, state, now)) for key, state in items])
            try:
                hosted.append_records(batch, required_acks=1, origin="coordinator")
            except (LogError, RecordValidationError) as exc:
                code = APPEND_ERRORS.get(exc.error_code, exc.error_code)
                log.warning("writing %d share states to %s-%d failed (%s): %s", len(items), SHARE_GROUP_STATE_TOPIC,
                            index, errors.for_code(code).name, exc)
                return code
            for key, state in items:
                if state is None:
                    shard.states.pop(key, None)
                else:
                    shard.states[key] = state
            appended.append((hosted, hosted.log_end_offset))
        result = errors.NONE.code
        for hosted, end_offset in appended:
            code = await wait_until_replicated(hosted, end_offset, self.config["share.coordinator.write.timeout.ms"],
                                               min_insync=False)
            if code != errors.NONE.code:
                result = code
        return result

    def _load(self, index: int, hosted) -> StateShard:
        shard = StateShard(index, hosted.topic_id, hosted.leader_epoch)
        for raw in hosted.log.read_batches():
            for batch in R.iter_batches(raw):
                if batch.is_control:
                    continue
                for record in batch.records():
                    if record.key is None:
                        continue
                    try:
                        decoded = decode_record(bytes(record.key),
                                                None if record.value is None else bytes(record.value))
                    except (ValueError, struct.error) as exc:
                        log.error("skipping a %s-%d record at offset %d that does not decode: %s",
                                  SHARE_GROUP_STATE_TOPIC, index, record.offset, exc)
                        continue
                    if decoded is not None:
                        self._replay(shard, *decoded)
        self.shards.states[index] = shard
        log.info("loaded %d share-partition states from %s-%d (epoch %d)", len(shard.states),
                 SHARE_GROUP_STATE_TOPIC, index, shard.epoch)
        return shard

    @staticmethod
    def _replay(shard: StateShard, record_type: int, key: Key, value) -> None:
        if value is None:
            shard.states.pop(key, None)
        elif record_type == SNAPSHOT_TYPE:
            shard.states[key] = PersistedState(value.state_epoch, value.start_offset, _batches(value),
                                               value.leader_epoch, value.create_timestamp, value.snapshot_epoch)
        else:
            current = shard.states.get(key)
            if current is not None:
                shard.states[key] = merge_update(current, value.start_offset, _batches(value))
