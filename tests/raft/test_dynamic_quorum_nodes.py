"""Brokers and combined nodes of a dynamic quorum (KIP-853), in one process over real sockets: three combined
nodes formatted with `--initial-controllers` and configured with controller.quorum.bootstrap.servers only (no
controller.quorum.voters) elect a leader from the voters of their bootstrap checkpoint; a broker-only node that
knows nothing but the bootstrap servers finds the leader as an observer, finds the active controller's endpoint,
registers, is unfenced and serves: a topic of replication factor 3 created through it is placed, and an acks=all
produce to its leader is answered. A fourth combined node formatted with `--no-initial-controllers` follows as an
observer, becomes a voter with AddRaftVoter and an observer again with RemoveRaftVoter, its broker half serving
throughout; the broker-only node, restarted, registers again, and when the leader stops its forwarded requests
go to the new one. No timed assertions: each wait has a generous overall timeout and names what it waited for."""

from __future__ import annotations

import uuid

import trio

from compat_tests.cluster.nodes import combined_node_configs
from kbroker.bootstrap_checkpoint import BootstrapVoter
from kbroker.broker_node import BrokerNode
from kbroker.combined_node import CombinedNode
from kbroker.config import BrokerConfig
from kbroker.network import Address, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.protocol import errors as E
from kbroker.protocol import records as R
from kbroker.protocol.messages.add_raft_voter_request import AddRaftVoterRequest, Listener
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData
from kbroker.protocol.messages.remove_raft_voter_request import RemoveRaftVoterRequest
from kbroker.storage_format import DynamicQuorum, format_storage, read_meta_properties
from tests.raft.controller_cluster import CLUSTER_ID, VOTERS, free_port
from tests.raft.test_combined_nodes import wait_for

JOINER = 4
BROKER = 100
TOPIC = "replicated"


def dynamic_config(node_id: int, controller_ports: dict[int, int], client_port: int, bootstrap: str,
                   tmp_path) -> BrokerConfig:
    """A combined node's config with controller.quorum.bootstrap.servers in place of controller.quorum.voters."""
    props = combined_node_configs(node_id, controller_ports, client_port, tmp_path / f"node-{node_id}")
    del props["controller.quorum.voters"]
    return BrokerConfig.from_properties({
        **props, "controller.quorum.bootstrap.servers": bootstrap, "broker.heartbeat.interval.ms": "100",
        "controller.quorum.election.timeout.ms": "400", "controller.quorum.fetch.timeout.ms": "1200",
        "controller.quorum.election.backoff.max.ms": "400", "controller.quorum.retry.backoff.ms": "20"})


def broker_config(bootstrap: str, tmp_path) -> BrokerConfig:
    return BrokerConfig.from_properties({
        "process.roles": "broker", "node.id": str(BROKER), "controller.quorum.bootstrap.servers": bootstrap,
        "listeners": f"PLAINTEXT://127.0.0.1:{free_port()}", "controller.listener.names": "CONTROLLER",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "log.dirs": str(tmp_path / f"broker-{BROKER}"), "broker.heartbeat.interval.ms": "100",
        "controller.quorum.retry.backoff.ms": "20", "controller.quorum.fetch.timeout.ms": "1200"})


