"""Fetch (API key 1), v4-18, for consumers (replica_id -1), debugging clients (-2) and follower replicas (a
broker id: `replica_id` below v15, `replica_state.replica_id` from v15).

A consumer's partition is read from its log up to the high watermark (read_uncommitted) or the last stable
offset (read_committed, with the aborted transactions that overlap the data so the client can drop them). A
consumer may read from a follower from v11 (Kafka serves any request that carries client metadata: KIP-392),
up to the follower's high watermark; below v11 only the leader serves it. With `replica.selector.class` set, the
leader answers a consumer's v11+ fetch whose rack has a closer in-sync replica with that replica's id in
`preferred_read_replica`, no records and no wait (kbroker.partition.replica_selector).

A follower's Fetch (Kafka's ReplicaManager.fetchMessages for replicas) is served by the leader only, for an
assigned replica only (else NOT_LEADER_OR_FOLLOWER), up to the log end offset; a throttled partition
(kbroker.partition.replication_quota) carries no records to a follower outside the ISR while the leader's
replication quota is exceeded, and the bytes sent of throttled partitions are recorded. When its last fetched epoch and
fetch offset are not on the leader's log, the answer carries no records but the diverging epoch and its end
offset (KIP-320) for the follower to truncate to. Otherwise the fetch records the follower's position
(Partition.update_follower_fetch_state: ISR expansion, high watermark), and the answer carries the high
watermark after that update.

Record data is never copied: the answer carries file regions that the server sends with os.sendfile. Limits are
Kafka's: `partition_max_bytes` per partition, `max_bytes` for the whole answer, except that the first partition
with data returns at least its first batch whole.

Long poll (Kafka's DelayedFetch): when fewer than `min_bytes` are readable and no partition failed, the request
parks on its partitions until enough bytes become readable (a consumer: below the high watermark; a follower:
appended, or the high watermark moved) or `max_wait_ms` passes, then everything is read again. It never waits
past max_wait_ms and never polls.

Fetch sessions (KIP-227, v7+) are kept in kbroker.api.fetch_sessions: a full fetch at epoch 0 opens one, later
requests carry only what changed and get only what changed.

Errors per partition: UNKNOWN_TOPIC_OR_PARTITION, UNKNOWN_TOPIC_ID (v13+, topics by id), OFFSET_OUT_OF_RANGE,
FENCED_LEADER_EPOCH / UNKNOWN_LEADER_EPOCH when the client's current_leader_epoch is older / newer than the
partition's, NOT_LEADER_OR_FOLLOWER for a partition in the metadata that this node does not host or (as above)
does not lead, with the current leader and its endpoint from v16 (KIP-951); a failed partition answers -1 for
its offsets and no records, as Kafka does. Authorization (api/authz.py) comes first: a consumer's topic without
READ, or every partition of a follower without CLUSTER_ACTION on the cluster, gets TOPIC_AUTHORIZATION_FAILED.
"""

from __future__ import annotations

import logging

import trio

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.fetch_sessions import SessionError, SessionPartition, incremental_session
from kbroker.api.leader_hints import LeaderHints
from kbroker.api.offset_for_leader_epoch import epoch_cache
from kbroker.log.leader_epoch import UNDEFINED_EPOCH_OFFSET
from kbroker.log.log import LogError
from kbroker.partition.fetch_session_handler import FINAL_EPOCH, INITIAL_EPOCH, NO_SESSION
from kbroker.partition.partition import Partition
from kbroker.partition.replica_selector import NO_PREFERRED_REPLICA, preferred_read_replica
from kbroker.protocol import errors, wire
from kbroker.protocol.messages.fetch_response import (
    AbortedTransaction,
    EpochEndOffset,
    FetchableTopicResponse,
    FetchResponse,
    LeaderIdAndEpoch,
    NodeEndpoint,
    PartitionData,
)

