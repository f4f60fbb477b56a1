"""The share coordinator of a node (KIP-932): what ShareGroupHeartbeat, ShareGroupDescribe, ShareFetch,
ShareAcknowledge and the share-group admin APIs work on. It owns
- the share groups' membership and assignment (kbroker.share.groups),
- the share sessions of the members fetching from this node (kbroker.share.sessions),
- the share-partitions this node leads the topic partition of (kbroker.share.share_partition), each loaded from
  its written state in `__share_group_state` (kbroker.share.state_store) or, the first time, started where the
  group's share.auto.offset.reset says (latest, Kafka's default: the high watermark) and written at once,
applies each group's own configs at use (kbroker.share.group_settings), and writes a share-partition's state back after every change that is not a mere acquisition (acknowledgements,
releases, expired locks, offset resets) before the request that made it is answered: an acknowledged record is
never delivered again once its answer went out, and after a crash every record that was only acquired is
delivered again (locks do not survive the broker).

`changed` is set (and replaced) whenever records may have become acquirable, so a waiting ShareFetch wakes.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable

import trio

from kbroker.share.group_settings import EARLIEST, LATEST, ShareGroupSettings
from kbroker.share.groups import ShareGroups
from kbroker.share.sessions import ShareSessionCache
from kbroker.share.share_partition import RecordState, SharePartition
from kbroker.share.state_store import Key, NotShareCoordinator, PersistedState, ShareStateStore

log = logging.getLogger(__name__)


class ShareCoordinator:
    def __init__(self, config, partitions, *, node_id: int, image: Callable[[], object],
                 state_partition_count: Callable[[], int], now_ms: Callable[[], int],
                 monotonic_ms: Callable[[], int]):
        self.config = config
        self.partitions = partitions
        self.monotonic_ms = monotonic_ms
        self.now_ms = now_ms
        self.settings = ShareGroupSettings(config, image)
        self.groups = ShareGroups(config, image, monotonic_ms, self._member_removed, self.settings)
        self.sessions = ShareSessionCache(config["group.share.max.share.sessions"])
        self.store = ShareStateStore(config, partitions, node_id=node_id, partition_count=state_partition_count,
                                     now_ms=now_ms)
        self.share_partitions: dict[Key, SharePartition] = {}
        self._loaded_from: dict[Key, tuple[object, int]] = {}  # key -> (topic id, leader epoch) it was loaded at
        self.dirty: set[Key] = set()
        self.changed = trio.Event()

    # --- a group's settings (its own share.* configs within the broker's bounds, else the broker's)
    def lock_ms(self, group_id: str) -> int:
        return self.settings.record_lock_duration_ms(group_id)

    def read_committed(self, group_id: str) -> bool:
        return self.settings.read_committed(group_id)

    def _limits(self, group_id: str) -> tuple[int, int]:
        """(delivery count limit, max in-flight records) of the group's share-partitions."""
        return self.settings.delivery_count_limit(group_id), self.settings.partition_max_record_locks(group_id)

    def notify(self) -> None:
        """Records may have become acquirable, or a new deadline was set: wake the waiting fetches and `run`."""
        self.changed.set()
        self.changed = trio.Event()

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Background work in the broker's nursery: at each member's session deadline and each acquisition lock's
        deadline, remove the member or release the records, and write the share-partitions that changed."""
        task_status.started()
        while True:
            changed = self.changed
            deadline = self._next_deadline()
            # One millisecond past the deadline: the clock in whole milliseconds has then reached it.
            with trio.move_on_at(float("inf") if deadline is None else (deadline + 1) / 1000):
                await changed.wait()
            for group_id in list(self.groups.groups):
                self.groups.get(group_id)  # removes the members whose session expired
            self.expire_locks()
            code = await self.flush()
            if code:
                log.warning("writing share-partition state after expired locks or sessions failed with error %d",
                            code)

    def _next_deadline(self) -> int | None:
        deadlines = [d for sp in self.share_partitions.values() if (d := sp.next_lock_deadline()) is not None]
        deadlines += [m.deadline_ms for g in self.groups.groups.values() for m in g.members.values()]
        return min(deadlines) if deadlines else None

    # --- share-partitions
    async def share_partition(self, group_id: str, hosted) -> SharePartition:
        """The group's share-partition of the hosted (led) partition, loaded or initialized; raises
        NotShareCoordinator when the state partition is not led here."""
        key = (group_id, hosted.topic_id, hosted.partition)
        incarnation = (hosted.topic_id, hosted.leader_epoch)
        found = self.share_partitions.get(key)
        delivery_count_limit, max_in_flight = self._limits(group_id)
        if found is not None and self._loaded_from.get(key) == incarnation:
            found.delivery_count_limit, found.max_in_flight = delivery_count_limit, max_in_flight
            found.advance_to_log_start(hosted.log_start_offset)
            return found
        persisted = self.store.read(key)
        if persisted is not None:
            sp = SharePartition.restore(persisted.start_offset, persisted.batches, delivery_count_limit,
                                        max_in_flight)
            sp.state_epoch = persisted.state_epoch
            sp.advance_to_log_start(hosted.log_start_offset)
        else:
            sp = SharePartition(self.initial_offset(group_id, hosted), delivery_count_limit, max_in_flight)
            self.dirty.add(key)
        self.share_partitions[key] = sp
        self._loaded_from[key] = incarnation
        return sp

    def initial_offset(self, group_id: str, hosted) -> int:
        """Where a new share-partition starts (share.auto.offset.reset): the log start offset, the high
        watermark, or the first offset at or after now minus the duration (the high watermark when none)."""
        strategy, duration = self.settings.auto_offset_reset(group_id)
        if strategy == EARLIEST:
            return hosted.log_start_offset
        if strategy == LATEST:
            return hosted.high_watermark
        found = hosted.log.fetch_offset_by_timestamp(self.now_ms() - duration, max_offset=hosted.high_watermark)
        return hosted.high_watermark if found is None else max(found.offset, hosted.log_start_offset)

    def mark_changed(self, key: Key) -> None:
        self.dirty.add(key)

    async def flush(self) -> int:
        """Write every changed share-partition's state; NONE or the write's error."""
        if not self.dirty:
            return 0
        keys, self.dirty = sorted(self.dirty, key=str), set()
        entries = []
        for key in keys:
            sp = self.share_partitions.get(key)
            if sp is not None:
                entries.append((key, self.persisted(sp)))
        try:
            return await self.store.write(entries)
        except NotShareCoordinator as exc:
            return exc.code

    def persisted(self, sp: SharePartition) -> PersistedState:
        return PersistedState(sp.state_epoch, sp.start_offset, sp.state_batches(), -1, self.now_ms())

    def expire_locks(self) -> None:
        now = self.monotonic_ms()
        released = False
        for key, sp in self.share_partitions.items():
            if sp.expire_locks(now):
                self.dirty.add(key)
                released = True
        if released:
            self.notify()

    def next_lock_deadline(self, keys) -> int | None:
        deadlines = [d for key in keys if (sp := self.share_partitions.get(key)) is not None
                     for d in [sp.next_lock_deadline()] if d is not None]
        return min(deadlines) if deadlines else None

    def release(self, group_id: str, member_id: str, keys=None) -> None:
        """Release what `member_id` holds (in `keys`, or everywhere in the group)."""
        released = False
        for key, sp in self.share_partitions.items():
            if key[0] == group_id and (keys is None or key in keys) and sp.release_member(member_id):
                self.dirty.add(key)
                released = True
        if released:
            self.notify()

    def reset(self, group_id: str, topic_id: uuid.UUID, partition: int, start_offset: int) -> None:
        """AlterShareGroupOffsets: the share-partition starts over at `start_offset` (state epoch bumped)."""
        key = (group_id, topic_id, partition)
        sp = self.share_partitions.get(key)
        if sp is None:
            persisted = None
            try:
                persisted = self.store.read(key)
            except NotShareCoordinator:
                pass
            sp = SharePartition(start_offset, *self._limits(group_id))
            sp.state_epoch = persisted.state_epoch if persisted is not None else 0
            self.share_partitions[key] = sp
            self._loaded_from.pop(key, None)
        sp.reset(start_offset)
        sp.state_epoch += 1
        self.dirty.add(key)

    def _member_removed(self, group_id: str, member_id: str) -> None:
        session = self.sessions.close(group_id, member_id)
        if session is not None:
            log.info("closed the share session of member %s of group %s, which left the group", member_id,
                     group_id)
        self.release(group_id, member_id)

    def forget(self, key: Key) -> None:
        """Drop one share-partition from memory: its next use reloads the written state."""
        self.share_partitions.pop(key, None)
        self._loaded_from.pop(key, None)
        self.dirty.discard(key)
        self.notify()

    # --- the share-group offsets admin APIs
    def known_group(self, group_id: str):
        """The share group, or (after a restart, membership being in memory) an empty one when share-partition
        state of the group was written; None when neither exists."""
        group = self.groups.get(group_id)
        if group is None and self.initialized_partitions(group_id):
            group = self.groups.create_empty(group_id)
        return group

    def initialized_partitions(self, group_id: str) -> dict[uuid.UUID, set[int]]:
        """Every share-partition of the group with state here (in memory or written): topic id -> partitions."""
        found: dict[uuid.UUID, set[int]] = {}
        self.store.shards.load_owned()
        keys = set(self.share_partitions) | {key for shard in self.store.shards.states.values()
                                             for key in shard.states}
        for group, topic_id, partition in keys:
            if group == group_id:
                found.setdefault(topic_id, set()).add(partition)
        return found

    def state_keys(self) -> set[Key]:
        """Every share-partition with state here (in memory or written), of every group; read-only."""
        self.store.shards.load_owned()
        return set(self.share_partitions) | {key for shard in self.store.shards.states.values() for key in shard.states}

    def start_offset(self, group_id: str, topic_id: uuid.UUID, partition: int) -> tuple[int, int]:
        """(SPSO, records done within the in-flight window) of a share-partition; (-1, 0) without state."""
        key = (group_id, topic_id, partition)
        sp = self.share_partitions.get(key)
        if sp is not None:
            done = sum(1 for r in sp.in_flight.values() if r.state in (RecordState.ACKNOWLEDGED, RecordState.ARCHIVED))
            return sp.start_offset, done
        try:
            persisted = self.store.read(key)
        except NotShareCoordinator:
            persisted = None
        if persisted is None:
            return -1, 0
        done = sum(b.last_offset - b.first_offset + 1 for b in persisted.batches
                   if b.state in (RecordState.ACKNOWLEDGED, RecordState.ARCHIVED))
        return persisted.start_offset, done

    async def delete_states(self, group_id: str, topic_ids: set[uuid.UUID]) -> int:
        """Forget the group's share-partitions of `topic_ids` (tombstones written)."""
        keys = [(group_id, topic_id, partition)
                for topic_id, partitions in self.initialized_partitions(group_id).items() if topic_id in topic_ids
                for partition in partitions]
        for key in keys:
            self.forget(key)
        if not keys:
            return 0
        try:
            return await self.store.write_tombstones(keys)
        except NotShareCoordinator as exc:
            return exc.code
