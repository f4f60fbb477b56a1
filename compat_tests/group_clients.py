"""Consumer-group members as processes of their own, so that a test can SIGKILL one (a crash, not a close):
Kafka's VerifiableConsumer (Java, classic protocol) or compat_tests.group_member (kafka-python or
confluent-kafka), all printing the same JSON events. Also what tests read back from the broker about a group:
its description (DescribeGroups), committed offsets and log end offsets, and its generation.

    member = GroupMember.start(KAFKA_PYTHON, broker.bootstrap, topic, group, tmp_path)
    member.wait_until(lambda m: m.assignment())
    member.kill()
    check_at_least_once([...members], log_end_offsets)

Timeouts are bounds that fail a test when reached, never speed checks.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import confluent_kafka
from kafka import KafkaAdminClient
from kafka.errors import CoordinatorNotAvailableError

from compat_tests.java_tools import VERIFIABLE_CONSUMER, write_properties
from compat_tests.kafka_dist import REPO_ROOT, kafka_tool_command
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages.heartbeat_request import HeartbeatRequest

KAFKA_PYTHON = "kafka-python"
CONFLUENT_KAFKA = "confluent-kafka"
JAVA = "java"

WAIT_S = 60.0
HEARTBEAT_INTERVAL_MS = 500


class GroupMember:
    """One member process; its stdout (JSON events) goes to a file that `events()` reads."""

    def __init__(self, name: str, process: subprocess.Popen, stdout: Path, stderr: Path):
        self.name = name
        self.process = process
        self.stdout = stdout
        self.stderr = stderr

    @classmethod
    def start(cls, client: str, bootstrap: str, topic: str, group: str, work_dir: Path, *, name: str,
              strategy: str = "range", instance_id: str | None = None, session_timeout_ms: int = 6000,
              pause_before_commit_ms: int = 0, group_protocol: str = "classic") -> GroupMember:
        """`strategy`: range or cooperative-sticky (Python clients); Java uses its RangeAssignor.
        `pause_before_commit_ms` (Python clients): how long it holds consumed records before committing them.
        `group_protocol` (Java): "consumer" joins with KIP-848's protocol (the broker's session timeout and
        heartbeat interval apply then)."""
        assert client != JAVA or not pause_before_commit_ms, "VerifiableConsumer commits right away"
        if client == JAVA and group_protocol == "consumer":
            command = kafka_tool_command(
                VERIFIABLE_CONSUMER, "--bootstrap-server", bootstrap, "--topic", topic, "--group-id", group,
                "--group-protocol", "consumer", "--reset-policy", "earliest",
                "--command-config", str(write_properties(work_dir / f"{name}.properties", {"client.id": name})),
                *(["--group-instance-id", instance_id] if instance_id else []))
        elif client == JAVA:
            config = write_properties(work_dir / f"{name}.properties", {
                "client.id": name, "heartbeat.interval.ms": str(HEARTBEAT_INTERVAL_MS)})
            command = kafka_tool_command(
                VERIFIABLE_CONSUMER, "--bootstrap-server", bootstrap, "--topic", topic, "--group-id", group,
                "--session-timeout", str(session_timeout_ms), "--reset-policy", "earliest",
                "--command-config", str(config),
                *(["--group-instance-id", instance_id] if instance_id else []))
        else:
            command = [sys.executable, "-m", "compat_tests.group_member", "--client", client,
                       "--bootstrap-server", bootstrap, "--topic", topic, "--group-id", group, "--client-id", name,
                       "--assignment-strategy", strategy, "--session-timeout", str(session_timeout_ms),
                       "--pause-before-commit", str(pause_before_commit_ms),
                       *(["--group-instance-id", instance_id] if instance_id else [])]
        stdout, stderr = work_dir / f"{name}.out", work_dir / f"{name}.err"
        with open(stdout, "wb") as out, open(stderr, "wb") as err:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=out, stderr=err, cwd=REPO_ROOT,
                                       env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
        return cls(name, process, stdout, stderr)

    # --- what it printed ---------------------------------------------------------------------------------
    def events(self) -> list[dict]:
        events = []
        for line in self.stdout.read_text().splitlines():
            if line.startswith("{"):
                try:
                    events.append(json.loads(line))
                except json.JSONDecodeError:  # a line being written (or cut short by SIGKILL)
                    break
        return events

    def assignment(self) -> set[int]:
        """The partitions it owns now, from its assigned and revoked events."""
        owned: set[int] = set()
        for event in self.events():
            if event["name"] == "partitions_assigned":
                owned |= {p["partition"] for p in event["partitions"]}
            elif event["name"] == "partitions_revoked":
                owned -= {p["partition"] for p in event["partitions"]}
        return owned

    def rebalance_events(self) -> list[dict]:
        return [e for e in self.events() if e["name"] in ("partitions_assigned", "partitions_revoked")]

    def consumed(self) -> set[tuple[int, int]]:
        return {(partition, offset) for partition, offset, _ in consumptions(self.events())}

    def describe(self) -> str:
        return (f"member {self.name} (exit {self.process.poll()})\n--- stdout tail ---\n"
                + "\n".join(self.stdout.read_text().splitlines()[-15:])
                + f"\n--- stderr tail ---\n{self.stderr.read_text()[-3000:]}")

    def check_running(self) -> None:
        if self.process.poll() is not None:
            raise AssertionError(f"{self.describe()}\nended on its own")

    def wait_until(self, condition: Callable[[GroupMember], object], what: str = "") -> None:
        deadline = time.monotonic() + WAIT_S
        while not condition(self):
            self.check_running()
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.describe()}\nnever {what or condition}")
            time.sleep(0.1)

    # --- ending it -----------------------------------------------------------------------------------------
    def kill(self) -> None:
        """SIGKILL: no close, no LeaveGroup, no last commit."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(WAIT_S)

    def terminate(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)

    def wait_closed(self) -> None:
        """After terminate(): waits for the clean close; kills it if it never ends."""
        try:
            self.process.wait(WAIT_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError(f"{self.describe()}\ndid not close within {WAIT_S} s") from None


def stop_all(members: list[GroupMember]) -> None:
    for member in members:
        member.terminate()
    for member in members:
        member.wait_closed()


# --- the at-least-once check --------------------------------------------------------------------------------


def consumptions(events: list[dict]) -> list[tuple[int, int, int]]:
    """(partition, offset, index of the event) for every record a member reports consumed."""
    found = []
    for index, event in enumerate(events):
        if event["name"] == "records_consumed":
            for p in event["partitions"]:
                assert p["count"] == p["maxOffset"] - p["minOffset"] + 1, event  # no gaps in a plain topic
                found.extend((p["partition"], offset, index) for offset in range(p["minOffset"], p["maxOffset"] + 1))
    return found


def uncommitted(events: list[dict]) -> list[tuple[int, int]]:
    """The records a member consumed that no later successful commit of its own covers: the only ones that
    at-least-once delivery allows another member (or itself) to consume again."""
    commits = [(index, o["partition"], o["offset"]) for index, event in enumerate(events)
               if event["name"] == "offsets_committed" and event["success"] for o in event["offsets"]]
    return [(partition, offset) for partition, offset, at in consumptions(events)
            if not any(index > at and p == partition and committed > offset for index, p, committed in commits)]


def check_at_least_once(members: list[GroupMember], log_end: dict[int, int]) -> dict[str, int]:
    """Every record was consumed; one consumption of each is the one kept, every other one must be an
    uncommitted consumption (a killed member's last records, a commit refused during a rebalance).
    Returns counts for the report."""
    seen: dict[tuple[int, int], int] = {}
    redeliverable: dict[tuple[int, int], int] = {}
    for member in members:
        events = member.events()
        for partition, offset, _ in consumptions(events):
            seen[(partition, offset)] = seen.get((partition, offset), 0) + 1
        for record in uncommitted(events):
            redeliverable[record] = redeliverable.get(record, 0) + 1
    expected = {(p, o) for p, end in log_end.items() for o in range(end)}
    assert set(seen) == expected, (
        f"never consumed: {sorted(expected - set(seen))[:20]}, unexpected: {sorted(set(seen) - expected)[:20]}")
    too_many = {record: count for record, count in seen.items() if count - 1 > redeliverable.get(record, 0)}
    assert not too_many, f"consumed more often than at-least-once allows (record: times): {dict(list(too_many.items())[:20])}"
    return {"records": len(expected), "duplicates": sum(seen.values()) - len(expected)}


# --- what the broker says about a group ---------------------------------------------------------------------


def produce_round_robin(bootstrap: str, topic: str, count: int, partitions: int, start: int = 0) -> None:
    producer = confluent_kafka.Producer({"bootstrap.servers": bootstrap, "acks": "all", "linger.ms": 5})
    for i in range(start, start + count):
        producer.produce(topic, str(i).encode(), partition=i % partitions)
    assert producer.flush(WAIT_S) == 0


def kafka_admin(bootstrap: str) -> KafkaAdminClient:
    return KafkaAdminClient(bootstrap_servers=bootstrap, request_timeout_ms=15_000)


def describe_group(bootstrap: str, group: str) -> dict:
    """DescribeGroups (kafka-python's admin): state, protocol, members with their instance ids."""
    admin = kafka_admin(bootstrap)
    try:
        deadline = time.monotonic() + WAIT_S
        while True:
            try:
                return admin.describe_groups([group])[group]
            except CoordinatorNotAvailableError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
    finally:
        admin.close()


def wait_for_group(bootstrap: str, group: str, condition: Callable[[dict], bool], what: str,
                   members: list[GroupMember] = ()) -> dict:
    deadline = time.monotonic() + WAIT_S
    while not condition(described := describe_group(bootstrap, group)):
        for member in members:
            member.check_running()
        if time.monotonic() > deadline:
            raise AssertionError(f"group {group} never {what}: {described}")
        time.sleep(0.2)
    return described


def stable_with(client_ids: list[str]) -> Callable[[dict], bool]:
    """The group is Stable with exactly these members (by client id)."""
    return lambda described: (described["group_state"] == "Stable"
                              and sorted(m["client_id"] for m in described["members"]) == sorted(client_ids))


def committed_offsets(bootstrap: str, group: str) -> dict[int, int]:
    admin = kafka_admin(bootstrap)
    try:
        offsets = admin.list_group_offsets(group)[group]
    finally:
        admin.close()
    return {tp.partition: meta.offset for tp, meta in offsets.items() if meta.offset >= 0}


def log_end_offsets(bootstrap: str, topic: str, partitions: int) -> dict[int, int]:
    consumer = confluent_kafka.Consumer({"bootstrap.servers": bootstrap, "group.id": "compat-unused"})
    try:
        return {p: consumer.get_watermark_offsets(confluent_kafka.TopicPartition(topic, p), timeout=15)[1]
                for p in range(partitions)}
    finally:
        consumer.close()


def wait_for_commits(bootstrap: str, group: str, expected: dict[int, int], members: list[GroupMember]) -> None:
    deadline = time.monotonic() + WAIT_S
    while (committed := committed_offsets(bootstrap, group)) != expected:
        for member in members:
            member.check_running()
        if time.monotonic() > deadline:
            raise AssertionError(f"committed {committed}, log end offsets {expected}")
        time.sleep(0.2)


def group_generation(bootstrap: str, group: str, member_id: str, instance_id: str | None = None,
                     highest: int = 50) -> int:
    """The group's current generation, as a member sees it: the one generation for which a Heartbeat on the
    member's behalf succeeds (any other gets ILLEGAL_GENERATION). DescribeGroups does not report it."""
    with RawConnection(bootstrap) as conn:
        for generation in range(1, highest + 1):
            answer = conn.send(HeartbeatRequest(group_id=group, generation_id=generation, member_id=member_id,
                                                group_instance_id=instance_id), 4)
            if answer.error_code == 0:
                return generation
            assert answer.error_code == 22, answer  # ILLEGAL_GENERATION
    raise AssertionError(f"no generation up to {highest} accepts member {member_id} of {group}")
