"""A Kafka Streams 4.3.1 application against the broker: a word count with a repartition topic, a RocksDB store
and its changelog, processing.guarantee=exactly_once_v2, two instances (JVMs) of which one is SIGKILLed midway.
Run with group.protocol=classic (the StreamsPartitionAssignor in JoinGroup/SyncGroup) and =streams (KIP-1071:
StreamsGroupHeartbeat, the broker's task assignor). The same test runs against kbroker and Apache Kafka 4.3.1.

What must hold on both: every word's counts, read back read_committed, are exactly 1, 2, ..., n in order
(exactly once: no count lost, none repeated, despite the kill), with n the word's occurrences in the input; and
ListGroups, DescribeGroups and (streams protocol) StreamsGroupDescribe then say the same of the group.
"""

from __future__ import annotations

import collections
import uuid

import pytest

from compat_tests.broker_fixtures import skip_or_fail
from compat_tests.java_tools import TOOL_TIMEOUT_S, check
from compat_tests.kafka_dist import run_kafka_tool
from compat_tests.py_clients import create_topic
from compat_tests.streams_app import (
    CommittedReader,
    StreamsInstance,
    group_view,
    missing_streams_message,
    produce_lines,
    streams_jars_available,
    wait_for,
)

pytestmark = pytest.mark.java
STREAMS_GROUP_COMMAND = "org.apache.kafka.tools.streams.StreamsGroupCommand"

WORDS = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel", "iris", "juniper", "kiwi",
         "lime", "mango", "nectarine", "olive", "peach"]
PARTITIONS = 2
# A killed instance's tasks move once its session ends: the streams group's session is a broker config.
BROKER_OVERRIDES = {"group.streams.session.timeout.ms": "6000", "group.streams.min.session.timeout.ms": "6000",
                    "group.streams.heartbeat.interval.ms": "500", "group.streams.min.heartbeat.interval.ms": "500"}


def lines(first: int, count: int) -> list[str]:
    """Deterministic sentences of two to four words."""
    return [" ".join(WORDS[(i * 7 + j * 3) % len(WORDS)] for j in range(2 + i % 3)) for i in range(first, first + count)]


def word_counts(all_lines: list[str]) -> dict[str, int]:
    return dict(collections.Counter(word for line in all_lines for word in line.split()))


def expected_group_view(group_protocol: str, application_id: str, input_topic: str) -> dict:
    """What ListGroups, DescribeGroups and StreamsGroupDescribe say of the group once the survivor runs alone
    (as Kafka 4.3.1 answers: DescribeGroups describes a streams group as a Dead group with no error)."""
    if group_protocol == "classic":  # the StreamsPartitionAssignor's protocol is named "stream"
        return {"listed": [("Stable", "classic", "consumer")],
                "described": (0, None, "Stable", "consumer", "stream", 1)}
    repartition, changelog = f"{application_id}-words-repartition", f"{application_id}-word-counts-changelog"
    return {"listed": [("Stable", "streams", "streams")], "described": (0, None, "Dead", "", "", 0),
            "streams": {"error": 0, "state": "Stable", "members": 1, "epochs_agree": True,
                        "tasks": [("0", 0), ("0", 1), ("1", 0), ("1", 1)],
                        "subtopologies": [("0", [input_topic], [repartition], [], []),
                                          ("1", [], [], [(repartition, PARTITIONS)], [(changelog, PARTITIONS)])]}}


def check_streams_groups_tool(bootstrap: str, application_id: str, input_topic: str) -> None:
    """kafka-streams-groups.sh (Admin's listGroups, describeStreamsGroups, listOffsets) lists the group and
    describes its state, its one member's tasks and the partitions it reads."""
    def tool(*args: str) -> list[list[str]]:
        result = check(run_kafka_tool(STREAMS_GROUP_COMMAND, "--bootstrap-server", bootstrap, *args,
                                      timeout=TOOL_TIMEOUT_S))
        return [line.split() for line in result.stdout.strip().splitlines()]
    assert [application_id] in tool("--list")
    state = tool("--describe", "--group", application_id, "--state")[-1]
    assert (state[0], state[-2], state[-1]) == (application_id, "Stable", "1"), state
    member = tool("--describe", "--group", application_id, "--members")[-1]
    assert member[member.index("ACTIVE:"):] == ["ACTIVE:", "0:[0,1];", "1:[0,1];"], member
    offsets = tool("--describe", "--group", application_id)[1:]
    assert sorted((row[1], row[2]) for row in offsets) == sorted(
        (topic, str(p)) for topic in (input_topic, f"{application_id}-words-repartition") for p in range(PARTITIONS))


def exactly_once(expected: dict[str, int]):
    return lambda counts: counts == {word: list(range(1, n + 1)) for word, n in expected.items()}


@pytest.mark.parametrize("group_protocol", ["classic", "streams"])
def test_word_count_survives_a_killed_instance(broker_factory, group_protocol, tmp_path):
    if not streams_jars_available():
        skip_or_fail(missing_streams_message())
    broker = broker_factory(BROKER_OVERRIDES)
    suffix = uuid.uuid4().hex[:8]
    application_id, input_topic, output_topic = f"wc-{suffix}", f"wc-in-{suffix}", f"wc-out-{suffix}"
    create_topic(broker.bootstrap, input_topic, PARTITIONS)
    create_topic(broker.bootstrap, output_topic, PARTITIONS)

    instances = [StreamsInstance.start(broker.bootstrap, application_id, input_topic, output_topic, group_protocol,
                                       tmp_path, name=name) for name in ("a", "b")]
    reader = CommittedReader(broker.bootstrap, output_topic, PARTITIONS)
    try:
        for instance in instances:
            instance.wait_running()
        first = lines(0, 150)
        produce_lines(broker.bootstrap, input_topic, first)
        wait_for(lambda: exactly_once(word_counts(first))(reader.poll()), "counted the first lines", instances)

        killed, survivor = instances
        killed.kill()
        second = lines(150, 150)
        produce_lines(broker.bootstrap, input_topic, second)
        final = word_counts(first + second)
        wait_for(lambda: exactly_once(final)(reader.poll()), "counted every line after the kill", [survivor])
        assert reader.poll() == {word: list(range(1, n + 1)) for word, n in final.items()}
        expected = expected_group_view(group_protocol, application_id, input_topic)
        wait_for(lambda: group_view(broker.bootstrap, application_id) == expected, "a stable one-member group",
                 [survivor])
        if group_protocol == "streams":
            check_streams_groups_tool(broker.bootstrap, application_id, input_topic)
    finally:
        reader.close()
        for instance in instances:
            instance.stop()
