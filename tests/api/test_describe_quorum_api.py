"""DescribeQuorum (key 55) on the single-voter node's broker listener, what `kafka-metadata-quorum
--bootstrap-server` asks: the node is the leader and only voter of its quorum; another partition is refused with
UNKNOWN_TOPIC_OR_PARTITION as on a controller listener."""

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.describe_quorum_request import DescribeQuorumRequest, PartitionData, TopicData

NONE, UNKNOWN_TOPIC_OR_PARTITION = 0, 3


@pytest.fixture(scope="module")
def conn_and_broker(tmp_path_factory):
    from kbroker.testing import broker_config, run_broker_in_thread
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("quorum") / "logs")) as broker:
        with KafkaConnection(broker.bootstrap) as conn:
            yield conn, broker


def request(topic: str = "__cluster_metadata", partition: int = 0) -> DescribeQuorumRequest:
    return DescribeQuorumRequest(topics=[TopicData(topic_name=topic, partitions=[
        PartitionData(partition_index=partition)])])


@pytest.mark.parametrize("version", [0, 1, 2])
def test_the_node_leads_its_one_voter_quorum(conn_and_broker, version):
    conn, broker = conn_and_broker
    response = conn.send(request(), version=version)
    assert response.error_code == NONE
    [topic] = response.topics
    [partition] = topic.partitions
    assert (partition.error_code, partition.leader_id) == (NONE, 1)
    assert partition.leader_epoch >= 1
    assert partition.high_watermark == broker.state.metadata.raft.committed_offset
    assert [voter.replica_id for voter in partition.current_voters] == [1]
    assert partition.current_voters[0].log_end_offset >= partition.high_watermark
    assert partition.observers == []


def test_another_partition_is_unknown(conn_and_broker):
    conn, _ = conn_and_broker
    [partition] = conn.send(request(partition=1), version=2).topics[0].partitions
    assert partition.error_code == UNKNOWN_TOPIC_OR_PARTITION
