"""Metadata (key 3), v0-v13: brokers, cluster id, controller id and topic/partition metadata.

Mirrors Kafka 4.3's KafkaApis.handleTopicMetadataRequest over the KRaft metadata cache:
- Which topics: null (v1+) or, in v0, an empty list means every topic, internal ones included (clients hide
  those themselves); an empty list in v1+ means none. Requested names are de-duplicated.
- Topic ids: v10/v11 requests carrying a topic id or a null name are INVALID_REQUEST, v12+ may name topics by
  id. When any non-zero id is given, names are ignored; unknown ids answer UNKNOWN_TOPIC_ID (name null).
  A v12+ request with a null name and no id gets UNKNOWN_SERVER_ERROR, which is what Kafka's handler ends in.
  A rejected request is answered as Kafka's MetadataRequest.getErrorResponse: no brokers, controller -1, each
  requested topic with the error (a null name as "").
- Unknown topics: with `allow_auto_topic_creation` (v4+; always on below v4) and `auto.create.topics.enable`
  they are created (kbroker.api.auto_create) and answered UNKNOWN_TOPIC_OR_PARTITION, or
  INVALID_TOPIC_EXCEPTION for an illegal name; without, UNKNOWN_TOPIC_OR_PARTITION / INVALID_TOPIC_EXCEPTION.
  Never for an all-topics request.
- Brokers and partition leaders are the endpoints registered for the listener the request came in on
  (kbroker.metadata.listener_view): v0 drops unreachable replicas and reports REPLICA_NOT_AVAILABLE, v6+ report
  LISTENER_NOT_FOUND for a leader without the listener. Leader epochs come from the image's partition
  registrations, the same values Produce/Fetch/ListOffsets use.
- Topic authorized operations (v8+) and cluster authorized operations (v8-v10) are filled only when asked
  (api/authz.py; everything without an authorizer). ThrottleTimeMs 0; top-level ErrorCode (v13) NONE.
- Authorization: topics without DESCRIBE are left out of an all-topics answer and answered
  TOPIC_AUTHORIZATION_FAILED when named (by id: the id without the name), whether or not they exist; a missing
  topic is auto-created only with CREATE on the cluster or on the topic, else TOPIC_AUTHORIZATION_FAILED.
- Each topic's partitions are built once per image, listener and version rule (PartitionsCache) and shared by
  the answers made from that image.
Response order: unknown topic ids, known topics (in request order, all topics by name), then the unknown ones
(with auto-creation, refused names before created ones, as Kafka lists them), then those refused CREATE, then
those refused DESCRIBE.
"""

from __future__ import annotations

import uuid

from kbroker.api import authz
from kbroker.api.auto_create import auto_create_topics
from kbroker.api.context import RequestContext
from kbroker.metadata import acl_operations, listener_view, topic_names
from kbroker.metadata.image import MetadataImage, TopicImage
from kbroker.protocol import errors
from kbroker.protocol.messages.metadata_response import (
    MetadataResponse,
    MetadataResponseBroker,
    MetadataResponsePartition,
    MetadataResponseTopic,
)
from kbroker.security.acls import CLUSTER_NAME

API_KEY = 3
MIN_VERSION = 0
MAX_VERSION = 13

ZERO_UUID = uuid.UUID(int=0)


def is_all_topics(request, version: int) -> bool:
    return request.topics is None or (version == 0 and not request.topics)


def request_error(request, version: int) -> int | None:
    """The error that rejects the whole request, or None."""
    if version < 12:
        for topic in request.topics:
            if topic.name is None or topic.topic_id != ZERO_UUID:
                return errors.INVALID_REQUEST.code
        return None
    if all(topic.topic_id == ZERO_UUID for topic in request.topics) and any(
            topic.name is None for topic in request.topics):
        return errors.UNKNOWN_SERVER_ERROR.code
    return None


def error_response(request, error_code: int) -> MetadataResponse:
    return MetadataResponse(throttle_time_ms=0, brokers=[], topics=[
        MetadataResponseTopic(error_code=error_code, name="" if topic.name is None else topic.name,
                              topic_id=topic.topic_id, is_internal=False, partitions=[])
        for topic in request.topics or ()])


class PartitionsCache:
    """Each topic's answered partitions for the latest image, per listener and per version rule (v0 drops
    unreachable replicas, v6+ reports LISTENER_NOT_FOUND): an image never changes, so a topic's partitions are
    built once per image rather than once per request (an all-topics request of 10,000 partitions spent most of
    its time rebuilding them). A new image starts an empty cache. The partition objects are shared between
    answers and never changed after they are built."""

    def __init__(self) -> None:
        self.image: MetadataImage | None = None
        self.partitions: dict[tuple[str, bool, bool, str], list[MetadataResponsePartition]] = {}

    def get(self, image: MetadataImage, topic: TopicImage, listener_name: str,
            version: int) -> list[MetadataResponsePartition]:
        if image is not self.image:
            self.image, self.partitions = image, {}
        key = (listener_name, version == 0, version >= 6, topic.name)
        partitions = self.partitions.get(key)
        if partitions is None:
            partitions = self.partitions[key] = build_partitions(image, topic, listener_name, version)
        return partitions


_partitions_cache = PartitionsCache()


