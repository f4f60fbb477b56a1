"""A kbroker broker (`process.roles=broker`) whose controllers are three Apache Kafka 4.3.1 controller-only nodes
(then three kbroker controller-only nodes), beside an Apache Kafka broker: the kbroker broker fetches `__cluster_metadata` as an observer, registers with
Kafka's active controller and is unfenced, so the Kafka broker's Metadata lists it; a topic created through the
kbroker broker (its only way to the controller is an EnvelopeRequest) appears in the Kafka broker's Metadata;
an idempotent producer (producer ids from AllocateProducerIds to Kafka's controller) writes to its partition,
placed on the kbroker broker, and a consumer reads every record back; a topic of replication factor 2 is
created on both brokers; a Java transactional producer (transaction.version 2, finalized at format by both kinds
of controllers) commits, aborts and is fenced through the kbroker broker, as against a single Kafka broker
(compat_tests/test_txn_v2_java.py); SIGTERM ends in a controlled shutdown the active controller grants.

Kafka's controllers are formatted with Kafka 4.3.1's defaults, then again with share.version and streams.version at
level 0 (a broker must support every finalized feature level to register: kbroker brokers support both ways)."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

import pytest
from confluent_kafka import Consumer, Producer
from confluent_kafka.admin import AdminClient

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.nodes import KafkaNode, KBrokerNode, NodeProcess
from compat_tests.kafka_dist import free_port, random_cluster_id
from compat_tests.test_controller_quorum import VOTERS, WAIT_S, controller_configs
from compat_tests.test_kafka_broker_on_kbroker_controllers import kafka_broker_configs
from compat_tests.test_txn_v2_java import EXPECTED as TXN_V2_EXPECTED
from compat_tests.test_txn_v2_java import run_session as run_txn_v2_session
from kbroker.protocol import errors as E
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import (
    CreatableReplicaAssignment,
    CreatableTopic,
    CreateTopicsRequest,
)

KAFKA_BROKER_ID = 10
KBROKER_BROKER_ID = 20
TOPIC = "through-kbroker"
RECORDS = 200
FEATURES_OFF = ("share.version", "streams.version")
TXN_TOPIC = "txn-through-kbroker"


class KafkaControllerWithKbrokerFeatures(KafkaNode):
    """A Kafka controller formatted with Kafka's default features but share.version and streams.version at 0."""

    def format_command(self, cluster_id: str) -> list[str]:
        command = super().format_command(cluster_id)
        for feature in FEATURES_OFF:
            command += ["--feature", f"{feature}=0"]
        return command


def format_node(node: NodeProcess, cluster_id: str) -> None:
    formatting = node.start_format(cluster_id)
    output, _ = formatting.communicate(timeout=WAIT_S)
    assert formatting.returncode == 0, output


@contextlib.contextmanager
def cluster(tmp_path: Path, controller_kind: type[NodeProcess]):
    """Three controllers of `controller_kind`, a Kafka broker and a kbroker broker, all formatted with one cluster
    id and started; every node is stopped afterwards (the kbroker broker first, as the test may already have)."""
    ports = {n: free_port() for n in VOTERS}
    cluster_id = random_cluster_id()
    controllers = {n: controller_kind(n, controller_configs(n, ports, tmp_path / f"node-{n}"), tmp_path / f"node-{n}")
                   for n in VOTERS}
    brokers: dict[int, NodeProcess] = {}
    for broker_id, kind in ((KAFKA_BROKER_ID, KafkaNode), (KBROKER_BROKER_ID, KBrokerNode)):
        work_dir = tmp_path / f"broker-{broker_id}"
        client_port = free_port()
        brokers[broker_id] = kind(broker_id, kafka_broker_configs(broker_id, ports, client_port, work_dir), work_dir)
        brokers[broker_id].client_port = client_port
    nodes = [*controllers.values(), *brokers.values()]
    for node in nodes:
        format_node(node, cluster_id)
    try:
        for node in nodes:
            node.launch()
        yield brokers[KAFKA_BROKER_ID], brokers[KBROKER_BROKER_ID]
    finally:
        for node in reversed(nodes):
            node.request_stop()
        for node in reversed(nodes):
            node.stop()


def topic_partitions(bootstrap: str, topic: str) -> dict[int, int]:
    """partition -> leader, as the broker at `bootstrap` lists `topic` (empty while it does not know it)."""
    metadata = AdminClient({"bootstrap.servers": bootstrap}).list_topics(topic=topic, timeout=10)
    found = metadata.topics.get(topic)
    if found is None or found.error is not None:
        return {}
    return {p.id: p.leader for p in found.partitions.values()}


