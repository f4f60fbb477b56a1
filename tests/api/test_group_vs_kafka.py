"""Group APIs: kbroker's answers next to Apache Kafka 4.3.1's for the same raw requests (error codes, echoed
fields, what an unknown group looks like). Member ids are random on both brokers: answers are compared with
them replaced by whether they start with the expected prefix."""

from __future__ import annotations

import time
import uuid

import pytest

from kbroker.protocol import errors
from kbroker.protocol.messages.delete_groups_request import DeleteGroupsRequest
from kbroker.protocol.messages.describe_groups_request import DescribeGroupsRequest
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.protocol.messages.heartbeat_request import HeartbeatRequest
from kbroker.protocol.messages.join_group_request import JoinGroupRequest, JoinGroupRequestProtocol
from kbroker.protocol.messages.leave_group_request import LeaveGroupRequest, MemberIdentity
from kbroker.protocol.messages.offset_commit_request import (
    OffsetCommitRequest,
    OffsetCommitRequestPartition,
    OffsetCommitRequestTopic,
)
from kbroker.protocol.messages.offset_delete_request import (
    OffsetDeleteRequest,
    OffsetDeleteRequestPartition,
    OffsetDeleteRequestTopic,
)
from kbroker.protocol.messages.offset_fetch_request import (
    OffsetFetchRequest,
    OffsetFetchRequestGroup,
    OffsetFetchRequestTopic,
    OffsetFetchRequestTopics,
)
from kbroker.protocol.messages.sync_group_request import SyncGroupRequest, SyncGroupRequestAssignment

pytestmark = pytest.mark.java

RETRIABLE = {errors.COORDINATOR_NOT_AVAILABLE.code, errors.COORDINATOR_LOAD_IN_PROGRESS.code,
             errors.NOT_COORDINATOR.code}
ATTEMPTS = 300


def find_coordinator(target, group: str):
    """FindCoordinator until the coordinator is ready (the first one creates __consumer_offsets)."""
    for _ in range(ATTEMPTS):
        answer = target.send(FindCoordinatorRequest(key=group, key_type=0), 3)
        if answer.error_code not in RETRIABLE:
            return answer
        time.sleep(0.1)
    raise AssertionError(f"no coordinator for {group}: {answer}")


def ready(target, group: str):
    """Wait until the group's coordinator answers (Kafka loads the partition after creating the topic)."""
    find_coordinator(target, group)
    for _ in range(ATTEMPTS):
        answer = target.send(OffsetFetchRequest(group_id=group, topics=[]), 7)
        if answer.error_code not in RETRIABLE:
            return
        time.sleep(0.1)
    raise AssertionError(f"coordinator of {group} never ready")


def join_request(group, member_id="", session_ms=10000, **fields):
    return JoinGroupRequest(group_id=group, session_timeout_ms=session_ms, rebalance_timeout_ms=30000,
                            member_id=member_id, protocol_type=fields.pop("protocol_type", "consumer"),
                            protocols=fields.pop("protocols", [JoinGroupRequestProtocol(name="range",
                                                                                        metadata=b"m")]),
                            **fields)


def shape_of_join(answer, client_id_prefix: str = "kbroker-blocking-client-"):
    return dict(error=answer.error_code, generation=answer.generation_id, protocol_type=answer.protocol_type,
                protocol_name=answer.protocol_name, leader_is_member=answer.leader == answer.member_id,
                member_id=("generated" if answer.member_id.startswith(client_id_prefix) else answer.member_id),
                members=len(answer.members), skip=answer.skip_assignment)


def both(kbroker_target, kafka_target, scenario):
    seen = {}
    for target in (kbroker_target, kafka_target):
        group = f"g-{uuid.uuid4().hex[:8]}"
        ready(target, group)
        seen[target.name] = scenario(target, group)
    assert seen["kbroker"] == seen["kafka"]
    return seen["kbroker"]


def join_as_single_member(target, group, version=5):
    first = target.send(join_request(group), version)
    assert first.error_code == errors.MEMBER_ID_REQUIRED.code
    joined = target.send(join_request(group, first.member_id), version)
    assert joined.error_code == 0, joined
    synced = target.send(SyncGroupRequest(group_id=group, generation_id=joined.generation_id,
                                          member_id=joined.member_id, protocol_type="consumer",
                                          protocol_name="range",
                                          assignments=[SyncGroupRequestAssignment(member_id=joined.member_id,
                                                                                  assignment=b"a")]), 5)
    assert synced.error_code == 0 and synced.assignment == b"a"
    return joined


