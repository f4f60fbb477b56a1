"""DescribeProducers (API key 61), v0: the active producers of each partition, from the partition log's producer
state (Kafka's ReplicaManager.activeProducerState): producer id, epoch, last sequence, last timestamp,
coordinator epoch and the first offset of its open transaction (-1 when none). A partition the metadata does
not know is UNKNOWN_TOPIC_OR_PARTITION, one this node does not lead NOT_LEADER_OR_FOLLOWER."""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_producers_response import (
    DescribeProducersResponse,
    PartitionResponse,
    ProducerState,
    TopicResponse,
)

API_KEY = 61
MIN_VERSION = 0
MAX_VERSION = 0


def _partition(ctx: RequestContext, image, topic: str, index: int) -> PartitionResponse:
    hosted = ctx.state.partitions.get(topic, index)
    if hosted is None or hosted.leader != ctx.config.node_id:
        if image.partition(topic, index) is None:
            return PartitionResponse(partition_index=index, error_code=errors.UNKNOWN_TOPIC_OR_PARTITION.code)
        return PartitionResponse(partition_index=index, error_code=errors.NOT_LEADER_OR_FOLLOWER.code,
                                 error_message=f"Leader for partition {topic}-{index} is not on this node")
    with hosted.log.lock:
        entries = list(hosted.log.producer_state.producers.values())
    producers = [ProducerState(
        producer_id=e.producer_id, producer_epoch=e.epoch, last_sequence=e.last_seq, last_timestamp=e.last_timestamp,
        coordinator_epoch=e.coordinator_epoch,
        current_txn_start_offset=-1 if e.current_txn_first_offset is None else e.current_txn_first_offset)
        for e in entries]
    return PartitionResponse(partition_index=index, error_code=errors.NONE.code, active_producers=producers)


async def handle(ctx: RequestContext, request) -> DescribeProducersResponse:
    image = ctx.state.image
    readable = authz.allowed_names(ctx, authz.READ, authz.TOPIC, [t.name for t in request.topics])
    return DescribeProducersResponse(throttle_time_ms=0, topics=[
        TopicResponse(name=topic.name, partitions=[
            _partition(ctx, image, topic.name, p) if topic.name in readable else PartitionResponse(
                partition_index=p, error_code=errors.TOPIC_AUTHORIZATION_FAILED.code)
            for p in topic.partition_indexes])
        for topic in request.topics])
