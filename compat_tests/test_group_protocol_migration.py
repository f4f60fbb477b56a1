"""A live group's online upgrade from the classic to the consumer protocol and its downgrade back, the same on
kbroker as on Apache Kafka 4.3.1: three Java VerifiableConsumers of a classic group are restarted one by one with
`--group-protocol consumer` (the first one converts the classic group, the others leave and join the consumer
group), then one by one without it (the last consumer-protocol member leaving turns the group classic again).
Records are produced at every step; every record is consumed, none more often than at-least-once allows (a
consumption no commit covered), and the group's commits end at the log end."""

from __future__ import annotations

import pytest

from compat_tests.group_clients import (
    JAVA,
    GroupMember,
    check_at_least_once,
    log_end_offsets,
    produce_round_robin,
    stop_all,
    wait_for_commits,
)
from compat_tests.py_clients import create_topic
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages.list_groups_request import ListGroupsRequest

PARTITIONS = 6
STEP_RECORDS = 60
SESSION_TIMEOUT_MS = 6000


def settled(live: list[GroupMember]) -> bool:
    """Every partition is owned by exactly one live member and every live member owns one."""
    owned = [m.assignment() for m in live]
    return all(owned) and sum(len(o) for o in owned) == PARTITIONS and set().union(*owned) == set(range(PARTITIONS))


def group_type(bootstrap: str, group: str) -> str | None:
    """The group's type as ListGroups v5 names it (classic or consumer)."""
    with RawConnection(bootstrap) as conn:
        listed = conn.send(ListGroupsRequest(states_filter=[], types_filter=[]), version=5)
    return next((g.group_type for g in listed.groups if g.group_id == group), None)


def all_consumed(members: list[GroupMember], produced: int) -> bool:
    seen = set().union(*(m.consumed() for m in members))
    per_partition = produced // PARTITIONS
    return all((p, o) in seen for p in range(PARTITIONS) for o in range(per_partition))


@pytest.mark.java
def test_rolling_upgrade_to_the_consumer_protocol_and_back(broker, topic, tmp_path, kafka_tools):
    group = f"migrating-{topic}"
    create_topic(broker.bootstrap, topic, PARTITIONS)
    members: list[GroupMember] = []
    live: list[GroupMember] = []
    produced = 0

    def start(name: str, protocol: str) -> GroupMember:
        member = GroupMember.start(JAVA, broker.bootstrap, topic, group, tmp_path, name=name,
                                   session_timeout_ms=SESSION_TIMEOUT_MS, group_protocol=protocol)
        members.append(member)
        return member

    def step(what: str) -> None:
        nonlocal produced
        live[0].wait_until(lambda _: settled(live), f"shared the partitions ({what})")
        produce_round_robin(broker.bootstrap, topic, STEP_RECORDS, PARTITIONS, start=produced)
        produced += STEP_RECORDS
        live[0].wait_until(lambda _: all_consumed(members, produced), f"consumed everything ({what})")

    def replace(index: int, protocol: str, name: str) -> None:
        leaving = live.pop(index)
        leaving.terminate()
        leaving.wait_closed()
        live.insert(index, start(name, protocol))
        step(f"{leaving.name} replaced by {name} ({protocol})")

    try:
        live.extend(start(f"classic-{i}", "classic") for i in range(3))
        step("three classic members")
        assert group_type(broker.bootstrap, group) == "classic"
        replace(0, "consumer", "consumer-0")
        assert group_type(broker.bootstrap, group) == "consumer"  # upgraded with two classic members live
        for i in (1, 2):
            replace(i, "consumer", f"consumer-{i}")
        for i in (0, 1):
            replace(i, "classic", f"classic-again-{i}")
            assert group_type(broker.bootstrap, group) == "consumer"
        replace(2, "classic", "classic-again-2")
        assert group_type(broker.bootstrap, group) == "classic"  # downgraded when consumer-2 left
        log_end = log_end_offsets(broker.bootstrap, topic, PARTITIONS)
        wait_for_commits(broker.bootstrap, group, log_end, live)
    finally:
        stop_all(members)
    counts = check_at_least_once(members, log_end)
    assert counts["records"] == produced