def wait_until(condition, what: str, *nodes: NodeProcess):
    deadline = time.monotonic() + WAIT_S
    while not (result := condition()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}\n" + "\n".join(n.log_tail() for n in nodes)
        time.sleep(0.5)
    return result


def produce_idempotently(bootstrap: str, topic: str, count: int) -> None:
    """`record-0` .. `record-<count-1>` (keyed by their number) through an idempotent acks=all producer."""
    producer = Producer({"bootstrap.servers": bootstrap, "enable.idempotence": True, "acks": "all"})
    failures = []
    for i in range(count):
        producer.produce(topic, key=str(i).encode(), value=f"record-{i}".encode(),
                         on_delivery=lambda err, _msg: failures.append(err) if err else None)
    assert producer.flush(WAIT_S) == 0
    assert failures == []


def consume(bootstrap: str, topic: str, count: int) -> list[str]:
    """The values a consumer group member reads from the start of `topic`, until `count` (or WAIT_S passed)."""
    consumer = Consumer({"bootstrap.servers": bootstrap, "group.id": "reader", "auto.offset.reset": "earliest",
                         "enable.auto.commit": False})
    consumer.subscribe([topic])
    values = []
    deadline = time.monotonic() + WAIT_S
    try:
        while len(values) < count and time.monotonic() < deadline:
            message = consumer.poll(1.0)
            if message is not None and message.error() is None:
                values.append(message.value().decode())
    finally:
        consumer.close()
    return values


@pytest.mark.parametrize("controller_kind", [KafkaNode, KafkaControllerWithKbrokerFeatures, KBrokerNode],
                         ids=["kafka-controllers", "kafka-controllers-share-streams-off", "kbroker-controllers"])
def test_a_kbroker_broker_in_a_cluster(controller_kind, tmp_path):
    require_kafka_dist()
    with cluster(tmp_path, controller_kind) as (kafka_broker, kbroker_broker):
        kbroker_broker.wait_ready([KBROKER_BROKER_ID], timeout=WAIT_S)
        kafka_broker.wait_ready([KAFKA_BROKER_ID, KBROKER_BROKER_ID], timeout=WAIT_S)
        through_kbroker = f"127.0.0.1:{kbroker_broker.client_port}"
        through_kafka = f"127.0.0.1:{kafka_broker.client_port}"

        # Sent to the kbroker broker itself (an admin client sends CreateTopics to the broker Metadata names as
        # controller, any alive broker in KRaft): its only way to the controller is an envelope.
        with KafkaConnection(through_kbroker) as connection:
            created = connection.send(CreateTopicsRequest(topics=[CreatableTopic(
                name=name, num_partitions=-1, replication_factor=-1, assignments=[
                    CreatableReplicaAssignment(partition_index=0, broker_ids=[KBROKER_BROKER_ID])])
                for name in (TOPIC, TXN_TOPIC)], timeout_ms=WAIT_S * 1000), version=7)
            assert [(t.name, t.error_code) for t in created.topics] == [(TOPIC, 0), (TXN_TOPIC, 0)], created
            # two brokers are registered: a replication factor of 2 is placed on both (kbroker brokers replicate)
            replicated = connection.send(CreateTopicsRequest(topics=[CreatableTopic(
                name="replicated", num_partitions=1, replication_factor=2)], timeout_ms=WAIT_S * 1000), version=7)
            [result] = replicated.topics
            assert (result.error_code, result.replication_factor) == (E.NONE.code, 2), result
        assert wait_until(lambda: topic_partitions(through_kafka, TOPIC), "the topic on the Kafka broker",
                          kafka_broker, kbroker_broker) == {0: KBROKER_BROKER_ID}

        wait_until(lambda: topic_partitions(through_kbroker, TOPIC) == {0: KBROKER_BROKER_ID},
                   "the topic on the kbroker broker", kbroker_broker)
        produce_idempotently(through_kbroker, TOPIC, RECORDS)
        assert consume(through_kbroker, TOPIC, RECORDS) == [f"record-{i}" for i in range(RECORDS)]

        wait_until(lambda: topic_partitions(through_kbroker, TXN_TOPIC) == {0: KBROKER_BROKER_ID},
                   "the transactional topic on the kbroker broker", kbroker_broker)
        assert run_txn_v2_session(through_kbroker, TXN_TOPIC) == TXN_V2_EXPECTED

        assert kbroker_broker.stop() == 0
        console = kbroker_broker.console_log.read_text(errors="replace")
        assert "The controller has asked us to exit controlled shutdown" in console, kbroker_broker.log_tail(40)
