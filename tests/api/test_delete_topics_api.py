"""DeleteTopics (key 20) against an in-process broker: by name (v1-v6) and by id (v6), the v6 entry rules,
duplicates, unknown topics, delete.topic.enable and timeouts."""

import uuid

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.delete_topics_request import DeleteTopicsRequest, DeleteTopicState
from kbroker.testing import broker_config, run_broker_in_thread

NONE, UNKNOWN_TOPIC, REQUEST_TIMED_OUT, INVALID_REQUEST, TOPIC_DELETION_DISABLED, UNKNOWN_TOPIC_ID = (
    0, 3, 7, 42, 73, 100)
ZERO_UUID = uuid.UUID(int=0)
UNKNOWN_TOPIC_MESSAGE = "This server does not host this topic-partition."


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("delete") / "logs")) as running:
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        yield connection


def create_topics(broker, *names):
    controller = broker.state.metadata.controller
    results = broker.call(broker.state.run_controller, controller.create_topics,
                          [CreatableTopic(name=n, num_partitions=2, replication_factor=1) for n in names])
    assert all(not r.error.is_failure for r in results)
    return {r.name: r.topic_id for r in results}


def results_of(response):
    return sorted(((r.name or "", r.topic_id, r.error_code, r.error_message) for r in response.responses),
                  key=lambda item: (item[0], str(item[1])))


def by_names(conn, names, version):
    return conn.send(DeleteTopicsRequest(topic_names=names, timeout_ms=30000), version=version)


def by_states(conn, states, timeout_ms=30000):
    return conn.send(DeleteTopicsRequest(topics=[DeleteTopicState(name=n, topic_id=i) for n, i in states],
                                         timeout_ms=timeout_ms), version=6)


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5])
def test_delete_by_name(broker, conn, version):
    name = f"dt-v{version}"
    create_topics(broker, name)
    response = by_names(conn, [name, "dt-missing"], version)
    message = UNKNOWN_TOPIC_MESSAGE if version >= 5 else None
    assert results_of(response) == [("dt-missing", ZERO_UUID, UNKNOWN_TOPIC, message), (name, ZERO_UUID, NONE, None)]
    assert broker.state.image.topic(name) is None
    assert broker.state.partitions.get(name, 0) is None


def test_delete_by_id_and_by_name_in_v6(broker, conn):
    ids = create_topics(broker, "dt-by-id", "dt-by-name")
    unknown = uuid.uuid4()
    response = by_states(conn, [(None, ids["dt-by-id"]), ("dt-by-name", ZERO_UUID), (None, unknown)])
    assert results_of(response) == sorted([
        ("dt-by-id", ids["dt-by-id"], NONE, None),
        ("dt-by-name", ids["dt-by-name"], NONE, None),
        ("", unknown, UNKNOWN_TOPIC_ID, "This server does not host this topic ID."),
    ], key=lambda item: (item[0], str(item[1])))
    assert broker.state.image.topic("dt-by-id") is None and broker.state.image.topic("dt-by-name") is None


def test_v6_entry_rules(broker, conn):
    ids = create_topics(broker, "dt-both", "dt-twice", "dt-name-and-id", "dt-dup-id")
    response = by_states(conn, [
        (None, ZERO_UUID),
        ("dt-both", ids["dt-both"]),
        ("dt-twice", ZERO_UUID), ("dt-twice", ZERO_UUID),
        ("dt-name-and-id", ZERO_UUID), (None, ids["dt-name-and-id"]),
        (None, ids["dt-dup-id"]), (None, ids["dt-dup-id"]),
    ])
    assert results_of(response) == sorted([
        ("", ZERO_UUID, INVALID_REQUEST, "Neither topic name nor id were specified."),
        ("dt-both", ids["dt-both"], INVALID_REQUEST, "You may not specify both topic name and topic id."),
        ("dt-twice", ZERO_UUID, INVALID_REQUEST, "Duplicate topic name."),
        ("dt-name-and-id", ids["dt-name-and-id"], INVALID_REQUEST,
         "The provided topic name maps to an ID that was already supplied."),
        ("", ids["dt-dup-id"], INVALID_REQUEST, "Duplicate topic id."),
    ], key=lambda item: (item[0], str(item[1])))
    for name in ids:
        assert broker.state.image.topic(name) is not None, name


def test_an_expired_timeout_deletes_nothing(broker, conn):
    ids = create_topics(broker, "dt-timeout")
    response = by_states(conn, [("dt-timeout", ZERO_UUID), (None, ids["dt-timeout"])], timeout_ms=0)
    assert results_of(response) == sorted([("dt-timeout", ZERO_UUID, REQUEST_TIMED_OUT, None),
                                           ("", ids["dt-timeout"], REQUEST_TIMED_OUT, None)],
                                          key=lambda item: (item[0], str(item[1])))
    assert broker.state.image.topic("dt-timeout") is not None


def test_deletion_disabled(tmp_path):
    config = broker_config(tmp_path / "logs", {"delete.topic.enable": "false"})
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        create_topics(broker, "dt-kept")
        assert results_of(by_names(conn, ["dt-kept"], 5)) == [("dt-kept", ZERO_UUID, TOPIC_DELETION_DISABLED, None)]
        assert results_of(by_names(conn, ["dt-kept"], 2)) == [("dt-kept", ZERO_UUID, INVALID_REQUEST, None)]
        assert broker.state.image.topic("dt-kept") is not None


def test_a_deleted_topic_can_be_created_again_with_a_new_id(broker, conn):
    first = create_topics(broker, "dt-again")["dt-again"]
    by_names(conn, ["dt-again"], 5)
    second = create_topics(broker, "dt-again")["dt-again"]
    assert second != first
    assert broker.state.partitions.get("dt-again", 0).topic_id == second
