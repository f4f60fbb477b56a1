"""An in-memory metadata log for ClusterControl: records are committed at consecutive offsets, applied to
an image and replayed into the ClusterControl, as the quorum does; a QuorumController with its ClusterControl
over a single-voter quorum on disk; and request builders."""

from __future__ import annotations

import uuid

from kbroker.metadata import record_versions as V
from kbroker.metadata.cluster_control import ClusterControl
from kbroker.metadata.controller import SUPPORTED_FEATURES, QuorumController, bootstrap_records
from kbroker.metadata.image import MetadataImage, apply_records
from kbroker.metadata.loader import MetadataLoader
from kbroker.metadata.serde import MetadataRecord
from kbroker.protocol.messages.broker_heartbeat_request import BrokerHeartbeatRequest
from kbroker.protocol.messages.broker_registration_request import (
    BrokerRegistrationRequest,
    Feature,
    Listener,
)
from kbroker.protocol.messages.metadata.config_record import ConfigRecord
from kbroker.protocol.messages.metadata.feature_level_record import FeatureLevelRecord
from kbroker.protocol.messages.metadata.partition_record import PartitionRecord
from kbroker.protocol.messages.metadata.topic_record import TopicRecord
from kbroker.protocol.messages.unregister_broker_request import UnregisterBrokerRequest
from kbroker.raft.client import CommittedBatch
from kbroker.raft.single_voter import SingleVoterRaft

CLUSTER_ID = "MkU3OEVBNTcwNTJENDM2Qg"
NODE = 1  # the controller's node id
REGISTRATION_VERSION = 4  # BrokerRegistrationRequest's highest version
# What the test brokers support: kbroker's features (eligible leader replicas, KIP-966, among them).
FEATURES = SUPPORTED_FEATURES
ELR_OFF = MetadataRecord(FeatureLevelRecord(name="eligible.leader.replicas.version", feature_level=0),
                         V.FEATURE_LEVEL_RECORD)


def dir_id(broker_id: int, index: int = 0) -> uuid.UUID:
    return uuid.UUID(int=(broker_id << 96) | (1000 + index))


def registration(broker_id: int, *, incarnation: uuid.UUID | None = None, cluster_id: str = CLUSTER_ID,
                 log_dirs=None, features=FEATURES, rack: str | None = None,
                 previous_broker_epoch: int = -1, is_migrating_zk_broker: bool = False) -> BrokerRegistrationRequest:
    return BrokerRegistrationRequest(
        broker_id=broker_id, cluster_id=cluster_id, incarnation_id=incarnation or uuid.uuid4(),
        listeners=[Listener(name="PLAINTEXT", host="127.0.0.1", port=9090 + broker_id, security_protocol=0)],
        features=[Feature(name=n, min_supported_version=lo, max_supported_version=hi) for n, lo, hi in features],
        rack=rack, is_migrating_zk_broker=is_migrating_zk_broker,
        log_dirs=[dir_id(broker_id)] if log_dirs is None else list(log_dirs),
        previous_broker_epoch=previous_broker_epoch)


def heartbeat(broker_id: int, epoch: int, offset: int, *, want_fence: bool = False,
              want_shut_down: bool = False) -> BrokerHeartbeatRequest:
    return BrokerHeartbeatRequest(broker_id=broker_id, broker_epoch=epoch, current_metadata_offset=offset,
                                  want_fence=want_fence, want_shut_down=want_shut_down)


