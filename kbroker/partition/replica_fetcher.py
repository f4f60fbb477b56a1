"""The follower side of replication (Kafka's AbstractFetcherThread / ReplicaFetcherThread and the
ReplicaFetcherManager): one fetcher task per leader this node follows partitions of, each sending one Fetch at
a time to that leader's inter-broker listener through a ChannelManager.

A Fetch carries this node's id and broker epoch (replica_id below v15, ReplicaState from v15), and per partition
the fetch offset (the log end offset), the current leader epoch and the last fetched epoch (KIP-320). Answers:
- records: appended as they are (offsets, epochs and producer ids assigned by the leader), then the high
  watermark (bounded by the log end) and the log start offset follow the leader's;
- a diverging epoch: the log is truncated to where it agrees with the leader (the end offset of the diverging
  epoch, or of this log's own last epoch at or below it when it differs, and fetching resumes; a suffix that
  diverges is never served: only the leader serves consumers past the HW, and a follower never above its HW);
- OFFSET_OUT_OF_RANGE: the leader's log end offset (below ours: truncate to it) or log start offset (above
  ours: start the log afresh there), asked with ListOffsets (Kafka's fetchOffsetAndTruncate);
- FENCED_LEADER_EPOCH, or an unexpected failure appending: the partition stops being fetched until the metadata
  names a new leader or leader epoch;
- other errors, or no answer: the partition (or the whole fetcher) waits replica.fetch.backoff.ms.

Follower throttle (kbroker.partition.replication_quota): while the follower quota is exceeded, a throttled
partition not caught up with the leader's high watermark is left out of the Fetch (none left: the fetcher waits
replica.fetch.backoff.ms); the bytes appended for throttled partitions are recorded.

Fetches go in a KIP-227 session, as Kafka's fetchers do (kbroker.partition.fetch_session_handler): after the
first full Fetch each carries only the partitions whose position changed, and each answer only the partitions
with records, an error, or a new high watermark or log start offset; a partition left out of a Fetch (backing
off, fenced, throttled) is forgotten by the session and sent whole when it is fetched again.

A partition added at a leader epoch starts at its log end offset with its latest epoch; a log with no epochs
(old formats) is first truncated to its high watermark, as Kafka's initialFetchOffset does. Like Kafka 4's
fetchers (every metadata version truncates on fetch), this one sends no OffsetForLeaderEpoch: divergence comes
in the Fetch answer, so a leader that serves Fetch below v12 (no last fetched epoch) is not fetched from.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Mapping

import attrs
import trio

from kbroker.log.leader_epoch import UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET
from kbroker.log.log import EARLIEST_TIMESTAMP, LATEST_TIMESTAMP, LogError
from kbroker.metadata.image import MetadataImage
from kbroker.network.channels import ChannelManager
from kbroker.network.directory import Address, NodeDirectory
from kbroker.network.errors import NetworkError
from kbroker.partition.fetch_session_handler import FetchSessionHandler, Wanted
from kbroker.partition.partition import Partition
from kbroker.partition.replication_quota import ReplicationQuota
from kbroker.protocol import errors
from kbroker.protocol.messages.fetch_request import (
    FetchPartition,
    FetchRequest,
    FetchTopic,
    ForgottenTopic,
    ReplicaState,
)
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)

log = logging.getLogger(__name__)

REPLICA_STATE_VERSION = 15
# Fetch carries the last fetched epoch from v12; every Kafka 4 broker serves it (Kafka's fetchers use
# OffsetForLeaderEpoch only below it), so a leader that does not is not fetched from.
TRUNCATION_ON_FETCH_VERSION = 12
PartitionKey = tuple[str, int]


@attrs.frozen
class FetcherSettings:
    """Kafka's replica.* configs for the fetchers."""

    replica_id: int
    max_wait_ms: int = 500                   # replica.fetch.wait.max.ms
    min_bytes: int = 1                       # replica.fetch.min.bytes
    max_bytes: int = 10 * 1024 * 1024        # replica.fetch.response.max.bytes
    partition_max_bytes: int = 1024 * 1024   # replica.fetch.max.bytes
    backoff_ms: int = 1000                   # replica.fetch.backoff.ms
    socket_timeout_ms: int = 30_000          # replica.socket.timeout.ms

    @classmethod
    def from_config(cls, config) -> FetcherSettings:
        return cls(config.node_id, config["replica.fetch.wait.max.ms"], config["replica.fetch.min.bytes"],
                   config["replica.fetch.response.max.bytes"], config["replica.fetch.max.bytes"],
                   config["replica.fetch.backoff.ms"], config["replica.socket.timeout.ms"])


