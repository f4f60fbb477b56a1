"""The network client against real brokers, kbroker and Apache Kafka 4.3.1 alike: the ApiVersions handshake,
Metadata, DescribeCluster and CreateTopics round trips, pipelining on one connection, a broker killed with a
request in flight (the request fails; the next send reaches the restarted broker), and Apache Kafka's
CONTROLLER listener (the Raft APIs advertised, DescribeQuorum answered, a Vote with a foreign cluster id
refused while a Vote to a dead voter fails beside it)."""

from __future__ import annotations

import pytest
import trio

from compat_tests.brokers import KAFKA
from compat_tests.conftest import FAST_REREGISTRATION
from kbroker.network import Address, ConnectionFailed, ConnectionLost, NodeDirectory, open_channel_manager
from kbroker.network.versions import own_range
from kbroker.protocol import errors
from kbroker.protocol.messages.api_versions_request import ApiVersionsRequest
from kbroker.protocol.messages.begin_quorum_epoch_request import BeginQuorumEpochRequest
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreateTopicsRequest
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest
from kbroker.protocol.messages.describe_quorum_request import DescribeQuorumRequest
from kbroker.protocol.messages.describe_quorum_request import PartitionData as DescribeQuorumPartition
from kbroker.protocol.messages.describe_quorum_request import TopicData as DescribeQuorumTopic
from kbroker.protocol.messages.end_quorum_epoch_request import EndQuorumEpochRequest
from kbroker.protocol.messages.fetch_request import FetchPartition, FetchRequest, FetchTopic
from kbroker.protocol.messages.fetch_snapshot_request import FetchSnapshotRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.protocol.messages.vote_request import PartitionData as VotePartition
from kbroker.protocol.messages.vote_request import TopicData as VoteTopic
from kbroker.protocol.messages.vote_request import VoteRequest
from tests.network.fake_peer import client_settings, unused_port

NODE = 1


def run_against(broker, async_fn, **settings):
    """Run `async_fn(channels)` with a channel manager that knows `broker` as node 1."""
    async def main():
        directory = NodeDirectory({NODE: Address(broker.host, broker.port)})
        async with open_channel_manager(directory, client_settings(**settings)) as channels:
            await async_fn(channels)

    trio.run(main)


async def create_topic(channels, topic: str, partitions: int):
    """CreateTopics, then Metadata until every partition has a leader (Kafka's brokers learn of a new topic a
    moment after the controller answered)."""
    created = await channels.send(NODE, CreateTopicsRequest(
        topics=[CreatableTopic(name=topic, num_partitions=partitions, replication_factor=1)]))
    assert [(t.name, t.error_code) for t in created.topics] == [(topic, errors.NONE.code)]
    with trio.fail_after(30):
        while True:
            metadata = await channels.send(NODE, MetadataRequest(topics=[MetadataRequestTopic(name=topic)]))
            [described] = metadata.topics
            if described.error_code == errors.NONE.code and all(p.leader_id >= 0 for p in described.partitions):
                return metadata
            await trio.sleep(0.05)


async def wait_until_fetchable(channels, topic: str):
    """Fetch with no wait until partition 0 answers without error. Kafka's metadata cache names a new
    partition's leader a moment before its replica manager holds the partition; a fetch in that moment is
    answered at once with NOT_LEADER_OR_FOLLOWER instead of waiting for data."""
    probe = FetchRequest(max_wait_ms=0, min_bytes=1, topics=[FetchTopic(
        topic=topic, partitions=[FetchPartition(partition=0, fetch_offset=0, partition_max_bytes=1 << 20)])])
    with trio.fail_after(30):
        while True:
            response = await channels.send(NODE, probe, version_cap=12)
            errors_seen = [p.error_code for t in response.responses for p in t.partitions]
            if response.error_code == errors.NONE.code and errors_seen == [errors.NONE.code]:
                return
            await trio.sleep(0.05)


def test_api_versions_handshake_and_version_negotiation(broker):
    async def check(channels):
        versions = await channels.node(NODE).peer_versions()
        assert versions.ranges[ApiVersionsRequest.API_KEY][1] >= 4
        metadata_range = versions.ranges[MetadataRequest.API_KEY]
        expected = min(metadata_range[1], own_range(MetadataRequest)[1])
        assert versions.usable_version(MetadataRequest) == expected
        assert versions.usable_version(MetadataRequest, 9) == 9
        for version_cap in (expected, 9, 4):
            response = await channels.send(NODE, MetadataRequest(topics=[]), version_cap=version_cap)
            assert [(b.host, b.port) for b in response.brokers] == [(broker.host, broker.port)]

    run_against(broker, check)


