"""ListOffsets (key 2), v1-v11: offsets by timestamp and the special timestamps, as Kafka 4.3.1 serves them.

Mirrors KafkaApis.handleListOffsetRequest, ReplicaManager.fetchOffset/classicFetchOffset,
Partition.fetchOffsetForTimestamp and UnifiedLog.fetchOffsetByTimestamp (local storage only):
- Timestamps: LATEST (-1) is the last fetchable offset with the partition's leader epoch; EARLIEST (-2) and
  EARLIEST_LOCAL (-4, v8+) the log start offset with the epoch of the earliest cached epoch entry; MAX_TIMESTAMP
  (-3, v7+) the record with the largest timestamp; LATEST_TIERED (-5, v9+) and EARLIEST_PENDING_UPLOAD (-6, v11+)
  answer offset -1 and epoch -1 (no tiered storage); any other negative timestamp, or a special one below its
  version, is UNSUPPORTED_VERSION. A timestamp >= 0 finds the first record whose timestamp is at least it.
- The last fetchable offset bounds LATEST and the searches (a record found at or beyond it answers NONE with
  offset -1): for a consumer (ReplicaId -1) the LSO under read_committed and the high watermark under
  read_uncommitted; for a broker or the debugging id (-2) the log end offset.
- The leader epoch (v4+) is the epoch of the batch holding the offset (LeaderEpoch stays -1 when unknown).
- CurrentLeaderEpoch (v4+) fences as in OffsetForLeaderEpoch; only ReplicaId -2 may read from a non-leader.
- A new leader whose high watermark is still below its epoch's start offset answers a consumer's LATEST, and a
  timestamp search that finds nothing below the HW, with OFFSET_NOT_AVAILABLE (retriable; KIP-392's lagging HW).
- A (topic, partition) named twice answers once, INVALID_REQUEST; unknown partitions UNKNOWN_TOPIC_OR_PARTITION.
  Answers are grouped by topic in order of first appearance (Kafka's order is its hash map's).
- An IsolationLevel other than 0 or 1 fails the whole request: UNKNOWN_SERVER_ERROR for every partition named, as
  Kafka's IsolationLevel.forId throws. TimeoutMs (v10+) only bounds remote-storage lookups, which kbroker does
  not have. ThrottleTimeMs is 0.
Searches by timestamp read index files and run in a worker thread.
"""

from __future__ import annotations

from collections import Counter

import trio

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.offset_for_leader_epoch import epoch_cache, hosted_partition
from kbroker.log.log import (
    EARLIEST_LOCAL_TIMESTAMP,
    EARLIEST_TIMESTAMP,
    LATEST_TIERED_TIMESTAMP,
    LATEST_TIMESTAMP,
    MAX_TIMESTAMP,
)
from kbroker.partition.partition import Partition
from kbroker.protocol import errors
from kbroker.protocol.messages.list_offsets_response import (
    ListOffsetsPartitionResponse,
    ListOffsetsResponse,
    ListOffsetsTopicResponse,
)

API_KEY = 2
MIN_VERSION = 1
MAX_VERSION = 11

EARLIEST_PENDING_UPLOAD_TIMESTAMP = -6
CONSUMER_REPLICA_ID = -1
DEBUGGING_REPLICA_ID = -2
READ_UNCOMMITTED, READ_COMMITTED = 0, 1
LEADER_EPOCH_VERSION = 4
UNKNOWN = -1  # ListOffsetsResponse.UNKNOWN_TIMESTAMP / UNKNOWN_OFFSET / UNKNOWN_EPOCH

# The first version at which each special timestamp may be asked for (ReplicaManager.timestampMinSupportedVersion).
SPECIAL_TIMESTAMP_MIN_VERSION = {
    EARLIEST_TIMESTAMP: 1,
    LATEST_TIMESTAMP: 1,
    MAX_TIMESTAMP: 7,
    EARLIEST_LOCAL_TIMESTAMP: 8,
    LATEST_TIERED_TIMESTAMP: 9,
    EARLIEST_PENDING_UPLOAD_TIMESTAMP: 11,
}


def _answer(index: int, code: int = errors.NONE.code) -> ListOffsetsPartitionResponse:
    return ListOffsetsPartitionResponse(partition_index=index, error_code=code, timestamp=UNKNOWN, offset=UNKNOWN)


def _found(index: int, version: int, timestamp: int, offset: int, leader_epoch: int
           ) -> ListOffsetsPartitionResponse:
    return ListOffsetsPartitionResponse(
        partition_index=index, error_code=errors.NONE.code, timestamp=timestamp, offset=offset,
        leader_epoch=leader_epoch if version >= LEADER_EPOCH_VERSION else UNKNOWN)


def _is_supported(timestamp: int, version: int) -> bool:
    if timestamp >= 0:
        return True
    first = SPECIAL_TIMESTAMP_MIN_VERSION.get(timestamp)
    return first is not None and version >= first


def _last_fetchable_offset(partition: Partition, replica_id: int, isolation_level: int) -> int:
    if replica_id != CONSUMER_REPLICA_ID:
        return partition.log_end_offset
    if isolation_level == READ_COMMITTED:
        return partition.last_stable_offset()
    return partition.high_watermark