@attrs.define
class PartitionFetchState:
    partition: Partition
    fetch_offset: int
    current_leader_epoch: int
    last_fetched_epoch: int
    delayed_until: float = 0.0   # trio time; fetched again from then
    fenced: bool = False
    # caught up with the leader's high watermark at the last answer (Kafka's isReplicaInSync: lag <= 0)
    in_sync: bool = False

    def ready(self, now: float) -> bool:
        return not self.fenced and now >= self.delayed_until


def initial_fetch_state(partition: Partition) -> PartitionFetchState:
    latest = partition.log.leader_epoch_cache.latest_epoch()
    if latest is None and partition.high_watermark < partition.log_end_offset:
        partition.truncate_to(partition.high_watermark)
    return PartitionFetchState(partition, partition.log_end_offset, partition.leader_epoch,
                               UNDEFINED_EPOCH if latest is None else latest)


def truncation_offset(partition: Partition, diverging_epoch: int, diverging_end_offset: int) -> tuple[int, bool]:
    """Where to truncate on the leader's diverging (epoch, end offset), and whether that settles it (Kafka's
    getOffsetTruncationState); when this log's epoch there differs, one more round trip follows."""
    leo = partition.log_end_offset
    if diverging_epoch == UNDEFINED_EPOCH:
        return min(diverging_end_offset, leo), True
    local_epoch, local_end = partition.log.leader_epoch_cache.end_offset_for(diverging_epoch, leo)
    if local_end == UNDEFINED_EPOCH_OFFSET:
        return min(diverging_end_offset, leo), True
    if local_epoch != diverging_epoch:
        return min(local_end, leo), False
    return min(diverging_end_offset, local_end, leo), True


