"""Produce (API key 0), v3-13; v0-2 are advertised as Kafka 4.x does (KAFKA-18659) and refused.

Each partition's records (exactly one v2 batch) are validated and appended by the partition's log; the answer
carries the assigned base offset, the log-append time, the log start offset, and on failure Kafka's error code,
its message and the per-record errors of KIP-467. acks must be -1, 0 or 1 (else INVALID_REQUIRED_ACKS for every
partition). With acks=-1 an ISR smaller than min.insync.replicas fails with NOT_ENOUGH_REPLICAS before anything is
written, and the answer waits (kbroker.partition.delayed_produce) until the high watermark passes the batch
(NOT_ENOUGH_REPLICAS_AFTER_APPEND if the ISR shrank below the minimum meanwhile) or `timeout_ms` passes
(REQUEST_TIMED_OUT); a single node is its own ISR, so it answers at once. A partition this node hosts but does
not lead, or one in the metadata that it does not host, answers NOT_LEADER_OR_FOLLOWER, with the current
leader and its endpoint from v10 (KIP-951); a partition not in the metadata UNKNOWN_TOPIC_OR_PARTITION. Clients may not append to internal topics
(INVALID_TOPIC_EXCEPTION) unless they are Kafka's admin client. acks=0 gets no answer, and any failed partition
closes the connection instead (so the producer notices and refreshes its metadata), as Kafka does. v13 names
topics by id only (UNKNOWN_TOPIC_ID when unknown).
Authorization (api/authz.py) as Kafka's: a request carrying a transactional batch needs WRITE on its transactional id (else every
partition TRANSACTIONAL_ID_AUTHORIZATION_FAILED); each topic needs WRITE (else TOPIC_AUTHORIZATION_FAILED, checked
before the topic's existence, so an unauthorized client cannot probe names).

A batch of APPEND_ALWAYS_IN_THREAD_BYTES or more, or while a response waits for its socket one of
APPEND_IN_THREAD_BYTES or more, is validated and written in a worker thread, so the event loop goes on serving
other connections (sending large fetch responses above all) while the kernel copies the batch into the page
cache.

Transactional batches are verified first (KIP-890 part 1, `transaction.partition.verification.enable`, on by
default): a producer with no open transaction on the partition must have added it to its transaction, else the
batch is refused (kbroker.txn.verification).
"""

from __future__ import annotations

import logging
import struct

import trio

from kbroker.api import authz
from kbroker.api.context import NO_RESPONSE, CloseConnection, RequestContext
from kbroker.api.leader_hints import LeaderHints
from kbroker.log.log import LogError
from kbroker.log.validator import RecordValidationError
from kbroker.metadata.topic_names import is_internal
from kbroker.partition.delayed_produce import wait_for_replication
from kbroker.protocol import errors
from kbroker.protocol.messages.produce_response import (
    BatchIndexAndErrorMessage,
    LeaderIdAndEpoch,
    NodeEndpoint,
    PartitionProduceResponse,
    ProduceResponse,
    TopicProduceResponse,
)
from kbroker.protocol.records import ATTRIBUTES_OFFSET, TRANSACTIONAL_FLAG_MASK
from kbroker.txn.verification import unverified_transaction

API_KEY = 0
MIN_VERSION = 0
MAX_VERSION = 13
# Versions below this are advertised (old librdkafka needs the overlap) but answered by closing the
# connection, as Kafka 4.x does.
FIRST_SERVED_VERSION = 3
TOPIC_ID_VERSION = 13
LEADER_HINT_VERSION = 10
ADMIN_CLIENT_ID = "__admin_client"

log = logging.getLogger(__name__)

_RECORDS_COUNT = struct.Struct(">i")
_ATTRIBUTES = struct.Struct(">h")
_RECORDS_COUNT_OFFSET = 57  # of the v2 batch header's record count
# Batches at least this large are validated and written in a worker thread (Partition.append_records_in_thread)
# while a response waits to be sent: the hand-off costs tens of microseconds, the kernel's copy of 64 KiB into
# the page cache about as much.
APPEND_IN_THREAD_BYTES = 64 * 1024
# Batches at least this large always are: copying 1 MiB into the page cache took 8-19 ms on the loop under
# write-back (docs/SCALING.md), every other connection's wait; the hand-off costs well under 1 % of that.
APPEND_ALWAYS_IN_THREAD_BYTES = 512 * 1024
# Errors Kafka's ReplicaManager.appendToLocalLog does not count as a failed produce (FailedProduceRequestsPerSec).
_EXPECTED_ERRORS = frozenset(e.code for e in (
    errors.NONE, errors.UNKNOWN_TOPIC_OR_PARTITION, errors.NOT_LEADER_OR_FOLLOWER, errors.MESSAGE_TOO_LARGE,
    errors.RECORD_LIST_TOO_LARGE, errors.CORRUPT_MESSAGE, errors.KAFKA_STORAGE_ERROR))


