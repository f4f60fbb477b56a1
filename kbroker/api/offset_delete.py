"""OffsetDelete (API key 47), v0: remove committed offsets of a group (tombstones in `__consumer_offsets`).

GROUP_ID_NOT_FOUND for an unknown group; a group with members may lose only offsets of topics none of its
members subscribes to (GROUP_SUBSCRIBED_TO_TOPIC per partition otherwise), and only when its protocol is the
consumer protocol (else NON_EMPTY_GROUP). A partition the metadata lacks: UNKNOWN_TOPIC_OR_PARTITION.
"""

from __future__ import annotations

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.offset_delete_response import (
    OffsetDeleteResponse,
    OffsetDeleteResponsePartition,
    OffsetDeleteResponseTopic,
)

API_KEY = 47
MIN_VERSION = 0
MAX_VERSION = 0


async def handle(ctx: RequestContext, request) -> OffsetDeleteResponse:
    if not authz.allowed(ctx, authz.DELETE, authz.GROUP, request.group_id):
        return OffsetDeleteResponse(error_code=errors.GROUP_AUTHORIZATION_FAILED.code, throttle_time_ms=0, topics=[])
    image = ctx.state.image
    wanted, answers = [], {}
    readable = authz.allowed_names(ctx, authz.READ, authz.TOPIC, [t.name for t in request.topics])
    for topic in request.topics:
        found = image.topic(topic.name)
        for p in topic.partitions:
            key = (topic.name, p.partition_index)
            if topic.name not in readable:
                answers[key] = errors.TOPIC_AUTHORIZATION_FAILED.code
            elif found is not None and p.partition_index in found.partitions:
                wanted.append(key)
            else:
                answers[key] = errors.UNKNOWN_TOPIC_OR_PARTITION.code
    coordinator = coordinator_of(ctx.state)
    code, deleted = coordinator.delete_offsets(request.group_id, wanted)
    (code,) = await coordinator.replicated_codes(request.group_id, [code])
    if code != errors.NONE.code:
        return OffsetDeleteResponse(error_code=code, throttle_time_ms=0, topics=[])
    answers.update(deleted)
    return OffsetDeleteResponse(error_code=errors.NONE.code, throttle_time_ms=0, topics=[
        OffsetDeleteResponseTopic(name=topic.name, partitions=[
            OffsetDeleteResponsePartition(partition_index=p.partition_index,
                                          error_code=answers[(topic.name, p.partition_index)])
            for p in topic.partitions])
        for topic in request.topics])
