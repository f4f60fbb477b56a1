"""DescribeShareGroupOffsets (API key 90), v0-1: each share-partition's start offset (SPSO) and, from v1
(KIP-1226), its lag: the records from the SPSO up to the high watermark not yet acknowledged or archived.

Topics null means every share-partition the group has state for. A partition without state answers start
offset -1 (and lag -1); an unknown topic UNKNOWN_TOPIC_OR_PARTITION per partition; a group this node does not
know GROUP_ID_NOT_FOUND; GROUP_AUTHORIZATION_FAILED without DESCRIBE on the group, TOPIC_AUTHORIZATION_FAILED
without DESCRIBE on a topic.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_share_group_offsets_response import (
    DescribeShareGroupOffsetsResponse,
    DescribeShareGroupOffsetsResponseGroup,
    DescribeShareGroupOffsetsResponsePartition,
    DescribeShareGroupOffsetsResponseTopic,
)

API_KEY = 90
MIN_VERSION = 0
MAX_VERSION = 1


def _partition(ctx, coordinator, group_id, topic, index: int) -> DescribeShareGroupOffsetsResponsePartition:
    start, done = coordinator.start_offset(group_id, topic.topic_id, index)
    hosted = ctx.state.partitions.get(topic.name, index)
    lag = -1
    if start >= 0 and hosted is not None:
        lag = max(0, hosted.high_watermark - start - done)
    leader_epoch = topic.partitions[index].leader_epoch if index in topic.partitions else -1
    return DescribeShareGroupOffsetsResponsePartition(partition_index=index, start_offset=start,
                                                      leader_epoch=leader_epoch, lag=lag, error_code=0)


def _group(ctx: RequestContext, wanted) -> DescribeShareGroupOffsetsResponseGroup:
    group_id = wanted.group_id
    if not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, group_id):
        return DescribeShareGroupOffsetsResponseGroup(group_id=group_id, topics=[],
                                                      error_code=errors.GROUP_AUTHORIZATION_FAILED.code)
    coordinator = share_coordinator_of(ctx)
    if coordinator.known_group(group_id) is None:
        return DescribeShareGroupOffsetsResponseGroup(group_id=group_id, topics=[],
                                                      error_code=errors.GROUP_ID_NOT_FOUND.code,
                                                      error_message=f"Group {group_id} not found.")
    image = ctx.state.image
    if wanted.topics is None:
        requested = []
        for topic_id, partitions in sorted(coordinator.initialized_partitions(group_id).items(), key=str):
            topic = image.topic_by_id(topic_id)
            if topic is not None:
                requested.append((topic.name, sorted(partitions)))
    else:
        requested = [(t.topic_name, list(t.partitions)) for t in wanted.topics]
    names = [name for name, _ in requested]
    visible = authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, names)
    topics = []
    for name, partitions in requested:
        topic = image.topic(name)
        if name not in visible or topic is None:
            code = errors.TOPIC_AUTHORIZATION_FAILED.code if name not in visible \
                else errors.UNKNOWN_TOPIC_OR_PARTITION.code
            topics.append(DescribeShareGroupOffsetsResponseTopic(topic_name=name, partitions=[
                DescribeShareGroupOffsetsResponsePartition(partition_index=p, start_offset=-1, leader_epoch=-1,
                                                           error_code=code) for p in partitions]))
            continue
        topics.append(DescribeShareGroupOffsetsResponseTopic(
            topic_name=name, topic_id=topic.topic_id,
            partitions=[_partition(ctx, coordinator, group_id, topic, p) for p in partitions]))
    return DescribeShareGroupOffsetsResponseGroup(group_id=group_id, topics=topics, error_code=0)


async def handle(ctx: RequestContext, request) -> DescribeShareGroupOffsetsResponse:
    return DescribeShareGroupOffsetsResponse(throttle_time_ms=0, groups=[_group(ctx, g) for g in request.groups])
