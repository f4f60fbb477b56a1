"""Partition reassignment on the active controller: AlterPartitionReassignments and ListPartitionReassignments,
as Kafka 4.3.1's ReplicationControlManager, PartitionReassignmentReplicas and PartitionReassignmentRevert do them.
Transport-free: each call takes the latest image and returns the response and the PartitionChangeRecords to
append as one batch (all or nothing, Kafka's ControllerResult.atomicOf).

A reassignment goes in stages, each a PartitionChangeRecord written by partition_change.py:
1. the request: the replicas become the target replicas followed by those leaving (in their old order), with
   `adding_replicas` (target minus current, ascending) and `removing_replicas` (current minus target, ascending);
   a reassignment that only reorders (or whose ISR already holds every target replica) completes at once;
2. the new replicas fetch from the leader, which adds them to the ISR with AlterPartition;
3. the AlterPartition (or any change) whose ISR holds every target replica completes it: the removing replicas
   leave the replicas and the ISR, adding/removing clear, and a leader being removed hands over to the first
   target replica in the ISR (the leader epoch is bumped whenever a replica leaves).

Per partition, in Kafka's order, each failure an error code and message of that partition only:
- unknown topic: UNKNOWN_TOPIC_OR_PARTITION "Unable to find a topic named T."; unknown partition:
  UNKNOWN_TOPIC_OR_PARTITION "Unable to find partition T:P.";
- replicas null cancels: NO_REASSIGNMENT_IN_PROGRESS when none is; the replicas go back to the original ones
  (the adding replicas leave, the removing ones stay) and the ISR loses the adding replicas; an ISR left empty
  takes the first original replica, allowed only with unclean leader election enabled for the topic
  (INVALID_REPLICA_ASSIGNMENT "Unable to revert partition assignment for T:P because it would require an unclean
  leader election.");
- otherwise the target must be a valid manual assignment (validateManualPartitionAssignment): not empty, every
  broker registered, none twice: INVALID_REPLICA_ASSIGNMENT with Kafka's messages; with
  AllowReplicationFactorChange false (v1), a target whose size differs from the replica count the partition is
  heading for: INVALID_REPLICATION_FACTOR "The replication factor is changed from N to M".
A new target replaces a reassignment in progress (computed against the current replicas, the adding ones
included). The response's top-level error is NONE with a null message and echoes AllowReplicationFactorChange.

ListPartitionReassignments: the partitions with adding or removing replicas (replicas, adding, removing), of
every topic when Topics is null, else of the named topics and partitions; unknown ones are left out silently.
"""

from __future__ import annotations

import logging

from kbroker.metadata.cluster_control import (
    ClusterControl,
    Outcome,
    default_dir,
    elr_enabled,
    leader_acceptor,
)
from kbroker.metadata.image import MetadataImage, PartitionRegistration, TopicImage
from kbroker.metadata.partition_change import Election, is_reassigning, partition_change
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_partition_reassignments_response import (
    AlterPartitionReassignmentsResponse,
    ReassignablePartitionResponse,
    ReassignableTopicResponse,
)
from kbroker.protocol.messages.list_partition_reassignments_response import (
    ListPartitionReassignmentsResponse,
    OngoingPartitionReassignment,
    OngoingTopicReassignment,
)

log = logging.getLogger(__name__)


class _Failed(Exception):
    def __init__(self, error: errors.KafkaError, message: str):
        super().__init__(message)
        self.error = error


def alter_partition_reassignments(image: MetadataImage, request, *, cluster: ClusterControl) -> Outcome:
    """An AlterPartitionReassignmentsRequest (v0 requests carry AllowReplicationFactorChange's default, true)."""
    allow_rf_change = request.allow_replication_factor_change
    response = AlterPartitionReassignmentsResponse(throttle_time_ms=0, error_code=errors.NONE.code,
                                                   error_message=None,
                                                   allow_replication_factor_change=allow_rf_change)
    records: list[MetadataRecord] = []
    succeeded = total = 0
    for topic in request.topics:
        answers = ReassignableTopicResponse(name=topic.name)
        response.responses.append(answers)
        for target in topic.partitions:
            total += 1
            try:
                record = _alter_one(image, cluster, topic.name, target.partition_index, target.replicas,
                                    allow_rf_change)
            except _Failed as exc:
                log.info("Unable to alter partition reassignment for %s:%d because of an %s error: %s", topic.name,
                         target.partition_index, exc.error.name, exc)
                answers.partitions.append(ReassignablePartitionResponse(
                    partition_index=target.partition_index, error_code=exc.error.code, error_message=str(exc)))
                continue
            succeeded += 1
            if record is not None:
                records.append(record)
            answers.partitions.append(ReassignablePartitionResponse(
                partition_index=target.partition_index, error_code=errors.NONE.code, error_message=None))
    log.info("Successfully altered %d out of %d partition reassignment(s).", succeeded, total)
    return Outcome(response, records)


