"""Fault rounds against a three-node cluster under continuous produce and consume, checked by the queue
checker (compat_tests/cluster/): no acknowledged record lost, duplicated, reordered or given two offsets.

One cluster per broker kind for the whole module (three JVMs take ~1 GB). `make test` runs CLUSTER_ROUNDS
(default MAKE_TEST_ROUNDS: every fault kind, then kinds drawn at random); `make cluster-faults ROUNDS=300
BROKER=kafka|kbroker` runs the long one. Before the rounds, the group and transaction coordinators are checked to
move with the leadership of their `__consumer_offsets` / `__transaction_state` partitions.
CLUSTER_SEED replays a run; the report (seed, schedule, figures) is written to CLUSTER_REPORT_DIR (default:
the test's temporary directory) and printed.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import confluent_kafka
import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.faults import FaultRun
from compat_tests.cluster.launcher import CONTROLLER, REPLICATION, Cluster
from compat_tests.py_clients import ck_read_to_end
from kbroker.coordinator_partitions import partition_for

TIMEOUT_S = 60

pytestmark = [pytest.mark.cluster, pytest.mark.java]

# The figure: 20 rounds in `make test` (a round takes about 10 s; the module about 4 min per kind, see
# docs/ARCHITECTURE.md); the first six rounds take every fault kind once.
MAKE_TEST_ROUNDS = 20
ROUNDS = int(os.environ.get("CLUSTER_ROUNDS") or MAKE_TEST_ROUNDS)


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    require_kafka_dist()  # the Java producer and, for the kafka kind, the nodes themselves
    with Cluster(broker_kind) as started:
        yield started


def test_every_inter_node_path_goes_through_its_own_proxy_link(cluster, topic):
    """Each node reaches the others' controllers and, once it follows their partitions, their replication
    listeners only through the (source, destination) links made for it."""
    cluster.create_topic(topic, partitions=len(cluster.ids))  # with RF 3, each node follows the others
    cluster.wait_until(lambda: all(link.connections_accepted > 0 for (_, _, channel), link
                                   in cluster.network.links.items() if channel == REPLICATION),
                       "every node fetching from every other through its replication link")
    for node in cluster.ids:
        assert any(cluster.network.link(node, other, CONTROLLER).connections_accepted
                   for other in cluster.ids if other != node), f"node {node} never reached another controller"


def _partition_count(cluster: Cluster, topic: str) -> int:
    return len(cluster.admin().list_topics(topic, timeout=10).topics[topic].partitions)


def _coordinator_node(cluster: Cluster, internal_topic: str, key: str) -> tuple[int, int]:
    """(partition of `internal_topic` that `key` hashes to, the node leading it)."""
    partition = partition_for(key, _partition_count(cluster, internal_topic))
    return partition, cluster.leader_of(internal_topic, partition)


def _restart_until_healthy(cluster: Cluster, node: int, topics: list[str]) -> None:
    cluster.restart(node)
    for each in topics:
        cluster.wait_healthy(each, _partition_count(cluster, each))


def _stop_until_led_elsewhere(cluster: Cluster, internal_topic: str, partition: int, node: int) -> None:
    """A controlled shutdown of `node`, then until the partition it led has another leader."""
    cluster.node(node).stop()
    cluster.wait_until(lambda: cluster.partition_states(internal_topic).get(partition, (node, []))[0]
                       not in (node, -1), f"{internal_topic}-{partition} led by a node other than {node}")


# What a group coordinator answers while it is not ready (the group's `__consumer_offsets` partition was just created,
# or is still loading): both brokers answer these, and librdkafka hands them back from an explicit commit.
COORDINATOR_NOT_READY = {confluent_kafka.KafkaError.NOT_COORDINATOR,
                         confluent_kafka.KafkaError.COORDINATOR_LOAD_IN_PROGRESS,
                         confluent_kafka.KafkaError.COORDINATOR_NOT_AVAILABLE}


def _commit_when_the_coordinator_is_ready(consumer: confluent_kafka.Consumer,
                                          offsets: list[confluent_kafka.TopicPartition]) -> None:
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        try:
            consumer.commit(offsets=offsets, asynchronous=False)
            return
        except confluent_kafka.KafkaException as exc:
            if exc.args[0].code() not in COORDINATOR_NOT_READY or time.monotonic() > deadline:
                raise
        time.sleep(0.2)


def _commit_transaction(producer: confluent_kafka.Producer, topic: str, values: list[str]) -> None:
    producer.begin_transaction()
    for value in values:
        producer.produce(topic, value=value.encode(), partition=0)
    producer.commit_transaction(TIMEOUT_S)


def test_the_group_and_transaction_coordinators_move_with_their_partitions_leadership(cluster, topic):
    """The node leading a group's `__consumer_offsets` partition shuts down: the group's committed offset is read
    from the new leader. Then the node leading a transactional id's `__transaction_state` partition shuts down:
    the producer's next transaction commits through the new leader, and read_committed sees both."""
    cluster.create_topic(topic, partitions=1)
    group, txn_id = f"{topic}-group", f"{topic}-txn"
    producer = confluent_kafka.Producer({"bootstrap.servers": cluster.bootstrap, "transactional.id": txn_id,
                                         "acks": "all"})
    producer.init_transactions(TIMEOUT_S)
    _commit_transaction(producer, topic, ["a0", "a1"])
    committing = confluent_kafka.Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": group,
                                           "enable.auto.commit": False})
    mark = confluent_kafka.TopicPartition(topic, 0, 2)
    _commit_when_the_coordinator_is_ready(committing, [mark])
    committing.close()

    offsets_partition, group_node = _coordinator_node(cluster, "__consumer_offsets", group)
    _stop_until_led_elsewhere(cluster, "__consumer_offsets", offsets_partition, group_node)
    try:  # the node is back before the next test, whatever this one finds
        reading = confluent_kafka.Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": group,
                                            "enable.auto.commit": False})
        try:
            [committed] = reading.committed([confluent_kafka.TopicPartition(topic, 0)], timeout=TIMEOUT_S)
        finally:
            reading.close()
        assert committed.offset == 2
    finally:
        _restart_until_healthy(cluster, group_node, [topic, "__consumer_offsets", "__transaction_state"])

    state_partition, txn_node = _coordinator_node(cluster, "__transaction_state", txn_id)
    _stop_until_led_elsewhere(cluster, "__transaction_state", state_partition, txn_node)
    try:
        _commit_transaction(producer, topic, ["b0", "b1"])
        producer.flush(TIMEOUT_S)
        assert ck_read_to_end(cluster.bootstrap, topic, isolation="read_committed", at_least=4) == [
            b"a0", b"a1", b"b0", b"b1"]
    finally:
        _restart_until_healthy(cluster, txn_node, [topic, "__consumer_offsets", "__transaction_state"])


@pytest.mark.timeout(300 + 120 * ROUNDS)  # a round takes well under a minute; this only catches a hang
def test_fault_rounds_lose_no_acknowledged_record(cluster, topic, tmp_path):
    seed = int(os.environ.get("CLUSTER_SEED") or random.randrange(1 << 31))
    report = FaultRun(cluster, topic, seed, ROUNDS).run()
    report_dir = Path(os.environ.get("CLUSTER_REPORT_DIR") or tmp_path)
    path = report.save(report_dir / f"cluster-faults-{cluster.kind}-seed{seed}.json")
    summary = json.dumps({key: value for key, value in report.as_json().items() if key != "rounds"}, indent=1)
    print(f"\n{summary}\nreport: {path}")
    assert set(report.acks_by_producer()) == {"p1", "p2", "j7"}, "a producer had no record acknowledged"
    assert report.result.read >= report.result.acknowledged
    assert report.result.isr_samples_judged > 0, "no node ever described a partition it leads"
    assert report.result.ok, f"seed {seed} (replay: CLUSTER_SEED={seed} CLUSTER_ROUNDS={ROUNDS}); report {path}\n" \
                             f"{report.result.describe()}"
