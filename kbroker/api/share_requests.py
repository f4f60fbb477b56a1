"""What the share group handlers have in common: the node's share coordinator, the share state topic made to
exist, a requested partition resolved to the partition this node leads (or Kafka's error for it), the
acknowledgement batches of one partition checked and applied to its share-partition, and the per-partition loop
of the share coordinator's RPCs."""

from __future__ import annotations

import logging
import uuid

from kbroker.api import authz
from kbroker.api.auto_create import auto_create_topics
from kbroker.api.context import RequestContext
from kbroker.metadata.topic_names import SHARE_GROUP_STATE_TOPIC
from kbroker.protocol import errors
from kbroker.share import state_rpcs
from kbroker.share.coordinator import ShareCoordinator
from kbroker.share.share_partition import AcknowledgeError, SharePartition

log = logging.getLogger(__name__)


def share_coordinator_of(ctx: RequestContext) -> ShareCoordinator:
    if ctx.state.share_coordinator is None:
        raise RuntimeError("the share coordinator exists once the broker's storage is started")
    return ctx.state.share_coordinator


async def ensure_state_topic(ctx: RequestContext) -> None:
    """Create `__share_group_state` when it does not exist yet (Kafka's share coordinator does on first use)."""
    if ctx.state.image.topic(SHARE_GROUP_STATE_TOPIC) is None:
        await auto_create_topics(ctx, [SHARE_GROUP_STATE_TOPIC])


def readable_topics(ctx: RequestContext, topic_ids) -> dict[uuid.UUID, str | None]:
    """topic id -> name for the ids the image knows (None for unknown ids)."""
    image = ctx.state.image
    return {topic_id: (t.name if (t := image.topic_by_id(topic_id)) is not None else None) for topic_id in topic_ids}


def resolve(ctx: RequestContext, topic_id: uuid.UUID, name: str | None, index: int,
            unreadable: set[str]) -> tuple[object | None, int]:
    """(the led hosted partition or None, error code) for one requested partition."""
    if name is None:
        return None, errors.UNKNOWN_TOPIC_ID.code
    if name in unreadable:
        return None, errors.TOPIC_AUTHORIZATION_FAILED.code
    if ctx.state.image.partition(name, index) is None:
        return None, errors.UNKNOWN_TOPIC_OR_PARTITION.code
    hosted = ctx.state.partitions.get(name, index)
    if hosted is None or not hosted.is_leader:
        return None, errors.NOT_LEADER_OR_FOLLOWER.code
    return hosted, errors.NONE.code


def unreadable_names(ctx: RequestContext, names) -> set[str]:
    names = {name for name in names if name is not None}
    return names - authz.allowed_names(ctx, authz.READ, authz.TOPIC, names)


def acknowledge(coordinator: ShareCoordinator, key, sp: SharePartition, member_id: str, batches,
                ) -> tuple[int, str | None]:
    """Apply one partition's acknowledgement batches in order; (NONE, None) or the first failure's
    (code, message), the batches before it applied."""
    now = coordinator.monotonic_ms()
    for batch in batches:
        try:
            sp.acknowledge(member_id, batch.first_offset, batch.last_offset, list(batch.acknowledge_types), now,
                           coordinator.lock_ms(key[0]))
        except AcknowledgeError as exc:
            log.debug("share acknowledgement of %s by member %s refused: %s", key, member_id, exc.message)
            coordinator.mark_changed(key)
            return exc.code, exc.message
    if batches:
        coordinator.mark_changed(key)
        coordinator.notify()
    return errors.NONE.code, None


def invalid_batches(batches, renew_allowed: bool) -> str | None:
    """Kafka's checks on acknowledgement batches before any is applied (INVALID_REQUEST)."""
    previous_last = None
    for batch in batches:
        if batch.last_offset < batch.first_offset:
            return "Last offset is less than first offset"
        if previous_last is not None and batch.first_offset <= previous_last:
            return "Acknowledgement batches overlap"
        previous_last = batch.last_offset
        if not batch.acknowledge_types:
            return "Acknowledge types are empty"
        if any(not 0 <= t <= 4 for t in batch.acknowledge_types):
            return f"Invalid acknowledge type in {list(batch.acknowledge_types)}"
        if not renew_allowed and 4 in batch.acknowledge_types:
            return "Renew acknowledgement is not allowed without IsRenewAck"
    return None


def first_invalid_batches(request, renew_allowed: bool) -> str | None:
    """The first partition's problem with its acknowledgement batches (INVALID_REQUEST), if any."""
    for topic in request.topics:
        for p in topic.partitions:
            problem = invalid_batches(p.acknowledgement_batches, renew_allowed)
            if problem is not None:
                return problem
    return None


async def state_rpc_outcomes(ctx: RequestContext, request, operation) -> list[tuple[uuid.UUID, list]]:
    """A share coordinator RPC's per-partition loop: (topic id, [(requested partition, Outcome)]) in request
    order; `operation(coordinator, key, partition_data)` is awaited for each partition when the requester has
    CLUSTER_ACTION on the cluster (Kafka's brokers do), else every partition is CLUSTER_AUTHORIZATION_FAILED."""
    allowed = authz.cluster_allowed(ctx, authz.CLUSTER_ACTION)
    if allowed:
        await ensure_state_topic(ctx)
    coordinator = share_coordinator_of(ctx)
    results = []
    for topic in request.topics:
        outcomes = []
        for p in topic.partitions:
            outcome = state_rpcs.Outcome(errors.CLUSTER_AUTHORIZATION_FAILED.code)
            if allowed:
                outcome = await operation(coordinator, (request.group_id, topic.topic_id, p.partition), p)
            outcomes.append((p, outcome))
        results.append((topic.topic_id, outcomes))
    return results
