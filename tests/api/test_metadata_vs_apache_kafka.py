"""The topic and cluster metadata APIs of kbroker next to Apache Kafka 4.3.1's: the same requests go to both
brokers, configured alike, and the answers must match field by field once the values that differ
by nature (topic ids, ports, cluster ids) are masked.

Uses the session's Apache Kafka of tests/api/conftest.py (skipped without `make java`, failed in CI).
Topic names here are fixed and used by no other module; no request here lists all topics."""

import time
import uuid

import attrs
import pytest

from kbroker.protocol.blocking_client import KafkaConnection
from kbroker.protocol.messages.create_partitions_request import (
    CreatePartitionsAssignment,
    CreatePartitionsRequest,
    CreatePartitionsTopic,
)
from kbroker.protocol.messages.create_topics_request import (
    CreatableReplicaAssignment,
    CreatableTopic,
    CreatableTopicConfig,
    CreateTopicsRequest,
)
from kbroker.protocol.messages.delete_topics_request import DeleteTopicsRequest, DeleteTopicState
from kbroker.protocol.messages.describe_cluster_request import DescribeClusterRequest
from kbroker.protocol.messages.describe_topic_partitions_request import (
    Cursor,
    DescribeTopicPartitionsRequest,
    TopicRequest,
)
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic

pytestmark = pytest.mark.java

ZERO_UUID = uuid.UUID(int=0)
# Kafka 4.3's format writes min.insync.replicas as a cluster-wide dynamic config, so Kafka reports its source
# as DYNAMIC_DEFAULT_BROKER_CONFIG where kbroker says DEFAULT_CONFIG (same value); see the metadata APIs' notes.
SOURCE_KNOWN_TO_DIFFER = "min.insync.replicas"


@pytest.fixture(scope="module")
def brokers(apache_kafka_bootstrap, tmp_path_factory):
    """The session's Apache Kafka (tests/api/conftest.py; this module's topic names are its own) and a kbroker
    configured like it."""
    from compat_tests.kafka_dist import SINGLE_NODE_DEFAULTS
    from kbroker.testing import broker_config, run_broker_in_thread

    shared = {name: value for name, value in SINGLE_NODE_DEFAULTS.items()
              if name in ("offsets.topic.replication.factor", "transaction.state.log.replication.factor",
                          "transaction.state.log.min.isr")}
    with run_broker_in_thread(broker_config(tmp_path_factory.mktemp("kbroker") / "logs", shared)) as ours:
        with KafkaConnection(apache_kafka_bootstrap) as kafka_conn, KafkaConnection(ours.bootstrap) as our_conn:
            yield kafka_conn, our_conn


def masked(value):
    """The response as plain data with topic ids, ports and cluster ids masked."""
    if attrs.has(type(value)):
        fields = {}
        for field in attrs.fields(type(value)):
            item = getattr(value, field.name)
            if field.name == "port":
                item = "<port>"
            elif field.name == "cluster_id" and item:
                item = "<cluster id>"
            fields[field.name] = masked(item)
        fields.pop("unknown_tagged_fields", None)
        return fields
    if isinstance(value, list):
        return [masked(item) for item in value]
    if isinstance(value, uuid.UUID):
        return "<zero id>" if value == ZERO_UUID else "<id>"
    return value


def both(brokers, request, version):
    kafka_conn, our_conn = brokers
    return masked(kafka_conn.send(request, version=version)), masked(our_conn.send(request, version=version))


def ask_both(brokers, request, version):
    kafka, ours = both(brokers, request, version)
    assert ours == kafka
    return ours


def topic(name, partitions=1, replication=1, configs=None, assignments=None):
    return CreatableTopic(name=name, num_partitions=partitions, replication_factor=replication,
                          configs=[CreatableTopicConfig(name=k, value=v) for k, v in (configs or {}).items()],
                          assignments=[CreatableReplicaAssignment(partition_index=i, broker_ids=b)
                                       for i, b in enumerate(assignments or [])])


def create_topics_answer(brokers, topics, version=7, **fields):
    kafka, ours = both(brokers, CreateTopicsRequest(topics=topics, timeout_ms=30000, **fields), version)
    for answer in (kafka, ours):
        for result in answer["topics"]:
            for config in result["configs"] or []:
                if config["name"] == SOURCE_KNOWN_TO_DIFFER:
                    config["config_source"] = "<masked>"
    assert ours == kafka
    return ours


