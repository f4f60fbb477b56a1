"""Consumer groups through a real in-process broker with stock clients: kafka-python and confluent-kafka
(range and cooperative-sticky) consumers share a 12-partition topic, one leaves, more records arrive, and every
record is consumed; the group's committed offsets match what was consumed; commits survive a kill -9."""

from __future__ import annotations

import logging
import threading
import time

import confluent_kafka
import confluent_kafka.admin
import pytest
from kafka import KafkaAdminClient, KafkaConsumer, KafkaProducer, TopicPartition
from kafka.admin import NewTopic

from compat_tests.py_clients import kp_wait_for_topic
from kbroker.testing import start_broker_process

PARTITIONS = 12
FIRST_BATCH = 600
SECOND_BATCH = 600
DEADLINE_S = 90


def create_topic(bootstrap: str, name: str, partitions: int = PARTITIONS) -> None:
    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        admin.create_topics([NewTopic(name, partitions, 1)])
    finally:
        admin.close()


def produce(bootstrap: str, topic: str, values: range, partitions: int = PARTITIONS) -> None:
    producer = KafkaProducer(bootstrap_servers=bootstrap)
    try:
        for i in values:
            producer.send(topic, str(i).encode(), partition=i % partitions)
        producer.flush()
    finally:
        producer.close()


class Member(threading.Thread):
    """One group member polling, recording and committing after each batch until told to stop."""

    def __init__(self, name: str, consumed: list, lock: threading.Lock):
        super().__init__(name=name, daemon=True)
        self.consumed = consumed
        self.lock = lock
        self.stop = threading.Event()
        self.count = 0
        self.failure: BaseException | None = None

    def record(self, values) -> None:
        with self.lock:
            self.consumed.extend(values)
            self.count += len(values)

    def run(self) -> None:
        try:
            self.serve()
        except BaseException as exc:  # reported by the test thread
            self.failure = exc


class KafkaPythonMember(Member):
    def __init__(self, bootstrap, topic, group, consumed, lock, name, **config):
        super().__init__(name, consumed, lock)
        self.consumer = KafkaConsumer(bootstrap_servers=bootstrap, group_id=group, client_id=name,
                                      auto_offset_reset="earliest", enable_auto_commit=False, **config)
        kp_wait_for_topic(self.consumer, topic)
        self.consumer.subscribe([topic])

    def serve(self) -> None:
        try:
            while not self.stop.is_set():
                batches = self.consumer.poll(timeout_ms=200)
                values = [int(r.value) for records in batches.values() for r in records]
                if values:
                    self.record(values)
                    try:
                        self.consumer.commit()
                    except Exception as exc:  # CommitFailedError during a rebalance: at-least-once
                        if type(exc).__name__ != "CommitFailedError":
                            raise
        finally:
            self.consumer.close()


class ConfluentMember(Member):
    def __init__(self, bootstrap, topic, group, consumed, lock, name, strategy):
        super().__init__(name, consumed, lock)
        self.consumer = confluent_kafka.Consumer({
            "bootstrap.servers": bootstrap, "group.id": group, "client.id": name,
            "auto.offset.reset": "earliest", "enable.auto.commit": False,
            "partition.assignment.strategy": strategy, "session.timeout.ms": 10000,
            "heartbeat.interval.ms": 500})
        self.consumer.subscribe([topic])

    def serve(self) -> None:
        try:
            while not self.stop.is_set():
                messages = self.consumer.consume(num_messages=500, timeout=0.2)
                values = []
                for message in messages:
                    if message.error() is not None:
                        raise RuntimeError(f"consumer error: {message.error()}")
                    values.append(int(message.value()))
                if values:
                    self.record(values)
                    try:
                        self.consumer.commit(asynchronous=False)
                    except confluent_kafka.KafkaException as exc:
                        code = exc.args[0].code()
                        if code not in (confluent_kafka.KafkaError.REBALANCE_IN_PROGRESS,
                                        confluent_kafka.KafkaError.ILLEGAL_GENERATION,
                                        confluent_kafka.KafkaError.UNKNOWN_MEMBER_ID,
                                        confluent_kafka.KafkaError._NO_OFFSET):
                            raise
        finally:
            self.consumer.close()


