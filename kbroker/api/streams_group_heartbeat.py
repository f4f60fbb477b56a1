"""StreamsGroupHeartbeat (API key 88), v0: the KIP-1071 streams group protocol (kbroker.group.streams_coordinator).

A Kafka Streams member joins with epoch 0 and its topology, heartbeats with its epoch and the tasks it owns, and
leaves with -1 (-2 for a static member). The answer carries the member epoch, the heartbeat interval
(group.streams.heartbeat.interval.ms), the statuses of the group (MISSING_SOURCE_TOPICS, MISSING_INTERNAL_TOPICS,
INCORRECTLY_PARTITIONED_TOPICS, STALE_TOPOLOGY, ASSIGNMENT_DELAYED) and, when it changed or the member joined or
reported its tasks, its active tasks (standby and warm-up tasks always empty). Internal topics the topology needs
and that do not exist are created here, with the partition counts and configs the coordinator derived, before
the answer (the status says MISSING_INTERNAL_TOPICS for this heartbeat, as Kafka's does while it creates them).

Errors as Kafka 4.3: INVALID_REQUEST (with Kafka's messages), GROUP_AUTHORIZATION_FAILED (READ on the group),
TOPIC_AUTHORIZATION_FAILED (DESCRIBE on every topic the topology names; without CREATE on the cluster or the
internal topics they are not created and the status says so), UNKNOWN_MEMBER_ID,
FENCED_MEMBER_EPOCH, GROUP_ID_NOT_FOUND (a group of another type, not empty), GROUP_MAX_SIZE_REACHED,
NOT_COORDINATOR. Gaps: see kbroker.group.streams_coordinator.
"""

from __future__ import annotations

import attrs

from kbroker.api import authz
from kbroker.api.auto_create import create_streams_internal_topics
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.group.streams import MISSING_INTERNAL_TOPICS
from kbroker.group.streams_coordinator import ACCEPTABLE_RECOVERY_LAG, TASK_OFFSET_INTERVAL_MS
from kbroker.protocol.messages.create_topics_request import CreatableTopic, CreatableTopicConfig
from kbroker.protocol.messages.streams_group_heartbeat_response import (
    Status,
    StreamsGroupHeartbeatResponse,
    TaskIds,
)

API_KEY = 88
MIN_VERSION = 0
MAX_VERSION = 0


def _error(code: int, message: str | None) -> StreamsGroupHeartbeatResponse:
    return StreamsGroupHeartbeatResponse(throttle_time_ms=0, error_code=code, error_message=message, member_id="",
                                         member_epoch=0, heartbeat_interval_ms=0, status=None)


def _creatable(info, default_replication: int) -> CreatableTopic:
    return CreatableTopic(name=info.name, num_partitions=info.partitions,
                          replication_factor=info.replication_factor or default_replication,
                          configs=[CreatableTopicConfig(name=k, value=v) for k, v in info.configs])


def _topology_topics(topology) -> list[str]:
    if topology is None:
        return []
    return sorted({name for s in topology.subtopologies or () for name in (
        *(s.source_topics or ()), *(s.repartition_sink_topics or ()),
        *(t.name for t in s.repartition_source_topics or ()), *(t.name for t in s.state_changelog_topics or ()))})


async def handle(ctx: RequestContext, request) -> StreamsGroupHeartbeatResponse:
    refused = authz.group_heartbeat_refusal(ctx, request.group_id, _topology_topics(request.topology))
    if refused is not None:
        return _error(*refused)
    coordinator = coordinator_of(ctx.state)
    result = coordinator.streams.heartbeat(request, client_id=ctx.client_id or "", client_host=f"/{ctx.peer[0]}")
    if not result.error:
        result = attrs.evolve(result, error=await coordinator.replicated(request.group_id))
    if result.error:
        return _error(result.error, result.message)
    if result.to_create:
        if authz.cluster_allowed(ctx, authz.CREATE, log_denied=False) or all(
                authz.allowed(ctx, authz.CREATE, authz.TOPIC, info.name) for info in result.to_create):
            await create_streams_internal_topics(
                ctx, [_creatable(info, ctx.config["default.replication.factor"]) for info in result.to_create])
        else:
            names = ", ".join(sorted(info.name for info in result.to_create))
            result = attrs.evolve(result, statuses=(*result.statuses, (
                MISSING_INTERNAL_TOPICS, f"Unauthorized to CREATE on topics {names}.")))
    active = None
    if result.active_tasks is not None:
        active = [TaskIds(subtopology_id=s, partitions=ps) for s, ps in sorted(result.active_tasks.items())]
    return StreamsGroupHeartbeatResponse(
        throttle_time_ms=0, error_code=0, error_message=None, member_id=result.member_id,
        member_epoch=result.member_epoch, heartbeat_interval_ms=result.heartbeat_interval_ms,
        acceptable_recovery_lag=ACCEPTABLE_RECOVERY_LAG, task_offset_interval_ms=TASK_OFFSET_INTERVAL_MS,
        status=[Status(status_code=code, status_detail=detail) for code, detail in result.statuses],
        active_tasks=active, standby_tasks=[] if active is not None else None,
        warmup_tasks=[] if active is not None else None, endpoint_information_epoch=result.endpoint_epoch,
        partitions_by_user_endpoint=None)
