"""Transaction markers for partitions another broker leads (Kafka's TransactionMarkerChannelManager): one
WriteTxnMarkers request with one marker to the partitions' leader, over this broker's inter-broker channels (the
replica fetchers' ChannelManager, whose directory holds every other broker's inter-broker endpoint). The marker
names its transaction version (WriteTxnMarkers v2), so a leader checks a transaction version 2 marker's bumped
epoch as Kafka's does.

`write_remote_markers` returns the partitions that need no more attempts: the leader wrote the marker, or the
partition is gone (UNKNOWN_TOPIC_OR_PARTITION, as Kafka drops it). Any other answer, or no answer, leaves the
partition for the coordinator's next retry.
"""

from __future__ import annotations

import logging

from kbroker.network import NetworkError
from kbroker.protocol import errors
from kbroker.protocol.messages.write_txn_markers_request import (
    WritableTxnMarker,
    WritableTxnMarkerTopic,
    WriteTxnMarkersRequest,
)

log = logging.getLogger(__name__)

_SETTLED = {errors.NONE.code, errors.UNKNOWN_TOPIC_OR_PARTITION.code}


async def write_remote_markers(channels, leader_id: int, partitions: list[tuple[str, int]], *, commit: bool,
                               producer_id: int, producer_epoch: int,
                               coordinator_epoch: int, transaction_version: int = 0) -> set[tuple[str, int]]:
    by_topic: dict[str, list[int]] = {}
    for topic, index in partitions:
        by_topic.setdefault(topic, []).append(index)
    request = WriteTxnMarkersRequest(markers=[WritableTxnMarker(
        producer_id=producer_id, producer_epoch=producer_epoch, transaction_result=commit,
        coordinator_epoch=coordinator_epoch, transaction_version=transaction_version,
        topics=[WritableTxnMarkerTopic(name=topic, partition_indexes=indexes) for topic, indexes in by_topic.items()])])
    try:
        response = await channels.send(leader_id, request)
    except NetworkError as exc:
        log.info("WriteTxnMarkers to broker %d for producer %d failed: %s; retrying", leader_id, producer_id, exc)
        return set()
    settled = set()
    for result in response.markers:
        if result.producer_id != producer_id:
            continue
        for topic_result in result.topics:
            for partition_result in topic_result.partitions:
                tp = (topic_result.name, partition_result.partition_index)
                if partition_result.error_code in _SETTLED:
                    settled.add(tp)
                else:
                    log.info("broker %d refused the marker of producer %d for %s-%d: %s", leader_id, producer_id,
                             *tp, errors.for_code(partition_result.error_code).name)
    return settled