def _failed(index: int, code: int, message: str | None = None, record_errors=()) -> PartitionProduceResponse:
    return PartitionProduceResponse(
        index=index, error_code=code, base_offset=-1, log_append_time_ms=-1, log_start_offset=-1,
        record_errors=[BatchIndexAndErrorMessage(batch_index=e.batch_index, batch_index_error_message=e.message)
                       for e in record_errors],
        error_message=message)


async def _append(ctx: RequestContext, topic_name: str, partition_data, acks: int, transactional_id: str | None,
                  hints: LeaderHints) -> tuple[PartitionProduceResponse, int]:
    """The partition's answer and, for acks=-1, the offset the high watermark must reach (else -1)."""
    index = partition_data.index
    partition = ctx.state.partitions.get(topic_name, index)
    if partition is None or not partition.is_leader:
        if partition is None and ctx.state.image.partition(topic_name, index) is None:
            return _failed(index, errors.UNKNOWN_TOPIC_OR_PARTITION.code,
                           "This server does not host this topic-partition."), -1
        # Kafka's words: getPartitionOrException for a partition not hosted, appendRecordsToLeader on a follower
        answer = _failed(index, errors.NOT_LEADER_OR_FOLLOWER.code,
                         f"Error while fetching partition state for {topic_name}-{index}" if partition is None else
                         f"Leader not local for partition {topic_name}-{index} on broker {ctx.config.node_id}")
        if ctx.api_version >= LEADER_HINT_VERSION:
            leader, epoch = hints.current_leader(topic_name, index, partition)
            answer.current_leader = LeaderIdAndEpoch(leader_id=leader, leader_epoch=epoch)
        return answer, -1
    records = partition_data.records
    if records is None or len(records) == 0:
        return _failed(index, errors.INVALID_RECORD.code,
                       f"Produce request for {topic_name}-{index} has no record batch"), -1
    refused = await unverified_transaction(ctx, transactional_id, partition, records)
    if refused is not None:
        return _failed(index, *refused), -1
    if not partition.is_leader:  # leadership moved while another broker's coordinator was asked
        return _failed(index, errors.NOT_LEADER_OR_FOLLOWER.code,
                       f"Leader not local for partition {topic_name}-{index} on broker {ctx.config.node_id}"), -1
    try:
        if _append_in_thread(len(records)):
            result = await partition.append_records_in_thread(records, required_acks=acks,
                                                              produce_version=ctx.api_version)
        else:
            result = partition.append_records(records, required_acks=acks, produce_version=ctx.api_version)
    except RecordValidationError as exc:
        log.info("produce to %s-%d from client %r rejected: %s", topic_name, index, ctx.client_id, exc.message)
        return _failed(index, exc.error_code, exc.message, exc.record_errors), -1
    except LogError as exc:
        log.info("produce to %s-%d from client %r failed: %s", topic_name, index, ctx.client_id, exc)
        return _failed(index, exc.error_code, str(exc)), -1
    answer = PartitionProduceResponse(index=index, error_code=errors.NONE.code, base_offset=result.first_offset,
                                      log_append_time_ms=result.log_append_time,
                                      log_start_offset=result.log_start_offset)
    return answer, (result.last_offset + 1 if acks == -1 else -1)


def _append_in_thread(size: int) -> bool:
    return size >= APPEND_ALWAYS_IN_THREAD_BYTES or (
        size >= APPEND_IN_THREAD_BYTES and _responses_waiting_for_sockets())


def _responses_waiting_for_sockets() -> bool:
    """Whether some connection waits to send (a fetch response larger than its socket's buffer, typically): an
    append written on the event loop would hold it back for the whole copy, one in a worker thread lets it go on.
    With none waiting the append stays on the loop, which costs less CPU than the hand-off to a thread."""
    return trio.lowlevel.current_statistics().io_statistics.tasks_waiting_write > 0


def _count(ctx: RequestContext, topic_name: str, records, code: int) -> None:
    """BrokerTopicMetrics for one partition's append: its bytes and messages (from the batch header), or a
    failure Kafka counts."""
    if code == errors.NONE.code:
        messages = _RECORDS_COUNT.unpack_from(records, _RECORDS_COUNT_OFFSET)[0]
        ctx.state.topic_stats.produced(topic_name, len(records), messages)
    elif code not in _EXPECTED_ERRORS:
        ctx.state.topic_stats.produce_failed(topic_name)


