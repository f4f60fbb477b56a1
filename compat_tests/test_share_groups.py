"""Share groups (KIP-932) with Apache Kafka 4.3.1's own clients and tools, the same test code against kbroker and
against Apache Kafka 4.3.1 (share groups are on there by default: a 4.3 cluster is formatted with share.version=1).

- A Java KafkaShareConsumer (compat_tests/java/ShareConsumers.java, explicit acknowledgement) dies holding its
  records; three more then share the topic: every record is delivered, the dead consumer's ones again once
  their acquisition locks expired, with their delivery count raised; a rejected record and one released up to
  group.share.delivery.count.limit never come back.
- kafka-console-share-consumer (implicit acknowledgement) reads a topic once; kafka-share-groups resets the
  group's offsets (to the latest, to the earliest) and the records are delivered again from there; --list,
  --describe and --delete-offsets answer as Kafka's.

Share groups start at the end of the log (share.auto.offset.reset=latest), so every test first resets the
group to the earliest offsets with kafka-share-groups: no test depends on when a consumer's first fetch lands.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from compat_tests.java_tools import TOOL_TIMEOUT_S, check, console_produce, kafka_topics
from compat_tests.kafka_dist import kafka_classpath, run_kafka_tool

pytestmark = [pytest.mark.java, pytest.mark.usefixtures("kafka_tools")]

SHARE_GROUP_COMMAND = "org.apache.kafka.tools.consumer.group.ShareGroupCommand"
CONSOLE_SHARE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleShareConsumer"
SHARE_CONSUMERS = Path(__file__).parent / "java" / "ShareConsumers.java"
DELIVERY_LIMIT = 3
# Short locks so that a held record comes back soon; Kafka requires the minimum to be lowered with it.
SHARE_CONFIGS = {"group.share.record.lock.duration.ms": 2000, "group.share.min.record.lock.duration.ms": 1000,
                 "group.share.delivery.count.limit": DELIVERY_LIMIT}
RUN_DEADLINE_S = 120


def share_groups(bootstrap: str, *args: str) -> subprocess.CompletedProcess[str]:
    return run_kafka_tool(SHARE_GROUP_COMMAND, "--bootstrap-server", bootstrap, *args, timeout=TOOL_TIMEOUT_S)


def reset_offsets(bootstrap: str, group: str, topic: str, *how: str) -> None:
    check(share_groups(bootstrap, "--reset-offsets", *how, "--execute", "--group", group, "--topic", topic))


def table(output: str) -> list[list[str]]:
    """The rows of a kafka-share-groups table, without its header."""
    lines = [line.split() for line in output.splitlines() if line.strip()]
    return [row for row in lines if row and row[0] != "GROUP"]


def run_share_consumers(bootstrap: str, group: str, topic: str, threads: int, expected: int,
                        *rules: str) -> list[tuple[int, int, str, int, str]]:
    """(thread, offset, value, delivery count, action) for every delivery of a ShareConsumers run (which ends
    with DONE, or with HALTED for the "halt" rule)."""
    result = subprocess.run(
        ["java", "-cp", kafka_classpath(), str(SHARE_CONSUMERS), bootstrap, group, topic, str(threads),
         str(expected), str(RUN_DEADLINE_S), *rules],
        capture_output=True, text=True, timeout=RUN_DEADLINE_S + 60, stdin=subprocess.DEVNULL)
    ending = "HALTED" if "halt" in rules else "DONE"
    assert result.returncode == 0 and ending in result.stdout, \
        f"ShareConsumers exited {result.returncode}\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    assert "ERROR" not in result.stdout, result.stdout
    deliveries = []
    for line in result.stdout.splitlines():
        if line.startswith("DELIVERY "):
            _, thread, _partition, offset, value, count, action = line.split()
            deliveries.append((int(thread), int(offset), value, int(count), action))
    return deliveries


def test_share_consumers_deliver_every_record_with_locks_rejects_and_the_delivery_limit(broker_factory, topic):
    broker = broker_factory(SHARE_CONFIGS)
    group = f"{topic}-group"
    check(kafka_topics(broker.bootstrap, "--create", "--topic", topic, "--partitions", "1"))
    values = [f"v{i}" for i in range(20)]
    check(console_produce(broker.bootstrap, topic, values))
    reset_offsets(broker.bootstrap, group, topic, "--to-earliest")

    # A consumer that dies holding its first batch: those records come back once their locks expired.
    held = {value for _t, _o, value, count, _a in run_share_consumers(broker.bootstrap, group, topic, 1, 1, "halt")}
    assert held and held <= set(values)

    deliveries = run_share_consumers(broker.bootstrap, group, topic, 3, len(values),
                                     "reject=v3", "release=v7", f"limit={DELIVERY_LIMIT}")
    by_value: dict[str, list[tuple[int, str]]] = {}
    for _thread, _offset, value, count, action in deliveries:
        by_value.setdefault(value, []).append((count, action))
    assert set(by_value) == set(values)  # every record delivered
    for value in values:
        first = 2 if value in held else 1  # the count went up with the dead consumer's delivery
        if value == "v3":
            assert by_value[value] == [(first, "REJECT")]
        elif value == "v7":
            assert by_value[value] == [(n, "RELEASE") for n in range(first, DELIVERY_LIMIT + 1)]
        else:
            assert by_value[value] == [(first, "ACCEPT")], (value, by_value[value])

    # Neither the rejected record nor the one past its delivery limit comes back: a fresh consumer of the group
    # gets only what was produced since.
    check(console_produce(broker.bootstrap, topic, ["last"]))
    after = run_share_consumers(broker.bootstrap, group, topic, 1, 1)
    assert [(value, count) for _t, _o, value, count, _a in after] == [("last", 1)]


def test_console_share_consumer_and_kafka_share_groups_resets(broker_factory, topic):
    broker = broker_factory(SHARE_CONFIGS)
    bootstrap = broker.bootstrap
    group = f"{topic}-group"
    check(kafka_topics(bootstrap, "--create", "--topic", topic, "--partitions", "1"))
    values = [f"r{i}" for i in range(10)]
    check(console_produce(bootstrap, topic, values))

    reset = share_groups(bootstrap, "--reset-offsets", "--to-earliest", "--execute", "--group", group,
                         "--topic", topic)
    check(reset)
    assert table(reset.stdout) == [[group, topic, "0", "0"]]
    described = check(share_groups(bootstrap, "--describe", "--offsets", "--group", group))
    assert table(described.stdout) == [[group, topic, "0", "0", "10"]]
    assert group in check(share_groups(bootstrap, "--list")).stdout.split()

    def console_share_consume(count: int) -> list[str]:
        result = run_kafka_tool(CONSOLE_SHARE_CONSUMER, "--bootstrap-server", bootstrap, "--topic", topic,
                                "--group", group, "--max-messages", str(count), "--timeout-ms", "60000",
                                timeout=TOOL_TIMEOUT_S)
        check(result)
        return result.stdout.split()

    assert sorted(console_share_consume(10)) == sorted(values)
    state = check(share_groups(bootstrap, "--describe", "--state", "--group", group))
    assert table(state.stdout)[0][0] == group and "Empty" in state.stdout  # the console consumer left

    # To the latest offset: only what is produced since is delivered; back to the earliest: everything again.
    reset_offsets(bootstrap, group, topic, "--to-latest")
    check(console_produce(bootstrap, topic, ["n0", "n1"]))
    assert sorted(console_share_consume(2)) == ["n0", "n1"]
    reset_offsets(bootstrap, group, topic, "--to-earliest")
    assert sorted(console_share_consume(12)) == sorted([*values, "n0", "n1"])

    # Deleting the group's offsets of the topic leaves it with none to describe.
    check(share_groups(bootstrap, "--delete-offsets", "--group", group, "--topic", topic))
    described = check(share_groups(bootstrap, "--describe", "--offsets", "--group", group)).stdout
    assert f"Share group '{group}' has no offset information." in described, described
    check(share_groups(bootstrap, "--delete", "--group", group))
    assert group not in check(share_groups(bootstrap, "--list")).stdout.split()
