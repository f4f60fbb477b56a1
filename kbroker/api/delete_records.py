"""DeleteRecords (key 21), v0-v2: move partitions' log start offsets forward (the low watermark).

Mirrors Kafka 4.3 (KafkaApis.handleDeleteRecordsRequest, ReplicaManager.deleteRecordsOnLocalLog,
Partition.deleteRecordsOnLeader, UnifiedLog.maybeIncrementLogStartOffset):
- A partition the metadata does not know: UNKNOWN_TOPIC_OR_PARTITION. Internal topics (__consumer_offsets,
  __transaction_state, __share_group_state): INVALID_TOPIC_EXCEPTION. A partition not led here:
  NOT_LEADER_OR_FOLLOWER. A topic without the `delete` cleanup policy: POLICY_VIOLATION.
- Offset -1 means the high watermark; any other negative offset, or one beyond the high watermark, is
  OFFSET_OUT_OF_RANGE. An offset at or below the current log start changes nothing and succeeds.
- LowWatermark is the log start offset afterwards (this node is the only replica), -1 on error. The request
  never waits: with one replica the low watermark is reached at once, so TimeoutMs does not matter.
- A (topic, partition) named twice answers once, with the offset of its last occurrence (Kafka's map).
  Answers are grouped by topic in order of first appearance. ThrottleTimeMs is 0.
Beyond Kafka, which leaves both to its periodic threads: once a start offset moved, the log-start-offset
checkpoints are written before the answer (the new start survives a crash), and the segments now wholly below
a moved start are removed at once (retention's log-start rule; the time and size rules wait for their
schedule, as in Kafka). This happens in a worker thread.
"""

from __future__ import annotations

import logging

import trio

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.log.log import Log, LogError
from kbroker.metadata.topic_names import is_internal
from kbroker.partition.partition import Partition
from kbroker.protocol import errors
from kbroker.protocol.messages.delete_records_response import (
    DeleteRecordsPartitionResult,
    DeleteRecordsResponse,
    DeleteRecordsTopicResult,
)

API_KEY = 21
MIN_VERSION = 0
MAX_VERSION = 2

HIGH_WATERMARK = -1
INVALID_LOW_WATERMARK = -1

log = logging.getLogger(__name__)


def delete_on_leader(partition: Partition, offset: int) -> tuple[int, int]:
    """(error code, low watermark) after moving the partition's log start to `offset` (blocking)."""
    log_ = partition.log
    if not log_.config.delete:
        return errors.POLICY_VIOLATION.code, INVALID_LOW_WATERMARK
    high_watermark = partition.high_watermark
    target = high_watermark if offset == HIGH_WATERMARK else offset
    if target < 0:
        return errors.OFFSET_OUT_OF_RANGE.code, INVALID_LOW_WATERMARK
    try:
        log_.maybe_increment_log_start_offset(target, high_watermark)
    except LogError as exc:
        return exc.error_code, INVALID_LOW_WATERMARK
    return errors.NONE.code, partition.log_start_offset


def _delete_all(ctx: RequestContext, wanted: dict[tuple[str, int], tuple[Partition, int]],
                results: dict[tuple[str, int], tuple[int, int]]) -> None:
    moved: list[Partition] = []
    for key, (partition, offset) in wanted.items():
        before = partition.log_start_offset
        results[key] = delete_on_leader(partition, offset)
        if partition.log_start_offset > before:
            log.info("DeleteRecords moved the log start offset of %s-%d from %d to %d", partition.topic,
                     partition.partition, before, partition.log_start_offset)
            moved.append(partition)
    if moved:
        ctx.state.partitions.checkpoint_now()
        for partition in moved:
            delete_segments_below_start(partition.log)


def delete_segments_below_start(log_: Log) -> int:
    """Remove the segments wholly below the log start offset (the log-start rule of retention, alone)."""
    with log_.lock:
        segments = log_.segments
        doomed = [segment for segment, following in zip(segments, segments[1:], strict=False)
                  if following.base_offset <= log_.log_start_offset]
        return log_.delete_segments(doomed)


async def handle(ctx: RequestContext, request) -> DeleteRecordsResponse:
    image = ctx.state.image
    node_id = ctx.config.node_id
    results: dict[tuple[str, int], tuple[int, int]] = {}
    wanted: dict[tuple[str, int], tuple[Partition, int]] = {}
    deletable = authz.allowed_names(ctx, authz.DELETE, authz.TOPIC, [t.name for t in request.topics])
    for topic in request.topics:
        for p in topic.partitions:
            key = (topic.name, p.partition_index)
            results.setdefault(key, (errors.NONE.code, INVALID_LOW_WATERMARK))
            wanted.pop(key, None)
            if topic.name not in deletable:
                results[key] = (errors.TOPIC_AUTHORIZATION_FAILED.code, INVALID_LOW_WATERMARK)
            elif image.partition(topic.name, p.partition_index) is None:
                results[key] = (errors.UNKNOWN_TOPIC_OR_PARTITION.code, INVALID_LOW_WATERMARK)
            elif is_internal(topic.name):
                results[key] = (errors.INVALID_TOPIC_EXCEPTION.code, INVALID_LOW_WATERMARK)
            else:
                partition = ctx.state.partitions.get(topic.name, p.partition_index)
                if partition is None or partition.leader != node_id:
                    results[key] = (errors.NOT_LEADER_OR_FOLLOWER.code, INVALID_LOW_WATERMARK)
                else:
                    wanted[key] = (partition, p.offset)
    if wanted:
        # Log start moves write the leader-epoch checkpoint, then the offsets checkpoints: file system work.
        await trio.to_thread.run_sync(_delete_all, ctx, wanted, results)

    by_topic: dict[str, list[DeleteRecordsPartitionResult]] = {}
    for (topic_name, index), (code, low_watermark) in results.items():
        by_topic.setdefault(topic_name, []).append(
            DeleteRecordsPartitionResult(partition_index=index, low_watermark=low_watermark, error_code=code))
    return DeleteRecordsResponse(throttle_time_ms=0, topics=[
        DeleteRecordsTopicResult(name=name, partitions=partitions) for name, partitions in by_topic.items()])
