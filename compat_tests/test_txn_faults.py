"""Transactions under leader and coordinator kills on a three-node cluster (RF 3, min.insync.replicas 2), the
same test against kbroker and Apache Kafka 4.3.1 (one cluster per kind for the module, compat_tests/cluster/).

1. Coordinators answer once their writes are on the in-sync replicas: a transactional producer commits, and the
   leader of its `__transaction_state` partition is killed (kill -9) right after the answer, then restarted;
   a read_committed consumer still sees every committed transaction, and a new producer instance with the same
   transactional id continues. The same for the group: the leader of the group's `__consumer_offsets` partition
   is killed right after its offsets were committed in a transaction, and the committed offset is still there.
2. Kafka's TransactionalMessageCopier (compat_tests/cluster/copiers.py, --enable-random-aborts) copies a
   two-partition input topic to an output topic while, each round, one node is killed with kill -9 and
   restarted: in turn the leader of a copier's `__transaction_state` partition, of its group's
   `__consumer_offsets` partition, of an output partition and of an input partition. Every round appends fresh
   input and runs the copiers until they copied it. Afterwards a read_committed consumer of the output sees
   every input value exactly once and no value from an aborted transaction.

`make test` runs TXN_FAULT_ROUNDS (default MAKE_TEST_ROUNDS, one kill of each target); `make txn-faults
ROUNDS=N BROKER=kafka|kbroker [SEED=n]` the long run (mk/txn.mk). TXN_FAULT_SEED replays the draws (which node a
target names, when the kill lands, how long the node stays down).
"""

from __future__ import annotations

import json
import os
import random
import time
from collections import Counter

import confluent_kafka
import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.copiers import Copier, wait_all_done
from compat_tests.cluster.launcher import Cluster
from compat_tests.py_clients import ck_read_to_end
from kbroker.coordinator_partitions import partition_for

pytestmark = [pytest.mark.cluster, pytest.mark.java]

TIMEOUT_S = 60
INTERNAL_TOPICS = ("__consumer_offsets", "__transaction_state")
TARGETS = ("txn_coordinator", "group_coordinator", "output_leader", "input_leader")
MAKE_TEST_ROUNDS = len(TARGETS)
ROUNDS = int(os.environ.get("TXN_FAULT_ROUNDS") or MAKE_TEST_ROUNDS)
INPUT_PARTITIONS = 2
RECORDS_PER_ROUND = int(os.environ.get("TXN_FAULT_RECORDS") or 1000)  # per input partition
# A round's copy takes seconds; a copier still at work after this long is reported as hung.
COPY_TIMEOUT_S = 240


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    require_kafka_dist()  # the copier and, for the kafka kind, the nodes themselves
    with Cluster(broker_kind) as started:
        yield started


def _partition_count(cluster: Cluster, topic: str, *, created: bool = False) -> int:
    """The partition count of `topic`, 0 while it does not exist. With `created` (the caller just had it created),
    asked again until the node asked knows it: a node whose metadata lags answers UNKNOWN_TOPIC_OR_PARTITION."""
    deadline = time.monotonic() + TIMEOUT_S
    admin = cluster.admin()
    while True:
        described = admin.list_topics(topic, timeout=10).topics[topic]
        if not created or (described.error is None and described.partitions):
            return len(described.partitions)
        if time.monotonic() > deadline:
            raise TimeoutError(f"{topic} has no partitions after {TIMEOUT_S} s: {described.error}")
        time.sleep(0.2)


def _coordinator_leader(cluster: Cluster, internal_topic: str, key: str) -> int:
    return cluster.leader_of(internal_topic, partition_for(key, _partition_count(cluster, internal_topic)))


def _heal(cluster: Cluster, node: int, topics: list[tuple[str, int]]) -> None:
    """Restart the killed node and wait until every ISR is full again."""
    cluster.restart(node)
    for topic, partitions in topics:
        cluster.wait_healthy(topic, partitions)


def _internal_topics(cluster: Cluster, *, created: bool = False) -> list[tuple[str, int]]:
    return [(topic, _partition_count(cluster, topic, created=created)) for topic in INTERNAL_TOPICS]


def create_internal_topics(cluster: Cluster) -> None:
    """`__transaction_state` and `__consumer_offsets`, as their first users create them (InitProducerId,
    FindCoordinator), with every ISR full: the kills pick coordinators from their leaders."""
    producer = confluent_kafka.Producer({"bootstrap.servers": cluster.bootstrap, "transactional.id": "init"})
    producer.init_transactions(TIMEOUT_S)
    _committed_offset(cluster, "init", "init")
    for topic, partitions in _internal_topics(cluster, created=True):
        cluster.wait_healthy(topic, partitions)


def _producer(cluster: Cluster, txn_id: str) -> confluent_kafka.Producer:
    producer = confluent_kafka.Producer({"bootstrap.servers": cluster.bootstrap, "transactional.id": txn_id,
                                         "acks": "all"})
    producer.init_transactions(TIMEOUT_S)
    return producer


