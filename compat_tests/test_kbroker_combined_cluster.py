"""Three combined kbroker nodes (`process.roles=broker,controller`, CLUSTER.md's Kafka configs, one static quorum)
as real processes: every node's Metadata lists the three brokers; a topic created through one node (forwarded in
an envelope to whichever voter is the active controller) spreads its partitions over the three; an idempotent
producer writes through the cluster and a consumer group reads every record back; SIGTERM on the first two nodes
ends in a controlled shutdown the active controller grants (the last node, alone, has no quorum left)."""

from __future__ import annotations

from compat_tests.cluster.nodes import KBrokerNode, combined_node_configs
from compat_tests.kafka_dist import free_port, random_cluster_id
from compat_tests.test_controller_quorum import VOTERS, WAIT_S
from compat_tests.test_kbroker_broker import (
    consume,
    format_node,
    produce_idempotently,
    topic_partitions,
    wait_until,
)
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest

TOPIC = "across-three"
PARTITIONS = 6
RECORDS = 300
GRANTED = "The controller has asked us to exit controlled shutdown"


TEST_TIMEOUTS = {"controller.quorum.election.timeout.ms": "500", "controller.quorum.fetch.timeout.ms": "1500",
                 "broker.session.timeout.ms": "4000", "broker.heartbeat.interval.ms": "500"}


def test_three_combined_kbroker_nodes_serve_clients(tmp_path):
    controller_ports = {n: free_port() for n in VOTERS}
    nodes = {}
    for n in VOTERS:
        client_port = free_port()
        configs = combined_node_configs(n, controller_ports, client_port, tmp_path / f"node-{n}" / "data")
        nodes[n] = KBrokerNode(n, {**configs, **TEST_TIMEOUTS}, tmp_path / f"node-{n}")
        nodes[n].client_port = client_port
    cluster_id = random_cluster_id()
    for node in nodes.values():
        format_node(node, cluster_id)
    try:
        for node in nodes.values():
            node.launch()
        for node in nodes.values():
            node.wait_ready(VOTERS, timeout=WAIT_S)
        bootstrap = ",".join(f"127.0.0.1:{node.client_port}" for node in nodes.values())

        with KafkaConnection(f"127.0.0.1:{nodes[1].client_port}") as connection:
            created = connection.send(CreateTopicsRequest(topics=[CreatableTopic(
                name=TOPIC, num_partitions=PARTITIONS, replication_factor=1)], timeout_ms=WAIT_S * 1000), version=7)
        assert [(t.name, t.error_code) for t in created.topics] == [(TOPIC, 0)], created
        leaders = wait_until(lambda: topic_partitions(f"127.0.0.1:{nodes[3].client_port}", TOPIC),
                             "the topic on node 3", *nodes.values())
        assert sorted(leaders) == list(range(PARTITIONS)) and set(leaders.values()) == set(VOTERS), leaders

        produce_idempotently(bootstrap, TOPIC, RECORDS)
        assert sorted(consume(bootstrap, TOPIC, RECORDS)) == sorted(f"record-{i}" for i in range(RECORDS))

        for n in VOTERS:
            assert nodes[n].stop() == 0, nodes[n].log_tail()
        for n in VOTERS[:2]:
            assert GRANTED in nodes[n].console_log.read_text(errors="replace"), nodes[n].log_tail(40)
    finally:
        for node in nodes.values():
            node.request_stop()
        for node in nodes.values():
            node.stop()
