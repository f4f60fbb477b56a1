"""The single-node controller: validates requests as Kafka's QuorumController does (ReplicationControlManager,
ConfigurationControlManager, ProducerIdControlManager, ClusterControlManager, FeatureControlManager) and
appends the resulting records to the metadata quorum.

Every operation runs under one lock: it reads the latest image, builds per-item results (Kafka's error codes
and messages) and records, appends the records as one atomic batch (unless validate_only or nothing changed)
and returns once they are committed, so the image the loader holds then already shows them. Operations block
(they fsync): call them from a worker thread (`await controller.run(controller.create_topics, ...)`).

Inputs are duck-typed on the generated request structs (CreatableTopic, CreatePartitionsTopic,
AlterConfigsResource/AlterableConfig of IncrementalAlterConfigs, AlterConfigsResource of AlterConfigs).

Replicas of new partitions are placed by kbroker/metadata/replica_placement.py (Kafka's StripedReplicaPlacer).
Deliberate simplifications: no create-topic or alter-config policies; CreateTopics results carry no effective
configs (the API layer renders those from the image, as DescribeConfigs does); controller mutation quotas are not
enforced.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
import uuid
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple, Protocol

import trio

from kbroker.config import CONFIGS_BY_NAME
from kbroker.group import group_configs
from kbroker.metadata import (
    acl_control,
    client_quotas,
    delegation_token_control,
    feature_levels,
    reassignment,
    scram_control,
    topic_names,
)
from kbroker.metadata import record_versions as V
from kbroker.metadata.alter_partition import alter_partition
from kbroker.metadata.cluster_control import ClusterControl, default_dir
from kbroker.metadata.feature_control import (
    FeatureUpdate,
    Verdict,
    elr_safety_records,
    enables_elr,
    update_features,
)
from kbroker.metadata.image import (
    BROKER_RESOURCE,
    KRAFT_VERSION,
    METADATA_VERSION,
    TOPIC_RESOURCE,
    MetadataImage,
)
from kbroker.metadata.leader_election import balance_partition_leaders, elect_leaders
from kbroker.metadata.replica_placement import PlacementError, StripedReplicaPlacer, usable_brokers
from kbroker.metadata.serde import MetadataRecord
from kbroker.metadata.topic_configs import TOPIC_CONFIG_KEYS, is_list_config, validate_topic_configs
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_partition_reassignments_response import (
    AlterPartitionReassignmentsResponse,
)
from kbroker.protocol.messages.alter_partition_response import AlterPartitionResponse
from kbroker.protocol.messages.broker_heartbeat_response import BrokerHeartbeatResponse
from kbroker.protocol.messages.broker_registration_response import BrokerRegistrationResponse
from kbroker.protocol.messages.controller_registration_response import ControllerRegistrationResponse
from kbroker.protocol.messages.elect_leaders_response import ElectLeadersResponse
from kbroker.protocol.messages.list_partition_reassignments_response import ListPartitionReassignmentsResponse
from kbroker.protocol.messages.metadata.broker_registration_change_record import (
    BrokerRegistrationChangeRecord,
)
from kbroker.protocol.messages.metadata.config_record import ConfigRecord
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.protocol.messages.metadata.partition_record import PartitionRecord
from kbroker.protocol.messages.metadata.producer_ids_record import ProducerIdsRecord
from kbroker.protocol.messages.metadata.register_broker_record import (
    BrokerEndpoint,
    BrokerFeature,
    RegisterBrokerRecord,
)
from kbroker.protocol.messages.metadata.register_controller_record import (
    ControllerEndpoint,
    ControllerFeature,
    RegisterControllerRecord,
)
from kbroker.protocol.messages.metadata.remove_topic_record import RemoveTopicRecord
from kbroker.protocol.messages.metadata.topic_record import TopicRecord
from kbroker.protocol.messages.unregister_broker_response import UnregisterBrokerResponse
from kbroker.security.delegation_tokens import TokenSettings
from kbroker.telemetry import subscriptions
from kbroker.telemetry.subscriptions import java_set_order

_BASE_10 = re.compile(r"[+-]?[0-9]+")  # what Integer.valueOf parses
PRODUCER_ID_BLOCK_SIZE = 1000  # ProducerIdsBlock.PRODUCER_ID_BLOCK_SIZE
MAX_PARTITIONS_PER_REQUEST = 10000  # ReplicationControlManager.MAX_PARTITIONS_PER_BATCH
LONG_MAX = (1 << 63) - 1
UNASSIGNED_DIRECTORY = uuid.UUID(int=0)  # DirectoryId.UNASSIGNED

OP_SET, OP_DELETE, OP_APPEND, OP_SUBTRACT = 0, 1, 2, 3
_OP_NAMES = {OP_SET: "SET", OP_DELETE: "DELETE", OP_APPEND: "APPEND", OP_SUBTRACT: "SUBTRACT"}

# The features this broker supports, as its registration advertises them: (name, min, max).
SUPPORTED_FEATURES = (
    (METADATA_VERSION, V.MINIMUM_METADATA_VERSION_LEVEL, V.METADATA_VERSION_LEVEL),
    (KRAFT_VERSION, 0, 1),  # the quorum reads and writes KRaftVersionRecord and VotersRecord (KIP-853)
    *((name, low, high) for name, (low, high) in feature_levels.SUPPORTED_RANGES.items()),
)


class ApiError(NamedTuple):
    code: int = 0
    message: str | None = None

    @property
    def is_failure(self) -> bool:
        return self.code != 0


NONE = ApiError()


_THROTTLED = ApiError(errors.THROTTLING_QUOTA_EXCEEDED.code, None)  # Kafka answers no message


def _throttled(quota: Callable[[int], int] | None, partitions: int) -> bool:
    """Whether the controller mutation quota refuses a topic of `partitions` (KIP-599)."""
    return quota is not None and quota(partitions) > 0


def _error(kind, message: str | None = None) -> ApiError:
    return ApiError(kind.code, message)


class CreateTopicResult(NamedTuple):
    name: str
    error: ApiError
    topic_id: uuid.UUID = UNASSIGNED_DIRECTORY
    num_partitions: int = -1
    replication_factor: int = -1


class DeleteTopicResult(NamedTuple):
    name: str | None
    topic_id: uuid.UUID
    error: ApiError


class ProducerIdBlock(NamedTuple):
    error: ApiError
    first_producer_id: int = -1
    size: int = 0


log = logging.getLogger(__name__)


class PartitionLogs(Protocol):
    """The node's storage, asked to create a topic's or new partitions' logs before their records are
    committed (kbroker.partition.manager.PartitionManager)."""

    def prepare_logs(self, image: MetadataImage, topic: str, topic_id: uuid.UUID,
                     assignment: dict[int, list[int]], config_overrides: dict[str, str] | None) -> None: ...

    def discard_prepared(self, topic_id: uuid.UUID) -> None: ...


class _Invalid(Exception):
    def __init__(self, error: ApiError):
        super().__init__(error.message)
        self.error = error


def bootstrap_records(min_insync_replicas: int = 1) -> list[MetadataRecord]:
    """What `format` puts in a new metadata log: the finalized features at Kafka 4.3.1's defaults
    (kbroker.metadata.feature_levels; kraft.version stays 0: static quorum, no record), then, eligible leader
    replicas being on, the cluster-wide dynamic min.insync.replicas that Kafka 4.3.1's controller appends to the
    bootstrap records at its first activation (ActivationRecordsGenerator; DescribeConfigs reports its source as
    DYNAMIC_DEFAULT_BROKER_CONFIG, as on Apache Kafka)."""
    levels = feature_levels.BOOTSTRAP_LEVELS
    records = [MetadataRecord(FeatureLevelRecord(name=METADATA_VERSION, feature_level=V.METADATA_VERSION_LEVEL),
                              V.FEATURE_LEVEL_RECORD),
               *(MetadataRecord(FeatureLevelRecord(name=name, feature_level=level), V.FEATURE_LEVEL_RECORD)
                 for name, level in levels.items())]
    if levels.get(feature_levels.ELR_VERSION, 0) >= 1:
        records.append(MetadataRecord(ConfigRecord(resource_type=BROKER_RESOURCE, resource_name="",
                                                   name="min.insync.replicas", value=str(min_insync_replicas)),
                                      V.CONFIG_RECORD))
    return records


class QuorumController:
    # delegation.token.* (from_config reads them; disabled unless a secret key is set)
    token_settings: TokenSettings = TokenSettings(secret=None)

    def __init__(self, raft, loader, *, node_id: int, default_num_partitions: int = 1,
                 default_replication_factor: int = 1, delete_topic_enable: bool = True,
                 cluster: ClusterControl | None = None, placer: StripedReplicaPlacer | None = None,
                 voter_ids: Iterable[int] | None = None, kraft_version: int = 0, broker_config=None,
                 min_insync_replicas: int = 1):
        """broker_config: where GROUP config changes find the broker's group bounds (Kafka's defaults without
        it); voter_ids: the quorum's voters (this node alone by default); kraft_version: the quorum's kraft.version
        (1 for a log dir formatted with a bootstrap checkpoint, else 0); min_insync_replicas: this node's static
        min.insync.replicas (what turning eligible leader replicas on writes as the cluster's when it has none)."""
        self.min_insync_replicas = min_insync_replicas
        self.raft = raft
        self.voter_ids = list(voter_ids) if voter_ids is not None else [node_id]
        self.kraft_version = kraft_version
        # Broker membership (registrations, heartbeats, fencing); it must see every committed batch, so whoever
        # builds it registers it with the quorum before the quorum starts (MetadataService.start does).
        self.cluster = cluster
        self.loader = loader
        self.node_id = node_id
        self.default_num_partitions = default_num_partitions
        self.default_replication_factor = default_replication_factor
        self.delete_topic_enable = delete_topic_enable
        self.placer = placer if placer is not None else StripedReplicaPlacer()
        self.broker_config = broker_config if broker_config is not None else {}
        self._lock = threading.Lock()
        # Set by the node: without it, records are committed and the broker creates the logs afterwards.
        self.partition_logs: PartitionLogs | None = None

    @classmethod
    def from_config(cls, raft, loader, config, cluster: ClusterControl | None = None, *,
                    voter_ids: Iterable[int] | None = None, kraft_version: int = 0) -> QuorumController:
        controller = cls(raft, loader, node_id=config.node_id, default_num_partitions=config["num.partitions"],
                         default_replication_factor=config["default.replication.factor"],
                         delete_topic_enable=config["delete.topic.enable"], cluster=cluster, voter_ids=voter_ids,
                         kraft_version=kraft_version, broker_config=config,
                         min_insync_replicas=config["min.insync.replicas"])
        controller.token_settings = TokenSettings.from_config(config)
        return controller

    @property
    def image(self) -> MetadataImage:
        return self.loader.image

    async def run(self, operation, *args, **kwargs):
        """Run a (blocking) controller operation in a trio worker thread."""
        return await trio.to_thread.run_sync(functools.partial(operation, *args, **kwargs))

    def _commit(self, records: list[MetadataRecord]) -> int:
        """Append `records` as one batch; the log's last offset once they are committed."""
        if records:
            return self.raft.append(records)
        return self.raft.log_end_offset - 1

    def _prepare_logs(self, image: MetadataImage, topic: str, topic_id: uuid.UUID,
                      records: list[MetadataRecord], config_overrides: dict[str, str] | None) -> ApiError | None:
        """Have the partition logs of `records` created before they are committed; the error to refuse the
        topic with when they cannot be (KAFKA_STORAGE_ERROR: Kafka's LogManager wraps the IOException of a
        log creation in a KafkaStorageException)."""
        if self.partition_logs is None:
            return None
        assignment = {r.message.partition_id: list(r.message.replicas) for r in records
                      if isinstance(r.message, PartitionRecord)}
        try:
            self.partition_logs.prepare_logs(image, topic, topic_id, assignment, config_overrides)
        except OSError as exc:
            message = exc.strerror or str(exc)
            log.error("%s; the partitions of %s are not created", message, topic)
            return _error(errors.KAFKA_STORAGE_ERROR, message)
        return None

    def _commit_prepared(self, records: list[MetadataRecord], topic_ids: list[uuid.UUID]) -> None:
        """Commit records whose logs were prepared; if that fails, the prepared logs go too."""
        try:
            self._commit(records)
        except BaseException:
            if self.partition_logs is not None:
                for topic_id in topic_ids:
                    self.partition_logs.discard_prepared(topic_id)
            raise

    # --- brokers ---------------------------------------------------------------------------------------------
    def register_broker(self, *, endpoints: Iterable[tuple[str, str, int, int]], incarnation_id: uuid.UUID,
                        log_dirs: Iterable[uuid.UUID], rack: str | None = None, previous_broker_epoch: int = -1) -> int:
        """Register this node (RegisterBrokerRecord, unfenced at once: a single node has no heartbeat
        round trip to wait for); returns the broker epoch, the offset of the batch (as Kafka does).
        endpoints: (listener name, host, port, security protocol id); previous_broker_epoch: the epoch of the
        log dirs' clean-shutdown markers (kbroker.log.clean_shutdown), -1 without one.

        As Kafka's registration of a new incarnation, with the ClusterControl: the records of the old
        incarnation's shutdown come first in the batch (clean only when `previous_broker_epoch` is the
        registered epoch: with eligible leader replicas on, an unclean one leaves every ISR and ELR), then, as
        unfencing does, a second batch elects the partitions left without a leader (a sole replica whose
        shutdown was unclean comes back through its last-known-leader election; a log written by Apache Kafka,
        whose controlled shutdown of a partition's last replica leaves it leaderless, is led again)."""
        with self._lock:
            image, epoch = self.image, self.raft.log_end_offset
            records: list[MetadataRecord] = []
            existing = image.brokers.get(self.node_id)
            if self.cluster is not None and existing is not None and existing.incarnation_id != incarnation_id:
                clean = existing.epoch == previous_broker_epoch
                log.info("Registering incarnation %s of broker %d (previous shutdown %s) at broker epoch %d.",
                         incarnation_id, self.node_id, "clean" if clean else "not known to be clean", epoch)
                records += self.cluster.shutdown_records(image, self.node_id, clean)
            record = RegisterBrokerRecord(
                broker_id=self.node_id, incarnation_id=incarnation_id, broker_epoch=epoch,
                end_points=[BrokerEndpoint(name=n, host=h, port=p, security_protocol=sp) for n, h, p, sp in endpoints],
                features=[BrokerFeature(name=n, min_supported_version=lo, max_supported_version=hi)
                          for n, lo, hi in SUPPORTED_FEATURES],
                rack=rack, fenced=False, in_controlled_shutdown=False, log_dirs=list(log_dirs))
            self._commit([*records, MetadataRecord(record, V.REGISTER_BROKER_RECORD)])
            if self.cluster is not None:
                self._commit(self.cluster.leaderless_elections(self.image, self.node_id))
            return epoch

    # --- broker lifecycle: the controller listener's BrokerRegistration, BrokerHeartbeat, UnregisterBroker -----
    def _cluster(self) -> ClusterControl:
        if self.cluster is None:
            raise RuntimeError("ClusterControlManager is not active.")
        return self.cluster

    def activate_cluster(self, now: float) -> None:
        """This node became the active controller at `now`: its ClusterControl starts over from the current image."""
        with self._lock:
            self._cluster().activate(self.image, now)

    def broker_registration(self, request, *, api_version: int, now: float) -> BrokerRegistrationResponse:
        """A BrokerRegistrationRequest at `api_version`, received at `now` (trio time, seconds)."""
        with self._lock:
            outcome = self._cluster().register_broker(self.image, request, next_offset=self.raft.log_end_offset,
                                                      api_version=api_version, now=now,
                                                      kraft_version=self.raft.kraft_version)
            self._commit(outcome.records)
            return outcome.response

    def broker_heartbeat(self, request, *, now: float) -> BrokerHeartbeatResponse:
        """A BrokerHeartbeatRequest received at `now`."""
        with self._lock:
            cluster = self._cluster()
            outcome = cluster.process_heartbeat(self.image, request, now=now)
            last_offset = self._commit(outcome.records)
            if outcome.in_controlled_shutdown:
                cluster.controlled_shutdown_at(request.broker_id, last_offset)
            return outcome.response

    def assign_replicas_to_dirs(self, request):
        """A broker's AssignReplicasToDirsRequest (kbroker/metadata/directory_assignment.py)."""
        with self._lock:
            outcome = self._cluster().assign_replicas_to_dirs(self.image, request)
            self._commit(outcome.records)
            return outcome.response

    def unregister_broker(self, request) -> UnregisterBrokerResponse:
        with self._lock:
            outcome = self._cluster().unregister_broker(self.image, request)
            self._commit(outcome.records)
            return outcome.response

    def alter_partition(self, request, *, api_version: int) -> AlterPartitionResponse:
        """A partition leader's AlterPartitionRequest at `api_version` (kbroker/metadata/alter_partition.py)."""
        with self._lock:
            outcome = alter_partition(self.image, request, api_version=api_version, cluster=self._cluster())
            self._commit(outcome.records)
            return outcome.response

    def alter_partition_reassignments(self, request) -> AlterPartitionReassignmentsResponse:
        """An AlterPartitionReassignmentsRequest (kbroker/metadata/reassignment.py), its records one batch."""
        with self._lock:
            outcome = reassignment.alter_partition_reassignments(self.image, request, cluster=self._cluster())
            self._commit(outcome.records)
            return outcome.response

    def list_partition_reassignments(self, topics) -> ListPartitionReassignmentsResponse:
        """The reassignments in progress (kbroker/metadata/reassignment.py); Topics None lists every topic."""
        with self._lock:
            return reassignment.list_partition_reassignments(self.image, topics)

    def elect_leaders(self, request) -> ElectLeadersResponse:
        """A preferred or unclean ElectLeadersRequest (kbroker/metadata/leader_election.py)."""
        with self._lock:
            outcome = elect_leaders(self.image, request, cluster=self._cluster())
            self._commit(outcome.records)
            return outcome.response

    def balance_partition_leaders(self) -> tuple[int, bool]:
        """Preferred elections of the imbalanced partitions (leader_election.balance_partition_leaders): (how many
        leaders moved, whether more are left for an immediate next run)."""
        with self._lock:
            records, more = balance_partition_leaders(self.image, self._cluster())
            self._commit(records)
            return len(records), more

    def register_controller(self, request) -> ControllerRegistrationResponse:
        """A ControllerRegistrationRequest (ClusterControlManager.registerController): the controller's listeners and
        features become a RegisterControllerRecord, replacing any earlier registration of that id."""
        with self._lock:
            if self.image.metadata_version < V.CONTROLLER_REGISTRATION_LEVEL:
                return ControllerRegistrationResponse(
                    error_code=errors.UNSUPPORTED_VERSION.code,
                    error_message="The current MetadataVersion is too old to support controller registrations.")
            self._commit([MetadataRecord(RegisterControllerRecord(
                controller_id=request.controller_id, incarnation_id=request.incarnation_id, zk_migration_ready=False,
                end_points=[ControllerEndpoint(name=listener.name, host=listener.host, port=listener.port,
                                               security_protocol=listener.security_protocol)
                            for listener in request.listeners],
                features=[ControllerFeature(name=f.name, min_supported_version=f.min_supported_version,
                                            max_supported_version=f.max_supported_version)
                          for f in request.features]), V.REGISTER_CONTROLLER_RECORD)])
            return ControllerRegistrationResponse(error_code=errors.NONE.code, error_message=None)

    def fence_stale_brokers(self, now: float) -> list[int]:
        """Fence every broker whose session expired by `now`, one committed batch each (the active controller
        runs this every `fence_check_interval(broker.session.timeout.ms)`); the ids fenced."""
        fenced = []
        while True:
            with self._lock:
                cluster = self._cluster()
                image = self.image
                done, records = cluster.maybe_fence_one_stale_broker(image, now)
                if not done:
                    return fenced
                self._commit(records)
                fenced.append(next(r.message.broker_id for r in records
                                   if isinstance(r.message, BrokerRegistrationChangeRecord)))

    def update_features(self, updates: list[FeatureUpdate], *, validate_only: bool) -> Verdict:
        """An UpdateFeatures request's (feature, level, upgrade type) updates
        (kbroker/metadata/feature_control.py): its verdict, once any FeatureLevelRecords are committed."""
        with self._lock:
            kraft_version = getattr(self.raft, "kraft_version", self.kraft_version)
            upgrader = getattr(self.raft, "upgrade_kraft_version", None)
            local_supported = {name: (low, high) for name, low, high in SUPPORTED_FEATURES}
            if upgrader is None and kraft_version == 0:
                local_supported[KRAFT_VERSION] = (0, 0)  # this node's quorum cannot upgrade (SKIPPED_FEATURES.md)

            def kraft_upgrade(level: int, validate_only: bool) -> bool:
                return upgrader(self.raft.leader_epoch, level, validate_only=validate_only)

            verdict, records = update_features(
                self.image, updates, node_id=self.node_id, voter_ids=self.voter_ids, local_supported=local_supported,
                kraft_version=kraft_version, validate_only=validate_only,
                kraft_upgrade=kraft_upgrade if upgrader is not None else None)
            if enables_elr(records):
                records = elr_safety_records(self.image, self.min_insync_replicas) + records
            self._commit(records)
            return verdict

    def finalize_features(self, records: list[MetadataRecord] | None = None) -> None:
        """Write the bootstrap feature levels if metadata.version is not finalized yet (format time)."""
        with self._lock:
            if self.image.metadata_version == 0:
                self._commit(records if records is not None else bootstrap_records())

    # --- create topics ---------------------------------------------------------------------------------------
    def create_topics(self, topics: list[Any], *, validate_only: bool = False,
                      quota: Callable[[int], int] | None = None) -> list[CreateTopicResult]:
        """`quota(partitions)` (KIP-599) takes a valid topic's partitions from its client's controller mutation
        quota, or refuses it (a throttle time > 0: THROTTLING_QUOTA_EXCEEDED), validate_only too, as Kafka."""
        with self._lock:
            image = self.image
            results: dict[int, CreateTopicResult] = {}
            records: list[MetadataRecord] = []
            counts: dict[str, int] = {}
            for topic in topics:
                counts[topic.name] = counts.get(topic.name, 0) + 1
            total = sum(max(t.num_partitions, 0) if not t.assignments else len(t.assignments) for t in topics)
            if total > MAX_PARTITIONS_PER_REQUEST:
                error = _error(errors.POLICY_VIOLATION, "Excessively large number of partitions per request.")
                return [CreateTopicResult(t.name, error) for t in topics]
            collisions = {topic_names.unify_collision_chars(name): name for name in image.topics_by_name
                          if topic_names.has_collision_chars(name)}
            prepared: list[uuid.UUID] = []
            for i, topic in enumerate(topics):
                if counts[topic.name] > 1:
                    results[i] = CreateTopicResult(topic.name, _error(errors.INVALID_REQUEST, "Duplicate topic name."))
                    continue
                try:
                    topic_records, result = self._create_topic(image, topic, collisions)
                except _Invalid as exc:
                    results[i] = CreateTopicResult(topic.name, exc.error)
                    continue
                if _throttled(quota, result.num_partitions):
                    results[i] = CreateTopicResult(topic.name, _THROTTLED)
                    continue
                if not validate_only:
                    failure = self._prepare_logs(image, topic.name, result.topic_id, topic_records,
                                                 {c.name: c.value for c in topic.configs})
                    if failure is not None:
                        results[i] = CreateTopicResult(topic.name, failure)
                        continue
                    prepared.append(result.topic_id)
                results[i] = result
                records += topic_records
                # Kafka checks collisions against existing topics only: `a.b` and `a_b` in one request both
                # get created (ReplicationControlManager.createTopics).
            if not validate_only:
                self._commit_prepared(records, prepared)
            return [results[i] for i in range(len(topics))]

    def _create_topic(self, image: MetadataImage, topic, collisions: Mapping[str, str]
                      ) -> tuple[list[MetadataRecord], CreateTopicResult]:
        name = topic.name
        reason = topic_names.invalid_topic_name_reason(name)
        if reason is not None:
            raise _Invalid(_error(errors.INVALID_TOPIC_EXCEPTION, reason))
        if topic_names.has_collision_chars(name):
            colliding = collisions.get(topic_names.unify_collision_chars(name))
            if colliding is not None and colliding != name:
                raise _Invalid(_error(errors.INVALID_TOPIC_EXCEPTION,
                                      f"Topic '{name}' collides with existing topic: {colliding}"))
        if name in image.topics_by_name:
            raise _Invalid(_error(errors.TOPIC_ALREADY_EXISTS, f"Topic '{name}' already exists."))
        null_configs = [c.name for c in topic.configs if c.value is None]
        if null_configs:
            raise _Invalid(_error(errors.INVALID_CONFIG,
                                  "Null value not supported for topic configs: " + ",".join(null_configs)))
        configs = {c.name: c.value for c in topic.configs}
        problem = validate_topic_configs(configs)
        if problem is not None:
            raise _Invalid(_error(errors.INVALID_CONFIG, problem))
        if topic.assignments:
            if topic.replication_factor != -1:
                raise _Invalid(_error(errors.INVALID_REQUEST, "A manual partition assignment was specified, but "
                                      "replication factor was not set to -1."))
            if topic.num_partitions != -1:
                raise _Invalid(_error(errors.INVALID_REQUEST, "A manual partition assignment was specified, but "
                                      "numPartitions was not set to -1."))
            assignment: dict[int, list[int]] = {}
            replication_factor = None
            for item in topic.assignments:
                if item.partition_index in assignment:
                    raise _Invalid(_error(errors.INVALID_REPLICA_ASSIGNMENT, "Found multiple manual partition "
                                          f"assignments for partition {item.partition_index}"))
                replicas = list(item.broker_ids)
                _check_manual_assignment(image, item.partition_index, replicas, replication_factor)
                replication_factor = len(replicas)
                assignment[item.partition_index] = replicas
            for i in range(len(assignment)):
                if i not in assignment:
                    raise _Invalid(_error(errors.INVALID_REPLICA_ASSIGNMENT,
                                          "partitions should be a consecutive 0-based integer sequence"))
        elif topic.replication_factor < -1 or topic.replication_factor == 0:
            raise _Invalid(_error(errors.INVALID_REPLICATION_FACTOR,
                                  "Replication factor must be larger than 0, or -1 to use the default value."))
        elif topic.num_partitions < -1 or topic.num_partitions == 0:
            raise _Invalid(_error(errors.INVALID_PARTITIONS,
                                  "Number of partitions was set to an invalid non-positive value."))
        else:
            count = self.default_num_partitions if topic.num_partitions == -1 else topic.num_partitions
            factor = (self.default_replication_factor if topic.replication_factor == -1
                      else topic.replication_factor)
            try:
                assignment = self._place_replicas(image, 0, count, factor)
            except PlacementError as exc:
                raise _Invalid(_error(errors.INVALID_REPLICATION_FACTOR,
                                      f"Unable to replicate the partition {factor} time(s): {exc}")) from None
        topic_id = _new_topic_id(image)
        records = [MetadataRecord(TopicRecord(name=name, topic_id=topic_id), V.TOPIC_RECORD)]
        records += [MetadataRecord(ConfigRecord(resource_type=TOPIC_RESOURCE, resource_name=name, name=k, value=v),
                                   V.CONFIG_RECORD) for k, v in configs.items()]
        records += [_partition_record(image, topic_id, p, replicas) for p, replicas in sorted(assignment.items())]
        first = assignment[0]
        return records, CreateTopicResult(name, NONE, topic_id, len(assignment), len(first))

    # --- delete topics ---------------------------------------------------------------------------------------
    def delete_topics(self, names: Iterable[str] = (), topic_ids: Iterable[uuid.UUID] = (),
                      quota: Callable[[int], int] | None = None) -> list[DeleteTopicResult]:
        """One result per distinct topic id, then per distinct name (a name or id given twice gets one
        INVALID_REQUEST result, as Kafka's ControllerApis answers)."""
        names, topic_ids = list(names), list(topic_ids)
        with self._lock:
            image = self.image
            results: list[DeleteTopicResult] = []
            doomed: dict[uuid.UUID, None] = {}
            for topic_id in dict.fromkeys(topic_ids):
                topic = image.topic_by_id(topic_id)
                if topic_ids.count(topic_id) > 1:
                    error = _error(errors.INVALID_REQUEST, "Duplicate topic id.")
                elif not self.delete_topic_enable:
                    error = _error(errors.TOPIC_DELETION_DISABLED, errors.TOPIC_DELETION_DISABLED.message)
                elif topic is None:
                    error = _error(errors.UNKNOWN_TOPIC_ID, errors.UNKNOWN_TOPIC_ID.message)
                elif _throttled(quota, len(topic.partitions)):
                    error = _THROTTLED
                else:
                    error = NONE
                    doomed[topic_id] = None
                results.append(DeleteTopicResult(topic.name if topic is not None and not error.is_failure else None,
                                                 topic_id, error))
            for name in dict.fromkeys(names):
                topic = image.topic(name) if name is not None else None
                topic_id = UNASSIGNED_DIRECTORY
                if names.count(name) > 1:
                    error = _error(errors.INVALID_REQUEST, "Duplicate topic name.")
                elif not self.delete_topic_enable:
                    error = _error(errors.TOPIC_DELETION_DISABLED, errors.TOPIC_DELETION_DISABLED.message)
                elif topic is None:
                    error = _error(errors.UNKNOWN_TOPIC_OR_PARTITION, errors.UNKNOWN_TOPIC_OR_PARTITION.message)
                elif topic.topic_id not in doomed and _throttled(quota, len(topic.partitions)):
                    error = _THROTTLED
                else:
                    error = NONE
                    topic_id = topic.topic_id
                    doomed[topic_id] = None
                results.append(DeleteTopicResult(name, topic_id, error))
            self._commit([MetadataRecord(RemoveTopicRecord(topic_id=t), V.REMOVE_TOPIC_RECORD) for t in doomed])
            return results

    # --- create partitions -----------------------------------------------------------------------------------
    def create_partitions(self, topics: list[Any], *, validate_only: bool = False,
                          quota: Callable[[int], int] | None = None) -> list[tuple[str, ApiError]]:
        with self._lock:
            image = self.image
            counts: dict[str, int] = {}
            for topic in topics:
                counts[topic.name] = counts.get(topic.name, 0) + 1
            results: list[tuple[str, ApiError]] = []
            records: list[MetadataRecord] = []
            prepared: list[uuid.UUID] = []
            for topic in topics:
                if counts[topic.name] > 1:
                    results.append((topic.name, _error(errors.INVALID_REQUEST, "Duplicate topic name.")))
                    continue
                try:
                    topic_records = self._create_partitions(image, topic)
                except _Invalid as exc:
                    results.append((topic.name, exc.error))
                    continue
                if _throttled(quota, topic.count - len(image.topic(topic.name).partitions)):
                    results.append((topic.name, _THROTTLED))
                    continue
                if not validate_only:
                    topic_id = image.topic(topic.name).topic_id
                    failure = self._prepare_logs(image, topic.name, topic_id, topic_records, None)
                    if failure is not None:
                        results.append((topic.name, failure))
                        continue
                    prepared.append(topic_id)
                records += topic_records
                results.append((topic.name, NONE))
            if not validate_only:
                self._commit_prepared(records, prepared)
            return results

    def _create_partitions(self, image: MetadataImage, request) -> list[MetadataRecord]:
        topic = image.topic(request.name)
        if topic is None:
            raise _Invalid(_error(errors.UNKNOWN_TOPIC_OR_PARTITION))
        existing = len(topic.partitions)
        if request.count == existing:
            raise _Invalid(_error(errors.INVALID_PARTITIONS, f"Topic already has {existing} partition(s)."))
        if request.count < existing:
            raise _Invalid(_error(errors.INVALID_PARTITIONS, f"The topic {request.name} currently has {existing} "
                                  f"partition(s); {request.count} would not be an increase."))
        additional = request.count - existing
        factor = len(topic.partitions[0].replicas)
        if request.assignments:
            if len(request.assignments) != additional:
                raise _Invalid(_error(errors.INVALID_REPLICA_ASSIGNMENT, f"Attempted to add {additional} additional "
                                      f"partition(s), but only {len(request.assignments)} assignment(s) were "
                                      "specified."))
            assignment = {}
            for i, item in enumerate(request.assignments):
                replicas = list(item.broker_ids)
                _check_manual_assignment(image, existing + i, replicas, factor)
                assignment[existing + i] = replicas
        else:
            try:
                assignment = self._place_replicas(image, existing, additional, factor)
            except PlacementError as exc:
                raise _Invalid(_error(errors.INVALID_REPLICATION_FACTOR, str(exc))) from None
        return [_partition_record(image, topic.topic_id, p, replicas) for p, replicas in sorted(assignment.items())]

    def _place_replicas(self, image: MetadataImage, first_partition: int, count: int,
                        factor: int) -> dict[int, list[int]]:
        placements = self.placer.place(usable_brokers(image), count, factor)
        return dict(enumerate(placements, start=first_partition))

    # --- configs ---------------------------------------------------------------------------------------------
    def incremental_alter_configs(self, resources: list[Any], *, validate_only: bool = False) -> list[ApiError]:
        """One ApiError per resource, in request order (IncrementalAlterConfigs semantics)."""
        return self._alter_configs(resources, validate_only, incremental=True)

    def legacy_alter_configs(self, resources: list[Any], *, validate_only: bool = False) -> list[ApiError]:
        """AlterConfigs: each resource's overrides become exactly the given set."""
        return self._alter_configs(resources, validate_only, incremental=False)

    def _alter_configs(self, resources, validate_only: bool, *, incremental: bool) -> list[ApiError]:
        with self._lock:
            image = self.image
            results = []
            records: list[MetadataRecord] = []
            for resource in resources:
                try:
                    records += self._alter_resource(image, resource, incremental)
                except _Invalid as exc:
                    results.append(exc.error)
                    continue
                results.append(NONE)
            if not validate_only:
                self._commit(records)
            return results

    def _alter_resource(self, image: MetadataImage, resource, incremental: bool) -> list[MetadataRecord]:
        kind, name = resource.resource_type, resource.resource_name
        if kind == TOPIC_RESOURCE:
            reason = topic_names.invalid_topic_name_reason(name)
            if reason is not None:
                raise _Invalid(_error(errors.INVALID_TOPIC_EXCEPTION, reason))
            if image.topic(name) is None:
                raise _Invalid(_error(errors.UNKNOWN_TOPIC_OR_PARTITION, f"The topic '{name}' does not exist."))
            current = dict(image.configs_of_topic(name))
        elif kind == BROKER_RESOURCE:
            # A broker that receives the request first checks that it names that broker (Kafka's
            # ConfigAdminManager); the controller takes any broker id (ControllerConfigurationValidator).
            if name:
                if _BASE_10.fullmatch(name) is None or not -(1 << 31) <= int(name) < (1 << 31):
                    raise _Invalid(_error(errors.INVALID_REQUEST, "Unable to parse broker name as a base 10 number."))
                if int(name) < 0:
                    raise _Invalid(_error(errors.INVALID_REQUEST, "Invalid negative broker ID."))
            current = dict(image.configs_of_broker(name))
        elif kind == subscriptions.CLIENT_METRICS_RESOURCE:
            current = dict(image.client_metrics_configs.get(name, {}))
        elif kind == group_configs.GROUP_RESOURCE:
            if not name:
                raise _Invalid(_error(errors.INVALID_REQUEST, "Default group resources are not allowed."))
            current = dict(image.group_configs.get(name, {}))
        else:
            raise _Invalid(_error(errors.INVALID_REQUEST, f"Unsupported resource type {kind}."))
        names = [config.name for config in resource.configs]
        if len(set(names)) != len(names):
            raise _Invalid(_error(errors.INVALID_REQUEST, "Error due to duplicate config keys"))
        null_values = [c.name for c in resource.configs
                       if c.value is None and (not incremental or c.config_operation != OP_DELETE)]
        if null_values:
            raise _Invalid(_error(errors.INVALID_REQUEST, "Null value not supported for : " + ",".join(null_values)))
        # Kafka 4.3.1 splits no CLIENT_METRICS config for APPEND / SUBTRACT, LIST or not.
        is_list = {TOPIC_RESOURCE: is_list_config, subscriptions.CLIENT_METRICS_RESOURCE: lambda _: False,
                   group_configs.GROUP_RESOURCE: lambda _: False}.get(kind, _is_broker_list_config)
        wanted = dict(current) if incremental else {}
        # The controller gets each resource's changes as a Java HashMap by name and meets them in its order.
        by_name = {config.name: config for config in resource.configs}
        for config in (by_name[n] for n in java_set_order(by_name)):
            op = config.config_operation if incremental else OP_SET
            if op == OP_SET:
                wanted[config.name] = config.value
            elif op == OP_DELETE:
                wanted.pop(config.name, None)
            elif op in (OP_APPEND, OP_SUBTRACT):
                if not is_list(config.name):
                    raise _Invalid(_error(errors.INVALID_CONFIG, f"Can't {_OP_NAMES[op]} to key {config.name} "
                                          "because its type is not LIST."))
                # Kafka's ConfigurationControlManager.getParts: an unset key starts from its default; the
                # request value is split on "," as given; SUBTRACT removes the first occurrence of each.
                current_value = wanted.get(config.name)
                if current_value is None:
                    current_value = _default_list_text(kind, config.name)
                items = [v for v in current_value.split(",") if v]
                for value in config.value.split(","):
                    if op == OP_APPEND and value not in items:
                        items.append(value)
                    elif op == OP_SUBTRACT and value in items:
                        items.remove(value)
                wanted[config.name] = ",".join(items)
            else:
                raise _Invalid(_error(errors.INVALID_REQUEST, f"Unknown alter configs operation type {op}"))
        if kind == TOPIC_RESOURCE:
            problem = validate_topic_configs(wanted)
            if problem is not None:
                raise _Invalid(_error(errors.INVALID_CONFIG, problem))
        elif kind == subscriptions.CLIENT_METRICS_RESOURCE:
            # ControllerConfigurationValidator: ClientMetricsConfigs.validate of the resulting configs.
            try:
                subscriptions.validate(name, wanted)
            except subscriptions.SubscriptionError as exc:
                code = errors.INVALID_REQUEST if exc.kind == "request" else errors.INVALID_CONFIG
                raise _Invalid(_error(code, exc.message)) from None
        elif kind == group_configs.GROUP_RESOURCE:
            try:
                group_configs.validate(wanted, self.broker_config)
            except group_configs.GroupConfigError as exc:
                raise _Invalid(_error(errors.INVALID_CONFIG, str(exc))) from None
        else:
            # Broker config values are checked by the receiving broker (DynamicBrokerConfig): INVALID_REQUEST.
            problem = _validate_broker_configs(wanted)
            if problem is not None:
                raise _Invalid(_error(errors.INVALID_REQUEST, problem))
        records = []
        for key in sorted(set(current) | set(wanted)):
            if current.get(key) != wanted.get(key):
                records.append(MetadataRecord(ConfigRecord(resource_type=kind, resource_name=name, name=key,
                                                           value=wanted.get(key)), V.CONFIG_RECORD))
        return records

    # --- producer ids ----------------------------------------------------------------------------------------
    def alter_user_scram_credentials(self, request) -> list[tuple[str, int, str | None]]:
        """AlterUserScramCredentials (metadata/scram_control.py): (user, error code, message) per user; the
        accepted changes are committed as one batch."""
        with self._lock:
            results, records = scram_control.alter_credentials(self.image, request)
            self._commit(records)
            return results

    # --- delegation tokens (metadata/delegation_token_control.py) --------------------------------------------
    def create_delegation_token(self, requester: tuple[str, str], request,
                                now_ms: int) -> delegation_token_control.Created:
        with self._lock:
            created, records = delegation_token_control.create(self.image, self.token_settings, requester, request,
                                                               now_ms)
            self._commit(records)
            return created

    def renew_delegation_token(self, requester: tuple[str, str], request, now_ms: int) -> tuple[int, int]:
        """(error code, expiry timestamp)."""
        return self._token_write(delegation_token_control.renew, requester, request, now_ms)

    def expire_delegation_token(self, requester: tuple[str, str], request, now_ms: int) -> tuple[int, int]:
        """(error code, expiry timestamp)."""
        return self._token_write(delegation_token_control.expire, requester, request, now_ms)

    def _token_write(self, operation, requester: tuple[str, str], request, now_ms: int):
        with self._lock:
            answer, records = operation(self.image, self.token_settings, requester, request, now_ms)
            self._commit(records)
            return answer

    def sweep_expired_delegation_tokens(self, now_ms: int) -> int:
        """Remove the tokens past their expiry (the periodic task delegation.token.expiry.check.interval.ms
        runs), a batch at a time; how many were removed (a full batch: run again at once)."""
        with self._lock:
            records = delegation_token_control.sweep_expired(self.image, now_ms)
            self._commit(records)
            return len(records)

    def create_acls(self, bindings: list) -> list[acl_control.CreateResult]:
        """CreateAcls (metadata/acl_control.py): None or the INVALID_REQUEST message per binding; the new ACLs
        are committed as one batch."""
        with self._lock:
            results, records = acl_control.create_acls(self.image, bindings)
            self._commit(records)
            return results

    def delete_acls(self, filters: list) -> list[acl_control.DeleteResult]:
        """DeleteAcls (metadata/acl_control.py): per filter, its error message or the ACLs it removed."""
        with self._lock:
            results, records = acl_control.delete_acls(self.image, filters)
            self._commit(records)
            return results

    def alter_client_quotas(self, entries, *, validate_only: bool) -> list[tuple[tuple, int, str | None]]:
        """AlterClientQuotas (metadata/client_quotas.py): (entity, error code, message) per entity; the accepted
        entries are committed as one batch unless validate_only."""
        with self._lock:
            results, records = client_quotas.alter_quotas(self.image.client_quotas, entries)
            if not validate_only:
                self._commit(records)
            return results

    def allocate_producer_ids(self, broker_id: int, broker_epoch: int) -> ProducerIdBlock:
        """The next block of PRODUCER_ID_BLOCK_SIZE ids for `broker_id` (AllocateProducerIds semantics)."""
        with self._lock:
            image = self.image
            broker = image.brokers.get(broker_id)
            if broker is None:
                return ProducerIdBlock(_error(errors.STALE_BROKER_EPOCH,
                                              f"No broker registration found for broker {broker_id}"))
            if broker.epoch != broker_epoch:
                return ProducerIdBlock(_error(errors.STALE_BROKER_EPOCH, f"Expected broker epoch {broker.epoch}, "
                                              f"but got broker epoch {broker_epoch}"))
            first = image.next_producer_id
            if first > LONG_MAX - PRODUCER_ID_BLOCK_SIZE:
                return ProducerIdBlock(_error(errors.UNKNOWN_SERVER_ERROR, "Exhausted all producerIds as the next "
                                              "block's end producerId has exceeded the int64 type limit"))
            self._commit([MetadataRecord(ProducerIdsRecord(broker_id=broker_id, broker_epoch=broker_epoch,
                                                           next_producer_id=first + PRODUCER_ID_BLOCK_SIZE),
                                         V.PRODUCER_IDS_RECORD)])
            return ProducerIdBlock(NONE, first, PRODUCER_ID_BLOCK_SIZE)


# --- helpers -------------------------------------------------------------------------------------------------

def _new_topic_id(image: MetadataImage) -> uuid.UUID:
    """Uuid.randomUuid: random, never a reserved id (most significant bits 0 and least below 100) nor one
    whose string form starts with '-', never in use."""
    while True:
        candidate = uuid.uuid4()
        if candidate.int >> 64 == 0 and candidate.int < 100:
            continue
        if candidate.bytes[0] >> 2 == 62:  # base64url '-' leads
            continue
        if candidate not in image.topics_by_id:
            return candidate


def _check_manual_assignment(image: MetadataImage, partition: int, replicas: list[int],
                             replication_factor: int | None) -> None:
    """ReplicationControlManager.validateManualPartitionAssignment."""
    if not replicas:
        raise _Invalid(_error(errors.INVALID_REPLICA_ASSIGNMENT,
                              "The manual partition assignment includes an empty replica list."))
    seen: set[int] = set()
    for broker_id in replicas:
        if broker_id in seen:
            raise _Invalid(_error(errors.INVALID_REPLICA_ASSIGNMENT, "The manual partition assignment includes "
                                  f"the broker {broker_id} more than once."))
        seen.add(broker_id)
        if broker_id not in image.brokers:
            raise _Invalid(_error(errors.INVALID_REPLICA_ASSIGNMENT, "The manual partition assignment includes "
                                  f"broker {broker_id}, but no such broker is registered."))
    if replication_factor is not None and len(replicas) != replication_factor:
        raise _Invalid(_error(errors.INVALID_REPLICA_ASSIGNMENT, "The manual partition assignment includes a "
                              f"partition with {len(replicas)} replica(s), but this is not consistent with "
                              f"previous partitions, which have {replication_factor} replica(s)."))
    if not any(_is_active(image, b) for b in replicas):
        raise _Invalid(_error(errors.INVALID_REPLICA_ASSIGNMENT, "All brokers specified in the manual partition "
                              f"assignment for partition {partition} are fenced or in controlled shutdown."))


def _is_active(image: MetadataImage, broker_id: int) -> bool:
    broker = image.brokers.get(broker_id)
    return broker is not None and not broker.fenced and not broker.in_controlled_shutdown


def _partition_record(image: MetadataImage, topic_id: uuid.UUID, partition: int,
                      replicas: list[int]) -> MetadataRecord:
    isr = [b for b in replicas if _is_active(image, b)]
    directories = [default_dir(image, broker_id) for broker_id in replicas]
    return MetadataRecord(PartitionRecord(partition_id=partition, topic_id=topic_id, replicas=replicas, isr=isr,
                                          leader=isr[0], leader_epoch=0, partition_epoch=0,
                                          directories=directories), V.PARTITION_RECORD)


def _default_list_text(kind: int, name: str) -> str:
    """A list config's built-in default as its comma-joined text ("" when it has none)."""
    key = TOPIC_CONFIG_KEYS.get(name) if kind == TOPIC_RESOURCE else CONFIGS_BY_NAME.get(name)
    default = key.default if key is not None else None
    if default is None:
        return ""
    return ",".join(default) if isinstance(default, list) else str(default)


def _is_broker_list_config(name: str) -> bool:
    from kbroker.config import CONFIGS_BY_NAME, LIST
    key = CONFIGS_BY_NAME.get(name)
    return key is not None and key.type == LIST


def _validate_broker_configs(configs: Mapping[str, str]) -> str | None:
    """Known broker configs must parse and pass their validators; other names are kept as Kafka keeps custom
    dynamic configs."""
    from kbroker.config import CONFIGS_BY_NAME, ConfigError
    for name, value in configs.items():
        key = CONFIGS_BY_NAME.get(name)
        if key is None:
            continue
        try:
            key.parse(value)
        except ConfigError as exc:
            return str(exc)
    return None
