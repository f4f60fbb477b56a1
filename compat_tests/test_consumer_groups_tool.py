"""Kafka's consumer-groups tool (kafka-consumer-groups.sh, ConsumerGroupCommand) against a classic group: what
it lists and describes (offsets with lag, members, state) for an active group and an inactive one, the
changes it refuses while the group is active, then offset resets, offset deletion and group deletion once it
is inactive. The expected tables are Apache Kafka 4.3.1's output, with whitespace collapsed, the group and
topic names, member ids and the coordinator's port replaced."""

from __future__ import annotations

import re
import time

import pytest

from compat_tests import java_tools
from compat_tests.group_clients import (
    CONFLUENT_KAFKA,
    GroupMember,
    committed_offsets,
    produce_round_robin,
    stable_with,
    wait_for_commits,
    wait_for_group,
)
from compat_tests.py_clients import admin_client, create_topic

pytestmark = [pytest.mark.java, pytest.mark.usefixtures("kafka_tools")]

PARTITIONS = 3
RECORDS = 30  # 10 per partition


class Tool:
    """Runs the tool against one broker and normalizes what it printed."""

    def __init__(self, broker, group: str, topic: str):
        self.broker, self.group, self.topic = broker, group, topic

    def __call__(self, *args: str, stderr: bool = False) -> list[str]:
        result = java_tools.check(java_tools.consumer_groups(self.broker.bootstrap, *args))
        text = result.stdout + (result.stderr if stderr else "")
        text = text.replace(self.group, "<group>").replace(self.topic, "<topic>")
        text = re.sub(r"-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b", "-<uuid>", text)
        text = re.sub(rf"{re.escape(self.broker.host)}:{self.broker.port}\b", "<coordinator>", text)
        return [" ".join(line.split()) for line in text.splitlines() if line.strip()]

    def reset(self, *args: str) -> list[str]:
        """--reset-offsets --execute: the header, then the rows sorted (the tool prints them in hash order)."""
        header, *rows = self("--reset-offsets", "--group", self.group, *args)
        return [header, *sorted(rows)]

    def listed(self, *args: str) -> list[str]:
        """--list output: the header and this test's group only (the shared broker has others)."""
        lines = self("--list", *args)
        return [line for line in lines if line.startswith("GROUP") or line.split()[0] == "<group>"]


def test_list_and_describe_an_active_then_an_inactive_group(broker, topic, tmp_path):
    group = f"{topic}-g"
    tool = Tool(broker, group, topic)
    create_topic(broker.bootstrap, topic, PARTITIONS)
    produce_round_robin(broker.bootstrap, topic, RECORDS, PARTITIONS)
    member = GroupMember.start(CONFLUENT_KAFKA, broker.bootstrap, topic, group, tmp_path, name="m0")
    try:
        wait_for_group(broker.bootstrap, group, stable_with(["m0"]), "became Stable", [member])
        wait_for_commits(broker.bootstrap, group, {p: 10 for p in range(PARTITIONS)}, [member])

        assert tool.listed("--state") == ["GROUP STATE", "<group> Stable"]
        assert tool.listed("--type") == ["GROUP TYPE", "<group> Classic"]
        assert tool("--describe", "--group", group) == [
            "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID",
            *(f"<group> <topic> {p} 10 10 0 m0-<uuid> /127.0.0.1 m0" for p in range(PARTITIONS)),
        ]
        assert tool("--describe", "--group", group, "--members", "--verbose") == [
            "GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS CURRENT-EPOCH CURRENT-ASSIGNMENT TARGET-EPOCH "
            "TARGET-ASSIGNMENT",
            "<group> m0-<uuid> /127.0.0.1 m0 3 - <topic>:0,1,2 - -",
        ]
        assert tool("--describe", "--group", group, "--state") == [
            "GROUP COORDINATOR (ID) ASSIGNMENT-STRATEGY STATE #MEMBERS",
            "<group> <coordinator> (1) range Stable 1",
        ]
        # What an active group refuses.
        assert tool.reset("--topic", topic, "--to-earliest", "--execute") == [
            "Error: Assignments can only be reset if the group '<group>' is inactive, but the current state is "
            "Stable.",
            "GROUP TOPIC PARTITION NEW-OFFSET",
        ]
        assert tool("--delete-offsets", "--group", group, "--topic", f"{topic}:0") == [
            "Error: Encountered some partition-level error, see the follow-up details.",
            "TOPIC PARTITION STATUS",
            "<topic> 0 Error: org.apache.kafka.common.errors.GroupSubscribedToTopicException: Deleting offsets of "
            "a topic is forbidden while the consumer group is actively subscribed to it.",
        ]
        assert tool("--delete", "--group", group) == [
            "Error: Deletion of some consumer groups failed:",
            "* Group '<group>' could not be deleted due to: org.apache.kafka.common.errors.GroupNotEmptyException: "
            "The group is not empty.",
        ]
    finally:
        member.terminate()
        member.wait_closed()

    # The member left: the group is Empty and keeps its offsets.
    assert tool.listed("--state") == ["GROUP STATE", "<group> Empty"]
    assert tool("--describe", "--group", group, stderr=True) == [
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID",
        *(f"<group> <topic> {p} 10 10 0 - - -" for p in range(PARTITIONS)),
        "Consumer group '<group>' has no active members.",
    ]
    assert tool("--describe", "--group", group, "--members") == [
        "GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS",
    ]
    assert tool("--describe", "--group", group, "--state") == [
        "GROUP COORDINATOR (ID) ASSIGNMENT-STRATEGY STATE #MEMBERS",
        "<group> <coordinator> (1) - Empty 0",
    ]


