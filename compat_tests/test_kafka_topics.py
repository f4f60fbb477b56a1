"""Kafka's own kafka-topics tool (TopicCommand) creates, describes, alters, lists and deletes a topic."""

import re

import pytest

from compat_tests.java_tools import check, kafka_topics
from compat_tests.py_clients import wait_until_serving

pytestmark = [pytest.mark.java, pytest.mark.usefixtures("kafka_tools")]


def describe_lines(bootstrap: str, topic: str) -> list[str]:
    output = check(kafka_topics(bootstrap, "--describe", "--topic", topic)).stdout
    # The topic id is random; everything else is compared as printed.
    return [re.sub(r"TopicId: \S+", "TopicId: <id>", line.strip()) for line in output.splitlines() if line.strip()]


def partition_line(topic: str, partition: int) -> str:
    return f"Topic: {topic}\tPartition: {partition}\tLeader: 1\tReplicas: 1\tIsr: 1\tElr: \tLastKnownElr:"


def test_create_describe_alter_list_delete(broker, topic):
    created = check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "3",
                                 "--replication-factor", "1", "--config", "retention.ms=100000"))
    assert created.stdout.strip() == f"Created topic {topic}."

    # Besides the topic's own config, Kafka lists the cluster's dynamic min.insync.replicas default.
    assert describe_lines(broker.bootstrap, topic) == [
        f"Topic: {topic}\tTopicId: <id>\tPartitionCount: 3\tReplicationFactor: 1\t"
        "Configs: min.insync.replicas=1,retention.ms=100000",
        *(partition_line(topic, p) for p in range(3)),
    ]

    check(kafka_topics(broker.bootstrap, "--alter", "--topic", topic, "--partitions", "5"))
    wait_until_serving(broker.bootstrap, topic, 4)
    lines = describe_lines(broker.bootstrap, topic)
    assert "PartitionCount: 5" in lines[0]
    assert lines[1:] == [partition_line(topic, p) for p in range(5)]

    assert topic in check(kafka_topics(broker.bootstrap, "--list")).stdout.split()

    check(kafka_topics(broker.bootstrap, "--delete", "--topic", topic))
    assert topic not in check(kafka_topics(broker.bootstrap, "--list")).stdout.split()
    missing = kafka_topics(broker.bootstrap, "--describe", "--topic", topic)
    assert missing.returncode == 1
    assert f"Topic '{topic}' does not exist as expected" in missing.stdout


def test_create_existing_topic_fails(broker, topic):
    check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "1"))
    again = kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "1")
    assert again.returncode == 1
    assert f"Topic '{topic}' already exists." in again.stdout + again.stderr
