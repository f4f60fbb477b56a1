"""ShareFetch (API key 78), v1-2: a share group member acknowledges and acquires records (KIP-932; Kafka's
KafkaApis.handleShareFetchRequest and SharePartitionManager).

The share session (kbroker.share.sessions) says which partitions the member fetches: epoch 0 opens one with the
request's partitions (acknowledgements at epoch 0 are INVALID_REQUEST), a later epoch adds the request's
partitions and removes ForgottenTopicsData, -1 acknowledges, closes the session and releases what the member
still holds there (and fetches nothing). The acknowledgement batches of each partition are applied first
(AcknowledgeErrorCode per partition: INVALID_RECORD_STATE for a record the member does not hold), then records
are acquired from every partition of the session, at most MaxRecords in all, each record under an acquisition
lock of group.share.record.lock.duration.ms (AcquisitionLockTimeoutMs): the answer carries the log's batches
(as file regions, never copied) and the acquired offset ranges with their delivery counts; the client keeps only
the acquired records.

Long poll: with nothing acquired, the request waits for MaxWaitMs at most, waking when a partition's high
watermark moves, records are released or acknowledged, or an acquisition lock expires.

Errors: top level GROUP_AUTHORIZATION_FAILED (READ on the group), INVALID_REQUEST, SHARE_SESSION_NOT_FOUND,
INVALID_SHARE_SESSION_EPOCH, SHARE_SESSION_LIMIT_REACHED; per partition TOPIC_AUTHORIZATION_FAILED, UNKNOWN_TOPIC_ID,
UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER (with the current leader and its endpoint),
COORDINATOR_NOT_AVAILABLE / NOT_COORDINATOR when the share state cannot be read or written here. A group with
share.isolation.level=read_committed reads up to the last stable offset, and the batches of aborted transactions
and the transaction markers are archived, never acquired (kbroker.share.committed_read). Gap: the
acquire mode (v2 ShareAcquireMode) is always batch-optimized within MaxRecords.
"""

from __future__ import annotations

import logging
import os
import struct

import trio

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.api.leader_hints import LeaderHints
from kbroker.api.share_requests import (
    acknowledge,
    ensure_state_topic,
    first_invalid_batches,
    readable_topics,
    resolve,
    share_coordinator_of,
    unreadable_names,
)
from kbroker.log.log import LogError
from kbroker.protocol import errors, wire
from kbroker.protocol.messages.share_fetch_response import (
    AcquiredRecords,
    LeaderIdAndEpoch,
    NodeEndpoint,
    PartitionData,
    ShareFetchableTopicResponse,
    ShareFetchResponse,
)
from kbroker.share import committed_read
from kbroker.share.sessions import FINAL_EPOCH, INITIAL_EPOCH, ShareSessionError
from kbroker.share.state_store import NotShareCoordinator

API_KEY = 78
MIN_VERSION = 1
MAX_VERSION = 2

log = logging.getLogger(__name__)

# RecordBatch header: baseOffset int64, batchLength int32, ... lastOffsetDelta int32 at byte 23.
_HEADER = struct.Struct(">qi")
_LAST_DELTA = struct.Struct(">i")
_HEADER_PREFIX = 27
_LOG_OVERHEAD = 12


def _error(code: int, message: str | None = None) -> ShareFetchResponse:
    return ShareFetchResponse(throttle_time_ms=0, error_code=code, error_message=message,
                              acquisition_lock_timeout_ms=0, responses=[], node_endpoints=[])


def _batch_span(region: wire.FileRegion) -> tuple[wire.FileRegion, int, int] | None:
    """(the region cut to whole batches, first base offset, last offset) of a log read, None if empty."""
    position, end = region.position, region.position + region.length
    first = last = None
    while end - position >= _HEADER_PREFIX:
        header = os.pread(region.fd, _HEADER_PREFIX, position)
        if len(header) < _HEADER_PREFIX:
            break
        base, length = _HEADER.unpack_from(header, 0)
        size = _LOG_OVERHEAD + length
        if position + size > end:
            break
        if first is None:
            first = base
        last = base + _LAST_DELTA.unpack_from(header, 23)[0]
        position += size
    if first is None:
        return None
    return wire.FileRegion(region.fd, region.position, position - region.position), first, last