def wait_for(consumed, lock, members, expected: set[int]) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        for member in members:
            if member.failure is not None:
                raise member.failure
        with lock:
            if expected <= set(consumed):
                return
        time.sleep(0.1)
    with lock:
        missing = sorted(expected - set(consumed))
    raise AssertionError(f"{len(missing)} records never consumed, e.g. {missing[:10]}")


def committed_offsets(bootstrap: str, group: str) -> dict[int, int]:
    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        offsets = admin.list_group_offsets(group)[group]
    finally:
        admin.close()
    return {tp.partition: meta.offset for tp, meta in offsets.items()}


def wait_for_stable_members(bootstrap: str, group: str, count: int, topic: str) -> None:
    """Until the group is Stable with `count` members that between them own every partition of `topic`. A
    leader whose metadata lacked the topic when it assigned leaves a Stable group that owns nothing and rejoins
    once its metadata catches up; records produced before that second rebalance would not say who shares."""
    admin = confluent_kafka.admin.AdminClient({"bootstrap.servers": bootstrap})
    described = None
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        try:
            described = admin.describe_consumer_groups([group], request_timeout=10)[group].result()
        except confluent_kafka.KafkaException:  # the first FindCoordinator creates __consumer_offsets
            time.sleep(0.1)
            continue
        owned = [tp.partition for m in described.members for tp in m.assignment.topic_partitions
                 if tp.topic == topic]
        if described.state == confluent_kafka.ConsumerGroupState.STABLE and len(described.members) == count \
                and sorted(owned) == list(range(PARTITIONS)):
            return
        time.sleep(0.1)
    raise AssertionError(f"group {group} never became Stable with {count} members owning {topic}: {described}")


def share_topic(bootstrap: str, topic: str, group: str, make_member) -> list[int]:
    """Three members share the topic; the third leaves; more records come; returns every consumed value."""
    create_topic(bootstrap, topic)
    consumed: list[int] = []
    lock = threading.Lock()
    members = [make_member(consumed, lock, f"member-{i}") for i in range(3)]
    for member in members:
        member.start()
    try:
        wait_for_stable_members(bootstrap, group, 3, topic)
        produce(bootstrap, topic, range(FIRST_BATCH))
        wait_for(consumed, lock, members, set(range(FIRST_BATCH)))
        assert all(member.count > 0 for member in members), [member.count for member in members]
        members[2].stop.set()
        members[2].join(30)
        assert not members[2].is_alive()
        produce(bootstrap, topic, range(FIRST_BATCH, FIRST_BATCH + SECOND_BATCH))
        wait_for(consumed, lock, members[:2], set(range(FIRST_BATCH + SECOND_BATCH)))
    finally:
        for member in members:
            member.stop.set()
        for member in members:
            member.join(30)
    for member in members:
        if member.failure is not None:
            raise member.failure
    return consumed


