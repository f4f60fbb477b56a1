"""OffsetForLeaderEpoch (key 23), v2-v4: the end offset of a leader epoch, from the partition's leader-epoch cache.

Mirrors Kafka 4.3 (KafkaApis.handleOffsetForLeaderEpochRequest, ReplicaManager.lastOffsetForLeaderEpoch,
Partition.lastOffsetForLeaderEpoch, LeaderEpochFileCache.endOffsetFor):
- The answer for epoch E is the largest cached epoch <= E and the start offset of the first epoch above it, or
  the log end offset when E is the latest epoch. Nothing known at or above E (or E = -1) answers error NONE
  with LeaderEpoch -1 and EndOffset -1 (UNDEFINED_EPOCH / UNDEFINED_EPOCH_OFFSET).
- CurrentLeaderEpoch -1 skips fencing; older than the partition's leader epoch is FENCED_LEADER_EPOCH, newer is
  UNKNOWN_LEADER_EPOCH (Partition.checkCurrentLeaderEpoch). A partition this node does not lead is
  NOT_LEADER_OR_FOLLOWER; one the metadata does not know is UNKNOWN_TOPIC_OR_PARTITION.
- ReplicaId (v3+, -1 consumer, -2 debugging, or a broker id) changes nothing: Kafka always answers from the
  leader only and checks no replica id (only the authorizer looks at it, and kbroker has none).
- Topics and partitions are answered in request order, duplicates included. ThrottleTimeMs is 0.

The helpers here (`hosted_partition`, `epoch_cache`) are shared with ListOffsets (and `epoch_cache` with Fetch).
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.log.leader_epoch import UNDEFINED_EPOCH, UNDEFINED_EPOCH_OFFSET, LeaderEpochCache
from kbroker.partition.partition import Partition
from kbroker.protocol import errors
from kbroker.protocol.messages.offset_for_leader_epoch_response import (
    EpochEndOffset,
    OffsetForLeaderEpochResponse,
    OffsetForLeaderTopicResult,
)

API_KEY = 23
MIN_VERSION = 2
MAX_VERSION = 4

NO_CURRENT_LEADER_EPOCH = -1


def hosted_partition(ctx: RequestContext, topic: str, index: int, current_leader_epoch: int,
                     *, require_leader: bool = True) -> tuple[Partition | None, int]:
    """The partition a client asks about and NONE, or None and the error code Kafka answers
    (ReplicaManager.getPartitionOrError + Partition.getLocalLog)."""
    partition = ctx.state.partitions.get(topic, index)
    if partition is None:
        known = ctx.state.image.partition(topic, index) is not None
        return None, (errors.NOT_LEADER_OR_FOLLOWER if known else errors.UNKNOWN_TOPIC_OR_PARTITION).code
    if current_leader_epoch != NO_CURRENT_LEADER_EPOCH:
        if current_leader_epoch < partition.leader_epoch:
            return None, errors.FENCED_LEADER_EPOCH.code
        if current_leader_epoch > partition.leader_epoch:
            return None, errors.UNKNOWN_LEADER_EPOCH.code
    if require_leader and partition.leader != ctx.config.node_id:
        return None, errors.NOT_LEADER_OR_FOLLOWER.code
    return partition, errors.NONE.code


def epoch_cache(partition: Partition) -> LeaderEpochCache:
    """The partition's leader-epoch cache as Kafka's leader has it: becoming leader at a new epoch assigns that
    epoch to the log end offset (Partition.makeLeader -> maybeAssignEpochStartOffset), so an epoch that has not
    written a batch yet is already known. Where the log's cache lacks the current epoch, an in-memory copy with
    it is returned (nothing is written)."""
    cache = partition.log.leader_epoch_cache
    epoch = partition.leader_epoch
    latest = cache.latest_epoch()
    if epoch < 0 or (latest is not None and latest >= epoch):
        return cache
    effective = LeaderEpochCache(cache.path, cache.entries())
    effective.assign(epoch, partition.log_end_offset, flush=False)
    return effective


def end_offset(ctx: RequestContext, topic: str, request_partition) -> EpochEndOffset:
    index = request_partition.partition
    partition, error = hosted_partition(ctx, topic, index, request_partition.current_leader_epoch)
    if partition is None:
        return EpochEndOffset(error_code=error, partition=index, leader_epoch=UNDEFINED_EPOCH,
                              end_offset=UNDEFINED_EPOCH_OFFSET)
    epoch, offset = epoch_cache(partition).end_offset_for(request_partition.leader_epoch, partition.log_end_offset)
    if offset == UNDEFINED_EPOCH_OFFSET:
        epoch = UNDEFINED_EPOCH
    return EpochEndOffset(error_code=errors.NONE.code, partition=index, leader_epoch=epoch, end_offset=offset)


def _refused(index: int, code: int) -> EpochEndOffset:
    return EpochEndOffset(error_code=code, partition=index, leader_epoch=UNDEFINED_EPOCH,
                          end_offset=UNDEFINED_EPOCH_OFFSET)


async def handle(ctx: RequestContext, request) -> OffsetForLeaderEpochResponse:
    # Kafka: a replica's request (replica id set, v3+) needs CLUSTER_ACTION, else every partition fails; then
    # DESCRIBE on each topic.
    if request.replica_id >= 0 and not authz.cluster_allowed(ctx, authz.CLUSTER_ACTION):
        describable: set[str] = set()
        code = errors.CLUSTER_AUTHORIZATION_FAILED.code
    else:
        describable = authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, [t.topic for t in request.topics])
        code = errors.TOPIC_AUTHORIZATION_FAILED.code
    return OffsetForLeaderEpochResponse(throttle_time_ms=0, topics=[
        OffsetForLeaderTopicResult(topic=topic.topic, partitions=[
            end_offset(ctx, topic.topic, p) if topic.topic in describable else _refused(p.partition, code)
            for p in topic.partitions])
        for topic in request.topics])