async def handle(ctx: RequestContext, request) -> ShareFetchResponse:
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id or ""):
        return _error(errors.GROUP_AUTHORIZATION_FAILED.code)
    if not request.group_id or not request.member_id:
        return _error(errors.INVALID_REQUEST.code, "GroupId and MemberId must be set")
    coordinator = share_coordinator_of(ctx)
    epoch = request.share_session_epoch
    has_acks = any(p.acknowledgement_batches for t in request.topics for p in t.partitions)
    if epoch == INITIAL_EPOCH and has_acks:
        return _error(errors.INVALID_REQUEST.code, "Acknowledge data present on initial epoch")
    if epoch == FINAL_EPOCH and any(p for t in request.topics for p in t.partitions if not p.acknowledgement_batches):
        return _error(errors.INVALID_REQUEST.code, "Fetch data present on final epoch")
    problem = first_invalid_batches(request, request.is_renew_ack)
    if problem is not None:
        return _error(errors.INVALID_REQUEST.code, problem)
    try:
        if epoch == INITIAL_EPOCH:
            session, previous = coordinator.sessions.open(request.group_id, request.member_id)
            if previous is not None:
                coordinator.release(request.group_id, request.member_id, set(_keys(request.group_id, previous)))
        else:
            session = coordinator.sessions.current(request.group_id, request.member_id, epoch)
    except ShareSessionError as exc:
        return _error(exc.code, exc.message)
    await ensure_state_topic(ctx)
    group_id, member_id = request.group_id, request.member_id
    requested = [(t.topic_id, p.partition_index, p) for t in request.topics for p in t.partitions]
    names = readable_topics(ctx, {topic_id for topic_id, _, _ in requested} |
                            {topic_id for topic_id, _ in session.partitions})
    unreadable = unreadable_names(ctx, names.values())
    hints = LeaderHints(ctx.state.image, ctx.listener_name)
    answers: dict[tuple, PartitionData] = {}
    acked: set[tuple] = set()

    # Acknowledgements first, on the partitions that carry them.
    coordinator.expire_locks()
    for topic_id, index, p in requested:
        hosted, code = resolve(ctx, topic_id, names.get(topic_id), index, unreadable)
        answer = _answer(index, hosted, names.get(topic_id), hints)
        answers[(topic_id, index)] = answer
        if code != errors.NONE.code:
            answer.error_code = code
            continue
        if p.acknowledgement_batches:
            acked.add((topic_id, index))
            try:
                sp = await coordinator.share_partition(group_id, hosted)
            except NotShareCoordinator:
                answer.acknowledge_error_code = errors.COORDINATOR_NOT_AVAILABLE.code
                continue
            ack_code, message = acknowledge(coordinator, (group_id, topic_id, index), sp, member_id,
                                            p.acknowledgement_batches)
            answer.acknowledge_error_code, answer.acknowledge_error_message = ack_code, message

    if epoch == FINAL_EPOCH:
        coordinator.sessions.close(group_id, member_id)
        coordinator.release(group_id, member_id, set(_keys(group_id, session)))
        return await _respond(ctx, coordinator, answers, hints, group_id)

    if epoch != INITIAL_EPOCH:
        session.advance()
    for topic_id, index, _ in requested:
        session.partitions[(topic_id, index)] = None
    for forgotten in request.forgotten_topics_data:
        for index in forgotten.partitions:
            session.partitions.pop((forgotten.topic_id, index), None)

    deadline = trio.current_time() + max(0, request.max_wait_ms) / 1000
    max_records = request.max_records if request.max_records > 0 else 500
    while True:
        acquired_any, archived_any = await _acquire_all(
            ctx, coordinator, session, names, unreadable, answers, hints, max_records, request.max_bytes,
            full=epoch == INITIAL_EPOCH, acked=acked)
        if acquired_any or trio.current_time() >= deadline or any(a.error_code for a in answers.values()):
            break
        if archived_any:
            continue
        await _wait(ctx, coordinator, session, names, deadline)
    return await _respond(ctx, coordinator, answers, hints, group_id)


def _keys(group_id: str, session) -> list[tuple]:
    return [(group_id, topic_id, index) for topic_id, index in session.partitions]


def _answer(index: int, hosted, name: str | None, hints: LeaderHints) -> PartitionData:
    leader, leader_epoch = hints.current_leader(name, index, hosted)
    return PartitionData(partition_index=index, error_code=0, error_message=None, acknowledge_error_code=0,
                         acknowledge_error_message=None,
                         current_leader=LeaderIdAndEpoch(leader_id=leader, leader_epoch=leader_epoch),
                         records=b"", acquired_records=[])