API_KEY = 1
MIN_VERSION = 4
MAX_VERSION = 18
TOPIC_ID_VERSION = 13
FIRST_SESSION_VERSION = 7
FOLLOWER_READ_VERSION = 11
REPLICA_STATE_VERSION = 15
LEADER_HINT_VERSION = 16
READ_COMMITTED = 1
# Kafka's broker config fetch.max.bytes: the most one answer carries whatever the client asks.
FETCH_MAX_BYTES = 55 * 1024 * 1024
# Errors Kafka's ReplicaManager.readFromLocalLog does not count as a failed fetch (FailedFetchRequestsPerSec).
_EXPECTED_ERRORS = frozenset(e.code for e in (
    errors.NONE, errors.UNKNOWN_TOPIC_OR_PARTITION, errors.UNKNOWN_TOPIC_ID, errors.NOT_LEADER_OR_FOLLOWER,
    errors.UNKNOWN_LEADER_EPOCH, errors.FENCED_LEADER_EPOCH, errors.REPLICA_NOT_AVAILABLE,
    errors.KAFKA_STORAGE_ERROR, errors.INCONSISTENT_TOPIC_ID))

_NONE = errors.NONE.code

log = logging.getLogger(__name__)


class _Wanted:
    """One partition to read: the session's (or the request's) entry resolved against the hosted partitions."""

    __slots__ = ("entry", "partition", "error")

    def __init__(self, entry: SessionPartition, partition: Partition | None, error: int):
        self.entry = entry
        self.partition = partition
        self.error = error


def _topic_name(image, topic_id) -> str | None:
    found = image.topic_by_id(topic_id)
    return found.name if found is not None else None


def _entries(ctx: RequestContext, request) -> list[SessionPartition]:
    """The request's partitions as session entries (topic names resolved from ids in v13+)."""
    image = ctx.state.image
    by_id = ctx.api_version >= TOPIC_ID_VERSION
    entries = []
    for topic in request.topics:
        name = _topic_name(image, topic.topic_id) if by_id else topic.topic
        for part in topic.partitions:
            entries.append(SessionPartition(name, topic.topic_id, part.partition, part))
    return entries


def _entry_key(entry: SessionPartition, by_id: bool) -> tuple:
    return (entry.topic_id if by_id else entry.topic, entry.partition)


def replica_id_of(ctx: RequestContext, request) -> int:
    return request.replica_state.replica_id if ctx.api_version >= REPLICA_STATE_VERSION else request.replica_id


def _unreadable(ctx: RequestContext, entries: list[SessionPartition], replica_id: int) -> set[str] | None:
    """Topics this request may not read (None: every topic): a follower needs CLUSTER_ACTION on the cluster
    (CVE-2018-1288), a consumer READ on each topic (Kafka's KafkaApis.handleFetchRequest)."""
    if replica_id >= 0:
        return set() if authz.cluster_allowed(ctx, authz.CLUSTER_ACTION) else None
    names = {entry.topic for entry in entries if entry.topic is not None}
    return names - authz.allowed_names(ctx, authz.READ, authz.TOPIC, names)


def _resolve(ctx: RequestContext, entries: list[SessionPartition], replica_id: int,
             unreadable: set[str] | None) -> list[_Wanted]:
    """Each entry's hosted partition and the error Kafka answers before reading (Partition.getLocalLog)."""
    partitions = ctx.state.partitions
    by_id = ctx.api_version >= TOPIC_ID_VERSION
    leader_only = replica_id >= 0 or ctx.api_version < FOLLOWER_READ_VERSION
    wanted = []
    for entry in entries:
        hosted = partitions.get(entry.topic, entry.partition) if entry.topic is not None else None
        error = _NONE
        epoch = entry.request.current_leader_epoch
        if entry.topic is not None and (unreadable is None or entry.topic in unreadable):
            error = errors.TOPIC_AUTHORIZATION_FAILED.code
        elif hosted is None:
            if entry.topic is None:
                error = errors.UNKNOWN_TOPIC_ID.code if by_id else errors.UNKNOWN_TOPIC_OR_PARTITION.code
            elif ctx.state.image.partition(entry.topic, entry.partition) is not None:
                error = errors.NOT_LEADER_OR_FOLLOWER.code
            else:
                error = errors.UNKNOWN_TOPIC_OR_PARTITION.code
        elif epoch >= 0 and epoch != hosted.leader_epoch:
            error = errors.FENCED_LEADER_EPOCH.code if epoch < hosted.leader_epoch \
                else errors.UNKNOWN_LEADER_EPOCH.code
        elif leader_only and not hosted.is_leader:
            error = errors.NOT_LEADER_OR_FOLLOWER.code
        wanted.append(_Wanted(entry, hosted, error))
    return wanted


