"""`__share_group_state` records (kbroker.share.state_store): ShareSnapshot records round-trip in Kafka's layout
(int16 record type 0, key struct; int16 version, value struct), tombstones remove a state, and a ShareUpdate
(record type 1, as Kafka writes between snapshots) is merged over the loaded state when replayed."""

from __future__ import annotations

import struct
import uuid

from kbroker.protocol.messages.share_coordinator.share_update_key import ShareUpdateKey
from kbroker.protocol.messages.share_coordinator.share_update_value import ShareUpdateValue
from kbroker.protocol.messages.share_coordinator.share_update_value import StateBatch as UpdateBatch
from kbroker.share.share_partition import StateBatch
from kbroker.share.state_store import (
    SNAPSHOT_TYPE,
    UPDATE_TYPE,
    PersistedState,
    ShareStateStore,
    StateShard,
    decode_record,
    snapshot_record,
)

KEY = ("g", uuid.UUID(int=5), 3)


def test_snapshot_round_trip_and_tombstone():
    state = PersistedState(2, 10, [StateBatch(10, 12, 2, 1), StateBatch(13, 13, 0, 3)], 4, 1000, 7)
    key, value = snapshot_record(KEY, state, now_ms=2000)
    assert struct.unpack_from(">h", key)[0] == SNAPSHOT_TYPE and struct.unpack_from(">h", value)[0] == 0
    record_type, decoded_key, decoded = decode_record(key, value)
    assert (record_type, decoded_key) == (SNAPSHOT_TYPE, KEY)
    assert (decoded.snapshot_epoch, decoded.state_epoch, decoded.leader_epoch, decoded.start_offset,
            decoded.create_timestamp, decoded.write_timestamp) == (7, 2, 4, 10, 1000, 2000)
    shard = StateShard(0, uuid.UUID(int=1), 0)
    ShareStateStore._replay(shard, record_type, decoded_key, decoded)
    assert shard.states[KEY].batches == state.batches and shard.states[KEY].snapshot_epoch == 7
    tombstone_key, tombstone = snapshot_record(KEY, None, now_ms=3000)
    assert tombstone is None
    ShareStateStore._replay(shard, *decode_record(tombstone_key, None))
    assert KEY not in shard.states


def test_a_share_update_is_merged_over_the_snapshot():
    shard = StateShard(0, uuid.UUID(int=1), 0)
    shard.states[KEY] = PersistedState(1, 10, [StateBatch(10, 19, 0, 1)])
    key = struct.pack(">h", UPDATE_TYPE) + ShareUpdateKey(group_id="g", topic_id=KEY[1], partition=3).encode(0)
    value = struct.pack(">h", 0) + ShareUpdateValue(
        snapshot_epoch=0, leader_epoch=0, start_offset=12,
        state_batches=[UpdateBatch(first_offset=14, last_offset=15, delivery_state=2, delivery_count=1)]).encode(0)
    ShareStateStore._replay(shard, *decode_record(key, value))
    merged = shard.states[KEY]
    assert merged.start_offset == 12
    assert merged.batches == [StateBatch(12, 13, 0, 1), StateBatch(14, 15, 2, 1), StateBatch(16, 19, 0, 1)]
