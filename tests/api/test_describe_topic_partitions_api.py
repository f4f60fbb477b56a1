"""DescribeTopicPartitions (key 75) against an in-process broker: topic selection, paging with the cursor
and the partition limit, unknown and invalid topics, INVALID_REQUEST cursors."""

import uuid

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.describe_topic_partitions_request import (
    Cursor,
    DescribeTopicPartitionsRequest,
    TopicRequest,
)

NONE, UNKNOWN_TOPIC, INVALID_TOPIC, INVALID_REQUEST = 0, 3, 17, 42
TOPIC_OPERATIONS, OMITTED = 3576, -(1 << 31)
# Topics of this module's broker: name -> partition count (name order is the answer order).
TOPICS = {"dtp-a": 3, "dtp-b": 1, "dtp-c": 4}


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    from kbroker.testing import broker_config, run_broker_in_thread
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("dtp") / "logs")) as running:
        controller = running.state.metadata.controller
        results = running.call(running.state.run_controller, controller.create_topics, [
            CreatableTopic(name=name, num_partitions=count, replication_factor=1) for name, count in TOPICS.items()])
        assert all(not result.error.is_failure for result in results)
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        yield connection


def describe(conn, names=(), limit=2000, cursor=None):
    request = DescribeTopicPartitionsRequest(topics=[TopicRequest(name=n) for n in names],
                                             response_partition_limit=limit, cursor=cursor)
    return conn.send(request, version=0)


def summary(response):
    topics = [(t.name, t.error_code, [p.partition_index for p in t.partitions]) for t in response.topics]
    cursor = None if response.next_cursor is None else (response.next_cursor.topic_name,
                                                        response.next_cursor.partition_index)
    return topics, cursor


def test_every_topic_in_name_order(broker, conn):
    response = describe(conn)
    assert summary(response) == ([("dtp-a", NONE, [0, 1, 2]), ("dtp-b", NONE, [0]), ("dtp-c", NONE, [0, 1, 2, 3])],
                                 None)
    for topic in response.topics:
        assert topic.topic_id == broker.state.image.topic(topic.name).topic_id
        assert (topic.is_internal, topic.topic_authorized_operations) == (False, TOPIC_OPERATIONS)
        for p in topic.partitions:
            assert (p.error_code, p.leader_id, p.replica_nodes, p.isr_nodes, p.offline_replicas) == (NONE, 1, [1], [1], [])
            assert (p.eligible_leader_replicas, p.last_known_elr) == ([], [])
            assert p.leader_epoch == broker.state.partitions.get(topic.name, p.partition_index).leader_epoch


def test_paging_through_every_topic_two_partitions_at_a_time(conn):
    pages, cursor = [], None
    while True:
        topics, next_cursor = summary(describe(conn, limit=2, cursor=cursor))
        pages.append(topics)
        if next_cursor is None:
            break
        cursor = Cursor(topic_name=next_cursor[0], partition_index=next_cursor[1])
    assert pages == [
        [("dtp-a", NONE, [0, 1])],
        [("dtp-a", NONE, [2]), ("dtp-b", NONE, [0])],
        [("dtp-c", NONE, [0, 1])],
        [("dtp-c", NONE, [2, 3])],
    ]


def test_a_page_full_at_a_topic_boundary_points_at_the_next_topic(conn):
    assert summary(describe(conn, ["dtp-a", "dtp-b"], limit=3)) == ([("dtp-a", NONE, [0, 1, 2])], ("dtp-b", 0))


def test_limits_below_one_still_give_one_partition(conn):
    for limit in (0, -5):
        assert summary(describe(conn, ["dtp-c"], limit=limit)) == ([("dtp-c", NONE, [0])], ("dtp-c", 1))


def test_named_topics_sorted_deduplicated_with_errors_for_missing_ones(conn):
    response = describe(conn, ["dtp-c", "nope", "bad name", "dtp-b", "dtp-c"])
    assert summary(response) == ([("bad name", INVALID_TOPIC, []), ("dtp-b", NONE, [0]),
                                  ("dtp-c", NONE, [0, 1, 2, 3]), ("nope", UNKNOWN_TOPIC, [])], None)
    missing = {t.name: t for t in response.topics}["nope"]
    assert (missing.topic_id, missing.topic_authorized_operations) == (uuid.UUID(int=0), TOPIC_OPERATIONS)


def test_cursor_skips_earlier_names_and_starts_inside_its_topic(conn):
    cursor = Cursor(topic_name="dtp-b", partition_index=0)
    assert summary(describe(conn, cursor=cursor)) == ([("dtp-b", NONE, [0]), ("dtp-c", NONE, [0, 1, 2, 3])], None)
    inside = Cursor(topic_name="dtp-c", partition_index=2)
    assert summary(describe(conn, ["dtp-a", "dtp-c"], cursor=inside)) == ([("dtp-c", NONE, [2, 3])], None)
    beyond = Cursor(topic_name="dtp-c", partition_index=9)
    assert summary(describe(conn, ["dtp-c"], cursor=beyond)) == ([("dtp-c", NONE, [])], None)


def test_internal_topics_are_flagged(conn):
    (topic,) = describe(conn, ["__transaction_state"]).topics
    assert (topic.error_code, topic.is_internal) == (UNKNOWN_TOPIC, True)


@pytest.mark.parametrize("names, cursor", [
    (["dtp-a", "dtp-b"], Cursor(topic_name="dtp-c", partition_index=0)),  # cursor topic not requested
    (["dtp-c", "dtp-a", "dtp-c"], Cursor(topic_name="dtp-c", partition_index=-1)),  # negative partition
])
def test_bad_cursors_fail_the_whole_request(conn, names, cursor):
    response = describe(conn, names, cursor=cursor)
    assert [(t.name, t.error_code, t.partitions, t.topic_id, t.topic_authorized_operations)
            for t in response.topics] == [(n, INVALID_REQUEST, [], uuid.UUID(int=0), OMITTED) for n in names]
    assert response.next_cursor is None


def test_a_partition_answers_its_eligible_leader_replicas_and_last_known_elr():
    """KIP-966: a partition whose ISR emptied answers the ELR and last-known ELR the image holds (the kafka-topics
    `Elr:` and `LastKnownElr:` columns)."""
    from kbroker.api.describe_topic_partitions import describe
    from kbroker.metadata import record_versions as V
    from kbroker.metadata.image import MetadataImage, apply_records
    from kbroker.metadata.serde import MetadataRecord
    from kbroker.protocol.messages.metadata.partition_record import PartitionRecord
    from kbroker.protocol.messages.metadata.topic_record import TopicRecord

    topic_id = uuid.uuid4()
    image = apply_records(MetadataImage(), [
        MetadataRecord(TopicRecord(name="elr", topic_id=topic_id), V.TOPIC_RECORD),
        MetadataRecord(PartitionRecord(partition_id=0, topic_id=topic_id, replicas=[1, 2, 3], isr=[], leader=-1,
                                       eligible_leader_replicas=[2, 3], last_known_elr=[1]), V.PARTITION_RECORD),
    ], 1, 1)
    [topic] = describe(image, ["elr"], "PLAINTEXT", None, 10, all_topics=False).topics
    [partition] = topic.partitions
    assert (partition.leader_id, partition.isr_nodes, partition.eligible_leader_replicas,
            partition.last_known_elr) == (-1, [], [2, 3], [1])