def test_metadata_and_describe_cluster_round_trips(broker, topic):
    async def check(channels):
        metadata = await create_topic(channels, topic, 2)
        [described_topic] = metadata.topics
        assert described_topic.name == topic
        assert sorted(p.partition_index for p in described_topic.partitions) == [0, 1]
        cluster = await channels.send(NODE, DescribeClusterRequest())
        assert cluster.error_code == errors.NONE.code
        assert cluster.cluster_id == metadata.cluster_id and cluster.cluster_id
        assert [(b.broker_id, b.host, b.port) for b in cluster.brokers] == [
            (b.node_id, b.host, b.port) for b in metadata.brokers]

    run_against(broker, check)


def test_pipelined_requests_on_one_connection_are_each_matched_to_their_response(broker):
    names = [f"absent-{i}" for i in range(20)]

    async def check(channels):
        answered = {}

        async def ask(name):
            response = await channels.send(NODE, MetadataRequest(
                topics=[MetadataRequestTopic(name=name)], allow_auto_topic_creation=False))
            answered[name] = [(t.name, t.error_code) for t in response.topics]

        async with trio.open_nursery() as nursery:
            for name in names:
                nursery.start_soon(ask, name)
        assert answered == {name: [(name, errors.UNKNOWN_TOPIC_OR_PARTITION.code)] for name in names}
        assert channels.node(NODE).connection is not None

    run_against(broker, check, max_in_flight=5)


def test_a_broker_killed_mid_request_fails_it_and_a_later_send_reaches_the_restarted_broker(broker_factory,
                                                                                              topic):
    broker = broker_factory(FAST_REREGISTRATION)

    async def check(channels):
        await create_topic(channels, topic, 1)
        await wait_until_fetchable(channels, topic)
        # A fetch past the end of an empty partition waits max_wait_ms for data: it is still in flight when
        # the broker dies.
        long_poll = FetchRequest(max_wait_ms=120_000, min_bytes=1, topics=[FetchTopic(
            topic=topic, partitions=[FetchPartition(partition=0, fetch_offset=0, partition_max_bytes=1 << 20)])])
        outcome = []

        async def fetch():
            try:
                outcome.append(await channels.send(NODE, long_poll, version_cap=12, timeout_ms=180_000))
            except ConnectionLost as exc:
                outcome.append(exc)

        async with trio.open_nursery() as nursery:
            nursery.start_soon(fetch)
            while not outcome and ((connection := channels.node(NODE).connection) is None
                                   or connection.in_flight == 0):
                await trio.sleep(0.01)
            await trio.to_thread.run_sync(broker.kill)
        assert len(outcome) == 1 and isinstance(outcome[0], ConnectionLost), outcome
        await trio.to_thread.run_sync(broker.restart)
        metadata = await channels.send(NODE, MetadataRequest(topics=[MetadataRequestTopic(name=topic)]),
                                       timeout_ms=60_000)
        assert [t.name for t in metadata.topics] == [topic]

    run_against(broker, check)


def test_kafkas_controller_listener_speaks_raft_and_describe_quorum(broker):
    if broker.name != KAFKA:
        pytest.skip("a single kbroker node has no CONTROLLER listener")

    async def main():
        directory = NodeDirectory({NODE: Address(broker.host, broker.controller_port)})
        async with open_channel_manager(directory, client_settings(client_id="raft-client-2")) as channels:
            versions = await channels.node(NODE).peer_versions()
            for raft_api in (VoteRequest, BeginQuorumEpochRequest, EndQuorumEpochRequest, FetchRequest,
                             FetchSnapshotRequest):
                assert versions.usable_version(raft_api) >= 0
            response = await channels.send(NODE, DescribeQuorumRequest(topics=[DescribeQuorumTopic(
                topic_name="__cluster_metadata", partitions=[DescribeQuorumPartition(partition_index=0)])]))
            [partition] = response.topics[0].partitions
            assert (partition.error_code, partition.leader_id) == (errors.NONE.code, NODE)
            assert [voter.replica_id for voter in partition.current_voters] == [NODE]

    trio.run(main)


def test_a_vote_sent_to_a_kafka_controller_and_a_dead_voter_at_once_gets_both_replies(broker):
    if broker.name != KAFKA:
        pytest.skip("a single kbroker node has no CONTROLLER listener")

    async def main():
        directory = NodeDirectory({NODE: Address(broker.host, broker.controller_port),
                                   2: Address("127.0.0.1", unused_port())})
        vote = VoteRequest(cluster_id="not-this-cluster-id-00", voter_id=NODE, topics=[VoteTopic(
            topic_name="__cluster_metadata", partitions=[VotePartition(replica_epoch=5, replica_id=2)])])
        async with open_channel_manager(directory, client_settings(client_id="raft-client-2")) as channels:
            send_replies, replies = trio.open_memory_channel(2)
            for voter in (2, NODE):
                channels.send_soon(voter, vote, send_replies, tag=voter)
            by_voter = {reply.tag: reply for reply in [await replies.receive(), await replies.receive()]}
        assert isinstance(by_voter[2].error, ConnectionFailed)
        assert by_voter[NODE].error is None
        assert by_voter[NODE].response.error_code == errors.INCONSISTENT_CLUSTER_ID.code

    trio.run(main)