def test_create_topics_successes_and_every_error(brokers):
    create_topics_answer(brokers, [topic("vs-exists")])
    create_topics_answer(brokers, [
        topic("vs-exists"),
        topic("vs-created", partitions=3, configs={"cleanup.policy": "compact", "retention.ms": "1000"}),
        topic("vs-defaults", partitions=-1, replication=-1),
        topic("vs-manual", partitions=-1, replication=-1, assignments=[[1], [1]]),
        topic("vs-zero-partitions", partitions=0),
        topic("vs-zero-replicas", replication=0),
        topic("vs-two-replicas", replication=2),
        topic("bad name"),
        topic("vs-bad-value", configs={"retention.ms": "abc"}),
        topic("vs-unknown-config", configs={"no.such.config": "1"}),
        topic("vs-null-config", configs={"retention.ms": None}),
        topic("vs-partitions-and-assignment", partitions=2, replication=-1, assignments=[[1]]),
        topic("vs-unknown-broker", partitions=-1, replication=-1, assignments=[[7]]),
        topic("vs-dup"), topic("vs-dup"),
        topic("__cluster_metadata"),
    ])


@pytest.mark.parametrize("version", [2, 5, 6])
def test_create_topics_older_versions_and_validate_only(brokers, version):
    create_topics_answer(brokers, [topic(f"vs-v{version}", partitions=2), topic("vs-validate", partitions=4)],
                         version=version, validate_only=True)
    create_topics_answer(brokers, [topic(f"vs-v{version}", partitions=2)], version=version)


def test_create_topics_expired_timeout(brokers):
    ask_both(brokers, CreateTopicsRequest(topics=[topic("vs-timeout")], timeout_ms=0), 7)


@pytest.fixture(scope="module")
def fresh_topic(brokers):
    create_topics_answer(brokers, [topic("vs-fresh", partitions=2)])
    return "vs-fresh"


@pytest.mark.parametrize("version", range(0, 14))
def test_metadata_of_a_fresh_topic(brokers, fresh_topic, version):
    ask_both(brokers, MetadataRequest(topics=[MetadataRequestTopic(name=fresh_topic)],
                                      allow_auto_topic_creation=version < 4,
                                      include_topic_authorized_operations=version >= 8,
                                      include_cluster_authorized_operations=8 <= version <= 10), version)


def test_metadata_auto_creation_then_the_topic(brokers):
    request = MetadataRequest(topics=[MetadataRequestTopic(name="vs-auto"), MetadataRequestTopic(name="bad name!")],
                              allow_auto_topic_creation=True)
    ask_both(brokers, request, 12)
    only_created = MetadataRequest(topics=[MetadataRequestTopic(name="vs-auto")], allow_auto_topic_creation=False)
    kafka_conn, _ = brokers
    for _ in range(100):  # Kafka creates the topic asynchronously: wait until it serves it
        if kafka_conn.send(only_created, version=12).topics[0].error_code == 0:
            break
    ask_both(brokers, only_created, 12)


def test_metadata_missing_topics_and_rejected_requests(brokers):
    # A missing internal topic: __share_group_state, which no test creates (Apache Kafka is shared by the session,
    # and the transaction tests create __transaction_state on it).
    ask_both(brokers, MetadataRequest(topics=[MetadataRequestTopic(name=n) for n in (
        "vs-missing", "bad name!", "__share_group_state", "vs-missing")], allow_auto_topic_creation=False), 12)
    ask_both(brokers, MetadataRequest(topics=[MetadataRequestTopic(name=None, topic_id=uuid.UUID(int=77))]), 12)
    ask_both(brokers, MetadataRequest(topics=[MetadataRequestTopic(name="x", topic_id=uuid.UUID(int=77))]), 10)
    ask_both(brokers, MetadataRequest(topics=[MetadataRequestTopic(name=None)]), 11)
    ask_both(brokers, MetadataRequest(topics=[MetadataRequestTopic(name=None)]), 12)
    ask_both(brokers, MetadataRequest(topics=[]), 1)
    ask_both(brokers, MetadataRequest(topics=[MetadataRequestTopic(name="__cluster_metadata")]), 12)


