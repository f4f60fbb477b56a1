"""CreateTopics (key 19) against an in-process broker: creation with defaults, configs and manual
assignments, validate_only, every error with Kafka's message, per-version result fields, timeouts."""

import uuid

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import (
    CreatableReplicaAssignment,
    CreatableTopic,
    CreatableTopicConfig,
    CreateTopicsRequest,
)
from kbroker.testing import broker_config, run_broker_in_thread

NONE, REQUEST_TIMED_OUT, INVALID_TOPIC, TOPIC_ALREADY_EXISTS = 0, 7, 17, 36
INVALID_PARTITIONS, INVALID_REPLICATION_FACTOR, INVALID_REPLICA_ASSIGNMENT, INVALID_CONFIG, INVALID_REQUEST = (
    37, 38, 39, 40, 42)
ZERO_UUID = uuid.UUID(int=0)
DYNAMIC_TOPIC_CONFIG, DEFAULT_CONFIG, STATIC_BROKER_CONFIG = 1, 5, 4


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    config = broker_config(tmp_path_factory.mktemp("create") / "logs",
                           {"num.partitions": "3", "log.retention.hours": "2"})
    with run_broker_in_thread(config) as running:
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        yield connection


def topic(name, partitions=1, replication=1, configs=None, assignments=None):
    return CreatableTopic(name=name, num_partitions=partitions, replication_factor=replication,
                          configs=[CreatableTopicConfig(name=k, value=v) for k, v in (configs or {}).items()],
                          assignments=[CreatableReplicaAssignment(partition_index=i, broker_ids=b)
                                       for i, b in enumerate(assignments or [])])


def create(conn, *topics, version=7, validate_only=False, timeout_ms=30000):
    request = CreateTopicsRequest(topics=list(topics), timeout_ms=timeout_ms, validate_only=validate_only)
    return conn.send(request, version=version).topics


def errors_of(results):
    return [(r.name, r.error_code, r.error_message) for r in results]


def test_created_topic_result_and_image(broker, conn):
    (result,) = create(conn, topic("ct-plain", partitions=2, configs={"cleanup.policy": "compact"}))
    image = broker.state.image
    assert (result.error_code, result.error_message, result.topic_config_error_code) == (NONE, None, NONE)
    assert result.topic_id == image.topic("ct-plain").topic_id != ZERO_UUID
    assert (result.num_partitions, result.replication_factor) == (2, 1)
    assert sorted(image.topic("ct-plain").partitions) == [0, 1]
    assert dict(image.configs_of_topic("ct-plain")) == {"cleanup.policy": "compact"}
    assert broker.state.partitions.get("ct-plain", 1) is not None
    configs = {c.name: (c.value, c.config_source, c.read_only, c.is_sensitive) for c in result.configs}
    assert [c.name for c in result.configs] == sorted(configs)
    assert configs["cleanup.policy"] == ("compact", DYNAMIC_TOPIC_CONFIG, False, False)
    assert configs["retention.ms"] == (str(2 * 3600 * 1000), STATIC_BROKER_CONFIG, False, False)
    assert configs["segment.bytes"] == ("1073741824", DEFAULT_CONFIG, False, False)


def test_minus_one_takes_the_broker_defaults(broker, conn):
    (result,) = create(conn, topic("ct-defaults", partitions=-1, replication=-1))
    assert (result.error_code, result.num_partitions, result.replication_factor) == (NONE, 3, 1)
    assert len(broker.state.image.topic("ct-defaults").partitions) == 3


def test_manual_assignment(broker, conn):
    (result,) = create(conn, topic("ct-manual", partitions=-1, replication=-1, assignments=[[1], [1]]))
    assert (result.error_code, result.num_partitions, result.replication_factor) == (NONE, 2, 1)
    assert [p.replicas for _, p in sorted(broker.state.image.topic("ct-manual").partitions.items())] == [(1,), (1,)]


def test_validate_only_checks_and_creates_nothing(broker, conn):
    (result,) = create(conn, topic("ct-validated", partitions=4), validate_only=True)
    assert (result.error_code, result.num_partitions, len(result.configs)) == (NONE, 4, 33)
    assert result.topic_id != ZERO_UUID
    assert broker.state.image.topic("ct-validated") is None
    (failed,) = create(conn, topic("ct-validated", partitions=0), validate_only=True)
    assert failed.error_code == INVALID_PARTITIONS