class MetadataLog:
    """The committed log as the active controller sees it."""

    def __init__(self, *, session_timeout_ms: int = 9000, unclean_leader_election_enable: bool = False,
                 elr: bool = False):
        """`elr`: keep eligible leader replicas on, as `format` finalizes them; most tests here describe the ISR
        rules without them (a Kafka formatted with eligible.leader.replicas.version=0)."""
        self.control = ClusterControl(cluster_id=CLUSTER_ID, node_id=1, session_timeout_ms=session_timeout_ms,
                                      unclean_leader_election_enable=unclean_leader_election_enable)
        self.image = MetadataImage()
        self.next_offset = 0
        self.committed: list[MetadataRecord] = []
        self.commit(bootstrap_records() + ([] if elr else [ELR_OFF]))

    def commit(self, records) -> int:
        """Append `records` as one batch; the log's last offset."""
        records = list(records)
        if not records:
            return self.next_offset - 1
        base = self.next_offset
        last = base + len(records) - 1
        self.image = apply_records(self.image, records, last, 1)
        self.control.handle_commit(CommittedBatch(base, last, 1, 0, 0, records))
        self.next_offset = last + 1
        self.committed += records
        return last

    # --- requests as the controller handles them ---------------------------------------------------------------
    def register(self, request, *, now: float = 0.0, api_version: int = REGISTRATION_VERSION):
        outcome = self.control.register_broker(self.image, request, next_offset=self.next_offset,
                                               api_version=api_version, now=now)
        self.commit(outcome.records)
        return outcome

    def heartbeat(self, request, *, now: float = 0.0):
        outcome = self.control.process_heartbeat(self.image, request, now=now)
        last = self.commit(outcome.records)
        if outcome.in_controlled_shutdown:
            self.control.controlled_shutdown_at(request.broker_id, last)
        return outcome

    def unregister(self, broker_id: int):
        outcome = self.control.unregister_broker(self.image, UnregisterBrokerRequest(broker_id=broker_id))
        self.commit(outcome.records)
        return outcome

    def fence_stale(self, now: float) -> list[int]:
        fenced = []
        while True:
            done, records = self.control.maybe_fence_one_stale_broker(self.image, now)
            self.commit(records)
            if not done:
                return fenced
            fenced.append(records[-1].message.broker_id)

    # --- shortcuts ---------------------------------------------------------------------------------------------
    def join(self, broker_id: int, *, now: float = 0.0) -> int:
        """Register and unfence `broker_id`; its broker epoch."""
        epoch = self.register(registration(broker_id), now=now).response.broker_epoch
        response = self.heartbeat(heartbeat(broker_id, epoch, self.image.offset), now=now).response
        assert response.error_code == 0 and not response.is_fenced
        return epoch

    def create_topic(self, name: str, assignment: dict[int, list[int]], *, configs=None) -> uuid.UUID:
        """A topic whose partitions have every replica in the ISR and the first replica leading."""
        topic_id = uuid.uuid4()
        records = [MetadataRecord(TopicRecord(name=name, topic_id=topic_id), V.TOPIC_RECORD)]
        for partition, replicas in sorted(assignment.items()):
            records.append(MetadataRecord(PartitionRecord(
                partition_id=partition, topic_id=topic_id, replicas=list(replicas), isr=list(replicas),
                leader=replicas[0], leader_epoch=0, partition_epoch=0,
                directories=[dir_id(b) for b in replicas]), V.PARTITION_RECORD))
        for key, value in (configs or {}).items():
            records.append(MetadataRecord(ConfigRecord(resource_type=2, resource_name=name, name=key, value=value),
                                          V.CONFIG_RECORD))
        self.commit(records)
        return topic_id

    def partition(self, name: str, partition: int = 0):
        return self.image.partition(name, partition)


class ControllerOnDisk:
    """A QuorumController whose ClusterControl replays a single-voter quorum in `directory`."""

    def __init__(self, directory, *, bootstrap: bool, placer=None):
        self.raft = SingleVoterRaft(str(directory), NODE)
        self.loader = MetadataLoader()
        self.loader.bind(self.raft)
        self.cluster = ClusterControl(cluster_id=CLUSTER_ID, node_id=NODE)
        self.raft.register(self.cluster)
        self.raft.start()
        self.controller = QuorumController(self.raft, self.loader, node_id=NODE, cluster=self.cluster,
                                           placer=placer)
        if bootstrap:
            self.controller.finalize_features(bootstrap_records())

    @property
    def image(self):
        return self.loader.image

    def join(self, broker_id: int, *, rack: str | None = None, now: float = 0.0) -> int:
        """Register and unfence `broker_id`; its broker epoch."""
        epoch = self.controller.broker_registration(registration(broker_id, rack=rack), api_version=REGISTRATION_VERSION,
                                                    now=now).broker_epoch
        response = self.controller.broker_heartbeat(heartbeat(broker_id, epoch, self.image.offset), now=now)
        assert response.error_code == 0 and not response.is_fenced
        return epoch

    def close(self):
        self.raft.close()