def test_a_coordinator_killed_right_after_its_answer_loses_nothing_answered(cluster, topic):
    cluster.create_topic(topic, partitions=3)
    txn_id, group = f"{topic}-txn", f"{topic}-group"
    producer = _producer(cluster, txn_id)
    committed: list[bytes] = []
    for attempt in range(2):
        # Another node leads the data partitions than the coordinator (where the cluster allows it), so the
        # markers travel after the answer.
        values = [f"{topic}-{attempt}-{partition}".encode() for partition in range(3)]
        producer.begin_transaction()
        for partition, value in enumerate(values):
            producer.produce(topic, value=value, partition=partition)
        producer.commit_transaction(TIMEOUT_S)
        committed += values
        coordinator = _coordinator_leader(cluster, "__transaction_state", txn_id)
        cluster.kill(coordinator)
        try:
            # The same transactional id, from a new instance, goes on through the new coordinator.
            producer = _producer(cluster, txn_id)
        finally:
            _heal(cluster, coordinator, [(topic, 3), *_internal_topics(cluster)])
    read = ck_read_to_end(cluster.bootstrap, topic, (0, 1, 2), isolation="read_committed", at_least=len(committed))
    assert sorted(read) == sorted(committed)

    # Offsets committed in a transaction (TxnOffsetCommit, then the marker on `__consumer_offsets`).
    consumer = confluent_kafka.Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": group,
                                         "enable.auto.commit": False})
    try:
        producer.begin_transaction()
        producer.produce(topic, value=b"with-offsets", partition=0)
        producer.send_offsets_to_transaction([confluent_kafka.TopicPartition(topic, 0, 1)],
                                             consumer.consumer_group_metadata(), TIMEOUT_S)
        producer.commit_transaction(TIMEOUT_S)
    finally:
        consumer.close()
    offsets_partition = partition_for(group, _partition_count(cluster, "__consumer_offsets"))
    group_node = cluster.leader_of("__consumer_offsets", offsets_partition)
    cluster.kill(group_node)
    try:
        cluster.wait_until(lambda: cluster.partition_states("__consumer_offsets").get(
            offsets_partition, (group_node, []))[0] not in (group_node, -1),
            f"__consumer_offsets-{offsets_partition} led by a node other than {group_node}")
        assert _committed_offset(cluster, group, topic) == 1
    finally:
        _heal(cluster, group_node, [(topic, 3), *_internal_topics(cluster)])


# What both brokers answer while a group's new coordinator loads its partition; librdkafka hands them back
# from committed().
COORDINATOR_NOT_READY = {confluent_kafka.KafkaError.NOT_COORDINATOR,
                         confluent_kafka.KafkaError.COORDINATOR_LOAD_IN_PROGRESS,
                         confluent_kafka.KafkaError.COORDINATOR_NOT_AVAILABLE}


def _committed_offset(cluster: Cluster, group: str, topic: str, partition: int = 0) -> int:
    deadline = time.monotonic() + TIMEOUT_S
    reading = confluent_kafka.Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": group,
                                        "enable.auto.commit": False, "isolation.level": "read_committed"})
    try:
        while True:
            try:
                [offset] = reading.committed([confluent_kafka.TopicPartition(topic, partition)], timeout=TIMEOUT_S)
                return offset.offset
            except confluent_kafka.KafkaException as exc:
                if exc.args[0].code() not in COORDINATOR_NOT_READY or time.monotonic() > deadline:
                    raise
            time.sleep(0.2)
    finally:
        reading.close()


def _produce_input(cluster: Cluster, source: str, round_index: int) -> list[bytes]:
    producer = confluent_kafka.Producer({"bootstrap.servers": cluster.bootstrap, "acks": "all",
                                         "enable.idempotence": True, "linger.ms": 20})
    values = []
    for partition in range(INPUT_PARTITIONS):
        for i in range(RECORDS_PER_ROUND):
            value = f"r{round_index}-p{partition}-{i}".encode()
            values.append(value)
            while True:
                try:
                    producer.produce(source, value=value, partition=partition)
                    break
                except BufferError:
                    producer.poll(0.1)
    assert producer.flush(TIMEOUT_S) == 0
    return values