async def _acquire_all(ctx, coordinator, session, names, unreadable, answers, hints, max_records: int,
                       max_bytes: int, *, full: bool, acked: set[tuple]) -> tuple[bool, bool]:
    """One pass over the session's partitions: (whether anything was acquired (answers filled in), whether
    records were archived unread, so that another pass may find more)."""
    remaining_records = max_records
    remaining_bytes = max_bytes
    acquired_any = archived_any = False
    coordinator.expire_locks()
    for topic_id, index in list(session.partitions):
        key = (topic_id, index)
        name = names.get(topic_id)
        hosted, code = resolve(ctx, topic_id, name, index, unreadable)
        answer = answers.get(key)
        if answer is None:
            answer = answers[key] = _answer(index, hosted, name, hints)
        if code != errors.NONE.code:
            answer.error_code = code
            continue
        answer.records, answer.acquired_records = b"", []
        if remaining_records <= 0 or remaining_bytes <= 0:
            continue
        try:
            sp = await coordinator.share_partition(session.group_id, hosted)
        except NotShareCoordinator:
            answer.error_code = errors.COORDINATOR_NOT_AVAILABLE.code
            continue
        start = sp.fetch_offset()
        read_committed = coordinator.read_committed(session.group_id)
        high_watermark = hosted.log.last_stable_offset(hosted.high_watermark) if read_committed \
            else hosted.high_watermark
        if start >= high_watermark:
            continue
        try:
            read = hosted.log.read(start, remaining_bytes, max_offset=high_watermark, min_one_message=True)
        except LogError as exc:
            log.debug("share fetch of %s-%d at %d: %s", name, index, start, exc)
            if exc.error_code == errors.OFFSET_OUT_OF_RANGE.code:
                sp.advance_to_log_start(hosted.log_start_offset)
                coordinator.mark_changed((session.group_id, topic_id, index))
                continue
            answer.error_code = exc.error_code
            continue
        if not read.regions:
            continue
        span = _batch_span(wire.FileRegion(read.regions[0].fd, read.regions[0].position, read.regions[0].length))
        if span is None:
            continue
        region, _, last = span
        aborted = committed_read.unreadable_ranges(
            committed_read.batch_headers(region.fd, region.position, region.length),
            hosted.log.collect_aborted_transactions(start, high_watermark)) if read_committed else ()
        archived_before = sp.archived_unread
        ranges = sp.acquire(session.member_id, start, min(last, high_watermark - 1), remaining_records,
                            coordinator.monotonic_ms(), coordinator.lock_ms(session.group_id), aborted)
        if sp.archived_unread != archived_before:
            coordinator.mark_changed((session.group_id, topic_id, index))
            archived_any = True
        if not ranges:
            continue
        acquired_any = True
        coordinator.notify()  # new lock deadlines for `ShareCoordinator.run`
        remaining_records -= sum(r.last_offset - r.first_offset + 1 for r in ranges)
        remaining_bytes -= region.length
        answer.records = region
        answer.acquired_records = [AcquiredRecords(first_offset=r.first_offset, last_offset=r.last_offset,
                                                   delivery_count=r.delivery_count) for r in ranges]
    if not full:
        for key in [k for k, a in answers.items() if k not in acked and not _worth_sending(a)]:
            del answers[key]
    return acquired_any, archived_any


def _worth_sending(answer: PartitionData) -> bool:
    return bool(answer.error_code or answer.acknowledge_error_code or answer.acquired_records)


async def _wait(ctx, coordinator, session, names, deadline: float) -> None:
    keys = _keys(session.group_id, session)
    wake_at = deadline
    lock_deadline = coordinator.next_lock_deadline(keys)
    if lock_deadline is not None:
        wake_at = min(wake_at, lock_deadline / 1000)
    arrived = coordinator.changed
    hosted_partitions = []
    for topic_id, index in session.partitions:
        name = names.get(topic_id)
        hosted = ctx.state.partitions.get(name, index) if name is not None else None
        if hosted is not None:
            hosted_partitions.append(hosted)

    def on_data(_partition, _size) -> None:
        arrived.set()

    for hosted in hosted_partitions:
        hosted.add_listener(on_data)
    try:
        with trio.move_on_at(wake_at):
            await arrived.wait()
    finally:
        for hosted in hosted_partitions:
            hosted.remove_listener(on_data)


async def _respond(ctx, coordinator, answers, hints, group_id: str) -> ShareFetchResponse:
    code = await coordinator.flush()
    if code != errors.NONE.code:
        for answer in answers.values():
            if answer.acknowledge_error_code == errors.NONE.code:
                answer.acknowledge_error_code = code
    topics: dict = {}
    for (topic_id, _), answer in answers.items():
        topics.setdefault(topic_id, []).append(answer)
    return ShareFetchResponse(
        throttle_time_ms=0, error_code=0, error_message=None, acquisition_lock_timeout_ms=coordinator.lock_ms(group_id),
        responses=[ShareFetchableTopicResponse(topic_id=topic_id, partitions=partitions)
                   for topic_id, partitions in topics.items()],
        node_endpoints=hints.endpoints(NodeEndpoint))
