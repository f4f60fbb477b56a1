"""ElectLeaders on an in-process broker and the election rules on hand-made metadata images (a node whose
controller cannot write: an election that is needed finds no leader)."""

import uuid

import pytest

from kbroker.metadata.image import MetadataImage, PartitionRegistration, TopicImage
from kbroker.metadata.leader_election import PREFERRED, UNCLEAN, elect_one
from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.elect_leaders_request import ElectLeadersRequest, TopicPartitions

NONE, UNKNOWN_TOPIC, INVALID_REQUEST, PREFERRED_NOT_AVAILABLE, ELIGIBLE_NOT_AVAILABLE, NOT_NEEDED = \
    0, 3, 42, 80, 83, 84


def image_with(leader, replicas):
    registration = PartitionRegistration(partition_id=0, replicas=replicas, isr=replicas, leader=leader,
                                         leader_epoch=0, partition_epoch=0)
    topic = TopicImage(name="t", topic_id=uuid.uuid4(), partitions={0: registration})
    return MetadataImage(topics_by_id={topic.topic_id: topic}, topics_by_name={"t": topic})


def elect(image, topic, index, election_type):
    return elect_one(image, None, topic, index, election_type, [])


@pytest.mark.parametrize("leader, replicas, election_type, code", [
    (1, (1, 2), PREFERRED, NOT_NEEDED),
    (2, (1, 2), PREFERRED, PREFERRED_NOT_AVAILABLE),
    (-1, (1,), PREFERRED, PREFERRED_NOT_AVAILABLE),
    (2, (1, 2), UNCLEAN, NOT_NEEDED),
    (-1, (1,), UNCLEAN, ELIGIBLE_NOT_AVAILABLE),
])
def test_election_rules(leader, replicas, election_type, code):
    assert elect(image_with(leader, replicas), "t", 0, election_type)[0] == code


def test_unknown_topic_and_partition_messages():
    image = image_with(1, (1,))
    assert elect(image, "u", 0, PREFERRED) == (UNKNOWN_TOPIC, "No such topic as u")
    assert elect(image, "t", 1, PREFERRED) == (UNKNOWN_TOPIC, "No such partition as t-1")


def send(broker, version, topic_partitions, election_type=0):
    request = ElectLeadersRequest(election_type=election_type, timeout_ms=1000, topic_partitions=None
                                  if topic_partitions is None else [TopicPartitions(topic=t, partitions=p)
                                                                    for t, p in topic_partitions])
    with KafkaConnection(broker.bootstrap) as conn:
        response = conn.send(request, version=version)
    return response.error_code, [(r.topic, [(p.partition_id, p.error_code) for p in r.partition_result])
                                 for r in response.replica_election_results]


def test_single_node_needs_no_election(kafka_broker):
    controller = kafka_broker.state.metadata.controller
    (result,) = kafka_broker.call(kafka_broker.state.run_controller, controller.create_topics,
                                  [CreatableTopic(name="t", num_partitions=2, replication_factor=1)])
    assert result.error.code == NONE
    assert send(kafka_broker, 2, [("t", [0, 1, 2]), ("u", [0])]) == \
        (NONE, [("t", [(0, NOT_NEEDED), (1, NOT_NEEDED), (2, UNKNOWN_TOPIC)]), ("u", [(0, UNKNOWN_TOPIC)])])
    assert send(kafka_broker, 1, [("t", [1])], election_type=1) == (NONE, [("t", [(1, NOT_NEEDED)])])
    assert send(kafka_broker, 0, None) == (0, [("t", [])])
    assert send(kafka_broker, 2, [("t", [0])], election_type=2) == (INVALID_REQUEST, [("t", [(0, INVALID_REQUEST)])])
