"""Consumers using the KIP-848 consumer protocol (`group.protocol=consumer`) that never subscribe: they are assigned
partitions, commit offsets with metadata and read them back (OffsetCommit with member epoch -1 and whatever member
id the client made up for itself; OffsetFetch). Kafka accepts such a commit while the group has no members, whether
the group does not exist yet, is an empty classic group, or an empty consumer group that members have left; a group
with live members refuses it with UNKNOWN_MEMBER_ID. confluent-kafka and Kafka 4.3.1's Java consumer, on kbroker and
on Apache Kafka."""

from __future__ import annotations

import subprocess
import time
import uuid
from pathlib import Path

import confluent_kafka
import pytest

from compat_tests.kafka_dist import kafka_classpath
from compat_tests.py_clients import create_topic

UNSUBSCRIBED_COMMIT = Path(__file__).parent / "java" / "UnsubscribedCommit.java"
PARTITIONS = 3
WAIT_S = 60
COORDINATOR_NOT_READY = {confluent_kafka.KafkaError.NOT_COORDINATOR, confluent_kafka.KafkaError.COORDINATOR_NOT_AVAILABLE,
                         confluent_kafka.KafkaError.COORDINATOR_LOAD_IN_PROGRESS}


def ck_commit_and_read_back(bootstrap: str, group: str, topic: str,
                            offsets: dict[int, tuple[int, str]]) -> dict[int, tuple[int, str]]:
    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": group,
                                         "group.protocol": "consumer", "enable.auto.commit": False})
    try:
        wanted = [confluent_kafka.TopicPartition(topic, p, o, m) for p, (o, m) in offsets.items()]
        consumer.assign([confluent_kafka.TopicPartition(topic, p) for p in offsets])
        deadline = time.monotonic() + WAIT_S
        while True:
            try:
                consumer.commit(offsets=wanted, asynchronous=False)
                break
            except confluent_kafka.KafkaException as exc:
                # A coordinator still loading (on a fresh broker, __consumer_offsets was just created) answers
                # NOT_COORDINATOR or COORDINATOR_LOAD_IN_PROGRESS; librdkafka hands those to a sync commit.
                if exc.args[0].code() not in COORDINATOR_NOT_READY or time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        read = consumer.committed([confluent_kafka.TopicPartition(topic, p) for p in offsets], timeout=WAIT_S)
        return {tp.partition: (tp.offset, tp.metadata) for tp in read}
    finally:
        consumer.close()


def java_commit_and_read_back(bootstrap: str, group: str, topic: str,
                              offsets: dict[int, tuple[int, str]]) -> dict[int, tuple[int, str]]:
    result = subprocess.run(["java", "-cp", kafka_classpath(), str(UNSUBSCRIBED_COMMIT), bootstrap, group, topic,
                             *(f"{p}={o}:{m}" for p, (o, m) in offsets.items())],
                            capture_output=True, text=True, timeout=WAIT_S * 3, stdin=subprocess.DEVNULL)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = [line for line in result.stdout.splitlines() if line.startswith(("committed ", "error "))]
    errors = [line for line in lines if line.startswith("error ")]
    if errors:
        raise AssertionError(errors[0])
    read = {}
    for line in lines:
        _, partition, offset, metadata = line.split(" ", 3)
        read[int(partition)] = (int(offset), metadata)
    return read


CLIENTS = [
    pytest.param(ck_commit_and_read_back, id="confluent"),
    pytest.param(java_commit_and_read_back, id="java", marks=pytest.mark.java),
]


def member_joins_and_leaves(bootstrap: str, group: str, topic: str) -> None:
    """A consumer-protocol member subscribes, gets its partitions and leaves: the group stays as an empty
    consumer group."""
    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": group,
                                         "group.protocol": "consumer", "enable.auto.commit": False})
    try:
        consumer.subscribe([topic])
        deadline = time.monotonic() + WAIT_S
        while not consumer.assignment():
            assert time.monotonic() < deadline, "the subscribed member got no partitions"
            consumer.poll(0.2)
    finally:
        consumer.close()


@pytest.mark.parametrize("commit_and_read_back", CLIENTS)
def test_an_unsubscribed_consumer_commits_to_a_new_group(broker, topic, commit_and_read_back, request):
    if "java" in request.node.callspec.id:
        request.getfixturevalue("kafka_tools")
    create_topic(broker.bootstrap, topic, PARTITIONS)
    group = f"unsubscribed-{uuid.uuid4().hex[:8]}"
    first = {0: (5, "first-0"), 2: (9, "first-2")}
    assert commit_and_read_back(broker.bootstrap, group, topic, first) == first
    again = {0: (6, "again-0"), 1: (1, "")}
    assert commit_and_read_back(broker.bootstrap, group, topic, again) == again


@pytest.mark.parametrize("commit_and_read_back", CLIENTS)
def test_an_unsubscribed_consumer_commits_to_an_empty_consumer_group(broker, topic, commit_and_read_back,
                                                                     request):
    if "java" in request.node.callspec.id:
        request.getfixturevalue("kafka_tools")
    create_topic(broker.bootstrap, topic, PARTITIONS)
    group = f"emptied-{uuid.uuid4().hex[:8]}"
    member_joins_and_leaves(broker.bootstrap, group, topic)
    offsets = {0: (3, "after-the-members-left"), 1: (4, "")}
    assert commit_and_read_back(broker.bootstrap, group, topic, offsets) == offsets


def test_an_unsubscribed_consumer_cannot_commit_to_a_group_with_members(broker, topic):
    """Kafka's ConsumerGroup.validateOffsetCommit: epoch -1 is accepted only while the group has no members; with a
    live consumer-protocol member the commit is refused with UNKNOWN_MEMBER_ID, and the offsets stay as they were."""
    create_topic(broker.bootstrap, topic, PARTITIONS)
    group = f"busy-{uuid.uuid4().hex[:8]}"
    member = confluent_kafka.Consumer({"bootstrap.servers": broker.bootstrap, "group.id": group,
                                       "group.protocol": "consumer", "enable.auto.commit": False})
    try:
        member.subscribe([topic])
        deadline = time.monotonic() + WAIT_S
        while not member.assignment():
            assert time.monotonic() < deadline, "the subscribed member got no partitions"
            member.poll(0.2)
        with pytest.raises(confluent_kafka.KafkaException) as refused:
            ck_commit_and_read_back(broker.bootstrap, group, topic, {0: (7, "outsider")})
        assert refused.value.args[0].code() == confluent_kafka.KafkaError.UNKNOWN_MEMBER_ID
    finally:
        member.close()
    outsider = confluent_kafka.Consumer({"bootstrap.servers": broker.bootstrap, "group.id": group,
                                         "group.protocol": "consumer"})
    try:
        (committed,) = outsider.committed([confluent_kafka.TopicPartition(topic, 0)], timeout=WAIT_S)
        assert committed.offset == confluent_kafka.OFFSET_INVALID
    finally:
        outsider.close()
