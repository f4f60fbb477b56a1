"""The KIP-848 consumer group protocol through a real in-process broker with stock clients: Kafka 4.3.1's
VerifiableConsumer (Java, `--group-protocol consumer`) and confluent-kafka (`group.protocol: consumer`).

Three members share a 12-partition topic; one is killed (SIGKILL: its partitions move once its session expires)
then another joins; every produced record is consumed and the final offsets are committed. Each test runs
against kbroker and, as the reference, against Apache Kafka 4.3.1."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from kafka import KafkaAdminClient, KafkaProducer
from kafka.admin import NewTopic

from compat_tests.broker_fixtures import require_kafka_dist
from compat_tests.java_tools import VERIFIABLE_CONSUMER
from compat_tests.kafka_dist import (
    TOOL_JVM_OPTIONS,
    TOOLS_LOG4J_CONFIG,
    ApacheKafka,
    kafka_classpath,
    kafka_dist_is_built,
)
from kbroker.testing import broker_config, run_broker_in_thread

PARTITIONS = 12

BATCH = 600
DEADLINE_S = 120
SESSION_TIMEOUT_MS = 10000


def create_topic(bootstrap: str, name: str) -> None:
    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        admin.create_topics([NewTopic(name, PARTITIONS, 1)])
    finally:
        admin.close()


def produce(bootstrap: str, topic: str, values: range) -> None:
    producer = KafkaProducer(bootstrap_servers=bootstrap)
    try:
        for i in values:
            producer.send(topic, str(i).encode(), partition=i % PARTITIONS)
        producer.flush()
    finally:
        producer.close()


def committed_offsets(bootstrap: str, group: str) -> dict[int, int]:
    admin = KafkaAdminClient(bootstrap_servers=bootstrap)
    try:
        offsets = admin.list_group_offsets(group)[group]
    finally:
        admin.close()
    return {tp.partition: meta.offset for tp, meta in offsets.items()}


# Both brokers shorten the session (Kafka's default is 45 s) so that a killed member's partitions move sooner.
GROUP_TIMEOUTS = {"group.consumer.session.timeout.ms": SESSION_TIMEOUT_MS,
                  "group.consumer.min.session.timeout.ms": SESSION_TIMEOUT_MS,
                  "group.consumer.heartbeat.interval.ms": 1000,
                  "group.consumer.min.heartbeat.interval.ms": 1000}


@pytest.fixture(params=["kbroker", "kafka"])
def bootstrap(request, tmp_path):
    """The broker under test with GROUP_TIMEOUTS: kbroker in-process, or, as the reference, Apache Kafka 4.3.1."""
    if request.param == "kafka":
        require_kafka_dist()
        with ApacheKafka(GROUP_TIMEOUTS) as kafka:
            yield kafka.bootstrap
        return
    with run_broker_in_thread(broker_config(tmp_path / "kafka-logs", GROUP_TIMEOUTS)) as running:
        yield f"{running.host}:{running.port}"


class JavaConsumer:
    """A VerifiableConsumer process; its JSON events are read from a file as they are written."""

    def __init__(self, bootstrap: str, topic: str, group: str, out: Path, *extra: str):
        self.out = out
        self.file = open(out, "w")
        self.proc = subprocess.Popen(
            ["java", *TOOL_JVM_OPTIONS, f"-Dlog4j2.configurationFile={TOOLS_LOG4J_CONFIG}", "-cp",
             kafka_classpath(), VERIFIABLE_CONSUMER, "--bootstrap-server", bootstrap, "--topic", topic,
             "--group-id", group, "--group-protocol", "consumer", "--reset-policy", "earliest", *extra],
            stdout=self.file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def events(self) -> list[dict]:
        events = []
        for line in self.out.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                try:
                    events.append(json.loads(line))
                except json.JSONDecodeError:  # a line being written
                    pass
        return events

    def assigned(self) -> set[int]:
        latest: set[int] = set()
        for event in self.events():
            if event.get("name") == "partitions_assigned":
                latest |= {p["partition"] for p in event["partitions"]}
            elif event.get("name") == "partitions_revoked":
                latest -= {p["partition"] for p in event["partitions"]}
        return latest

    def consumed(self) -> dict[int, set[int]]:
        """partition -> offsets consumed (VerifiableConsumer reports ranges per batch)."""
        seen: dict[int, set[int]] = {}
        for event in self.events():
            if event.get("name") == "records_consumed":
                for p in event["partitions"]:
                    seen.setdefault(p["partition"], set()).update(range(p["minOffset"], p["maxOffset"] + 1))
        return seen

    def stop(self, sig_kill: bool = False) -> None:
        if self.proc.poll() is None:
            if sig_kill:
                self.proc.kill()
            else:
                self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.file.close()


def union(consumers) -> dict[int, set[int]]:
    total: dict[int, set[int]] = {}
    for consumer in consumers:
        for partition, offsets in consumer.consumed().items():
            total.setdefault(partition, set()).update(offsets)
    return total


def wait_until(condition, what: str, consumers) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.5)
    logs = "\n".join(f"--- {c.out.name}\n{c.out.read_text(errors='replace')[-3000:]}" for c in consumers)
    raise AssertionError(f"timed out waiting for {what}\n{logs}")


def all_consumed(consumers, per_partition: int) -> bool:
    seen = union(consumers)
    return all(set(range(per_partition)) <= seen.get(p, set()) for p in range(PARTITIONS))


@pytest.mark.java
def share_a_topic_through_a_kill_and_an_addition(bootstrap, tmp_path, member, name: str) -> None:
    """Three members of `member`'s kind share the topic; one is SIGKILLed, one added; every record is
    consumed and the final commits cover every partition."""
    topic, group = f"kip848-{name}-{uuid.uuid4().hex[:6]}", f"kip848-{name}-{uuid.uuid4().hex[:6]}"
    create_topic(bootstrap, topic)
    consumers = [member(bootstrap, topic, group, tmp_path / f"m{i}.out") for i in range(3)]
    try:
        wait_until(lambda: sorted(len(c.assigned()) for c in consumers) == [4, 4, 4], "3 x 4 partitions",
                   consumers)
        produce(bootstrap, topic, range(BATCH))
        wait_until(lambda: all_consumed(consumers, BATCH // PARTITIONS), "the first batch", consumers)
        consumers[2].stop(sig_kill=True)
        produce(bootstrap, topic, range(BATCH, 2 * BATCH))
        wait_until(lambda: all_consumed(consumers, 2 * BATCH // PARTITIONS), "the second batch after a kill",
                   consumers)
        consumers.append(member(bootstrap, topic, group, tmp_path / "m3.out"))
        live = [consumers[0], consumers[1], consumers[3]]
        wait_until(lambda: sorted(len(c.assigned()) for c in live) == [4, 4, 4], "the new member's share", consumers)
        produce(bootstrap, topic, range(2 * BATCH, 3 * BATCH))
        wait_until(lambda: all_consumed(consumers, 3 * BATCH // PARTITIONS), "the third batch", consumers)
        assert consumers[3].consumed(), "the added member consumed nothing"
    finally:
        for consumer in consumers:
            consumer.stop()
    assert committed_offsets(bootstrap, group) == {p: 3 * BATCH // PARTITIONS for p in range(PARTITIONS)}


def test_java_consumers_share_a_topic(bootstrap, tmp_path):
    if not kafka_dist_is_built():
        pytest.skip("Apache Kafka's jars are not built")
    share_a_topic_through_a_kill_and_an_addition(bootstrap, tmp_path, JavaConsumer, "java")


CONFLUENT_MEMBER = """
import json, sys
import confluent_kafka
bootstrap, topic, group, name = sys.argv[1:5]
consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": group, "client.id": name,
                                     "group.protocol": "consumer", "auto.offset.reset": "earliest",
                                     "enable.auto.commit": False})
