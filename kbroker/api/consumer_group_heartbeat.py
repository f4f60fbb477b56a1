"""ConsumerGroupHeartbeat (API key 68), v0-1: the KIP-848 consumer group protocol (kbroker.group.consumer_coordinator).

A member joins with epoch 0 (v0: an empty member id is replaced by one the coordinator generates; v1: the client
generates it and an empty one is INVALID_REQUEST), heartbeats with its epoch and the partitions it owns, leaves
with -1, and a static member (instance id) leaves for a while with -2. The answer carries the member id and epoch,
the heartbeat interval (group.consumer.heartbeat.interval.ms) and, when it changed or the request was a full one,
the partitions the member may use now (by topic id). v1 adds SubscribedTopicRegex (full match, Python `re`).

Errors as Kafka 4.3: INVALID_REQUEST (with Kafka's messages), UNSUPPORTED_ASSIGNOR, INVALID_REGULAR_EXPRESSION,
UNKNOWN_MEMBER_ID, FENCED_MEMBER_EPOCH, FENCED_INSTANCE_ID, UNRELEASED_INSTANCE_ID, GROUP_MAX_SIZE_REACHED,
GROUP_ID_NOT_FOUND (unknown group on a heartbeat, or a non-empty classic group: no online upgrade),
NOT_COORDINATOR. Gaps: see kbroker.group.consumer_coordinator.
"""

from __future__ import annotations

import attrs

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.consumer_group_heartbeat_response import (
    Assignment,
    ConsumerGroupHeartbeatResponse,
    TopicPartitions,
)

API_KEY = 68
MIN_VERSION = 0
MAX_VERSION = 1


def heartbeat_refusal(ctx: RequestContext, request) -> tuple[int, str | None] | None:
    """Kafka's checks of a consumer or share group heartbeat: READ on the group, DESCRIBE on every subscribed
    topic."""
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id):
        return errors.GROUP_AUTHORIZATION_FAILED.code, None
    names = request.subscribed_topic_names or []
    refused = sorted(set(names) - authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, names))
    if refused:
        return errors.TOPIC_AUTHORIZATION_FAILED.code, f"The following topics are not authorized: {refused}"
    return None


async def handle(ctx: RequestContext, request) -> ConsumerGroupHeartbeatResponse:
    refused = heartbeat_refusal(ctx, request)
    if refused is not None:
        return ConsumerGroupHeartbeatResponse(throttle_time_ms=0, error_code=refused[0], error_message=refused[1],
                                              member_id=None, member_epoch=0, heartbeat_interval_ms=0)
    coordinator = coordinator_of(ctx.state)
    result = coordinator.consumer.heartbeat(
        request, api_version=ctx.api_version, client_id=ctx.client_id or "", client_host=f"/{ctx.peer[0]}")
    if not result.error:
        replicated = await coordinator.replicated(request.group_id)
        if replicated:
            result = attrs.evolve(result, error=replicated, message=None)
    assignment = None
    if result.assignment is not None:
        assignment = Assignment(topic_partitions=[
            TopicPartitions(topic_id=topic, partitions=sorted(partitions))
            for topic, partitions in sorted(result.assignment.items(), key=lambda kv: str(kv[0]))])
    if result.error:
        return ConsumerGroupHeartbeatResponse(throttle_time_ms=0, error_code=result.error,
                                              error_message=result.message, member_id=None, member_epoch=0,
                                              heartbeat_interval_ms=0)
    return ConsumerGroupHeartbeatResponse(throttle_time_ms=0, error_code=0, error_message=None,
                                          member_id=result.member_id, member_epoch=result.member_epoch,
                                          heartbeat_interval_ms=result.heartbeat_interval_ms, assignment=assignment)