def test_find_coordinator_answers(kbroker_target, kafka_target):
    def scenario(target, group):
        answers = []
        for version in range(4):
            a = target.send(FindCoordinatorRequest(key=group, key_type=0), version)
            answers.append((version, a.error_code, a.error_message, a.node_id))
        for version in (4, 6):
            a = target.send(FindCoordinatorRequest(key_type=0, coordinator_keys=[group, group + "x"]), version)
            answers.append((version, [(c.key == group or c.key == group + "x", c.error_code, c.error_message,
                                       c.node_id) for c in a.coordinators]))
        for _ in range(ATTEMPTS):  # the first transaction key creates __transaction_state
            a = target.send(FindCoordinatorRequest(key="txn-" + group, key_type=1), 3)
            if a.error_code not in RETRIABLE:
                break
            time.sleep(0.1)
        answers.append(("transaction", a.error_code, a.error_message, a.node_id))
        for version in (1, 4):
            request = (FindCoordinatorRequest(key=group, key_type=7) if version < 4 else
                       FindCoordinatorRequest(key_type=7, coordinator_keys=[group]))
            a = target.send(request, version)
            answers.append(("bad key type", version, a.error_code, a.error_message, a.node_id,
                            [(c.error_code, c.error_message, c.node_id, c.host, c.port) for c in a.coordinators]))
        return answers

    seen = both(kbroker_target, kafka_target, scenario)
    assert seen[0][1] == 0


def test_join_group_errors(kbroker_target, kafka_target):
    def scenario(target, group):
        out = {}
        for version in (0, 3, 5, 9):
            out[f"short-session-v{version}"] = shape_of_join(target.send(join_request(group, session_ms=10), version))
        out["long-session"] = shape_of_join(target.send(join_request(group, session_ms=1_800_001), 5))
        out["unknown-member"] = shape_of_join(target.send(join_request(group, "nobody"), 5))
        out["empty-protocol-type"] = shape_of_join(target.send(join_request(group, protocol_type=""), 5))
        out["empty-protocols"] = shape_of_join(target.send(join_request(group, protocols=[]), 5))
        out["member-id-required-v4"] = shape_of_join(target.send(join_request(group), 4))
        out["member-id-required-v9"] = shape_of_join(target.send(join_request(group), 9))
        return out

    seen = both(kbroker_target, kafka_target, scenario)
    assert seen["short-session-v5"]["error"] == errors.INVALID_SESSION_TIMEOUT.code
    assert seen["member-id-required-v4"]["error"] == errors.MEMBER_ID_REQUIRED.code


def test_single_member_join_then_member_errors(kbroker_target, kafka_target):
    def scenario(target, group):
        joined = join_as_single_member(target, group)
        out = {"joined": shape_of_join(joined)}
        member, generation = joined.member_id, joined.generation_id
        out["other-protocol"] = shape_of_join(target.send(join_request(
            group, protocols=[JoinGroupRequestProtocol(name="sticky", metadata=b"")]), 5))
        out["other-type"] = shape_of_join(target.send(join_request(group, protocol_type="connect"), 5))
        out["heartbeat"] = target.send(HeartbeatRequest(group_id=group, generation_id=generation,
                                                        member_id=member), 4).error_code
        out["heartbeat-bad-generation"] = target.send(HeartbeatRequest(
            group_id=group, generation_id=generation + 5, member_id=member), 4).error_code
        out["heartbeat-unknown-member"] = target.send(HeartbeatRequest(
            group_id=group, generation_id=generation, member_id="nobody"), 4).error_code
        out["heartbeat-unknown-group"] = target.send(HeartbeatRequest(
            group_id=group + "-none", generation_id=1, member_id="nobody"), 4).error_code
        out["sync-bad-generation"] = target.send(SyncGroupRequest(
            group_id=group, generation_id=generation + 1, member_id=member, assignments=[]), 3).error_code
        out["sync-unknown-group"] = target.send(SyncGroupRequest(
            group_id=group + "-none", generation_id=1, member_id="m", assignments=[]), 3).error_code
        out["sync-other-protocol"] = target.send(SyncGroupRequest(
            group_id=group, generation_id=generation, member_id=member, protocol_type="consumer",
            protocol_name="roundrobin", assignments=[]), 5).error_code

        def commit(version, generation_id, member_id, group_id=group, topic="__consumer_offsets", partition=0):
            answer = target.send(OffsetCommitRequest(
                group_id=group_id, generation_id_or_member_epoch=generation_id, member_id=member_id,
                topics=[OffsetCommitRequestTopic(name=topic, partitions=[
                    OffsetCommitRequestPartition(partition_index=partition, committed_offset=3)])]), version)
            return answer.topics[0].partitions[0].error_code

        out["commit-member"] = commit(8, generation, member)
        out["commit-bad-generation"] = commit(8, generation + 1, member)
        out["commit-unknown-member"] = commit(8, generation, "nobody")
        out["commit-simple-to-live-group"] = commit(8, -1, "")
        out["commit-unknown-group-v8"] = commit(8, 1, "m", group + "-none")
        out["commit-unknown-group-v9"] = commit(9, 1, "m", group + "-none")
        out["commit-unknown-partition"] = commit(8, generation, member, partition=100000)
        out["commit-unknown-topic"] = commit(8, generation, member, topic="no-such-topic-" + group)
        out["describe"] = [(g.error_code, g.group_state, g.protocol_type, g.protocol_data, len(g.members))
                           for g in target.send(DescribeGroupsRequest(groups=[group]), 5).groups]
        out["delete-non-empty"] = [r.error_code for r in target.send(
            DeleteGroupsRequest(groups_names=[group]), 2).results]
        out["offset-delete-subscribed"] = target.send(OffsetDeleteRequest(group_id=group, topics=[
            OffsetDeleteRequestTopic(name="__consumer_offsets", partitions=[
                OffsetDeleteRequestPartition(partition_index=0)])]), 0).error_code
        leave = target.send(LeaveGroupRequest(group_id=group, members=[
            MemberIdentity(member_id=member), MemberIdentity(member_id="nobody")]), 4)
        out["leave"] = (leave.error_code, [m.error_code for m in leave.members])
        out["leave-v1-unknown"] = target.send(LeaveGroupRequest(group_id=group, member_id="nobody"), 1).error_code
        out["leave-unknown-group"] = target.send(LeaveGroupRequest(group_id=group + "-none", members=[
            MemberIdentity(member_id="x")]), 4).error_code
        out["describe-empty"] = [(g.error_code, g.group_state, g.protocol_type, len(g.members))
                                 for g in target.send(DescribeGroupsRequest(groups=[group]), 5).groups]
        out["commit-simple-to-empty-group"] = commit(8, -1, "")
        return out

    seen = both(kbroker_target, kafka_target, scenario)
    assert seen["commit-bad-generation"] == errors.ILLEGAL_GENERATION.code
    assert seen["heartbeat-bad-generation"] == errors.ILLEGAL_GENERATION.code


