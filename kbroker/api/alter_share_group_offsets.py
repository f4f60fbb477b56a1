"""AlterShareGroupOffsets (API key 91), v0: set share-partitions' start offsets (kafka-share-groups
--reset-offsets). The group must have no members (NON_EMPTY_GROUP); a group that does not exist yet is created
empty, as Kafka does. Each share-partition starts over at the given offset with nothing in flight and a bumped
state epoch, written to `__share_group_state` before the answer. Errors: GROUP_AUTHORIZATION_FAILED (READ on
the group), TOPIC_AUTHORIZATION_FAILED (READ on the topic), UNKNOWN_TOPIC_OR_PARTITION per partition.
"""

from __future__ import annotations

import uuid

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import ensure_state_topic, share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.alter_share_group_offsets_response import (
    AlterShareGroupOffsetsResponse,
    AlterShareGroupOffsetsResponsePartition,
    AlterShareGroupOffsetsResponseTopic,
)

API_KEY = 91
MIN_VERSION = 0
MAX_VERSION = 0
NO_TOPIC_ID = uuid.UUID(int=0)


def _error(code: int, message: str | None = None) -> AlterShareGroupOffsetsResponse:
    return AlterShareGroupOffsetsResponse(throttle_time_ms=0, error_code=code, error_message=message, responses=[])


async def handle(ctx: RequestContext, request) -> AlterShareGroupOffsetsResponse:
    group_id = request.group_id
    if not authz.allowed(ctx, authz.READ, authz.GROUP, group_id):
        return _error(errors.GROUP_AUTHORIZATION_FAILED.code)
    coordinator = share_coordinator_of(ctx)
    group = coordinator.groups.get(group_id)
    if group is not None and group.members:
        return _error(errors.NON_EMPTY_GROUP.code, "The group is not empty.")
    await ensure_state_topic(ctx)
    coordinator.groups.create_empty(group_id)
    image = ctx.state.image
    names = [t.topic_name for t in request.topics]
    readable = authz.allowed_names(ctx, authz.READ, authz.TOPIC, names)
    answers = []
    for wanted in request.topics:
        topic = image.topic(wanted.topic_name)
        partitions = []
        for p in wanted.partitions:
            code, message = errors.NONE.code, None
            if wanted.topic_name not in readable:
                code = errors.TOPIC_AUTHORIZATION_FAILED.code
            elif topic is None or p.partition_index not in topic.partitions:
                code, message = errors.UNKNOWN_TOPIC_OR_PARTITION.code, "The topic-partition does not exist."
            else:
                coordinator.reset(group_id, topic.topic_id, p.partition_index, p.start_offset)
            partitions.append(AlterShareGroupOffsetsResponsePartition(partition_index=p.partition_index,
                                                                      error_code=code, error_message=message))
        answers.append(AlterShareGroupOffsetsResponseTopic(
            topic_name=wanted.topic_name, topic_id=topic.topic_id if topic is not None else NO_TOPIC_ID,
            partitions=partitions))
    written = await coordinator.flush()
    if written != errors.NONE.code:
        return _error(written)
    return AlterShareGroupOffsetsResponse(throttle_time_ms=0, error_code=0, error_message=None, responses=answers)
