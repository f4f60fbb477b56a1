"""/metrics of the other node kinds, built in-process: three controller-only voters (one active controller, no
broker families) and three combined nodes (a broker's and a controller's state on one page, no family twice),
each page accepted by Prometheus' parser and by promtool when installed."""

from __future__ import annotations

import shutil
import subprocess

import trio
from prometheus_client.parser import text_string_to_metric_families

from kbroker.combined_node import CombinedNode
from kbroker.http.metrics import MetricsPage
from kbroker.network import Address, ClientSettings, NodeDirectory, open_channel_manager
from kbroker.protocol import errors as E
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.storage_format import format_storage
from tests.raft.controller_cluster import CLUSTER_ID, VOTERS, ControllerCluster, free_port, run_scenario
from tests.raft.test_combined_nodes import combined_config, serve_together, wait_for


async def _page(node) -> dict[str, dict[frozenset, float]]:
    text = (await MetricsPage(node.metric_states(), node.metrics_controller()).page()).body.decode()
    if shutil.which("promtool"):
        checked = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True,
                                 timeout=60)
        assert (checked.returncode, checked.stderr) == (0, "")
    samples: dict[str, dict[frozenset, float]] = {}
    names = []
    for family in text_string_to_metric_families(text):
        names.append(family.name)
        for sample in family.samples:
            samples.setdefault(sample.name, {})[frozenset(sample.labels.items())] = sample.value
    assert len(names) == len(set(names)), "a family appears twice"
    return samples


def _value(samples, name: str) -> float:
    return samples[name][frozenset()]


def test_controller_only_nodes_report_their_controller_and_requests_only(tmp_path):
    async def scenario(cluster: ControllerCluster, channels) -> None:
        await cluster.wait_for(cluster.active, "an active controller")
        pages = {node_id: await _page(node) for node_id, node in cluster.nodes.items()}
        active = [n for n, page in pages.items() if _value(page, "kafka_controller_kafkacontroller_activecontrollercount")]
        assert active == [next(n for n, node in cluster.nodes.items() if node is cluster.active())]
        for page in pages.values():
            assert "kafka_server_replicamanager_partitioncount" not in page
            assert "kafka_server_brokertopicmetrics_bytesin_total" in page  # zero: it serves no produce
            assert "process_cpu_seconds_total" in page
        quorum_requests = sum(v for page in pages.values()
                              for v in page.get("kafka_network_requestmetrics_requests_total", {}).values())
        assert quorum_requests > 0  # Vote / Fetch between the voters

    run_scenario(lambda nursery: ControllerCluster(nursery, tmp_path, session_timeout_ms=9000), scenario,
                 client_id="metrics-test")


def test_combined_nodes_report_broker_and_controller_on_one_page(tmp_path):
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
        async with open_channel_manager(directory, ClientSettings(client_id="metrics-test")) as channels:
            created = await channels.send(1, CreateTopicsRequest(topics=[CreatableTopic(
                name="spread", num_partitions=6, replication_factor=1)], timeout_ms=10000))
            assert created.topics[0].error_code == E.NONE.code
        for node in nodes.values():
            await wait_for(lambda node=node: "spread" in node.broker.state.image.topics_by_name, "the topic")
        await wait_for(lambda: sum(len([p for p in n.broker.state.partitions if p.topic == "spread"])
                                   for n in nodes.values()) == 6, "the six partitions hosted")
        pages = [await _page(node) for node in nodes.values()]
        assert sum(_value(p, "kafka_controller_kafkacontroller_activecontrollercount") for p in pages) == 1
        assert all(_value(p, "kafka_controller_kafkacontroller_activebrokercount") == 3 for p in pages)
        leaders = [v for p in pages for labels, v in p["kafka_log_log_logendoffset"].items()
                   if ("topic", "spread") in labels]
        assert len(leaders) == 6  # each partition reported once, by the node hosting it
        await _replicated_bytes_add_up(nodes, client_ports)

    trio.run(main)


async def _replicated_bytes_add_up(nodes, client_ports) -> None:
    """A topic of three replicas: the leader's bytes in reach each follower; the two followers' replication bytes
    in are what the leader sent them."""
    from kafka import KafkaAdminClient, KafkaProducer
    from kafka.admin import NewTopic

    bootstrap = ",".join(f"127.0.0.1:{port}" for port in client_ports.values())

    def produce() -> None:
        admin = KafkaAdminClient(bootstrap_servers=bootstrap)
        admin.create_topics([NewTopic("copied", 1, 3)])
        admin.close()
        producer = KafkaProducer(bootstrap_servers=bootstrap, acks="all")
        for i in range(100):
            producer.send("copied", b"r" * i)
        producer.flush()
        producer.close()

    await trio.to_thread.run_sync(produce)

    async def figures():
        pages = [await _page(node) for node in nodes.values()]
        produced = sum(p["kafka_server_brokertopicmetrics_bytesin_total"].get(frozenset({("topic", "copied")}), 0)
                       for p in pages)
        return (produced, sum(_value(p, "kafka_server_brokertopicmetrics_replicationbytesin_total") for p in pages),
                sum(_value(p, "kafka_server_brokertopicmetrics_replicationbytesout_total") for p in pages))

    produced, _, _ = await figures()
    assert produced > 0
    with trio.move_on_after(60):
        while (now := await figures()) != (produced, 2 * produced, 2 * produced):
            await trio.sleep(0.05)
    assert now == (produced, 2 * produced, 2 * produced)
    follower_fetches = [v for node in nodes.values()
                        for labels, v in (await _page(node))["kafka_network_requestmetrics_requests_total"].items()
                        if ("request", "FetchFollower") in labels]
    assert sum(follower_fetches) > 0