def test_describe_a_group_in_the_middle_of_a_rebalance(broker, topic, tmp_path):
    """A member is killed (its session of 30 s keeps it in the group) and another joins: the group waits in
    PreparingRebalance, and the tool shows the members with the assignment of the last generation."""
    group = f"{topic}-g"
    tool = Tool(broker, group, topic)
    create_topic(broker.bootstrap, topic, PARTITIONS)
    produce_round_robin(broker.bootstrap, topic, RECORDS, PARTITIONS)
    killed = GroupMember.start(CONFLUENT_KAFKA, broker.bootstrap, topic, group, tmp_path, name="m0",
                               session_timeout_ms=30_000)
    joining = None
    try:
        wait_for_group(broker.bootstrap, group, stable_with(["m0"]), "became Stable", [killed])
        wait_for_commits(broker.bootstrap, group, {p: 10 for p in range(PARTITIONS)}, [killed])
        killed.kill()
        joining = GroupMember.start(CONFLUENT_KAFKA, broker.bootstrap, topic, group, tmp_path, name="m1")
        wait_for_group(broker.bootstrap, group, lambda d: d["group_state"] == "PreparingRebalance"
                       and len(d["members"]) == 2, "waited for its killed member", [joining])

        rebalancing = "Warning: Consumer group '<group>' is rebalancing."
        assert tool("--describe", "--group", group, "--state", stderr=True) == [
            "GROUP COORDINATOR (ID) ASSIGNMENT-STRATEGY STATE #MEMBERS",
            "<group> <coordinator> (1) - PreparingRebalance 2",
            rebalancing,
        ]
        header, *rows = tool("--describe", "--group", group, "--members")  # members in hash order
        assert [header, *sorted(rows)] == [
            "GROUP CONSUMER-ID HOST CLIENT-ID #PARTITIONS",
            "<group> m0-<uuid> /127.0.0.1 m0 3",
            "<group> m1-<uuid> /127.0.0.1 m1 0",
        ]
        assert tool("--describe", "--group", group, stderr=True) == [
            "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID",
            *(f"<group> <topic> {p} 10 10 0 m0-<uuid> /127.0.0.1 m0" for p in range(PARTITIONS)),
            rebalancing,
        ]
    finally:
        if joining is not None:  # its JoinGroup waits for the killed member: no clean close to wait for
            joining.kill()


