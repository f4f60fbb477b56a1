"""WriteTxnMarkers (API key 27), v1-2: what a transaction coordinator sends partition leaders at the end of a
transaction (inter-broker; kbroker's own coordinator writes its markers in-process). Each listed partition gets
a COMMIT or ABORT control batch for the producer, as Kafka's KafkaApis.handleWriteTxnMarkersRequest:
UNKNOWN_TOPIC_OR_PARTITION for a partition the metadata does not know, NOT_LEADER_OR_FOLLOWER for one this node
does not lead, else the log's answer (INVALID_PRODUCER_EPOCH for an epoch older than the producer's,
TRANSACTION_COORDINATOR_FENCED for an older coordinator epoch). A marker for `__consumer_offsets` is reported
to the group coordinator as well. TransactionVersion (v2; 0 below) goes to the partition's producer state: a
transaction version 2 marker must carry an epoch above the producer's last (Kafka's ProducerAppendInfo).

Markers are appended with acks=all, as Kafka's: the answer waits (at most `request.timeout.ms`) until the in-sync
replicas have every marker written, and a partition whose ISR is under min.insync.replicas answers
NOT_ENOUGH_REPLICAS (kbroker.txn.markers)."""

from __future__ import annotations

import trio

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of as group_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.write_txn_markers_response import (
    WritableTxnMarkerPartitionResult,
    WritableTxnMarkerResult,
    WritableTxnMarkerTopicResult,
    WriteTxnMarkersResponse,
)
from kbroker.txn.markers import write_marker_acked

API_KEY = 27
MIN_VERSION = 1
MAX_VERSION = 2


async def _write(ctx: RequestContext, image, marker, topic: str, partition: int, deadline: float) -> int:
    if image.partition(topic, partition) is None:
        return errors.UNKNOWN_TOPIC_OR_PARTITION.code
    hosted = ctx.state.partitions.get(topic, partition)
    if hosted is None or hosted.leader != ctx.config.node_id:
        return errors.NOT_LEADER_OR_FOLLOWER.code
    return await write_marker_acked(
        ctx.state.partitions, topic, partition, deadline=deadline, commit=marker.transaction_result,
        producer_id=marker.producer_id, producer_epoch=marker.producer_epoch,
        coordinator_epoch=marker.coordinator_epoch, transaction_version=marker.transaction_version,
        group_coordinator=group_coordinator_of(ctx.state))


async def handle(ctx: RequestContext, request) -> WriteTxnMarkersResponse:
    image = ctx.state.image
    deadline = trio.current_time() + ctx.config["request.timeout.ms"] / 1000
    allowed = authz.cluster_allowed(ctx, authz.CLUSTER_ACTION)

    async def answer(result: WritableTxnMarkerPartitionResult, marker, topic: str) -> None:
        result.error_code = await _write(ctx, image, marker, topic, result.partition_index, deadline)

    results = []
    async with trio.open_nursery() as nursery:
        for marker in request.markers:
            topics = []
            for topic in marker.topics:
                answers = [WritableTxnMarkerPartitionResult(
                    partition_index=index, error_code=errors.CLUSTER_AUTHORIZATION_FAILED.code)
                    for index in topic.partition_indexes]
                if allowed:
                    for result in answers:
                        nursery.start_soon(answer, result, marker, topic.name)
                topics.append(WritableTxnMarkerTopicResult(name=topic.name, partitions=answers))
            results.append(WritableTxnMarkerResult(producer_id=marker.producer_id, topics=topics))
    return WriteTxnMarkersResponse(markers=results)
