"""Mixed clusters (issue #19): kbroker and Apache Kafka 4.3.1 combined nodes in one KRaft cluster, both ways round
(1 kbroker + 2 Kafka, 2 kbroker + 1 Kafka; compat_tests/cluster/launcher.py builds them), checked with the
harness of the one-kind clusters:

- fault rounds under continuous produce and consume, each round hitting a partition led by a node of the kind
  its turn names (kbroker, Kafka, kbroker, ...), then the queue checker: nothing lost, duplicated, reordered;
- a consumer group whose coordinator is on the layout's lone node kind; that node shuts down, so the group
  moves to a node of the other kind while its member keeps consuming and committing;
- Kafka's TransactionalMessageCopier with random aborts under kills of coordinators and leaders of either kind
  (MIXED_TXN_ROUNDS of the rounds of compat_tests/test_txn_faults.py, run on the mixed cluster);
- Kafka's kafka-metadata-quorum describes the mixed quorum (--status, --replication) through any controller.

`make test` runs MIXED_ROUNDS (default MAKE_TEST_ROUNDS) of `kill_leader`; `make mixed-faults ROUNDS=n
[SEED=n] [FAULTS=kind,kind]` the long run, every fault kind by default (mk/mixed.mk). MIXED_SEED replays.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path

import confluent_kafka
import pytest

from compat_tests import test_txn_faults as txn_faults
from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.faults import FaultRun
from compat_tests.cluster.launcher import Cluster
from compat_tests.py_clients import ck_read_to_end
from compat_tests.test_controller_quorum import describe, replication_rows, status_fields
from kbroker.coordinator_partitions import partition_for

pytestmark = [pytest.mark.cluster, pytest.mark.java]

LAYOUTS = {"1kbroker-2kafka": ("kbroker", "kafka", "kafka"), "2kbroker-1kafka": ("kbroker", "kbroker", "kafka")}
MAKE_TEST_ROUNDS = 4  # two leader kills on each kind
ROUNDS = int(os.environ.get("MIXED_ROUNDS") or MAKE_TEST_ROUNDS)
FAULTS = tuple((os.environ.get("MIXED_FAULTS") or "kill_leader").split(","))
LEADER_KINDS = ("kbroker", "kafka")
# Copier rounds (compat_tests/test_txn_faults.py's targets in turn: the transaction coordinator's node, then the
# group coordinator's): a round takes 30-90 s on a loaded machine.
TXN_ROUNDS = int(os.environ.get("MIXED_TXN_ROUNDS") or 2)
# Leadership goes back to the preferred replicas (spread over the three nodes) soon after a restart, so every
# round finds a partition led by the kind it wants.
OVERRIDES = {"leader.imbalance.check.interval.seconds": "2"}
TIMEOUT_S = 60


@pytest.fixture(scope="module", params=list(LAYOUTS), ids=list(LAYOUTS))
def cluster(request):
    require_kafka_dist()
    with Cluster(LAYOUTS[request.param], overrides=OVERRIDES) as started:
        txn_faults.create_internal_topics(started)
        yield started


@pytest.mark.timeout(300 + 120 * ROUNDS)  # only catches a hang
def test_fault_rounds_on_leaders_of_either_kind_lose_nothing(cluster, topic, tmp_path):
    seed = int(os.environ.get("MIXED_SEED") or random.randrange(1 << 31))
    report = FaultRun(cluster, topic, seed, ROUNDS, fault_kinds=FAULTS, leader_kinds=LEADER_KINDS).run()
    report_dir = Path(os.environ.get("CLUSTER_REPORT_DIR") or tmp_path)
    path = report.save(report_dir / f"cluster-faults-{cluster.kind}-seed{seed}.json")
    summary = json.dumps({key: value for key, value in report.as_json().items() if key != "rounds"}, indent=1)
    print(f"\n{summary}\nreport: {path}")
    hit = [cluster.kinds[record.leader] for record in report.rounds]
    assert hit == [LEADER_KINDS[i % len(LEADER_KINDS)] for i in range(ROUNDS)]
    assert set(report.acks_by_producer()) == {"p1", "p2", "j7"}, "a producer had no record acknowledged"
    assert report.result.ok, f"seed {seed} (replay: MIXED_SEED={seed} MIXED_ROUNDS={ROUNDS}); report {path}\n" \
                             f"{report.result.describe()}"


def _lone_kind(cluster: Cluster) -> str:
    kinds = list(cluster.kinds.values())
    return min(set(kinds), key=kinds.count)


def _group_coordinated_by(cluster: Cluster, kind: str, prefix: str) -> tuple[str, int, int]:
    """A group id whose `__consumer_offsets` partition a node of `kind` leads: (group, partition, node)."""
    offsets_partitions = len(cluster.admin().list_topics("__consumer_offsets", timeout=10)
                             .topics["__consumer_offsets"].partitions)
    states = cluster.partition_states("__consumer_offsets")
    for index in range(1000):
        group = f"{prefix}-{index}"
        partition = partition_for(group, offsets_partitions)
        leader = states.get(partition, (-1, []))[0]
        if cluster.kinds.get(leader) == kind:
            return group, partition, leader
    raise AssertionError(f"no __consumer_offsets partition led by a {kind} node: {states}")


def _produce(cluster: Cluster, topic: str, values: list[bytes]) -> None:
    producer = confluent_kafka.Producer({"bootstrap.servers": cluster.bootstrap, "acks": "all",
                                         "enable.idempotence": True})
    for value in values:
        producer.produce(topic, value=value, partition=0)
    assert producer.flush(TIMEOUT_S) == 0


def _consume_and_commit(consumer: confluent_kafka.Consumer, count: int) -> list[bytes]:
    """`count` values from the member's assignment, each committed (synchronously) after it is read; commits the
    coordinator is not ready for are retried."""
    values: list[bytes] = []
    deadline = time.monotonic() + TIMEOUT_S * 2
    while len(values) < count:
        assert time.monotonic() < deadline, f"read {len(values)} of {count}"
        message = consumer.poll(0.5)
        if message is None or message.error() is not None:
            continue
        values.append(message.value())
        while True:
            try:
                consumer.commit(message=message, asynchronous=False)
                break
            except confluent_kafka.KafkaException as exc:
                if exc.args[0].code() not in txn_faults.COORDINATOR_NOT_READY or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
    return values


def test_a_group_coordinator_moves_to_the_other_kind_under_a_live_member(cluster, topic):
    cluster.create_topic(topic, partitions=1)
    lone = _lone_kind(cluster)
    group, offsets_partition, coordinator = _group_coordinated_by(cluster, lone, topic)
    before, after = [f"before-{i}".encode() for i in range(50)], [f"after-{i}".encode() for i in range(50)]
    _produce(cluster, topic, before)
    member = confluent_kafka.Consumer({"bootstrap.servers": cluster.bootstrap, "group.id": group,
                                       "enable.auto.commit": False, "auto.offset.reset": "earliest"})
    member.subscribe([topic])
    stopped = False
    try:
        assert _consume_and_commit(member, len(before)) == before
        cluster.node(coordinator).stop()  # a controlled shutdown: the partition's leadership moves first
        stopped = True
        cluster.wait_until(lambda: cluster.kinds.get(cluster.partition_states("__consumer_offsets").get(
            offsets_partition, (coordinator, []))[0]) not in (lone, None),
            f"__consumer_offsets-{offsets_partition} led by a node of the other kind than {lone}")
        _produce(cluster, topic, after)
        assert _consume_and_commit(member, len(after)) == after
        member.close()
        assert txn_faults._committed_offset(cluster, group, topic) == len(before) + len(after)
    finally:
        member.close()  # a second close is a no-op
        if stopped:
            txn_faults._heal(cluster, coordinator, [(topic, 1), *txn_faults._internal_topics(cluster)])
    assert ck_read_to_end(cluster.bootstrap, topic, at_least=100) == before + after


@pytest.mark.timeout(600 + 300 * TXN_ROUNDS)
def test_transactional_copier_with_random_aborts_under_kills_of_either_kind(cluster, topic, tmp_path):
    txn_faults.copy_under_kills(cluster, topic, tmp_path, TXN_ROUNDS)


def test_kafka_metadata_quorum_describes_the_mixed_quorum(cluster):
    ports = [cluster.controller_ports[node] for node in cluster.ids]
    deadline = time.monotonic() + TIMEOUT_S
    while True:
        status = describe(ports, "--status")
        fields = status_fields(status.stdout) if status.returncode == 0 else {}
        if fields.get("MaxFollowerLag") == "0" or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    assert status.returncode == 0, status.stderr
    assert fields["ClusterId"] == cluster.cluster_id
    assert int(fields["LeaderId"]) in cluster.ids and fields["MaxFollowerLag"] == "0", fields
    assert sorted(voter["id"] for voter in json.loads(fields["CurrentVoters"])) == cluster.ids
    leader = int(fields["LeaderId"])
    replication = describe(ports, "--replication")
    assert replication.returncode == 0, replication.stderr
    rows = replication_rows(replication.stdout)
    assert {node: rows[node]["Status"] for node in cluster.ids} == {
        node: "Leader" if node == leader else "Follower" for node in cluster.ids}
