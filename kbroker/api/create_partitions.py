"""CreatePartitions (key 37), v0-v3: add partitions to existing topics (or only validate the change).

Mirrors Kafka 4.3's ControllerApis.createPartitions + ReplicationControlManager.createPartitions (implemented
by kbroker.metadata.controller):
- TimeoutMs <= 0: the controller deadline has passed; every topic REQUEST_TIMED_OUT, nothing changed.
- A topic named more than once: one INVALID_REQUEST "Duplicate topic name." result, listed first.
- Unknown topic: UNKNOWN_TOPIC_OR_PARTITION with no message. A count that is not an increase:
  INVALID_PARTITIONS ("Topic already has N partition(s)." / "The topic T currently has N partition(s); M would
  not be an increase."). Manual assignments: one per new partition, with the topic's replication factor and
  registered brokers, else INVALID_REPLICA_ASSIGNMENT with Kafka's message.
- `validate_only` runs the checks and changes nothing.
"""

from __future__ import annotations

from kbroker.api import authz, mutation_quota
from kbroker.api.context import RequestContext
from kbroker.protocol import errors
from kbroker.protocol.messages.create_partitions_response import (
    CreatePartitionsResponse,
    CreatePartitionsTopicResult,
)

API_KEY = 37
MIN_VERSION = 0
MAX_VERSION = 3


def _result(name: str, code: int, message: str | None) -> CreatePartitionsTopicResult:
    return CreatePartitionsTopicResult(name=name, error_code=code, error_message=message)


def failing(request, code: int, message: str | None = None) -> CreatePartitionsResponse:
    """Every topic failing with `code` (Kafka's CreatePartitionsRequest.getErrorResponse)."""
    return CreatePartitionsResponse(throttle_time_ms=0, results=[
        _result(topic.name, code, message) for topic in request.topics])


async def handle(ctx: RequestContext, request) -> CreatePartitionsResponse:
    return await create_partitions(ctx, request, ctx.state.metadata.controller, ctx.state.run_controller)


async def create_partitions(ctx: RequestContext, request, controller, run) -> CreatePartitionsResponse:
    """The response to `request`, its partitions added by `run(controller.create_partitions, ...)`."""
    if request.timeout_ms <= 0:
        return failing(request, errors.REQUEST_TIMED_OUT.code)
    counts: dict[str, int] = {}
    for topic in request.topics:
        counts[topic.name] = counts.get(topic.name, 0) + 1
    results = [_result(name, errors.INVALID_REQUEST.code, "Duplicate topic name.")
               for name, count in counts.items() if count > 1]
    unique = [topic for topic in request.topics if counts[topic.name] == 1]
    alterable = authz.allowed_names(ctx, authz.ALTER, authz.TOPIC, [t.name for t in unique])
    results += [_result(t.name, errors.TOPIC_AUTHORIZATION_FAILED.code, errors.TOPIC_AUTHORIZATION_FAILED.message)
                for t in unique if t.name not in alterable]
    unique = [topic for topic in unique if topic.name in alterable]
    quota = mutation_quota.for_request(ctx)
    if unique:
        outcomes = await run(controller.create_partitions, unique, validate_only=request.validate_only,
                             quota=quota.record)
        results += [_result(name, error.code, error.message) for name, error in outcomes]
    return CreatePartitionsResponse(throttle_time_ms=quota.throttle_time_ms(), results=results)
