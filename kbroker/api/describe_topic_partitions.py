"""DescribeTopicPartitions (key 75), v0: topic and partition metadata in pages, what Java admin clients
(3.8+) send for describeTopics().

Mirrors Kafka 4.3's DescribeTopicPartitionsRequestHandler and KRaftMetadataCache:
- An empty topic list means every topic; otherwise the named ones (de-duplicated). Either way only names at or
  after the cursor's topic name count, in name order.
- A cursor whose topic is not among the named topics, or whose partition index is negative, makes the request
  INVALID_REQUEST: every requested topic is answered with that error and nothing else.
- Page size: min(max.request.partition.size.limit (2000), ResponsePartitionLimit), at least 1. The cursor topic
  starts at the cursor's partition, later topics at 0. When the page fills inside a topic, NextCursor names
  that topic and its next partition; when it fills at a topic boundary, the next topic at partition 0.
- A named topic that does not exist: UNKNOWN_TOPIC_OR_PARTITION, or INVALID_TOPIC_EXCEPTION for an illegal
  name (not counted against the page). Unknown topics never appear for an all-topics request.
- Partitions carry leader (-1 when the leader is unreachable on this listener, with no partition error),
  leader epoch, replicas, ISR, offline replicas, and the partition's eligible leader replicas and last-known ELR
  (KIP-966) as the image holds them.
- TopicAuthorizedOperations is always filled (api/authz.py); topics without DESCRIBE are left out of a listing
  and answered TOPIC_AUTHORIZATION_FAILED when named.
"""

from __future__ import annotations

import uuid

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.metadata import listener_view, topic_names
from kbroker.metadata.image import MetadataImage, TopicImage
from kbroker.protocol import errors
from kbroker.protocol.messages.describe_topic_partitions_response import (
    Cursor,
    DescribeTopicPartitionsResponse,
    DescribeTopicPartitionsResponsePartition,
    DescribeTopicPartitionsResponseTopic,
)

API_KEY = 75
MIN_VERSION = 0
MAX_VERSION = 0

ZERO_UUID = uuid.UUID(int=0)
DEFAULT_PARTITION_SIZE_LIMIT = 2000  # max.request.partition.size.limit


def _topic(error_code: int, name: str, topic_id: uuid.UUID, partitions: list) -> DescribeTopicPartitionsResponseTopic:
    return DescribeTopicPartitionsResponseTopic(error_code=error_code, name=name, topic_id=topic_id,
                                                is_internal=topic_names.is_internal(name), partitions=partitions)


def _partitions(image: MetadataImage, topic: TopicImage, listener_name: str, start: int, count: int) -> list:
    described = []
    for partition_id in range(start, min(len(topic.partitions), start + count)):
        registration = topic.partitions.get(partition_id)
        if registration is None:
            continue
        view = listener_view.partition_view(image, registration, listener_name)
        described.append(DescribeTopicPartitionsResponsePartition(
            error_code=errors.NONE.code, partition_index=partition_id, leader_id=view.leader_id,
            leader_epoch=view.leader_epoch, replica_nodes=view.replicas, isr_nodes=view.isr,
            eligible_leader_replicas=list(registration.elr), last_known_elr=list(registration.last_known_elr),
            offline_replicas=view.offline_replicas))
    return described


def describe(image: MetadataImage, names: list[str], listener_name: str, cursor, limit: int,
             all_topics: bool) -> DescribeTopicPartitionsResponse:
    response = DescribeTopicPartitionsResponse(throttle_time_ms=0, topics=[], next_cursor=None)
    remaining = limit
    for name in names:
        if remaining <= 0:
            response.next_cursor = Cursor(topic_name=name, partition_index=0)
            break
        topic = image.topic(name)
        if topic is None:
            if not all_topics:
                error = (errors.INVALID_TOPIC_EXCEPTION if topic_names.invalid_topic_name_reason(name) is not None
                         else errors.UNKNOWN_TOPIC_OR_PARTITION)
                response.topics.append(_topic(error.code, name, ZERO_UUID, []))
            continue
        start = cursor.partition_index if cursor is not None and cursor.topic_name == name else 0
        partitions = _partitions(image, topic, listener_name, start, remaining)
        response.topics.append(_topic(errors.NONE.code, name, topic.topic_id, partitions))
        end = min(len(topic.partitions), start + remaining)
        if end < len(topic.partitions):
            response.next_cursor = Cursor(topic_name=name, partition_index=end)
            break
        remaining -= len(partitions)
    return response


def invalid_request(request) -> DescribeTopicPartitionsResponse:
    return DescribeTopicPartitionsResponse(throttle_time_ms=0, topics=[
        DescribeTopicPartitionsResponseTopic(error_code=errors.INVALID_REQUEST.code, name=topic.name,
                                             topic_id=ZERO_UUID, is_internal=False, partitions=[])
        for topic in request.topics], next_cursor=None)


async def handle(ctx: RequestContext, request) -> DescribeTopicPartitionsResponse:
    image = ctx.state.image
    cursor = request.cursor
    after = cursor.topic_name if cursor is not None else ""
    all_topics = not request.topics
    if all_topics:
        names = sorted(name for name in image.topics_by_name if name >= after)
    else:
        names = sorted({topic.name for topic in request.topics if topic.name >= after})
        if cursor is not None and cursor.topic_name not in names:
            return invalid_request(request)
    if cursor is not None and cursor.partition_index < 0:
        return invalid_request(request)
    # Kafka hides topics the client may not describe from a listing and refuses them when named.
    describable = authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, names, log_denied=not all_topics)
    refused = [name for name in names if name not in describable]
    names = [name for name in names if name in describable]
    configured = int(ctx.config.get("max.request.partition.size.limit", DEFAULT_PARTITION_SIZE_LIMIT))
    limit = max(min(configured, request.response_partition_limit), 1)
    response = describe(image, names, ctx.listener_name, cursor, limit, all_topics)
    for described in response.topics:
        described.topic_authorized_operations = authz.operations(ctx, authz.TOPIC, described.name)
    if not all_topics:
        response.topics += [DescribeTopicPartitionsResponseTopic(
            error_code=errors.TOPIC_AUTHORIZATION_FAILED.code, name=name, topic_id=ZERO_UUID, is_internal=False,
            partitions=[]) for name in refused]
        response.topics.sort(key=lambda t: t.name)
    return response
