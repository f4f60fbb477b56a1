"""CreatePartitions (key 37) against an in-process broker: growth, validate_only, manual assignments,
duplicates, unknown topics, non-increases and timeouts, with Kafka's messages."""

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_partitions_request import (
    CreatePartitionsAssignment,
    CreatePartitionsRequest,
    CreatePartitionsTopic,
)
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.testing import broker_config, run_broker_in_thread

NONE, UNKNOWN_TOPIC, REQUEST_TIMED_OUT, INVALID_PARTITIONS, INVALID_REPLICA_ASSIGNMENT, INVALID_REQUEST = (
    0, 3, 7, 37, 39, 42)


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("partitions") / "logs")) as running:
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        yield connection


def create_topic(broker, name, partitions=2):
    controller = broker.state.metadata.controller
    (result,) = broker.call(broker.state.run_controller, controller.create_topics,
                            [CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)])
    assert not result.error.is_failure


def grow(conn, *topics, version=3, validate_only=False, timeout_ms=30000):
    request = CreatePartitionsRequest(topics=[
        CreatePartitionsTopic(name=name, count=count,
                              assignments=None if assignment is None else
                              [CreatePartitionsAssignment(broker_ids=ids) for ids in assignment])
        for name, count, assignment in topics], timeout_ms=timeout_ms, validate_only=validate_only)
    return [(r.name, r.error_code, r.error_message) for r in conn.send(request, version=version).results]


def partition_count(broker, name):
    return len(broker.state.image.topic(name).partitions)


@pytest.mark.parametrize("version", [0, 1, 2, 3])
def test_adds_partitions_with_logs(broker, conn, version):
    name = f"cp-v{version}"
    create_topic(broker, name)
    assert grow(conn, (name, 5, None), version=version) == [(name, NONE, None)]
    assert partition_count(broker, name) == 5
    assert broker.state.partitions.get(name, 4) is not None
    assert broker.state.image.partition(name, 4).leader_epoch == 0


def test_manual_assignment_and_validate_only(broker, conn):
    create_topic(broker, "cp-manual")
    assert grow(conn, ("cp-manual", 4, [[1], [1]]), validate_only=True) == [("cp-manual", NONE, None)]
    assert partition_count(broker, "cp-manual") == 2
    assert grow(conn, ("cp-manual", 4, [[1], [1]])) == [("cp-manual", NONE, None)]
    assert partition_count(broker, "cp-manual") == 4


def test_errors_with_kafkas_messages(broker, conn):
    create_topic(broker, "cp-errors")
    assert grow(conn, ("cp-errors", 2, None), ("nope", 3, None)) == [
        ("cp-errors", INVALID_PARTITIONS, "Topic already has 2 partition(s)."),
        ("nope", UNKNOWN_TOPIC, None)]
    assert grow(conn, ("cp-errors", 1, None)) == [
        ("cp-errors", INVALID_PARTITIONS, "The topic cp-errors currently has 2 partition(s); 1 would not be an increase.")]
    assert grow(conn, ("cp-errors", 4, [[1]])) == [
        ("cp-errors", INVALID_REPLICA_ASSIGNMENT,
         "Attempted to add 2 additional partition(s), but only 1 assignment(s) were specified.")]
    assert grow(conn, ("cp-errors", 3, [[9]])) == [
        ("cp-errors", INVALID_REPLICA_ASSIGNMENT,
         "The manual partition assignment includes broker 9, but no such broker is registered.")]
    assert grow(conn, ("cp-errors", 3, [[1, 1]])) == [
        ("cp-errors", INVALID_REPLICA_ASSIGNMENT, "The manual partition assignment includes the broker 1 more than once.")]
    assert partition_count(broker, "cp-errors") == 2


def test_duplicates_are_listed_first_and_not_applied(broker, conn):
    create_topic(broker, "cp-dup")
    create_topic(broker, "cp-single")
    assert grow(conn, ("cp-dup", 3, None), ("cp-single", 3, None), ("cp-dup", 4, None)) == [
        ("cp-dup", INVALID_REQUEST, "Duplicate topic name."), ("cp-single", NONE, None)]
    assert partition_count(broker, "cp-dup") == 2


def test_an_expired_timeout_changes_nothing(broker, conn):
    create_topic(broker, "cp-timeout")
    assert grow(conn, ("cp-timeout", 3, None), timeout_ms=0) == [("cp-timeout", REQUEST_TIMED_OUT, None)]
    assert partition_count(broker, "cp-timeout") == 2