def test_errors_carry_kafkas_messages(broker, conn):
    create(conn, topic("ct-exists"))
    results = create(conn,
                     topic("ct-exists"),
                     topic("ct-zero-partitions", partitions=0),
                     topic("ct-zero-replicas", replication=0),
                     topic("ct-three-replicas", replication=3),
                     topic("bad name"),
                     topic("ct-bad-value", configs={"retention.ms": "abc"}),
                     topic("ct-unknown-config", configs={"no.such.config": "1"}),
                     topic("ct-null-config", configs={"retention.ms": None}),
                     topic("ct-partitions-and-assignment", partitions=2, replication=-1, assignments=[[1]]),
                     topic("ct-unknown-broker", partitions=-1, replication=-1, assignments=[[7]]))
    assert errors_of(results) == [
        ("ct-exists", TOPIC_ALREADY_EXISTS, "Topic 'ct-exists' already exists."),
        ("ct-zero-partitions", INVALID_PARTITIONS, "Number of partitions was set to an invalid non-positive value."),
        ("ct-zero-replicas", INVALID_REPLICATION_FACTOR,
         "Replication factor must be larger than 0, or -1 to use the default value."),
        ("ct-three-replicas", INVALID_REPLICATION_FACTOR,
         "Unable to replicate the partition 3 time(s): The target replication factor of 3 cannot be reached "
         "because only 1 broker(s) are registered or some brokers have all their log directories cordoned."),
        ("bad name", INVALID_TOPIC,
         "Topic name is invalid: 'bad name' contains one or more characters other than ASCII alphanumerics, '.', "
         "'_' and '-'"),
        ("ct-bad-value", INVALID_CONFIG, "Invalid value abc for configuration retention.ms: Not a number of type LONG"),
        ("ct-unknown-config", INVALID_CONFIG, "Unknown topic config name: no.such.config"),
        ("ct-null-config", INVALID_CONFIG, "Null value not supported for topic configs: retention.ms"),
        ("ct-partitions-and-assignment", INVALID_REQUEST,
         "A manual partition assignment was specified, but numPartitions was not set to -1."),
        ("ct-unknown-broker", INVALID_REPLICA_ASSIGNMENT,
         "The manual partition assignment includes broker 7, but no such broker is registered."),
    ]
    for result in results:
        assert (result.topic_id, result.num_partitions, result.replication_factor, result.configs) == (
            ZERO_UUID, -1, -1, [])
    assert broker.state.image.topic("ct-zero-partitions") is None


def test_duplicates_and_the_metadata_topic_are_refused_after_the_other_results(broker, conn):
    results = create(conn, topic("ct-dup"), topic("__cluster_metadata"), topic("ct-single"), topic("ct-dup"))
    assert errors_of(results) == [
        ("ct-single", NONE, None),
        ("ct-dup", INVALID_REQUEST, "Duplicate topic name."),
        ("__cluster_metadata", INVALID_REQUEST, "Creation of internal topic __cluster_metadata is prohibited."),
    ]
    assert broker.state.image.topic("ct-dup") is None


@pytest.mark.parametrize("version", [2, 3, 4, 5, 6, 7])
def test_result_fields_per_version(broker, conn, version):
    name = f"ct-version-{version}"
    (result,) = create(conn, topic(name, partitions=2), version=version)
    assert result.error_code == NONE
    assert result.topic_id == (broker.state.image.topic(name).topic_id if version >= 7 else ZERO_UUID)
    assert result.num_partitions == (2 if version >= 5 else -1)
    assert len(result.configs) == (33 if version >= 5 else 0)


@pytest.mark.parametrize("timeout_ms", [0, -1])
def test_an_expired_timeout_creates_nothing(broker, conn, timeout_ms):
    results = create(conn, topic("ct-timeout-a"), topic("ct-timeout-b"), timeout_ms=timeout_ms)
    assert errors_of(results) == [("ct-timeout-a", REQUEST_TIMED_OUT, None), ("ct-timeout-b", REQUEST_TIMED_OUT, None)]
    assert broker.state.image.topic("ct-timeout-a") is None


def test_created_topics_survive_a_restart(tmp_path):
    config = broker_config(tmp_path / "logs")
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        (result,) = create(conn, topic("ct-durable", partitions=2))
    with run_broker_in_thread(config) as broker:
        restored = broker.state.image.topic("ct-durable")
        assert restored.topic_id == result.topic_id and sorted(restored.partitions) == [0, 1]
        assert broker.state.partitions.get("ct-durable", 1) is not None
