"""Two Apache Kafka 4.3.1 brokers on three controllers, kbroker's or (the oracle) Kafka's own: a topic of
replication factor 2 created through a broker (CreateTopics forwarded to the active controller), records produced
with acks=all; the follower is stopped (SIGSTOP, or kill -9) and more records produced, so the follower falls
behind and leaves the ISR (the leader and its epoch stay), which lets those records be acknowledged; the follower
resumes (or is restarted), catches up and the leader adds it back to the ISR with AlterPartition. kafka-topics --describe shows the same leader and ISRs on both kinds of
controllers, and every record produced is read back.

With SIGSTOP the brokers' session timeout is far longer than the pause, so both ISR changes come from the
leader's AlterPartition, not from the controller fencing the follower (on kbroker its log says so)."""

from __future__ import annotations

import contextlib
import re
import time

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KAFKA, KBROKER
from compat_tests.cluster.nodes import KafkaNode
from compat_tests.java_tools import check, console_consume, console_produce, kafka_topics
from compat_tests.raw_client import RawConnection
from compat_tests.test_controller_quorum import VOTERS, WAIT_S, running_controllers
from compat_tests.test_kafka_broker_on_kbroker_controllers import ready_kafka_broker
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic

BROKERS = (10, 11)
TOPIC = "replicated"
CONTROLLER_CONFIGS = {"broker.session.timeout.ms": "120000"}
# A follower that has not caught up for 3 s leaves the ISR (the leader checks every 1.5 s).
BROKER_CONFIGS = {"replica.lag.time.max.ms": "3000", "broker.session.timeout.ms": "120000"}
# The stopped follower still accepts connections; a producer that picks it for metadata gives up on it sooner.
CLIENT_TIMEOUT = "request.timeout.ms=10000"
METADATA_VERSION = 12


def partition_state(bootstrap: str) -> tuple[int, list[int], int] | None:
    """(leader, ISR, leader epoch) of partition 0 in the Metadata of the broker at `bootstrap` (None when it
    does not list it). Asked of one broker directly: an admin client may pick the stopped one."""
    with RawConnection(bootstrap) as conn:
        response = conn.send(MetadataRequest(topics=[MetadataRequestTopic(name=TOPIC)],
                                             allow_auto_topic_creation=False), version=METADATA_VERSION)
    partitions = [p for t in response.topics if t.name == TOPIC and t.error_code == 0 for p in t.partitions
                  if p.partition_index == 0]
    return (partitions[0].leader_id, partitions[0].isr_nodes, partitions[0].leader_epoch) if partitions else None


def wait_for_partition(bootstrap: str, accept, what: str) -> tuple[int, list[int], int]:
    deadline = time.monotonic() + WAIT_S
    while not ((state := partition_state(bootstrap)) and accept(*state)):
        assert time.monotonic() < deadline, f"partition {TOPIC}-0 is {state} (leader, ISR, epoch), waiting for {what}"
        time.sleep(0.5)
    return state


def describe_partition(bootstrap: str) -> tuple[int, list[int]]:
    """(leader, ISR) of partition 0 as kafka-topics --describe shows it."""
    out = check(kafka_topics(bootstrap, "--describe", "--topic", TOPIC)).stdout
    match = re.search(r"Partition: 0\s+Leader: (-?\d+)\s+Replicas: [\d,]+\s+Isr: ([\d,]*)", out)
    assert match, out
    return int(match.group(1)), [int(b) for b in match.group(2).split(",") if b]


def produce_all_acks(bootstrap: str, values: list[str]) -> None:
    result = check(console_produce(bootstrap, TOPIC, values, "--command-property", "acks=all",
                                   "--command-property", CLIENT_TIMEOUT))
    assert "ERROR" not in result.stderr, result.stderr[-3000:]


