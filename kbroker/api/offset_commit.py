"""OffsetCommit (API key 8), v2-9: a group's consumed positions, written to `__consumer_offsets` and on its
in-sync replicas before the answer (kbroker.group.coordinator; COORDINATOR_NOT_AVAILABLE after
offsets.commit.timeout.ms, NOT_COORDINATOR once leadership moved, as Kafka maps them).

A member commits with its generation (ILLEGAL_GENERATION, UNKNOWN_MEMBER_ID, FENCED_INSTANCE_ID,
REBALANCE_IN_PROGRESS while the group waits for its assignment); anyone may commit with generation -1 and an
empty member id to a group without members ("simple" commits: the admin client, assign() consumers, Spark),
which creates the group. A commit with a generation to an unknown group is ILLEGAL_GENERATION (v9+:
GROUP_ID_NOT_FOUND). Per partition: UNKNOWN_TOPIC_OR_PARTITION for a partition the metadata lacks,
OFFSET_METADATA_TOO_LARGE beyond offset.metadata.max.bytes. v2-4's retention time sets an explicit expire
timestamp. v10 (topic ids only) is not served yet.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.offset_commit_response import (
    OffsetCommitResponse,
    OffsetCommitResponsePartition,
    OffsetCommitResponseTopic,
)

API_KEY = 8
MIN_VERSION = 2
MAX_VERSION = 9
RETENTION_TIME_LAST_VERSION = 4


def _partition_known(image, topic: str, partition: int) -> bool:
    found = image.topic(topic)
    return found is not None and partition in found.partitions


async def handle(ctx: RequestContext, request) -> OffsetCommitResponse:
    image = ctx.state.image
    wanted, answers = [], {}
    group_allowed = authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id)
    readable = authz.allowed_names(ctx, authz.READ, authz.TOPIC, [t.name for t in request.topics]) \
        if group_allowed else set()
    for topic in request.topics:
        for p in topic.partitions:
            if not group_allowed:
                answers[(topic.name, p.partition_index)] = errors.GROUP_AUTHORIZATION_FAILED.code
            elif topic.name not in readable:
                answers[(topic.name, p.partition_index)] = errors.TOPIC_AUTHORIZATION_FAILED.code
            elif _partition_known(image, topic.name, p.partition_index):
                wanted.append((topic.name, p.partition_index, p.committed_offset, p.committed_leader_epoch,
                               p.committed_metadata))
            else:
                answers[(topic.name, p.partition_index)] = errors.UNKNOWN_TOPIC_OR_PARTITION.code
    retention = request.retention_time_ms if ctx.api_version <= RETENTION_TIME_LAST_VERSION else -1
    if wanted:
        codes = coordinator_of(ctx.state).commit_offsets(
            group_id=request.group_id, generation_id=request.generation_id_or_member_epoch,
            member_id=request.member_id, group_instance_id=request.group_instance_id, retention_time_ms=retention,
            offsets=wanted, api_version=ctx.api_version)
        codes = await coordinator_of(ctx.state).replicated_codes(request.group_id, codes)
        answers.update(((t, p), code) for (t, p, *_), code in zip(wanted, codes, strict=True))
    return OffsetCommitResponse(throttle_time_ms=0, topics=[
        OffsetCommitResponseTopic(name=topic.name, partitions=[
            OffsetCommitResponsePartition(partition_index=p.partition_index,
                                          error_code=answers[(topic.name, p.partition_index)])
            for p in topic.partitions])
        for topic in request.topics])