consumer.subscribe([topic])
while True:
    messages = consumer.consume(num_messages=500, timeout=0.2)
    got = []
    for message in messages:
        if message.error() is not None:
            print(json.dumps({"error": str(message.error())}), flush=True)
            continue
        got.append([message.partition(), message.offset()])
    assignment = sorted(tp.partition for tp in consumer.assignment())
    print(json.dumps({"records": got, "assignment": assignment}), flush=True)
    if got:
        try:
            consumer.commit(asynchronous=False)
        except confluent_kafka.KafkaException as exc:
            print(json.dumps({"commit_error": str(exc)}), flush=True)
"""


class ConfluentConsumer:
    """A confluent-kafka consumer (group.protocol=consumer) in its own process, so that it can be SIGKILLed; it
    prints what it consumed and its assignment as JSON lines."""

    def __init__(self, bootstrap: str, topic: str, group: str, out: Path):
        self.out = out
        self.file = open(out, "w")
        self.proc = subprocess.Popen([sys.executable, "-c", CONFLUENT_MEMBER, bootstrap, topic, group, out.stem],
                                     stdout=self.file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def lines(self) -> list[dict]:
        found = []
        for line in self.out.read_text(errors="replace").splitlines():
            if line.startswith("{"):
                try:
                    found.append(json.loads(line))
                except json.JSONDecodeError:
                    pass
        return found

    def assigned(self) -> set[int]:
        latest = [line["assignment"] for line in self.lines() if "assignment" in line]
        return set(latest[-1]) if latest else set()

    def consumed(self) -> dict[int, set[int]]:
        seen: dict[int, set[int]] = {}
        for line in self.lines():
            for partition, offset in line.get("records", ()):
                seen.setdefault(partition, set()).add(offset)
        return seen

    def stop(self, sig_kill: bool = False) -> None:
        JavaConsumer.stop(self, sig_kill)


def test_confluent_kafka_consumers_share_a_topic(bootstrap, tmp_path):
    share_a_topic_through_a_kill_and_an_addition(bootstrap, tmp_path, ConfluentConsumer, "rdk")


def test_consumer_group_state_survives_a_kill_9_and_restart(tmp_path):
    """Members, epochs and assignments are in __consumer_offsets before a heartbeat is answered: after a kill -9
    and restart the members carry on with their epochs (no UNKNOWN_MEMBER_ID, no rebalance)."""
    from kbroker.protocol.blocking_client import KafkaConnection
    from kbroker.protocol.messages.consumer_group_describe_request import ConsumerGroupDescribeRequest
    from kbroker.protocol.messages.consumer_group_heartbeat_request import (
        ConsumerGroupHeartbeatRequest,
        TopicPartitions,
    )
    from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
    from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
    from kbroker.testing import start_broker_process

    log_dir = tmp_path / "kafka-logs"
    group, topic = "durable-848", "durable-848"

    def beat(conn, member, epoch, owned, **fields):
        for _ in range(100):
            answer = conn.send(ConsumerGroupHeartbeatRequest(
                group_id=group, member_id=member, member_epoch=epoch,
                topic_partitions=[TopicPartitions(topic_id=tid, partitions=sorted(owned))] if owned else [],
                **fields), version=1)
            if answer.error_code not in (14, 15, 16):
                return answer
            conn.send(FindCoordinatorRequest(key=group, key_type=0), version=3)
            time.sleep(0.1)
        raise AssertionError(answer)

    def owned(answer):
        return {p for t in answer.assignment.topic_partitions for p in t.partitions}

    overrides = {"group.consumer.assignment.interval.ms": 0}
    with start_broker_process(log_dir, overrides) as broker:
        create_topic(broker.bootstrap, topic)
        conn = KafkaConnection(broker.bootstrap)
        tid = conn.send(MetadataRequest(topics=[MetadataRequestTopic(name=topic)]), version=12).topics[0].topic_id
        joined = dict(rebalance_timeout_ms=30000, subscribed_topic_names=[topic])
        a = beat(conn, "a", 0, [], **joined)
        assert a.error_code == 0, a
        b = beat(conn, "b", 0, [], **joined)
        a2 = beat(conn, "a", a.member_epoch, owned(a))  # revoke half
        a3 = beat(conn, "a", a2.member_epoch, owned(a2))
        b2 = beat(conn, "b", b.member_epoch, [])
        assert len(owned(a2)) == len(owned(b2)) == PARTITIONS // 2 and a3.member_epoch == b2.member_epoch
        conn.close()
        broker.kill()
    with start_broker_process(log_dir, overrides) as broker:
        conn = KafkaConnection(broker.bootstrap)
        again_a = beat(conn, "a", a3.member_epoch, owned(a2))
        again_b = beat(conn, "b", b2.member_epoch, owned(b2))
        assert (again_a.error_code, again_a.member_epoch) == (0, a3.member_epoch)
        assert (again_b.error_code, again_b.member_epoch) == (0, b2.member_epoch)
        described = conn.send(ConsumerGroupDescribeRequest(group_ids=[group]), version=1).groups[0]
        assert described.group_state == "Stable" and described.group_epoch == a3.member_epoch
        assert sorted(m.member_id for m in described.members) == ["a", "b"]
        conn.close()


@pytest.mark.java
def test_kafka_consumer_groups_tool_describes_a_consumer_group(bootstrap, tmp_path):
    """kafka-consumer-groups.sh (ListGroups v5 with a type filter, ConsumerGroupDescribe, OffsetFetch) shows two
    Java members of a KIP-848 group as it does on Apache Kafka."""
    from compat_tests.kafka_dist import run_kafka_tool

    if not kafka_dist_is_built():
        pytest.skip("Apache Kafka's jars are not built")
    topic, group = f"kip848-cgc-{uuid.uuid4().hex[:6]}", f"kip848-cgc-{uuid.uuid4().hex[:6]}"
    create_topic(bootstrap, topic)
    consumers = [JavaConsumer(bootstrap, topic, group, tmp_path / f"c{i}.out") for i in range(2)]

    def tool(*args: str) -> list[list[str]]:
        result = run_kafka_tool("org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
                                "--bootstrap-server", bootstrap, *args)
        assert result.returncode == 0, result.stderr
        return [line.split() for line in result.stdout.splitlines() if line.startswith(group)]

    try:
        wait_until(lambda: sorted(len(c.assigned()) for c in consumers) == [6, 6], "2 x 6 partitions", consumers)
        produce(bootstrap, topic, range(120))
        wait_until(lambda: all_consumed(consumers, 10), "every record", consumers)
        wait_until(lambda: committed_offsets(bootstrap, group) == dict.fromkeys(range(PARTITIONS), 10),
                   "the commits", consumers)
        assert tool("--list", "--type", "consumer") == [[group, "Consumer"]]
        (state,) = tool("--describe", "--state", "--group", group)
        assert state[-3:] == ["uniform", "Stable", "2"]
        offsets = tool("--describe", "--group", group)
        assert sorted(int(row[2]) for row in offsets) == list(range(PARTITIONS))
        assert all(row[1] == topic and row[3:6] == ["10", "10", "0"] for row in offsets)
        members = tool("--describe", "--members", "--verbose", "--group", group)
        assert len(members) == 2
        for row in members:
            # #PARTITIONS, CURRENT-EPOCH, CURRENT-ASSIGNMENT, TARGET-EPOCH, TARGET-ASSIGNMENT
            assert row[4] == "6" and row[5] == row[7] and row[6] == row[8]
    finally:
        for consumer in consumers:
            consumer.stop()
