"""Metadata (key 3) against an in-process broker, with exact requests and exact answers: topic list rules per
version, auto-creation, topic ids, internal topics, brokers on the request's listener, authorized operations."""

import uuid

import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_topics_request import CreatableTopic
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.testing import broker_config, run_broker_in_thread

NONE, UNKNOWN_SERVER_ERROR, UNKNOWN_TOPIC, INVALID_TOPIC, INVALID_REQUEST, UNKNOWN_TOPIC_ID = 0, -1, 3, 17, 42, 100
ZERO_UUID = uuid.UUID(int=0)
OMITTED = -(1 << 31)
TOPIC_OPERATIONS = 3576  # READ WRITE CREATE DELETE ALTER DESCRIBE DESCRIBE_CONFIGS ALTER_CONFIGS
CLUSTER_OPERATIONS = 8096  # CREATE ALTER DESCRIBE CLUSTER_ACTION DESCRIBE_CONFIGS ALTER_CONFIGS IDEMPOTENT_WRITE


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("metadata") / "logs")) as running:
        yield running


@pytest.fixture
def conn(broker):
    with KafkaConnection(broker.bootstrap) as connection:
        yield connection


def create_topic(broker, name, partitions=1):
    controller = broker.state.metadata.controller
    (result,) = broker.call(broker.state.run_controller, controller.create_topics,
                            [CreatableTopic(name=name, num_partitions=partitions, replication_factor=1)])
    assert result.error.code == NONE, result
    return result.topic_id


def named(*names, topic_id=ZERO_UUID):
    return [MetadataRequestTopic(name=name, topic_id=topic_id) for name in names]


def metadata(conn, topics, version=12, **fields):
    return conn.send(MetadataRequest(topics=topics, **fields), version=version)


def by_name(response):
    return {topic.name: topic for topic in response.topics}


def test_an_existing_topic_is_described_completely(broker, conn):
    topic_id = create_topic(broker, "md-described", partitions=3)
    response = metadata(conn, named("md-described"), allow_auto_topic_creation=False)
    (topic,) = response.topics
    assert (topic.error_code, topic.name, topic.topic_id, topic.is_internal) == (NONE, "md-described", topic_id, False)
    assert topic.topic_authorized_operations == OMITTED
    assert [p.partition_index for p in topic.partitions] == [0, 1, 2]
    for p in topic.partitions:
        hosted = broker.state.partitions.get("md-described", p.partition_index)
        assert (p.error_code, p.leader_id, p.replica_nodes, p.isr_nodes, p.offline_replicas) == (NONE, 1, [1], [1], [])
        assert p.leader_epoch == hosted.leader_epoch == 0
    assert response.cluster_id == broker.state.metadata.cluster_id
    assert response.controller_id == 1
    assert [(b.node_id, b.host, b.port, b.rack) for b in response.brokers] == [(1, "127.0.0.1", broker.port, None)]
    assert response.error_code == NONE and response.throttle_time_ms == 0


def test_null_means_all_topics_and_an_empty_list_none_except_in_v0(broker, conn):
    create_topic(broker, "md-listed")
    for version in range(1, 14):
        assert "md-listed" in by_name(metadata(conn, None, version=version)), version
        assert metadata(conn, [], version=version).topics == [], version
    assert "md-listed" in by_name(metadata(conn, [], version=0))


def test_every_version_answers_with_its_own_fields(broker, conn):
    create_topic(broker, "md-versions")
    for version in range(0, 14):
        response = metadata(conn, named("md-versions"), version=version)
        (topic,) = response.topics
        (partition,) = topic.partitions
        assert (topic.name, topic.error_code, partition.leader_id) == ("md-versions", NONE, 1), version
        assert response.cluster_id == (broker.state.metadata.cluster_id if version >= 2 else None)
        assert response.controller_id == (1 if version >= 1 else -1)
        assert partition.leader_epoch == (0 if version >= 7 else -1)
        assert topic.topic_id == (broker.state.image.topic("md-versions").topic_id if version >= 10 else ZERO_UUID)


def test_auto_creation_answers_unknown_topic_first_then_the_topic_exists(broker, conn):
    first = metadata(conn, named("md-auto"), allow_auto_topic_creation=True)
    (topic,) = first.topics
    assert (topic.error_code, topic.name, topic.topic_id, topic.partitions) == (UNKNOWN_TOPIC, "md-auto", ZERO_UUID, [])
    assert broker.state.image.topic("md-auto") is not None
    assert broker.state.partitions.get("md-auto", 0) is not None
    (again,) = metadata(conn, named("md-auto"), allow_auto_topic_creation=True).topics
    assert again.error_code == NONE and len(again.partitions) == broker.config["num.partitions"]


