"""DeleteTopics (key 20), v1-v6: delete topics by name, or (v6+) by topic id.

Mirrors Kafka 4.3's ControllerApis.deleteTopics (a broker forwards the request to the controller):
- delete.topic.enable=false: every topic gets TOPIC_DELETION_DISABLED (INVALID_REQUEST below v3).
- TimeoutMs <= 0: the controller deadline has passed; every topic REQUEST_TIMED_OUT, nothing deleted.
- v6 entries: neither name nor id -> INVALID_REQUEST "Neither topic name nor id were specified."; both ->
  INVALID_REQUEST "You may not specify both topic name and topic id.". A name or id given twice -> one
  INVALID_REQUEST "Duplicate topic name." / "Duplicate topic id."; a name that maps to an id also given ->
  INVALID_REQUEST "The provided topic name maps to an ID that was already supplied." and that topic is kept.
- Unknown name: UNKNOWN_TOPIC_OR_PARTITION; unknown id: UNKNOWN_TOPIC_ID (default messages).
- A deleted topic's result carries both its name and its id (v6). Kafka shuffles the results so their
  positions reveal nothing; kbroker returns them in request order (a topic the client may not DELETE
  answers TOPIC_AUTHORIZATION_FAILED before any lookup).
- The group coordinator then removes the offsets groups committed for the deleted topics (Kafka's
  GroupCoordinator.onPartitionsDeleted).
"""

from __future__ import annotations

import uuid

from kbroker.api import authz, mutation_quota
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of as group_coordinator_of
from kbroker.protocol import errors
from kbroker.protocol.messages.delete_topics_response import DeletableTopicResult, DeleteTopicsResponse

API_KEY = 20
MIN_VERSION = 1
MAX_VERSION = 6

ZERO_UUID = uuid.UUID(int=0)


def _requested(request, version: int) -> list[tuple[str | None, uuid.UUID]]:
    if version >= 6:
        return [(topic.name, topic.topic_id) for topic in request.topics]
    return [(name, ZERO_UUID) for name in request.topic_names]


def _result(name: str | None, topic_id: uuid.UUID, code: int, message: str | None) -> DeletableTopicResult:
    return DeletableTopicResult(name=name, topic_id=topic_id, error_code=code, error_message=message)


def _failing_every_topic(requested, code: int) -> DeleteTopicsResponse:
    return DeleteTopicsResponse(throttle_time_ms=0, responses=[
        _result(name, topic_id, code, None) for name, topic_id in requested])


def failing(request, version: int, code: int) -> DeleteTopicsResponse:
    """Every topic failing with `code` (Kafka's DeleteTopicsRequest.getErrorResponse)."""
    return _failing_every_topic(_requested(request, version), code)


async def handle(ctx: RequestContext, request) -> DeleteTopicsResponse:
    response, deleted = await delete_topics(ctx, request, ctx.state.metadata.controller, ctx.state.run_controller)
    if deleted:
        # Kafka's broker tells its group coordinator (onPartitionsDeleted): committed offsets of the topics go.
        group_coordinator_of(ctx.state).on_topics_deleted(deleted)
    return response


async def delete_topics(ctx: RequestContext, request, controller, run) -> tuple[DeleteTopicsResponse, set[str]]:
    """The response to `request` and the names of the topics it deleted, through `run(controller.delete_topics,
    ...)`."""
    version = ctx.api_version
    requested = _requested(request, version)
    if not ctx.config["delete.topic.enable"]:
        code = errors.TOPIC_DELETION_DISABLED.code if version >= 3 else errors.INVALID_REQUEST.code
        return _failing_every_topic(requested, code), set()
    if request.timeout_ms <= 0:
        return _failing_every_topic(requested, errors.REQUEST_TIMED_OUT.code), set()

    results: list[DeletableTopicResult] = []
    name_counts: dict[str, int] = {}
    id_counts: dict[uuid.UUID, int] = {}
    for name, topic_id in requested:
        if name is None and topic_id == ZERO_UUID:
            results.append(_result(None, ZERO_UUID, errors.INVALID_REQUEST.code,
                                   "Neither topic name nor id were specified."))
        elif name is None:
            id_counts[topic_id] = id_counts.get(topic_id, 0) + 1
        elif topic_id == ZERO_UUID:
            name_counts[name] = name_counts.get(name, 0) + 1
        else:
            results.append(_result(name, topic_id, errors.INVALID_REQUEST.code,
                                   "You may not specify both topic name and topic id."))
    results += [_result(name, ZERO_UUID, errors.INVALID_REQUEST.code, "Duplicate topic name.")
                for name, count in name_counts.items() if count > 1]
    results += [_result(None, topic_id, errors.INVALID_REQUEST.code, "Duplicate topic id.")
                for topic_id, count in id_counts.items() if count > 1]

    # Names resolve to ids here; the controller deletes by id.
    image = controller.image
    names_by_id: dict[uuid.UUID, str | None] = {t: None for t, count in id_counts.items() if count == 1}
    rejected_ids = {t for t, count in id_counts.items() if count > 1}
    unique_names = [n for n, count in name_counts.items() if count == 1]
    deletable = authz.allowed_names(ctx, authz.DELETE, authz.TOPIC, unique_names)
    for name in unique_names:
        topic = image.topic(name)
        if name not in deletable:  # Kafka refuses before looking the topic up
            results.append(_result(name, ZERO_UUID, errors.TOPIC_AUTHORIZATION_FAILED.code,
                                   errors.TOPIC_AUTHORIZATION_FAILED.message))
        elif topic is None:
            results.append(_result(name, ZERO_UUID, errors.UNKNOWN_TOPIC_OR_PARTITION.code,
                                   errors.UNKNOWN_TOPIC_OR_PARTITION.message))
        elif topic.topic_id in rejected_ids or topic.topic_id in names_by_id:
            rejected_ids.add(topic.topic_id)
            names_by_id.pop(topic.topic_id, None)
            results.append(_result(name, topic.topic_id, errors.INVALID_REQUEST.code,
                                   "The provided topic name maps to an ID that was already supplied."))
        else:
            names_by_id[topic.topic_id] = name

    for topic_id in [t for t, name in names_by_id.items() if name is None]:
        topic = image.topic_by_id(topic_id)
        if topic is not None and not authz.allowed(ctx, authz.DELETE, authz.TOPIC, topic.name):
            del names_by_id[topic_id]
            results.append(_result(None, topic_id, errors.TOPIC_AUTHORIZATION_FAILED.code,
                                   errors.TOPIC_AUTHORIZATION_FAILED.message))
    deleted: set[str] = set()
    quota = mutation_quota.for_request(ctx)
    if names_by_id:
        outcomes = await run(controller.delete_topics, topic_ids=list(names_by_id), quota=quota.record)
        for outcome in outcomes:
            requested_name = names_by_id[outcome.topic_id]
            if requested_name is not None and outcome.error.code == errors.UNKNOWN_TOPIC_ID.code:
                # Deleted by someone else since the name was resolved: answer for the name.
                results.append(_result(requested_name, ZERO_UUID, errors.UNKNOWN_TOPIC_OR_PARTITION.code,
                                       errors.UNKNOWN_TOPIC_OR_PARTITION.message))
                continue
            name = outcome.name if outcome.name is not None else requested_name
            results.append(_result(name, outcome.topic_id, outcome.error.code, outcome.error.message))
        deleted = {outcome.name for outcome in outcomes
                   if outcome.error.code == errors.NONE.code and outcome.name is not None}
    return DeleteTopicsResponse(throttle_time_ms=quota.throttle_time_ms(), responses=results), deleted
