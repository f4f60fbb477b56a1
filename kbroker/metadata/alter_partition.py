"""AlterPartition on the active controller: a partition leader's new ISR (and leader recovery state), checked and
written as Kafka 4.3.1's ReplicationControlManager.alterPartition does. Transport-free: `alter_partition` takes
the latest image and returns the response and the PartitionChangeRecords to append as one batch.

- The sender's broker epoch must be its registration's: otherwise the whole request gets STALE_BROKER_EPOCH.
- A topic id that is zero or unknown: UNKNOWN_TOPIC_ID for each of its partitions.
- Each partition, in Kafka's order of checks (validateAlterPartitionData): unknown partition:
  UNKNOWN_TOPIC_OR_PARTITION; a leader epoch or partition epoch above the controller's: NOT_CONTROLLER (this
  controller is behind, the leader should look for the active one); a lower leader epoch: FENCED_LEADER_EPOCH; a
  sender that is not the leader: INVALID_REQUEST; a lower partition epoch: INVALID_UPDATE_VERSION; an ISR with a
  negative id, a duplicate or a broker that is not a replica, or without the leader: INVALID_REQUEST; RECOVERING
  with more than one ISR member, or RECOVERED -> RECOVERING: INVALID_REQUEST; an ISR member that is not
  registered, in controlled shutdown, fenced or (v3, when the request gives one) of another broker epoch:
  INELIGIBLE_REPLICA. A leader recovery state other than 0 or 1, reached by the checks, fails the whole request
  (Kafka's LeaderRecoveryState.of throws): UNKNOWN_SERVER_ERROR.
- A valid change goes through partition_change.py as a target ISR and leader recovery state (ELR, unclean
  election per the topic's config). The answer is the partition after the change (or as it is, when nothing
  changes): leader, ISR, leader recovery state, leader epoch and partition epoch. Should the change elect
  another leader (the sender's directory is offline), the answer is NEW_LEADER_ELECTED, the change still written.

Before v3 the ISR is a list of ids (NewIsr), taken as members of unknown broker epoch.
"""

from __future__ import annotations

import logging
import uuid

from kbroker.metadata.cluster_control import ClusterControl, Outcome, elr_enabled, leader_acceptor
from kbroker.metadata.image import NO_LEADER_CHANGE, MetadataDelta, MetadataImage, PartitionRegistration
from kbroker.metadata.partition_change import RECOVERING, Election, partition_change
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_partition_request import BrokerState
from kbroker.protocol.messages.alter_partition_response import (
    AlterPartitionResponse,
    PartitionData,
    TopicData,
)

log = logging.getLogger(__name__)

RECOVERED = 0  # LeaderRecoveryState.RECOVERED
ZERO_UUID = uuid.UUID(int=0)


class _InvalidRecoveryState(Exception):
    pass


def alter_partition(image: MetadataImage, request, *, api_version: int, cluster: ClusterControl) -> Outcome:
    """An AlterPartitionRequest at `api_version` (2 or 3)."""
    broker = image.brokers.get(request.broker_id)
    if broker is None or broker.epoch != request.broker_epoch:
        log.info("AlterPartition from broker %d refused: %s", request.broker_id,
                 f"No broker registration found for broker id {request.broker_id}" if broker is None else
                 f"Expected broker epoch {broker.epoch}, but got broker epoch {request.broker_epoch}")
        return Outcome(AlterPartitionResponse(error_code=errors.STALE_BROKER_EPOCH.code), [])
    try:
        return _alter(image, request, api_version, cluster)
    except _InvalidRecoveryState as exc:
        log.warning("AlterPartition from broker %d failed: %s", request.broker_id, exc)
        return Outcome(AlterPartitionResponse(error_code=errors.UNKNOWN_SERVER_ERROR.code), [])


def _alter(image: MetadataImage, request, api_version: int, cluster: ClusterControl) -> Outcome:
    response = AlterPartitionResponse(error_code=errors.NONE.code)
    records = []
    for topic_data in request.topics:
        answers = TopicData(topic_id=topic_data.topic_id)
        response.topics.append(answers)
        topic = image.topic_by_id(topic_data.topic_id) if topic_data.topic_id != ZERO_UUID else None
        if topic is None:
            answers.partitions = [PartitionData(partition_index=p.partition_index,
                                                error_code=errors.UNKNOWN_TOPIC_ID.code)
                                  for p in topic_data.partitions]
            log.info("Rejecting AlterPartition request for unknown topic ID %s.", topic_data.topic_id)
            continue
        for data in topic_data.partitions:
            new_isr = (list(data.new_isr_with_epochs) if api_version >= 3
                       else [BrokerState(broker_id=b, broker_epoch=-1) for b in data.new_isr])
            partition = topic.partitions.get(data.partition_index)
            error = _check(image, request.broker_id, topic.name, partition, data, new_isr)
            if error.code != errors.NONE.code:
                answers.partitions.append(PartitionData(partition_index=data.partition_index,
                                                        error_code=error.code))
                continue
            record = partition_change(
                partition, topic.topic_id, is_acceptable_leader=leader_acceptor(image, partition),
                target_isr=[b.broker_id for b in new_isr],
                election=Election.UNCLEAN if cluster.unclean_enabled(image, topic.name) else Election.ONLINE,
                elr_enabled=elr_enabled(image), min_isr=cluster.effective_min_isr(image, topic),
                target_leader_recovery_state=data.leader_recovery_state)
            if record is not None:
                records.append(record)
                partition = _merged(image, record.message)
                log.info("Node %d has altered ISR for %s-%d to %s.", request.broker_id, topic.name,
                         data.partition_index, list(partition.isr))
                if record.message.leader not in (request.broker_id, NO_LEADER_CHANGE):
                    log.info("AlterPartition request from node %d for %s-%d triggered a leadership change. "
                             "Returning NEW_LEADER_ELECTED.", request.broker_id, topic.name, data.partition_index)
                    answers.partitions.append(PartitionData(partition_index=data.partition_index,
                                                            error_code=errors.NEW_LEADER_ELECTED.code))
                    continue
            answers.partitions.append(PartitionData(
                partition_index=data.partition_index, error_code=errors.NONE.code, leader_id=partition.leader,
                leader_epoch=partition.leader_epoch, isr=list(partition.isr),
                leader_recovery_state=partition.leader_recovery_state, partition_epoch=partition.partition_epoch))
    return Outcome(response, records)