def test_offset_fetch_and_admin_answers(kbroker_target, kafka_target):
    def scenario(target, group):
        target.send(OffsetCommitRequest(group_id=group, generation_id_or_member_epoch=-1, member_id="", topics=[
            OffsetCommitRequestTopic(name="__consumer_offsets", partitions=[
                OffsetCommitRequestPartition(partition_index=1, committed_offset=9, committed_metadata="md",
                                             committed_leader_epoch=4)])]), 8)
        out = {}
        for version in (1, 4, 5, 7):
            a = target.send(OffsetFetchRequest(group_id=group, topics=[OffsetFetchRequestTopic(
                name="__consumer_offsets", partition_indexes=[1, 2])]), version)
            out[f"fetch-v{version}"] = (a.error_code, [(t.name, [(p.partition_index, p.committed_offset,
                                                                  p.committed_leader_epoch, p.metadata,
                                                                  p.error_code) for p in t.partitions])
                                                       for t in a.topics])
        a = target.send(OffsetFetchRequest(group_id=group, topics=None), 7)
        out["fetch-all"] = [(t.name, [(p.partition_index, p.committed_offset) for p in t.partitions])
                            for t in a.topics]
        a = target.send(OffsetFetchRequest(group_id=group + "-none", topics=[OffsetFetchRequestTopic(
            name="__consumer_offsets", partition_indexes=[1])]), 7)
        out["fetch-unknown-group"] = (a.error_code, [(p.committed_offset, p.metadata, p.error_code)
                                                     for t in a.topics for p in t.partitions])
        a = target.send(OffsetFetchRequest(groups=[
            OffsetFetchRequestGroup(group_id=group, topics=None),
            OffsetFetchRequestGroup(group_id=group + "-none", topics=[OffsetFetchRequestTopics(
                name="t", partition_indexes=[0])])]), 8)
        out["fetch-batched"] = [(g.error_code, [(t.name, [(p.partition_index, p.committed_offset, p.error_code)
                                                          for p in t.partitions]) for t in g.topics])
                                for g in a.groups]
        for version in (4, 5, 6):
            out[f"describe-unknown-v{version}"] = [
                (g.error_code, g.error_message and g.error_message.replace(group, "<group>"), g.group_state, g.protocol_type, g.protocol_data, g.members)
                for g in target.send(DescribeGroupsRequest(groups=[group + "-none"]), version).groups]
        out["describe-simple"] = [(g.error_code, g.group_state, g.protocol_type, g.members,
                                   g.authorized_operations)
                                  for g in target.send(DescribeGroupsRequest(
                                      groups=[group], include_authorized_operations=True), 5).groups]
        out["offset-delete-unknown-group"] = target.send(OffsetDeleteRequest(group_id=group + "-none", topics=[
            OffsetDeleteRequestTopic(name="__consumer_offsets", partitions=[
                OffsetDeleteRequestPartition(partition_index=1)])]), 0).error_code
        a = target.send(OffsetDeleteRequest(group_id=group, topics=[
            OffsetDeleteRequestTopic(name="__consumer_offsets", partitions=[
                OffsetDeleteRequestPartition(partition_index=1)])]), 0)
        out["offset-delete"] = (a.error_code, [(p.partition_index, p.error_code)
                                               for t in a.topics for p in t.partitions])
        # Kafka lists the results per coordinator partition (a hash order): compare them as a set.
        out["delete"] = sorted((r.group_id == group, r.error_code) for r in target.send(
            DeleteGroupsRequest(groups_names=[group, group + "-none"]), 2).results)
        return out

    seen = both(kbroker_target, kafka_target, scenario)
    assert seen["fetch-v7"][1] == [("__consumer_offsets", [(1, 9, 4, "md", 0), (2, -1, -1, "", 0)])]
