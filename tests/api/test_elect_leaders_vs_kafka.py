"""ElectLeaders: kbroker's answers next to Apache Kafka 4.3.1's (its controller's) for the same raw requests."""

import uuid

import pytest

from kbroker.protocol.messages.elect_leaders_request import ElectLeadersRequest, TopicPartitions

pytestmark = pytest.mark.java


@pytest.fixture(scope="module")
def topics(kbroker_target, kafka_target):
    suffix = uuid.uuid4().hex[:8]
    names = [f"el-a-{suffix}", f"el-b-{suffix}"]
    for target in (kbroker_target, kafka_target):
        target.create_topic(names[0], 3)
        target.create_topic(names[1], 1)
    return names


def elect(target, version, topic_partitions, election_type=0, only=None):
    request = ElectLeadersRequest(election_type=election_type, timeout_ms=30000, topic_partitions=None
                                  if topic_partitions is None else [TopicPartitions(topic=t, partitions=ps)
                                                                    for t, ps in topic_partitions])
    response = target.send(request, version)
    results = [(r.topic, [(p.partition_id, p.error_code, p.error_message) for p in r.partition_result])
               for r in response.replica_election_results if only is None or r.topic in only]
    # Kafka's controller lists all topics in its hash map's order.
    return response.throttle_time_ms, response.error_code, results if topic_partitions is not None \
        else sorted(results)


@pytest.mark.parametrize("version, election_type", [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1)])
def test_named_partitions(kbroker_target, kafka_target, topics, version, election_type):
    a, b = topics
    wanted = [(a, [0, 2, 3]), ("no-such-topic", [0]), (b, [0, 0]), (a, [1]), (b, [])]
    ours = elect(kbroker_target, version, wanted, election_type)
    assert ours == elect(kafka_target, version, wanted, election_type)
    assert ours[2][0][1][0] == (0, 84, "Leader election not needed for topic partition.")


@pytest.mark.parametrize("version", [0, 1, 2])
def test_all_partitions_leaves_out_those_needing_no_election(kbroker_target, kafka_target, topics, version):
    ours = elect(kbroker_target, version, None, only=topics)
    assert ours == elect(kafka_target, version, None, only=topics)
    assert ours[2] == sorted((name, []) for name in topics)


@pytest.mark.parametrize("version", [1, 2])
def test_unknown_election_type(kbroker_target, kafka_target, topics, version):
    wanted = [(topics[0], [0, 9]), ("no-such-topic", [1])]
    ours = elect(kbroker_target, version, wanted, election_type=5)
    assert ours == elect(kafka_target, version, wanted, election_type=5)
    assert ours[1] == 42


def test_empty_list_elects_nothing(kbroker_target, kafka_target):
    assert elect(kbroker_target, 2, []) == elect(kafka_target, 2, []) == (0, 0, [])