@pytest.mark.parametrize("version, endpoint_type", [(0, 1), (1, 1), (1, 2), (1, 5), (2, 1), (2, 2)])
def test_describe_cluster(brokers, version, endpoint_type):
    ask_both(brokers, DescribeClusterRequest(endpoint_type=endpoint_type, include_cluster_authorized_operations=True,
                                             include_fenced_brokers=version >= 2), version)


def test_describe_topic_partitions_pages(brokers):
    create_topics_answer(brokers, [topic("vs-dtp-a", partitions=3), topic("vs-dtp-b", partitions=2)])
    names = [TopicRequest(name=n) for n in ("vs-dtp-b", "vs-dtp-a", "vs-dtp-missing", "bad name")]
    cursor = None
    for _ in range(10):
        answer = ask_both(brokers, DescribeTopicPartitionsRequest(topics=names, response_partition_limit=2,
                                                                  cursor=cursor), 0)
        if answer["next_cursor"] is None:
            break
        cursor = Cursor(topic_name=answer["next_cursor"]["topic_name"],
                        partition_index=answer["next_cursor"]["partition_index"])
    else:
        pytest.fail("paging did not end")
    ask_both(brokers, DescribeTopicPartitionsRequest(topics=names[:2], response_partition_limit=0,
                                                     cursor=Cursor(topic_name="vs-dtp-b", partition_index=-1)), 0)


def test_delete_topics_rules(brokers):
    create_topics_answer(brokers, [topic(n) for n in ("vs-del-a", "vs-del-b", "vs-del-c")])

    def delete(states, version=6):
        if version >= 6:
            request = DeleteTopicsRequest(topics=[DeleteTopicState(name=n, topic_id=i) for n, i in states],
                                          timeout_ms=30000)
        else:
            request = DeleteTopicsRequest(topic_names=[n for n, _ in states], timeout_ms=30000)
        kafka, ours = both(brokers, request, version)
        key = lambda result: (result["name"] or "", result["error_code"], result["topic_id"])  # noqa: E731
        assert sorted(ours["responses"], key=key) == sorted(kafka["responses"], key=key)

    delete([("vs-del-a", ZERO_UUID), ("vs-del-a", ZERO_UUID), (None, ZERO_UUID), ("vs-del-b", uuid.UUID(int=5)),
            (None, uuid.UUID(int=6)), ("vs-del-missing", ZERO_UUID)])
    delete([("vs-del-b", ZERO_UUID), ("bad name", ZERO_UUID)], version=5)
    ask_both(brokers, DeleteTopicsRequest(topics=[DeleteTopicState(name="vs-del-c")], timeout_ms=0), 6)


def test_create_partitions_rules(brokers):
    create_topics_answer(brokers, [topic("vs-grow", partitions=2), topic("vs-grow-dup")])

    def grow(entries, **fields):
        request = CreatePartitionsRequest(topics=[
            CreatePartitionsTopic(name=name, count=count, assignments=None if assignment is None else
                                  [CreatePartitionsAssignment(broker_ids=ids) for ids in assignment])
            for name, count, assignment in entries], timeout_ms=30000, **fields)
        ask_both(brokers, request, 3)

    grow([("vs-grow", 2, None), ("vs-grow", 1, None)])
    grow([("vs-grow", 2, None), ("vs-missing", 3, None)])
    grow([("vs-grow", 1, None)])
    grow([("vs-grow", 4, [[1]])])
    grow([("vs-grow", 3, [[9]])])
    grow([("vs-grow", 3, [[1, 1]])])
    grow([("vs-grow", 3, [[1]])], validate_only=True)
    grow([("vs-grow", 4, None)])
    # Kafka answers CreatePartitions once its controller committed them; its broker's metadata follows a moment
    # later, so compare once both list the four partitions with leaders.
    described = MetadataRequest(topics=[MetadataRequestTopic(name="vs-grow")])
    deadline = time.monotonic() + 30
    while not all(_grown(conn.send(described, version=12), 4) for conn in brokers) and time.monotonic() < deadline:
        time.sleep(0.1)
    ask_both(brokers, described, 12)


def _grown(response, partitions: int) -> bool:
    [described] = response.topics
    return len(described.partitions) == partitions and all(p.leader_id >= 0 for p in described.partitions)