class ReplicaFetcher:
    """Fetches every partition this node follows on `leader_id`; start `run` in a nursery."""

    def __init__(self, leader_id: int, channels, settings: FetcherSettings, broker_epoch: Callable[[], int],
                 on_appended: Callable[[int], None] | None = None, quota: ReplicationQuota | None = None):
        self.leader_id = leader_id
        self.quota = quota  # the follower replication throttle
        self._channels = channels
        self.settings = settings
        self._broker_epoch = broker_epoch
        self._on_appended = on_appended  # told the bytes of each batch set appended (replication bytes in)
        self.partitions: dict[PartitionKey, PartitionFetchState] = {}
        self.session = FetchSessionHandler()
        self._wake = trio.Event()
        self.cancel_scope = trio.CancelScope()

    def __repr__(self) -> str:
        return f"ReplicaFetcher(leader {self.leader_id}, {len(self.partitions)} partitions)"

    def add(self, partition: Partition) -> None:
        self.partitions[(partition.topic, partition.partition)] = initial_fetch_state(partition)
        self._wake.set()

    def remove(self, key: PartitionKey) -> None:
        self.partitions.pop(key, None)

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        with self.cancel_scope:
            task_status.started()
            while True:
                if not any(s.ready(trio.current_time()) for s in self.partitions.values()):
                    await self._idle()
                    continue
                timeout_ms = self.settings.socket_timeout_ms + self.settings.max_wait_ms
                try:
                    peer = await self._channels.node(self.leader_id).peer_versions(timeout_ms=timeout_ms)
                    version = peer.usable_version(FetchRequest)
                    if version < TRUNCATION_ON_FETCH_VERSION:
                        log.error("leader %d serves Fetch up to v%d only: a follower needs v%d (last fetched epochs, "
                                  "KIP-320) to detect a divergent log", self.leader_id, version,
                                  TRUNCATION_ON_FETCH_VERSION)
                        await trio.sleep(self.settings.backoff_ms / 1000)
                        continue
                    request, sent = self.build_request(trio.current_time(), version)
                    if request is None:
                        # every ready partition is throttled: Kafka's fetcher backs off as with nothing to fetch
                        await trio.sleep(self.settings.backoff_ms / 1000)
                        continue
                    response = await self._channels.send(self.leader_id, request, version_cap=version,
                                                         timeout_ms=timeout_ms)
                except NetworkError as exc:
                    self.session.on_send_failed()
                    log.info("fetch from leader %d failed: %s; backing off", self.leader_id, exc)
                    await trio.sleep(self.settings.backoff_ms / 1000)
                    continue
                await self.process_response(response, sent)

    async def _idle(self) -> None:
        """Wait until a partition is added or the next delayed one is due."""
        due = [s.delayed_until for s in self.partitions.values() if not s.fenced]
        self._wake = trio.Event()
        with trio.move_on_at(min(due) if due else float("inf")):
            await self._wake.wait()

    def build_request(self, now: float, version: int) -> tuple[FetchRequest | None, dict]:
        """The next Fetch at `version`, and what was asked per partition (sent or held by the session), or None
        when no partition is ready."""
        wanted: dict[PartitionKey, Wanted] = {}
        sent: dict[PartitionKey, tuple[int, int]] = {}
        throttling = self.quota is not None and self.quota.is_quota_exceeded()
        for key, state in self.partitions.items():
            if not state.ready(now):
                continue
            if throttling and not state.in_sync and self.quota.is_throttled(*key):
                continue
            partition = state.partition
            wanted[key] = Wanted(partition.topic_id, FetchPartition(
                partition=key[1], current_leader_epoch=state.current_leader_epoch,
                fetch_offset=state.fetch_offset, last_fetched_epoch=state.last_fetched_epoch,
                log_start_offset=partition.log_start_offset, partition_max_bytes=self.settings.partition_max_bytes))
            sent[key] = (state.fetch_offset, state.current_leader_epoch)
        if not sent:
            return None, sent
        plan = self.session.plan(wanted)
        topics: dict[tuple[str, uuid.UUID], FetchTopic] = {}
        for (name, _index), item in plan.to_send.items():
            topic = topics.get((name, item.topic_id))
            if topic is None:
                topic = topics[(name, item.topic_id)] = FetchTopic(topic=name, topic_id=item.topic_id, partitions=[])
            topic.partitions.append(item.fetch)
        forgotten: dict[tuple[str, uuid.UUID], ForgottenTopic] = {}
        for name, topic_id, index in plan.forgotten:
            gone = forgotten.get((name, topic_id))
            if gone is None:
                gone = forgotten[(name, topic_id)] = ForgottenTopic(topic=name, topic_id=topic_id, partitions=[])
            gone.partitions.append(index)
        settings = self.settings
        epoch = self._broker_epoch()
        if version >= REPLICA_STATE_VERSION:
            who = {"replica_state": ReplicaState(replica_id=settings.replica_id, replica_epoch=epoch)}
        else:
            who = {"replica_id": settings.replica_id}
        request = FetchRequest(
            **who, max_wait_ms=settings.max_wait_ms, min_bytes=settings.min_bytes, max_bytes=settings.max_bytes,
            isolation_level=0, session_id=plan.session_id, session_epoch=plan.epoch, topics=list(topics.values()),
            forgotten_topics_data=list(forgotten.values()))
        return request, sent

    async def process_response(self, response, sent: Mapping[PartitionKey, tuple[int, int]]) -> None:
        self.session.on_answer(response.error_code, response.session_id)
        if response.error_code != errors.NONE.code:
            log.info("fetch from leader %d failed with error %d", self.leader_id, response.error_code)
            await trio.sleep(self.settings.backoff_ms / 1000)
            return
        by_id = {state.partition.topic_id: key[0] for key, state in self.partitions.items()}
        for topic in response.responses:
            name = topic.topic or by_id.get(topic.topic_id)
            for data in topic.partitions:
                key = (name, data.partition_index)
                state = self.partitions.get(key)
                # an answer for a partition removed, re-added or moved since the request is ignored
                if state is None or sent.get(key) != (state.fetch_offset, state.current_leader_epoch):
                    continue
                await self._process_partition(key, state, data)

    async def _process_partition(self, key: PartitionKey, state: PartitionFetchState, data) -> None:
        code = data.error_code
        try:
            if code == errors.NONE.code:
                if data.diverging_epoch.epoch >= 0 or data.diverging_epoch.end_offset >= 0:
                    self._truncate_on_divergence(state, data.diverging_epoch.epoch, data.diverging_epoch.end_offset)
                else:
                    self._append(state, data)
                return
            if code == errors.OFFSET_OUT_OF_RANGE.code:
                await self._handle_out_of_range(key, state)
                return
        except LogError as exc:
            log.error("replication of %s-%d from leader %d failed: %s", *key, self.leader_id, exc)
            if exc.error_code == errors.KAFKA_STORAGE_ERROR.code:
                self.partitions.pop(key, None)
            else:
                state.delayed_until = trio.current_time() + self.settings.backoff_ms / 1000
            return
        except Exception:
            # Kafka marks such a partition failed: it is fetched again only once the metadata re-adds it
            log.exception("unexpected error replicating %s-%d from leader %d; the partition stops fetching", *key,
                          self.leader_id)
            state.fenced = True
            return
        if code == errors.FENCED_LEADER_EPOCH.code:
            log.info("%s-%d: leader %d says epoch %d is fenced; waiting for the metadata", *key, self.leader_id,
                     state.current_leader_epoch)
            state.fenced = True
            return
        log.debug("%s-%d: fetch from leader %d answered error %d; backing off", *key, self.leader_id, code)
        state.delayed_until = trio.current_time() + self.settings.backoff_ms / 1000

    def _append(self, state: PartitionFetchState, data) -> None:
        partition = state.partition
        records = data.records
        if records is not None and len(records):
            partition.append_as_follower(records)
            if self._on_appended is not None:
                self._on_appended(len(records))
            if self.quota is not None and self.quota.is_throttled(partition.topic, partition.partition):
                self.quota.record(len(records))
        state.fetch_offset = partition.log_end_offset
        state.in_sync = data.high_watermark - state.fetch_offset <= 0
        latest = partition.log.leader_epoch_cache.latest_epoch()
        state.last_fetched_epoch = UNDEFINED_EPOCH if latest is None else latest
        partition.update_follower_high_watermark(data.high_watermark)
        if 0 <= data.log_start_offset <= partition.high_watermark:
            partition.log.maybe_increment_log_start_offset(data.log_start_offset, partition.high_watermark)

    def _truncate_on_divergence(self, state: PartitionFetchState, epoch: int, end_offset: int) -> None:
        partition = state.partition
        target, _settled = truncation_offset(partition, epoch, end_offset)
        if target < partition.high_watermark:
            log.warning("%s: truncating to %d, below the high watermark %d", partition, target,
                        partition.high_watermark)
        log.info("%s: truncating to %d on the leader's diverging epoch %d ending at %d", partition, target, epoch,
                 end_offset)
        partition.truncate_to(target)
        state.fetch_offset = partition.log_end_offset
        latest = partition.log.leader_epoch_cache.latest_epoch()
        state.last_fetched_epoch = UNDEFINED_EPOCH if latest is None else latest

    async def _handle_out_of_range(self, key: PartitionKey, state: PartitionFetchState) -> None:
        partition = state.partition
        leader_end = await self._leader_offset(key, state, LATEST_TIMESTAMP)
        if leader_end is None:
            state.delayed_until = trio.current_time() + self.settings.backoff_ms / 1000
            return
        if leader_end < partition.log_end_offset:
            log.warning("%s: log end %d is above the leader's %d; truncating", partition,
                        partition.log_end_offset, leader_end)
            partition.truncate_to(leader_end)
        else:
            leader_start = await self._leader_offset(key, state, EARLIEST_TIMESTAMP)
            if leader_start is None:
                state.delayed_until = trio.current_time() + self.settings.backoff_ms / 1000
                return
            if leader_start > partition.log_end_offset:
                log.info("%s: the leader's log starts at %d, past this log's end %d; starting afresh there",
                         partition, leader_start, partition.log_end_offset)
                partition.truncate_fully_and_start_at(leader_start)
        state.fetch_offset = partition.log_end_offset
        latest = partition.log.leader_epoch_cache.latest_epoch()
        state.last_fetched_epoch = UNDEFINED_EPOCH if latest is None else latest

    async def _leader_offset(self, key: PartitionKey, state: PartitionFetchState, timestamp: int) -> int | None:
        request = ListOffsetsRequest(replica_id=self.settings.replica_id, isolation_level=0, topics=[
            ListOffsetsTopic(name=key[0], partitions=[ListOffsetsPartition(
                partition_index=key[1], current_leader_epoch=state.current_leader_epoch, timestamp=timestamp)])])
        try:
            response = await self._channels.send(self.leader_id, request,
                                                 timeout_ms=self.settings.socket_timeout_ms)
        except NetworkError as exc:
            log.info("ListOffsets to leader %d for %s-%d failed: %s", self.leader_id, *key, exc)
            return None
        for topic in response.topics:
            for p in topic.partitions:
                if p.partition_index == key[1] and p.error_code == errors.NONE.code:
                    return p.offset
        return None