def _diverging(partition: Partition, fetch_offset: int, last_fetched_epoch: int) -> EpochEndOffset | None:
    """KIP-320: the leader's (epoch, end offset) when the fetcher's last fetched epoch and fetch offset are not
    on this log, else None; raises LogError when the epoch is before everything this log knows."""
    cache = epoch_cache(partition) if partition.is_leader else partition.log.leader_epoch_cache
    epoch, end_offset = cache.end_offset_for(last_fetched_epoch, partition.log_end_offset)
    if end_offset == UNDEFINED_EPOCH_OFFSET or epoch < 0:
        raise LogError(errors.OFFSET_OUT_OF_RANGE.code,
                       f"Could not determine the end offset of the last fetched epoch {last_fetched_epoch} "
                       f"from the request for {partition.topic}-{partition.partition} at offset {fetch_offset}")
    if epoch < last_fetched_epoch or end_offset < fetch_offset:
        return EpochEndOffset(epoch=epoch, end_offset=end_offset)
    return None


def _replica_selector(ctx: RequestContext, request, replica_id: int) -> str | None:
    """The configured replica.selector.class when this request is one a leader may send elsewhere (KIP-392: a
    consumer's Fetch v11+ that names its rack), else None."""
    if replica_id >= 0 or ctx.api_version < FOLLOWER_READ_VERSION or not request.rack_id:
        return None
    return ctx.state.config["replica.selector.class"] or None


def _preferred_read_replica(ctx: RequestContext, request, partition: Partition, fetch_offset: int,
                            selector: str) -> int:
    """KIP-392: the replica this leader sends a consumer to, if not itself."""
    if not partition.is_leader:
        return NO_PREFERRED_REPLICA
    leader, followers = partition.read_replicas(fetch_offset)
    return preferred_read_replica(selector, leader, followers, ctx.state.image, ctx.listener_name,
                                  request.rack_id)


def _leader_throttles(ctx: RequestContext, partition: Partition, replica_id: int) -> bool:
    """Kafka's shouldLeaderThrottle: a follower outside the ISR fetching a throttled partition while this
    leader's replication quota is exceeded gets no records."""
    quota = ctx.state.partitions.replication_quotas.leader
    return (replica_id not in partition.isr and quota.is_throttled(partition.topic, partition.partition)
            and quota.is_quota_exceeded())


def _error_data(index: int, code: int) -> PartitionData:
    return PartitionData(partition_index=index, error_code=code, high_watermark=-1, last_stable_offset=-1,
                         log_start_offset=-1, aborted_transactions=None, records=b"")


def _read_all(ctx: RequestContext, request, wanted: list[_Wanted], replica_id: int
              ) -> tuple[list[PartitionData], int, bool]:
    """Read every partition once: (answers in request order, bytes of record data, whether one failed).

    This loop runs for every partition of every Fetch (a follower's session holds each partition it follows):
    what holds for the whole request is worked out before it."""
    read_committed = request.isolation_level == READ_COMMITTED and replica_id < 0
    follower = replica_id >= 0
    selector = _replica_selector(ctx, request, replica_id)
    remaining = min(request.max_bytes, FETCH_MAX_BYTES)
    min_one_message = True
    total = 0
    failed = False
    answers = []
    for item in wanted:
        index = item.entry.partition
        if item.error != _NONE:
            answers.append(_error_data(index, item.error))
            failed = True
            continue
        partition = item.partition
        log_ = partition.log
        fetched = item.entry.request
        fetch_offset = fetched.fetch_offset
        last_fetched_epoch = fetched.last_fetched_epoch
        preferred = NO_PREFERRED_REPLICA if selector is None else \
            _preferred_read_replica(ctx, request, partition, fetch_offset, selector)
        if preferred != NO_PREFERRED_REPLICA:
            # Kafka skips the read: the consumer is sent to the replica with the offsets it will find there
            high_watermark = partition.high_watermark
            answers.append(PartitionData(
                partition_index=index, error_code=_NONE, high_watermark=high_watermark,
                last_stable_offset=log_.last_stable_offset(high_watermark),
                log_start_offset=partition.log_start_offset, aborted_transactions=None,
                preferred_read_replica=preferred, records=b""))
            continue
        try:
            diverging = _diverging(partition, fetch_offset, last_fetched_epoch) if last_fetched_epoch >= 0 \
                else None
            if diverging is not None:
                high_watermark = partition.high_watermark
                answers.append(PartitionData(
                    partition_index=index, error_code=_NONE, high_watermark=high_watermark,
                    last_stable_offset=log_.last_stable_offset(high_watermark),
                    log_start_offset=partition.log_start_offset, diverging_epoch=diverging, records=b""))
                continue
            leader_end = partition.log_end_offset
            max_offset = None if follower else partition.high_watermark
            if read_committed:
                max_offset = log_.last_stable_offset(max_offset)
            read = log_.read(fetch_offset, min(fetched.partition_max_bytes, remaining),
                             max_offset=max_offset, min_one_message=min_one_message)
        except LogError as exc:
            log.debug("fetch of %s-%d at %d from client %r: %s", partition.topic, index, fetch_offset,
                      ctx.client_id, exc)
            answers.append(_error_data(index, exc.error_code))
            failed = True
            continue
        if follower and not partition.update_follower_fetch_state(
                replica_id, fetch_offset, fetched.log_start_offset, leader_end,
                request.replica_state.replica_epoch):
            log.info("fetch of %s-%d from broker %d, which is not one of its replicas %s", partition.topic,
                     index, replica_id, partition.registration.replicas)
            answers.append(_error_data(index, errors.NOT_LEADER_OR_FOLLOWER.code))
            failed = True
            continue
        high_watermark = partition.high_watermark
        stable = log_.last_stable_offset(high_watermark)
        regions = read.regions
        if follower and regions and _leader_throttles(ctx, partition, replica_id):
            regions = []  # Kafka answers a throttled out-of-sync follower with nothing
        size = regions[0].length if regions else 0
        if size:
            min_one_message = False
            remaining = max(0, remaining - size)
            total += size
        aborted = None
        if read_committed:
            aborted = [AbortedTransaction(producer_id=txn.producer_id, first_offset=txn.first_offset)
                       for txn in log_.collect_aborted_transactions(fetch_offset, stable)] if size else []
        answers.append(PartitionData(
            partition_index=index, error_code=_NONE, high_watermark=high_watermark,
            last_stable_offset=stable, log_start_offset=read.log_start_offset, aborted_transactions=aborted,
            records=_region(regions) if regions else b""))
    return answers, total, failed