def _copier_state(cluster: Cluster, source: str, sink: str, copiers: list[Copier]) -> str:
    """For a copier that never finished: the leader and ISR of every partition it uses, the committed offset
    its group has (read_committed), and what the nodes logged about those partitions."""
    lines = [f"node kinds: {cluster.kinds}"]
    names = []
    for copier in copiers:
        places = [(source, copier.partition), (sink, copier.partition)]
        for internal, key in (("__consumer_offsets", copier.group), ("__transaction_state", copier.transactional_id)):
            places.append((internal, partition_for(key, _partition_count(cluster, internal))))
        for topic, partition in places:
            names.append(f"{topic}-{partition}")
            lines.append(f"copier {copier.partition}: {topic}-{partition} (leader, ISR) "
                         f"{cluster.partition_states(topic).get(partition)}")
        try:
            committed = _committed_offset(cluster, copier.group, source, copier.partition)
        except confluent_kafka.KafkaException as exc:
            committed = exc.args[0]
        lines.append(f"copier {copier.partition}: committed offset of {copier.group}: {committed}")
    lines += [cluster.node(node).log_tail(15, mentioning=tuple(names)) for node in cluster.ids]
    return "\n".join(lines)


def _target_node(cluster: Cluster, target: str, rng: random.Random, source: str, sink: str,
                 copiers: list[Copier]) -> int:
    copier = rng.choice(copiers)
    if target == "txn_coordinator":
        return _coordinator_leader(cluster, "__transaction_state", copier.transactional_id)
    if target == "group_coordinator":
        return _coordinator_leader(cluster, "__consumer_offsets", copier.group)
    return cluster.leader_of(sink if target == "output_leader" else source, copier.partition)


@pytest.mark.timeout(600 + 300 * ROUNDS)  # only catches a hang
def test_copier_under_kills_copies_each_value_exactly_once(cluster, topic, tmp_path):
    copy_under_kills(cluster, topic, tmp_path, ROUNDS)


def copy_under_kills(cluster: Cluster, topic: str, tmp_path, round_count: int) -> None:
    """The copier rounds of the module docstring (item 2) on `cluster`, then the exactly-once checks."""
    seed = int(os.environ.get("TXN_FAULT_SEED") or random.randrange(1 << 31))
    rng = random.Random(seed)
    replay = f"seed {seed} (replay: TXN_FAULT_SEED={seed} TXN_FAULT_ROUNDS={round_count})"
    create_internal_topics(cluster)  # the first round's target may be a coordinator
    source, sink = f"{topic}-in", f"{topic}-out"
    cluster.create_topic(source, partitions=INPUT_PARTITIONS)
    cluster.create_topic(sink, partitions=INPUT_PARTITIONS)
    topics = [(source, INPUT_PARTITIONS), (sink, INPUT_PARTITIONS)]
    copiers = [Copier(cluster.bootstrap, source, sink, partition, topic, tmp_path)
               for partition in range(INPUT_PARTITIONS)]
    inputs: list[bytes] = []
    rounds = []
    started = time.monotonic()
    try:
        for index in range(round_count):
            round_start = time.monotonic()
            target = TARGETS[index % len(TARGETS)]
            inputs += _produce_input(cluster, source, index)
            node = _target_node(cluster, target, rng, source, sink, copiers)
            for copier in copiers:
                copier.start()
            # The copiers' JVMs start in a couple of seconds; the kill lands while they copy.
            time.sleep(rng.uniform(2.5, 5.0))
            cluster.kill(node)
            down_s = rng.uniform(1.0, 4.0)
            time.sleep(down_s)
            cluster.restart(node)
            try:
                wait_all_done(copiers, COPY_TIMEOUT_S, replay)
            except TimeoutError as exc:
                raise TimeoutError(f"{exc}\n{_copier_state(cluster, source, sink, copiers)}") from None
            copied_s = time.monotonic() - round_start
            # Every ISR full again before the next kill (the copy went on meanwhile).
            for each, partitions in topics + _internal_topics(cluster):
                cluster.wait_healthy(each, partitions)
            rounds.append({"round": index, "target": target, "node": node, "down_s": round(down_s, 1),
                           "copied_s": round(copied_s, 1), "round_s": round(time.monotonic() - round_start, 1),
                           "copier_restarts": sum(c.restarts for c in copiers)})
    finally:
        for copier in copiers:
            copier.stop()
    partitions = tuple(range(INPUT_PARTITIONS))
    outputs = ck_read_to_end(cluster.bootstrap, sink, partitions, isolation="read_committed", at_least=len(inputs))
    everything = ck_read_to_end(cluster.bootstrap, sink, partitions)
    counts = Counter(outputs)
    report = {"kind": cluster.kind, "seed": seed, "rounds": round_count, "inputs": len(inputs),
              "committed_outputs": len(outputs), "all_outputs": len(everything),
              "copier_restarts": sum(c.restarts for c in copiers),
              "seconds": round(time.monotonic() - started), "schedule": rounds}
    print(f"\n{json.dumps(report)}")
    assert [value for value, count in counts.items() if count > 1] == [], f"duplicated: {replay}"
    assert set(inputs) - set(counts) == set(), f"lost: {replay}"
    assert set(counts) - set(inputs) == set(), f"not from the input: {replay}"
    # The random aborts happened: their records are in the log, and read_committed skipped them.
    assert len(everything) > len(outputs)
