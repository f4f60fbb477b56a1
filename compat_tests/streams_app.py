"""The Kafka Streams 4.3.1 word count (compat_tests/java/StreamsWordCount.java) as processes of their own, so that
a test can SIGKILL one instance's JVM; and what the test feeds it and reads back:

    app = StreamsInstance.start(broker.bootstrap, "app", "in", "out", "classic", tmp_path, name="a")
    app.wait_running()
    produce_lines(bootstrap, "in", ["a b", "b"])
    committed_counts(bootstrap, "out")  # {"a": [1], "b": [1, 2]}: every count read_committed, in order

The jars come from `make java` (.cache/kafka-streams-4.3.1). Timeouts are bounds that fail a test when reached,
never speed checks.
"""

from __future__ import annotations

import os
import struct
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import confluent_kafka

from compat_tests.group_clients import GroupMember
from compat_tests.kafka_dist import KAFKA_VERSION, REPO_ROOT, TOOLS_LOG4J_CONFIG

STREAMS_LIBS = REPO_ROOT / ".cache" / f"kafka-streams-{KAFKA_VERSION}"
WORD_COUNT_SOURCE = Path(__file__).parent / "java" / "StreamsWordCount.java"
WAIT_S = 120.0
JVM_OPTIONS = ["-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"]


def streams_jars_available() -> bool:
    return any(STREAMS_LIBS.glob("kafka-streams-*.jar"))


def missing_streams_message() -> str:
    return f"Kafka Streams {KAFKA_VERSION} is not in {STREAMS_LIBS}; run `make java`"


def streams_classpath() -> str:
    return os.pathsep.join(str(jar) for jar in sorted(STREAMS_LIBS.glob("*.jar")))


class StreamsInstance(GroupMember):
    """One word-count instance (one JVM); its stdout carries "STATE <state>" lines, its stderr the log. Killing
    (SIGKILL), terminating and describing it are GroupMember's (compat_tests/group_clients.py)."""

    @classmethod
    def start(cls, bootstrap: str, application_id: str, input_topic: str, output_topic: str,  # type: ignore[override]
              group_protocol: str, work_dir: Path, *, name: str) -> StreamsInstance:
        state_dir = work_dir / f"{name}-state"
        state_dir.mkdir(parents=True, exist_ok=True)
        command = ["java", *JVM_OPTIONS, f"-Dlog4j2.configurationFile={TOOLS_LOG4J_CONFIG}",
                   "-cp", streams_classpath(), str(WORD_COUNT_SOURCE),
                   bootstrap, application_id, input_topic, output_topic, group_protocol, str(state_dir), name]
        stdout, stderr = work_dir / f"{name}.out", work_dir / f"{name}.err"
        with open(stdout, "wb") as out, open(stderr, "wb") as err:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err, cwd=REPO_ROOT)
        return cls(name, process, stdout, stderr)

    def states(self) -> list[str]:
        return [line.split(" ", 1)[1] for line in self.stdout.read_text().splitlines() if line.startswith("STATE ")]

    def check_running(self) -> None:
        super().check_running()
        if "ERROR" in self.states():
            raise AssertionError(f"{self.describe()}\nwent into the ERROR state")

    def wait_running(self) -> None:
        wait_for(lambda: self.states()[-1:] == ["RUNNING"], f"{self.name} RUNNING", [self])

    def stop(self) -> None:
        """SIGTERM (the shutdown hook closes Streams), then waits for the clean close."""
        self.terminate()
        self.wait_closed()


def wait_for(condition: Callable[[], object], what: str, instances: list[StreamsInstance]) -> None:
    """Waits for `condition`, failing early when one of `instances` stopped on its own."""
    deadline = time.monotonic() + WAIT_S
    while not condition():
        for instance in instances:
            instance.check_running()
        if time.monotonic() > deadline:
            details = "\n".join(instance.describe() for instance in instances)
            raise AssertionError(f"never {what}\n{details}")
        time.sleep(0.2)


def produce_lines(bootstrap: str, topic: str, lines: list[str]) -> None:
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap, "acks": "all", "linger.ms": 5})
    for line in lines:
        producer.produce(topic, line.encode())
    assert producer.flush(WAIT_S) == 0


class CommittedReader:
    """Reads the output topic from the start with isolation.level=read_committed, accumulating every count the
    word count committed, per word in the order written (one word lives in one partition)."""

    def __init__(self, bootstrap: str, topic: str, partitions: int):
        self.consumer = confluent_kafka.Consumer({
            "bootstrap.servers": bootstrap, "group.id": "unused", "enable.auto.commit": False,
            "isolation.level": "read_committed"})
        self.consumer.assign([confluent_kafka.TopicPartition(topic, p, confluent_kafka.OFFSET_BEGINNING)
                              for p in range(partitions)])
        self.counts: dict[str, list[int]] = {}

    def poll(self) -> dict[str, list[int]]:
        for message in self.consumer.consume(500, timeout=0.5):
            assert message.error() is None, message.error()
            (count,) = struct.unpack(">q", message.value())
            self.counts.setdefault(message.key().decode(), []).append(count)
        return self.counts

    def close(self) -> None:
        self.consumer.close()


def group_view(bootstrap: str, group_id: str) -> dict:
    """What ListGroups v5, DescribeGroups v5 and (for a streams group) StreamsGroupDescribe say about the
    application's group, reduced to what both brokers must agree on (no generated ids, hosts or epochs)."""
    from compat_tests.raw_client import RawConnection
    from kbroker.protocol.messages.describe_groups_request import DescribeGroupsRequest
    from kbroker.protocol.messages.list_groups_request import ListGroupsRequest
    from kbroker.protocol.messages.streams_group_describe_request import StreamsGroupDescribeRequest

    with RawConnection(bootstrap) as conn:
        listed = [(g.group_state, g.group_type, g.protocol_type)
                  for g in conn.send(ListGroupsRequest(), version=5).groups if g.group_id == group_id]
        described = conn.send(DescribeGroupsRequest(groups=[group_id]), version=5).groups[0]
        view = {"listed": listed,
                "described": (described.error_code, described.error_message, described.group_state,
                              described.protocol_type, described.protocol_data, len(described.members))}
        if listed and listed[0][1] == "streams":
            group = conn.send(StreamsGroupDescribeRequest(group_ids=[group_id]), version=0).groups[0]
            tasks = sorted((t.subtopology_id, p) for m in group.members for t in m.assignment.active_tasks
                           for p in t.partitions)
            view["streams"] = {
                "error": group.error_code, "state": group.group_state, "members": len(group.members),
                "epochs_agree": all(m.member_epoch == group.assignment_epoch for m in group.members),
                "tasks": tasks,
                "subtopologies": [(s.subtopology_id, sorted(s.source_topics), sorted(s.repartition_sink_topics),
                                   sorted((t.name, t.partitions) for t in s.repartition_source_topics),
                                   sorted((t.name, t.partitions) for t in s.state_changelog_topics))
                                  for s in group.topology.subtopologies],
            }
        return view
