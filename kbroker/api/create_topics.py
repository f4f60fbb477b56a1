"""CreateTopics (key 19), v2-v7: create topics (or only validate them) through the controller.

Mirrors Kafka 4.3, where a broker forwards CreateTopics to the controller (ControllerApis.createTopics +
ReplicationControlManager.createTopics, implemented by kbroker.metadata.controller):
- A name given more than once gets one INVALID_REQUEST "Duplicate topic name." result and is not created;
  `__cluster_metadata` gets INVALID_REQUEST "Creation of internal topic __cluster_metadata is prohibited.".
  Those results follow the controller's, which come in request order.
- The controller checks names, existence (TOPIC_ALREADY_EXISTS), partition count and replication factor
  (-1 = num.partitions / default.replication.factor; INVALID_PARTITIONS / INVALID_REPLICATION_FACTOR), manual
  assignments (INVALID_REQUEST / INVALID_REPLICA_ASSIGNMENT) and configs (INVALID_CONFIG), each with Kafka's
  message. `validate_only` runs every check and creates nothing.
- A successful result carries, from v5, the partition count, replication factor and every topic config with
  its source (kbroker.metadata.topic_config_view), and from v7 the topic id (a fresh one even when only
  validating, as Kafka does). Failed results carry -1, -1 and no configs.
- TimeoutMs <= 0 means the controller's deadline has passed before it starts: every topic REQUEST_TIMED_OUT,
  nothing created. Positive timeouts never expire: a single node's controller answers at once.
- Authorization: CREATE on the cluster or on each topic (else TOPIC_AUTHORIZATION_FAILED "Authorization
  failed."); a created topic's configs are left out with TopicConfigErrorCode TOPIC_AUTHORIZATION_FAILED without
  DESCRIBE_CONFIGS. No controller mutation quota.
"""

from __future__ import annotations

import uuid

from kbroker.api import authz, mutation_quota
from kbroker.api.auto_create import CLUSTER_METADATA_TOPIC
from kbroker.api.context import RequestContext
from kbroker.metadata.topic_config_view import effective_topic_configs
from kbroker.protocol import errors
from kbroker.protocol.messages.create_topics_response import (
    CreatableTopicConfigs,
    CreatableTopicResult,
    CreateTopicsResponse,
)

API_KEY = 19
MIN_VERSION = 2
MAX_VERSION = 7

ZERO_UUID = uuid.UUID(int=0)


def _failure(name: str, code: int, message: str | None) -> CreatableTopicResult:
    return CreatableTopicResult(name=name, error_code=code, error_message=message, num_partitions=-1,
                                replication_factor=-1, configs=[])


def failing(request, code: int, message: str | None = None) -> CreateTopicsResponse:
    """Every topic failing with `code` (Kafka's CreateTopicsRequest.getErrorResponse)."""
    return CreateTopicsResponse(throttle_time_ms=0, topics=[
        _failure(topic.name, code, message) for topic in request.topics])


def _success(ctx: RequestContext, image, topic, result) -> CreatableTopicResult:
    overrides = {config.name: config.value for config in topic.configs}
    configs = [CreatableTopicConfigs(name=entry.name, value=entry.value, read_only=entry.read_only,
                                     config_source=entry.source, is_sensitive=entry.sensitive)
               for entry in effective_topic_configs(ctx.config, image, overrides)]
    return CreatableTopicResult(name=result.name, topic_id=result.topic_id, error_code=errors.NONE.code,
                                error_message=None, num_partitions=result.num_partitions,
                                replication_factor=result.replication_factor, configs=configs)


async def handle(ctx: RequestContext, request) -> CreateTopicsResponse:
    return await create_topics(ctx, request, ctx.state.metadata.controller, ctx.state.run_controller)


async def create_topics(ctx: RequestContext, request, controller, run) -> CreateTopicsResponse:
    """The response to `request`, its topics created by `run(controller.create_topics, ...)` (the broker's
    run_controller, or the active controller's run on the controller listener)."""
    if request.timeout_ms <= 0:
        return failing(request, errors.REQUEST_TIMED_OUT.code)
    counts: dict[str, int] = {}
    for topic in request.topics:
        counts[topic.name] = counts.get(topic.name, 0) + 1
    to_create = [t for t in request.topics if counts[t.name] == 1 and t.name != CLUSTER_METADATA_TOPIC]
    # Kafka's ControllerApis.createTopics: CREATE on the cluster, else on each topic.
    results: list[CreatableTopicResult] = []
    if not authz.cluster_allowed(ctx, authz.CREATE, log_denied=False):
        creatable = authz.allowed_names(ctx, authz.CREATE, authz.TOPIC, [t.name for t in to_create])
        results += [_failure(t.name, errors.TOPIC_AUTHORIZATION_FAILED.code, "Authorization failed.")
                    for t in to_create if t.name not in creatable]
        to_create = [t for t in to_create if t.name in creatable]
    quota = mutation_quota.for_request(ctx)
    if to_create:
        outcomes = await run(controller.create_topics, to_create, validate_only=request.validate_only,
                             quota=quota.record)
        for topic, outcome in zip(to_create, outcomes, strict=True):
            if outcome.error.is_failure:
                results.append(_failure(outcome.name, outcome.error.code, outcome.error.message))
            else:
                results.append(_success(ctx, controller.image, topic, outcome))
                if not authz.allowed(ctx, authz.DESCRIBE_CONFIGS, authz.TOPIC, topic.name, log_denied=False):
                    results[-1].configs = []
                    results[-1].topic_config_error_code = errors.TOPIC_AUTHORIZATION_FAILED.code
    results += [_failure(name, errors.INVALID_REQUEST.code, "Duplicate topic name.")
                for name, count in counts.items() if count > 1]
    if counts.get(CLUSTER_METADATA_TOPIC) == 1:
        results.append(_failure(CLUSTER_METADATA_TOPIC, errors.INVALID_REQUEST.code,
                                f"Creation of internal topic {CLUSTER_METADATA_TOPIC} is prohibited."))
    return CreateTopicsResponse(throttle_time_ms=quota.throttle_time_ms(), topics=results)
