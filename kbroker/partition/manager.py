"""The partitions this node hosts and the upkeep of their logs (Kafka's LogManager + ReplicaManager).

Owns:
- start-up: each log dir's clean-shutdown marker and checkpoints are read, the partition directories found
  there are opened (recovered when the marker is absent), and the marker is removed while the broker runs;
- following the metadata image (`apply_image`): a partition assigned to this node gets a log (created in the
  log dir holding the fewest partitions, with its `partition.metadata`), a partition of a deleted topic, or a
  directory whose topic id is not the image's, is deleted; leadership and topic configs are pushed to the
  live partitions (each becomes leader or follower, kbroker.partition.partition), and the partitions this node
  follows are handed to the replica fetchers (`replica_fetchers`, kbroker.partition.replica_fetcher) when the
  node runs them; ISR changes a leader decides go to `alter_partition` (kbroker.partition.alter_partition), which
  a single node does not have: it is the whole ISR of everything it hosts; `txn_channels` carry the transaction
  traffic between brokers (markers to leaders, verification by coordinators) on connections of their own;
- ISR expiry (`run`): every half of replica.lag.time.max.ms each led partition drops the followers that have not
  caught up within it (Kafka's isr-expiration task);
- background upkeep (`run`, in the broker's nursery): flush after a roll and per flush.ms, retention every
  log.retention.check.interval.ms (the first after log.initial.task.delay.ms), delayed file deletion, the
  log cleaner, and the recovery-point, log-start-offset and replication-offset (high watermark) checkpoints;
  a partition opened at start-up starts from its checkpointed high watermark (bounded by its log);
- shutdown: every log closed cleanly, checkpoints written, then the clean-shutdown marker holding the broker
  epoch (kbroker.log.clean_shutdown: what the next incarnation registers as its previous broker epoch);
- logs created before their topic or partitions are committed (`prepare_logs`, called by the controller
  under its lock): a partition that cannot get its log (out of descriptors, memory maps or disk) fails its
  topic's creation whole with nothing left behind, instead of a topic in the metadata without its logs;
- a failed write (disk full, I/O error) takes the log's whole dir offline, as Kafka's LogDirFailureChannel
  does: its logs answer KAFKA_STORAGE_ERROR, it gets no checkpoints and no clean-shutdown marker (so the next
  start recovers it), and when no log dir is left the broker halts ("Shutdown broker because all log dirs in
  ... have failed", exit status 1).
"""

from __future__ import annotations

import concurrent.futures
import logging
import os
import re
import shutil
import threading
import time
import uuid
from collections.abc import Callable, Iterator

import trio

from kbroker.config import BrokerConfig
from kbroker.log.checkpoints import (
    LOG_START_OFFSET_CHECKPOINT,
    RECOVERY_POINT_CHECKPOINT,
    REPLICATION_OFFSET_CHECKPOINT,
    CheckpointError,
    fsync_directory,
    log_dir_checkpoint,
)
from kbroker.log.clean_shutdown import delete_marker, has_marker, write_marker
from kbroker.log.cleaner import LogCleaner
from kbroker.log.config import LogConfig
from kbroker.log.log import Log, LogError
from kbroker.log.partition_metadata import PartitionMetadataError, PartitionMetadataFile
from kbroker.log.retention import delete_old_segments
from kbroker.metadata.image import MetadataImage
from kbroker.network.channels import TxnChannels
from kbroker.partition.alter_partition import AlterPartitionItem, AlterPartitionManager, ResultCallback
from kbroker.partition.headroom import check_room_for_logs
from kbroker.partition.log_configs import LogConfigResolver
from kbroker.partition.log_dir_mover import LogDirMover
from kbroker.partition.partition import Partition
from kbroker.partition.replica_fetcher import ReplicaFetcherManager
from kbroker.partition.replication_quota import ReplicationQuotas

log = logging.getLogger(__name__)