def test_reset_and_delete_offsets_then_the_group(broker, topic, tmp_path):
    group = f"{topic}-g"
    tool = Tool(broker, group, topic)
    create_topic(broker.bootstrap, topic, PARTITIONS)
    produce_round_robin(broker.bootstrap, topic, RECORDS, PARTITIONS)
    # A group of commits only (no member has joined): inactive, as --reset-offsets needs.
    assert tool.reset("--topic", f"{topic}:0,1", "--to-offset", "4", "--execute") == [
        "GROUP TOPIC PARTITION NEW-OFFSET", "<group> <topic> 0 4", "<group> <topic> 1 4",
    ]
    assert tool("--describe", "--group", group, stderr=True) == [
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID",
        "<group> <topic> 0 4 10 6 - - -",
        "<group> <topic> 1 4 10 6 - - -",
        "Consumer group '<group>' has no active members.",
    ]
    assert tool.reset("--topic", topic, "--to-earliest", "--execute") == [
        "GROUP TOPIC PARTITION NEW-OFFSET", *(f"<group> <topic> {p} 0" for p in range(3)),
    ]
    assert tool.reset("--topic", topic, "--to-offset", "7", "--execute") == [
        "GROUP TOPIC PARTITION NEW-OFFSET", *(f"<group> <topic> {p} 7" for p in range(3)),
    ]
    assert tool.reset("--topic", f"{topic}:1,2", "--shift-by", "-2", "--execute") == [
        "GROUP TOPIC PARTITION NEW-OFFSET", *(f"<group> <topic> {p} 5" for p in (1, 2)),
    ]
    # Beyond the log end: the tool clamps to it (a warning) and --dry-run changes nothing.
    assert tool.reset("--topic", topic, "--to-offset", "70", "--dry-run") == [
        "GROUP TOPIC PARTITION NEW-OFFSET", *(f"<group> <topic> {p} 10" for p in range(3)),
    ]
    assert tool("--delete-offsets", "--group", group, "--topic", f"{topic}:0") == [
        f"Request succeeded for deleting offsets from group {'<group>'}.",
        "TOPIC PARTITION STATUS",
        "<topic> 0 Successful",
    ]
    assert tool("--describe", "--group", group) == [
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID",
        "<group> <topic> 1 5 10 5 - - -",
        "<group> <topic> 2 5 10 5 - - -",
    ]
    assert tool("--delete", "--group", group) == ["Deletion of requested consumer groups ('<group>') was successful."]
    assert tool("--describe", "--group", group) == [
        "Error: Executing consumer group command failed due to "
        "org.apache.kafka.common.errors.GroupIdNotFoundException: Group <group> not found.",
    ]
    assert tool.listed("--state") == ["GROUP STATE"]
    assert tool("--delete", "--group", group) == [
        "Error: Deletion of some consumer groups failed:",
        "* Group '<group>' could not be deleted due to: org.apache.kafka.common.errors.GroupIdNotFoundException: "
        "The group id does not exist.",
    ]


def test_offsets_of_a_deleted_topic_leave_the_group(broker, topic):
    """Deleting a topic removes the offsets groups committed for it (Kafka's onPartitionsDeleted): the tool
    describes the group with its other topic only."""
    group, other = f"{topic}-g", f"{topic}-other"
    tool = Tool(broker, group, topic)
    create_topic(broker.bootstrap, topic, 2)
    create_topic(broker.bootstrap, other, 1)
    produce_round_robin(broker.bootstrap, other, 3, 1)
    assert tool.reset("--topic", topic, "--topic", other, "--to-earliest", "--execute") == [
        "GROUP TOPIC PARTITION NEW-OFFSET",
        "<group> <topic> 0 0", "<group> <topic> 1 0", "<group> <topic>-other 0 0",
    ]
    admin = admin_client(broker.bootstrap)
    admin.delete_topics([topic])[topic].result(30)
    deadline = time.monotonic() + 30
    while committed_offsets(broker.bootstrap, group).keys() != {0} and time.monotonic() < deadline:
        time.sleep(0.2)  # Apache Kafka removes them once the deletion reaches its metadata image
    assert tool("--describe", "--group", group) == [
        "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID",
        "<group> <topic>-other 0 0 3 3 - - -",
    ]
