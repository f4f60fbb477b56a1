"""Broker membership on the active controller: BrokerRegistration, BrokerHeartbeat (fencing, unfencing,
controlled shutdown), UnregisterBroker and the session-timeout fencing, as Kafka 4.3.1's ClusterControlManager
and the broker parts of its ReplicationControlManager do them. Transport-free and clock-explicit: each call
takes the latest image (and `now` where time matters) and returns the response struct and the metadata
records to append; the caller appends them as one batch and answers once they are committed.

Registration (ClusterControlManager.registerBroker), in Kafka's order of checks:
- a cluster id other than ours: INCONSISTENT_CLUSTER_ID;
- the id is registered under another incarnation whose session is still alive: DUPLICATE_BROKER_REGISTRATION
  (once the old session expires the new incarnation replaces it);
- isMigratingZkBroker: BROKER_ID_NOT_REGISTERED (Kafka 4 has no ZooKeeper brokers);
- log dirs (metadata.version >= 3.7-IV2, always here): none, a reserved id, a duplicate, or a dir another
  broker registered: INVALID_REGISTRATION;
- each feature's range must contain the finalized level (0 when not finalized), and a finalized feature the
  broker does not list must be at level 0: UNSUPPORTED_VERSION; no metadata.version at all: INVALID_REGISTRATION.
A new incarnation gets broker epoch = the next offset of the metadata log and starts fenced; before its
RegisterBrokerRecord come the partition changes that take the old incarnation out of the ISRs it was in
(handleBrokerShutdown: with eligible leader replicas on and a previous broker epoch, v3+, that is not its last
one, out of the ELRs too, as a replica whose log may have lost its tail). The same incarnation registering again
amends its registration: same epoch, same fenced/in-controlled-shutdown state. As in Kafka 4.3.1, a restarted
broker is refused (DUPLICATE_BROKER_REGISTRATION) until its old session expires.

Heartbeats (QuorumController.processBrokerHeartbeat): the session is refreshed first, whatever the request
says; no registration (or none replayed yet) or another epoch: STALE_BROKER_EPOCH; then
BrokerHeartbeats.next_state decides, and a change of state writes:
- to FENCED or SHUTDOWN_NOW: partition changes that take the broker out of every ISR and re-elect leaders,
  then BrokerRegistrationChangeRecord(fenced=1);
- to UNFENCED: BrokerRegistrationChangeRecord(fenced=-1), then a leader for every leaderless partition the
  broker can lead;
- to CONTROLLED_SHUTDOWN: BrokerRegistrationChangeRecord(inControlledShutdown=1, v1) unless already set, then the
  same ISR/leader changes as fencing; the caller reports the batch's last offset to `controlled_shutdown_at`.
The response: isCaughtUp = currentMetadataOffset >= the offset of the broker's RegisterBrokerRecord; isFenced
and shouldShutDown from the next state. A leader is acceptable when it is not the broker leaving, is active
(unfenced, not in controlled shutdown) or the broker being unfenced, and its partition directory is online.
As in Kafka 4.3.1, a broker whose session expires during its controlled shutdown loses its controlled-shutdown
offset (replaying the fencing record re-registers it fenced), so a later heartbeat may unfence it; its
registration stays flagged in controlled shutdown, and it is elected where partitions have no leader.

Eligible leader replicas (KIP-966) follow the finalized eligible.leader.replicas.version, which Kafka 4.3.1's
format sets to 1 and kbroker's bootstrap does not write yet (so kbroker runs as a Kafka formatted with it at 0).

Offline log dirs in heartbeats and AssignReplicasToDirs: kbroker/metadata/directory_assignment.py.
Not done: cordoned log dirs in heartbeats (handleDirectoriesCordoned), controller metrics.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from kbroker.metadata import record_versions as V
from kbroker.metadata.broker_heartbeats import (
    DEFAULT_SESSION_TIMEOUT_MS,
    BrokerControlState,
    BrokerHeartbeats,
)
from kbroker.metadata.directory_assignment import assign_replicas_to_dirs, directories_offline
from kbroker.metadata.image import (
    KRAFT_VERSION,
    METADATA_VERSION,
    NO_LEADER,
    MetadataImage,
    PartitionRegistration,
)
from kbroker.metadata.partition_change import Election, partition_change
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol import errors
from kbroker.protocol.messages.broker_heartbeat_response import BrokerHeartbeatResponse
from kbroker.protocol.messages.broker_registration_response import BrokerRegistrationResponse
from kbroker.protocol.messages.metadata.broker_registration_change_record import (
    BrokerRegistrationChangeRecord,
)
from kbroker.protocol.messages.metadata.fence_broker_record import FenceBrokerRecord
from kbroker.protocol.messages.metadata.register_broker_record import (
    BrokerEndpoint,
    BrokerFeature,
    RegisterBrokerRecord,
)
from kbroker.protocol.messages.metadata.unfence_broker_record import UnfenceBrokerRecord
from kbroker.protocol.messages.metadata.unregister_broker_record import UnregisterBrokerRecord
from kbroker.protocol.messages.unregister_broker_response import UnregisterBrokerResponse

log = logging.getLogger(__name__)

FENCE, UNFENCE = 1, -1  # BrokerRegistrationFencingChange
IN_CONTROLLED_SHUTDOWN = 1  # BrokerRegistrationInControlledShutdownChange
UNASSIGNED_DIR = uuid.UUID(int=0)  # DirectoryId.UNASSIGNED
LOST_DIR = uuid.UUID(int=1)  # DirectoryId.LOST
MIGRATING_DIR = uuid.UUID(int=2)  # DirectoryId.MIGRATING
RESERVED_DIRS = 100  # DirectoryId.reserved: most significant bits 0, least below 100
CLEAN_SHUTDOWN_MIN_VERSION = 3  # BrokerRegistration v3+ carries a previous broker epoch Kafka may trust
UNCLEAN_LEADER_ELECTION = "unclean.leader.election.enable"
MIN_INSYNC_REPLICAS = "min.insync.replicas"
ELR_FEATURE = "eligible.leader.replicas.version"


class Refused(Exception):
    """A request refused with a Kafka error code (the controller's ApiException)."""

    def __init__(self, error, message: str):
        super().__init__(message)
        self.error = error


class Outcome(NamedTuple):
    """What a request produced: the response to send and the records to append first (in order)."""

    response: Any
    records: list[MetadataRecord]
    in_controlled_shutdown: bool = False  # heartbeat only: report the batch's last offset when committed


def _batch_offsets(batch) -> Iterator[tuple[Any, int]]:
    for index, record in enumerate(batch.records):
        yield record.message, batch.base_offset + index


class ClusterControl:
    def __init__(self, *, cluster_id: str, node_id: int = -1, session_timeout_ms: int = DEFAULT_SESSION_TIMEOUT_MS,
                 unclean_leader_election_enable: bool = False, min_insync_replicas: int = 1):
        """The last two: the static broker configs, used where neither the topic nor a dynamic config sets them."""
        self.cluster_id = cluster_id
        self.node_id = node_id
        self.unclean_leader_election_default = unclean_leader_election_enable
        self.min_insync_replicas_default = min_insync_replicas
        self.heartbeats = BrokerHeartbeats(session_timeout_ms)
        self._registration_offsets: dict[int, int] = {}  # broker id -> offset of its RegisterBrokerRecord
        self._fenced: dict[int, bool] = {}  # the registrations replayed so far, and whether each is fenced

    # --- replay (a RaftListener: every committed batch, and snapshots) ----------------------------------------
    def handle_load_snapshot(self, end_offset: int, epoch: int, last_contained_log_timestamp: int,
                             records) -> None:
        self._registration_offsets.clear()
        self._fenced.clear()
        self.heartbeats.activate((), 0.0)
        for record in records:
            self.replay(record.message, end_offset - 1)

    def handle_commit(self, batch) -> None:
        for message, offset in _batch_offsets(batch):
            self.replay(message, offset)

    def replay(self, message: Any, offset: int) -> None:
        if isinstance(message, RegisterBrokerRecord):
            self._registration_offsets[message.broker_id] = offset
            if message.broker_id in self._fenced:
                self.heartbeats.remove(message.broker_id)
            self._set_fenced(message.broker_id, message.fenced)
        elif isinstance(message, UnregisterBrokerRecord):
            self._registration_offsets.pop(message.broker_id, None)
            self._fenced.pop(message.broker_id, None)
            self.heartbeats.remove(message.broker_id)
        elif isinstance(message, FenceBrokerRecord):
            self._set_fenced(message.id, True)
        elif isinstance(message, UnfenceBrokerRecord):
            self._set_fenced(message.id, False)
        elif isinstance(message, BrokerRegistrationChangeRecord) and message.broker_id in self._fenced:
            fenced = self._fenced[message.broker_id]
            if message.fenced:
                fenced = message.fenced == FENCE
            self._set_fenced(message.broker_id, fenced)

    def _set_fenced(self, broker_id: int, fenced: bool) -> None:
        self._fenced[broker_id] = fenced
        self.heartbeats.register(broker_id, fenced)

    def activate(self, image: MetadataImage, now: float) -> None:
        """This node became the active controller at `now`: start the soft state over (every registered broker
        tracked with its fencing, a session starting now for each unfenced one), as Kafka's
        ClusterControlManager.activate does."""
        self.heartbeats.activate(image.brokers.values(), now)

    def registration_offset(self, broker_id: int) -> int | None:
        return self._registration_offsets.get(broker_id)

    # --- BrokerRegistration ----------------------------------------------------------------------------------
    def register_broker(self, image: MetadataImage, request, *, next_offset: int, api_version: int, now: float,
                        kraft_version: int = 0) -> Outcome:
        """`next_offset`: the offset the next appended record gets (Kafka's nextWriteOffset)."""
        try:
            records, epoch = self._register(image, request, next_offset, api_version, now, kraft_version)
        except Refused as refused:
            log.info("Broker registration of broker %d refused with %s: %s", request.broker_id,
                     refused.error.name, refused)
            return Outcome(BrokerRegistrationResponse(error_code=refused.error.code), [])
        return Outcome(BrokerRegistrationResponse(broker_epoch=epoch), records)

    def _register(self, image: MetadataImage, request, next_offset: int, api_version: int, now: float,
                  kraft_version: int) -> tuple[list[MetadataRecord], int]:
        if request.cluster_id != self.cluster_id:
            raise Refused(errors.INCONSISTENT_CLUSTER_ID, f"Expected cluster ID {self.cluster_id}, but got "
                          f"cluster ID {request.cluster_id}")
        broker_id = request.broker_id
        existing = image.brokers.get(broker_id)
        if (existing is not None and self.heartbeats.has_valid_session(broker_id, existing.epoch, now)
                and existing.incarnation_id != request.incarnation_id):
            raise Refused(errors.DUPLICATE_BROKER_REGISTRATION, "Another broker is registered with that broker id. "
                          "If the broker was recently restarted this should self-resolve once the heartbeat "
                          "manager expires the broker's session.")
        if request.is_migrating_zk_broker:
            raise Refused(errors.BROKER_ID_NOT_REGISTERED, "Controller does not support registering ZK brokers.")
        _check_log_dirs(image, broker_id, request.log_dirs)
        features = _check_features(image, request.features, kraft_version)
        # ListenerInfo keys the listeners by name: a repeated name keeps its first place and its last value.
        endpoints = {listener.name: BrokerEndpoint(name=listener.name, host=listener.host, port=listener.port,
                                                   security_protocol=listener.security_protocol)
                     for listener in request.listeners}
        record = RegisterBrokerRecord(
            broker_id=broker_id, incarnation_id=request.incarnation_id, rack=request.rack,
            end_points=list(endpoints.values()), features=features, log_dirs=list(request.log_dirs))
        records: list[MetadataRecord] = []
        same_incarnation = existing is not None and existing.incarnation_id == request.incarnation_id
        if same_incarnation:
            log.info("Amending registration of broker %d, incarnation ID %s. Broker epoch remains %d.",
                     broker_id, request.incarnation_id, existing.epoch)
            record.fenced = existing.fenced
            record.in_controlled_shutdown = existing.in_controlled_shutdown
            record.broker_epoch = existing.epoch
        else:
            clean = (api_version >= CLEAN_SHUTDOWN_MIN_VERSION and existing is not None
                     and existing.epoch == request.previous_broker_epoch)
            log.info("Registering incarnation %s of broker %d (previous shutdown %s) at broker epoch %d.",
                     request.incarnation_id, broker_id, "clean" if clean else "not known to be clean", next_offset)
            records += self.shutdown_records(image, broker_id, clean)
            record.broker_epoch = next_offset
            self.heartbeats.remove(broker_id)
        records.append(MetadataRecord(record, V.REGISTER_BROKER_RECORD))
        self.heartbeats.register(broker_id, record.fenced)
        return records, record.broker_epoch

    # --- BrokerHeartbeat -------------------------------------------------------------------------------------
    def process_heartbeat(self, image: MetadataImage, request, *, now: float) -> Outcome:
        broker_id = request.broker_id
        self.heartbeats.track(broker_id, request.broker_epoch, now)
        try:
            registration_offset = self._check_broker_epoch(image, broker_id, request.broker_epoch)
        except Refused as refused:
            log.info("Heartbeat of broker %d refused: %s", broker_id, refused)
            return Outcome(BrokerHeartbeatResponse(error_code=refused.error.code), [])
        current, following = self.heartbeats.next_state(
            broker_id, request, registration_offset, lambda: self._leads_any(image, broker_id))
        records: list[MetadataRecord] = []
        if following is not current:
            if following.fenced:
                records = self._fence_records(image, broker_id)
            elif following is BrokerControlState.UNFENCED:
                records = self._unfence_records(image, broker_id)
            else:
                records = self._controlled_shutdown_records(image, broker_id)
        if request.offline_log_dirs:
            records += directories_offline(image, broker_id, request.offline_log_dirs,
                                           leader_and_isr_updates=self._remove_from_leadership)
        self.heartbeats.touch(broker_id, following.fenced, request.current_metadata_offset)
        response = BrokerHeartbeatResponse(is_caught_up=request.current_metadata_offset >= registration_offset,
                                           is_fenced=following.fenced, should_shut_down=following.should_shut_down)
        return Outcome(response, records, following.in_controlled_shutdown)

    def assign_replicas_to_dirs(self, image: MetadataImage, request) -> Outcome:
        """AssignReplicasToDirs (kbroker/metadata/directory_assignment.py)."""
        def set_directories(image_: MetadataImage, topic, partition: PartitionRegistration,
                            directories: dict[int, uuid.UUID]):
            return partition_change(partition, topic.topic_id, is_acceptable_leader=leader_acceptor(image_, partition),
                                    min_isr=self.effective_min_isr(image_, topic), elr_enabled=elr_enabled(image_),
                                    target_directories=directories)
        response, records = assign_replicas_to_dirs(image, request, set_directories=set_directories,
                                                    leader_and_isr_updates=self._remove_from_leadership)
        return Outcome(response, records)

    def _remove_from_leadership(self, image: MetadataImage, partitions, broker_id: int) -> list[MetadataRecord]:
        return self._leader_and_isr_updates(image, partitions, remove=broker_id)

    def controlled_shutdown_at(self, broker_id: int, batch_last_offset: int) -> None:
        """The heartbeat batch that left `broker_id` in controlled shutdown ended at `batch_last_offset` (the
        log's last offset when the heartbeat wrote nothing): the broker may shut down once every active broker
        has reported that offset."""
        self.heartbeats.update_controlled_shutdown_offset(broker_id, batch_last_offset)

    def _check_broker_epoch(self, image: MetadataImage, broker_id: int, epoch: int) -> int:
        """The offset of the broker's RegisterBrokerRecord, when `epoch` is its current broker epoch."""
        registration_offset = self._registration_offsets.get(broker_id)
        if registration_offset is None:
            raise Refused(errors.STALE_BROKER_EPOCH, f"Receive a heartbeat from broker {broker_id} before registration")
        registration = image.brokers.get(broker_id)
        if registration is None:
            raise Refused(errors.STALE_BROKER_EPOCH, f"No broker registration found for broker id {broker_id}")
        if registration.epoch != epoch:
            raise Refused(errors.STALE_BROKER_EPOCH, f"Expected broker epoch {registration.epoch}, but got broker "
                          f"epoch {epoch}")
        return registration_offset

    # --- UnregisterBroker ------------------------------------------------------------------------------------
    def unregister_broker(self, image: MetadataImage, request) -> Outcome:
        registration = image.brokers.get(request.broker_id)
        if registration is None:
            message = f"Broker ID {request.broker_id} is not currently registered"
            log.info("UnregisterBroker refused: %s", message)
            return Outcome(UnregisterBrokerResponse(error_code=errors.BROKER_ID_NOT_REGISTERED.code,
                                                    error_message=message), [])
        broker_id = request.broker_id
        records = self._leader_and_isr_updates(image, self._partitions_with_in_isr(image, broker_id), remove=broker_id)
        records += self._leader_and_isr_updates(image, self._partitions_with_in_elr(image, broker_id), remove=broker_id)
        records.append(MetadataRecord(UnregisterBrokerRecord(broker_id=request.broker_id,
                                                             broker_epoch=registration.epoch),
                                      V.UNREGISTER_BROKER_RECORD))
        return Outcome(UnregisterBrokerResponse(), records)

    # --- session expiry --------------------------------------------------------------------------------------
    def maybe_fence_one_stale_broker(self, image: MetadataImage, now: float) -> tuple[bool, list[MetadataRecord]]:
        """ReplicationControlManager.maybeFenceOneStaleBroker: forget one expired session and, when it is the
        broker's current one, fence the broker. (True, records) when a broker was fenced: commit the records and
        call again at once; (False, []) otherwise: call again after `fence_check_interval`."""
        expired = self.heartbeats.remove_expired(now)
        if expired is None:
            return False, []
        broker_id, epoch = expired
        registration = image.brokers.get(broker_id)
        if registration is None:
            log.info("Removing heartbeat tracker entry for unknown broker %d at epoch %d.", broker_id, epoch)
            self.heartbeats.remove(broker_id)
            return False, []
        if registration.epoch != epoch:
            log.info("Removing heartbeat tracker entry for broker %d at previous epoch %d. Current epoch is %d",
                     broker_id, epoch, registration.epoch)
            return False, []
        log.info("Fencing broker %d at epoch %d because its session has timed out.", broker_id, epoch)
        records = self._fence_records(image, broker_id)
        self.heartbeats.fence(broker_id)
        return True, records

    # --- the records of each transition ----------------------------------------------------------------------
    def _fence_records(self, image: MetadataImage, broker_id: int) -> list[MetadataRecord]:
        registration = image.brokers[broker_id]
        records = self._leader_and_isr_updates(image, self._partitions_with_in_isr(image, broker_id),
                                               remove=broker_id)
        records.append(MetadataRecord(BrokerRegistrationChangeRecord(
            broker_id=broker_id, broker_epoch=registration.epoch, fenced=FENCE), V.BROKER_REGISTRATION_CHANGE_RECORD))
        return records

    def _unfence_records(self, image: MetadataImage, broker_id: int) -> list[MetadataRecord]:
        registration = image.brokers[broker_id]
        records = [MetadataRecord(BrokerRegistrationChangeRecord(
            broker_id=broker_id, broker_epoch=registration.epoch, fenced=UNFENCE), V.BROKER_REGISTRATION_CHANGE_RECORD)]
        return records + self.leaderless_elections(image, broker_id)

    def leaderless_elections(self, image: MetadataImage, broker_id: int) -> list[MetadataRecord]:
        """ReplicationControlManager.handleBrokerUnfenced's elections: `broker_id` (being unfenced) leads the
        leaderless partitions it may lead."""
        leaderless = ((topic, p) for topic, p in _partitions(image) if p.leader == NO_LEADER)
        return self._leader_and_isr_updates(image, leaderless, add=broker_id)

    def _controlled_shutdown_records(self, image: MetadataImage, broker_id: int) -> list[MetadataRecord]:
        registration = image.brokers[broker_id]
        records = []
        if not registration.in_controlled_shutdown:
            records.append(MetadataRecord(BrokerRegistrationChangeRecord(
                broker_id=broker_id, broker_epoch=registration.epoch, in_controlled_shutdown=IN_CONTROLLED_SHUTDOWN),
                V.BROKER_REGISTRATION_CHANGE_RECORD_CONTROLLED_SHUTDOWN))
        return records + self._leader_and_isr_updates(image, self._partitions_with_in_isr(image, broker_id),
                                                      remove=broker_id)

    def shutdown_records(self, image: MetadataImage, broker_id: int, clean: bool) -> list[MetadataRecord]:
        """ReplicationControlManager.handleBrokerShutdown, for a broker registering a new incarnation: with eligible
        leader replicas on and no proof of a clean shutdown, it leaves the ISRs and ELRs as a replica whose log may
        have lost its tail; otherwise as a fenced broker does."""
        if elr_enabled(image) and not clean:
            return (self._leader_and_isr_updates(image, self._partitions_with_in_isr(image, broker_id),
                                                 unclean=broker_id)
                    + self._leader_and_isr_updates(image, self._partitions_with_in_elr(image, broker_id),
                                                   unclean=broker_id))
        return self._leader_and_isr_updates(image, self._partitions_with_in_isr(image, broker_id), remove=broker_id)

    def _leader_and_isr_updates(self, image: MetadataImage, partitions: Iterable[tuple[Any, PartitionRegistration]],
                                *, remove: int = NO_LEADER, add: int = NO_LEADER,
                                unclean: int = NO_LEADER) -> list[MetadataRecord]:
        """ReplicationControlManager.generateLeaderAndIsrUpdates: `remove` leaves every ISR and may not lead;
        `add` may lead even though the image still has it fenced; `unclean` (a broker back from an unproven
        shutdown) leaves the ISRs and may not lead or stay eligible."""
        def acceptable(partition: PartitionRegistration) -> Callable[[int], bool]:
            def test(replica: int) -> bool:
                if replica in (remove, unclean) or not (replica == add or _is_active(image, replica)):
                    return False
                return _has_online_dir(image, replica, _directory(partition, replica))
            return test

        elr_on = elr_enabled(image)
        records = []
        for topic, partition in partitions:
            election = Election.UNCLEAN if self.unclean_enabled(image, topic.name) else Election.ONLINE
            target_isr = [b for b in partition.isr if b not in (remove, unclean)]
            record = partition_change(
                partition, topic.topic_id, is_acceptable_leader=acceptable(partition), target_isr=target_isr,
                election=election, elr_enabled=elr_on, min_isr=self.effective_min_isr(image, topic),
                unclean_shutdown_replicas=() if unclean == NO_LEADER else (unclean,))
            if record is not None:
                records.append(record)
        return records

    def _topic_config(self, image: MetadataImage, topic_name: str, name: str) -> str | None:
        """The topic's override, else the controller node's dynamic config, else the cluster default
        (ConfigurationControlManager.getTopicConfig; the caller falls back to the static config)."""
        for configs in (image.configs_of_topic(topic_name), image.configs_of_broker(str(self.node_id)),
                        image.configs_of_broker("")):
            value = configs.get(name)
            if value is not None:
                return value
        return None

    def unclean_enabled(self, image: MetadataImage, topic_name: str) -> bool:
        """The topic's unclean.leader.election.enable (uncleanLeaderElectionEnabledForTopic)."""
        value = self._topic_config(image, topic_name, UNCLEAN_LEADER_ELECTION)
        if value is None:
            return self.unclean_leader_election_default
        return value.strip().lower() == "true"

    def effective_min_isr(self, image: MetadataImage, topic) -> int:
        """min.insync.replicas, capped at the replication factor (ReplicationControlManager.getTopicEffectiveMinIsr)."""
        value = self._topic_config(image, topic.name, MIN_INSYNC_REPLICAS)
        min_isr = self.min_insync_replicas_default if value is None else int(value)
        first = topic.partitions.get(0)
        return min(min_isr, len(first.replicas)) if first is not None else min_isr

    @staticmethod
    def _partitions_with_in_isr(image: MetadataImage, broker_id: int):
        return ((topic, p) for topic, p in _partitions(image) if broker_id in p.isr)

    @staticmethod
    def _partitions_with_in_elr(image: MetadataImage, broker_id: int):
        return ((topic, p) for topic, p in _partitions(image) if broker_id in p.elr)

    @staticmethod
    def _leads_any(image: MetadataImage, broker_id: int) -> bool:
        return any(p.leader == broker_id for _, p in _partitions(image))


def _partitions(image: MetadataImage):
    for topic_id in sorted(image.topics_by_id):
        topic = image.topics_by_id[topic_id]
        for partition_id in sorted(topic.partitions):
            yield topic, topic.partitions[partition_id]


def elr_enabled(image: MetadataImage) -> bool:
    """Whether eligible leader replicas (KIP-966) are on: eligible.leader.replicas.version >= 1."""
    return image.features.get(ELR_FEATURE, 0) >= 1


def leader_acceptor(image: MetadataImage, partition: PartitionRegistration) -> Callable[[int], bool]:
    """ReplicationControlManager.LeaderAcceptor: a replica may lead `partition` when its broker is active
    (unfenced, not in controlled shutdown) and the partition's directory on it is online."""
    return lambda replica: (_is_active(image, replica)
                            and _has_online_dir(image, replica, _directory(partition, replica)))


def default_dir(image: MetadataImage, broker_id: int) -> uuid.UUID:
    """ClusterControlManager.defaultDir: the directory a new replica on `broker_id` is assigned to: its only log
    dir; unassigned when it has several (the broker picks) or is not registered; migrating when it lists none."""
    registration = image.brokers.get(broker_id)
    if registration is None:
        return UNASSIGNED_DIR
    if not registration.log_dirs:
        return MIGRATING_DIR
    return registration.log_dirs[0] if len(registration.log_dirs) == 1 else UNASSIGNED_DIR


def _is_active(image: MetadataImage, broker_id: int) -> bool:
    registration = image.brokers.get(broker_id)
    return registration is not None and not registration.fenced and not registration.in_controlled_shutdown


def _directory(partition: PartitionRegistration, replica: int) -> uuid.UUID:
    if not partition.directories:
        return UNASSIGNED_DIR
    return partition.directories[partition.replicas.index(replica)]


def _has_online_dir(image: MetadataImage, broker_id: int, directory: uuid.UUID) -> bool:
    """ClusterControlManager.hasOnlineDir with DirectoryId.isOnline: unassigned and migrating dirs count as
    online, a lost one never; a registration listing no dirs (an old metadata.version) has all dirs online."""
    registration = image.brokers.get(broker_id)
    if registration is None:
        return False
    if directory in (UNASSIGNED_DIR, MIGRATING_DIR):
        return True
    if directory == LOST_DIR:
        return False
    return not registration.log_dirs or directory in registration.log_dirs


def _check_log_dirs(image: MetadataImage, broker_id: int, log_dirs: list[uuid.UUID]) -> None:
    if not log_dirs:
        raise Refused(errors.INVALID_REGISTRATION, "No directories specified in request")
    if any(d.int >> 64 == 0 and d.int & ((1 << 64) - 1) < RESERVED_DIRS for d in log_dirs):
        raise Refused(errors.INVALID_REGISTRATION, "Reserved directory ID in request")
    if len(set(log_dirs)) != len(log_dirs):
        raise Refused(errors.INVALID_REGISTRATION, "Duplicate directory ID in request")
    owners = {d: b.broker_id for b in image.brokers.values() for d in b.log_dirs}
    for directory in log_dirs:
        owner = owners.get(directory)
        if owner is not None and owner != broker_id:
            raise Refused(errors.INVALID_REGISTRATION, f"Broker {owner} is already registered with directory "
                          f"{directory}")


def _check_features(image: MetadataImage, requested, kraft_version: int) -> list[BrokerFeature]:
    """The record's features: each requested range must hold the finalized level (0 when not finalized); a
    finalized feature the broker leaves out counts as the range [0, 0]."""
    finalized = dict(image.features)
    finalized[KRAFT_VERSION] = kraft_version
    features = []
    for feature in requested:
        _check_feature(feature.name, feature.min_supported_version, feature.max_supported_version,
                       finalized.get(feature.name, 0))
        features.append(BrokerFeature(name=feature.name, min_supported_version=feature.min_supported_version,
                                      max_supported_version=feature.max_supported_version))
    names = {feature.name for feature in requested}
    if METADATA_VERSION not in names:
        raise Refused(errors.INVALID_REGISTRATION, "Request features do not contain 'metadata.version'")
    for name, level in finalized.items():
        if level != 0 and name not in names:
            _check_feature(name, 0, 0, level)
    return features


def _check_feature(name: str, low: int, high: int, level: int) -> None:
    if not low <= level <= high:
        raise Refused(errors.UNSUPPORTED_VERSION, f"Unable to register because the broker does not support "
                      f"finalized version {level} of {name}. The broker wants a version between {low} and "
                      f"{high}, inclusive.")
