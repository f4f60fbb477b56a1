"""The immutable cluster metadata image and the delta that builds the next one (Kafka's MetadataImage /
MetadataDelta, reduced to what a single-node broker serves).

Handlers read a `MetadataImage` and never change it. `MetadataDelta(image)` replays committed records
(`replay(message)`) on copies of the parts they touch; `apply(offset, epoch)` returns the new image.
`image_records(image)` writes an image back as records (what a snapshot holds, Kafka's ImageWriter); replaying
them on an empty image gives an equal image.

Modelled: features (incl. metadata.version), broker and controller registrations, topics by name and id with their
partitions, topic and broker configs, the producer-id next block, SCRAM credentials, ACLs (by id, as
kbroker.security.acls.AclIndex), client quotas (kbroker/metadata/client_quotas.py), delegation tokens (by id).
Records of features kbroker does not implement (ZK migration, ClearElrRecord)
are accepted and ignored; Begin/End/AbortTransaction records need no handling because kbroker writes each
controller operation as one atomic batch.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

import attrs

from kbroker.metadata import client_quotas
from kbroker.metadata import record_versions as V
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol.messages.metadata.access_control_entry_record import AccessControlEntryRecord
from kbroker.protocol.messages.metadata.broker_registration_change_record import (
    BrokerRegistrationChangeRecord,
)
from kbroker.protocol.messages.metadata.client_quota_record import ClientQuotaRecord
from kbroker.protocol.messages.metadata.config_record import ConfigRecord
from kbroker.protocol.messages.metadata.delegation_token_record import DelegationTokenRecord
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.protocol.messages.metadata.fence_broker_record import FenceBrokerRecord
from kbroker.protocol.messages.metadata.partition_change_record import PartitionChangeRecord
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
from kbroker.protocol.messages.metadata.remove_access_control_entry_record import (
    RemoveAccessControlEntryRecord,
)
from kbroker.protocol.messages.metadata.remove_delegation_token_record import RemoveDelegationTokenRecord
from kbroker.protocol.messages.metadata.remove_topic_record import RemoveTopicRecord
from kbroker.protocol.messages.metadata.remove_user_scram_credential_record import (
    RemoveUserScramCredentialRecord,
)
from kbroker.protocol.messages.metadata.topic_record import TopicRecord
from kbroker.protocol.messages.metadata.unfence_broker_record import UnfenceBrokerRecord
from kbroker.protocol.messages.metadata.unregister_broker_record import UnregisterBrokerRecord
from kbroker.protocol.messages.metadata.user_scram_credential_record import UserScramCredentialRecord
from kbroker.security.acls import EMPTY_INDEX, Acl, AclIndex
from kbroker.security.delegation_tokens import TokenInformation
from kbroker.security.scram_credentials import ScramCredential

TOPIC_RESOURCE = 2   # ConfigResource.Type.TOPIC
BROKER_RESOURCE = 4  # ConfigResource.Type.BROKER
CLIENT_METRICS_RESOURCE = 16  # ConfigResource.Type.CLIENT_METRICS
GROUP_RESOURCE = 32  # ConfigResource.Type.GROUP

NO_LEADER = -1
NO_LEADER_CHANGE = -2  # PartitionChangeRecord.leader: unchanged

METADATA_VERSION = "metadata.version"
KRAFT_VERSION = "kraft.version"

_EMPTY: Mapping = MappingProxyType({})


def _frozen(mapping: dict) -> Mapping:
    return MappingProxyType(mapping)


@attrs.frozen
class Endpoint:
    name: str
    host: str
    port: int
    security_protocol: int  # SecurityProtocol id (PLAINTEXT 0, SSL 1, SASL_PLAINTEXT 2, SASL_SSL 3)


@attrs.frozen
class BrokerRegistration:
    broker_id: int
    epoch: int
    incarnation_id: uuid.UUID
    endpoints: tuple[Endpoint, ...]
    supported_features: tuple[tuple[str, int, int], ...]  # (name, min, max)
    rack: str | None
    fenced: bool
    in_controlled_shutdown: bool
    log_dirs: tuple[uuid.UUID, ...]

    def endpoint(self, listener_name: str) -> Endpoint | None:
        for endpoint in self.endpoints:
            if endpoint.name == listener_name:
                return endpoint
        return None


@attrs.frozen
class ControllerRegistration:
    """A controller's registration (RegisterControllerRecord; Kafka's ControllerRegistration)."""

    controller_id: int
    incarnation_id: uuid.UUID
    zk_migration_ready: bool
    endpoints: tuple[Endpoint, ...]
    supported_features: tuple[tuple[str, int, int], ...]  # (name, min, max)

    def endpoint(self, listener_name: str) -> Endpoint | None:
        return next((e for e in self.endpoints if e.name == listener_name), None)


@attrs.frozen
class PartitionRegistration:
    partition_id: int
    replicas: tuple[int, ...]
    isr: tuple[int, ...]
    leader: int
    leader_epoch: int
    partition_epoch: int
    leader_recovery_state: int = 0
    directories: tuple[uuid.UUID, ...] = ()
    removing_replicas: tuple[int, ...] = ()
    adding_replicas: tuple[int, ...] = ()
    elr: tuple[int, ...] = ()  # eligible leader replicas (KIP-966)
    last_known_elr: tuple[int, ...] = ()


@attrs.frozen
class TopicImage:
    name: str
    topic_id: uuid.UUID
    partitions: Mapping[int, PartitionRegistration]


@attrs.frozen
class MetadataImage:
    """One consistent view of the cluster metadata as of `offset` (the last applied record, -1 if none)."""

    offset: int = -1
    epoch: int = -1
    features: Mapping[str, int] = _EMPTY
    brokers: Mapping[int, BrokerRegistration] = _EMPTY
    controllers: Mapping[int, ControllerRegistration] = _EMPTY
    topics_by_id: Mapping[uuid.UUID, TopicImage] = _EMPTY
    topics_by_name: Mapping[str, TopicImage] = _EMPTY
    topic_configs: Mapping[str, Mapping[str, str]] = _EMPTY
    broker_configs: Mapping[str, Mapping[str, str]] = _EMPTY  # "" is the cluster-wide default resource
    # CLIENT_METRICS resources (KIP-714 subscriptions): subscription name -> its configs.
    client_metrics_configs: Mapping[str, Mapping[str, str]] = _EMPTY
    # GROUP resources (per-group configs, group/group_configs.py): group id -> its configs.
    group_configs: Mapping[str, Mapping[str, str]] = _EMPTY
    next_producer_id: int = 0  # first id of the next block the controller hands out
    # user -> SCRAM mechanism type (1 SHA-256, 2 SHA-512) -> credential (UserScramCredentialRecord)
    scram_credentials: Mapping[str, Mapping[int, ScramCredential]] = _EMPTY
    acls: AclIndex = EMPTY_INDEX
    # quota entity (client_quotas.Entity) -> quota key -> value (ClientQuotaRecord)
    client_quotas: Mapping[tuple, Mapping[str, float]] = _EMPTY
    # token id -> the token (DelegationTokenRecord; RemoveDelegationTokenRecord drops it)
    delegation_tokens: Mapping[str, TokenInformation] = _EMPTY

    @property
    def metadata_version(self) -> int:
        """The finalized metadata.version feature level (0 before the bootstrap records)."""
        return self.features.get(METADATA_VERSION, 0)

    def topic(self, name: str) -> TopicImage | None:
        return self.topics_by_name.get(name)

    def topic_by_id(self, topic_id: uuid.UUID) -> TopicImage | None:
        return self.topics_by_id.get(topic_id)

    def partition(self, name: str, partition: int) -> PartitionRegistration | None:
        topic = self.topics_by_name.get(name)
        return None if topic is None else topic.partitions.get(partition)

    def configs_of_topic(self, name: str) -> Mapping[str, str]:
        return self.topic_configs.get(name, _EMPTY)

    def configs_of_broker(self, resource_name: str) -> Mapping[str, str]:
        return self.broker_configs.get(resource_name, _EMPTY)

    def active_brokers(self) -> list[BrokerRegistration]:
        """Brokers that may host new replicas (registered, unfenced, not shutting down), by id."""
        return [b for _, b in sorted(self.brokers.items()) if not b.fenced and not b.in_controlled_shutdown]


class MetadataDelta:
    """Changes on top of `base`; only the maps a record touches are copied (once per delta)."""

    def __init__(self, base: MetadataImage):
        self.base = base
        self._features: dict[str, int] | None = None
        self._brokers: dict[int, BrokerRegistration] | None = None
        self._controllers: dict[int, ControllerRegistration] | None = None
        self._topics_by_id: dict[uuid.UUID, TopicImage] | None = None
        self._topic_configs: dict[str, dict[str, str]] | None = None
        self._broker_configs: dict[str, dict[str, str]] | None = None
        self._client_metrics_configs: dict[str, dict[str, str]] | None = None
        self._group_configs: dict[str, dict[str, str]] | None = None
        self._next_producer_id = base.next_producer_id
        self._scram: dict[str, dict[int, ScramCredential]] | None = None
        self._acls: dict[uuid.UUID, Acl] | None = None
        self._quotas: dict[tuple, dict[str, float]] | None = None
        self._tokens: dict[str, TokenInformation] | None = None

    # --- copy-on-write views ---------------------------------------------------------------------------------
    def _features_w(self) -> dict[str, int]:
        if self._features is None:
            self._features = dict(self.base.features)
        return self._features

    def _brokers_w(self) -> dict[int, BrokerRegistration]:
        if self._brokers is None:
            self._brokers = dict(self.base.brokers)
        return self._brokers

    def _topics_w(self) -> dict[uuid.UUID, TopicImage]:
        if self._topics_by_id is None:
            self._topics_by_id = dict(self.base.topics_by_id)
        return self._topics_by_id

    def _configs_w(self, resource_type: int) -> dict[str, dict[str, str]]:
        if resource_type == TOPIC_RESOURCE:
            if self._topic_configs is None:
                self._topic_configs = {k: dict(v) for k, v in self.base.topic_configs.items()}
            return self._topic_configs
        if resource_type == CLIENT_METRICS_RESOURCE:
            if self._client_metrics_configs is None:
                self._client_metrics_configs = {k: dict(v) for k, v in self.base.client_metrics_configs.items()}
            return self._client_metrics_configs
        if resource_type == GROUP_RESOURCE:
            if self._group_configs is None:
                self._group_configs = {k: dict(v) for k, v in self.base.group_configs.items()}
            return self._group_configs
        if self._broker_configs is None:
            self._broker_configs = {k: dict(v) for k, v in self.base.broker_configs.items()}
        return self._broker_configs

    def _scram_w(self) -> dict[str, dict[int, ScramCredential]]:
        if self._scram is None:
            self._scram = {user: dict(by_type) for user, by_type in self.base.scram_credentials.items()}
        return self._scram

    def _acls_w(self) -> dict[uuid.UUID, Acl]:
        if self._acls is None:
            self._acls = dict(self.base.acls.by_id)
        return self._acls
    def _client_quota(self, r: ClientQuotaRecord) -> None:
        if self._quotas is None:
            self._quotas = {entity: dict(values) for entity, values in self.base.client_quotas.items()}
        client_quotas.replay(self._quotas, r)

    def topics(self) -> Mapping[uuid.UUID, TopicImage]:
        return self._topics_by_id if self._topics_by_id is not None else self.base.topics_by_id

    # --- replay ----------------------------------------------------------------------------------------------
    def replay(self, message: Any) -> None:
        handler = _HANDLERS.get(type(message))
        if handler is not None:
            handler(self, message)

    def _feature_level(self, r: FeatureLevelRecord) -> None:
        features = self._features_w()
        if r.feature_level == 0:
            features.pop(r.name, None)
        else:
            features[r.name] = r.feature_level

    def _register_broker(self, r: RegisterBrokerRecord) -> None:
        self._brokers_w()[r.broker_id] = BrokerRegistration(
            broker_id=r.broker_id, epoch=r.broker_epoch, incarnation_id=r.incarnation_id,
            endpoints=tuple(Endpoint(e.name, e.host, e.port, e.security_protocol) for e in r.end_points),
            supported_features=tuple((f.name, f.min_supported_version, f.max_supported_version)
                                     for f in r.features),
            rack=r.rack, fenced=r.fenced, in_controlled_shutdown=r.in_controlled_shutdown,
            log_dirs=tuple(r.log_dirs))

    def _register_controller(self, r: RegisterControllerRecord) -> None:
        if self._controllers is None:
            self._controllers = dict(self.base.controllers)
        self._controllers[r.controller_id] = ControllerRegistration(
            controller_id=r.controller_id, incarnation_id=r.incarnation_id, zk_migration_ready=r.zk_migration_ready,
            endpoints=tuple(Endpoint(e.name, e.host, e.port, e.security_protocol) for e in r.end_points),
            supported_features=tuple((f.name, f.min_supported_version, f.max_supported_version)
                                     for f in r.features))

    def _unregister_broker(self, r: UnregisterBrokerRecord) -> None:
        brokers = self._brokers_w()
        current = brokers.get(r.broker_id)
        if current is not None and current.epoch == r.broker_epoch:
            del brokers[r.broker_id]

    def _change_broker(self, broker_id: int, epoch: int, **changes) -> None:
        brokers = self._brokers_w()
        current = brokers.get(broker_id)
        if current is None or current.epoch != epoch:
            raise ValueError(f"Metadata record for broker {broker_id} epoch {epoch} does not match its "
                             f"registration {current}")
        brokers[broker_id] = attrs.evolve(current, **changes)

    def _fence(self, r: FenceBrokerRecord) -> None:
        self._change_broker(r.id, r.epoch, fenced=True)

    def _unfence(self, r: UnfenceBrokerRecord) -> None:
        self._change_broker(r.id, r.epoch, fenced=False)

    def _registration_change(self, r: BrokerRegistrationChangeRecord) -> None:
        # fenced / in_controlled_shutdown: 0 = unchanged, 1 = true, -1 = false (BrokerRegistrationFencingChange)
        changes: dict[str, Any] = {}
        if r.fenced:
            changes["fenced"] = r.fenced == 1
        if r.in_controlled_shutdown:
            changes["in_controlled_shutdown"] = r.in_controlled_shutdown == 1
        if r.log_dirs:
            changes["log_dirs"] = tuple(r.log_dirs)
        self._change_broker(r.broker_id, r.broker_epoch, **changes)

    def _topic(self, r: TopicRecord) -> None:
        self._topics_w()[r.topic_id] = TopicImage(r.name, r.topic_id, _EMPTY)

    def _partition(self, r: PartitionRecord) -> None:
        topics = self._topics_w()
        topic = topics.get(r.topic_id)
        if topic is None:
            raise ValueError(f"PartitionRecord for unknown topic id {r.topic_id}")
        partition = PartitionRegistration(
            partition_id=r.partition_id, replicas=tuple(r.replicas), isr=tuple(r.isr), leader=r.leader,
            leader_epoch=r.leader_epoch, partition_epoch=r.partition_epoch,
            leader_recovery_state=r.leader_recovery_state, directories=tuple(r.directories),
            removing_replicas=tuple(r.removing_replicas), adding_replicas=tuple(r.adding_replicas),
            elr=tuple(r.eligible_leader_replicas or ()), last_known_elr=tuple(r.last_known_elr or ()))
        partitions = dict(topic.partitions)
        partitions[r.partition_id] = partition
        topics[r.topic_id] = attrs.evolve(topic, partitions=_frozen(partitions))

    def _partition_change(self, r: PartitionChangeRecord) -> None:
        topics = self._topics_w()
        topic = topics.get(r.topic_id)
        current = None if topic is None else topic.partitions.get(r.partition_id)
        if current is None:
            raise ValueError(f"PartitionChangeRecord for unknown partition {r.topic_id}:{r.partition_id}")
        changes: dict[str, Any] = {"partition_epoch": current.partition_epoch + 1}
        if r.leader != NO_LEADER_CHANGE:
            changes["leader"] = r.leader
            changes["leader_epoch"] = current.leader_epoch + 1
        for name, field in (("isr", "isr"), ("replicas", "replicas"), ("removing_replicas", "removing_replicas"),
                            ("adding_replicas", "adding_replicas"), ("directories", "directories"),
                            ("elr", "eligible_leader_replicas"), ("last_known_elr", "last_known_elr")):
            value = getattr(r, field)
            if value is not None:
                changes[name] = tuple(value)
        if r.leader_recovery_state != -1:
            changes["leader_recovery_state"] = r.leader_recovery_state
        partitions = dict(topic.partitions)
        partitions[r.partition_id] = attrs.evolve(current, **changes)
        topics[r.topic_id] = attrs.evolve(topic, partitions=_frozen(partitions))

    def _remove_topic(self, r: RemoveTopicRecord) -> None:
        topics = self._topics_w()
        topic = topics.pop(r.topic_id, None)
        if topic is None:
            raise ValueError(f"RemoveTopicRecord for unknown topic id {r.topic_id}")
        # MetadataDelta.replay(RemoveTopicRecord) drops the topic's configs with it.
        self._configs_w(TOPIC_RESOURCE).pop(topic.name, None)

    def _config(self, r: ConfigRecord) -> None:
        if r.resource_type not in (TOPIC_RESOURCE, BROKER_RESOURCE, CLIENT_METRICS_RESOURCE, GROUP_RESOURCE):
            return
        by_resource = self._configs_w(r.resource_type)
        configs = by_resource.setdefault(r.resource_name, {})
        if r.value is None:
            configs.pop(r.name, None)
            if not configs:
                del by_resource[r.resource_name]
        else:
            configs[r.name] = r.value

    def _producer_ids(self, r: ProducerIdsRecord) -> None:
        self._next_producer_id = r.next_producer_id

    def _user_scram_credential(self, r: UserScramCredentialRecord) -> None:
        self._scram_w().setdefault(r.name, {})[r.mechanism] = ScramCredential(
            salt=bytes(r.salt), stored_key=bytes(r.stored_key), server_key=bytes(r.server_key),
            iterations=r.iterations)

    def _remove_user_scram_credential(self, r: RemoveUserScramCredentialRecord) -> None:
        by_type = self._scram_w().get(r.name)
        if by_type is None or r.mechanism not in by_type:
            raise ValueError(f"RemoveUserScramCredentialRecord for an unknown credential of {r.name!r}")
        del by_type[r.mechanism]
        if not by_type:
            del self._scram[r.name]

    def _tokens_w(self) -> dict[str, TokenInformation]:
        if self._tokens is None:
            self._tokens = dict(self.base.delegation_tokens)
        return self._tokens

    def _delegation_token(self, r: DelegationTokenRecord) -> None:
        self._tokens_w()[r.token_id] = TokenInformation(
            token_id=r.token_id, owner=r.owner, requester=r.requester, renewers=tuple(r.renewers),
            issue_timestamp=r.issue_timestamp, max_timestamp=r.max_timestamp,
            expiry_timestamp=r.expiration_timestamp)

    def _remove_delegation_token(self, r: RemoveDelegationTokenRecord) -> None:
        # Kafka's DelegationTokenDelta tolerates removing a token it does not hold (a sweep racing an expire).
        self._tokens_w().pop(r.token_id, None)

    def _acl(self, r: AccessControlEntryRecord) -> None:
        self._acls_w()[r.id] = Acl(resource_type=r.resource_type, resource_name=r.resource_name,
                                   pattern_type=r.pattern_type, principal=r.principal, host=r.host,
                                   operation=r.operation, permission=r.permission_type)

    def _remove_acl(self, r: RemoveAccessControlEntryRecord) -> None:
        if self._acls_w().pop(r.id, None) is None:
            raise ValueError(f"RemoveAccessControlEntryRecord for an unknown ACL id {r.id}")

    # --- result ----------------------------------------------------------------------------------------------
    def apply(self, offset: int, epoch: int) -> MetadataImage:
        base = self.base
        topics_by_id = base.topics_by_id
        topics_by_name = base.topics_by_name
        if self._topics_by_id is not None:
            topics_by_id = _frozen(self._topics_by_id)
            topics_by_name = _frozen({t.name: t for t in self._topics_by_id.values()})

        def configs(changed, old):
            if changed is None:
                return old
            return _frozen({name: _frozen(dict(values)) for name, values in changed.items()})

        return MetadataImage(
            offset=offset, epoch=epoch,
            features=base.features if self._features is None else _frozen(self._features),
            brokers=base.brokers if self._brokers is None else _frozen(self._brokers),
            controllers=base.controllers if self._controllers is None else _frozen(self._controllers),
            topics_by_id=topics_by_id, topics_by_name=topics_by_name,
            topic_configs=configs(self._topic_configs, base.topic_configs),
            broker_configs=configs(self._broker_configs, base.broker_configs),
            client_metrics_configs=configs(self._client_metrics_configs, base.client_metrics_configs),
            group_configs=configs(self._group_configs, base.group_configs),
            next_producer_id=self._next_producer_id,
            scram_credentials=base.scram_credentials if self._scram is None else _frozen(
                {user: _frozen(dict(by_type)) for user, by_type in self._scram.items()}),
            acls=base.acls if self._acls is None else AclIndex(self._acls),
            client_quotas=base.client_quotas if self._quotas is None else _frozen(
                {entity: _frozen(dict(values)) for entity, values in self._quotas.items()}),
            delegation_tokens=base.delegation_tokens if self._tokens is None else _frozen(dict(self._tokens)))


_HANDLERS = {
    FeatureLevelRecord: MetadataDelta._feature_level,
    RegisterBrokerRecord: MetadataDelta._register_broker,
    UnregisterBrokerRecord: MetadataDelta._unregister_broker,
    RegisterControllerRecord: MetadataDelta._register_controller,
    FenceBrokerRecord: MetadataDelta._fence,
    UnfenceBrokerRecord: MetadataDelta._unfence,
    BrokerRegistrationChangeRecord: MetadataDelta._registration_change,
    TopicRecord: MetadataDelta._topic,
    PartitionRecord: MetadataDelta._partition,
    PartitionChangeRecord: MetadataDelta._partition_change,
    RemoveTopicRecord: MetadataDelta._remove_topic,
    ConfigRecord: MetadataDelta._config,
    ProducerIdsRecord: MetadataDelta._producer_ids,
    UserScramCredentialRecord: MetadataDelta._user_scram_credential,
    RemoveUserScramCredentialRecord: MetadataDelta._remove_user_scram_credential,
    AccessControlEntryRecord: MetadataDelta._acl,
    RemoveAccessControlEntryRecord: MetadataDelta._remove_acl,
    ClientQuotaRecord: MetadataDelta._client_quota,
    DelegationTokenRecord: MetadataDelta._delegation_token,
    RemoveDelegationTokenRecord: MetadataDelta._remove_delegation_token,
}


def apply_records(image: MetadataImage, records, offset: int, epoch: int) -> MetadataImage:
    """Replay `records` (messages or MetadataRecords) on `image`; the result is as of `offset`."""
    delta = MetadataDelta(image)
    for record in records:
        delta.replay(record.message if isinstance(record, MetadataRecord) else record)
    return delta.apply(offset, epoch)


def image_records(image: MetadataImage) -> Iterator[MetadataRecord]:
    """The image as records, features first (metadata.version leads, as in Kafka's snapshots)."""
    features = sorted(image.features.items(), key=lambda item: (item[0] != METADATA_VERSION, item[0]))
    for name, level in features:
        yield MetadataRecord(FeatureLevelRecord(name=name, feature_level=level), V.FEATURE_LEVEL_RECORD)
    for broker in (b for _, b in sorted(image.brokers.items())):
        yield MetadataRecord(RegisterBrokerRecord(
            broker_id=broker.broker_id, incarnation_id=broker.incarnation_id, broker_epoch=broker.epoch,
            end_points=[BrokerEndpoint(name=e.name, host=e.host, port=e.port, security_protocol=e.security_protocol)
                        for e in broker.endpoints],
            features=[BrokerFeature(name=n, min_supported_version=lo, max_supported_version=hi)
                      for n, lo, hi in broker.supported_features],
            rack=broker.rack, fenced=broker.fenced, in_controlled_shutdown=broker.in_controlled_shutdown,
            log_dirs=list(broker.log_dirs)), V.REGISTER_BROKER_RECORD)
    for controller in (c for _, c in sorted(image.controllers.items())):
        yield MetadataRecord(RegisterControllerRecord(
            controller_id=controller.controller_id, incarnation_id=controller.incarnation_id,
            zk_migration_ready=controller.zk_migration_ready,
            end_points=[ControllerEndpoint(name=e.name, host=e.host, port=e.port,
                                           security_protocol=e.security_protocol) for e in controller.endpoints],
            features=[ControllerFeature(name=n, min_supported_version=lo, max_supported_version=hi)
                      for n, lo, hi in controller.supported_features]), V.REGISTER_CONTROLLER_RECORD)
    for topic in sorted(image.topics_by_id.values(), key=lambda t: t.name):
        yield MetadataRecord(TopicRecord(name=topic.name, topic_id=topic.topic_id), V.TOPIC_RECORD)
        for p in (p for _, p in sorted(topic.partitions.items())):
            yield MetadataRecord(PartitionRecord(
                partition_id=p.partition_id, topic_id=topic.topic_id, replicas=list(p.replicas), isr=list(p.isr),
                removing_replicas=list(p.removing_replicas), adding_replicas=list(p.adding_replicas),
                leader=p.leader, leader_recovery_state=p.leader_recovery_state, leader_epoch=p.leader_epoch,
                partition_epoch=p.partition_epoch, directories=list(p.directories),
                eligible_leader_replicas=list(p.elr) if p.elr else None,
                last_known_elr=list(p.last_known_elr) if p.last_known_elr else None), V.PARTITION_RECORD)
    for resource_type, by_resource in ((BROKER_RESOURCE, image.broker_configs), (TOPIC_RESOURCE, image.topic_configs),
                                       (CLIENT_METRICS_RESOURCE, image.client_metrics_configs),
                                       (GROUP_RESOURCE, image.group_configs)):
        for resource_name, configs in sorted(by_resource.items()):
            for name, value in sorted(configs.items()):
                yield MetadataRecord(ConfigRecord(resource_type=resource_type, resource_name=resource_name,
                                                  name=name, value=value), V.CONFIG_RECORD)
    for user, by_type in sorted(image.scram_credentials.items()):
        for mechanism, c in sorted(by_type.items()):
            yield MetadataRecord(UserScramCredentialRecord(
                name=user, mechanism=mechanism, salt=c.salt, stored_key=c.stored_key, server_key=c.server_key,
                iterations=c.iterations), V.USER_SCRAM_CREDENTIAL_RECORD)
    for acl_id, acl in sorted(image.acls.by_id.items()):
        yield MetadataRecord(acl_record(acl_id, acl), V.ACCESS_CONTROL_ENTRY_RECORD)
    yield from client_quotas.image_records(image.client_quotas)
    for token in (t for _, t in sorted(image.delegation_tokens.items())):
        yield MetadataRecord(token_record(token), V.DELEGATION_TOKEN_RECORD)
    if image.next_producer_id > 0:
        # ProducerIdsImage.write: the owner of the last block is not kept.
        yield MetadataRecord(ProducerIdsRecord(broker_id=-1, broker_epoch=-1,
                                               next_producer_id=image.next_producer_id), V.PRODUCER_IDS_RECORD)


def acl_record(acl_id: uuid.UUID, acl: Acl) -> AccessControlEntryRecord:
    return AccessControlEntryRecord(id=acl_id, resource_type=acl.resource_type, resource_name=acl.resource_name,
                                    pattern_type=acl.pattern_type, principal=acl.principal, host=acl.host,
                                    operation=acl.operation, permission_type=acl.permission)


def token_record(token: TokenInformation) -> DelegationTokenRecord:
    return DelegationTokenRecord(owner=token.owner, requester=token.requester, renewers=list(token.renewers),
                                 issue_timestamp=token.issue_timestamp, max_timestamp=token.max_timestamp,
                                 expiration_timestamp=token.expiry_timestamp, token_id=token.token_id)


def same_content(a: MetadataImage, b: MetadataImage) -> bool:
    """Equal metadata, ignoring the provenance (offset, epoch)."""
    return attrs.evolve(a, offset=-1, epoch=-1) == attrs.evolve(b, offset=-1, epoch=-1)