def assert_everything_consumed_and_committed(bootstrap, group, consumed) -> None:
    total = FIRST_BATCH + SECOND_BATCH
    assert set(consumed) == set(range(total))
    # at-least-once: a record may come twice only around a rebalance; never most of them
    assert len(consumed) - total < total // 4
    assert committed_offsets(bootstrap, group) == {p: total // PARTITIONS for p in range(PARTITIONS)}


def test_kafka_python_consumers_share_a_topic(kafka_broker, caplog):
    caplog.set_level(logging.INFO, logger="kbroker.group")  # the coordinator's membership changes, shown on failure
    bootstrap = kafka_broker.bootstrap
    consumed = share_topic(bootstrap, "shared-kp", "group-kp", lambda consumed, lock, name: KafkaPythonMember(
        bootstrap, "shared-kp", "group-kp", consumed, lock, name))
    assert_everything_consumed_and_committed(bootstrap, "group-kp", consumed)


@pytest.mark.parametrize("strategy", ["range", "cooperative-sticky"])
def test_confluent_kafka_consumers_share_a_topic(kafka_broker, strategy, caplog):
    caplog.set_level(logging.INFO, logger="kbroker.group")
    bootstrap = kafka_broker.bootstrap
    topic, group = f"shared-ck-{strategy}", f"group-ck-{strategy}"
    consumed = share_topic(bootstrap, topic, group, lambda consumed, lock, name: ConfluentMember(
        bootstrap, topic, group, consumed, lock, name, strategy))
    assert_everything_consumed_and_committed(bootstrap, group, consumed)


def test_commits_survive_a_kill_9_and_restart(tmp_path):
    log_dir = tmp_path / "kafka-logs"
    with start_broker_process(log_dir) as broker:
        create_topic(broker.bootstrap, "durable", 3)
        produce(broker.bootstrap, "durable", range(30), partitions=3)
        consumer = KafkaConsumer("durable", bootstrap_servers=broker.bootstrap, group_id="durable-group",
                                 auto_offset_reset="earliest", enable_auto_commit=False)
        seen = 0
        deadline = time.monotonic() + DEADLINE_S
        while seen < 30 and time.monotonic() < deadline:
            seen += sum(len(records) for records in consumer.poll(timeout_ms=200).values())
        consumer.commit()
        consumer.commit({TopicPartition("durable", 0): __import__("kafka").OffsetAndMetadata(7, "kept", -1)})
        consumer.close(autocommit=False)
        broker.kill()
    with start_broker_process(log_dir) as broker:
        assert committed_offsets(broker.bootstrap, "durable-group") == {0: 7, 1: 10, 2: 10}
        consumer = KafkaConsumer("durable", bootstrap_servers=broker.bootstrap, group_id="durable-group",
                                 auto_offset_reset="earliest", enable_auto_commit=False)
        try:
            values = []
            deadline = time.monotonic() + DEADLINE_S
            while len(values) < 3 and time.monotonic() < deadline:
                values += [int(r.value) for rs in consumer.poll(timeout_ms=200).values() for r in rs]
            # partition 0 resumes at the committed offset 7: records 21, 24, 27 only
            assert sorted(values) == [21, 24, 27]
        finally:
            consumer.close(autocommit=False)


def test_a_static_member_restarting_within_its_session_timeout_causes_no_rebalance(kafka_broker, caplog):
    from kbroker.group import coordinator_of

    caplog.set_level(logging.INFO, logger="kbroker.group")  # the group's history, shown on failure (seen once)

    bootstrap, topic, group = kafka_broker.bootstrap, "static", "static-group"
    create_topic(bootstrap, topic)

    async def generation_and_members():
        found = coordinator_of(kafka_broker.state).shard_of(group).groups[group]
        return found.generation_id, found.state.value, sorted(m.group_instance_id for m in found.members.values())

    async def leader_instance():
        found = coordinator_of(kafka_broker.state).shard_of(group).groups[group]
        return found.members[found.leader_id].group_instance_id

    consumed: list[int] = []
    lock = threading.Lock()

    def member(instance):
        return KafkaPythonMember(bootstrap, topic, group, consumed, lock, instance, group_instance_id=instance,
                                 session_timeout_ms=30000)

    members = [member("static-1"), member("static-2")]
    try:
        for m in members:
            m.start()
        wait_for_stable_members(bootstrap, group, 2, topic)
        generation, state, instances = kafka_broker.call(generation_and_members)
        assert (state, instances) == ("Stable", ["static-1", "static-2"])
        # The follower restarts. (A restarted leader, told the old leader id below JoinGroup v9, is covered against
        # both brokers by compat_tests/test_consumer_groups.py.)
        follower = 0 if kafka_broker.call(leader_instance) == "static-2" else 1
        restarted = members[follower]
        restarted.stop.set()
        restarted.join(30)
        # a static member does not leave on close: the group keeps it, and its restart changes nothing
        assert kafka_broker.call(generation_and_members) == (generation, "Stable", ["static-1", "static-2"])
        members.append(member(restarted.name))
        members[2].start()
        produce(bootstrap, topic, range(120))
        wait_for(consumed, lock, [members[1 - follower], members[2]], set(range(120)))
        assert members[2].count > 0
        assert kafka_broker.call(generation_and_members) == (generation, "Stable", ["static-1", "static-2"])
    finally:
        for m in members:
            m.stop.set()
        for m in members:
            m.join(30)
