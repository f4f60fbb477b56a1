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
from kbroker.partition.delayed_produce import wait_for_replication
from kbroker.partition.partition import Partition
from kbroker.protocol import errors
from kbroker.protocol.messages.write_txn_markers_response import (
    WritableTxnMarkerPartitionResult,
    WritableTxnMarkerResult,
    WritableTxnMarkerTopicResult,
    WriteTxnMarkersResponse,
)
from kbroker.txn.markers import write_marker

API_KEY = 27
MIN_VERSION = 1
MAX_VERSION = 2


def _write(ctx: RequestContext, image, marker, topic: str, partition: int) -> int:
    if image.partition(topic, partition) is None:
        return errors.UNKNOWN_TOPIC_OR_PARTITION.code
    hosted = ctx.state.partitions.get(topic, partition)
    if hosted is None or hosted.leader != ctx.config.node_id:
        return errors.NOT_LEADER_OR_FOLLOWER.code
    return write_marker(ctx.state.partitions, topic, partition, commit=marker.transaction_result,
                        producer_id=marker.producer_id, producer_epoch=marker.producer_epoch,
                        coordinator_epoch=marker.coordinator_epoch, transaction_version=marker.transaction_version,
                        group_coordinator=group_coordinator_of(ctx.state))


async def handle(ctx: RequestContext, request) -> WriteTxnMarkersResponse:
    image = ctx.state.image
    deadline = trio.current_time() + ctx.config["request.timeout.ms"] / 1000
    results = []
    written: list[tuple[WritableTxnMarkerPartitionResult, Partition, int]] = []
    allowed = authz.cluster_allowed(ctx, authz.CLUSTER_ACTION)
    refused = errors.CLUSTER_AUTHORIZATION_FAILED.code
    for marker in request.markers:
        topics = []
        for topic in marker.topics:
            answers = []
            for index in topic.partition_indexes:
                code = _write(ctx, image, marker, topic.name, index) if allowed else refused
                answer = WritableTxnMarkerPartitionResult(partition_index=index, error_code=code)
                if code == errors.NONE.code:
                    hosted = ctx.state.partitions.get(topic.name, index)
                    written.append((answer, hosted, hosted.log_end_offset))
                answers.append(answer)
            topics.append(WritableTxnMarkerTopicResult(name=topic.name, partitions=answers))
        results.append(WritableTxnMarkerResult(producer_id=marker.producer_id, topics=topics))

    async def replicated(answer, hosted, required_offset):
        answer.error_code = await wait_for_replication(hosted, required_offset, deadline)

    async with trio.open_nursery() as nursery:
        for each in written:
            nursery.start_soon(replicated, *each)
    return WriteTxnMarkersResponse(markers=results)
