"""Apache Kafka 4.3.1's own command-line tools (their main classes in .cache/kafka-4.3.1/libs), run as
subprocesses against a broker. Each helper returns the finished process (`returncode`, `stdout`, `stderr`);
`check(result)` asserts success and shows the tool's output when it failed.

The consumers here use manual assignment where the tool offers it (ConsoleConsumer with --partition);
VerifiableConsumer and ConsumerPerformance only subscribe, so they need the broker's group coordinator.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

from compat_tests.kafka_dist import run_kafka_tool

TOPIC_COMMAND = "org.apache.kafka.tools.TopicCommand"
CONSOLE_PRODUCER = "org.apache.kafka.tools.ConsoleProducer"
CONSOLE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleConsumer"
VERIFIABLE_PRODUCER = "org.apache.kafka.tools.VerifiableProducer"
VERIFIABLE_CONSUMER = "org.apache.kafka.tools.VerifiableConsumer"
PRODUCER_PERFORMANCE = "org.apache.kafka.tools.ProducerPerformance"
CONSUMER_PERFORMANCE = "org.apache.kafka.tools.ConsumerPerformance"
CONSUMER_GROUP_COMMAND = "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand"
REASSIGN_PARTITIONS = "org.apache.kafka.tools.reassign.ReassignPartitionsCommand"

# Upper bound on one tool run; reaching it fails the test.
TOOL_TIMEOUT_S = 90.0


def check(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert result.returncode == 0, (
        f"{result.args[-1] if result.args else ''} exited {result.returncode}\n"
        f"--- stdout ---\n{result.stdout[-4000:]}\n--- stderr ---\n{result.stderr[-4000:]}"
    )
    return result


def kafka_topics(bootstrap: str, *args: str) -> subprocess.CompletedProcess[str]:
    """kafka-topics.sh: e.g. kafka_topics(b, "--create", "--topic", "t", "--partitions", "3")."""
    return run_kafka_tool(TOPIC_COMMAND, "--bootstrap-server", bootstrap, *args, timeout=TOOL_TIMEOUT_S)


def console_produce(bootstrap: str, topic: str, lines: list[str], *args: str) -> subprocess.CompletedProcess[str]:
    """kafka-console-producer.sh: one record per line of `lines`. Its default linger is a full second, which
    the tests shorten. A failed send is only logged (the exit status stays 0): tests read the records back."""
    return run_kafka_tool(
        CONSOLE_PRODUCER, "--bootstrap-server", bootstrap, "--topic", topic,
        "--command-property", "linger.ms=5", *args,
        input="".join(f"{line}\n" for line in lines), timeout=TOOL_TIMEOUT_S,
    )


def console_consume(bootstrap: str, topic: str, max_messages: int, *args: str,
                    partition: int = 0, offset: str = "earliest") -> subprocess.CompletedProcess[str]:
    """kafka-console-consumer.sh assigned to one partition, reading `max_messages` records from `offset`."""
    return run_kafka_tool(
        CONSOLE_CONSUMER, "--bootstrap-server", bootstrap, "--topic", topic, "--partition", str(partition),
        "--offset", offset, "--max-messages", str(max_messages), "--timeout-ms", "20000", *args,
        timeout=TOOL_TIMEOUT_S,
    )


def json_events(stdout: str) -> list[dict]:
    """The JSON objects a Verifiable* tool printed, one per line."""
    return [json.loads(line) for line in stdout.splitlines() if line.startswith("{")]


def verifiable_producer(bootstrap: str, topic: str, max_messages: int, *args: str) -> subprocess.CompletedProcess[str]:
    return run_kafka_tool(
        VERIFIABLE_PRODUCER, "--bootstrap-server", bootstrap, "--topic", topic,
        "--max-messages", str(max_messages), *args, timeout=TOOL_TIMEOUT_S,
    )


def verifiable_consumer(bootstrap: str, topic: str, group_id: str, max_messages: int,
                        *args: str) -> subprocess.CompletedProcess[str]:
    return run_kafka_tool(
        VERIFIABLE_CONSUMER, "--bootstrap-server", bootstrap, "--topic", topic, "--group-id", group_id,
        "--max-messages", str(max_messages), "--reset-policy", "earliest", *args, timeout=TOOL_TIMEOUT_S,
    )


def producer_performance(bootstrap: str, topic: str, num_records: int, record_size: int,
                         *producer_props: str) -> subprocess.CompletedProcess[str]:
    """kafka-producer-perf-test.sh at full speed; `producer_props` are "name=value" producer configs."""
    return run_kafka_tool(
        PRODUCER_PERFORMANCE, "--bootstrap-server", bootstrap, "--topic", topic,
        "--num-records", str(num_records), "--record-size", str(record_size), "--throughput", "-1",
        "--command-property", "acks=all", *producer_props, timeout=TOOL_TIMEOUT_S,
    )


def consumer_performance(bootstrap: str, topic: str, num_records: int,
                         *args: str) -> subprocess.CompletedProcess[str]:
    """kafka-consumer-perf-test.sh: reads `num_records` records from the start of `topic` in a new group."""
    return run_kafka_tool(
        CONSUMER_PERFORMANCE, "--bootstrap-server", bootstrap, "--topic", topic,
        "--num-records", str(num_records), "--timeout", "30000", *args, timeout=TOOL_TIMEOUT_S,
    )


def consumer_groups(bootstrap: str, *args: str) -> subprocess.CompletedProcess[str]:
    """kafka-consumer-groups.sh: e.g. consumer_groups(b, "--describe", "--group", "g", "--members"). It reports
    most failures ("Error: ...") on stdout with exit status 0."""
    return run_kafka_tool(CONSUMER_GROUP_COMMAND, "--bootstrap-server", bootstrap, *args, timeout=TOOL_TIMEOUT_S)


def reassign_partitions(bootstrap: str, plan: Path, action: str, *args: str) -> subprocess.CompletedProcess[str]:
    """kafka-reassign-partitions.sh with the plan file `plan`: action is --execute, --verify or --cancel."""
    return run_kafka_tool(REASSIGN_PARTITIONS, "--bootstrap-server", bootstrap, "--reassignment-json-file",
                          str(plan), action, *args, timeout=TOOL_TIMEOUT_S)


def write_reassignment_plan(plan: Path, moves: dict[tuple[str, int], list[int]]) -> Path:
    """The tool's plan file moving each (topic, partition) to its replica list."""
    plan.write_text(json.dumps({"version": 1, "partitions": [
        {"topic": topic, "partition": partition, "replicas": replicas}
        for (topic, partition), replicas in sorted(moves.items())]}))
    return plan


def reassignment_settled(result: subprocess.CompletedProcess[str]) -> bool:
    """Whether `--verify` found every move finished and visible. "There is no active reassignment of partition X,
    but replica set is ... rather than ..." means the controller has finished the move and the broker the tool
    asked for replica sets has not applied it yet: not settled, ask again."""
    return (result.returncode == 0 and "still in progress" not in result.stdout
            and "There is no active reassignment" not in result.stdout)


def verify_reassignment(bootstrap: str, plan: Path, timeout_s: float) -> subprocess.CompletedProcess[str]:
    """`--verify` of `plan`, once a second, until every move is settled (reassignment_settled); its last answer."""
    deadline = time.monotonic() + timeout_s
    while True:
        result = reassign_partitions(bootstrap, plan, "--verify")
        if reassignment_settled(result):
            return result
        assert time.monotonic() < deadline, f"reassignment not settled: {result.stdout}\n{result.stderr[-2000:]}"
        time.sleep(1)


def write_properties(path: Path, properties: dict[str, str]) -> Path:
    path.write_text("".join(f"{name}={value}\n" for name, value in properties.items()))
    return path
