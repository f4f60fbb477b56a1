"""Three combined kbroker nodes (process.roles=broker,controller, one static quorum of the three), in one process
over real sockets: each is a voter and a broker, registers with whichever voter is the active controller (itself
included, over its own CONTROLLER listener), is unfenced, and every node's Metadata lists the three brokers; a
topic created through one node is forwarded to the active controller and its partitions are hosted by the brokers
they were placed on; DescribeCluster lists the three, FindCoordinator names whichever leads the group's partition;
a controlled shutdown of one node's broker is granted."""

from __future__ import annotations

import trio

from compat_tests.cluster.nodes import combined_node_configs
from kbroker.broker_lifecycle import BrokerState as LifecycleState
from kbroker.combined_node import CombinedNode
from kbroker.config import BrokerConfig
from kbroker.java_hash import string_hash
from kbroker.network import Address, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.protocol import errors as E
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.storage_format import format_storage
from tests.raft.controller_cluster import CLUSTER_ID, VOTERS, free_port
from tests.raft.test_broker_node import written_metadata

WAIT_S = 60


def combined_config(node_id: int, controller_ports: dict[int, int], client_port: int, tmp_path) -> BrokerConfig:
    return BrokerConfig.from_properties({
        **combined_node_configs(node_id, controller_ports, client_port, tmp_path / f"node-{node_id}"),
        "broker.heartbeat.interval.ms": "100", "controller.quorum.election.timeout.ms": "400",
        "controller.quorum.fetch.timeout.ms": "1200", "controller.quorum.election.backoff.max.ms": "400",
        "controller.quorum.retry.backoff.ms": "20"})


async def wait_for(condition, what: str):
    with trio.move_on_after(WAIT_S):
        while not (result := condition()):
            await trio.sleep(0.02)
        return result
    raise AssertionError(f"timed out waiting for {what}")


def test_three_combined_nodes_form_one_cluster(tmp_path):
    controller_ports = {n: free_port() for n in VOTERS}
    client_ports = {n: free_port() for n in VOTERS}
    configs = {n: combined_config(n, controller_ports, client_ports[n], tmp_path) for n in VOTERS}
    for node_id, config in configs.items():
        format_storage(config, CLUSTER_ID)
        assert written_metadata(tmp_path / f"node-{node_id}") == 0, "the first leader writes the bootstrap"
    nodes = {n: CombinedNode(configs[n]) for n in VOTERS}

    async def main():
        async with trio.open_nursery() as nursery:
            serving = {n: trio.Event() for n in VOTERS}

            async def serve(node_id: int) -> None:
                async def started(task_status=trio.TASK_STATUS_IGNORED):
                    await nodes[node_id].serve(task_status=task_status)

                await nursery.start(started)
                serving[node_id].set()

            for node_id in VOTERS:
                nursery.start_soon(serve, node_id)
            try:
                with trio.fail_after(WAIT_S):
                    for event in serving.values():
                        await event.wait()
                await scenario()
            finally:
                nursery.cancel_scope.cancel()

    async def scenario() -> None:
        directory = NodeDirectory({n: Address("127.0.0.1", p) for n, p in client_ports.items()})
        async with open_channel_manager(directory, ClientSettings(client_id="test-client")) as channels:
            for node_id in VOTERS:
                # A node serves once its own image shows it unfenced; the others' unfencing reaches it soon after.
                state = nodes[node_id].broker.state
                await wait_for(lambda state=state: all(n in state.image.brokers and not state.image.brokers[n].fenced
                                                       for n in VOTERS), f"node {node_id} seeing every broker unfenced")
                metadata = await channels.send(node_id, MetadataRequest(topics=None))
                assert [(b.node_id, b.port) for b in metadata.brokers] == \
                    [(n, client_ports[n]) for n in VOTERS], f"node {node_id}"

            created = await channels.send(1, CreateTopicsRequest(topics=[CreatableTopic(
                name="spread", num_partitions=6, replication_factor=1)], timeout_ms=10000))
            [result] = created.topics
            assert result.error_code == E.NONE.code, result
            placed = {}
            for node_id in VOTERS:
                metadata = await wait_for(lambda node=nodes[node_id]: _topic_metadata(node, "spread"), "the topic's image")
                placed.update(metadata)
            assert set(placed.values()) == set(VOTERS), "six partitions are spread over the three brokers"
            for node_id in VOTERS:
                mine = {p for p, leader in placed.items() if leader == node_id}
                await wait_for(lambda node=nodes[node_id], mine=mine: _hosted(node, "spread") == mine,
                               f"node {node_id} hosting {mine}")
            answer = await channels.send(2, MetadataRequest(topics=[MetadataRequestTopic(name="spread")]))
            assert {p.partition_index: p.leader_id for p in answer.topics[0].partitions} == placed

            described = await channels.send(2, DescribeClusterRequest())
            assert [(b.broker_id, b.port) for b in described.brokers] == [(n, client_ports[n]) for n in VOTERS]

            # FindCoordinator auto-creates __consumer_offsets through the controller, then names the broker leading
            # the group's partition, wherever it is.
            async def coordinator():
                found = await channels.send(1, FindCoordinatorRequest(key_type=0, coordinator_keys=["group"]))
                return found.coordinators[0] if found.coordinators[0].error_code == E.NONE.code else None

            with trio.fail_after(WAIT_S):
                while (found := await coordinator()) is None:
                    await trio.sleep(0.05)
            offsets = nodes[1].broker.state.image.topics_by_name["__consumer_offsets"]
            leader = offsets.partitions[abs(string_hash("group")) % len(offsets.partitions)].leader
            assert (found.node_id, found.port) == (leader, client_ports[leader])

        await nodes[3].controlled_shutdown()
        lifecycle = nodes[3].broker.membership.lifecycle
        assert lifecycle.state is LifecycleState.SHUTTING_DOWN and not lifecycle.registration_failed

    trio.run(main)


def _hosted(node: CombinedNode, name: str) -> set[int]:
    return {p.partition for p in node.broker.state.partitions if p.topic == name}


def _topic_metadata(node: CombinedNode, name: str) -> dict[int, int]:
    topic = node.broker.state.image.topics_by_name.get(name)
    return {} if topic is None else {p.partition_id: p.leader for p in topic.partitions.values()}