METADATA_LOG_DIR_NAME = "__cluster_metadata-0"
# Kafka's log.flush.offset.checkpoint.interval.ms and log.flush.start.offset.checkpoint.interval.ms defaults.
CHECKPOINT_INTERVAL_MS = 60_000
# log.cleaner.backoff.ms: how long the cleaner sleeps when no log needs cleaning.
CLEANER_BACKOFF_MS = 15_000
HOUSEKEEPING_TICK_MS = 1_000

_PARTITION_DIR = re.compile(r"^(?P<topic>[A-Za-z0-9._-]+)-(?P<partition>[0-9]+)$")
_DELETED_DIR = re.compile(r"^[A-Za-z0-9._-]+-[0-9]+\.[0-9a-f]{32}-delete$")
_FUTURE_DIR = re.compile(r"^[A-Za-z0-9._-]+-[0-9]+\.[0-9a-f]{32}-future$")


def halt_process(reason: str) -> None:
    """Kafka's Exit.halt(1): log why and end the process at once, without a clean shutdown."""
    log.critical(reason)
    for handler in logging.getLogger().handlers:
        handler.flush()
    os._exit(1)


class PartitionManager:
    def __init__(self, config: BrokerConfig, *, time_ms: Callable[[], int],
                 halt: Callable[[str], None] = halt_process):
        self.config = config
        self.node_id = config.node_id
        self.time_ms = time_ms
        self.log_dirs = list(config.log_dirs)
        self.configs = LogConfigResolver(config)
        self.cleaner = LogCleaner(time_ms)
        self._partitions: dict[tuple[str, int], Partition] = {}
        self._by_topic_id: dict[uuid.UUID, str] = {}
        self._unattached: dict[tuple[str, int], Log] = {}
        # Logs prepare_logs made (from the controller's thread) for records not yet in the image.
        self._prepared: dict[tuple[str, int], tuple[uuid.UUID, Log]] = {}
        self._prepared_lock = threading.Lock()
        # deleted logs whose segments stay open until file.delete.delay.ms has passed (see _delete_log)
        self._deleted_logs: list[Log] = []
        self._deleted_lock = threading.Lock()
        # partition.metadata files written without fsync, synced by the housekeeping (as Kafka's scheduler
        # flushes them after the log's creation): creating a partition costs no fsync of its own.
        self._unsynced_metadata: list[str] = []
        self._started = False
        self._closed = False
        self._checkpoint_lock = threading.Lock()
        self.halt = halt
        self.offline_dirs: set[str] = set()
        # Set by the node when it runs in a cluster; a single node has neither.
        self.replica_fetchers: ReplicaFetcherManager | None = None
        self.alter_partition: AlterPartitionManager | None = None
        self.txn_channels: TxnChannels | None = None
        # Brokers whose replicas may join an ISR: registered, unfenced, not shutting down.
        self._isr_eligible: frozenset[int] = frozenset()
        # High watermarks from the log dirs' replication-offset-checkpoint, each partition's starting HW.
        self._checkpointed_hw: dict[tuple[str, int], int] = {}
        self.image: MetadataImage | None = None
        # Replication throttles (leader and follower side), from the image's broker and topic configs.
        self.replication_quotas = ReplicationQuotas(self.node_id, time_ms, config)
        # AlterReplicaLogDirs: future logs moving replicas between this broker's log dirs.
        self.log_dir_mover = LogDirMover(self.log_dirs, self._open_log, config["log.segment.delete.delay.ms"],
                                         self.offline_dirs, self._log_moved)

    # --- lookup ----------------------------------------------------------------------------------------------
    def get(self, topic: str, partition: int) -> Partition | None:
        return self._partitions.get((topic, partition))

    def get_by_id(self, topic_id: uuid.UUID, partition: int) -> Partition | None:
        topic = self._by_topic_id.get(topic_id)
        return None if topic is None else self._partitions.get((topic, partition))

    def __iter__(self) -> Iterator[Partition]:
        return iter(list(self._partitions.values()))

    def __len__(self) -> int:
        return len(self._partitions)

    # --- start-up --------------------------------------------------------------------------------------------
    def startup(self, image: MetadataImage) -> None:
        """Open the logs found in the log dirs, then follow `image`."""
        topic_configs: dict[str, LogConfig] = {}
        for log_dir in self.log_dirs:
            os.makedirs(log_dir, exist_ok=True)
            clean = has_marker(log_dir)
            recovery_points = _read_checkpoint(log_dir, RECOVERY_POINT_CHECKPOINT)
            start_offsets = _read_checkpoint(log_dir, LOG_START_OFFSET_CHECKPOINT)
            self._checkpointed_hw.update(_read_checkpoint(log_dir, REPLICATION_OFFSET_CHECKPOINT))
            names = sorted(os.listdir(log_dir))
            progress = LoadProgress(log_dir, sum(1 for name in names if name != METADATA_LOG_DIR_NAME
                                                 and _PARTITION_DIR.match(name)), clean)
            for name in names:
                path = os.path.join(log_dir, name)
                if not os.path.isdir(path) or name == METADATA_LOG_DIR_NAME:
                    continue
                if _DELETED_DIR.match(name) or _FUTURE_DIR.match(name):
                    if _FUTURE_DIR.match(name):
                        log.info("deleting the future log %s: a move between log dirs is not resumed", path)
                    shutil.rmtree(path, ignore_errors=True)
                    continue
                match = _PARTITION_DIR.match(name)
                if match is None:
                    continue
                key = (match["topic"], int(match["partition"]))
                if key in self._unattached:
                    log.error("partition %s-%d has a directory in two log dirs; using %s", *key,
                              self._unattached[key].directory)
                    continue
                config = topic_configs.get(key[0])
                if config is None:
                    config = topic_configs[key[0]] = self.configs.for_topic(image, key[0])
                self._unattached[key] = self._open_log(path, config, key,
                                                       recovery_point=recovery_points.get(key, 0),
                                                       log_start_offset=start_offsets.get(key, 0),
                                                       had_clean_shutdown=clean)
                progress.loaded_one()
            if clean:
                delete_marker(log_dir)
        log.info("loaded %d partition logs from %s", len(self._unattached), ", ".join(self.log_dirs))
        self._started = True
        self.apply_image(image)
        self.checkpoint_now()

    # --- following the metadata image ------------------------------------------------------------------------
    def apply_image(self, image: MetadataImage) -> None:
        """Create, delete and update hosted partitions so they match `image`."""
        before, self.image = self.image, image
        if (before is None or before.topic_configs is not image.topic_configs
                or before.broker_configs is not image.broker_configs):
            self.replication_quotas.update(image)
        self._isr_eligible = frozenset(broker_id for broker_id, broker in image.brokers.items()
                                       if not broker.fenced and not broker.in_controlled_shutdown)
        wanted: dict[tuple[str, int], tuple] = {}
        for topic in image.topics_by_name.values():
            for registration in topic.partitions.values():
                if self.node_id in registration.replicas:
                    wanted[(topic.name, registration.partition_id)] = (topic, registration)
        for key in [k for k in self._partitions if k not in wanted or
                    self._partitions[k].topic_id != wanted[k][0].topic_id]:
            partition = self._partitions.pop(key)
            self.log_dir_mover.forget(key)
            if key not in wanted and partition.topic_id in image.topics_by_id:
                log.info("deleting partition %s-%d: this broker is no longer one of its replicas", *key)
            else:
                log.info("deleting partition %s-%d (topic id %s is gone)", *key, partition.topic_id)
            self._delete_log(partition.log)
        for key in list(self._unattached):
            if key not in wanted:
                log.info("deleting the log of %s-%d: its topic is not in the metadata", *key)
                self._delete_log(self._unattached.pop(key))
        topic_configs = {}
        dir_counts = None
        for key, (topic, registration) in wanted.items():
            config = topic_configs.get(topic.name)
            if config is None:
                config = topic_configs[topic.name] = self.configs.for_topic(image, topic.name)
            partition = self._partitions.get(key)
            if partition is None:
                if dir_counts is None:
                    dir_counts = self._partitions_per_log_dir()
                partition = self._attach(key, topic.topic_id, registration, config, dir_counts)
                if partition is None:
                    continue
                self._partitions[key] = partition
            partition.update_registration(registration)
            if partition.log.config != config:
                partition.log.config = config
        self._by_topic_id = {p.topic_id: p.topic for p in self._partitions.values()}
        if self.replica_fetchers is not None:
            self.replica_fetchers.update(image, {key: p for key, p in self._partitions.items()
                                                 if not p.is_leader and not p.log.closed})

    def _attach(self, key: tuple[str, int], topic_id: uuid.UUID, registration, config,
                dir_counts: dict[str, int]) -> Partition | None:
        with self._prepared_lock:
            prepared = self._prepared.pop(key, None)
        if prepared is not None:
            if prepared[0] == topic_id:
                prepared[1].config = config
                return self._hosted(key, topic_id, prepared[1], registration, config)
            self._delete_log(prepared[1])
        existing = self._unattached.pop(key, None)
        if existing is not None:
            try:
                stored_id = PartitionMetadataFile(existing.directory).read()
            except (PartitionMetadataError, OSError) as exc:
                log.warning("partition.metadata of %s is unreadable (%s); rewriting it", existing.directory, exc)
                stored_id = None
            if stored_id is not None and stored_id != topic_id:
                log.info("deleting the log of %s-%d: it belongs to topic id %s, the metadata says %s", *key,
                         stored_id, topic_id)
                self._delete_log(existing)
                existing = None
        if existing is not None:
            existing.config = config
            log_ = existing
        else:
            log_ = self._open_log(self._new_log_directory(key, dir_counts), config, key, had_clean_shutdown=True)
        return self._hosted(key, topic_id, log_, registration, config)

    def _hosted(self, key: tuple[str, int], topic_id: uuid.UUID, log_: Log, registration, config) -> Partition:
        metadata_file = PartitionMetadataFile(log_.directory)
        if not metadata_file.exists():
            self._write_partition_metadata(metadata_file, topic_id)
        if config.compact:
            self.cleaner.add_log(log_)
        return Partition(key[0], key[1], topic_id, log_, registration, node_id=self.node_id, time_ms=self.time_ms,
                         high_watermark=self._checkpointed_hw.pop(key, 0),
                         replica_lag_time_max_ms=self.config["replica.lag.time.max.ms"],
                         alter_partition=self._submit_alter_partition,
                         eligible_replicas=lambda: self._isr_eligible)

    def attach_replication(self, fetchers: ReplicaFetcherManager, alter_partition: AlterPartitionManager,
                           txn_channels: TxnChannels | None = None) -> None:
        """Start replicating (a node of a cluster): the followed partitions go to `fetchers` from now on, ISR
        changes to `alter_partition`, and transaction markers and verifications to other brokers through
        `txn_channels`."""
        self.replica_fetchers = fetchers
        self.alter_partition = alter_partition
        self.txn_channels = txn_channels
        if self.image is not None:
            self.apply_image(self.image)

    def _submit_alter_partition(self, item: AlterPartitionItem, on_result: ResultCallback) -> bool:
        return self.alter_partition is not None and self.alter_partition.submit(item, on_result)

    def _partitions_per_log_dir(self) -> dict[str, int]:
        counts = {d: 0 for d in self.log_dirs}
        if len(counts) == 1:  # nothing to choose: no need to count every hosted partition
            return counts
        partitions = list(self._partitions.values())  # one C-level copy: this also runs in the controller's thread
        with self._prepared_lock:
            logs = [*(p.log for p in partitions), *(lg for _id, lg in self._prepared.values())]
        for log_ in logs:
            parent = os.path.dirname(log_.directory)
            if parent in counts:
                counts[parent] += 1
        return counts

    def _new_log_directory(self, key: tuple[str, int], dir_counts: dict[str, int]) -> str:
        """The directory of a new partition's log, in the log dir holding the fewest partitions (`dir_counts`,
        counted once per batch of new partitions and kept up to date here)."""
        preferred = self.log_dir_mover.preferred_dirs.pop(key, None)
        online = [d for d in self.log_dirs if d not in self.offline_dirs] or self.log_dirs
        log_dir = preferred if preferred in online else min(online, key=lambda d: dir_counts[d])
        dir_counts[log_dir] += 1
        return os.path.join(log_dir, f"{key[0]}-{key[1]}")

    # --- logs made before the controller commits --------------------------------------------------------------
    def prepare_logs(self, image: MetadataImage, topic: str, topic_id: uuid.UUID,
                     assignment: dict[int, list[int]], config_overrides: dict[str, str] | None) -> None:
        """Create the logs (with their partition.metadata) of the partitions in `assignment` that this node
        hosts, before the records creating them are committed; `config_overrides` None means the topic's
        configs in `image`. An OSError (EMFILE, ENOSPC, ...) removes every log this call made and is raised
        again with Kafka's words ("Error while creating log for <tp> in dir <dir>"); the caller refuses the
        topic. Runs in the controller's thread, under its lock."""
        if self._closed:
            raise OSError(f"cannot create logs for {topic}: the broker is shutting down")
        overrides = image.configs_of_topic(topic) if config_overrides is None else config_overrides
        config = self.configs.for_new_topic(image, overrides)
        new_logs = sum(1 for p, replicas in assignment.items()
                       if self.node_id in replicas and (topic, p) not in self._partitions)
        try:
            check_room_for_logs(new_logs)
        except OSError as exc:
            raise OSError(exc.errno, f"Cannot create the {new_logs} logs of {topic} in dir "
                          f"{', '.join(self.log_dirs)}: {exc.strerror}") from exc
        dir_counts = self._partitions_per_log_dir()
        made: list[tuple[tuple[str, int], Log]] = []
        for partition, replicas in sorted(assignment.items()):
            key = (topic, partition)
            if self.node_id not in replicas or key in self._partitions:
                continue
            directory = self._new_log_directory(key, dir_counts)
            try:
                if os.path.dirname(directory) in self.offline_dirs:
                    raise OSError(f"log directory {os.path.dirname(directory)} is offline")
                if os.path.exists(directory):
                    # a leftover of a topic of the same name (not in the image): start afresh
                    stale = self._unattached.pop(key, None)
                    if stale is not None:
                        self._delete_log(stale)
                    shutil.rmtree(directory)
                log_ = self._open_log(directory, config, key, had_clean_shutdown=True)
                made.append((key, log_))
                self._write_partition_metadata(PartitionMetadataFile(directory), topic_id)
                log_.become_leader(0)  # a new partition's first leader epoch (its PartitionRecord's)
            except OSError as exc:
                for _key, doomed in made:
                    doomed.delete()
                shutil.rmtree(directory, ignore_errors=True)
                raise OSError(exc.errno, f"Error while creating log for {topic}-{partition} in dir "
                              f"{os.path.dirname(directory)}: {exc}") from exc
        with self._prepared_lock:
            for key, log_ in made:
                self._prepared[key] = (topic_id, log_)

    def _write_partition_metadata(self, metadata_file: PartitionMetadataFile, topic_id: uuid.UUID) -> None:
        metadata_file.write(topic_id, sync=False)
        with self._prepared_lock:
            self._unsynced_metadata.append(metadata_file.path)

    def sync_partition_metadata(self) -> None:
        """fsync the partition.metadata files written since the last call, and their directories."""
        with self._prepared_lock:
            paths, self._unsynced_metadata = self._unsynced_metadata, []
        for path in paths:
            try:
                fd = os.open(path, os.O_RDONLY)
            except FileNotFoundError:  # its partition was deleted meanwhile
                continue
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
            fsync_directory(os.path.dirname(path))

    def discard_prepared(self, topic_id: uuid.UUID) -> None:
        """Remove the logs prepare_logs made for `topic_id` (its records were not committed)."""
        with self._prepared_lock:
            doomed = [key for key, (prepared_id, _log) in self._prepared.items() if prepared_id == topic_id]
            logs = [self._prepared.pop(key)[1] for key in doomed]
        for log_ in logs:
            log_.delete()

    def _delete_log(self, log_: Log) -> None:
        """Delete a hosted log; its segments stay open until file.delete.delay.ms has passed (run_upkeep then
        closes them), so the fetch responses being sent from them go out whole."""
        self.cleaner.remove_log(log_)
        log_.delete(keep_open=True)
        with self._deleted_lock:
            self._deleted_logs.append(log_)

    def _close_deleted_logs(self, everything: bool = False) -> None:
        """Close the deleted logs' segments whose delay has passed (or all of them)."""
        with self._deleted_lock:
            deleted, self._deleted_logs = self._deleted_logs, []
        for log_ in deleted:
            log_.run_scheduled_deletes(everything)
        with self._deleted_lock:
            self._deleted_logs.extend(log_ for log_ in deleted if log_.pending_deletes)

    def _open_log(self, directory: str, config, key: tuple[str, int], **recovery) -> Log:
        opened = Log.open(directory, config, clock=self.time_ms, topic=key[0], partition=key[1], **recovery)
        opened.on_storage_failure = self._log_dir_failed
        return opened

    def _log_moved(self, old: Log, moved: Log) -> None:
        """A replica's log moved to another log dir (LogDirMover): the cleaner follows it."""
        self.cleaner.remove_log(old)
        moved.on_storage_failure = self._log_dir_failed
        if moved.config.compact:
            self.cleaner.add_log(moved)

    # --- log dir failure -------------------------------------------------------------------------------------
    def _log_dir_failed(self, failed: Log) -> None:
        """A write to `failed` raised an OSError: its log dir goes offline with every log in it."""
        self._take_dir_offline(os.path.dirname(failed.directory), failed.offline_reason)

    def _take_dir_offline(self, log_dir: str, reason: str) -> None:
        if log_dir in self.offline_dirs:
            return
        self.offline_dirs.add(log_dir)
        log.error("log dir %s is offline: %s", log_dir, reason)
        for other in [*(p.log for p in self._partitions.values()), *self._unattached.values()]:
            if os.path.dirname(other.directory) == log_dir:
                other.take_offline(f"The log dir {log_dir} of {other.name} is offline")
                self.cleaner.remove_log(other)
        if all(d in self.offline_dirs for d in self.log_dirs):
            self.halt(f"Shutdown broker because all log dirs in {', '.join(self.log_dirs)} have failed")

    def _online(self) -> list[Partition]:
        return [p for p in self._partitions.values() if not p.log.closed]

    # --- upkeep ----------------------------------------------------------------------------------------------
    async def run(self, monotonic_ms: Callable[[], int]) -> None:
        """Background upkeep until cancelled."""
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._housekeeping, monotonic_ms)
            nursery.start_soon(self._expire_isr)
            nursery.start_soon(self.log_dir_mover.run)
            if self.config["log.cleaner.enable"]:
                nursery.start_soon(self._clean_forever)

    async def _housekeeping(self, monotonic_ms: Callable[[], int]) -> None:
        retention_interval = self.config["log.retention.check.interval.ms"]
        next_retention = monotonic_ms() + self.config["log.initial.task.delay.ms"]
        next_checkpoint = monotonic_ms() + CHECKPOINT_INTERVAL_MS
        while True:
            await trio.sleep(HOUSEKEEPING_TICK_MS / 1000)
            now = monotonic_ms()
            if self._unsynced_metadata:
                await trio.to_thread.run_sync(self._sync_metadata_in_background)
            retention_due = now >= next_retention
            if retention_due:
                next_retention = now + retention_interval
            await self.run_upkeep(retention=retention_due)
            if now >= next_checkpoint:
                next_checkpoint = now + CHECKPOINT_INTERVAL_MS
                failed = await trio.to_thread.run_sync(self.write_checkpoints)
                for log_dir, reason in failed.items():
                    self._take_dir_offline(log_dir, reason)

    async def run_upkeep(self, *, retention: bool = False) -> None:
        """The periodic upkeep of every online log, all of it in one worker thread (_upkeep): nothing in it may
        stop the event loop, and one hand-off per tick costs the same at 10 or 10,000 partitions."""
        await trio.to_thread.run_sync(self._upkeep, self._online(), retention)

    def _upkeep(self, partitions: list[Partition], retention: bool) -> None:
        """Each log's flush, then retention (when `retention`), then the file deletions whose
        file.delete.delay.ms has passed, deleted logs' included.

        These are the calls that wait on the disk: an fsync; a close of an unlinked segment, which frees its
        pages and took 0.8 s for a 1 GiB segment while a deleted topic's logs went; a time index read for
        retention. Kafka runs them in its scheduler's threads.

        A log whose flush fails is logged and passed over, as by Kafka's LogManager.flushDirtyLogs: a failed
        write has already taken the log offline, and a process limit reached (no descriptor left) leaves it
        online for the next tick; neither may stop the other logs' upkeep or the broker."""
        for partition in partitions:
            try:
                partition.log.maybe_flush()
            except LogError as exc:
                log.error("Error flushing %s: %s", partition.log.name, exc)
        if retention:
            self.enforce_retention(partitions)
        for partition in partitions:
            partition.log.run_scheduled_deletes()
        self._close_deleted_logs()

    async def _expire_isr(self) -> None:
        interval_s = self.config["replica.lag.time.max.ms"] / 2 / 1000
        while True:
            await trio.sleep(interval_s)
            self.shrink_isrs()

    def shrink_isrs(self) -> int:
        """Propose ISR shrinks for the led partitions with lagging followers; returns how many were proposed."""
        return sum(1 for p in self._online() if p.is_leader and len(p.isr) > 1 and p.maybe_shrink_isr())

    def _sync_metadata_in_background(self) -> None:
        try:
            self.sync_partition_metadata()
        except OSError as exc:
            log.error("could not sync partition.metadata files: %s", exc)

    def enforce_retention(self, partitions: list[Partition] | None = None) -> int:
        """Retention once over `partitions` (default: every online one); the number of segments it removed."""
        deleted = 0
        for partition in self._online() if partitions is None else partitions:
            deleted += delete_old_segments(partition.log, partition.high_watermark)
        if deleted:
            log.info("retention deleted %d segments", deleted)
        return deleted

    async def _clean_forever(self) -> None:
        while True:
            if not await trio.to_thread.run_sync(self.cleaner.step):
                await trio.sleep(CLEANER_BACKOFF_MS / 1000)

    def write_checkpoints(self) -> dict[str, str]:
        """Write each log dir's recovery-point and log-start-offset checkpoints (from any thread); the dirs
        whose files could not be written, with why (the caller takes them offline, as Kafka's
        LogDirFailureChannel does)."""
        partitions = list(self._partitions.values())  # one C-level copy: safe against apply_image
        failed = {}
        with self._checkpoint_lock:
            for log_dir in self.log_dirs:
                if log_dir in self.offline_dirs:
                    continue
                try:
                    self._write_checkpoints_of(log_dir, [p for p in partitions
                                                         if os.path.dirname(p.log.directory) == log_dir])
                except OSError as exc:
                    failed[log_dir] = f"Error while writing the checkpoints of {log_dir}: {exc}"
        return failed

    def checkpoint_now(self) -> None:
        """write_checkpoints on the event loop's thread, taking the dirs that failed offline."""
        for log_dir, reason in self.write_checkpoints().items():
            self._take_dir_offline(log_dir, reason)

    @staticmethod
    def _write_checkpoints_of(log_dir: str, partitions: list[Partition]) -> None:
        recovery = {(p.topic, p.partition): p.log.recovery_point for p in partitions}
        starts = {(p.topic, p.partition): p.log.log_start_offset for p in partitions}
        high_watermarks = {(p.topic, p.partition): p.high_watermark for p in partitions}
        log_dir_checkpoint(log_dir, RECOVERY_POINT_CHECKPOINT).write(recovery)
        log_dir_checkpoint(log_dir, LOG_START_OFFSET_CHECKPOINT).write(starts)
        log_dir_checkpoint(log_dir, REPLICATION_OFFSET_CHECKPOINT).write(high_watermarks)

    # --- shutdown --------------------------------------------------------------------------------------------
    def shutdown(self, broker_epoch: int = -1) -> None:
        """Close every log cleanly, write the checkpoints, then mark each log dir cleanly shut down by the
        incarnation of `broker_epoch` (-1: it never registered)."""
        if self._closed or not self._started:
            return
        self._closed = True
        self.log_dir_mover.close()
        with self._prepared_lock:
            prepared = [prepared_log for _topic_id, prepared_log in self._prepared.values()]
        self._close_logs([*(p.log for p in self), *self._unattached.values(), *prepared])
        self._close_deleted_logs(everything=True)
        self.checkpoint_now()
        self.sync_partition_metadata()
        for log_dir in self.log_dirs:
            if log_dir in self.offline_dirs:
                continue
            try:
                write_marker(log_dir, broker_epoch)
            except OSError as exc:  # Kafka swallows it too: the dir is only recovered at the next start
                log.warning("could not write the clean-shutdown marker of %s: %s", log_dir, exc)
        log.info("closed %d partition logs cleanly", len(self._partitions))

    def _close_logs(self, logs: list[Log]) -> None:
        """Close `logs` cleanly, num.recovery.threads.per.data.dir threads per log dir at once, as Kafka's
        LogManager.shutdown flushes and closes them: a clean close is mostly fsyncs and msyncs, which release
        the GIL and which the file system serves faster together than one by one."""
        workers = self.config["num.recovery.threads.per.data.dir"] * max(1, len(self.log_dirs))
        if len(logs) < 2 or workers < 2:
            for each in logs:
                each.close()
            return
        with concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="log-close") as pool:
            for closing in [pool.submit(each.close) for each in logs]:
                closing.result()


