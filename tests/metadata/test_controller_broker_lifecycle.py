"""The QuorumController's broker lifecycle calls over the real single-voter quorum on disk: records are
committed before the answer, the ClusterControl replays them (and replays them again after a restart), and
MetadataService wires it all."""

from __future__ import annotations

from cluster_helpers import NODE, dir_id, heartbeat, registration
from cluster_helpers import ControllerOnDisk as Node
from metadata_helpers import DIRECTORY_ID

from kbroker.config import BrokerConfig
from kbroker.metadata.service import MetadataService, listener_endpoints
from kbroker.protocol import errors
from kbroker.protocol.messages.create_topics_request import CreatableReplicaAssignment, CreatableTopic
from kbroker.protocol.messages.unregister_broker_request import UnregisterBrokerRequest
from kbroker.storage_format import load_or_format


def test_register_heartbeat_shut_down_and_replay_after_restart(tmp_path):
    node = Node(tmp_path, bootstrap=True)
    try:
        node.controller.register_broker(endpoints=[("PLAINTEXT", "127.0.0.1", 9092, 0)],
                                        incarnation_id=registration(NODE).incarnation_id, log_dirs=[DIRECTORY_ID])
        assert node.cluster.registration_offset(NODE) == node.image.brokers[NODE].epoch
        response = node.controller.broker_registration(registration(2), api_version=4, now=0.0)
        epoch = response.broker_epoch
        assert response.error_code == 0 and node.image.brokers[2].fenced
        assert node.cluster.registration_offset(2) == epoch
        response = node.controller.broker_heartbeat(heartbeat(2, epoch, node.image.offset), now=0.0)
        assert (response.is_caught_up, response.is_fenced) == (True, False)
        assert not node.image.brokers[2].fenced
        [created] = node.controller.create_topics([CreatableTopic(
            name="t", num_partitions=-1, replication_factor=-1,
            assignments=[CreatableReplicaAssignment(partition_index=0, broker_ids=[2, NODE])])])
        assert created.error.code == 0
        assert node.image.partition("t", 0).leader == 2
        # Controlled shutdown: the node's own broker reports a high offset, so broker 2 may leave at once.
        node.controller.broker_heartbeat(heartbeat(NODE, node.image.brokers[NODE].epoch, 1 << 40), now=0.0)
        response = node.controller.broker_heartbeat(heartbeat(2, epoch, node.image.offset, want_shut_down=True),
                                                    now=0.1)
        assert (response.is_fenced, response.should_shut_down) == (False, False)
        assert node.image.partition("t", 0).leader == NODE
        assert node.cluster.heartbeats.controlled_shutdown_offset(2) == node.raft.log_end_offset - 1
        response = node.controller.broker_heartbeat(heartbeat(2, epoch, node.image.offset, want_shut_down=True),
                                                    now=0.2)
        assert (response.is_fenced, response.should_shut_down) == (True, True)
    finally:
        node.close()
    node = Node(tmp_path, bootstrap=False)
    try:
        assert node.cluster.registration_offset(2) == epoch  # replayed from the log
        response = node.controller.broker_heartbeat(heartbeat(2, epoch, node.image.offset), now=100.0)
        assert response.error_code == 0 and response.is_caught_up
        assert node.controller.fence_stale_brokers(120.0) == [2]
        assert node.image.brokers[2].fenced
        response = node.controller.unregister_broker(UnregisterBrokerRequest(broker_id=2))
        assert response.error_code == 0 and 2 not in node.image.brokers
        response = node.controller.unregister_broker(UnregisterBrokerRequest(broker_id=2))
        assert (response.error_code, response.error_message) == (errors.BROKER_ID_NOT_REGISTERED.code,
                                                                 "Broker ID 2 is not currently registered")
        refused = node.controller.broker_registration(registration(3, log_dirs=[dir_id(3), dir_id(3)]),
                                                      api_version=4, now=0.0)
        assert refused.error_code == errors.INVALID_REGISTRATION.code
    finally:
        node.close()


def test_the_metadata_service_replays_into_its_cluster_control(tmp_path):
    config = BrokerConfig.from_properties({"log.dirs": str(tmp_path), "listeners": "PLAINTEXT://127.0.0.1:0",
                                           "broker.session.timeout.ms": "4000"})
    storage = load_or_format(config)
    service = MetadataService.start(config, storage, endpoints=listener_endpoints(config.advertised_listeners))
    try:
        cluster = service.controller.cluster
        assert cluster.cluster_id == storage.cluster_id
        assert cluster.heartbeats.session_timeout == 4.0
        assert cluster.registration_offset(config.node_id) == service.broker_epoch
    finally:
        service.close()


def test_a_single_node_registering_again_leads_the_partitions_its_shutdown_left_leaderless(tmp_path):
    """A controlled shutdown of a partition's only replica leaves it leaderless (Kafka's controller does so too,
    and a log dir written by Apache Kafka comes with such partitions; with eligible leader replicas on, as format
    finalizes them, its ISR empties into the ELR): the node's next registration, proving the clean shutdown with
    its previous broker epoch, elects it."""
    node = Node(tmp_path, bootstrap=True)
    try:
        node.controller.register_broker(endpoints=[("PLAINTEXT", "127.0.0.1", 9092, 0)],
                                        incarnation_id=registration(NODE).incarnation_id, log_dirs=[DIRECTORY_ID])
        [created] = node.controller.create_topics([CreatableTopic(
            name="t", num_partitions=-1, replication_factor=-1,
            assignments=[CreatableReplicaAssignment(partition_index=0, broker_ids=[NODE])])])
        assert created.error.code == 0
        epoch = node.image.brokers[NODE].epoch
        node.controller.broker_heartbeat(heartbeat(NODE, epoch, node.image.offset, want_shut_down=True), now=0.0)
        partition = node.image.partition("t", 0)
        assert (partition.leader, partition.isr, partition.elr) == (-1, (), (NODE,))
    finally:
        node.close()
    node = Node(tmp_path, bootstrap=False)
    try:
        node.controller.register_broker(endpoints=[("PLAINTEXT", "127.0.0.1", 9092, 0)],
                                        incarnation_id=registration(NODE).incarnation_id, log_dirs=[DIRECTORY_ID],
                                        previous_broker_epoch=epoch)
        assert (node.image.partition("t", 0).leader, node.image.partition("t", 0).isr) == (NODE, (NODE,))
    finally:
        node.close()