class ReplicatedTopic:
    """Two Kafka brokers on three controllers of one kind, and TOPIC (one partition on both) created through the
    first broker; the partition's leader, its follower and the leader epoch as first seen."""

    def __init__(self, controllers: str, nodes, first: KafkaNode, second: KafkaNode):
        self.controllers = controllers
        self.nodes = nodes
        self.brokers = {b.node_id: b for b in (first, second)}
        self.bootstrap = f"127.0.0.1:{first.client_port}"
        check(kafka_topics(self.bootstrap, "--create", "--topic", TOPIC, "--partitions", "1",
                           "--replication-factor", "2"))
        self.leader, _, self.epoch = wait_for_partition(
            self.bootstrap, lambda leader, isr, _: leader in BROKERS and sorted(isr) == sorted(BROKERS),
            "a leader and both brokers in the ISR")
        self.follower = next(b for b in BROKERS if b != self.leader)
        self.leader_bootstrap = f"127.0.0.1:{self.brokers[self.leader].client_port}"
        self.produced: list[str] = []

    def produce(self, label: str) -> None:
        """50 records, acks=all, to the leader."""
        values = [f"{label}-{i}" for i in range(50)]
        produce_all_acks(self.leader_bootstrap, values)
        self.produced += values

    def wait_for_isr(self, isr: list[int], what: str) -> list[int]:
        """Until the leader's Metadata lists `isr` (in any order: it is the list the leader sent, which a Kafka
        broker sends in id order) with the same leader and leader epoch; the ISR as listed. The leader acts on
        an ISR change once the controller answers, its Metadata once it has fetched the record: a moment later."""
        _, listed, _ = wait_for_partition(self.leader_bootstrap, lambda leader, listed, epoch: (
            leader, sorted(listed), epoch) == (self.leader, sorted(isr), self.epoch), what)
        return listed

    def wait_for_both_in_isr(self, what: str) -> list[int]:
        """Until the follower is back in the ISR (same leader and leader epoch), as kafka-topics shows too."""
        isr = self.wait_for_isr(list(BROKERS), what)
        assert describe_partition(self.bootstrap) == (self.leader, isr)
        return isr

    def check_all_read_back(self) -> None:
        consumed = check(console_consume(self.leader_bootstrap, TOPIC, len(self.produced))).stdout.splitlines()
        assert consumed == self.produced

    def controller_logs(self) -> str:
        return "".join(node.console_log.read_text(errors="replace") for node in self.nodes.values())


@contextlib.contextmanager
def replicated_topic(controllers: str, tmp_path, controller_configs: dict[str, str]):
    require_kafka_dist()
    with running_controllers({n: controllers for n in VOTERS}, tmp_path, controller_configs) as \
            (cluster_id, ports, nodes), \
            ready_kafka_broker(cluster_id, ports, tmp_path, BROKERS[0], BROKER_CONFIGS) as first, \
            ready_kafka_broker(cluster_id, ports, tmp_path, BROKERS[1], BROKER_CONFIGS) as second:
        first.wait_ready(BROKERS, timeout=WAIT_S)
        yield ReplicatedTopic(controllers, nodes, first, second)


@pytest.mark.parametrize("controllers", [KBROKER, KAFKA])
def test_a_stopped_follower_leaves_the_isr_and_rejoins_it_through_alter_partition(controllers, tmp_path):
    with replicated_topic(controllers, tmp_path, CONTROLLER_CONFIGS) as topic:
        leader, follower = topic.leader, topic.follower
        topic.produce("before")
        topic.brokers[follower].pause()
        try:
            # The follower falls behind only once there is something to fetch: these records are acknowledged
            # once the leader has taken it out of the ISR.
            topic.produce("during")
            topic.wait_for_isr([leader], "the ISR shrunk to the leader, in the same leader epoch")
        finally:
            topic.brokers[follower].resume()
        isr = topic.wait_for_both_in_isr("the follower back in the ISR, in the same leader epoch")
        topic.produce("after")
        topic.check_all_read_back()
        if controllers == KBROKER:
            logs = topic.controller_logs()
            assert f"Node {leader} has altered ISR for {TOPIC}-0 to [{leader}]." in logs
            assert f"Node {leader} has altered ISR for {TOPIC}-0 to {isr}." in logs
            assert "because its session has timed out" not in logs


@pytest.mark.parametrize("controllers", [KBROKER, KAFKA])
def test_a_killed_follower_restarts_and_rejoins_the_isr_through_alter_partition(controllers, tmp_path):
    """kill -9: the follower leaves the ISR (the leader's AlterPartition or the controller fencing it, whichever
    comes first); restarted, it registers again once its old session expired, catches up, and the leader adds it
    back with AlterPartition."""
    with replicated_topic(controllers, tmp_path, {"broker.session.timeout.ms": "6000"}) as topic:
        leader, follower = topic.leader, topic.follower
        topic.produce("before")
        topic.brokers[follower].kill()
        topic.produce("during")
        topic.wait_for_isr([leader], "the ISR shrunk to the leader, in the same leader epoch")
        topic.brokers[follower].launch()
        topic.brokers[follower].wait_ready(BROKERS, timeout=WAIT_S)
        isr = topic.wait_for_both_in_isr("the restarted follower back in the ISR, in the same leader epoch")
        topic.produce("after")
        topic.check_all_read_back()
        if controllers == KBROKER:
            assert f"Node {leader} has altered ISR for {TOPIC}-0 to {isr}." in topic.controller_logs()