def test_versions_below_4_always_allow_auto_creation(broker, conn):
    (topic,) = metadata(conn, named("md-auto-v3"), version=3).topics
    assert topic.error_code == UNKNOWN_TOPIC
    assert broker.state.image.topic("md-auto-v3") is not None


def test_no_auto_creation_when_the_client_forbids_it(broker, conn):
    response = metadata(conn, named("md-not-created", "bad name!"), allow_auto_topic_creation=False)
    assert [(t.name, t.error_code, t.topic_id) for t in response.topics] == [
        ("md-not-created", UNKNOWN_TOPIC, ZERO_UUID), ("bad name!", INVALID_TOPIC, ZERO_UUID)]
    assert broker.state.image.topic("md-not-created") is None


def test_invalid_names_are_not_auto_created(broker, conn):
    (topic,) = metadata(conn, named("no/slashes"), allow_auto_topic_creation=True).topics
    assert (topic.error_code, topic.is_internal) == (INVALID_TOPIC, False)
    assert broker.state.image.topic("no/slashes") is None


def test_all_topics_request_never_auto_creates(broker, conn):
    before = set(broker.state.image.topics_by_name)
    metadata(conn, None, allow_auto_topic_creation=True)
    assert set(broker.state.image.topics_by_name) == before


def test_auto_creation_off_in_the_broker_config(tmp_path):
    config = broker_config(tmp_path / "logs", {"auto.create.topics.enable": "false"})
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        (topic,) = metadata(conn, named("md-never"), allow_auto_topic_creation=True).topics
        assert topic.error_code == UNKNOWN_TOPIC
        assert broker.state.image.topic("md-never") is None


def test_internal_topics_are_flagged_even_when_missing(broker, conn):
    response = metadata(conn, named("__consumer_offsets", "__transaction_state"), allow_auto_topic_creation=False)
    assert [(t.name, t.is_internal, t.error_code) for t in response.topics] == [
        ("__consumer_offsets", True, UNKNOWN_TOPIC), ("__transaction_state", True, UNKNOWN_TOPIC)]


def test_duplicate_names_are_answered_once_existing_topics_first(broker, conn):
    create_topic(broker, "md-dup")
    response = metadata(conn, named("md-missing-z", "md-dup", "md-missing-z"), allow_auto_topic_creation=False)
    assert [(t.name, t.error_code) for t in response.topics] == [("md-dup", NONE), ("md-missing-z", UNKNOWN_TOPIC)]


def test_lookup_by_topic_id_in_v12_and_later(broker, conn):
    topic_id = create_topic(broker, "md-by-id", partitions=2)
    unknown = uuid.uuid4()
    for version in (12, 13):
        request = [MetadataRequestTopic(name=None, topic_id=topic_id),
                   MetadataRequestTopic(name=None, topic_id=unknown),
                   MetadataRequestTopic(name="ignored-when-ids-are-given")]
        response = metadata(conn, request, version=version, allow_auto_topic_creation=True)
        assert [(t.error_code, t.name, t.topic_id, len(t.partitions)) for t in response.topics] == [
            (UNKNOWN_TOPIC_ID, None, unknown, 0), (NONE, "md-by-id", topic_id, 2)]
    assert broker.state.image.topic("ignored-when-ids-are-given") is None


@pytest.mark.parametrize("version", [10, 11])
def test_topic_ids_and_null_names_are_invalid_before_v12(conn, version):
    with_id = metadata(conn, [MetadataRequestTopic(name="md-x", topic_id=uuid.UUID(int=7))], version=version)
    assert (with_id.brokers, with_id.cluster_id, with_id.controller_id) == ([], None, -1)
    assert [(t.name, t.topic_id, t.error_code) for t in with_id.topics] == [("md-x", uuid.UUID(int=7), INVALID_REQUEST)]
    null_name = metadata(conn, [MetadataRequestTopic(name=None)], version=version)
    assert [(t.name, t.error_code) for t in null_name.topics] == [("", INVALID_REQUEST)]


