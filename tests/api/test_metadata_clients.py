"""The topic and cluster metadata APIs through stock admin clients: kafka-python's KafkaAdminClient and
confluent-kafka's (librdkafka) AdminClient create, list, describe, grow and delete topics on kbroker."""

import pytest

from kbroker.testing import broker_config, run_broker_in_thread

kafka = pytest.importorskip("kafka")
confluent_kafka = pytest.importorskip("confluent_kafka")

from confluent_kafka import KafkaError, KafkaException, TopicCollection  # noqa: E402
from confluent_kafka.admin import AdminClient, NewPartitions, NewTopic  # noqa: E402
from kafka.admin import KafkaAdminClient  # noqa: E402
from kafka.admin import NewPartitions as KpNewPartitions  # noqa: E402
from kafka.admin import NewTopic as KpNewTopic  # noqa: E402
from kafka.errors import TopicAlreadyExistsError  # noqa: E402

# Upper bound for one admin call; reaching it fails the test, it is not a speed check.
CALL_TIMEOUT_S = 30


@pytest.fixture(scope="module")
def broker(tmp_path_factory):
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("clients") / "logs")) as running:
        yield running


@pytest.fixture
def kafka_python_admin(broker):
    admin = KafkaAdminClient(bootstrap_servers=broker.bootstrap, request_timeout_ms=CALL_TIMEOUT_S * 1000)
    try:
        yield admin
    finally:
        admin.close()


@pytest.fixture
def confluent_admin(broker):
    return AdminClient({"bootstrap.servers": broker.bootstrap})


def results(futures):
    return {name: future.result(CALL_TIMEOUT_S) for name, future in futures.items()}


def test_kafka_python_topic_lifecycle(broker, kafka_python_admin):
    admin = kafka_python_admin
    created = admin.create_topics([KpNewTopic("kp-life", 3, 1, topic_configs={"cleanup.policy": "compact"})])
    (topic,) = created["topics"]
    assert (topic["error_code"], topic["num_partitions"], topic["replication_factor"]) == (0, 3, 1)
    assert topic["configs"]["cleanup.policy"]["config_source"] == "DYNAMIC_TOPIC_CONFIG"
    assert "kp-life" in admin.list_topics()

    (described,) = admin.describe_topics(["kp-life"])
    assert described["topic_id"] == str(broker.state.image.topic("kp-life").topic_id)
    assert [(p["partition_index"], p["leader_id"], p["leader_epoch"]) for p in described["partitions"]] == [
        (0, 1, 0), (1, 1, 0), (2, 1, 0)]

    admin.create_partitions({"kp-life": KpNewPartitions(5)})
    assert len(broker.state.image.topic("kp-life").partitions) == 5

    with pytest.raises(TopicAlreadyExistsError):
        admin.create_topics([KpNewTopic("kp-life", 1, 1)])

    admin.delete_topics(["kp-life"])
    assert "kp-life" not in admin.list_topics()


def test_kafka_python_describe_cluster(broker, kafka_python_admin):
    cluster = kafka_python_admin.describe_cluster()
    assert cluster["cluster_id"] == broker.state.metadata.cluster_id
    assert cluster["controller_id"] == 1
    assert [(b["broker_id"], b["host"], b["port"]) for b in cluster["brokers"]] == [(1, "127.0.0.1", broker.port)]


def test_confluent_topic_lifecycle(broker, confluent_admin):
    admin = confluent_admin
    assert results(admin.create_topics([NewTopic("ck-life", 2, 1, config={"retention.ms": "1000"})])) == {
        "ck-life": None}
    assert dict(broker.state.image.configs_of_topic("ck-life")) == {"retention.ms": "1000"}

    listed = admin.list_topics(timeout=CALL_TIMEOUT_S)
    assert sorted(listed.topics["ck-life"].partitions) == [0, 1]
    assert (listed.cluster_id, listed.controller_id) == (broker.state.metadata.cluster_id, 1)
    assert [(b.id, b.host, b.port) for b in listed.brokers.values()] == [(1, "127.0.0.1", broker.port)]

    described = results(admin.describe_topics(TopicCollection(["ck-life"])))["ck-life"]
    assert (described.name, described.is_internal) == ("ck-life", False)
    assert [(p.id, p.leader.id, [r.id for r in p.replicas]) for p in described.partitions] == [
        (0, 1, [1]), (1, 1, [1])]

    assert results(admin.create_partitions([NewPartitions("ck-life", 4)])) == {"ck-life": None}
    assert len(broker.state.image.topic("ck-life").partitions) == 4

    with pytest.raises(KafkaException) as failure:
        results(admin.create_partitions([NewPartitions("ck-life", 2)]))
    assert failure.value.args[0].code() == KafkaError.INVALID_PARTITIONS

    assert results(admin.delete_topics(["ck-life"])) == {"ck-life": None}
    assert broker.state.image.topic("ck-life") is None


def test_confluent_errors(confluent_admin):
    admin = confluent_admin
    results(admin.create_topics([NewTopic("ck-exists", 1, 1)]))
    with pytest.raises(KafkaException) as exists:
        results(admin.create_topics([NewTopic("ck-exists", 1, 1)]))
    assert exists.value.args[0].code() == KafkaError.TOPIC_ALREADY_EXISTS
    with pytest.raises(KafkaException) as bad_config:
        results(admin.create_topics([NewTopic("ck-bad", 1, 1, config={"retention.ms": "soon"})]))
    assert bad_config.value.args[0].code() == KafkaError.INVALID_CONFIG
    with pytest.raises(KafkaException) as unknown:
        results(admin.delete_topics(["ck-never-created"]))
    assert unknown.value.args[0].code() == KafkaError.UNKNOWN_TOPIC_OR_PART


def test_confluent_describe_cluster(broker, confluent_admin):
    cluster = confluent_admin.describe_cluster(include_authorized_operations=True).result(CALL_TIMEOUT_S)
    assert cluster.cluster_id == broker.state.metadata.cluster_id
    assert cluster.controller.id == 1
    assert [(n.id, n.host, n.port) for n in cluster.nodes] == [(1, "127.0.0.1", broker.port)]
    assert len(cluster.authorized_operations) == 7