def test_a_broker_and_combined_nodes_of_a_dynamic_quorum(tmp_path):
    controller_ports = {n: free_port() for n in (*VOTERS, JOINER)}
    client_ports = {n: free_port() for n in (*VOTERS, JOINER)}
    bootstrap = ",".join(f"127.0.0.1:{controller_ports[n]}" for n in VOTERS)
    configs = {n: dynamic_config(n, controller_ports, client_ports[n], bootstrap, tmp_path)
               for n in (*VOTERS, JOINER)}
    initial = tuple(BootstrapVoter(n, uuid.uuid4(), "CONTROLLER", "127.0.0.1", controller_ports[n]) for n in VOTERS)
    for node_id in VOTERS:
        format_storage(configs[node_id], CLUSTER_ID, DynamicQuorum(initial))
    format_storage(configs[JOINER], CLUSTER_ID)  # --no-initial-controllers
    joiner_directory = read_meta_properties(str(tmp_path / f"node-{JOINER}")).directory_id
    broker_cfg = broker_config(bootstrap, tmp_path)
    format_storage(broker_cfg, CLUSTER_ID)
    nodes = {n: CombinedNode(configs[n]) for n in (*VOTERS, JOINER)}
    broker = BrokerNode(broker_cfg)
    broker_port = broker_cfg.listeners[0].port

    scopes = {n: trio.CancelScope() for n in (*VOTERS, JOINER, BROKER)}
    stopped = {n: trio.Event() for n in scopes}

    async def serve_in_scope(node, scope: trio.CancelScope, done: trio.Event, *,
                             task_status=trio.TASK_STATUS_IGNORED) -> None:
        """A node in a cancel scope of its own, so that it can be stopped (as a process would) and restarted."""
        try:
            with scope:
                await node.serve(task_status=task_status)
        finally:
            done.set()

    async def stop(node_id: int) -> None:
        scopes[node_id].cancel()
        await stopped[node_id].wait()

    async def main():
        async with trio.open_nursery() as nursery:
            serving = {n: trio.Event() for n in scopes}

            async def serve(node_id: int) -> None:
                node = broker if node_id == BROKER else nodes[node_id]
                await nursery.start(serve_in_scope, node, scopes[node_id], stopped[node_id])
                serving[node_id].set()

            for node_id in serving:
                nursery.start_soon(serve, node_id)
            try:
                with trio.fail_after(60):
                    for event in serving.values():
                        await event.wait()
                await scenario()
                restarted = await restart_broker(nursery)
                await leader_stops(restarted)
            finally:
                nursery.cancel_scope.cancel()

    async def restart_broker(nursery: trio.Nursery) -> BrokerNode:
        """Restarted over its log dir, the broker knows the voters from its log, registers again (a new broker
        epoch) and is unfenced."""
        first_epoch = broker.membership.broker_epoch
        await stop(BROKER)
        restarted = BrokerNode(broker_cfg)
        with trio.fail_after(60):
            await nursery.start(serve_in_scope, restarted, trio.CancelScope(), trio.Event())
        assert restarted.quorum.node.voters == set(VOTERS) and not restarted.quorum.node.is_voter
        assert restarted.membership.broker_epoch > first_epoch
        assert not restarted.state.image.brokers[BROKER].fenced
        return restarted

    async def leader_stops(restarted: BrokerNode) -> None:
        """The leader (the active controller) stops: the broker follows the new leader at its endpoint of the
        voter set and sends its forwarded requests to it."""
        old_leader = restarted.quorum.leader_id
        await stop(old_leader)
        await wait_for(lambda: restarted.quorum.leader_id not in (-1, old_leader), "the broker following a new leader")
        directory = NodeDirectory({BROKER: Address("127.0.0.1", broker_port)})
        async with open_channel_manager(directory, ClientSettings(client_id="test-client")) as client:
            created = await client.send(BROKER, CreateTopicsRequest(topics=[CreatableTopic(
                name="after-failover", num_partitions=1, replication_factor=2)], timeout_ms=30000))
        assert created.topics[0].error_code == E.NONE.code, created.topics[0]
        await wait_for(lambda: "after-failover" in restarted.state.image.topics_by_name, "the topic in its image")

    async def scenario() -> None:
        observer = broker.quorum.node
        assert not observer.is_voter and observer.voters == set(VOTERS)
        assert not nodes[JOINER].controller.quorum.node.is_voter
        everyone = sorted((*VOTERS, JOINER, BROKER))
        await wait_for(lambda: sorted(n for n, b in broker.state.image.brokers.items() if not b.fenced) == everyone,
                       "the broker seeing every broker unfenced")
        brokers = NodeDirectory({**{n: Address("127.0.0.1", p) for n, p in client_ports.items()},
                                 BROKER: Address("127.0.0.1", broker_port)})
        async with open_channel_manager(brokers, ClientSettings(client_id="test-client")) as client:
            metadata = await client.send(BROKER, MetadataRequest(topics=None))
            assert sorted(b.node_id for b in metadata.brokers) == everyone

            created = await client.send(BROKER, CreateTopicsRequest(topics=[CreatableTopic(
                name=TOPIC, num_partitions=1, replication_factor=3)], timeout_ms=10000))
            [result] = created.topics
            assert (result.error_code, result.replication_factor) == (E.NONE.code, 3), result

            async def placed():
                answer = await client.send(BROKER, MetadataRequest(topics=[MetadataRequestTopic(name=TOPIC)]))
                partitions = answer.topics[0].partitions
                return next((p for p in partitions if p.error_code == E.NONE.code and len(p.isr_nodes) == 3), None)

            with trio.fail_after(60):
                while (partition := await placed()) is None:
                    await trio.sleep(0.05)
            leader = nodes[partition.leader_id].broker if partition.leader_id != BROKER else broker
            await wait_for(lambda: leader.state.partitions.get(TOPIC, 0), "the leader hosting the partition")
            produced = await client.send(partition.leader_id, ProduceRequest(acks=-1, timeout_ms=20000, topic_data=[
                TopicProduceData(name=TOPIC, topic_id=result.topic_id, partition_data=[PartitionProduceData(
                    index=0, records=bytes(R.build_batch([(1_700_000_000_000, None, b"v")])))])]))
            answer = produced.responses[0].partition_responses[0]
            assert (answer.error_code, answer.base_offset) == (E.NONE.code, 0)

        controllers = NodeDirectory({n: Address("127.0.0.1", p) for n, p in controller_ports.items()})
        async with open_channel_manager(controllers, ClientSettings(client_id="test-admin",
                                                                    request_timeout_ms=30_000)) as admin:
            add = AddRaftVoterRequest(cluster_id=CLUSTER_ID, timeout_ms=30_000, voter_id=JOINER,
                                      voter_directory_id=joiner_directory, listeners=[Listener(
                                          name="CONTROLLER", host="127.0.0.1", port=controller_ports[JOINER])])
            await until_done(admin, nodes, add, "AddRaftVoter of node 4")
            await wait_for(lambda: all(n.controller.quorum.node.voters == {*VOTERS, JOINER} for n in nodes.values())
                           and broker.quorum.node.voters == {*VOTERS, JOINER}, "four voters everywhere")
            assert nodes[JOINER].controller.quorum.node.is_voter

            remove = RemoveRaftVoterRequest(cluster_id=CLUSTER_ID, voter_id=JOINER,
                                            voter_directory_id=joiner_directory)
            await until_done(admin, nodes, remove, "RemoveRaftVoter of node 4")
            await wait_for(lambda: all(n.controller.quorum.node.voters == set(VOTERS) for n in nodes.values())
                           and broker.quorum.node.voters == set(VOTERS), "three voters again")
            assert not nodes[JOINER].controller.quorum.node.is_voter
        registration = nodes[JOINER].broker.state.image.brokers[JOINER]
        assert not registration.fenced, "node 4's broker half serves as a voter and as an observer"

    trio.run(main)


async def until_done(admin, nodes, request, what: str) -> None:
    """Send `request` to the quorum's leader until it answers NONE (REQUEST_TIMED_OUT while the new voter has not
    caught up, or while the previous change is not committed)."""
    with trio.move_on_after(60):
        while True:
            leader = nodes[1].controller.quorum.leader_id
            if leader > 0:
                answer = await admin.send(leader, request)
                if answer.error_code == E.NONE.code:
                    return
            await trio.sleep(0.1)
    raise AssertionError(f"{what} did not succeed")
