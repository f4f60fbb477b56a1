"""Two Apache Kafka 4.3.1 brokers on three controllers, kbroker's or (the oracle) Kafka's own: a topic of
replication factor 2 created through a broker (CreateTopics forwarded to the active controller), records produced
with acks=all; the follower is stopped (SIGSTOP) and more records produced, so the follower falls behind and the
leader shrinks the ISR to itself with AlterPartition (the leader and its epoch stay), which lets those records be
acknowledged; the follower resumes, catches up and the leader expands the ISR back with AlterPartition. kafka-topics --describe shows the same leader and ISRs on both kinds of
controllers, and every record produced is read back.

The brokers' session timeout is far longer than the pause, so the ISR changes come from the leader's
AlterPartition, not from the controller fencing the follower (on kbroker its log says so)."""

from __future__ import annotations

import re
import time

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.brokers import KAFKA, KBROKER
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


@pytest.mark.parametrize("controllers", [KBROKER, KAFKA])
def test_the_leader_shrinks_and_expands_the_isr_with_alter_partition(controllers, tmp_path):
    require_kafka_dist()
    with running_controllers({n: controllers for n in VOTERS}, tmp_path, CONTROLLER_CONFIGS) as \
            (cluster_id, ports, nodes), \
            ready_kafka_broker(cluster_id, ports, tmp_path, BROKERS[0], BROKER_CONFIGS) as first, \
            ready_kafka_broker(cluster_id, ports, tmp_path, BROKERS[1], BROKER_CONFIGS) as second:
        first.wait_ready(BROKERS, timeout=WAIT_S)
        bootstrap = f"127.0.0.1:{first.client_port}"
        check(kafka_topics(bootstrap, "--create", "--topic", TOPIC, "--partitions", "1",
                           "--replication-factor", "2"))
        leader, _, epoch = wait_for_partition(bootstrap, lambda leader, isr, _: leader in BROKERS and
                                              sorted(isr) == sorted(BROKERS), "a leader and both brokers in the ISR")
        brokers = {b.node_id: b for b in (first, second)}
        follower = next(b for b in BROKERS if b != leader)
        leader_bootstrap = f"127.0.0.1:{brokers[leader].client_port}"
        before = [f"before-{i}" for i in range(50)]
        produce_all_acks(leader_bootstrap, before)

        brokers[follower].pause()
        try:
            # The follower falls behind only once there is something to fetch: these records are acknowledged
            # once the leader has taken it out of the ISR.
            during = [f"during-{i}" for i in range(50)]
            produce_all_acks(leader_bootstrap, during)
            assert partition_state(leader_bootstrap) == (leader, [leader], epoch)
        finally:
            brokers[follower].resume()
        # The ISR is the list the leader sends (a Kafka broker sends it in id order).
        _, isr, _ = wait_for_partition(leader_bootstrap, lambda *state: (state[0], sorted(state[1]), state[2]) == (
            leader, sorted(BROKERS), epoch), "the follower back in the ISR, in the same leader epoch")
        assert describe_partition(bootstrap) == (leader, isr)
        after = [f"after-{i}" for i in range(50)]
        produce_all_acks(leader_bootstrap, after)

        expected = before + during + after
        consumed = check(console_consume(leader_bootstrap, TOPIC, len(expected))).stdout.splitlines()
        assert consumed == expected
        if controllers == KBROKER:
            logs = "".join(node.console_log.read_text(errors="replace") for node in nodes.values())
            assert f"Node {leader} has altered ISR for {TOPIC}-0 to [{leader}]." in logs
            assert f"Node {leader} has altered ISR for {TOPIC}-0 to {isr}." in logs
            assert "because its session has timed out" not in logs
