"""OffsetFetch (API key 9), v1-9: a group's committed offsets.

v1-7 ask for one group (v2+: a null topic list means every committed partition, and a group-level error is
the top-level error); v8+ ask for several groups at once, each answered with its own error. A partition with no
committed offset answers offset -1, leader epoch -1 (v5+) and empty metadata; an unknown group is not an error.
With require_stable (v7+), a partition whose offset is pending in an open transaction answers
UNSTABLE_OFFSET_COMMIT. v9 carries a member id and epoch, checked against a KIP-848 consumer group's member
(UNKNOWN_MEMBER_ID, STALE_MEMBER_EPOCH). v10 (topic ids only) is not served yet.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.group.coordinator import FetchedOffset
from kbroker.protocol import errors
from kbroker.protocol.messages.offset_fetch_response import (
    OffsetFetchResponse,
    OffsetFetchResponseGroup,
    OffsetFetchResponsePartition,
    OffsetFetchResponsePartitions,
    OffsetFetchResponseTopic,
    OffsetFetchResponseTopics,
)

API_KEY = 9
MIN_VERSION = 1
MAX_VERSION = 9
TOP_LEVEL_ERROR_VERSION = 2
BATCHED_VERSION = 8


_REFUSED = FetchedOffset(offset=-1, leader_epoch=-1, metadata="", error=errors.TOPIC_AUTHORIZATION_FAILED.code)


def _fetch(ctx: RequestContext, group_id: str, topics, require_stable: bool, member_id: str | None = None,
           member_epoch: int = -1):
    """(group error, [(topic, [(partition, FetchedOffset)])]) in the request's order (or by topic for all)."""
    if not authz.allowed(ctx, authz.DESCRIBE, authz.GROUP, group_id):
        return errors.GROUP_AUTHORIZATION_FAILED.code, []
    # Kafka's OffsetFetch: topics the client may not describe are refused when named, left out of "all topics".
    describable = authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, [t.name for t in topics or ()],
                                      log_denied=True)
    wanted = None if topics is None else [(t.name, p) for t in topics for p in t.partition_indexes
                                          if t.name in describable]
    code, found = coordinator_of(ctx.state).fetch_offsets(group_id, wanted, require_stable=require_stable,
                                                          member_id=member_id, member_epoch=member_epoch)
    if topics is None:
        shown = authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, {t for t, _ in found}, log_denied=False)
        found = {key: offset for key, offset in found.items() if key[0] in shown}
    else:
        found = dict(found)
        for t in topics:
            if t.name not in describable:
                for p in t.partition_indexes:
                    found[(t.name, p)] = _REFUSED
    by_topic: dict[str, list] = {}
    for (topic, partition), offset in found.items():
        by_topic.setdefault(topic, []).append((partition, offset))
    if topics is not None:
        by_topic = {t.name: [(p, found[(t.name, p)]) for p in t.partition_indexes] for t in topics if code == errors.NONE.code}
    return code, list(by_topic.items())


async def handle(ctx: RequestContext, request) -> OffsetFetchResponse:
    version = ctx.api_version
    if version >= BATCHED_VERSION:
        groups = []
        for group in request.groups:
            code, topics = _fetch(ctx, group.group_id, group.topics, request.require_stable,
                                  group.member_id, group.member_epoch)
            groups.append(OffsetFetchResponseGroup(group_id=group.group_id, error_code=code, topics=[
                OffsetFetchResponseTopics(name=topic, partitions=[
                    OffsetFetchResponsePartitions(partition_index=p, committed_offset=o.offset,
                                                  committed_leader_epoch=o.leader_epoch, metadata=o.metadata,
                                                  error_code=o.error)
                    for p, o in partitions])
                for topic, partitions in topics]))
        return OffsetFetchResponse(throttle_time_ms=0, groups=groups)
    code, topics = _fetch(ctx, request.group_id, request.topics, request.require_stable)
    if code != errors.NONE.code:
        if version >= TOP_LEVEL_ERROR_VERSION:
            return OffsetFetchResponse(throttle_time_ms=0, error_code=code, topics=[])
        return OffsetFetchResponse(throttle_time_ms=0, topics=[
            OffsetFetchResponseTopic(name=t.name, partitions=[
                OffsetFetchResponsePartition(partition_index=p, committed_offset=-1, metadata="", error_code=code)
                for p in t.partition_indexes])
            for t in request.topics or ()])
    return OffsetFetchResponse(throttle_time_ms=0, error_code=errors.NONE.code, topics=[
        OffsetFetchResponseTopic(name=topic, partitions=[
            OffsetFetchResponsePartition(partition_index=p, committed_offset=o.offset,
                                         committed_leader_epoch=o.leader_epoch, metadata=o.metadata,
                                         error_code=o.error)
            for p, o in partitions])
        for topic, partitions in topics])
