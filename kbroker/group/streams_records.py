"""The KIP-1071 streams group records of `__consumer_offsets` (Kafka 4.3's StreamsCoordinatorRecordHelpers): record
types 17 (group epoch), 19 (member metadata), 20 (target assignment epoch), 21 (a member's target assignment),
22 (a member's current assignment) and 23 (the topology), all at value version 0; a null value is a tombstone.
`streams_record` encodes one, `decode_streams` reads one back as a `StreamsRecord` (kbroker.group.records.decode
hands these types here). Converters between the records and kbroker.group.streams' plain data live here too.
"""

from __future__ import annotations

import struct

import attrs

from kbroker.group.streams import StreamsMember, Subtopology, TopicInfo, Topology
from kbroker.protocol.messages.group_coordinator import (
    streams_group_current_member_assignment_value as current_v,
)
from kbroker.protocol.messages.group_coordinator import streams_group_member_metadata_value as member_v
from kbroker.protocol.messages.group_coordinator import (
    streams_group_target_assignment_member_value as target_v,
)
from kbroker.protocol.messages.group_coordinator import streams_group_topology_value as topology_v
from kbroker.protocol.messages.group_coordinator.streams_group_current_member_assignment_key import (
    StreamsGroupCurrentMemberAssignmentKey,
)
from kbroker.protocol.messages.group_coordinator.streams_group_member_metadata_key import (
    StreamsGroupMemberMetadataKey,
)
from kbroker.protocol.messages.group_coordinator.streams_group_metadata_key import StreamsGroupMetadataKey
from kbroker.protocol.messages.group_coordinator.streams_group_metadata_value import StreamsGroupMetadataValue
from kbroker.protocol.messages.group_coordinator.streams_group_target_assignment_member_key import (
    StreamsGroupTargetAssignmentMemberKey,
)
from kbroker.protocol.messages.group_coordinator.streams_group_target_assignment_metadata_key import (
    StreamsGroupTargetAssignmentMetadataKey,
)
from kbroker.protocol.messages.group_coordinator.streams_group_target_assignment_metadata_value import (
    StreamsGroupTargetAssignmentMetadataValue,
)
from kbroker.protocol.messages.group_coordinator.streams_group_topology_key import StreamsGroupTopologyKey

_INT16 = struct.Struct(">h")
METADATA_TYPE = 17
MEMBER_METADATA_TYPE = 19
TARGET_METADATA_TYPE = 20
TARGET_MEMBER_TYPE = 21
CURRENT_ASSIGNMENT_TYPE = 22
TOPOLOGY_TYPE = 23
# record type -> (key class, value class, whether the key has a member id)
STREAMS_TYPES = {
    METADATA_TYPE: (StreamsGroupMetadataKey, StreamsGroupMetadataValue, False),
    MEMBER_METADATA_TYPE: (StreamsGroupMemberMetadataKey, member_v.StreamsGroupMemberMetadataValue, True),
    TARGET_METADATA_TYPE: (StreamsGroupTargetAssignmentMetadataKey, StreamsGroupTargetAssignmentMetadataValue, False),
    TARGET_MEMBER_TYPE: (StreamsGroupTargetAssignmentMemberKey, target_v.StreamsGroupTargetAssignmentMemberValue, True),
    CURRENT_ASSIGNMENT_TYPE: (StreamsGroupCurrentMemberAssignmentKey,
                              current_v.StreamsGroupCurrentMemberAssignmentValue, True),
    TOPOLOGY_TYPE: (StreamsGroupTopologyKey, topology_v.StreamsGroupTopologyValue, False),
}
# The member records deleted when a member leaves, in Kafka's order.
MEMBER_TYPES = (CURRENT_ASSIGNMENT_TYPE, TARGET_MEMBER_TYPE, MEMBER_METADATA_TYPE)


@attrs.frozen
class StreamsRecord:
    record_type: int
    group: str
    member_id: str | None
    value: object  # None: tombstone


def streams_record(record_type: int, group: str, member_id: str | None, value) -> tuple[bytes, bytes | None]:
    key_class, _, has_member = STREAMS_TYPES[record_type]
    key = key_class(group_id=group, member_id=member_id) if has_member else key_class(group_id=group)
    return _INT16.pack(record_type) + key.encode(0), None if value is None else _INT16.pack(0) + value.encode(0)


def decode_streams(record_type: int, key: bytes, value: bytes | None, versioned) -> StreamsRecord:
    """`versioned(data, cls, what)` decodes a versioned value (kbroker.group.records')."""
    key_class, value_class, has_member = STREAMS_TYPES[record_type]
    k, _ = key_class.decode(memoryview(key), 2, 0)
    v = None if value is None else versioned(value, value_class, value_class.__name__)
    return StreamsRecord(record_type, k.group_id, k.member_id if has_member else None, v)


# --- plain data <-> record values ------------------------------------------------------------------------------


