"""DeleteShareGroupOffsets (API key 92), v0: forget a share group's share-partitions of some topics
(kafka-share-groups --delete-offsets); a later fetch starts them afresh from share.auto.offset.reset. The group
must exist (GROUP_ID_NOT_FOUND) and have no members (NON_EMPTY_GROUP); tombstones are written to
`__share_group_state`. Per topic: UNKNOWN_TOPIC_OR_PARTITION for an unknown one, TOPIC_AUTHORIZATION_FAILED
without READ; GROUP_AUTHORIZATION_FAILED without DELETE on the group.
"""

from __future__ import annotations

import uuid

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.share_requests import share_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.delete_share_group_offsets_response import (
    DeleteShareGroupOffsetsResponse,
    DeleteShareGroupOffsetsResponseTopic,
)

API_KEY = 92
MIN_VERSION = 0
MAX_VERSION = 0
NO_TOPIC_ID = uuid.UUID(int=0)


def _error(code: int, message: str | None = None) -> DeleteShareGroupOffsetsResponse:
    return DeleteShareGroupOffsetsResponse(throttle_time_ms=0, error_code=code, error_message=message, responses=[])


async def handle(ctx: RequestContext, request) -> DeleteShareGroupOffsetsResponse:
    group_id = request.group_id
    if not authz.allowed(ctx, authz.DELETE, authz.GROUP, group_id):
        return _error(errors.GROUP_AUTHORIZATION_FAILED.code)
    coordinator = share_coordinator_of(ctx)
    group = coordinator.known_group(group_id)
    if group is None:
        return _error(errors.GROUP_ID_NOT_FOUND.code, f"Group {group_id} not found.")
    if group.members:
        return _error(errors.NON_EMPTY_GROUP.code, "The group is not empty.")
    image = ctx.state.image
    names = [t.topic_name for t in request.topics]
    readable = authz.allowed_names(ctx, authz.READ, authz.TOPIC, names)
    answers, deleting = [], set()
    for wanted in request.topics:
        topic = image.topic(wanted.topic_name)
        code, message = errors.NONE.code, None
        if wanted.topic_name not in readable:
            code = errors.TOPIC_AUTHORIZATION_FAILED.code
        elif topic is None:
            code, message = errors.UNKNOWN_TOPIC_OR_PARTITION.code, "The topic does not exist."
        else:
            deleting.add(topic.topic_id)
        answers.append(DeleteShareGroupOffsetsResponseTopic(
            topic_name=wanted.topic_name, topic_id=topic.topic_id if topic is not None else NO_TOPIC_ID,
            error_code=code, error_message=message))
    written = await coordinator.delete_states(group_id, deleting)
    if written != errors.NONE.code:
        return _error(written)
    return DeleteShareGroupOffsetsResponse(throttle_time_ms=0, error_code=0, error_message=None, responses=answers)
