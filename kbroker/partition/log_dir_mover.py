"""Moving a replica between this broker's log dirs (AlterReplicaLogDirs; Kafka's future replicas and its
ReplicaAlterLogDirsManager / ReplicaAlterLogDirsThread, KIP-113).

`request_move` starts a future log `<topic>-<partition>.<uuid>-future` in the target log dir (with the
partition's partition.metadata and its log start offset); the mover task copies the current log's batches into
it as they are (Log.append_as_follower: offsets, epochs and producer state kept), a bounded chunk per round, and
once the future log has caught up (and, in a cluster, the metadata assigns the replica to the target dir:
kbroker.partition.dir_assignments asks for it first, as Kafka's broker does) it copies the rest and swaps in one
step of the event loop holding the current log's lock, so no append falls between (an append running in a worker
thread finishes before the last copy, or finds the old log taken offline and is answered NOT_LEADER_OR_FOLLOWER):
the future log is closed, renamed to `<topic>-<partition>`, reopened and becomes the partition's log
(with the current log's leader-epoch entries); the old log's directory is renamed `...<uuid>-delete` and deleted
after `file.delete.delay.ms`, giving readers still sending its file regions time to finish.

A move to the dir the replica is in cancels a pending one (its future log is deleted). A partition this node does
not host yet remembers the requested dir for when its log is created (Kafka's preferred log dir) and is answered
REPLICA_NOT_AVAILABLE. A future log left by a restart is deleted at start-up (Kafka resumes the move).
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Callable

import attrs
import trio

from kbroker.log.log import Log
from kbroker.log.partition_metadata import PartitionMetadataFile
from kbroker.partition.partition import Partition
from kbroker.protocol import errors

log = logging.getLogger(__name__)

COPY_CHUNK_BYTES = 1024 * 1024
ROUND_S = 0.05


@attrs.define
class FutureReplica:
    partition: Partition
    log: Log
    target_dir: str


class LogDirMover:
    """Owns the future logs of one broker; `run` copies and swaps them until cancelled."""

    def __init__(self, log_dirs: list[str], open_log: Callable[..., Log], delete_delay_ms: int,
                 offline_dirs: set[str], on_swap: Callable[[Log, Log], None] | None = None):
        self.log_dirs = log_dirs
        self._open_log = open_log
        self._on_swap = on_swap
        self._delete_delay_s = delete_delay_ms / 1000
        self._offline_dirs = offline_dirs
        self.futures: dict[tuple[str, int], FutureReplica] = {}
        self.preferred_dirs: dict[tuple[str, int], str] = {}
        self._retired: list[tuple[float, Log]] = []
        self._wake = trio.Event()
        # In a cluster: whether the metadata already assigns the replica to the target dir (the broker's
        # AssignReplicasToDirs goes first, as in Kafka); None (the single node): swap once caught up.
        self.assigned_to: Callable[[tuple[str, int], str], bool] | None = None

    # --- requests --------------------------------------------------------------------------------------------
    def request_move(self, key: tuple[str, int], partition: Partition | None, target_dir: str) -> int:
        """AlterReplicaLogDirs for one replica: the error code to answer."""
        target_dir = os.path.normpath(target_dir)
        if target_dir not in self.log_dirs:
            return errors.LOG_DIR_NOT_FOUND.code
        if target_dir in self._offline_dirs:
            return errors.KAFKA_STORAGE_ERROR.code
        self.preferred_dirs[key] = target_dir
        if partition is None:
            return errors.REPLICA_NOT_AVAILABLE.code
        if partition.log.closed:
            return errors.KAFKA_STORAGE_ERROR.code
        pending = self.futures.get(key)
        if os.path.dirname(partition.log.directory) == target_dir:
            if pending is not None:
                self._drop(key, "its replica is already in " + target_dir)
            return errors.NONE.code
        if pending is not None and pending.target_dir == target_dir:
            return errors.NONE.code
        if pending is not None:
            self._drop(key, "it moves to " + target_dir + " instead")
        future_dir = os.path.join(target_dir, f"{key[0]}-{key[1]}.{uuid.uuid4().hex}-future")
        future = self._open_log(future_dir, partition.log.config, key, had_clean_shutdown=True)
        PartitionMetadataFile(future_dir).write(partition.topic_id)
        if partition.log.log_start_offset > 0:
            future.truncate_fully_and_start_at(partition.log.log_start_offset)
        self.futures[key] = FutureReplica(partition, future, target_dir)
        log.info("moving the replica of %s-%d from %s to %s (future log %s)", *key,
                 os.path.dirname(partition.log.directory), target_dir, future_dir)
        self._wake.set()
        return errors.NONE.code

    def future_of(self, key: tuple[str, int]) -> FutureReplica | None:
        return self.futures.get(key)

    def forget(self, key: tuple[str, int]) -> None:
        """The partition is no longer hosted: its future log goes too."""
        self.preferred_dirs.pop(key, None)
        if key in self.futures:
            self._drop(key, "the replica was removed")

    def _drop(self, key: tuple[str, int], why: str) -> None:
        future = self.futures.pop(key)
        log.info("dropping the future log of %s-%d: %s", *key, why)
        future.log.delete()

    # --- copying and swapping --------------------------------------------------------------------------------
    async def run(self) -> None:
        while True:
            if not self.futures:
                self._wake = trio.Event()
                with trio.move_on_after(max(self._delete_delay_s, ROUND_S) if self._retired else float("inf")):
                    await self._wake.wait()
            self._delete_retired()
            for key in list(self.futures):
                future = self.futures.get(key)
                if future is None:
                    continue
                if future.partition.log.closed or future.log.closed:
                    self._drop(key, "a log went offline")
                    continue
                if (self._copy(future, COPY_CHUNK_BYTES)
                        and (self.assigned_to is None or self.assigned_to(key, future.target_dir))):
                    # Under the current log's lock an append in a worker thread either lands before the last
                    # copy or finds the log retired (Partition.append_records_in_thread).
                    with future.partition.log.lock:
                        if self._copy(future, None):
                            self._swap(key, future)
            await trio.sleep(ROUND_S)

    def _copy(self, future: FutureReplica, budget: int | None) -> bool:
        """Copy batches from the current log to the future one (at most about `budget` bytes; None: all);
        True once the future log has reached the current log's end."""
        current = future.partition.log
        copied = 0
        while future.log.log_end_offset < current.log_end_offset:
            if budget is not None and copied >= budget:
                return False
            read = current.read(future.log.log_end_offset, COPY_CHUNK_BYTES, min_one_message=True)
            if not read.regions:
                return False
            (region,) = read.regions
            data = os.pread(region.fd, region.length, region.position)
            future.log.append_as_follower(data)
            copied += len(data)
        return True

    def _swap(self, key: tuple[str, int], future: FutureReplica) -> None:
        partition = future.partition
        old = partition.log
        leo = future.log.log_end_offset
        for entry in old.leader_epoch_cache.entries():
            future.log.leader_epoch_cache.assign(entry.epoch, entry.start_offset, flush=False)
        future.log.close()
        final_dir = os.path.join(future.target_dir, f"{key[0]}-{key[1]}")
        retired_dir = f"{old.directory}.{uuid.uuid4().hex}-delete"
        os.rename(old.directory, retired_dir)
        old.directory = retired_dir
        os.rename(future.log.directory, final_dir)
        moved = self._open_log(final_dir, old.config, key, recovery_point=leo,
                               log_start_offset=old.log_start_offset, had_clean_shutdown=True)
        partition.log = moved
        old.take_offline(f"The replica of {key[0]}-{key[1]} moved to {future.target_dir}")
        if self._on_swap is not None:
            self._on_swap(old, moved)
        del self.futures[key]
        self._retired.append((trio.current_time() + self._delete_delay_s, old))
        log.info("the replica of %s-%d is now in %s (log end offset %d)", *key, future.target_dir, leo)

    def _delete_retired(self) -> None:
        now = trio.current_time()
        due = [old for when, old in self._retired if when <= now]
        self._retired = [(when, old) for when, old in self._retired if when > now]
        for old in due:
            old.delete()

    def close(self) -> None:
        """At shutdown: future logs are dropped (a restart does not resume them) and retired logs deleted."""
        for key in list(self.futures):
            self._drop(key, "the broker is shutting down")
        for _when, old in self._retired:
            old.delete()
        self._retired = []
