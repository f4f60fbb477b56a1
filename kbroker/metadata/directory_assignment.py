"""KIP-858 (JBOD in KRaft) on the controller: which log dir holds each replica, and what happens when a broker
reports a log dir offline (Kafka's ReplicationControlManager.handleAssignReplicasToDirs and
handleDirectoriesOffline).

- AssignReplicasToDirs (a broker, after creating or moving a replica): per partition UNKNOWN_TOPIC_ID,
  UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER (the broker is not a replica), else a PartitionChangeRecord
  setting the replica's directory (none when it is already there); a replica assigned to a dir its broker does not
  list as online also leaves the ISR and leadership. The broker epoch must be the current one
  (STALE_BROKER_EPOCH), the broker registered (BROKER_ID_NOT_REGISTERED).
- A heartbeat's `offline_log_dirs` that are still online in the broker's registration: every partition with a
  replica of that broker in one of them has the broker removed from its ISR and leadership (as a fenced broker's),
  and a BrokerRegistrationChangeRecord (v2) lists the broker's remaining online dirs.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from kbroker.metadata.image import MetadataImage, PartitionRegistration
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.assign_replicas_to_dirs_response import (
    AssignReplicasToDirsResponse,
    DirectoryData,
    PartitionData,
    TopicData,
)
from kbroker.protocol.messages.metadata.broker_registration_change_record import (
    BrokerRegistrationChangeRecord,
)

log = logging.getLogger(__name__)

BROKER_REGISTRATION_CHANGE_RECORD_LOG_DIRS = 2  # LogDirs exists from v2

# (image, partitions, broker to remove) -> the PartitionChangeRecords of generateLeaderAndIsrUpdates
LeaderAndIsrUpdates = Callable[[MetadataImage, Iterable[tuple[Any, PartitionRegistration]], int],
                               list[MetadataRecord]]
# (image, topic, partition, directories by replica) -> the PartitionChangeRecord, None if nothing changes
SetDirectories = Callable[[MetadataImage, Any, PartitionRegistration, dict[int, uuid.UUID]], MetadataRecord | None]


def _directory_of(partition: PartitionRegistration, broker_id: int) -> uuid.UUID | None:
    if broker_id not in partition.replicas or not partition.directories:
        return None
    return partition.directories[partition.replicas.index(broker_id)]


def assign_replicas_to_dirs(image: MetadataImage, request, *, set_directories: SetDirectories,
                            leader_and_isr_updates: LeaderAndIsrUpdates
                            ) -> tuple[AssignReplicasToDirsResponse, list[MetadataRecord]]:
    broker_id = request.broker_id
    registration = image.brokers.get(broker_id)
    if registration is None:
        return AssignReplicasToDirsResponse(error_code=errors.BROKER_ID_NOT_REGISTERED.code), []
    if registration.epoch != request.broker_epoch:
        log.info("AssignReplicasToDirs of broker %d at epoch %d refused: its epoch is %d", broker_id,
                 request.broker_epoch, registration.epoch)
        return AssignReplicasToDirsResponse(error_code=errors.STALE_BROKER_EPOCH.code), []
    records: list[MetadataRecord] = []
    offline: list[tuple[Any, PartitionRegistration]] = []
    answer = AssignReplicasToDirsResponse(error_code=errors.NONE.code, directories=[])
    for wanted_dir in request.directories:
        dir_offline = bool(registration.log_dirs) and wanted_dir.id not in registration.log_dirs
        answered_dir = DirectoryData(id=wanted_dir.id, topics=[])
        for wanted_topic in wanted_dir.topics:
            topic = image.topic_by_id(wanted_topic.topic_id)
            answered_topic = TopicData(topic_id=wanted_topic.topic_id, partitions=[])
            for wanted in wanted_topic.partitions:
                index = wanted.partition_index
                partition = topic.partitions.get(index) if topic is not None else None
                if topic is None:
                    code = errors.UNKNOWN_TOPIC_ID.code
                elif partition is None:
                    code = errors.UNKNOWN_TOPIC_OR_PARTITION.code
                elif broker_id not in partition.replicas:
                    code = errors.NOT_LEADER_OR_FOLLOWER.code
                else:
                    code = errors.NONE.code
                    record = set_directories(image, topic, partition, {broker_id: wanted_dir.id})
                    if record is not None:
                        records.append(record)
                    if dir_offline:
                        offline.append((topic, partition))
                if code != errors.NONE.code:
                    log.warning("AssignReplicasToDirs from broker %d for %s-%d: error %d", broker_id,
                                topic.name if topic is not None else wanted_topic.topic_id, index, code)
                answered_topic.partitions.append(PartitionData(partition_index=index, error_code=code))
            answered_dir.topics.append(answered_topic)
        answer.directories.append(answered_dir)
    if offline:
        records += leader_and_isr_updates(image, offline, broker_id)
    return answer, records


def directories_offline(image: MetadataImage, broker_id: int, offline_dirs: Iterable[uuid.UUID], *,
                        leader_and_isr_updates: LeaderAndIsrUpdates) -> list[MetadataRecord]:
    """The records for a heartbeat reporting `offline_dirs` (handleDirectoriesOffline)."""
    registration = image.brokers.get(broker_id)
    if registration is None:
        return []
    newly_offline = [d for d in registration.log_dirs if d in set(offline_dirs)]
    if not newly_offline:
        return []
    log.warning("Broker %d reports log dirs %s offline: its replicas there lose leadership and leave the ISRs",
                broker_id, ", ".join(str(d) for d in newly_offline))
    affected = [(topic, partition) for topic_id in sorted(image.topics_by_id)
                for topic in [image.topics_by_id[topic_id]]
                for _index, partition in sorted(topic.partitions.items())
                if _directory_of(partition, broker_id) in newly_offline]
    records = leader_and_isr_updates(image, affected, broker_id)
    online = [d for d in registration.log_dirs if d not in newly_offline]
    records.append(MetadataRecord(BrokerRegistrationChangeRecord(
        broker_id=broker_id, broker_epoch=registration.epoch, log_dirs=online),
        BROKER_REGISTRATION_CHANGE_RECORD_LOG_DIRS))
    return records