class ReplicaFetcherManager:
    """Which leader each followed partition is fetched from, one ReplicaFetcher task per leader (Kafka's
    AbstractFetcherManager with one fetcher thread per source broker). Owns its ChannelManager's directory: the
    leaders' addresses on the inter-broker listener, from the image. Start `run` in the node's nursery."""

    def __init__(self, channels: ChannelManager, settings: FetcherSettings, broker_epoch: Callable[[], int],
                 listener_name: str, on_appended: Callable[[int], None] | None = None,
                 quota: ReplicationQuota | None = None):
        self._channels = channels
        self.quota = quota
        self._on_appended = on_appended
        self.directory: NodeDirectory = channels.directory
        self.settings = settings
        self._broker_epoch = broker_epoch
        self.listener_name = listener_name
        self.fetchers: dict[int, ReplicaFetcher] = {}
        self._followed: dict[PartitionKey, tuple[int, int, uuid.UUID]] = {}
        self._nursery: trio.Nursery | None = None

    @property
    def channels(self) -> ChannelManager:
        """The inter-broker channels (also used to ask another broker's transaction coordinator)."""
        return self._channels

    async def run(self, *, task_status=trio.TASK_STATUS_IGNORED) -> None:
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            task_status.started(self)
            await trio.sleep_forever()

    def update(self, image: MetadataImage, followers: Mapping[PartitionKey, Partition]) -> None:
        """Fetch exactly `followers` (the partitions this node follows after the image), each from its leader
        at its leader epoch; a partition whose leader or epoch is unchanged keeps its fetch state."""
        for broker_id, broker in image.brokers.items():
            endpoint = broker.endpoint(self.listener_name)
            if endpoint is not None and broker_id != self.settings.replica_id:
                address = Address(endpoint.host, endpoint.port)
                if self.directory.get(broker_id) != address:
                    self.directory.set(broker_id, address)
        wanted = {key: (p.leader, p.leader_epoch, p.topic_id) for key, p in followers.items() if p.leader >= 0}
        for key, was in list(self._followed.items()):
            if wanted.get(key) != was:
                fetcher = self.fetchers.get(was[0])
                if fetcher is not None:
                    fetcher.remove(key)
                del self._followed[key]
        for key, now in wanted.items():
            if key in self._followed:
                continue
            self._fetcher_for(now[0]).add(followers[key])
            self._followed[key] = now
        for leader_id in [i for i, f in self.fetchers.items() if not f.partitions]:
            self.fetchers.pop(leader_id).cancel_scope.cancel()

    def _fetcher_for(self, leader_id: int) -> ReplicaFetcher:
        fetcher = self.fetchers.get(leader_id)
        if fetcher is None:
            if self._nursery is None:
                raise RuntimeError("the replica fetcher manager is not running")
            fetcher = self.fetchers[leader_id] = ReplicaFetcher(leader_id, self._channels, self.settings,
                                                                self._broker_epoch, self._on_appended, self.quota)
            self._nursery.start_soon(fetcher.run)
        return fetcher
