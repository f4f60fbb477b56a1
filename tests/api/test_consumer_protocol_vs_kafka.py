"""ConsumerGroupHeartbeat / ConsumerGroupDescribe (KIP-848): kbroker's raw answers next to Apache Kafka 4.3.1's for
the same request sequences. Member ids the brokers generate are replaced by their length, topic ids by the topic
name; where two members share partitions, the answers are compared by partition count (the assignors may place
partitions differently)."""

from __future__ import annotations

import os
import pprint
import time
import uuid

import pytest

from kbroker.protocol import errors
from kbroker.protocol.messages.consumer_group_describe_request import ConsumerGroupDescribeRequest
from kbroker.protocol.messages.consumer_group_heartbeat_request import (
    ConsumerGroupHeartbeatRequest,
    TopicPartitions,
)
from kbroker.protocol.messages.describe_groups_request import DescribeGroupsRequest
from kbroker.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kbroker.protocol.messages.list_groups_request import ListGroupsRequest
from kbroker.protocol.messages.metadata_request import MetadataRequest, MetadataRequestTopic
from kbroker.protocol.messages.offset_commit_request import (
    OffsetCommitRequest,
    OffsetCommitRequestPartition,
    OffsetCommitRequestTopic,
)
from kbroker.protocol.messages.offset_fetch_request import OffsetFetchRequest, OffsetFetchRequestGroup

pytestmark = pytest.mark.java

RETRIABLE = {errors.COORDINATOR_NOT_AVAILABLE.code, errors.COORDINATOR_LOAD_IN_PROGRESS.code,
             errors.NOT_COORDINATOR.code}


def topic_id(target, name):
    answer = target.send(MetadataRequest(topics=[MetadataRequestTopic(name=name)], allow_auto_topic_creation=False), 12)
    return answer.topics[0].topic_id


def heartbeat(target, version=1, **fields):
    request = ConsumerGroupHeartbeatRequest(**fields)
    if fields.get("group_id"):
        for _ in range(300):  # the first FindCoordinator creates __consumer_offsets
            found = target.send(FindCoordinatorRequest(key=fields["group_id"], key_type=0), 3)
            if found.error_code not in RETRIABLE:
                break
            time.sleep(0.1)
    for _ in range(300):
        answer = target.send(request, version)
        if answer.error_code not in RETRIABLE:
            return answer
        time.sleep(0.1)
    raise AssertionError(f"no coordinator: {answer}")


class Scenario:
    def __init__(self, target, topic: str):
        self.target = target
        self.topic = topic
        self.tid = topic_id(target, topic)
        self.names = {self.tid: "T"}

    def join(self, group, member, version=1, topics=None, **fields):
        base = dict(group_id=group, member_id=member, member_epoch=0, rebalance_timeout_ms=30000,
                    subscribed_topic_names=[self.topic] if topics is None else topics, topic_partitions=[])
        base.update(fields)
        return heartbeat(self.target, version, **base)

    def beat(self, group, member, epoch, owned, version=1, **fields):
        return heartbeat(self.target, version, group_id=group, member_id=member, member_epoch=epoch,
                         topic_partitions=[TopicPartitions(topic_id=self.tid, partitions=sorted(owned))], **fields)

    def shape(self, answer, exact=True):
        assignment = None
        if answer.assignment is not None:
            assignment = {self.names.get(t.topic_id, "?"): (sorted(t.partitions) if exact else len(t.partitions))
                          for t in answer.assignment.topic_partitions}
        member = answer.member_id
        return dict(error=answer.error_code, message=answer.error_message, epoch=answer.member_epoch,
                    interval=answer.heartbeat_interval_ms, assignment=assignment,
                    member=None if member is None else len(member))

    @staticmethod
    def owned(answer, before=frozenset()):
        """The partitions an answer gives (an answer without an assignment keeps `before`)."""
        if answer.assignment is None:
            return set(before)
        return {p for t in answer.assignment.topic_partitions for p in t.partitions}