def _read_checkpoint(log_dir: str, name: str) -> dict[tuple[str, int], int]:
    try:
        return log_dir_checkpoint(log_dir, name).read()
    except (CheckpointError, OSError) as exc:
        # Kafka starts from offset 0 / full recovery when a checkpoint cannot be read; so do we.
        log.warning("ignoring unreadable checkpoint %s in %s: %s", name, log_dir, exc)
        return {}


class LoadProgress:
    """Progress lines while a log dir's partitions load (Kafka's LogManager logs each log it completes, "N/M
    completed in DIR"): a first line saying whether the logs are recovered (no clean-shutdown marker) and one
    every PROGRESS_EVERY_S seconds after, so a long recovery shows it is moving."""

    PROGRESS_EVERY_S = 5.0

    def __init__(self, log_dir: str, total: int, clean: bool) -> None:
        self.log_dir = log_dir
        self.total = total
        self.done = 0
        self.started = self.last_line = time.monotonic()
        if total:
            log.info("loading %d partition logs from %s%s", total, log_dir,
                     "" if clean else " with recovery: no clean shutdown marker was found")

    def loaded_one(self) -> None:
        self.done += 1
        now = time.monotonic()
        if now - self.last_line >= self.PROGRESS_EVERY_S:
            self.last_line = now
            log.info("loaded %d of %d partition logs from %s in %.1f s", self.done, self.total, self.log_dir,
                     now - self.started)