def build_partitions(image: MetadataImage, topic: TopicImage, listener_name: str,
                     version: int) -> list[MetadataResponsePartition]:
    partitions = []
    for _, registration in sorted(topic.partitions.items()):
        view = listener_view.partition_view(image, registration, listener_name,
                                            error_unavailable_endpoints=version == 0,
                                            error_unavailable_listeners=version >= 6)
        partitions.append(MetadataResponsePartition(
            error_code=view.error_code, partition_index=view.partition_id, leader_id=view.leader_id,
            leader_epoch=view.leader_epoch, replica_nodes=view.replicas, isr_nodes=view.isr,
            offline_replicas=view.offline_replicas))
    return partitions


def topic_metadata(image: MetadataImage, topic: TopicImage, listener_name: str, version: int) -> MetadataResponseTopic:
    return MetadataResponseTopic(error_code=errors.NONE.code, name=topic.name, topic_id=topic.topic_id,
                                 is_internal=topic_names.is_internal(topic.name),
                                 partitions=_partitions_cache.get(image, topic, listener_name, version))


def missing_topic(name: str, error_code: int) -> MetadataResponseTopic:
    return MetadataResponseTopic(error_code=error_code, name=name, topic_id=ZERO_UUID,
                                 is_internal=topic_names.is_internal(name), partitions=[])


def _refused(image: MetadataImage, name: str, *, by_id: bool) -> MetadataResponseTopic:
    """A named topic the client may not describe: by id, the id (not secret) without the name; by name, the name
    without saying whether it exists."""
    if by_id:
        return MetadataResponseTopic(error_code=errors.TOPIC_AUTHORIZATION_FAILED.code, name=None,
                                     topic_id=image.topic(name).topic_id, is_internal=False, partitions=[])
    return MetadataResponseTopic(error_code=errors.TOPIC_AUTHORIZATION_FAILED.code, name=name, topic_id=ZERO_UUID,
                                 is_internal=False, partitions=[])


def missing_topic_error(name: str) -> int:
    if topic_names.invalid_topic_name_reason(name) is not None:
        return errors.INVALID_TOPIC_EXCEPTION.code
    return errors.UNKNOWN_TOPIC_OR_PARTITION.code


async def handle(ctx: RequestContext, request) -> MetadataResponse:
    version = ctx.api_version
    all_topics = is_all_topics(request, version)
    if not all_topics:
        rejection = request_error(request, version)
        if rejection is not None:
            return error_response(request, rejection)
    image = ctx.state.image

    unknown_ids: list[MetadataResponseTopic] = []
    topic_ids: list[uuid.UUID] = []
    if all_topics:
        names = sorted(image.topics_by_name)
    else:
        topic_ids = list(dict.fromkeys(t.topic_id for t in request.topics if t.topic_id != ZERO_UUID))
        if topic_ids:
            names = []
            for topic_id in topic_ids:
                topic = image.topic_by_id(topic_id)
                if topic is None:
                    unknown_ids.append(MetadataResponseTopic(error_code=errors.UNKNOWN_TOPIC_ID.code, name=None,
                                                             topic_id=topic_id, is_internal=False, partitions=[]))
                else:
                    names.append(topic.name)
        else:
            names = list(dict.fromkeys(t.name for t in request.topics))

    # Kafka hides topics the client may not DESCRIBE: left out of an all-topics answer, named ones refused.
    describable = authz.allowed_names(ctx, authz.DESCRIBE, authz.TOPIC, names, log_denied=not all_topics)
    refused = [name for name in names if name not in describable]
    names = [name for name in names if name in describable]
    found = [image.topic(name) for name in names]
    topics = [topic_metadata(image, topic, ctx.listener_name, version) for topic in found if topic is not None]
    missing = [name for name, topic in zip(names, found, strict=True) if topic is None]
    not_creatable: list[str] = []
    if missing:
        if ctx.config["auto.create.topics.enable"] and request.allow_auto_topic_creation:
            if not authz.cluster_allowed(ctx, authz.CREATE, log_denied=False):
                creatable = authz.allowed_names(ctx, authz.CREATE, authz.TOPIC, missing)
                not_creatable = [name for name in missing if name not in creatable]
                missing = [name for name in missing if name in creatable]
            answers = await auto_create_topics(ctx, missing) if missing else {}
            topics += [missing_topic(name, error_code) for name, error_code in answers.items()]
        else:
            topics += [missing_topic(name, missing_topic_error(name)) for name in missing]

    cluster_operations = acl_operations.OMITTED
    if version >= 8:
        if request.include_topic_authorized_operations:
            for topic in topics:
                topic.topic_authorized_operations = authz.operations(ctx, authz.TOPIC, topic.name)
        if version <= 10 and request.include_cluster_authorized_operations:
            cluster_operations = authz.operations(ctx, authz.CLUSTER, CLUSTER_NAME)
    topics += [missing_topic(name, errors.TOPIC_AUTHORIZATION_FAILED.code) for name in not_creatable]
    if not all_topics:
        topics += [_refused(image, name, by_id=bool(topic_ids)) for name in refused]

    return MetadataResponse(
        throttle_time_ms=0,
        brokers=[MetadataResponseBroker(node_id=node.node_id, host=node.host, port=node.port, rack=node.rack)
                 for node in listener_view.broker_nodes(image, ctx.listener_name)],
        cluster_id=ctx.state.metadata.cluster_id,
        controller_id=listener_view.controller_id(image),
        topics=unknown_ids + topics,
        cluster_authorized_operations=cluster_operations,
        error_code=errors.NONE.code)