def _check(image: MetadataImage, broker_id: int, topic_name: str, partition: PartitionRegistration | None, data,
           new_isr: list) -> errors.KafkaError:
    """ReplicationControlManager.validateAlterPartitionData."""
    where = f"AlterPartition request from node {broker_id} for {topic_name}-{data.partition_index}"
    if partition is None:
        log.info("Rejecting AlterPartition request for unknown partition %s-%d.", topic_name, data.partition_index)
        return errors.UNKNOWN_TOPIC_OR_PARTITION
    if data.leader_epoch > partition.leader_epoch or data.partition_epoch > partition.partition_epoch:
        log.debug("Rejecting %s: its leader epoch %d / partition epoch %d are ahead of this controller's %d / %d.",
                  where, data.leader_epoch, data.partition_epoch, partition.leader_epoch, partition.partition_epoch)
        return errors.NOT_CONTROLLER
    if data.leader_epoch < partition.leader_epoch:
        log.debug("Rejecting %s because the current leader epoch is %d, not %d.", where, partition.leader_epoch,
                  data.leader_epoch)
        return errors.FENCED_LEADER_EPOCH
    if broker_id != partition.leader:
        log.info("Rejecting %s because the current leader is %d.", where, partition.leader)
        return errors.INVALID_REQUEST
    if data.partition_epoch < partition.partition_epoch:
        log.info("Rejecting %s because the current partition epoch is %d, not %d.", where,
                 partition.partition_epoch, data.partition_epoch)
        return errors.INVALID_UPDATE_VERSION
    isr = [b.broker_id for b in new_isr]
    if not _valid_isr(partition.replicas, isr):
        log.info("Rejecting %s because it specified an invalid ISR %s.", where, isr)
        return errors.INVALID_REQUEST
    if partition.leader not in isr:
        log.info("Rejecting %s because it specified an invalid ISR %s that doesn't include itself.", where, isr)
        return errors.INVALID_REQUEST
    if data.leader_recovery_state not in (RECOVERED, RECOVERING):
        raise _InvalidRecoveryState(f"Value {data.leader_recovery_state} is not a valid leader recovery state")
    if data.leader_recovery_state == RECOVERING and len(isr) > 1:
        log.info("Rejecting %s because the ISR %s had more than one replica while the leader was still "
                 "recovering from an unclean leader election.", where, isr)
        return errors.INVALID_REQUEST
    if partition.leader_recovery_state == RECOVERED and data.leader_recovery_state == RECOVERING:
        log.info("Rejecting %s because the leader recovery state cannot change from RECOVERED to RECOVERING.",
                 where)
        return errors.INVALID_REQUEST
    ineligible = _ineligible_replicas(image, new_isr)
    if ineligible:
        log.info("Rejecting %s because it specified ineligible replicas %s in the new ISR %s.", where,
                 ineligible, isr)
        return errors.INELIGIBLE_REPLICA
    return errors.NONE


def _valid_isr(replicas, isr: list[int]) -> bool:
    """Replicas.validateIsr: an empty ISR passes (the leader check refuses it); otherwise no negative id, no
    duplicate, every member a replica."""
    if not isr:
        return True
    return min(isr) >= 0 and len(set(isr)) == len(isr) and set(isr) <= set(replicas)


def _ineligible_replicas(image: MetadataImage, new_isr: list) -> list[str]:
    """The ISR members that may not be in it, each with Kafka's reason."""
    ineligible = []
    for member in new_isr:
        registration = image.brokers.get(member.broker_id)
        if registration is None:
            reason = "not registered"
        elif registration.in_controlled_shutdown:
            reason = "shutting down"
        elif registration.fenced:
            reason = "fenced"
        elif member.broker_epoch != -1 and member.broker_epoch != registration.epoch:
            reason = f"broker epoch mismatch: requested={member.broker_epoch} VS expected={registration.epoch}"
        else:
            continue
        ineligible.append(f"{member.broker_id} ({reason})")
    return ineligible


def _merged(image: MetadataImage, change) -> PartitionRegistration:
    """The partition once `change` (a PartitionChangeRecord) is applied (PartitionRegistration.merge)."""
    delta = MetadataDelta(image)
    delta.replay(change)
    return delta.topics()[change.topic_id].partitions[change.partition_id]
