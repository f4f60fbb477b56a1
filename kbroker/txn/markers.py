"""Writing one transaction marker (COMMIT or ABORT control batch) to one hosted partition: what Kafka's
WriteTxnMarkers does on a partition leader, done in-process by the transaction coordinator of a single node
and by the WriteTxnMarkers API. A transaction version 2 marker must carry an epoch above the producer's last
(the coordinator bumped it at the transaction's end); the partition's producer state checks that.

A marker for a `__consumer_offsets` partition is also reported to the group coordinator (when the broker has
one that takes it, through `transaction_marker_written`), so that offsets committed in the transaction become
visible on commit and are dropped on abort.

Kafka appends markers with acks=all: a leader under min.insync.replicas refuses one with NOT_ENOUGH_REPLICAS,
and the marker counts as written only once the in-sync replicas have it (`write_marker_acked`). A coordinator
told too early would complete the transaction, and a marker a new leader never had would leave it open on that
partition for good (its last stable offset, or the group's transactional offsets, stuck).
"""

from __future__ import annotations

import logging

from kbroker.log.log import LogError
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC
from kbroker.partition.delayed_produce import wait_for_replication
from kbroker.protocol import errors
from kbroker.protocol import records as R

log = logging.getLogger(__name__)


def write_marker(partitions, topic: str, partition: int, *, commit: bool, producer_id: int, producer_epoch: int,
                 coordinator_epoch: int, group_coordinator=None, transaction_version: int = 0) -> int:
    """Append the marker; returns Kafka's error code for the partition (NONE on success)."""
    hosted = partitions.get(topic, partition)
    if hosted is None:
        return errors.UNKNOWN_TOPIC_OR_PARTITION.code
    if hosted.is_under_min_isr:
        log.info("%s marker for producer %d refused by %s-%d: its ISR %s is under min.insync.replicas",
                 "COMMIT" if commit else "ABORT", producer_id, topic, partition, list(hosted.isr))
        return errors.NOT_ENOUGH_REPLICAS.code
    try:
        hosted.append_control_marker(R.CONTROL_COMMIT if commit else R.CONTROL_ABORT, producer_id=producer_id,
                                     producer_epoch=producer_epoch, coordinator_epoch=coordinator_epoch,
                                     transaction_version=transaction_version)
    except LogError as exc:
        log.warning("%s marker for producer %d epoch %d (coordinator epoch %d) refused by %s-%d: %s",
                    "COMMIT" if commit else "ABORT", producer_id, producer_epoch, coordinator_epoch, topic,
                    partition, exc)
        return exc.error_code
    if topic == GROUP_METADATA_TOPIC and group_coordinator is not None:
        notify = getattr(group_coordinator, "transaction_marker_written", None)
        if notify is not None:
            notify(partition, producer_id=producer_id, producer_epoch=producer_epoch, commit=commit)
    return errors.NONE.code


async def write_marker_acked(partitions, topic: str, partition: int, *, deadline: float, **marker) -> int:
    """write_marker, then wait (until `deadline`, trio time) for the in-sync replicas to have it: NONE, or the
    error an acks=all produce would get (NOT_LEADER_OR_FOLLOWER, REQUEST_TIMED_OUT, ...)."""
    code = write_marker(partitions, topic, partition, **marker)
    if code != errors.NONE.code:
        return code
    hosted = partitions.get(topic, partition)
    return await wait_for_replication(hosted, hosted.log_end_offset, deadline)