def _region(regions) -> wire.FileRegion:
    (region,) = regions  # a read covers one segment, as Kafka's
    return wire.FileRegion(region.fd, region.position, region.length)


async def _wait_for_appends(partitions: list[Partition], needed: int, deadline: float, replica: bool) -> None:
    """Return once `needed` bytes became readable in `partitions` (for a follower: were appended; a move of
    the high watermark also ends a follower's wait, as it has news to carry) or at `deadline`."""
    arrived = trio.Event()
    readable = 0

    def on_data(_partition: Partition, size: int | None) -> None:
        nonlocal readable
        if size is None or replica:
            arrived.set()
            return
        readable += size
        if readable >= needed:
            arrived.set()

    def on_append(_partition: Partition, size: int | None) -> None:
        nonlocal readable
        readable += 1 if size is None else size
        if readable >= needed:
            arrived.set()

    for partition in partitions:
        partition.add_listener(on_data)
        if replica:
            partition.add_listener(on_append, replica=True)
    try:
        with trio.move_on_at(deadline):
            await arrived.wait()
    finally:
        for partition in partitions:
            partition.remove_listener(on_data)
            partition.remove_listener(on_append)


def _session_for(ctx: RequestContext, request, entries: list[SessionPartition]):
    """(session or None, the entries to read, whether the answer is incremental); raises SessionError."""
    cache = ctx.state.fetch_sessions
    by_id = ctx.api_version >= TOPIC_ID_VERSION
    if request.session_epoch in (INITIAL_EPOCH, FINAL_EPOCH):
        if request.session_id != NO_SESSION:
            cache.remove(request.session_id)
        if request.session_epoch == FINAL_EPOCH or ctx.api_version < FIRST_SESSION_VERSION:
            return None, entries, False
        session = cache.create(by_id)
        if session is not None:
            session.partitions = {_entry_key(entry, by_id): entry for entry in entries}
        return session, entries, False
    session = incremental_session(cache, request, by_id)
    for entry in entries:
        key = _entry_key(entry, by_id)
        known = session.partitions.get(key)
        if known is None:
            session.partitions[key] = entry
        else:
            known.request = entry.request
    for forgotten in request.forgotten_topics_data:
        topic_key = forgotten.topic_id if by_id else forgotten.topic
        for index in forgotten.partitions:
            session.partitions.pop((topic_key, index), None)
    if by_id:
        image = ctx.state.image
        session.resolve_unknown_names(lambda topic_id: _topic_name(image, topic_id))
    return session, list(session.partitions.values()), True


