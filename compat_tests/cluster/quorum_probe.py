"""Raw probes of one cluster node, each on its own short connection, so a dead or paused node costs one timeout
and never a client's retry logic: the KRaft quorum as that node answers DescribeQuorum on its CONTROLLER
listener, and the topics and topic configs its own metadata image holds (Metadata, DescribeConfigs on its
client listener).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.describe_configs_request import DescribeConfigsRequest, DescribeConfigsResource
from kbroker.protocol.messages.describe_quorum_request import DescribeQuorumRequest, PartitionData, TopicData
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic

METADATA_TOPIC = "__cluster_metadata"
TOPIC_RESOURCE = 2
DESCRIBE_QUORUM_VERSION = 2


class QuorumView(NamedTuple):
    """What the node answering DescribeQuorum as the leader says: itself, its epoch, high watermark and each
    voter's log end offset."""

    leader_id: int
    leader_epoch: int
    high_watermark: int
    voter_log_end_offsets: dict[int, int]


def describe_quorum_request(topic: str = METADATA_TOPIC, partition: int = 0) -> DescribeQuorumRequest:
    return DescribeQuorumRequest(topics=[TopicData(topic_name=topic, partitions=[PartitionData(
        partition_index=partition)])])


def quorum_leader_view(controller_port: int, timeout: float = 1.0) -> QuorumView | None:
    """The quorum as the node on `controller_port` describes it if that node is the leader; None when it is not
    (NOT_LEADER_OR_FOLLOWER), or does not answer within `timeout`."""
    try:
        with KafkaConnection(f"127.0.0.1:{controller_port}", timeout=timeout) as connection:
            response = connection.send(describe_quorum_request(), version=DESCRIBE_QUORUM_VERSION)
    except (OSError, ConnectionError):
        return None
    if response.error_code != 0 or not response.topics or not response.topics[0].partitions:
        return None
    partition = response.topics[0].partitions[0]
    if partition.error_code != 0:
        return None
    return QuorumView(partition.leader_id, partition.leader_epoch, partition.high_watermark,
                      {voter.replica_id: voter.log_end_offset for voter in partition.current_voters})


def topics_known(client_port: int, topics: Collection[str], timeout: float = 5.0) -> set[str]:
    """Which of `topics` the node on `client_port` lists in its Metadata answer (no auto-creation)."""
    request = MetadataRequest(topics=[MetadataRequestTopic(name=name) for name in topics],
                              allow_auto_topic_creation=False)
    with KafkaConnection(f"127.0.0.1:{client_port}", timeout=timeout) as connection:
        response = connection.send(request, version=12)
    return {topic.name for topic in response.topics if topic.error_code == 0}


def topic_config_values(client_port: int, topics: Collection[str], name: str,
                        timeout: float = 5.0) -> dict[str, str | None]:
    """topic -> the value of config `name` as the node on `client_port` describes it (topics it answers with an
    error are left out)."""
    request = DescribeConfigsRequest(resources=[DescribeConfigsResource(
        resource_type=TOPIC_RESOURCE, resource_name=topic, configuration_keys=[name]) for topic in topics])
    with KafkaConnection(f"127.0.0.1:{client_port}", timeout=timeout) as connection:
        response = connection.send(request, version=4)
    values: dict[str, str | None] = {}
    for result in response.results:
        if result.error_code == 0:
            values[result.resource_name] = next((c.value for c in result.configs if c.name == name), None)
    return values
