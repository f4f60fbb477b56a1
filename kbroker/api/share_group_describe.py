"""ShareGroupDescribe (API key 77), v1: share groups' state, epochs, assignor ("simple") and members with their
assignments (kbroker.share.groups; KIP-932).

Per group: GROUP_AUTHORIZATION_FAILED without DESCRIBE on it, GROUP_ID_NOT_FOUND ("Group <id> not found.") for a
group this node does not know as a share group (with an empty state, as Kafka answers); authorized operations
(api/authz.py) when asked.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.share_group_describe_response import (
    Assignment,
    DescribedGroup,
    Member,
    ShareGroupDescribeResponse,
    TopicPartitions,
)
from kbroker.share.groups import SIMPLE_ASSIGNOR

API_KEY = 77
MIN_VERSION = 1
MAX_VERSION = 1

_NO_OPERATIONS = -(1 << 31)


def _assignment(ctx: RequestContext, assigned) -> Assignment:
    image = ctx.state.image
    topics = []
    for topic_id, partitions in sorted(assigned.items(), key=lambda kv: str(kv[0])):
        topic = image.topic_by_id(topic_id)
        topics.append(TopicPartitions(topic_id=topic_id, topic_name=topic.name if topic is not None else "",
                                      partitions=sorted(partitions)))
    return Assignment(topic_partitions=topics)


def _described(ctx: RequestContext, request, group_id: str) -> DescribedGroup:
    if not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, group_id):
        return DescribedGroup(error_code=errors.GROUP_AUTHORIZATION_FAILED.code, error_message=None,
                              group_id=group_id, group_state="", group_epoch=0, assignment_epoch=0,
                              assignor_name="", members=[])
    group = share_coordinator_of(ctx).known_group(group_id)
    if group is None:
        return DescribedGroup(error_code=errors.GROUP_ID_NOT_FOUND.code, error_message=f"Group {group_id} not found.",
                              group_id=group_id, group_state="", group_epoch=0, assignment_epoch=0,
                              assignor_name="", members=[])
    operations = authz.operations(ctx, authz.GROUP, group_id) if request.include_authorized_operations \
        else _NO_OPERATIONS
    members = [Member(member_id=m.member_id, rack_id=m.rack_id, member_epoch=m.member_epoch, client_id=m.client_id,
                      client_host=m.client_host, subscribed_topic_names=sorted(m.subscribed_topic_names),
                      assignment=_assignment(ctx, m.assignment))
               for m in group.members.values()]
    return DescribedGroup(error_code=0, error_message=None, group_id=group_id, group_state=group.state.value,
                          group_epoch=group.group_epoch, assignment_epoch=group.assignment_epoch,
                          assignor_name=SIMPLE_ASSIGNOR, members=members, authorized_operations=operations)


async def handle(ctx: RequestContext, request) -> ShareGroupDescribeResponse:
    return ShareGroupDescribeResponse(throttle_time_ms=0,
                                      groups=[_described(ctx, request, g) for g in request.group_ids])
