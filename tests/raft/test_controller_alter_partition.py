"""AlterPartition over real sockets against three controller-only kbroker nodes (tests/raft/controller_cluster.py):
the controllers advertise it at v2-v3; two brokers registered and unfenced through BrokerRegistration and
BrokerHeartbeat; a standby answers NOT_CONTROLLER; the active controller shrinks the ISR and every controller's
image follows; a stale broker epoch or partition epoch is refused; after a failover the new active controller
expands the ISR back from the state it replayed."""

from __future__ import annotations

import uuid

from kbroker.metadata.controller import SUPPORTED_FEATURES
from kbroker.protocol import errors as E
from kbroker.protocol.messages.alter_partition_request import (
    AlterPartitionRequest,
    BrokerState,
    PartitionData,
    TopicData,
)
from kbroker.protocol.messages.broker_heartbeat_request import BrokerHeartbeatRequest
from kbroker.protocol.messages.broker_registration_request import (
    BrokerRegistrationRequest,
    Feature,
    Listener,
)
from kbroker.protocol.messages.create_topics_request import CreatableReplicaAssignment, CreatableTopic
from tests.raft.controller_cluster import CLUSTER_ID, ControllerCluster, run_scenario

BROKERS = (100, 101)
SESSION_TIMEOUT_MS = 600_000  # no broker here heartbeats after joining; none may be fenced meanwhile


def registration(broker_id: int) -> BrokerRegistrationRequest:
    return BrokerRegistrationRequest(
        broker_id=broker_id, cluster_id=CLUSTER_ID, incarnation_id=uuid.uuid4(),
        listeners=[Listener(name="PLAINTEXT", host="127.0.0.1", port=19000 + broker_id, security_protocol=0)],
        features=[Feature(name=name, min_supported_version=low, max_supported_version=high)
                  for name, low, high in SUPPORTED_FEATURES],
        log_dirs=[uuid.UUID(int=(broker_id << 64) | 1000)])


def alter(broker_id: int, broker_epoch: int, topic_id: uuid.UUID, isr: dict[int, int], *, leader_epoch: int,
          partition_epoch: int) -> AlterPartitionRequest:
    return AlterPartitionRequest(broker_id=broker_id, broker_epoch=broker_epoch, topics=[TopicData(
        topic_id=topic_id, partitions=[PartitionData(
            partition_index=0, leader_epoch=leader_epoch, partition_epoch=partition_epoch,
            new_isr_with_epochs=[BrokerState(broker_id=b, broker_epoch=e) for b, e in isr.items()])])])


def test_alter_partition_is_served_by_the_active_controller_and_survives_failover(tmp_path):
    async def join(controllers, channels, broker_id: int) -> int:
        _, registered = await controllers.send_to_active(channels, registration(broker_id))
        assert registered.error_code == E.NONE.code
        epoch = registered.broker_epoch
        _, beat = await controllers.send_to_active(channels, BrokerHeartbeatRequest(
            broker_id=broker_id, broker_epoch=epoch, current_metadata_offset=1 << 40))
        assert (beat.error_code, beat.is_fenced) == (E.NONE.code, False)
        return epoch

    def partitions(controllers):
        """Each running controller's view of partition t-0: (leader, isr, leader epoch, partition epoch)."""
        states = {}
        for node_id, node in controllers.nodes.items():
            p = node.loader.image.partition("t", 0)
            states[node_id] = None if p is None else (p.leader, p.isr, p.leader_epoch, p.partition_epoch)
        return states

    async def scenario(controllers: ControllerCluster, channels) -> None:
        first = await controllers.wait_for(controllers.active, "an active controller")
        versions = await channels.node(first.config.node_id).peer_versions()
        assert versions.ranges[AlterPartitionRequest.API_KEY] == (2, 3)

        epochs = {b: await join(controllers, channels, b) for b in BROKERS}
        [created] = await first.controller.run(first.controller.create_topics, [CreatableTopic(
            name="t", num_partitions=-1, replication_factor=-1,
            assignments=[CreatableReplicaAssignment(partition_index=0, broker_ids=list(BROKERS))])])
        assert created.error.code == E.NONE.code
        topic_id = created.topic_id
        leader, follower = BROKERS

        shrink = alter(leader, epochs[leader], topic_id, {leader: epochs[leader]}, leader_epoch=0, partition_epoch=0)
        standby = next(n for n in controllers.nodes if n != first.config.node_id)
        refused = await channels.send(standby, shrink)
        assert (refused.error_code, refused.topics) == (E.NOT_CONTROLLER.code, [])

        answered_by, response = await controllers.send_to_active(channels, shrink)
        assert answered_by == first.config.node_id and response.error_code == E.NONE.code
        [topic] = response.topics
        [partition] = topic.partitions
        assert topic.topic_id == topic_id
        assert (partition.error_code, partition.leader_id, partition.isr, partition.leader_epoch,
                partition.partition_epoch) == (E.NONE.code, leader, [leader], 0, 1)
        await controllers.wait_for(lambda: set(partitions(controllers).values()) == {(leader, (leader,), 0, 1)},
                                   "the shrunk ISR on every controller")

        _, stale = await controllers.send_to_active(channels, alter(
            leader, epochs[leader] + 1, topic_id, {leader: epochs[leader]}, leader_epoch=0, partition_epoch=1))
        assert (stale.error_code, stale.topics) == (E.STALE_BROKER_EPOCH.code, [])
        _, old = await controllers.send_to_active(channels, alter(
            leader, epochs[leader], topic_id, dict(epochs), leader_epoch=0, partition_epoch=0))
        assert [p.error_code for p in old.topics[0].partitions] == [E.INVALID_UPDATE_VERSION.code]

        # Failover: the new active controller expands the ISR from the partition state it replayed.
        await controllers.stop(first.config.node_id)
        second = await controllers.wait_for(controllers.active, "a new active controller")
        answered_by, expanded = await controllers.send_to_active(channels, alter(
            leader, epochs[leader], topic_id, dict(epochs), leader_epoch=0, partition_epoch=1))
        assert answered_by == second.config.node_id and expanded.error_code == E.NONE.code
        [partition] = expanded.topics[0].partitions
        assert (partition.error_code, partition.isr, partition.partition_epoch) == (E.NONE.code, [leader, follower], 2)
        await controllers.wait_for(
            lambda: set(partitions(controllers).values()) == {(leader, (leader, follower), 0, 2)},
            "the expanded ISR on every running controller")

    run_scenario(lambda nursery: ControllerCluster(nursery, tmp_path, session_timeout_ms=SESSION_TIMEOUT_MS),
                 scenario, client_id="leader")
