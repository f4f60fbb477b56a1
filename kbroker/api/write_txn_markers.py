"""WriteTxnMarkers (API key 27), v1-2: what a transaction coordinator sends partition leaders at the end of a
transaction (inter-broker; kbroker's own coordinator writes its markers in-process). Each listed partition gets
a COMMIT or ABORT control batch for the producer, as Kafka's KafkaApis.handleWriteTxnMarkersRequest:
UNKNOWN_TOPIC_OR_PARTITION for a partition the metadata does not know, NOT_LEADER_OR_FOLLOWER for one this node
does not lead, else the log's answer (INVALID_PRODUCER_EPOCH for an epoch older than the producer's,
TRANSACTION_COORDINATOR_FENCED for an older coordinator epoch). A marker for `__consumer_offsets` is reported
to the group coordinator as well. TransactionVersion (v2; 0 below) goes to the partition's producer state: a
transaction version 2 marker must carry an epoch above the producer's last (Kafka's ProducerAppendInfo)."""

from __future__ import annotations

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
    results = []
    allowed = authz.cluster_allowed(ctx, authz.CLUSTER_ACTION)
    refused = errors.CLUSTER_AUTHORIZATION_FAILED.code
    for marker in request.markers:
        topics = [WritableTxnMarkerTopicResult(name=topic.name, partitions=[
            WritableTxnMarkerPartitionResult(partition_index=p, error_code=_write(ctx, image, marker, topic.name, p)
                                             if allowed else refused)
            for p in topic.partition_indexes]) for topic in marker.topics]
        results.append(WritableTxnMarkerResult(producer_id=marker.producer_id, topics=topics))
    return WriteTxnMarkersResponse(markers=results)
