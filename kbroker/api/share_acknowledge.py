"""ShareAcknowledge (API key 79), v1-2: a share group member acknowledges records without fetching more (KIP-932;
Kafka's KafkaApis.handleShareAcknowledgeRequest).

The member's share session must exist (SHARE_SESSION_NOT_FOUND) and the epoch be the session's next one
(INVALID_SHARE_SESSION_EPOCH); epoch 0 is INVALID_REQUEST (there is nothing to acknowledge in a new session); -1
acknowledges, then closes the session and releases what the member still holds there. Each partition's batches
are applied in order (kbroker.api.share_requests.acknowledge): ACCEPT, RELEASE, REJECT, GAP and, with IsRenewAck
(v2), RENEW; a record the member does not hold is INVALID_RECORD_STATE for its partition. The new state is
written to `__share_group_state` before the answer. Per-partition errors also: TOPIC_AUTHORIZATION_FAILED,
UNKNOWN_TOPIC_ID, UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER (with the leader's endpoint).
"""

from __future__ import annotations

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
from kbroker.protocol import errors
from kbroker.protocol.messages.share_acknowledge_response import (
    LeaderIdAndEpoch,
    NodeEndpoint,
    PartitionData,
    ShareAcknowledgeResponse,
    ShareAcknowledgeTopicResponse,
)
from kbroker.share.sessions import FINAL_EPOCH, INITIAL_EPOCH, ShareSessionError
from kbroker.share.state_store import NotShareCoordinator

API_KEY = 79
MIN_VERSION = 1
MAX_VERSION = 2


def _error(code: int, message: str | None = None) -> ShareAcknowledgeResponse:
    return ShareAcknowledgeResponse(throttle_time_ms=0, error_code=code, error_message=message,
                                    acquisition_lock_timeout_ms=0, responses=[], node_endpoints=[])


async def handle(ctx: RequestContext, request) -> ShareAcknowledgeResponse:
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id or ""):
        return _error(errors.GROUP_AUTHORIZATION_FAILED.code)
    if not request.group_id or not request.member_id:
        return _error(errors.INVALID_REQUEST.code, "GroupId and MemberId must be set")
    epoch = request.share_session_epoch
    if epoch == INITIAL_EPOCH:
        return _error(errors.INVALID_REQUEST.code, "Acknowledge data present on initial epoch")
    problem = first_invalid_batches(request, request.is_renew_ack)
    if problem is not None:
        return _error(errors.INVALID_REQUEST.code, problem)
    coordinator = share_coordinator_of(ctx)
    group_id, member_id = request.group_id, request.member_id
    try:
        session = coordinator.sessions.current(group_id, member_id, epoch)
    except ShareSessionError as exc:
        return _error(exc.code, exc.message)
    await ensure_state_topic(ctx)
    names = readable_topics(ctx, {t.topic_id for t in request.topics})
    unreadable = unreadable_names(ctx, names.values())
    hints = LeaderHints(ctx.state.image, ctx.listener_name)
    coordinator.expire_locks()
    topics = []
    for topic in request.topics:
        answers = []
        for p in topic.partitions:
            hosted, code = resolve(ctx, topic.topic_id, names.get(topic.topic_id), p.partition_index, unreadable)
            leader, leader_epoch = hints.current_leader(names.get(topic.topic_id), p.partition_index, hosted)
            message = None
            if code == errors.NONE.code:
                try:
                    sp = await coordinator.share_partition(group_id, hosted)
                except NotShareCoordinator:
                    code = errors.COORDINATOR_NOT_AVAILABLE.code
                else:
                    code, message = acknowledge(coordinator, (group_id, topic.topic_id, p.partition_index), sp,
                                                member_id, p.acknowledgement_batches)
            answers.append(PartitionData(partition_index=p.partition_index, error_code=code, error_message=message,
                                         current_leader=LeaderIdAndEpoch(leader_id=leader,
                                                                         leader_epoch=leader_epoch)))
        topics.append(ShareAcknowledgeTopicResponse(topic_id=topic.topic_id, partitions=answers))
    if epoch == FINAL_EPOCH:
        coordinator.sessions.close(group_id, member_id)
        coordinator.release(group_id, member_id,
                            {(group_id, topic_id, index) for topic_id, index in session.partitions})
    else:
        session.advance()
    written = await coordinator.flush()
    if written != errors.NONE.code:
        for topic in topics:
            for answer in topic.partitions:
                if answer.error_code == errors.NONE.code:
                    answer.error_code = written
    return ShareAcknowledgeResponse(throttle_time_ms=0, error_code=0, error_message=None,
                                    acquisition_lock_timeout_ms=coordinator.lock_ms(request.group_id), responses=topics,
                                    node_endpoints=hints.endpoints(NodeEndpoint))
