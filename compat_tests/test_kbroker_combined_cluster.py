"""Three combined kbroker nodes (`process.roles=broker,controller`, CLUSTER.md's Kafka configs, one static quorum)
as real processes: every node's Metadata lists the three brokers; a topic created through one node (forwarded in
an envelope to whichever voter is the active controller) spreads its partitions over the three; an idempotent
producer writes through the cluster and a consumer group reads every record back; SIGTERM on the first two nodes
ends in a controlled shutdown the active controller grants (the last node, alone, has no quorum left)."""

from __future__ import annotations

import time

from confluent_kafka import Consumer, Producer

from compat_tests.cluster.nodes import KBrokerNode
from compat_tests.kafka_dist import free_port, random_cluster_id
from compat_tests.test_controller_quorum import VOTERS, WAIT_S
from compat_tests.test_kbroker_broker import format_node, topic_partitions, wait_until
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest

TOPIC = "across-three"
PARTITIONS = 6
RECORDS = 300
GRANTED = "The controller has asked us to exit controlled shutdown"


def combined_configs(node_id: int, controller_ports: dict[int, int], client_port: int, work_dir) -> dict[str, str]:
    return {
        "process.roles": "broker,controller", "node.id": str(node_id),
        "controller.quorum.voters": ",".join(f"{n}@127.0.0.1:{p}" for n, p in controller_ports.items()),
        "listeners": f"PLAINTEXT://127.0.0.1:{client_port},CONTROLLER://127.0.0.1:{controller_ports[node_id]}",
        "advertised.listeners": f"PLAINTEXT://127.0.0.1:{client_port}",
        "controller.listener.names": "CONTROLLER", "inter.broker.listener.name": "PLAINTEXT",
        "listener.security.protocol.map": "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
        "log.dirs": str(work_dir / "data"), "offsets.topic.replication.factor": "1",
        "transaction.state.log.replication.factor": "1", "transaction.state.log.min.isr": "1",
        "controller.quorum.election.timeout.ms": "500", "controller.quorum.fetch.timeout.ms": "1500",
        "broker.session.timeout.ms": "4000", "broker.heartbeat.interval.ms": "500",
    }


def test_three_combined_kbroker_nodes_serve_clients(tmp_path):
    controller_ports = {n: free_port() for n in VOTERS}
    nodes = {}
    for n in VOTERS:
        client_port = free_port()
        nodes[n] = KBrokerNode(n, combined_configs(n, controller_ports, client_port, tmp_path / f"node-{n}"),
                               tmp_path / f"node-{n}")
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

        producer = Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True, "acks": "all"})
        failures = []
        for i in range(RECORDS):
            producer.produce(TOPIC, key=str(i).encode(), value=f"record-{i}".encode(),
                             on_delivery=lambda err, _msg: failures.append(err) if err else None)
        assert producer.flush(WAIT_S) == 0
        assert failures == []

        consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": "readers", "auto.offset.reset": "earliest",
                             "enable.auto.commit": False})
        consumer.subscribe([TOPIC])
        values = set()
        deadline = time.monotonic() + WAIT_S
        try:
            while len(values) < RECORDS and time.monotonic() < deadline:
                message = consumer.poll(1.0)
                if message is not None and message.error() is None:
                    values.add(message.value().decode())
        finally:
            consumer.close()
        assert values == {f"record-{i}" for i in range(RECORDS)}

        for n in VOTERS:
            assert nodes[n].stop() == 0, nodes[n].log_tail()
        for n in VOTERS[:2]:
            assert GRANTED in nodes[n].console_log.read_text(errors="replace"), nodes[n].log_tail(40)
    finally:
        for node in nodes.values():
            node.request_stop()
        for node in nodes.values():
            node.stop()