async def _await_replication(ctx: RequestContext, topic_name: str, answer: PartitionProduceResponse,
                             required_offset: int, deadline: float, hints: LeaderHints) -> None:
    partition = ctx.state.partitions.get(topic_name, answer.index)
    parked = trio.current_time()
    code = await wait_for_replication(partition, required_offset, deadline)
    ctx.notes.remote_s += trio.current_time() - parked
    if code == errors.NONE.code:
        return
    answer.error_code = code
    answer.base_offset = answer.log_append_time_ms = answer.log_start_offset = -1
    if code == errors.NOT_LEADER_OR_FOLLOWER.code and ctx.api_version >= LEADER_HINT_VERSION:
        leader, epoch = hints.current_leader(topic_name, answer.index, partition)
        answer.current_leader = LeaderIdAndEpoch(leader_id=leader, leader_epoch=epoch)


def _resolve_topic(ctx: RequestContext, image, topic) -> tuple[str | None, int, str | None]:
    """(topic name, error code, message) for one topic of the request."""
    if ctx.api_version >= TOPIC_ID_VERSION:
        found = image.topic_by_id(topic.topic_id)
        if found is None:
            return None, errors.UNKNOWN_TOPIC_ID.code, None
        name = found.name
        if not authz.allowed(ctx, authz.WRITE, authz.TOPIC, name):
            return name, errors.TOPIC_AUTHORIZATION_FAILED.code, None
    else:
        name = topic.name
        if not authz.allowed(ctx, authz.WRITE, authz.TOPIC, name):
            return name, errors.TOPIC_AUTHORIZATION_FAILED.code, None
        if image.topic(name) is None:
            return name, errors.UNKNOWN_TOPIC_OR_PARTITION.code, None
    if is_internal(name) and ctx.client_id != ADMIN_CLIENT_ID:
        return name, errors.INVALID_TOPIC_EXCEPTION.code, f"Cannot append to internal topic {name}"
    return name, errors.NONE.code, None


def _has_transactional_records(request) -> bool:
    """Whether a partition's first batch is transactional (Kafka's RequestUtils.hasTransactionalRecords)."""
    for topic in request.topic_data:
        for p in topic.partition_data:
            records = p.records
            if records is not None and len(records) > ATTRIBUTES_OFFSET + 1 and \
                    _ATTRIBUTES.unpack_from(records, ATTRIBUTES_OFFSET)[0] & TRANSACTIONAL_FLAG_MASK:
                return True
    return False


async def handle(ctx: RequestContext, request) -> ProduceResponse:
    if ctx.api_version < FIRST_SERVED_VERSION:
        raise CloseConnection(f"Produce v{ctx.api_version} is no longer supported (Kafka 4 serves v3 and up)")
    acks = request.acks
    image = ctx.state.image
    hints = LeaderHints(image, ctx.listener_name)
    deadline = trio.current_time() + max(request.timeout_ms, 0) / 1000
    responses = []
    waiting = []
    # Kafka's KafkaApis: a transactional produce needs WRITE on its transactional id, or the whole request fails.
    txn_refused = _has_transactional_records(request) and (request.transactional_id is None or not authz.allowed(
        ctx, authz.WRITE, authz.TRANSACTIONAL_ID, request.transactional_id))
    for topic in request.topic_data:
        if acks not in (-1, 0, 1):
            name, code, message = topic.name, errors.INVALID_REQUIRED_ACKS.code, None
        elif txn_refused:
            name, code, message = topic.name, errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code, None
        else:
            name, code, message = _resolve_topic(ctx, image, topic)
        if code != errors.NONE.code:
            partitions = [_failed(p.index, code, message) for p in topic.partition_data]
            if code == errors.INVALID_TOPIC_EXCEPTION.code:
                for _ in partitions:
                    ctx.state.topic_stats.produce_failed(name)
        else:
            partitions = []
            for p in topic.partition_data:
                answer, required_offset = await _append(ctx, name, p, acks, request.transactional_id, hints)
                _count(ctx, name, p.records, answer.error_code)
                partitions.append(answer)
                if required_offset >= 0:
                    waiting.append((name, answer, required_offset))
        responses.append(TopicProduceResponse(name=topic.name, topic_id=topic.topic_id,
                                              partition_responses=partitions))
    for name, answer, required_offset in waiting:
        await _await_replication(ctx, name, answer, required_offset, deadline, hints)
    if acks == 0:
        if any(p.error_code != errors.NONE.code for t in responses for p in t.partition_responses):
            raise CloseConnection("an acks=0 produce failed on at least one partition; closing the connection "
                                  "so the producer refreshes its metadata")
        return NO_RESPONSE
    node_endpoints = hints.endpoints(NodeEndpoint) if ctx.api_version >= LEADER_HINT_VERSION else []
    return ProduceResponse(responses=responses, throttle_time_ms=0, node_endpoints=node_endpoints)
