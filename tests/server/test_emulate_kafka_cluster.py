"""--emulate-kafka on a three-node cluster of combined nodes (kbroker.emulate.kafka.version set on every node):
every node's client listener advertises the release's ranges (the broker side of a combined node is a BrokerNode,
whose registry is narrowed as a single node's is), the controller listener keeps its own, and clients still create
topics (forwarded to the controllers), produce and consume."""

import uuid

import pytest
from kafka import KafkaConsumer, KafkaProducer
from server_raw_client import RawClient, api_versions_v3
from test_emulate_kafka import decode, expected_ranges

from kbroker.api.registry import Registry

CONSUME_BOUND_MS = 60000


@pytest.mark.kafka_cluster(size=3, overrides={"kbroker.emulate.kafka.version": "3.6"})
def test_every_node_of_a_cluster_advertises_3_6(kafka_cluster):
    for node_id in kafka_cluster.ids:
        node = kafka_cluster.node(node_id)
        with RawClient("127.0.0.1", node.client_port) as client:
            response = decode(client.request(api_versions_v3()), 3)
        assert {k.api_key: (k.min_version, k.max_version) for k in response.api_keys} == expected_ranges("3.6")
        with RawClient("127.0.0.1", kafka_cluster.controller_ports[node_id]) as client:
            response = decode(client.request(api_versions_v3()), 3)
        controller = Registry.discover("kbroker.api.controller").ranges()
        assert [(k.api_key, k.min_version, k.max_version) for k in response.api_keys] == controller
    topic = f"emulated-{uuid.uuid4().hex[:8]}"
    kafka_cluster.create_topic(topic, 3)
    producer = KafkaProducer(bootstrap_servers=kafka_cluster.bootstrap, acks="all")
    try:
        for i in range(30):
            producer.send(topic, str(i).encode())
        producer.flush()
    finally:
        producer.close()
    consumer = KafkaConsumer(topic, bootstrap_servers=kafka_cluster.bootstrap, group_id=f"g-{topic}",
                             auto_offset_reset="earliest", consumer_timeout_ms=CONSUME_BOUND_MS)
    try:
        seen = set()
        for record in consumer:
            seen.add(record.value)
            if len(seen) == 30:
                break
    finally:
        consumer.close()
    assert seen == {str(i).encode() for i in range(30)}
