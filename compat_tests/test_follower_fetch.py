"""KIP-392 fetch from the closest replica on a three-node cluster of each kind, one rack per node
(`broker.rack` rack-1..3) and `replica.selector.class` = Kafka's RackAwareReplicaSelector.

- The leader's own answer (a raw Fetch v12 with a rack id): a consumer in a follower's rack is sent to that
  follower (`preferred_read_replica`, no records, the high watermark); one in the leader's rack, in no known rack,
  or without a rack reads from the leader; a Fetch below v11 carries no client metadata and reads too.
- The follower serves a consumer's fetch (up to its high watermark), and ListOffsets still goes to the leader (a
  follower answers NOT_LEADER_OR_FOLLOWER to a consumer's ListOffsets).
- Stock clients follow the redirect: confluent-kafka with client.rack=rack-2 and the Java consumer
  (kafka-consumer-perf-test) with client.rack=rack-3 read every record, and their own per-broker byte counters
  (librdkafka's statistics, the Java consumer's consumer-node-metrics) show the record data came from the
  follower in their rack, not from the leader.
"""

from __future__ import annotations

import json
import re

import confluent_kafka
import pytest
from confluent_kafka import TopicPartition

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.launcher import Cluster
from compat_tests.java_tools import (
    check,
    consumer_performance,
    kafka_topics,
    producer_performance,
    write_properties,
)
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)

RACK_AWARE = "org.apache.kafka.common.replica.RackAwareReplicaSelector"
RECORDS = 2000
RECORD_SIZE = 1000
PAYLOAD = RECORDS * RECORD_SIZE

pytestmark = [pytest.mark.cluster, pytest.mark.java]


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    require_kafka_dist()
    with Cluster(broker_kind, overrides={"replica.selector.class": RACK_AWARE,
                                         "auto.leader.rebalance.enable": "false"},
                 node_overrides={node: {"broker.rack": f"rack-{node}"} for node in (1, 2, 3)}) as started:
        yield started


@pytest.fixture(scope="module")
def written(cluster) -> str:
    """A one-partition topic led by node 1 with followers 2 and 3, holding RECORDS records, fully in sync."""
    topic = "follower-fetch"
    check(kafka_topics(cluster.bootstrap, "--create", "--topic", topic, "--replica-assignment", "1:2:3"))
    cluster.wait_until(lambda: cluster.partition_states(topic).get(0, (-1, []))[0] == 1, f"{topic} led by 1")
    check(producer_performance(cluster.bootstrap, topic, RECORDS, RECORD_SIZE))
    cluster.wait_until(lambda: sorted(cluster.partition_states(topic).get(0, (-1, []))[1]) == [1, 2, 3],
                       f"{topic} fully in sync")
    # The followers' high watermarks reach the end with their next fetch (they learn it from the leader).
    cluster.wait_until(lambda: all(fetch(cluster, node, topic, "rack-1").high_watermark == RECORDS
                                   for node in (2, 3)), "the followers' high watermarks at the end")
    return topic


def address(cluster: Cluster, node: int) -> str:
    return f"127.0.0.1:{cluster.node(node).client_port}"


def fetch(cluster: Cluster, node: int, topic: str, rack: str, *, version: int = 12, offset: int = 0):
    request = FetchRequest(max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, rack_id=rack,
                           topics=[FetchTopic(topic=topic, partitions=[FetchPartition(
                               partition=0, fetch_offset=offset, partition_max_bytes=64 * 1024)])])
    with RawConnection(address(cluster, node)) as conn:
        response = conn.send(request, version=version)
    assert response.error_code == 0, response
    return response.responses[0].partitions[0]


def test_the_leader_sends_a_consumer_to_the_follower_in_its_rack(cluster, written):
    for rack, preferred in (("rack-2", 2), ("rack-3", 3)):
        answer = fetch(cluster, 1, written, rack, offset=5)
        assert (answer.error_code, answer.preferred_read_replica, bytes(answer.records)) == (0, preferred, b"")
        assert (answer.high_watermark, answer.log_start_offset) == (RECORDS, 0)
    for rack in ("rack-1", "", "rack-9"):
        answer = fetch(cluster, 1, written, rack)
        assert answer.preferred_read_replica == -1 and answer.records, rack
    below_kip_392 = fetch(cluster, 1, written, "", version=10)
    assert below_kip_392.preferred_read_replica == -1 and below_kip_392.records


def test_a_follower_serves_consumers_and_leaves_list_offsets_to_the_leader(cluster, written):
    answer = fetch(cluster, 2, written, "rack-2", offset=RECORDS - 10)
    assert (answer.error_code, answer.preferred_read_replica, answer.high_watermark) == (0, -1, RECORDS)
    assert answer.records
    past_end = fetch(cluster, 2, written, "rack-2", offset=RECORDS + 5)
    assert past_end.error_code == 1  # OFFSET_OUT_OF_RANGE: the Java consumer then goes back to the leader
    request = ListOffsetsRequest(replica_id=-1, topics=[ListOffsetsTopic(name=written, partitions=[
        ListOffsetsPartition(partition_index=0, timestamp=-1)])])
    for node, want in ((2, (6, -1)), (1, (0, RECORDS))):  # NOT_LEADER_OR_FOLLOWER on the follower
        with RawConnection(address(cluster, node)) as conn:
            [partition] = conn.send(request, version=7).topics[0].partitions
        assert (partition.error_code, partition.offset) == want, (node, partition)


def broker_bytes(stats: dict) -> dict[int, int]:
    """node id -> bytes librdkafka received from that broker."""
    return {broker["nodeid"]: broker["rxbytes"] for broker in stats["brokers"].values() if broker["nodeid"] >= 0}


def test_confluent_kafka_reads_from_the_follower_in_its_rack(cluster, written):
    stats: list[dict] = []
    consumer = confluent_kafka.Consumer({
        "bootstrap.servers": cluster.bootstrap, "group.id": "rack-2-reader", "client.rack": "rack-2",
        "enable.auto.commit": False, "auto.offset.reset": "earliest", "statistics.interval.ms": 200,
        "stats_cb": lambda text: stats.append(json.loads(text))})
    try:
        consumer.assign([TopicPartition(written, 0, confluent_kafka.OFFSET_BEGINNING)])
        read = 0
        while read < RECORDS:
            message = consumer.poll(1.0)
            if message is not None:
                assert message.error() is None, message.error()
                read += 1
        seen = len(stats)
        while len(stats) < seen + 2:  # statistics emitted after the last record arrived
            consumer.poll(0.2)
    finally:
        consumer.close()
    received = broker_bytes(stats[-1])
    assert received[2] >= PAYLOAD, received
    assert received[1] < PAYLOAD // 4 and received.get(3, 0) < PAYLOAD // 4, received


def test_the_java_consumer_reads_from_the_follower_in_its_rack(cluster, written, tmp_path):
    properties = write_properties(tmp_path / "consumer.properties", {"client.rack": "rack-3"})
    result = check(consumer_performance(cluster.bootstrap, written, RECORDS, "--command-config", str(properties),
                                        "--print-metrics", "--group", "rack-3-reader"))
    received = {int(node): float(value) for node, value in re.findall(
        r"consumer-node-metrics:incoming-byte-total:\{client-id=[^,}]*, node-id=node-(\d+)\}\s*:\s*([\d.]+)",
        result.stdout)}
    assert received.get(3, 0) >= PAYLOAD, result.stdout[-3000:]
    assert received.get(1, 0) < PAYLOAD // 4 and received.get(2, 0) < PAYLOAD // 4, received
