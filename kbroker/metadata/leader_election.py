"""ElectLeaders on the active controller (Kafka 4.3.1's ReplicationControlManager.electLeaders / electLeader):
preferred and unclean elections of named partitions, or of every partition when TopicPartitions is null.
Transport-free: `elect_leaders` takes the latest image and returns the response and the PartitionChangeRecords.

Per partition, in Kafka's order:
- unknown topic or partition: UNKNOWN_TOPIC_OR_PARTITION "No such topic as T" / "No such partition as T-P";
- PREFERRED when the first replica already leads, or UNCLEAN when the partition has a leader:
  ELECTION_NOT_NEEDED;
- otherwise a partition change with that election (partition_change.py: PREFERRED moves leadership to the first
  replica when it is in the ISR and an active broker with its directory online; UNCLEAN elects any acceptable
  replica of a leaderless partition, its ISR becoming just that replica); when nothing changes,
  PREFERRED_LEADER_NOT_AVAILABLE or ELIGIBLE_LEADERS_NOT_AVAILABLE, with the error's default message.
With TopicPartitions null every topic (sorted by name, internal ones included) is listed, without the partitions
whose election was not needed. The caller checks the election type (INVALID_REQUEST for another value).

`balance_partition_leaders` is the active controller's automatic leader balancing (auto.leader.rebalance.enable,
Kafka's maybeBalancePartitionLeaders): a preferred election of every imbalanced partition (one with a leader other
than its first replica), at most MAX_ELECTIONS_PER_IMBALANCE per run.
"""

from __future__ import annotations

import logging

from kbroker.metadata.cluster_control import ClusterControl, Outcome, elr_enabled, leader_acceptor
from kbroker.metadata.image import NO_LEADER, MetadataImage
from kbroker.metadata.partition_change import Election, partition_change
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.elect_leaders_response import (
    ElectLeadersResponse,
    PartitionResult,
    ReplicaElectionResult,
)

log = logging.getLogger(__name__)

PREFERRED, UNCLEAN = 0, 1  # ElectionType
MAX_ELECTIONS_PER_IMBALANCE = 1000  # ReplicationControlManager's maxElectionsPerImbalance


def elect_leaders(image: MetadataImage, request, *, cluster: ClusterControl) -> Outcome:
    """An ElectLeadersRequest whose election type is PREFERRED or UNCLEAN; the response's top-level error NONE."""
    election_type = request.election_type
    records: list[MetadataRecord] = []
    results = []
    if request.topic_partitions is None:
        for name, topic in sorted(image.topics_by_name.items()):
            outcomes = [(index, *elect_one(image, cluster, name, index, election_type, records))
                        for index in sorted(topic.partitions)]
            results.append(ReplicaElectionResult(topic=name, partition_result=[
                PartitionResult(partition_id=index, error_code=code, error_message=message)
                for index, code, message in outcomes if code != errors.ELECTION_NOT_NEEDED.code]))
    else:
        for topic in request.topic_partitions:
            results.append(ReplicaElectionResult(topic=topic.topic, partition_result=[
                PartitionResult(partition_id=index, error_code=code, error_message=message)
                for index in topic.partitions
                for code, message in [elect_one(image, cluster, topic.topic, index, election_type, records)]]))
    if records:
        log.info("ElectLeaders (%s) changes the leaders of %d partition(s)",
                 "preferred" if election_type == PREFERRED else "unclean", len(records))
    return Outcome(ElectLeadersResponse(throttle_time_ms=0, error_code=errors.NONE.code,
                                        replica_election_results=results), records)


def elect_one(image: MetadataImage, cluster: ClusterControl | None, topic_name: str, index: int,
              election_type: int, records: list[MetadataRecord]) -> tuple[int, str | None]:
    """(error code, message) of one partition's election; its record, if any, is appended to `records`. Without
    a `cluster` (a node whose controller cannot write), an election that is needed finds no leader."""
    topic = image.topic(topic_name)
    if topic is None:
        return errors.UNKNOWN_TOPIC_OR_PARTITION.code, f"No such topic as {topic_name}"
    partition = topic.partitions.get(index)
    if partition is None:
        return errors.UNKNOWN_TOPIC_OR_PARTITION.code, f"No such partition as {topic_name}-{index}"
    if election_type == PREFERRED:
        if partition.replicas and partition.leader == partition.replicas[0]:
            return errors.ELECTION_NOT_NEEDED.code, errors.ELECTION_NOT_NEEDED.message
    elif partition.leader != NO_LEADER:
        return errors.ELECTION_NOT_NEEDED.code, errors.ELECTION_NOT_NEEDED.message
    record = None
    if cluster is not None:
        record = partition_change(
            partition, topic.topic_id, is_acceptable_leader=leader_acceptor(image, partition),
            election=Election.PREFERRED if election_type == PREFERRED else Election.UNCLEAN,
            elr_enabled=elr_enabled(image), min_isr=cluster.effective_min_isr(image, topic))
    if record is None:
        failure = (errors.PREFERRED_LEADER_NOT_AVAILABLE if election_type == PREFERRED
                   else errors.ELIGIBLE_LEADERS_NOT_AVAILABLE)
        return failure.code, failure.message
    records.append(record)
    return errors.NONE.code, None


def balance_partition_leaders(image: MetadataImage, cluster: ClusterControl,
                              max_elections: int = MAX_ELECTIONS_PER_IMBALANCE) -> tuple[list[MetadataRecord], bool]:
    """(the preferred elections' records, whether imbalanced partitions were left for an immediate next run)."""
    records: list[MetadataRecord] = []
    for _, topic in sorted(image.topics_by_name.items()):
        for index in sorted(topic.partitions):
            partition = topic.partitions[index]
            if partition.leader == NO_LEADER or not partition.replicas or partition.leader == partition.replicas[0]:
                continue
            if len(records) >= max_elections:
                return records, True
            record = partition_change(
                partition, topic.topic_id, is_acceptable_leader=leader_acceptor(image, partition),
                election=Election.PREFERRED, elr_enabled=elr_enabled(image),
                min_isr=cluster.effective_min_isr(image, topic))
            if record is not None:
                records.append(record)
    return records, False
