"""Produce (API key 0), v3-13; v0-2 are advertised as Kafka 4.x does (KAFKA-18659) and refused.

Each partition's records (exactly one v2 batch) are validated and appended by the partition's log; the answer
carries the assigned base offset, the log-append time, the log start offset, and on failure Kafka's error code,
its message and the per-record errors of KIP-467. acks must be -1, 0 or 1 (else INVALID_REQUIRED_ACKS for every
partition); with acks=-1 the single node is the whole ISR, so min.insync.replicas > 1 fails with
NOT_ENOUGH_REPLICAS before anything is written. Clients may not append to internal topics
(INVALID_TOPIC_EXCEPTION) unless they are Kafka's admin client. acks=0 gets no answer, and any failed partition
closes the connection instead (so the producer notices and refreshes its metadata), as Kafka does. v13 names
topics by id only (UNKNOWN_TOPIC_ID when unknown).

Transactional batches are verified first (KIP-890 part 1, `transaction.partition.verification.enable`, on by
default): a producer with no open transaction on the partition must have added it to its transaction, else the
batch is refused (kbroker.txn.verification).
"""

from __future__ import annotations

import logging

from kbroker.api.context import NO_RESPONSE, CloseConnection, RequestContext
from kbroker.log.log import LogError
from kbroker.log.validator import RecordValidationError
from kbroker.metadata.topic_names import is_internal
from kbroker.protocol import errors
from kbroker.protocol.messages.produce_response import (
    BatchIndexAndErrorMessage,
    PartitionProduceResponse,
    ProduceResponse,
    TopicProduceResponse,
)
from kbroker.txn.verification import unverified_transaction

API_KEY = 0
MIN_VERSION = 0
MAX_VERSION = 13
# Versions below this are advertised (old librdkafka needs the overlap) but answered by closing the
# connection, as Kafka 4.x does.
FIRST_SERVED_VERSION = 3
TOPIC_ID_VERSION = 13
ADMIN_CLIENT_ID = "__admin_client"

log = logging.getLogger(__name__)


def _failed(index: int, code: int, message: str | None = None, record_errors=()) -> PartitionProduceResponse:
    return PartitionProduceResponse(
        index=index, error_code=code, base_offset=-1, log_append_time_ms=-1, log_start_offset=-1,
        record_errors=[BatchIndexAndErrorMessage(batch_index=e.batch_index, batch_index_error_message=e.message)
                       for e in record_errors],
        error_message=message)


def _append(ctx: RequestContext, topic_name: str, partition_data, acks: int,
            transactional_id: str | None) -> PartitionProduceResponse:
    index = partition_data.index
    partition = ctx.state.partitions.get(topic_name, index)
    if partition is None:
        return _failed(index, errors.UNKNOWN_TOPIC_OR_PARTITION.code,
                       "This server does not host this topic-partition.")
    records = partition_data.records
    if records is None or len(records) == 0:
        return _failed(index, errors.INVALID_RECORD.code,
                       f"Produce request for {topic_name}-{index} has no record batch")
    refused = unverified_transaction(ctx, transactional_id, partition, records)
    if refused is not None:
        return _failed(index, *refused)
    try:
        result = partition.append_records(records, required_acks=acks, produce_version=ctx.api_version)
    except RecordValidationError as exc:
        log.info("produce to %s-%d from client %r rejected: %s", topic_name, index, ctx.client_id, exc.message)
        return _failed(index, exc.error_code, exc.message, exc.record_errors)
    except LogError as exc:
        log.info("produce to %s-%d from client %r failed: %s", topic_name, index, ctx.client_id, exc)
        return _failed(index, exc.error_code, str(exc))
    return PartitionProduceResponse(index=index, error_code=errors.NONE.code, base_offset=result.first_offset,
                                    log_append_time_ms=result.log_append_time,
                                    log_start_offset=result.log_start_offset)


def _resolve_topic(ctx: RequestContext, image, topic) -> tuple[str | None, int, str | None]:
    """(topic name, error code, message) for one topic of the request."""
    if ctx.api_version >= TOPIC_ID_VERSION:
        found = image.topic_by_id(topic.topic_id)
        if found is None:
            return None, errors.UNKNOWN_TOPIC_ID.code, None
        name = found.name
    else:
        name = topic.name
        if image.topic(name) is None:
            return name, errors.UNKNOWN_TOPIC_OR_PARTITION.code, None
    if is_internal(name) and ctx.client_id != ADMIN_CLIENT_ID:
        return name, errors.INVALID_TOPIC_EXCEPTION.code, f"Cannot append to internal topic {name}"
    return name, errors.NONE.code, None


async def handle(ctx: RequestContext, request) -> ProduceResponse:
    if ctx.api_version < FIRST_SERVED_VERSION:
        raise CloseConnection(f"Produce v{ctx.api_version} is no longer supported (Kafka 4 serves v3 and up)")
    acks = request.acks
    image = ctx.state.image
    responses = []
    any_failed = False
    for topic in request.topic_data:
        if acks not in (-1, 0, 1):
            name, code, message = topic.name, errors.INVALID_REQUIRED_ACKS.code, None
        else:
            name, code, message = _resolve_topic(ctx, image, topic)
        if code != errors.NONE.code:
            partitions = [_failed(p.index, code, message) for p in topic.partition_data]
        else:
            partitions = [_append(ctx, name, p, acks, request.transactional_id) for p in topic.partition_data]
        any_failed = any_failed or any(p.error_code != errors.NONE.code for p in partitions)
        responses.append(TopicProduceResponse(name=topic.name, topic_id=topic.topic_id,
                                              partition_responses=partitions))
    if acks == 0:
        if any_failed:
            raise CloseConnection("an acks=0 produce failed on at least one partition; closing the connection "
                                  "so the producer refreshes its metadata")
        return NO_RESPONSE
    return ProduceResponse(responses=responses, throttle_time_ms=0)