def topology_value(topology: Topology) -> topology_v.StreamsGroupTopologyValue:
    def infos(items):
        return [topology_v.TopicInfo(name=i.name, partitions=i.partitions, replication_factor=i.replication_factor,
                                     topic_configs=[topology_v.TopicConfig(key=k, value=v) for k, v in i.configs])
                for i in items]
    return topology_v.StreamsGroupTopologyValue(epoch=topology.epoch, subtopologies=[
        topology_v.Subtopology(
            subtopology_id=s.subtopology_id, source_topics=list(s.source_topics),
            source_topic_regex=list(s.source_topic_regex), state_changelog_topics=infos(s.state_changelog_topics),
            repartition_sink_topics=list(s.repartition_sink_topics),
            repartition_source_topics=infos(s.repartition_source_topics),
            copartition_groups=[topology_v.CopartitionGroup(source_topics=list(a), source_topic_regex=list(b),
                                                            repartition_source_topics=list(c))
                                for a, b, c in s.copartition_groups])
        for s in topology.subtopologies])


def topology_of(value: topology_v.StreamsGroupTopologyValue) -> Topology:
    def infos(items):
        return tuple(TopicInfo(i.name, i.partitions, i.replication_factor,
                               tuple((c.key, c.value) for c in i.topic_configs)) for i in items)
    return Topology(value.epoch, tuple(
        Subtopology(s.subtopology_id, tuple(s.source_topics), tuple(s.source_topic_regex),
                    infos(s.state_changelog_topics), tuple(s.repartition_sink_topics),
                    infos(s.repartition_source_topics),
                    tuple((tuple(g.source_topics), tuple(g.source_topic_regex), tuple(g.repartition_source_topics))
                          for g in s.copartition_groups))
        for s in value.subtopologies))


def member_value(member: StreamsMember) -> member_v.StreamsGroupMemberMetadataValue:
    endpoint = None if member.user_endpoint is None else member_v.Endpoint(host=member.user_endpoint[0],
                                                                          port=member.user_endpoint[1])
    return member_v.StreamsGroupMemberMetadataValue(
        instance_id=member.instance_id, rack_id=member.rack_id, client_id=member.client_id,
        client_host=member.client_host, rebalance_timeout_ms=member.rebalance_timeout_ms,
        topology_epoch=member.topology_epoch, process_id=member.process_id, user_endpoint=endpoint,
        client_tags=[member_v.KeyValue(key=k, value=v) for k, v in member.client_tags])


def with_member_value(member: StreamsMember, value: member_v.StreamsGroupMemberMetadataValue) -> StreamsMember:
    return attrs.evolve(
        member, instance_id=value.instance_id, rack_id=value.rack_id, client_id=value.client_id,
        client_host=value.client_host, rebalance_timeout_ms=value.rebalance_timeout_ms,
        topology_epoch=value.topology_epoch, process_id=value.process_id,
        user_endpoint=None if value.user_endpoint is None else (value.user_endpoint.host, value.user_endpoint.port),
        client_tags=tuple((kv.key, kv.value) for kv in value.client_tags))


def target_value(tasks) -> target_v.StreamsGroupTargetAssignmentMemberValue:
    return target_v.StreamsGroupTargetAssignmentMemberValue(
        active_tasks=[target_v.TaskIds(subtopology_id=s, partitions=sorted(ps)) for s, ps in sorted(tasks.items())],
        standby_tasks=[], warmup_tasks=[])


def tasks_of(task_ids) -> dict[str, frozenset[int]]:
    return {t.subtopology_id: frozenset(t.partitions) for t in task_ids if t.partitions}


def current_value(member: StreamsMember) -> current_v.StreamsGroupCurrentMemberAssignmentValue:
    def task_ids(tasks):
        return [current_v.TaskIds(subtopology_id=s, partitions=sorted(ps),
                                  assignment_epochs=[member.epochs.get((s, p), member.member_epoch)
                                                     for p in sorted(ps)])
                for s, ps in sorted(tasks.items())]
    return current_v.StreamsGroupCurrentMemberAssignmentValue(
        member_epoch=member.member_epoch, previous_member_epoch=member.previous_member_epoch,
        state=int(member.state), active_tasks=task_ids(member.assigned), standby_tasks=[], warmup_tasks=[],
        active_tasks_pending_revocation=task_ids(member.pending_revocation), standby_tasks_pending_revocation=[],
        warmup_tasks_pending_revocation=[])


def epochs_of(task_ids, default: int) -> dict:
    epochs = {}
    for t in task_ids:
        given = t.assignment_epochs if t.assignment_epochs is not None and \
            len(t.assignment_epochs) == len(t.partitions) else [default] * len(t.partitions)
        epochs.update({(t.subtopology_id, p): e for p, e in zip(t.partitions, given, strict=True)})
    return epochs
