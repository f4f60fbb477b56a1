"""Replication's bad input, the same requests against a three-node cluster of each kind: a produce to a replica
that does not lead, a fetch that names a broker outside the replica set as its replica id, and fetches and
offset lookups that carry a stale or a future leader epoch. Each gets Apache Kafka 4.3.1's error code, and a
NOT_LEADER_OR_FOLLOWER from Produce v10+ names the leader and its endpoint (KIP-951)."""

from __future__ import annotations

import pytest

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.cluster.launcher import Cluster
from compat_tests.raw_client import RawConnection
from kbroker.protocol import records as R
from kbroker.protocol.messages.create_topics_request import (
    CreatableReplicaAssignment,
    CreatableTopic,
    CreateTopicsRequest,
)
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.list_offsets_request import (
    ListOffsetsPartition,
    ListOffsetsRequest,
    ListOffsetsTopic,
)
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.protocol.messages.produce_request import PartitionProduceData, ProduceRequest, TopicProduceData

pytestmark = [pytest.mark.cluster, pytest.mark.java]

NONE, NOT_LEADER_OR_FOLLOWER, FENCED_LEADER_EPOCH, UNKNOWN_LEADER_EPOCH = 0, 6, 74, 75
REPLICAS = [1, 2]  # node 3 holds no replica of the test topic


@pytest.fixture(scope="module")
def cluster(broker_kind: str):
    require_kafka_dist()
    with Cluster(broker_kind) as started:
        yield started


@pytest.fixture
def two_replica_topic(cluster: Cluster, topic: str) -> str:
    # by hand: confluent-kafka's NewTopic refuses a replica assignment ("mutually exclusive" with its defaults)
    request = CreateTopicsRequest(topics=[CreatableTopic(name=topic, num_partitions=-1, replication_factor=-1,
                                                         assignments=[CreatableReplicaAssignment(0, REPLICAS)])])
    with RawConnection(address(cluster, 3)) as conn:
        [created] = conn.send(request, version=7).topics
    assert created.error_code == NONE, created
    cluster.wait_until(lambda: sorted(cluster.partition_states(topic).get(0, (-1, []))[1]) == REPLICAS,
                       f"{topic}-0 with both replicas in its ISR")
    cluster.wait_until(lambda: every_node_agrees_on_the_leader(cluster, topic),
                       f"every node's metadata naming the same leader of {topic}-0")
    return topic


def address(cluster: Cluster, node: int) -> str:
    return f"127.0.0.1:{cluster.node(node).client_port}"


def leader_and_epoch(cluster: Cluster, topic: str, asked: int = 1) -> tuple[int, int]:
    with RawConnection(address(cluster, asked)) as conn:
        response = conn.send(MetadataRequest(topics=[MetadataRequestTopic(name=topic)],
                                             allow_auto_topic_creation=False), version=12)
    [described] = response.topics
    if described.error_code != NONE or not described.partitions:
        return -1, -1  # not in this node's metadata yet
    [partition] = described.partitions
    return partition.leader_id, partition.leader_epoch


def every_node_agrees_on_the_leader(cluster: Cluster, topic: str) -> bool:
    views = {leader_and_epoch(cluster, topic, node) for node in cluster.ids}
    return len(views) == 1 and (-1, -1) not in views


def produce(cluster: Cluster, node: int, topic: str, version: int):
    request = ProduceRequest(acks=-1, timeout_ms=10_000, topic_data=[TopicProduceData(
        name=topic, partition_data=[PartitionProduceData(index=0, records=R.build_batch([(0, b"k", b"v")]))])])
    with RawConnection(address(cluster, node)) as conn:
        response = conn.send(request, version)
    [[partition]] = [each.partition_responses for each in response.responses]
    return response, partition


def fetch(cluster: Cluster, node: int, topic: str, *, replica_id: int = -1, current_leader_epoch: int = -1):
    request = FetchRequest(max_wait_ms=0, min_bytes=0, max_bytes=1 << 20, replica_id=replica_id,
                           topics=[FetchTopic(topic=topic, partitions=[FetchPartition(
                               partition=0, fetch_offset=0, partition_max_bytes=1 << 20,
                               current_leader_epoch=current_leader_epoch)])])
    with RawConnection(address(cluster, node)) as conn:
        response = conn.send(request, version=12)
    return response.responses[0].partitions[0]


def list_offsets(cluster: Cluster, node: int, topic: str, current_leader_epoch: int) -> int:
    request = ListOffsetsRequest(replica_id=-1, topics=[ListOffsetsTopic(name=topic, partitions=[
        ListOffsetsPartition(partition_index=0, current_leader_epoch=current_leader_epoch, timestamp=-1)])])
    with RawConnection(address(cluster, node)) as conn:
        response = conn.send(request, version=7)
    return response.topics[0].partitions[0].error_code


def test_a_produce_to_a_follower_or_a_non_replica_names_the_leader(cluster, two_replica_topic):
    leader, epoch = leader_and_epoch(cluster, two_replica_topic)
    follower = next(node for node in REPLICAS if node != leader)
    for node in (follower, 3):
        _, old = produce(cluster, node, two_replica_topic, version=9)
        assert old.error_code == NOT_LEADER_OR_FOLLOWER
        response, hinted = produce(cluster, node, two_replica_topic, version=11)
        assert hinted.error_code == NOT_LEADER_OR_FOLLOWER
        assert (hinted.current_leader.leader_id, hinted.current_leader.leader_epoch) == (leader, epoch)
        assert [(each.node_id, each.port) for each in response.node_endpoints] == [
            (leader, cluster.node(leader).client_port)]
    _, accepted = produce(cluster, leader, two_replica_topic, version=11)
    assert accepted.error_code == NONE


def test_a_replica_fetch_from_a_broker_outside_the_replica_set_is_refused(cluster, two_replica_topic):
    leader, _ = leader_and_epoch(cluster, two_replica_topic)
    assert fetch(cluster, leader, two_replica_topic, replica_id=3).error_code == NOT_LEADER_OR_FOLLOWER
    follower = next(node for node in REPLICAS if node != leader)
    assert fetch(cluster, follower, two_replica_topic, replica_id=leader).error_code == NOT_LEADER_OR_FOLLOWER
    assert fetch(cluster, leader, two_replica_topic).error_code == NONE


def test_stale_and_future_leader_epochs(cluster, two_replica_topic):
    first_leader, first_epoch = leader_and_epoch(cluster, two_replica_topic)
    cluster.node(first_leader).stop()  # a controlled shutdown: the other replica leads in a later epoch
    try:
        cluster.wait_until(lambda: leader_and_epoch(cluster, two_replica_topic, asked=3)[0] not in (first_leader, -1),
                           f"{two_replica_topic}-0 led by the other replica")
    finally:
        cluster.restart(first_leader)
    leader, epoch = leader_and_epoch(cluster, two_replica_topic, asked=3)
    assert epoch > first_epoch
    assert fetch(cluster, leader, two_replica_topic, current_leader_epoch=first_epoch).error_code == \
        FENCED_LEADER_EPOCH
    assert fetch(cluster, leader, two_replica_topic, current_leader_epoch=epoch + 1).error_code == \
        UNKNOWN_LEADER_EPOCH
    assert fetch(cluster, leader, two_replica_topic, current_leader_epoch=epoch).error_code == NONE
    assert list_offsets(cluster, leader, two_replica_topic, first_epoch) == FENCED_LEADER_EPOCH
    assert list_offsets(cluster, leader, two_replica_topic, epoch + 1) == UNKNOWN_LEADER_EPOCH
    assert list_offsets(cluster, leader, two_replica_topic, epoch) == NONE