def _alter_one(image: MetadataImage, cluster: ClusterControl, topic_name: str, index: int,
               replicas: list[int] | None, allow_rf_change: bool) -> MetadataRecord | None:
    topic = image.topic(topic_name)
    if topic is None:
        raise _Failed(errors.UNKNOWN_TOPIC_OR_PARTITION, f"Unable to find a topic named {topic_name}.")
    partition = topic.partitions.get(index)
    if partition is None:
        raise _Failed(errors.UNKNOWN_TOPIC_OR_PARTITION, f"Unable to find partition {topic_name}:{index}.")
    if replicas is None:
        return _cancel(image, cluster, topic, partition)
    return _change(image, cluster, topic, partition, list(replicas), allow_rf_change)


def _cancel(image: MetadataImage, cluster: ClusterControl, topic: TopicImage,
            partition: PartitionRegistration) -> MetadataRecord | None:
    """cancelPartitionReassignment with PartitionReassignmentRevert."""
    if not is_reassigning(partition):
        raise _Failed(errors.NO_REASSIGNMENT_IN_PROGRESS, errors.NO_REASSIGNMENT_IN_PROGRESS.message)
    adding = set(partition.adding_replicas)
    original = [r for r in partition.replicas if r not in adding]
    isr = [r for r in partition.isr if r not in adding]
    unclean_enabled = cluster.unclean_enabled(image, topic.name)
    if not isr:
        if not original:
            raise _Failed(errors.INVALID_REPLICA_ASSIGNMENT,
                          "Invalid replica assignment: addingReplicas contains all replicas.")
        isr = [original[0]]
        if not unclean_enabled:
            raise _Failed(errors.INVALID_REPLICA_ASSIGNMENT,
                          f"Unable to revert partition assignment for {topic.name}:{partition.partition_id} "
                          "because it would require an unclean leader election.")
    return partition_change(
        partition, topic.topic_id, is_acceptable_leader=leader_acceptor(image, partition), target_isr=isr,
        election=Election.UNCLEAN if unclean_enabled else Election.ONLINE, elr_enabled=elr_enabled(image),
        min_isr=cluster.effective_min_isr(image, topic), target_replicas=original, target_adding=[],
        target_removing=[], default_dir=lambda broker: default_dir(image, broker))


def _change(image: MetadataImage, cluster: ClusterControl, topic: TopicImage, partition: PartitionRegistration,
            target: list[int], allow_rf_change: bool) -> MetadataRecord | None:
    """changePartitionReassignment."""
    _validate_assignment(image, target)
    if not allow_rf_change:
        heading_for = len(_heading_for(partition))
        if heading_for != len(target):
            raise _Failed(errors.INVALID_REPLICATION_FACTOR,
                          f"The replication factor is changed from {heading_for} to {len(target)}")
    current = list(partition.replicas)
    removing = sorted(set(current) - set(target))
    adding = sorted(set(target) - set(current))
    replicas = target + removing
    return partition_change(
        partition, topic.topic_id, is_acceptable_leader=leader_acceptor(image, partition),
        elr_enabled=elr_enabled(image), min_isr=cluster.effective_min_isr(image, topic),
        target_replicas=replicas if replicas != current else None, target_removing=removing or None,
        target_adding=adding or None, default_dir=lambda broker: default_dir(image, broker))


def _heading_for(partition: PartitionRegistration) -> set[int]:
    """The replicas a partition will have once its reassignment in progress (if any) completes."""
    if not is_reassigning(partition):
        return set(partition.replicas)
    return (set(partition.replicas) | set(partition.adding_replicas)) - set(partition.removing_replicas)


def _validate_assignment(image: MetadataImage, replicas: list[int]) -> None:
    """ReplicationControlManager.validateManualPartitionAssignment without a replication factor."""
    if not replicas:
        raise _Failed(errors.INVALID_REPLICA_ASSIGNMENT,
                      "The manual partition assignment includes an empty replica list.")
    previous = None
    for broker in sorted(replicas):
        if broker not in image.brokers:
            raise _Failed(errors.INVALID_REPLICA_ASSIGNMENT, f"The manual partition assignment includes broker "
                          f"{broker}, but no such broker is registered.")
        if broker == previous:
            raise _Failed(errors.INVALID_REPLICA_ASSIGNMENT, f"The manual partition assignment includes the "
                          f"broker {broker} more than once.")
        previous = broker


def list_partition_reassignments(image: MetadataImage, topics) -> ListPartitionReassignmentsResponse:
    """A ListPartitionReassignmentsRequest's Topics (None: every topic)."""
    response = ListPartitionReassignmentsResponse(throttle_time_ms=0, error_code=errors.NONE.code,
                                                  error_message=None)
    if topics is None:
        wanted = [(topic, sorted(topic.partitions)) for _, topic in sorted(image.topics_by_name.items())]
    else:
        wanted = [(image.topic(t.name), t.partition_indexes) for t in topics]
    for topic, indexes in wanted:
        if topic is None:
            continue
        ongoing = [OngoingPartitionReassignment(partition_index=index, replicas=list(p.replicas),
                                                adding_replicas=list(p.adding_replicas),
                                                removing_replicas=list(p.removing_replicas))
                   for index in indexes for p in [topic.partitions.get(index)] if p is not None and is_reassigning(p)]
        if ongoing:
            response.topics.append(OngoingTopicReassignment(name=topic.name, partitions=ongoing))
    return response