def test_a_null_name_without_an_id_fails_as_kafka_does(conn):
    response = metadata(conn, [MetadataRequestTopic(name=None)], version=12)
    assert [(t.name, t.error_code) for t in response.topics] == [("", UNKNOWN_SERVER_ERROR)]
    assert response.brokers == []


def test_authorized_operations_only_when_asked(broker, conn):
    create_topic(broker, "md-ops")
    for version in (8, 9, 10):
        response = metadata(conn, named("md-ops", "md-ops-missing"), version=version, allow_auto_topic_creation=False,
                            include_topic_authorized_operations=True, include_cluster_authorized_operations=True)
        assert [t.topic_authorized_operations for t in response.topics] == [TOPIC_OPERATIONS, TOPIC_OPERATIONS]
        assert response.cluster_authorized_operations == CLUSTER_OPERATIONS
        plain = metadata(conn, named("md-ops"), version=version)
        assert plain.topics[0].topic_authorized_operations == OMITTED
        assert plain.cluster_authorized_operations == OMITTED
    (topic,) = metadata(conn, named("md-ops"), version=13, include_topic_authorized_operations=True).topics
    assert topic.topic_authorized_operations == TOPIC_OPERATIONS


def test_leader_epoch_follows_the_image(broker, conn):
    create_topic(broker, "md-epoch")
    registration = broker.state.image.partition("md-epoch", 0)
    (topic,) = metadata(conn, named("md-epoch")).topics
    assert topic.partitions[0].leader_epoch == registration.leader_epoch
    assert broker.state.partitions.get("md-epoch", 0).leader_epoch == registration.leader_epoch


def test_each_listener_advertises_its_own_endpoint(tmp_path):
    config = broker_config(tmp_path / "logs", {
        "listeners": "PLAINTEXT://127.0.0.1:0,EXTERNAL://127.0.0.1:0",
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,EXTERNAL:PLAINTEXT"})
    with run_broker_in_thread(config) as broker:
        ports = {name: port for name, (_, port) in broker.state.bound.items()}
        assert len(set(ports.values())) == 2
        for port in ports.values():
            with KafkaConnection(f"127.0.0.1:{port}") as conn:
                response = metadata(conn, None)
            assert [(b.node_id, b.host, b.port) for b in response.brokers] == [(1, "127.0.0.1", port)]


def test_auto_created_internal_topics_get_their_coordinators_settings(tmp_path):
    config = broker_config(tmp_path / "logs", {
        "offsets.topic.num.partitions": "3", "offsets.topic.replication.factor": "1",
        "transaction.state.log.num.partitions": "2", "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1"})
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        response = metadata(conn, named("__consumer_offsets", "__transaction_state"), allow_auto_topic_creation=True)
        assert [(t.name, t.error_code, t.is_internal) for t in response.topics] == [
            ("__consumer_offsets", UNKNOWN_TOPIC, True), ("__transaction_state", UNKNOWN_TOPIC, True)]
        image = broker.state.image
        assert len(image.topic("__consumer_offsets").partitions) == 3
        assert dict(image.configs_of_topic("__consumer_offsets")) == {
            "cleanup.policy": "compact", "compression.type": "producer", "segment.bytes": "104857600"}
        assert len(image.topic("__transaction_state").partitions) == 2
        assert dict(image.configs_of_topic("__transaction_state")) == {
            "cleanup.policy": "compact", "compression.type": "uncompressed", "min.insync.replicas": "1",
            "unclean.leader.election.enable": "false", "segment.bytes": "104857600"}
        described = by_name(metadata(conn, named("__consumer_offsets", "__transaction_state")))
        assert all(t.error_code == NONE and t.is_internal for t in described.values())


def test_failed_auto_creation_still_answers_unknown_topic(tmp_path):
    config = broker_config(tmp_path / "logs", {"default.replication.factor": "3"})
    with run_broker_in_thread(config) as broker, KafkaConnection(broker.bootstrap) as conn:
        for _ in range(2):
            (topic,) = metadata(conn, named("md-unreplicable"), allow_auto_topic_creation=True).topics
            assert topic.error_code == UNKNOWN_TOPIC
        assert broker.state.image.topic("md-unreplicable") is None


def test_the_metadata_log_topic_is_never_auto_created(broker, conn):
    for _ in range(2):
        (topic,) = metadata(conn, named("__cluster_metadata"), allow_auto_topic_creation=True).topics
        assert (topic.error_code, topic.is_internal) == (UNKNOWN_TOPIC, False)
    assert broker.state.image.topic("__cluster_metadata") is None