def _earliest_epoch(partition: Partition) -> int:
    """The earliest cached epoch, if it covers the log start offset (UnifiedLog.fetchOffsetByTimestamp)."""
    earliest = epoch_cache(partition).earliest_entry()
    if earliest is not None and earliest.start_offset <= partition.log_start_offset:
        return earliest.epoch
    return UNKNOWN


def _high_watermark_lags(partition: Partition, replica_id: int) -> bool:
    """A new leader whose HW has not reached its epoch's start offset yet (Partition.fetchOffsetForTimestamp):
    a consumer's LATEST, or a search finding nothing below the HW, gets OFFSET_NOT_AVAILABLE and retries."""
    start = partition.leader_epoch_start_offset
    return (replica_id == CONSUMER_REPLICA_ID and partition.is_leader and start is not None
            and start > partition.high_watermark)


def offset_for(partition: Partition, timestamp: int, *, version: int, replica_id: int,
               isolation_level: int) -> ListOffsetsPartitionResponse:
    """The answer for one partition this node leads (may read index files: call from a worker thread)."""
    index = partition.partition
    last_fetchable = _last_fetchable_offset(partition, replica_id, isolation_level)
    if timestamp == LATEST_TIMESTAMP:
        if _high_watermark_lags(partition, replica_id):
            return _answer(index, errors.OFFSET_NOT_AVAILABLE.code)
        return _found(index, version, UNKNOWN, last_fetchable, partition.leader_epoch)
    if timestamp in (EARLIEST_TIMESTAMP, EARLIEST_LOCAL_TIMESTAMP):
        return _found(index, version, UNKNOWN, partition.log_start_offset, _earliest_epoch(partition))
    if timestamp in (LATEST_TIERED_TIMESTAMP, EARLIEST_PENDING_UPLOAD_TIMESTAMP):
        return _found(index, version, UNKNOWN, UNKNOWN, UNKNOWN)
    found = partition.log.fetch_offset_by_timestamp(timestamp)
    if found is None or found.offset >= last_fetchable:
        return _answer(index, errors.OFFSET_NOT_AVAILABLE.code if _high_watermark_lags(partition, replica_id)
                       else errors.NONE.code)
    return _found(index, version, found.timestamp, found.offset, found.leader_epoch)


class _Lookup:
    """One requested partition: its answer so far, or the partition and timestamp still to look up."""

    __slots__ = ("answer", "partition", "timestamp")

    def __init__(self, answer: ListOffsetsPartitionResponse | None = None, partition: Partition | None = None,
                 timestamp: int = 0):
        self.answer = answer
        self.partition = partition
        self.timestamp = timestamp


def _needs_search(lookup: _Lookup) -> bool:
    return lookup.answer is None and (lookup.timestamp >= 0 or lookup.timestamp == MAX_TIMESTAMP)


def _whole_request_error(request, code: int) -> ListOffsetsResponse:
    return ListOffsetsResponse(throttle_time_ms=0, topics=[
        ListOffsetsTopicResponse(name=topic.name, partitions=[_answer(p.partition_index, code)
                                                              for p in topic.partitions])
        for topic in request.topics])


async def handle(ctx: RequestContext, request) -> ListOffsetsResponse:
    version = ctx.api_version
    if request.isolation_level not in (READ_UNCOMMITTED, READ_COMMITTED):
        return _whole_request_error(request, errors.UNKNOWN_SERVER_ERROR.code)
    named = Counter((topic.name, p.partition_index) for topic in request.topics for p in topic.partitions)

    lookups: dict[tuple[str, int], _Lookup] = {}
    describable = authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, [t.name for t in request.topics])
    for topic in request.topics:
        for p in topic.partitions:
            key = (topic.name, p.partition_index)
            if key in lookups:
                continue
            if topic.name not in describable:
                lookups[key] = _Lookup(_answer(p.partition_index, errors.TOPIC_AUTHORIZATION_FAILED.code))
            elif named[key] > 1:
                lookups[key] = _Lookup(_answer(p.partition_index, errors.INVALID_REQUEST.code))
            elif not _is_supported(p.timestamp, version):
                lookups[key] = _Lookup(_answer(p.partition_index, errors.UNSUPPORTED_VERSION.code))
            else:
                partition, error = hosted_partition(ctx, topic.name, p.partition_index, p.current_leader_epoch,
                                                    require_leader=request.replica_id != DEBUGGING_REPLICA_ID)
                lookups[key] = (_Lookup(_answer(p.partition_index, error)) if partition is None
                                else _Lookup(partition=partition, timestamp=p.timestamp))

    def resolve() -> None:
        for lookup in lookups.values():
            if lookup.answer is None:
                lookup.answer = offset_for(lookup.partition, lookup.timestamp, version=version,
                                           replica_id=request.replica_id,
                                           isolation_level=request.isolation_level)

    if any(_needs_search(lookup) for lookup in lookups.values()):
        await trio.to_thread.run_sync(resolve)
    else:
        resolve()

    by_topic: dict[str, list[ListOffsetsPartitionResponse]] = {}
    for (topic_name, _index), lookup in lookups.items():
        by_topic.setdefault(topic_name, []).append(lookup.answer)
    return ListOffsetsResponse(throttle_time_ms=0, topics=[
        ListOffsetsTopicResponse(name=name, partitions=answers) for name, answers in by_topic.items()])
