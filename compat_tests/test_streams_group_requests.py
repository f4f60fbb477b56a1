"""StreamsGroupHeartbeat and StreamsGroupDescribe (KIP-1071) sent raw, the same requests to kbroker and to Apache
Kafka 4.3.1: the answers to malformed requests, unknown members and groups, a topology whose source topic is
missing, a member joining a group whose internal topics the coordinator creates, and a leave."""

from __future__ import annotations

import time
import uuid

from compat_tests.py_clients import create_topic
from compat_tests.raw_client import RawConnection
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.protocol.messages.streams_group_describe_request import StreamsGroupDescribeRequest
from kbroker.protocol.messages.streams_group_heartbeat_request import (
    StreamsGroupHeartbeatRequest,
    Subtopology,
    TopicInfo,
    Topology,
)

WAIT_S = 60.0


def _coordinator_ready(conn: RawConnection, group: str) -> None:
    """Until the group's coordinator answers for it (Kafka's loads `__consumer_offsets` a moment after
    FindCoordinator finds it: COORDINATOR_LOAD_IN_PROGRESS, COORDINATOR_NOT_AVAILABLE or NOT_COORDINATOR)."""
    deadline = time.monotonic() + WAIT_S
    while conn.send(FindCoordinatorRequest(key_type=0, coordinator_keys=[group]), 4).coordinators[0].error_code or \
            conn.send(StreamsGroupDescribeRequest(group_ids=[group]), 0).groups[0].error_code in (14, 15, 16):
        assert time.monotonic() < deadline, "no group coordinator"
        time.sleep(0.2)


def _topology(source: str, app: str) -> Topology:
    repartition, changelog = f"{app}-words-repartition", f"{app}-counts-changelog"
    return Topology(epoch=1, subtopologies=[
        Subtopology(subtopology_id="0", source_topics=[source], repartition_sink_topics=[repartition]),
        Subtopology(subtopology_id="1", repartition_source_topics=[TopicInfo(name=repartition)],
                    state_changelog_topics=[TopicInfo(name=changelog, topic_configs=[])])])


def _join(group: str, member: str, topology: Topology | None, **fields) -> StreamsGroupHeartbeatRequest:
    request = dict(group_id=group, member_id=member, member_epoch=0, endpoint_information_epoch=0,
                   rebalance_timeout_ms=30000, topology=topology, process_id=str(uuid.uuid4()), active_tasks=[],
                   standby_tasks=[], warmup_tasks=[])
    request.update(fields)
    return StreamsGroupHeartbeatRequest(**request)


def _answer(response) -> tuple:
    return response.error_code, response.error_message


def test_streams_group_requests_answer_as_kafka(broker):
    app = f"app-{uuid.uuid4().hex[:8]}"
    source = f"{app}-in"
    with RawConnection(broker.bootstrap) as conn:
        _coordinator_ready(conn, app)
        send = lambda request: conn.send(request, 0)  # noqa: E731
        assert _answer(send(_join(app, "", _topology(source, app)))) == (42, "MemberId can't be empty.")
        assert _answer(send(_join(app, "m1", None))) == (42, "Topology must be non-null when (re-)joining.")
        assert _answer(send(_join(app, "m1", _topology(source, app), rebalance_timeout_ms=-1))) == \
            (42, "RebalanceTimeoutMs must be provided in first request.")
        assert _answer(send(_join(app, "m1", None, member_epoch=3))) == \
            (69, f"Streams group {app} not found.")

        # the source topic is missing: the member joins, gets no tasks and the MISSING_SOURCE_TOPICS status
        joined = send(_join(app, "m1", _topology(source, app)))
        assert (joined.error_code, joined.member_id, joined.active_tasks) == (0, "m1", [])
        assert [s.status_code for s in joined.status] == [5, 1]  # ASSIGNMENT_DELAYED, MISSING_SOURCE_TOPICS
        assert _answer(send(_join(app, "m2", None, member_epoch=1))) == \
            (25, f"Member m2 is not a member of group {app}.")

        # with the source topic, the coordinator asks for the internal topics, then assigns every task
        create_topic(broker.bootstrap, source, 2)
        deadline = time.monotonic() + WAIT_S
        epoch, tasks, statuses = joined.member_epoch, None, []
        while tasks != [("0", [0, 1]), ("1", [0, 1])]:
            assert time.monotonic() < deadline, (epoch, tasks, statuses)
            time.sleep(0.5)
            answer = send(_join(app, "m1", None, member_epoch=epoch, rebalance_timeout_ms=-1, process_id=None,
                                active_tasks=None, standby_tasks=None, warmup_tasks=None))
            assert answer.error_code == 0, answer
            epoch, statuses = answer.member_epoch, [s.status_code for s in answer.status]
            if answer.active_tasks is not None:
                tasks = [(t.subtopology_id, sorted(t.partitions)) for t in answer.active_tasks]
        # Kafka answers a describe of several groups in the order of their coordinator partitions, not the request's
        # (the group ids are bucketed by __consumer_offsets partition, then the buckets' answers joined): match by id.
        # Its describe also reads the state up to the coordinator's last committed offset, which may trail the
        # heartbeat's answer by a moment: ask until it settles.
        deadline = time.monotonic() + WAIT_S
        while True:
            described = conn.send(StreamsGroupDescribeRequest(group_ids=[app, "no-such-group"]), 0).groups
            by_id = {group.group_id: group for group in described}
            ours, missing = by_id[app], by_id["no-such-group"]
            seen = (ours.error_code, ours.group_state, len(ours.members))
            if seen == (0, "Stable", 1):
                break
            assert time.monotonic() < deadline, (seen, ours.error_message)
            time.sleep(0.2)
        assert [(t.name, t.partitions) for s in ours.topology.subtopologies
                for t in s.repartition_source_topics + s.state_changelog_topics] == \
            [(f"{app}-words-repartition", 2), (f"{app}-counts-changelog", 2)]
        assert (missing.error_code, missing.error_message) == (69, "Group no-such-group not found.")

        left = send(_join(app, "m1", None, member_epoch=-1, rebalance_timeout_ms=-1, process_id=None,
                          active_tasks=None, standby_tasks=None, warmup_tasks=None))
        assert (left.error_code, left.member_epoch) == (0, -1)
        assert conn.send(StreamsGroupDescribeRequest(group_ids=[app]), 0).groups[0].group_state == "Empty"
