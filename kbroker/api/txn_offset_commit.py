"""TxnOffsetCommit (API key 28), v0-5: offsets a transactional producer commits for a consumer group; they become
visible with the transaction's COMMIT marker and vanish with its ABORT (the group coordinator keeps them
pending, kbroker.group).

As Kafka 4.3 (KafkaApis + GroupCoordinatorService.commitTransactionalOffsets): topics the metadata does not
know get UNKNOWN_TOPIC_OR_PARTITION; an empty group id is INVALID_GROUP_ID; then the group's
`__consumer_offsets` partition must be part of the producer's open transaction (verified with the transaction
coordinator, KIP-890 part 1: TRANSACTION_ABORTABLE from v4, INVALID_TXN_STATE below, INVALID_PRODUCER_EPOCH for
a fenced producer, INVALID_PRODUCER_ID_MAPPING for an unknown one), then the group coordinator checks the
member and generation (KIP-447, v3+) and writes the offsets. v5 is transaction version 2: the offsets partition
joins the transaction implicitly (the transaction coordinator adds it, as for a Produce v12+), so a TV2 client sends
no AddOffsetsToTxn.
"""

from __future__ import annotations

import attrs

from kbroker.api import authz
from kbroker.api.context import RequestContext
from kbroker.group import coordinator_of as group_coordinator_of
from kbroker.metadata.topic_names import GROUP_METADATA_TOPIC
from kbroker.protocol import errors
from kbroker.protocol.messages.txn_offset_commit_response import (
    TxnOffsetCommitResponse,
    TxnOffsetCommitResponsePartition,
    TxnOffsetCommitResponseTopic,
)
from kbroker.txn.verification import verify_transactional_write

API_KEY = 28
MIN_VERSION = 0
MAX_VERSION = 5
FIRST_ABORTABLE_VERSION = 4
FIRST_IMPLICIT_ADD_VERSION = 5


def _answer(topics, codes) -> TxnOffsetCommitResponse:
    """`codes`: one error code per requested partition, in request order."""
    codes = iter(codes)
    return TxnOffsetCommitResponse(throttle_time_ms=0, topics=[TxnOffsetCommitResponseTopic(name=topic.name, partitions=[
        TxnOffsetCommitResponsePartition(partition_index=p.partition_index, error_code=next(codes))
        for p in topic.partitions]) for topic in topics])


async def _group_verdict(ctx: RequestContext, request) -> int:
    """The transaction coordinator's verdict on the group's offsets partition being in the transaction."""
    groups = group_coordinator_of(ctx.state)
    index = groups.partition_for(request.group_id)
    hosted = ctx.state.partitions.get(GROUP_METADATA_TOPIC, index)
    if hosted is None or hosted.leader != ctx.config.node_id:
        # Kafka's verification of a partition that does not exist fails UNKNOWN_TOPIC_OR_PARTITION, which the
        # group coordinator answers as COORDINATOR_NOT_AVAILABLE.
        if ctx.state.image.partition(GROUP_METADATA_TOPIC, index) is None:
            return errors.COORDINATOR_NOT_AVAILABLE.code
        return errors.NOT_COORDINATOR.code
    code = await verify_transactional_write(ctx, request.transactional_id, hosted, request.producer_id,
                                            request.producer_epoch,
                                            add=ctx.api_version >= FIRST_IMPLICIT_ADD_VERSION)
    if code == errors.TRANSACTION_ABORTABLE.code and ctx.api_version < FIRST_ABORTABLE_VERSION:
        code = errors.INVALID_TXN_STATE.code
    return code


async def handle(ctx: RequestContext, request) -> TxnOffsetCommitResponse:
    # Kafka: WRITE on the transactional id and READ on the group refuse every partition; READ on each topic.
    if not authz.allowed(ctx, authz.WRITE, authz.TRANSACTIONAL_ID, request.transactional_id):
        return _answer(request.topics, [errors.TRANSACTIONAL_ID_AUTHORIZATION_FAILED.code
                                        for t in request.topics for _ in t.partitions])
    if not authz.allowed(ctx, authz.READ, authz.GROUP, request.group_id):
        return _answer(request.topics, [errors.GROUP_AUTHORIZATION_FAILED.code
                                        for t in request.topics for _ in t.partitions])
    readable = authz.allowed_names(ctx, authz.READ, authz.TOPIC, [t.name for t in request.topics])
    refused = [topic for topic in request.topics if topic.name not in readable]
    if refused:
        request = attrs.evolve(request, topics=[t for t in request.topics if t.name in readable])
    image = ctx.state.image
    known = [topic for topic in request.topics if image.topic(topic.name) is not None]
    unknown_code = errors.UNKNOWN_TOPIC_OR_PARTITION.code
    if not request.group_id:
        code = errors.INVALID_GROUP_ID.code
    elif known:
        code = await _group_verdict(ctx, request)
    else:
        code = errors.NONE.code
    # Kafka lists the topics it refused before the others.
    unknown = refused + [topic for topic in request.topics if image.topic(topic.name) is None]
    unknown_codes = [errors.TOPIC_AUTHORIZATION_FAILED.code for t in refused for _ in t.partitions]
    unknown_codes += [unknown_code for t in unknown[len(refused):] for _ in t.partitions]
    if code != errors.NONE.code or not known:
        return _answer(unknown + known, unknown_codes + [code for t in known for _ in t.partitions])
    offsets = [(t.name, p.partition_index, p.committed_offset, p.committed_leader_epoch, p.committed_metadata)
               for t in known for p in t.partitions]
    groups = group_coordinator_of(ctx.state)
    results = iter(await groups.replicated_codes(request.group_id, groups.commit_transactional_offsets(
        group_id=request.group_id, producer_id=request.producer_id, producer_epoch=request.producer_epoch,
        generation_id=request.generation_id, member_id=request.member_id,
        group_instance_id=request.group_instance_id, offsets=offsets)))
    codes = list(unknown_codes)
    codes += [next(results) for topic in known for _ in topic.partitions]
    return _answer(unknown + known, codes)
