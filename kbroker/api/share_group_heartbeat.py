"""ShareGroupHeartbeat (API key 76), v1: a share group member joins (epoch 0), heartbeats and leaves (-1), and gets
its assignment from the server-side assignor (kbroker.share.groups, kbroker.share.assignor; KIP-932).

The answer carries the member id and epoch, group.share.heartbeat.interval.ms and, when it changed (or the
member joined or sent its subscription), the partitions the member may fetch (by topic id). Errors as Kafka 4.3:
GROUP_AUTHORIZATION_FAILED (READ on the group), TOPIC_AUTHORIZATION_FAILED (DESCRIBE on a subscribed topic),
INVALID_REQUEST (Kafka's messages), UNKNOWN_MEMBER_ID, FENCED_MEMBER_EPOCH, GROUP_MAX_SIZE_REACHED, and
GROUP_ID_NOT_FOUND "Group <id> is not a share group." when a classic or consumer group has the id.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import share_coordinator_of
from kbroker.group import coordinator_of
from kbroker.group.coordinator import GroupError
from kbroker.protocol import errors
from kbroker.protocol.messages.share_group_heartbeat_response import (
    Assignment,
    ShareGroupHeartbeatResponse,
    TopicPartitions,
)

API_KEY = 76
MIN_VERSION = 1
MAX_VERSION = 1


def _other_group_type(ctx: RequestContext, group_id: str) -> bool:
    """Whether the group id is taken by a classic or consumer group (one namespace, as in Kafka)."""
    try:
        return coordinator_of(ctx.state).shard_of(group_id).groups.get(group_id) is not None
    except GroupError:  # __consumer_offsets not led here or not there yet: no such group here
        return False


async def handle(ctx: RequestContext, request) -> ShareGroupHeartbeatResponse:
    refused = authz.group_heartbeat_refusal(ctx, request.group_id, request.subscribed_topic_names or [])
    if refused is not None:
        return ShareGroupHeartbeatResponse(throttle_time_ms=0, error_code=refused[0], error_message=refused[1],
                                           member_id=None, member_epoch=0, heartbeat_interval_ms=0)
    coordinator = share_coordinator_of(ctx)
    if request.member_epoch == 0 and _other_group_type(ctx, request.group_id):
        return ShareGroupHeartbeatResponse(throttle_time_ms=0, error_code=errors.GROUP_ID_NOT_FOUND.code,
                                           error_message=f"Group {request.group_id} is not a share group.",
                                           member_id=None, member_epoch=0, heartbeat_interval_ms=0)
    result = coordinator.groups.heartbeat(request, ctx.client_id or "", f"/{ctx.peer[0]}")
    if result.error:
        return ShareGroupHeartbeatResponse(throttle_time_ms=0, error_code=result.error,
                                           error_message=result.message, member_id=None, member_epoch=0,
                                           heartbeat_interval_ms=0)
    coordinator.notify()  # a new session deadline for `ShareCoordinator.run`
    await coordinator.flush()  # records a leaving member held were released
    assignment = None
    if result.assignment is not None:
        assignment = Assignment(topic_partitions=[
            TopicPartitions(topic_id=topic, partitions=sorted(partitions))
            for topic, partitions in sorted(result.assignment.items(), key=lambda kv: str(kv[0]))])
    return ShareGroupHeartbeatResponse(throttle_time_ms=0, error_code=0, error_message=None,
                                       member_id=result.member_id, member_epoch=result.member_epoch,
                                       heartbeat_interval_ms=result.heartbeat_interval_ms, assignment=assignment)