def _group_by_topic(pairs) -> list[FetchableTopicResponse]:
    """Consecutive answers of one topic share a topic entry, in the order read."""
    topics: list[FetchableTopicResponse] = []
    for entry, answer in pairs:
        if not topics or (topics[-1].topic, topics[-1].topic_id) != ((entry.topic or ""), entry.topic_id):
            topics.append(FetchableTopicResponse(topic=(entry.topic or ""), topic_id=entry.topic_id, partitions=[]))
        topics[-1].partitions.append(answer)
    return topics


async def handle(ctx: RequestContext, request) -> FetchResponse:
    entries = _entries(ctx, request)
    try:
        session, entries, incremental = _session_for(ctx, request, entries)
    except SessionError as exc:
        log.info("fetch session %d epoch %d from client %r: %s", request.session_id, request.session_epoch,
                 ctx.client_id, exc)
        return FetchResponse(throttle_time_ms=0, error_code=exc.error_code, session_id=NO_SESSION, responses=[])
    deadline = trio.current_time() + max(request.max_wait_ms, 0) / 1000
    replica_id = replica_id_of(ctx, request)
    ctx.notes.also = "FetchFollower" if replica_id >= 0 else "FetchConsumer"  # Kafka's RequestMetrics names
    unreadable = _unreadable(ctx, entries, replica_id)
    wanted = _resolve(ctx, entries, replica_id, unreadable)
    answers, readable, failed = _read_all(ctx, request, wanted, replica_id)
    # a follower's parked fetch also ends when a high watermark moved: it carries the news (Kafka's
    # followerNeedsHwUpdate)
    first_hws = [a.high_watermark for a in answers] if replica_id >= 0 else None
    while not (request.max_wait_ms <= 0 or not wanted or failed or readable >= request.min_bytes
               or any(a.diverging_epoch.epoch >= 0 or a.preferred_read_replica >= 0 for a in answers)
               or trio.current_time() >= deadline
               or (first_hws is not None and first_hws != [a.high_watermark for a in answers])):
        hosted = list({id(w.partition): w.partition for w in wanted if w.partition is not None}.values())
        parked = trio.current_time()
        await _wait_for_appends(hosted, request.min_bytes - readable, deadline, replica_id >= 0)
        ctx.notes.remote_s += trio.current_time() - parked
        wanted = _resolve(ctx, entries, replica_id, unreadable)
        answers, readable, failed = _read_all(ctx, request, wanted, replica_id)
    if ctx.api_version >= LEADER_HINT_VERSION:
        hints = LeaderHints(ctx.state.image, ctx.listener_name)
        for item, answer in zip(wanted, answers, strict=True):
            if answer.error_code in (errors.NOT_LEADER_OR_FOLLOWER.code, errors.FENCED_LEADER_EPOCH.code):
                leader, epoch = hints.current_leader(item.entry.topic, item.entry.partition, item.partition)
                answer.current_leader = LeaderIdAndEpoch(leader_id=leader, leader_epoch=epoch)
        node_endpoints = hints.endpoints(NodeEndpoint)
    else:
        node_endpoints = []
    by_id = ctx.api_version >= TOPIC_ID_VERSION
    pairs = []
    stats = ctx.state.topic_stats
    for item, answer in zip(wanted, answers, strict=True):
        size = answer.records.length if isinstance(answer.records, wire.FileRegion) else 0
        if item.partition is not None:
            # BrokerTopicMetrics: bytes out count what consumers are sent (a follower's are replication)
            stats.fetched(item.partition.topic, 0 if replica_id >= 0 else size,
                          answer.error_code not in _EXPECTED_ERRORS)
            if replica_id >= 0:
                stats.replication_bytes_out += size
                leader_quota = ctx.state.partitions.replication_quotas.leader
                if leader_quota.is_throttled(item.partition.topic, item.partition.partition):
                    leader_quota.record(size)
        respond = item.entry.must_respond(answer, size)
        if not incremental or respond:
            pairs.append((item.entry, answer))
        if incremental and size:
            session.move_to_end(_entry_key(item.entry, by_id))
    return FetchResponse(throttle_time_ms=0, error_code=errors.NONE.code,
                         session_id=session.id if session is not None else NO_SESSION,
                         responses=_group_by_topic(pairs), node_endpoints=node_endpoints)
