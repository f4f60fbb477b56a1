"""The web console of the other node kinds, built in-process: controller-only voters (the overview names the active
controller; no topics hosted, no groups) and combined nodes (every node lists the cluster's topics and partitions,
with log offsets only for the partitions it hosts, records to browse only where it leads; a topic created from
any node's console is forwarded to the active controller)."""

from __future__ import annotations

import re

import trio

from kbroker.combined_node import CombinedNode
from kbroker.http.admin_calls import KafkaCalls
from kbroker.http.console_model import ConsoleSource
from kbroker.http.console_pages import Console
from kbroker.http.console_write import ConsoleWrites
from kbroker.http.server import PostRequest
from kbroker.network import Address, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.protocol import errors as E
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.storage_format import format_storage
from tests.raft.controller_cluster import CLUSTER_ID, VOTERS, ControllerCluster, free_port, run_scenario
from tests.raft.test_combined_nodes import combined_config, serve_together, wait_for


def _console(node) -> Console:
    return Console(ConsoleSource(node.config, node.metric_states, node.controller_leader, "4.3.1"))


def _fact(page: bytes, label: str) -> str:
    found = re.search(rf"<dt>{re.escape(label)}</dt><dd>(.*?)</dd>".encode(), page)
    assert found, label
    return found.group(1).decode()


def test_controller_only_nodes_show_the_active_controller(tmp_path):
    async def scenario(cluster: ControllerCluster, channels) -> None:
        await cluster.wait_for(cluster.active, "an active controller")
        active = next(n for n, node in cluster.nodes.items() if node is cluster.active())
        for node in cluster.nodes.values():
            console = _console(node)
            overview = (await console.overview()).body
            assert _fact(overview, "Controller") == str(active)
            assert _fact(overview, "Roles") == "controller"
            assert _fact(overview, "Cluster id") == CLUSTER_ID
            assert _fact(overview, "Consumer groups") == "\u2014"
            assert b"<td>CONTROLLER</td>" in overview
            assert (await console.groups()).body.count(b"<tr>") == 1  # the header only
            assert (await console.group("anyone")).status == 404

    run_scenario(lambda nursery: ControllerCluster(nursery, tmp_path, session_timeout_ms=9000), scenario,
                 client_id="console-test")


def test_combined_nodes_show_offsets_of_the_partitions_they_host(tmp_path):
    controller_ports = {n: free_port() for n in VOTERS}
    client_ports = {n: free_port() for n in VOTERS}
    configs = {n: combined_config(n, controller_ports, client_ports[n], tmp_path) for n in VOTERS}
    for config in configs.values():
        format_storage(config, CLUSTER_ID)
    nodes = {n: CombinedNode(configs[n]) for n in VOTERS}

    async def main():
        await serve_together(nodes, scenario)

    async def scenario():
        directory = NodeDirectory({n: Address("127.0.0.1", p) for n, p in client_ports.items()})
        async with open_channel_manager(directory, ClientSettings(client_id="console-test")) as channels:
            created = await channels.send(1, CreateTopicsRequest(topics=[CreatableTopic(
                name="spread", num_partitions=6, replication_factor=1)], timeout_ms=10000))
            assert created.topics[0].error_code == E.NONE.code
        for node in nodes.values():
            await wait_for(lambda node=node: "spread" in node.broker.state.image.topics_by_name, "the topic")
        await wait_for(lambda: sum(len([p for p in n.broker.state.partitions if p.topic == "spread"])
                                   for n in nodes.values()) == 6, "the six partitions hosted")
        hosted_rows = 0
        controllers = set()
        for node_id, node in nodes.items():
            console = _console(node)
            overview = (await console.overview()).body
            controllers.add(_fact(overview, "Controller"))
            assert overview.count(b"<td>active</td>") == 3  # every broker, unfenced
            page = (await console.topic("spread")).body
            rows = re.findall(rb'<tr><td><a href="[^"]*">(\d+)</a></td><td>(\d+)</td><td>\d+</td><td>\d+</td>'
                              rb"<td>([^<]*)</td>", page)
            assert len(rows) == 6
            mine = [row for row in rows if int(row[1]) == node_id]
            assert all(row[2] == b"0" for row in mine)  # log start offset, known where hosted
            assert all(row[2] == "\u2014".encode() for row in rows if row not in mine)
            hosted_rows += len(mine)
            for index, leader, _ in rows:  # the message browser reads what this node leads, names the others' leader
                browsed = (await console.partition(f"spread/partitions/{index.decode()}", {})).body
                if int(leader) == node_id:
                    assert b'<table class="records">' in browsed
                else:
                    assert f"its leader is node {leader.decode()} (PLAINTEXT://".encode() in browsed
        assert hosted_rows == 6

        # a topic created from the console of a node that may not be the active controller: forwarded to it
        node = nodes[2]
        writes = ConsoleWrites(True, KafkaCalls(lambda: node.broker.state, lambda: node.broker.registry),
                               ConsoleSource(node.config, node.metric_states, node.controller_leader, "4.3.1"))
        answer = await writes.create(PostRequest({"host": "h", "origin": "http://h"},
                                                 {"csrf_token": writes.token, "name": "made-here", "partitions": "2"},
                                                 "127.0.0.1:1"))
        assert answer.status == 200, answer.body
        for other in nodes.values():
            await wait_for(lambda other=other: "made-here" in other.broker.state.image.topics_by_name, "made-here")
        assert len(controllers) == 1 and controllers != {"\u2014"}  # all name the same active controller

    trio.run(main)
