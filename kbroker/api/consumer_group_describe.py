"""ConsumerGroupDescribe (API key 69), v0-1: KIP-848 consumer groups with their epochs, assignor, members, each
member's current assignment (assigned and still to revoke) and target assignment (topic id, name,
partitions); v1 adds the member type (1: consumer
protocol; kbroker has no classic members in consumer groups).

An unknown group answers GROUP_ID_NOT_FOUND "Group <id> not found.", a classic group GROUP_ID_NOT_FOUND
"Group <id> is not a consumer group." Authorized operations (api/authz.py) when asked; GROUP_AUTHORIZATION_FAILED without DESCRIBE on the group.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.metadata import acl_operations
from kbroker.protocol import errors
from kbroker.protocol.messages.consumer_group_describe_response import (
    Assignment,
    ConsumerGroupDescribeResponse,
    DescribedGroup,
    Member,
    TopicPartitions,
)

API_KEY = 69
MIN_VERSION = 0
MAX_VERSION = 1
CLASSIC_MEMBER_TYPE, CONSUMER_MEMBER_TYPE = 0, 1  # MemberType (v1): a member using the classic protocol is 0


def _assignment(consumer, partitions) -> Assignment:
    return Assignment(topic_partitions=[
        TopicPartitions(topic_id=topic, topic_name=consumer.topic_name(topic), partitions=sorted(ps))
        for topic, ps in sorted(partitions.items(), key=lambda kv: str(kv[0]))])


def _described(ctx: RequestContext, request, group_id: str) -> DescribedGroup:
    if not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, group_id):
        return DescribedGroup(error_code=errors.GROUP_AUTHORIZATION_FAILED.code, error_message=None,
                              group_id=group_id, group_state="", authorized_operations=acl_operations.OMITTED)
    consumer = coordinator_of(ctx.state).consumer
    code, message, group = consumer.describe(group_id)
    operations = authz.operations(ctx, authz.GROUP, group_id) if request.include_authorized_operations \
        else acl_operations.OMITTED
    if group is None:
        return DescribedGroup(error_code=code, error_message=message, group_id=group_id, group_state="",
                              authorized_operations=acl_operations.OMITTED)
    members = [
        Member(member_id=m.member_id, instance_id=m.instance_id, rack_id=m.rack_id, member_epoch=m.member_epoch,
               client_id=m.client_id, client_host=m.client_host,
               subscribed_topic_names=list(m.subscribed_topic_names), subscribed_topic_regex=m.subscribed_topic_regex,
               assignment=_assignment(consumer, m.owned()),
               target_assignment=_assignment(consumer, group.target.get(m.member_id, {})),
               member_type=CONSUMER_MEMBER_TYPE if m.classic is None else CLASSIC_MEMBER_TYPE)
        for m in group.members.values()]
    return DescribedGroup(error_code=0, error_message=None, group_id=group_id, group_state=group.state.value,
                          group_epoch=group.group_epoch, assignment_epoch=group.assignment_epoch,
                          assignor_name=group.preferred_assignor(consumer.default_assignor), members=members,
                          authorized_operations=operations)


async def handle(ctx: RequestContext, request) -> ConsumerGroupDescribeResponse:
    return ConsumerGroupDescribeResponse(throttle_time_ms=0,
                                         groups=[_described(ctx, request, group_id) for group_id in request.group_ids])