def normalize(value, names: dict[str, str]):
    """The value with the run's own group and topic names replaced by placeholders (inside strings too)."""
    if isinstance(value, str):
        for name, placeholder in names.items():
            value = value.replace(name, placeholder)
        return value
    if isinstance(value, dict):
        return {k: normalize(v, names) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(normalize(v, names) for v in value)
    return value


def both(kbroker_target, kafka_target, scenario):
    seen = {}
    for target in (kbroker_target, kafka_target):
        topic = f"kip848-{uuid.uuid4().hex[:8]}"
        target.create_topic(topic, 4)
        group = f"g-{uuid.uuid4().hex[:8]}"
        try:
            seen[target.name] = normalize(scenario(Scenario(target, topic), group), {group: "GROUP", topic: "TOPIC"})
        except Exception as exc:
            seen[target.name] = {"crash": repr(exc)}
    if os.environ.get("KIP848_DUMP"):
        with open(os.environ["KIP848_DUMP"], "a") as dump:
            pprint.pprint(seen, dump, width=150)
    for key in seen["kafka"]:
        assert seen["kbroker"][key] == seen["kafka"][key], key
    assert seen["kbroker"] == seen["kafka"]
    return seen["kbroker"]


def test_request_validation(kbroker_target, kafka_target):
    def scenario(s, group):
        out = {}
        out["v1-empty-member"] = s.shape(s.join(group, ""))
        out["v0-empty-member-joins"] = s.shape(s.join(group + "-v0", "", version=0))
        out["empty-group"] = s.shape(s.join("", "m1"))
        out["empty-instance"] = s.shape(s.join(group, "m1", instance_id=""))
        out["empty-rack"] = s.shape(s.join(group, "m1", rack_id=""))
        out["no-rebalance-timeout"] = s.shape(s.join(group, "m1", rebalance_timeout_ms=-1))
        out["null-owned"] = s.shape(s.join(group, "m1", topic_partitions=None))
        out["non-empty-owned"] = s.shape(s.join(group, "m1", topic_partitions=[
            TopicPartitions(topic_id=s.tid, partitions=[0])]))
        out["no-subscription"] = s.shape(s.join(group, "m1", subscribed_topic_names=None))
        out["bad-epoch"] = s.shape(s.beat(group, "m1", -3, []))
        out["static-leave-no-instance"] = s.shape(s.beat(group, "m1", -2, []))
        out["unknown-assignor"] = s.shape(s.join(group, "m1", server_assignor="sticky"))
        out["unknown-group-heartbeat"] = s.shape(s.beat(group, "m1", 3, []))
        out["unknown-group-leave"] = s.shape(s.beat(group, "m1", -1, []))
        return out

    seen = both(kbroker_target, kafka_target, scenario)
    assert seen["v1-empty-member"]["error"] == errors.INVALID_REQUEST.code


def test_join_reconcile_leave(kbroker_target, kafka_target):
    def scenario(s, group):
        out = {}
        a = s.join(group, "member-a")
        out["a-join"] = s.shape(a)
        epoch_a = a.member_epoch
        owned_a = s.owned(a)
        out["a-again"] = s.shape(s.beat(group, "member-a", epoch_a, owned_a))
        out["unknown-member"] = s.shape(s.beat(group, "nobody", epoch_a, []))
        out["fenced-greater"] = s.shape(s.beat(group, "member-a", epoch_a + 1, owned_a))
        out["fenced-smaller"] = s.shape(s.beat(group, "member-a", epoch_a - 1, owned_a))
        b = s.join(group, "member-b")
        out["b-join"] = s.shape(b)
        out["describe-assigning"] = describe(s, group)
        time.sleep(1.2)  # group.consumer.assignment.interval.ms: the next heartbeat computes the new target
        a2 = s.beat(group, "member-a", epoch_a, owned_a)
        out["a-revoke"] = s.shape(a2, exact=False)
        owned_a = s.owned(a2, owned_a)
        out["describe-reconciling"] = describe(s, group)
        out["b-too-early"] = s.shape(s.beat(group, "member-b", b.member_epoch, []), exact=False)
        a3 = s.beat(group, "member-a", a2.member_epoch, owned_a)
        out["a-revoked"] = s.shape(a3, exact=False)
        owned_a = s.owned(a3, owned_a)
        b2 = s.beat(group, "member-b", b.member_epoch, [])
        out["b-gets"] = s.shape(b2, exact=False)
        owned_b = s.owned(b2)
        out["disjoint"] = not (owned_a & owned_b)
        out["describe-stable"] = describe(s, group)
        epoch = b2.member_epoch

        def commit(epoch, member="member-a", version=9):
            answer = s.target.send(OffsetCommitRequest(
                group_id=group, generation_id_or_member_epoch=epoch, member_id=member,
                topics=[OffsetCommitRequestTopic(name=s.topic, partitions=[
                    OffsetCommitRequestPartition(partition_index=0, committed_offset=3)])]), version)
            return answer.topics[0].partitions[0].error_code
        out["commit"] = commit(epoch)
        out["commit-stale"] = commit(epoch - 1)
        out["commit-unknown-member"] = commit(epoch, "nobody")
        out["commit-simple"] = commit(-1, "")
        out["commit-v8"] = commit(epoch, version=8)

        def fetch(member, epoch):
            answer = s.target.send(OffsetFetchRequest(groups=[OffsetFetchRequestGroup(
                group_id=group, member_id=member, member_epoch=epoch, topics=None)], require_stable=True), 9)
            g = answer.groups[0]
            return g.error_code, [(t.name, [(p.partition_index, p.committed_offset) for p in t.partitions])
                                  for t in g.topics]
        out["fetch"] = fetch("member-a", epoch)
        out["fetch-stale"] = fetch("member-a", epoch - 1)
        out["fetch-unknown"] = fetch("nobody", epoch)
        out["fetch-anonymous"] = fetch(None, -1)
        out["classic-describe-v5"] = [(g.error_code, g.error_message, g.group_state, g.protocol_type, len(g.members))
                                      for g in s.target.send(DescribeGroupsRequest(groups=[group]), 5).groups]
        out["classic-describe-v6"] = [(g.error_code, g.error_message, g.group_state, g.protocol_type, len(g.members))
                                      for g in s.target.send(DescribeGroupsRequest(groups=[group]), 6).groups]
        listed = s.target.send(ListGroupsRequest(types_filter=["consumer"]), 5)
        out["listed"] = [(g.protocol_type, g.group_state, g.group_type) for g in listed.groups if g.group_id == group]
        listed = s.target.send(ListGroupsRequest(types_filter=["classic"]), 5)
        out["listed-classic"] = [g.group_type for g in listed.groups if g.group_id == group]
        out["b-leave"] = s.shape(s.beat(group, "member-b", -1, owned_b))
        out["b-again"] = s.shape(s.beat(group, "member-b", epoch, owned_b))
        out["describe-after-leave"] = describe(s, group)
        time.sleep(1.2)
        a4 = s.beat(group, "member-a", a3.member_epoch, owned_a)
        out["a-after-leave"] = s.shape(a4)
        out["a-leave"] = s.shape(s.beat(group, "member-a", -1, s.owned(a4, owned_a)))
        out["describe-empty"] = describe(s, group)
        out["describe-unknown"] = describe(s, group + "-none")
        out["rejoin-empty-group"] = s.shape(s.join(group, "member-c"))
        return out

    both(kbroker_target, kafka_target, scenario)


def describe(s, group):
    answer = s.target.send(ConsumerGroupDescribeRequest(group_ids=[group]), 1)
    return [(g.error_code, g.error_message, g.group_state, g.group_epoch, g.assignment_epoch, g.assignor_name,
             sorted((m.member_id, m.member_epoch, m.subscribed_topic_names, m.member_type,
                     sum(len(t.partitions) for t in m.assignment.topic_partitions),
                     [t.topic_name for t in m.target_assignment.topic_partitions]) for m in g.members))
            for g in answer.groups]


def test_static_members(kbroker_target, kafka_target):
    def scenario(s, group):
        out = {}
        a = s.join(group, "static-1", instance_id="i1")
        out["join"] = s.shape(a)
        out["other-member-same-instance"] = s.shape(s.join(group, "static-2", instance_id="i1"))
        out["heartbeat-wrong-member"] = s.shape(s.beat(group, "static-2", a.member_epoch, [], instance_id="i1"))
        out["leave-unknown-instance"] = s.shape(s.beat(group, "static-1", -2, [], instance_id="i9"))
        out["temporary-leave"] = s.shape(s.beat(group, "static-1", -2, s.owned(a), instance_id="i1"))
        out["describe-left"] = describe(s, group)
        out["rejoin"] = s.shape(s.join(group, "static-2", instance_id="i1"))
        out["describe-rejoined"] = describe(s, group)
        out["old-member"] = s.shape(s.beat(group, "static-1", a.member_epoch, [], instance_id="i1"))
        out["leave-for-good"] = s.shape(s.beat(group, "static-2", -1, s.owned(a), instance_id="i1"))
        return out

    both(kbroker_target, kafka_target, scenario)


def test_regex_subscription(kbroker_target, kafka_target):
    def scenario(s, group):
        out = {}
        answer = s.join(group, "rx-1", topics=None, subscribed_topic_regex=s.topic.replace("kip848-", "kip848-.") )
        out["join"] = s.shape(answer)
        out["bad-regex"] = s.shape(s.join(group, "rx-2", topics=None, subscribed_topic_regex="(")
                                   )["error"]
        owned: set = s.owned(answer)
        for _ in range(50):  # Kafka resolves regexes in the background
            answer = s.beat(group, "rx-1", answer.member_epoch, owned)
            owned = s.owned(answer, owned)
            if owned:
                break
            time.sleep(0.2)
        out["resolved"] = sorted(owned)
        return out

    both(kbroker_target, kafka_target, scenario)


def test_classic_and_consumer_groups_share_ids(kbroker_target, kafka_target):
    from kbroker.protocol.messages.delete_groups_request import DeleteGroupsRequest
    from kbroker.protocol.messages.heartbeat_request import HeartbeatRequest
    from kbroker.protocol.messages.join_group_request import JoinGroupRequest, JoinGroupRequestProtocol
    from kbroker.protocol.messages.sync_group_request import SyncGroupRequest

    def classic_join(target, group, protocol_type):
        def request(member_id):
            return JoinGroupRequest(group_id=group, session_timeout_ms=30000, rebalance_timeout_ms=30000,
                                    member_id=member_id, protocol_type=protocol_type,
                                    protocols=[JoinGroupRequestProtocol(name="p", metadata=b"")])
        first = target.send(request(""), 5)
        if first.error_code != errors.MEMBER_ID_REQUIRED.code:
            return first
        joined = target.send(request(first.member_id), 5)
        target.send(SyncGroupRequest(group_id=group, generation_id=joined.generation_id, member_id=joined.member_id,
                                     assignments=[]), 3)
        return joined

    def scenario(s, group):
        out = {}
        # a classic group of another protocol type is not a consumer group
        connect = group + "-connect"
        heartbeat(s.target, 1, group_id=connect, member_id="x", member_epoch=1)  # waits for the coordinator
        out["classic-connect-join"] = classic_join(s.target, connect, "connect").error_code
        out["heartbeat-into-classic"] = s.shape(s.join(connect, "m1"))
        out["describe-classic"] = describe(s, connect)
        # an empty classic group (offsets only) becomes a consumer group and keeps its offsets
        simple = group + "-simple"
        heartbeat(s.target, 1, group_id=simple, member_id="x", member_epoch=1)
        committed = s.target.send(OffsetCommitRequest(
            group_id=simple, generation_id_or_member_epoch=-1, member_id="",
            topics=[OffsetCommitRequestTopic(name=s.topic, partitions=[
                OffsetCommitRequestPartition(partition_index=1, committed_offset=7)])]), 9)
        out["simple-commit"] = committed.topics[0].partitions[0].error_code
        joined = s.join(simple, "m1")
        out["join-simple"] = s.shape(joined)
        answer = s.target.send(OffsetFetchRequest(groups=[OffsetFetchRequestGroup(
            group_id=simple, member_id="m1", member_epoch=joined.member_epoch, topics=None)]), 9)
        out["offsets-kept"] = [(t.name, [(p.partition_index, p.committed_offset) for p in t.partitions])
                               for g in answer.groups for t in g.topics]
        # classic requests aimed at the consumer group
        out["classic-heartbeat"] = s.target.send(HeartbeatRequest(group_id=simple, generation_id=joined.member_epoch,
                                                                  member_id="m1"), 4).error_code
        out["classic-join-other-type"] = classic_join(s.target, simple, "connect").error_code
        out["delete-non-empty"] = [r.error_code for r in s.target.send(
            DeleteGroupsRequest(groups_names=[simple]), 2).results]
        s.beat(simple, "m1", -1, [])
        out["delete-empty"] = [r.error_code for r in s.target.send(DeleteGroupsRequest(groups_names=[simple]), 2).results]
        out["describe-deleted"] = describe(s, simple)
        return out

    both(kbroker_target, kafka_target, scenario)
