"""The at-least-once check of compat_tests.group_clients on made-up member event logs (no broker): a record may
be consumed again only where an earlier consumption was never covered by that member's successful commit."""

from __future__ import annotations

import json

import pytest

from compat_tests.group_clients import GroupMember, check_at_least_once


def member(tmp_path, name: str, *events: dict) -> GroupMember:
    stdout = tmp_path / f"{name}.out"
    stdout.write_text("".join(json.dumps(e) + "\n" for e in events))
    return GroupMember(name, process=None, stdout=stdout, stderr=tmp_path / f"{name}.err")


def consumed(partition: int, first: int, last: int) -> dict:
    return {"name": "records_consumed", "count": last - first + 1, "partitions": [
        {"topic": "t", "partition": partition, "count": last - first + 1, "minOffset": first, "maxOffset": last}]}


def committed(partition: int, offset: int, success: bool = True) -> dict:
    return {"name": "offsets_committed", "success": success, "error": None if success else "REBALANCE_IN_PROGRESS",
            "offsets": [{"topic": "t", "partition": partition, "offset": offset}]}


def test_records_a_killed_member_never_committed_may_come_again(tmp_path):
    killed = member(tmp_path, "killed", consumed(0, 0, 4), committed(0, 5), consumed(0, 5, 9))  # then SIGKILL
    heir = member(tmp_path, "heir", consumed(0, 5, 9), committed(0, 10))
    assert check_at_least_once([killed, heir], {0: 10}) == {"records": 10, "duplicates": 5}


def test_a_refused_commit_allows_redelivery_and_a_later_commit_covers_earlier_records(tmp_path):
    first = member(tmp_path, "first", consumed(0, 0, 4), committed(0, 5, success=False),
                   consumed(1, 0, 1), consumed(1, 2, 3), committed(1, 4))
    second = member(tmp_path, "second", consumed(0, 0, 4), committed(0, 5))
    assert check_at_least_once([first, second], {0: 5, 1: 4}) == {"records": 9, "duplicates": 5}


def test_a_committed_record_consumed_again_fails(tmp_path):
    first = member(tmp_path, "first", consumed(0, 0, 4), committed(0, 5))
    second = member(tmp_path, "second", consumed(0, 3, 4), committed(0, 5))
    with pytest.raises(AssertionError, match="more often than at-least-once allows"):
        check_at_least_once([first, second], {0: 5})


def test_a_record_never_consumed_fails(tmp_path):
    only = member(tmp_path, "only", consumed(0, 0, 3), committed(0, 4))
    with pytest.raises(AssertionError, match=r"never consumed: \[\(0, 4\)\]"):
        check_at_least_once([only], {0: 5})
