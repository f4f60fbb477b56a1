"""StreamsGroupDescribe (API key 89), v0: KIP-1071 streams groups with their state, epochs, topology (the
subtopologies with their source, repartition and changelog topics, internal topics with the partition counts
derived from the source topics) and members (process id, topology epoch,
endpoint, client tags, current and target active tasks; standby and warm-up tasks are always empty in kbroker).

An unknown group answers GROUP_ID_NOT_FOUND "Group <id> not found.", a group of another type GROUP_ID_NOT_FOUND
"Group <id> is not a streams group." Authorized operations (api/authz.py) when asked; GROUP_AUTHORIZATION_FAILED
without DESCRIBE on the group.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.metadata import acl_operations
from kbroker.protocol import errors
from kbroker.protocol.messages.streams_group_describe_response import (
    Assignment,
    DescribedGroup,
    Endpoint,
    KeyValue,
    Member,
    StreamsGroupDescribeResponse,
    Subtopology,
    TaskIds,
    TopicInfo,
    Topology,
)

API_KEY = 89
MIN_VERSION = 0
MAX_VERSION = 0


def _tasks(tasks) -> Assignment:
    return Assignment(active_tasks=[TaskIds(subtopology_id=s, partitions=sorted(ps)) for s, ps in sorted(tasks.items())],
                      standby_tasks=[], warmup_tasks=[])


def _topic_infos(infos, derived: dict[str, int]) -> list[TopicInfo]:
    return [TopicInfo(name=i.name, partitions=derived.get(i.name, i.partitions), replication_factor=i.replication_factor,
                      topic_configs=[KeyValue(key=k, value=v) for k, v in i.configs]) for i in infos]


def _topology(topology, configured) -> Topology | None:
    """The group's topology, with the partition counts of its internal topics as configured on the topics."""
    if topology is None:
        return None
    derived = configured.internal_partitions if configured is not None else {}
    return Topology(epoch=topology.epoch, subtopologies=[
        Subtopology(subtopology_id=s.subtopology_id, source_topics=list(s.source_topics),
                    repartition_sink_topics=list(s.repartition_sink_topics),
                    state_changelog_topics=_topic_infos(s.state_changelog_topics, derived),
                    repartition_source_topics=_topic_infos(s.repartition_source_topics, derived))
        for s in sorted(topology.subtopologies, key=lambda s: s.subtopology_id)])


def _described(ctx: RequestContext, request, group_id: str) -> DescribedGroup:
    if not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, group_id):
        return DescribedGroup(error_code=errors.GROUP_AUTHORIZATION_FAILED.code, error_message=None,
                              group_id=group_id, group_state="", authorized_operations=acl_operations.OMITTED)
    code, message, group = coordinator_of(ctx.state).streams.describe(group_id)
    if group is None:
        return DescribedGroup(error_code=code, error_message=message, group_id=group_id, group_state="",
                              authorized_operations=acl_operations.OMITTED)
    operations = authz.operations(ctx, authz.GROUP, group_id) if request.include_authorized_operations \
        else acl_operations.OMITTED
    members = [
        Member(member_id=m.member_id, member_epoch=m.member_epoch, instance_id=m.instance_id, rack_id=m.rack_id,
               client_id=m.client_id, client_host=m.client_host, topology_epoch=m.topology_epoch,
               process_id=m.process_id,
               user_endpoint=Endpoint(host=m.user_endpoint[0], port=m.user_endpoint[1]) if m.user_endpoint else None,
               client_tags=[KeyValue(key=k, value=v) for k, v in m.client_tags], task_offsets=[],
               task_end_offsets=[], assignment=_tasks(m.owned()),
               target_assignment=_tasks(group.target.get(m.member_id, {})), is_classic=False)
        for m in group.members.values()]
    return DescribedGroup(error_code=0, error_message=None, group_id=group_id, group_state=group.state.value,
                          group_epoch=group.group_epoch, assignment_epoch=group.assignment_epoch,
                          topology=_topology(group.topology, group.configured), members=members, authorized_operations=operations)


async def handle(ctx: RequestContext, request) -> StreamsGroupDescribeResponse:
    return StreamsGroupDescribeResponse(throttle_time_ms=0,
                                        groups=[_described(ctx, request, group_id) for group_id in request.group_ids])
